// --record --explain with real GHC programs (tests/app/explain/*.hs), built
// profiled (-prof -fprof-auto) by the build where ghc-prof is installed;
// else each case says skipped. The leaks are ones whose maker and holder
// the source says: a map that only grows, a list kept in an IORef, a lazy
// accumulator; then a healthy program, one that reads its standard input,
// one that fails on its third run. The answer's fields are asserted, not
// only that it ran; nothing depends on how many censuses a run gets (run 1
// is run again, censused more often, where it had too few).
#include <gtest/gtest.h>

#include <regex>
#include <string>

#include "support/util.h"

namespace hpng {
namespace {

using namespace hpng::test;

// `file`: explain-NAME, a profiled build; plain-NAME, one without profiling.
std::string why_not_built(const std::string& file) {
#ifdef HPNG_RECORD_PROGRAMS
  std::string path = std::string(HPNG_RECORD_PROGRAMS) + "/" + file;
  return file_exists(path) ? "" : "no build of " + file + " (ghc-prof not installed, or see " + path + ".log)";
#else
  (void)file;
  return "ghc was not installed when the build was configured (apt-get install ghc ghc-prof)";
#endif
}

class Explain : public ::testing::Test {
 protected:
  void SetUp() override { dir_ = scratch_dir(); }
  // hp2ps-ng --record --explain OPTIONS -- FILE ARGS < INPUT, in the test's folder.
  CommandResult explain(const std::string& file, const std::string& args, const std::string& input = "/dev/null",
                        const std::string& options = "-o x.json") {
#ifdef HPNG_RECORD_PROGRAMS
    std::string path = std::string(HPNG_RECORD_PROGRAMS) + "/" + file;
#else
    std::string path = file;
#endif
    // An explanation is four to six runs: the guard only stops a hung test.
    return run_in(dir_, "timeout 600 " + exe() + " --record --explain " + options + " -- " + shell_quote(path) + " " +
                            args + " < " + input);
  }
  std::string json() const { return read_file(dir_ + "/x.json"); }
  static bool has(const std::string& text, const std::string& pattern) { return std::regex_search(text, std::regex(pattern)); }
  std::string dir_;
};

struct Leak {
  std::string program, args, band, maker;
};
void PrintTo(const Leak& l, std::ostream* os) { *os << l.program; }

class Leaks : public Explain, public ::testing::WithParamInterface<Leak> {};

// The answer names the band, the cost centre the source says makes it,
// first, and what holds it; each run's profile is kept and named.
TEST_P(Leaks, NameTheBandItsMakerAndItsHolder) {
  const Leak& l = GetParam();
  if (std::string why = why_not_built("explain-" + l.program); !why.empty()) GTEST_SKIP() << why;
  CommandResult r = explain("explain-" + l.program, l.args);
  ASSERT_EQ(r.status, 0) << r.err;
  std::string j = json();
  EXPECT_TRUE(has(j, "^\\{\"explain\": \\{\"band\": \"(" + l.band + ")\"")) << j.substr(0, 2000);
  EXPECT_TRUE(has(j, "\"made_by\": \\[\\s*\\{[^}]*\"cost_centre\": \"" + l.maker + "\"")) << j.substr(0, 2000);
  EXPECT_TRUE(has(j, "\"held_by\": \\[\\s*\\{\"name\": \"[^\"]+\"")) << j.substr(0, 2000);
  EXPECT_TRUE(has(j, "\"biography\": \\{\"lag\": ")) << j.substr(0, 2000);
  for (const char* breakdown : {"-hc", "-hr", "-hb"}) {
    EXPECT_TRUE(has(j, std::string("\"breakdown\": \"") + breakdown + "\"")) << breakdown << " run missing";
  }
  EXPECT_TRUE(has(r.err, "explanation  explain-" + l.program + ": `(" + l.band + ")` \\(.*is made by `" + l.maker + "`"))
      << r.err;
  EXPECT_TRUE(file_exists(dir_ + "/explain-" + l.program + ".explain-1.eventlog"));
}

// The list type is [] on GHC 9.0 and List from 9.6: the name is taken
// from run 1's own profile.
INSTANTIATE_TEST_SUITE_P(Explain, Leaks,
                         ::testing::Values(Leak{"growmap", "300000", "Map", "remember"},
                                           Leak{"reflist", "1000000", "\\[\\]|List", "logEvent"},
                                           // The thunks are Int until forced, BLACKHOLE while forced:
                                           // a run censused mostly at the end sees the second.
                                           Leak{"lazycount", "2000000", "Int|BLACKHOLE", "tally"}),
                         [](const auto& info) { return info.param.program; });

// No suspect after run 1 (however often it was censused): no leak, and no
// restricted run is made.
TEST_F(Explain, AHealthyProgramIsNoLeakAfterItsTypeRunsAlone) {
  if (std::string why = why_not_built("explain-healthy"); !why.empty()) GTEST_SKIP() << why;
  CommandResult r = explain("explain-healthy", "300");  // (app/record/steady.hs, profiled)
  ASSERT_EQ(r.status, 0) << r.err;
  std::string j = json();
  EXPECT_TRUE(has(j, "^\\{\"explain\": \\{\"band\": null")) << j.substr(0, 2000);
  EXPECT_FALSE(has(j, "\"breakdown\": \"-h[crb]\"")) << "only -hy runs";
  EXPECT_NE(r.err.find("no leak found"), std::string::npos) << r.err;
}

// Every run reads the same standard input, spooled once.
TEST_F(Explain, EveryRunGetsTheSameStandardInput) {
  if (std::string why = why_not_built("explain-readlines"); !why.empty()) GTEST_SKIP() << why;
  std::string lines;
  for (int i = 0; i < 100000; ++i) lines += "line " + std::to_string(i) + "\n";
  write_file(dir_ + "/in.txt", lines);
  CommandResult r = explain("explain-readlines", "", "in.txt");
  ASSERT_EQ(r.status, 0) << r.err;
  size_t runs = 0;
  for (size_t at = r.out.find("(100000,"); at != std::string::npos; at = r.out.find("(100000,", at + 1)) ++runs;
  EXPECT_GE(runs, 2u) << "each run read all 100,000 lines: " << r.err;
  EXPECT_EQ(r.out.find("no input"), std::string::npos) << r.out;
  // The lines' characters are made by `lines`, under main's binding `ls`.
  EXPECT_TRUE(has(json(), "\"made_by\": \\[\\s*\\{[^}]*\"cost_centre\": \"main.ls\"")) << json().substr(0, 2000);
}

// A run that fails ends the explanation with what was found, said; the
// program's failure is its exit status (4).
TEST_F(Explain, ARunThatFailsEndsTheExplanationWithWhatWasFound) {
  if (std::string why = why_not_built("explain-thirdfails"); !why.empty()) GTEST_SKIP() << why;
  write_file(dir_ + "/counter", "");
  write_file(dir_ + "/counter", "run\n");  // one "earlier run": run 2 of the explanation is its third
  CommandResult r = explain("explain-thirdfails", "counter 300000", "/dev/null", "--every 0.005 -o x.json");
  std::string j = json();
  EXPECT_TRUE(has(j, "\"said\": \"explain-thirdfails exited with status 2\"")) << j.substr(0, 3000);
  EXPECT_TRUE(has(r.err, "run \\(.*\\): explain-thirdfails exited with status 2")) << r.err;
  EXPECT_NE(r.err.find("explanation  explain-thirdfails"), std::string::npos) << r.err;
}

// A build without -prof (and, on GHC 9.0, without -hi): the closure type
// that leaks, from -hT alone, and how to rebuild for who makes and holds it.
TEST_F(Explain, APlainBuildNamesTheClosureTypeAndHowToRebuild) {
  if (std::string why = why_not_built("plain-growmap"); !why.empty()) GTEST_SKIP() << why;
  CommandResult r = explain("plain-growmap", "300000");
  ASSERT_EQ(r.status, 0) << r.err;
  std::string j = json();
  EXPECT_TRUE(has(j, "^\\{\"explain\": \\{\"band\": \"[^\"]*Data.Map.Internal.Bin\"")) << j.substr(0, 2000);
  EXPECT_TRUE(has(j, "\"made_by\": \\[\\],\\s*\"held_by\": \\[\\]")) << j.substr(0, 2000);
  EXPECT_FALSE(has(j, "\"breakdown\": \"-h[yrcb]\"")) << "no profiled run: " << j.substr(0, 2000);
  EXPECT_TRUE(has(j, "\"note\": \"a build without profiling names closure types only: a profiled build, ghc -prof "))
      << j.substr(0, 3000);
  EXPECT_TRUE(has(r.err, "is made by code a build without profiling cannot name")) << r.err;
}

// ^C (here SIGINT, once run 2's profile is there) ends the explanation,
// not hp2ps-ng: what the runs before found is answered and drawn, the
// stopped run said, and the stop is no failure.
TEST_F(Explain, AStopEndsTheExplanationWithWhatWasFound) {
  if (std::string why = why_not_built("explain-lazycount"); !why.empty()) GTEST_SKIP() << why;
  std::string path = std::string(HPNG_RECORD_PROGRAMS) + "/explain-lazycount";
  std::string script = exe() + " --record --explain -o x.json -- " + shell_quote(path) + " 2000000 < /dev/null & p=$!; "
                       "while [ ! -e explain-lazycount.explain-2.eventlog ] && kill -0 $p 2>/dev/null; do sleep 0.05; done; "
                       "kill -INT $p; wait $p";
  CommandResult r = run_in(dir_, "timeout 600 sh -c " + shell_quote(script));
  EXPECT_EQ(r.status, 0) << r.err;
  std::string j = json();
  EXPECT_TRUE(has(j, "\"said\": \"stopped by SIGINT\"\\}\\],")) << "the last run: " << j.substr(0, 3000);
  EXPECT_TRUE(has(j, "\"note\": \"stopped before the runs were done")) << j.substr(0, 3000);
  EXPECT_NE(r.err.find("explanation  explain-lazycount"), std::string::npos) << r.err;
}

// A -finfo-table-map build without -prof (GHC 9.2 on): -hi runs name the
// leaking closures where they are made (on GHC 9.6.6, the events built in
// main, reflist.hs:18:39). Skipped where the machine's GHC is older.
TEST_F(Explain, AnInfoTableMapBuildSaysWhereTheLeakIsMade) {
  if (std::string why = why_not_built("ipe-reflist"); !why.empty()) GTEST_SKIP() << why << " (GHC 9.2 or later)";
  CommandResult r = explain("ipe-reflist", "1000000");
  ASSERT_EQ(r.status, 0) << r.err;
  std::string j = json();
  EXPECT_TRUE(has(j, "\"breakdown\": \"-hi\"")) << j.substr(0, 2000);
  EXPECT_FALSE(has(j, "\"breakdown\": \"-h[yrcb]\"")) << "no profiled run";
  EXPECT_TRUE(has(j, "\"made_by\": \\[\\s*\\{[^}]*\"src_loc\": \"[^\"]*reflist.hs:")) << j.substr(0, 3000);
  EXPECT_TRUE(has(j, "\"note\": \"-finfo-table-map named where each closure is made")) << j.substr(0, 3000);
}

TEST_F(Explain, ATerminalStandardInputIsRefusedWithTheReason) {
  CommandResult r = run_in(dir_, "script -qec " + shell_quote(exe() + " --record --explain -- true") + " /dev/null");
  if (r.status == 127) GTEST_SKIP() << "script(1) not installed";
  EXPECT_NE(r.out.find("a terminal cannot be read again"), std::string::npos) << "the pty carries stdout and stderr: " << r.out;
}

}  // namespace
}  // namespace hpng
