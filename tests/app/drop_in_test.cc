// hp2ps-ng in a build pipeline: outputs to any path (never destroying a
// device, FIFO or socket), the .aux beside the output, -p that changes
// nothing when nothing changed, strict option values with messages that
// say what to write, inputs that are plainly not profiles, and the binary
// answering to the name hp2ps.
#include <gtest/gtest.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <regex>
#include <sstream>
#include <thread>

#include "support/today.h"
#include "support/util.h"

namespace hpng {
namespace {

using namespace hpng::test;

std::string manpage() { return read_file(std::string(HPNG_CASES) + "/manpage-example.hp"); }

std::string dir_with(const std::string& name, const std::string& bytes) {
  std::string dir = scratch_dir();
  write_file(dir + "/" + name, bytes);
  return dir;
}

bool is_root() { return ::geteuid() == 0; }

// --- Never an input overwritten ---------------------------------------------

// Each way of naming an input as an output: the run is refused (exit 1,
// naming both) before anything is written, and every input is unchanged.
struct Alias {
  std::string name;
  std::string setup;    // shell commands in the folder, which holds a.hp and b.hp
  std::string command;  // "NG" is the executable; run in the folder
};

std::ostream& operator<<(std::ostream& os, const Alias& a) { return os << a.command; }

class NeverOverwritesAnInput : public ::testing::TestWithParam<Alias> {};

TEST_P(NeverOverwritesAnInput, RefusedBeforeAnythingIsWritten) {
  const Alias& a = GetParam();
  std::string dir = dir_with("a.hp", manpage());
  std::string b = manpage() + "MARK 0.5\n";
  write_file(dir + "/b.hp", b);
  // log.eventlog: a real -hi log, with IPE records for --ipe.
  write_file(dir + "/log.eventlog", read_file(today_root() + "/ghc-9.6.6/short/short.hi.eventlog"));
  ASSERT_EQ(run_in(dir, "mkdir sub && " + (a.setup.empty() ? ":" : a.setup)).status, 0);
  std::vector<std::string> before = list_dir(dir);
  std::string log = read_file(dir + "/log.eventlog");
  std::string command = a.command;
  for (size_t at; (at = command.find("NG")) != std::string::npos;) command.replace(at, 2, exe());
  for (size_t at; (at = command.find("DIR")) != std::string::npos;) command.replace(at, 3, dir);
  CommandResult r = run_in(dir, hang_guard() + "sh -c " + shell_quote(command));
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(r.err.find("refusing to overwrite it"), std::string::npos) << r.err;
  EXPECT_EQ(read_file(dir + "/a.hp"), manpage());
  EXPECT_EQ(read_file(dir + "/b.hp"), b);
  EXPECT_EQ(read_file(dir + "/log.eventlog"), log);
  EXPECT_EQ(list_dir(dir), before) << "nothing written";
}

INSTANTIATE_TEST_SUITE_P(
    Cases, NeverOverwritesAnInput,
    ::testing::Values(
        Alias{"dot_slash", "", "NG -o ./a.hp a.hp --format ps"},
        Alias{"dot_dot", "", "cd sub && NG -o ../a.hp ../a.hp --format ps"},
        Alias{"dot_dot_other_spelling", "", "cd sub && NG -o ../sub/../a.hp DIR/a.hp --format ps"},
        Alias{"absolute", "", "NG -o DIR/a.hp a.hp --format ps"},
        Alias{"link_to_the_input", "ln -s a.hp sym.svg", "NG -o sym.svg a.hp"},
        Alias{"hard_link", "ln a.hp hard.svg", "NG -o hard.svg a.hp"},
        Alias{"aux_is_the_input", "", "NG --aux ./a.hp -o x.svg a.hp"},
        Alias{"compare_output", "", "NG --compare a.hp b.hp -o ./a.hp --format ps"},
        Alias{"diff_output", "", "NG --diff a.hp b.hp --format svg -o ./b.hp"},
        Alias{"default_output_of_a_ps", "cp a.hp prof.ps", "NG ./prof.ps"},
        Alias{"default_aux_of_an_aux", "cp a.hp prof.aux", "NG prof.aux"},
        Alias{"no_extension", "cp a.hp prof", "NG -o ./prof prof"},
        Alias{"stdin_from_the_output", "", "NG -o a.hp --format ps < a.hp"},
        Alias{"stdout_appended_to_the_input", "", "NG -o - --format json a.hp >> a.hp"},
        Alias{"aux_is_the_picture", "", "NG --aux ./x.svg -o x.svg a.hp"},
        // --ipe's eventlog is an input too, by every route.
        Alias{"ipe_log_is_the_output", "", "NG --ipe log.eventlog -o ./log.eventlog --format json a.hp"},
        Alias{"ipe_log_is_the_aux", "", "NG --ipe log.eventlog --aux ./log.eventlog -o x.svg a.hp"},
        Alias{"ipe_log_is_the_records", "cp log.eventlog x.ipe.csv", "NG --ipe x.ipe.csv -o x.csv a.hp"},
        Alias{"ipe_log_behind_a_link", "ln -s log.eventlog sym.svg", "NG --ipe log.eventlog -o sym.svg a.hp"},
        Alias{"ipe_log_is_the_compare_output", "", "NG --compare a.hp b.hp --ipe log.eventlog -o ./log.eventlog --format ps"},
        Alias{"ipe_log_is_the_diff_output", "", "NG --diff a.hp b.hp --ipe log.eventlog --format svg -o ./log.eventlog"},
        Alias{"ipe_log_is_the_watch_output", "", "NG --watch=0.1 --ipe log.eventlog -o ./log.eventlog --format svg a.hp"}),
    [](const auto& info) { return info.param.name; });

// --- Outputs ----------------------------------------------------------------

TEST(Outputs, CharacterDeviceIsWrittenNotReplaced) {
  if (!is_root()) GTEST_SKIP() << "mknod needs root";
  std::string dir = dir_with("prof.hp", manpage());
  ASSERT_EQ(run_in(dir, "mknod null c 1 3 && mknod full c 1 7").status, 0);
  CommandResult r = run_in(dir, exe() + " -c -o null prof.hp");
  EXPECT_EQ(r.status, 0) << r.err;
  struct stat st;
  ASSERT_EQ(::stat((dir + "/null").c_str(), &st), 0);
  EXPECT_TRUE(S_ISCHR(st.st_mode)) << "the device was replaced";
  r = run_in(dir, exe() + " -c -o full prof.hp");  // /dev/full: every write fails
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("full: cannot write: No space left on device"), std::string::npos) << r.err;
  ASSERT_EQ(::stat((dir + "/full").c_str(), &st), 0);
  EXPECT_TRUE(S_ISCHR(st.st_mode));
  EXPECT_EQ(list_dir(dir), (std::vector<std::string>{"full", "null", "prof.hp"}));  // no .aux, no temporaries
}

TEST(Outputs, FifoGetsTheWholeOutput) {
  std::string dir = dir_with("prof.hp", manpage());
  // The reader waited for, not given a time: a loaded machine may take any.
  CommandResult r = run_in(dir, "mkfifo pipe || exit 1; cat pipe > got & reader=$!; " + exe() +
                                    " -c -o pipe prof.hp || exit 1; wait $reader; " + exe() +
                                    " -c -o want.ps prof.hp && cmp got want.ps");
  EXPECT_EQ(r.status, 0) << r.err;
  struct stat st;
  ASSERT_EQ(::stat((dir + "/pipe").c_str(), &st), 0);
  EXPECT_TRUE(S_ISFIFO(st.st_mode));
}

TEST(Outputs, DescriptorPathsAreTheShellsDescriptors) {
  std::string dir = dir_with("prof.hp", manpage());
  ASSERT_EQ(run_in(dir, exe() + " -c -o want.ps prof.hp").status, 0);
  std::string want = read_file(dir + "/want.ps");
  EXPECT_EQ(run_in(dir, exe() + " -c -o /dev/stdout prof.hp > a.ps").status, 0);
  EXPECT_EQ(read_file(dir + "/a.ps"), want);
  write_file(dir + "/log", "before\n");  // appended to, as the shell opened it
  EXPECT_EQ(run_in(dir, exe() + " -c -o /dev/stdout prof.hp >> log").status, 0);
  EXPECT_EQ(read_file(dir + "/log"), "before\n" + want);
  // bash waits for a process substitution's end (wait $!), however long.
  CommandResult r = run_in(dir, "bash -c '" + exe() + " -c -o >(gzip > b.ps.gz) prof.hp; wait $!; gzip -dc b.ps.gz > b.ps'");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(read_file(dir + "/b.ps"), want);
  EXPECT_EQ(run_in(dir, exe() + " -c -o /dev/fd/3 prof.hp 3> c.ps").status, 0);
  EXPECT_EQ(read_file(dir + "/c.ps"), want);
  EXPECT_TRUE(file_exists(dir + "/log"));
}

TEST(Outputs, UnixSocketIsConnectedTo) {
  std::string dir = dir_with("prof.hp", manpage());
  std::string path = dir + "/sock";
  int server = ::socket(AF_UNIX, SOCK_STREAM, 0);
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  ASSERT_LT(path.size(), sizeof addr.sun_path);
  std::copy(path.begin(), path.end(), addr.sun_path);
  ASSERT_EQ(::bind(server, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
  ASSERT_EQ(::listen(server, 1), 0);
  std::string got;
  std::thread reader([&] {
    int c = ::accept(server, nullptr, nullptr);
    char buf[4096];
    for (ssize_t n; (n = ::read(c, buf, sizeof buf)) > 0;) got.append(buf, static_cast<size_t>(n));
    ::close(c);
  });
  CommandResult r = run_in(dir, exe() + " -c --format ps -o sock prof.hp");
  reader.join();
  ::close(server);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(got.rfind("%!PS", 0), 0u);
}

TEST(Outputs, SymlinkStaysALinkAndModeIsKept) {
  std::string dir = dir_with("prof.hp", manpage());
  ASSERT_EQ(run_in(dir, "mkdir real && echo old > real/out.svg && chmod 640 real/out.svg && ln -s real/out.svg link.svg").status, 0);
  CommandResult r = run_in(dir, exe() + " -c -o link.svg prof.hp");
  ASSERT_EQ(r.status, 0) << r.err;
  struct stat st;
  ASSERT_EQ(::lstat((dir + "/link.svg").c_str(), &st), 0);
  EXPECT_TRUE(S_ISLNK(st.st_mode));
  EXPECT_NE(read_file(dir + "/real/out.svg").find("<svg"), std::string::npos);
  ASSERT_EQ(::stat((dir + "/real/out.svg").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0640u);
}

// --- The .aux ---------------------------------------------------------------

TEST(AuxPlacement, BesideTheOutputAndOnlyForCharts) {
  std::string dir = dir_with("prof.hp", manpage());
  ASSERT_EQ(run_in(dir, "mkdir out && " + exe() + " -c -o out/chart.svg prof.hp").status, 0);
  EXPECT_EQ(list_dir(dir + "/out"), (std::vector<std::string>{"chart.aux", "chart.svg"}));
  ASSERT_EQ(run_in(dir, exe() + " --format json -o out/m.json prof.hp && " + exe() + " -o out/m.csv prof.hp").status, 0);
  EXPECT_FALSE(file_exists(dir + "/out/m.aux"));
  EXPECT_EQ(list_dir(dir), (std::vector<std::string>{"out", "prof.hp"}));  // nothing in the current folder
  ASSERT_EQ(run_in(dir, exe() + " --aux my.aux --format json -o - prof.hp > /dev/null").status, 0);
  EXPECT_TRUE(file_exists(dir + "/my.aux"));
  ASSERT_EQ(run_in(dir, exe() + " --no-aux prof.hp").status, 0);
  EXPECT_FALSE(file_exists(dir + "/prof.aux"));
  EXPECT_TRUE(file_exists(dir + "/prof.ps"));
  ASSERT_EQ(run_in(dir, exe() + " prof.hp").status, 0);  // as hp2ps
  EXPECT_TRUE(file_exists(dir + "/prof.aux"));
  EXPECT_EQ(run_in(dir, exe() + " -o - prof.hp > /dev/null && " + exe() + " -o /dev/null prof.hp").status, 0);
  EXPECT_EQ(list_dir(dir), (std::vector<std::string>{"my.aux", "out", "prof.aux", "prof.hp", "prof.ps"}));
}

TEST(AuxPlacement, EventlogAndHpOfOneRunKeepTheirOwnFiles) {
  std::string dir = dir_with("prog.hp", read_file(std::string(HPNG_CASES) + "/../eventlog-small/leak-hc.hp"));
  write_file(dir + "/prog.eventlog", read_file(std::string(HPNG_CASES) + "/../eventlog-small/leak-hc.eventlog"));
  ASSERT_EQ(run_in(dir, exe() + " -c prog.hp && " + exe() + " -c prog.eventlog").status, 0);
  EXPECT_EQ(list_dir(dir), (std::vector<std::string>{"prog.aux", "prog.eventlog", "prog.eventlog.aux",
                                                     "prog.eventlog.ps", "prog.hp", "prog.ps"}));
  CommandResult r = run_in(dir, exe() + " -pc prog.eventlog");
  EXPECT_EQ(r.status, 0) << r.err;
}

// Only the .aux fails: with -o (the user chose where the picture goes) a
// warning; as hp2ps was called (no -o) an error, as hp2ps had it.
TEST(AuxPlacement, UnwritableAuxWarnsWhenTheOutputWasChosen) {
  std::string dir = dir_with("prof.hp", manpage());
  ASSERT_EQ(run_in(dir, "mkdir x.aux prof.aux").status, 0);  // directories in the way
  CommandResult r = run_in(dir, exe() + " -c -o x.svg prof.hp");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("warning: x.aux: cannot replace"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("the output was written, the .aux was not"), std::string::npos) << r.err;
  EXPECT_TRUE(file_exists(dir + "/x.svg"));
  r = run_in(dir, exe() + " -c prof.hp");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("error: prof.aux: cannot replace"), std::string::npos) << r.err;
}

// Reading an .aux and writing it again gives the same bytes: colours,
// ranges and order do not drift however often -p runs.
// -p reads back what it wrote: a run that changes nothing is a fixed point,
// so ten runs show what a hundred would (one run less under sanitizers).
TEST(AuxPlacement, TenRunsOfPcChangeNothing) {
  std::string dir = dir_with("prof.hp", manpage());
  ASSERT_EQ(run_in(dir, exe() + " -c prof.hp").status, 0);
  std::string first = read_file(dir + "/prof.aux");
  ASSERT_NE(first.find("SHADE main 0.00100001"), std::string::npos) << first;
  CommandResult r = run_in(dir, "cp prof.aux first.aux && for i in $(seq 10); do " + exe() +
                                    " -pc prof.hp && cmp prof.aux first.aux || { echo run $i; exit 1; }; done");
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_EQ(read_file(dir + "/prof.aux"), first);
}

// --- Options ----------------------------------------------------------------

struct BadOption {
  const char* args;
  const char* message;
};

TEST(StrictOptions, MalformedValuesAreUsageErrorsThatSayWhatToWrite) {
  const BadOption cases[] = {
      {"-mabc", "-m takes a whole number attached, e.g. -m10 (-m0: no limit) (got '-mabc')"},
      {"-m3x", "(got '-m3x')"},
      {"-m", "-m takes a whole number attached"},
      {"-m 10", "its value goes in the same argument: write -m10, not -m 10"},
      {"-m-3", "-m takes a band limit of 0 or more (got '-m-3')"},
      {"-tx", "-t takes a percentage from 0 to 5 attached, e.g. -t0.5 (got '-tx')"},
      {"-t0.5%", "(got '-t0.5%')"},
      {"-t6", "-t6: the trace percentage must be from 0 to 5"},
      {"-e6cm", "-e6cm: unknown unit 'cm' (use in, mm or pt, e.g. -e6in)"},
      {"-e2in", "-e2in: the width must be more than 2 inches (144pt) and at most 200 inches (14400pt); 2in is 144pt"},
      {"-e 6in", "write -e6in, not -e 6in"},
      {"-ix", "-i takes nothing, + or -"},
      {"--max-bands -3", "--max-bands takes a whole number of bands, 0 or more (got -3)"},
      {"--trace 9", "--trace takes a percentage from 0 to 5 (got 9)"},
      {"--dpi 0", "--dpi takes a resolution from 1 to 2400 (got 0)"},
      {"--format gif", "--format: 'gif' is not a format hp2ps-ng writes (ps, eps, pdf, svg, png, json, csv, txt, text, html, md, markdown)"},
      {"--format svgg", "'svgg' is not a format hp2ps-ng writes (ps, eps, pdf, svg, png, json, csv, txt, text, html, md, markdown): did you mean svg?"},
      {"--max-peek 5", "unknown option --max-peek: did you mean --max-peak? (see --help)"},
      {"--colur", "unknown option --colur: did you mean --colour? (see --help)"},
      {"-o x.jpg", "-o x.jpg: hp2ps-ng writes .ps, .eps, .pdf, .svg, .png, .json, .csv, .txt, .html and .md files, not .jpg"},
      {"-o x.svgz", "not .svgz (give --format to write that name anyway)"},
      {"--no-aux -p", "--no-aux goes with neither --aux nor -p"},
      {"--aux=", "--aux= gives an empty value: write --aux=FILE or --aux FILE"},
      {"-o ''", "--output takes a FILE, not an empty value"},
  };
  for (const BadOption& c : cases) {
    SCOPED_TRACE(c.args);
    std::string dir = dir_with("prof.hp", manpage());
    CommandResult r = run_in(dir, exe() + " " + c.args + " prof.hp");
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;
    EXPECT_EQ(list_dir(dir), (std::vector<std::string>{"prof.hp"}));
  }
}

// hp2ps's spellings do what hp2ps does: the bands drawn and their order
// (the .aux's ORDER lines, bottom first), or the page's size.
struct Spelling {
  std::string args;
  std::string profile;  // "bands": 25 bands, sizes unlike their names; "trace": a big band, two of 0.4 and 0.3 %
  std::string effect;   // the ORDER names, or the %%BoundingBox
};

std::ostream& operator<<(std::ostream& os, const Spelling& s) { return os << s.args; }

std::string spelling_profile(const std::string& which) {
  std::string s = "JOB \"j\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\nBEGIN_SAMPLE 0.0\nEND_SAMPLE 0.0\n";
  if (which == "trace") return s + "BEGIN_SAMPLE 1.0\nalpha 1000\nbeta 4\ngamma 3\nEND_SAMPLE 1.0\nBEGIN_SAMPLE 2.0\nEND_SAMPLE 2.0\n";
  for (const char* t : {"1.0", "2.0"}) {
    s += std::string("BEGIN_SAMPLE ") + t + "\n";
    for (int i = 1; i <= 25; ++i) s += "b" + std::string(i < 10 ? "0" : "") + std::to_string(i) + " " + std::to_string(100 + i * 7 % 25) + "\n";
    s += std::string("END_SAMPLE ") + t + "\n";
  }
  return s + "BEGIN_SAMPLE 3.0\nEND_SAMPLE 3.0\n";
}

std::string effect(const std::string& dir) {
  std::string aux = read_file(dir + "/prof.aux"), out;
  for (size_t at = aux.find("ORDER "); at != std::string::npos; at = aux.find("ORDER ", at + 1)) {
    out += (out.empty() ? "" : " ") + aux.substr(at + 6, aux.find(' ', at + 6) - at - 6);
  }
  std::string ps = read_file(dir + "/prof.ps");
  size_t box = ps.find("%%BoundingBox: ");
  return out + " | " + ps.substr(box + 15, ps.find('\n', box) - box - 15);
}

class Hp2psSpelling : public ::testing::TestWithParam<Spelling> {};

TEST_P(Hp2psSpelling, DoesWhatHp2psDoes) {
  const Spelling& s = GetParam();
  std::string dir = dir_with("prof.hp", spelling_profile(s.profile));
  CommandResult r = run_in(dir, exe() + " " + s.args + " prof.hp");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(effect(dir), s.effect);
}

const std::string kBySize = "b08 b01 b19 b12 b05 b23 b16 b09 b02 b20 b13 b06 b24 b17 b10 b03 b21 b14 b07";
const std::string kLandscape = " | 71 107 505 757";  // hp2ps's landscape page

INSTANTIATE_TEST_SUITE_P(
    Cases, Hp2psSpelling,
    ::testing::Values(
        Spelling{"", "bands", "OTHER " + kBySize + kLandscape},
        Spelling{"-i", "bands", "OTHER b07 b08 b09 b10 b11 b12 b13 b14 b15 b16 b17 b18 b19 b20 b21 b22 b23 b24 b25" + kLandscape},
        Spelling{"-i+", "bands", "OTHER b07 b08 b09 b10 b11 b12 b13 b14 b15 b16 b17 b18 b19 b20 b21 b22 b23 b24 b25" + kLandscape},
        Spelling{"-i-", "bands", "OTHER b19 b18 b17 b16 b15 b14 b13 b12 b11 b10 b09 b08 b07 b06 b05 b04 b03 b02 b01" + kLandscape},
        Spelling{"-m3", "bands", "OTHER b14 b07" + kLandscape},
        Spelling{"-m0", "bands", "b25 b18 b11 b04 b22 b15 " + kBySize + kLandscape},
        Spelling{"-l", "bands", "b25 b18 b11 b04 b22 b15 " + kBySize + kLandscape},
        Spelling{"-m25", "bands", "b25 b18 b11 b04 b22 b15 " + kBySize + kLandscape},
        Spelling{"-t", "trace", "gamma beta alpha" + kLandscape},
        Spelling{"-t0", "trace", "gamma beta alpha" + kLandscape},
        Spelling{"-t.5", "trace", "beta alpha" + kLandscape},
        Spelling{"-t5", "trace", "alpha" + kLandscape},
        Spelling{"", "trace", "alpha" + kLandscape},
        Spelling{"-e6in", "trace", "alpha | 0 0 432 288"},
        Spelling{"-e150mm", "trace", "alpha | 0 0 425 283"},
        Spelling{"-e400pt", "trace", "alpha | 0 0 400 267"},
        Spelling{"-e400", "trace", "alpha | 0 0 400 267"},
        Spelling{"-g", "trace", "alpha | 71 107 595 541"},  // unrotated, scaled to the portrait page
        Spelling{"-cb", "trace", "alpha" + kLandscape},
        Spelling{"-", "trace", "alpha" + kLandscape}),
    [](const auto& info) {
      std::string name = info.param.args.empty() ? "none" : "";
      for (char c : info.param.args) name += c == '-' ? "minus" : c == '+' ? "plus" : c == '.' ? "dot" : std::string(1, c);
      return identifier(name + "_" + info.param.profile);
    });

// -l is -m0 as the GHC manual documents it: no band limit and no key.
// A real profile of 102 bands and 297 samples (tests/data/many-bands):
// hp2ps keeps 84 after trace elimination and draws them all, in a 1.4 MB
// PostScript; the drop-in draws the same bands in the same order, in
// PostScript and EPS, and puts none in OTHER (it drew 69, the rest in OTHER,
// when it kept every vector file under 1 MB).
TEST(ManyBands, PostScriptDrawsHp2psBandsWhateverItsSize) {
  if (!have_tool("xz")) GTEST_SKIP() << "xz not installed";
  std::string data = std::string(HPNG_CASES) + "/../many-bands/";
  std::string dir = scratch_dir();
  ASSERT_EQ(std::system(("xz -dc " + data + "many.hc.hp.xz > " + dir + "/many.hc.hp").c_str()), 0);
  auto orders = [](const std::string& aux) {
    std::string out;
    std::istringstream in(aux);
    for (std::string line; std::getline(in, line);) {
      if (line.starts_with("ORDER ")) out += line + "\n";
    }
    return out;
  };
  struct Case {
    const char *flags, *aux;
  } cases[] = {{"", "default"}, {"-m0", "m0"}, {"-c -m0", "m0"}, {"-m0 -e8in", "m0"}};
  for (const Case& c : cases) {
    SCOPED_TRACE(c.flags);
    CommandResult r = run_in(dir, exe() + " " + c.flags + " many.hc");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.err.find("OTHER"), std::string::npos) << r.err;
    EXPECT_EQ(orders(read_file(dir + "/many.hc.aux")), orders(read_file(data + "many.hc." + c.aux + ".aux")));
  }
}

TEST(StrictOptions, LIsNoLimitAndNoKey) {
  std::string dir = dir_with("prof.hp", spelling_profile("bands"));
  ASSERT_EQ(run_in(dir, exe() + " -l -o l.ps prof.hp && " + exe() + " --max-bands=0 -o m.ps prof.hp").status, 0);
  EXPECT_EQ(read_file(dir + "/l.ps"), read_file(dir + "/m.ps"));
}

// The .aux records the scales drawn, so that a later -p draws alike.
// Ranges of any size are written whole, and -p reads back what was
// written: --y-max 1e60 (61 digits) overflowed a fixed buffer, the line lost
// its newline, and the next -p failed; so did a 61-digit value in a .hp.
TEST(AuxPlacement, HugeRangesAreWrittenWholeAndReadBack) {
  std::string digits61 = "1" + std::string(60, '0');
  std::string dir = dir_with("big.hp", "JOB \"j\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n"
                                       "BEGIN_SAMPLE 0.0\nEND_SAMPLE 0.0\nBEGIN_SAMPLE 1.0\na " + digits61 +
                                       "\nEND_SAMPLE 1.0\nBEGIN_SAMPLE 2.0\nEND_SAMPLE 2.0\n");
  write_file(dir + "/prof.hp", manpage());
  for (const char* run : {"--y-max 1e60 --x-max 1e60 -o prof.svg prof.hp", "-o big.svg big.hp"}) {
    SCOPED_TRACE(run);
    ASSERT_EQ(run_in(dir, exe() + " " + run).status, 0);
    std::string aux = read_file(dir + (std::string(run).find("big") != std::string::npos ? "/big.aux" : "/prof.aux"));
    EXPECT_TRUE(std::regex_search(aux, std::regex("^X_RANGE [0-9]+\\.[0-9]{2}\nY_RANGE [0-9]{60,61}\\.[0-9]{2}\nORDER ")))
        << aux;
    CommandResult again = run_in(dir, exe() + " -p " + run);
    EXPECT_EQ(again.status, 0) << again.err;
  }
}

TEST(AuxPlacement, AuxRecordsTheScalesDrawn) {
  std::string dir = dir_with("prof.hp", spelling_profile("trace"));
  ASSERT_EQ(run_in(dir, exe() + " --x-max 100 --y-max 1e6 -o a.ps prof.hp").status, 0);
  std::string aux = read_file(dir + "/a.aux");
  EXPECT_EQ(aux.substr(0, aux.find("ORDER")), "X_RANGE 100.00\nY_RANGE 1000000.00\n");
  ASSERT_EQ(run_in(dir, "cp a.aux b.aux && " + exe() + " -p -o b.ps prof.hp").status, 0);
  std::string a = read_file(dir + "/a.ps"), b = read_file(dir + "/b.ps");
  EXPECT_EQ(a.substr(a.find("%%EndComments")), b.substr(b.find("%%EndComments")));  // the same picture
}

TEST(StrictOptions, ExtensionsAnyCaseAndFormatThatDisagrees) {
  std::string dir = dir_with("prof.hp", manpage());
  ASSERT_EQ(run_in(dir, exe() + " -o x.PNG prof.hp && " + exe() + " -o y.Svg prof.hp").status, 0);
  EXPECT_EQ(read_file(dir + "/x.PNG").substr(1, 3), "PNG");
  EXPECT_NE(read_file(dir + "/y.Svg").find("<svg"), std::string::npos);
  CommandResult r = run_in(dir, exe() + " --format png -o z.svg prof.hp");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.err.find("warning: z.svg: writing PNG although the name says SVG (--format decides)"), std::string::npos) << r.err;
  EXPECT_EQ(read_file(dir + "/z.svg").substr(1, 3), "PNG");
  EXPECT_EQ(run_in(dir, exe() + " --format svg -o w.svgz prof.hp").status, 0);
  EXPECT_EQ(run_in(dir, exe() + " -o noext prof.hp").status, 0);
  EXPECT_EQ(read_file(dir + "/noext").substr(0, 4), "%!PS");
}

// --- Messages -----------------------------------------------------------------

TEST(Messages, InputsThatAreNotProfilesSaySo) {
  const std::pair<std::string, std::string> cases[] = {
      {"module Main where\nimport Data.List\nmain :: IO ()\nmain = print 1\n", "this is Haskell source code"},
      {"%PDF-1.5\n%\xe2\xe3\xcf\xd3\n", "this is a PDF document"},
      {"\tSun Nov 22 10:19 2026 Time and Allocation Profiling Report  (Final)\n", "this is a GHC time profile"},
      {"BZh91AY&SY\x01\x02", "this is bzip2-compressed (decompress it first: bunzip2"},
      {"X_RANGE 2.82\nY_RANGE 348.00\n", "this is an hp2ps .aux file"},
      {"<!DOCTYPE html>\n<html></html>\n", "this is an HTML page"},
  };
  for (const auto& [bytes, message] : cases) {
    std::string dir = dir_with("input.hs", bytes);
    CommandResult r = run_in(dir, exe() + " input.hs");
    EXPECT_EQ(r.status, 1);
    EXPECT_NE(r.err.find("error: input.hs: " + message), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("hp2ps-ng reads .hp heap profiles (+RTS -hT, -hc, -hy, ...) and GHC eventlogs (+RTS -l)"),
              std::string::npos);
  }
  std::string dir = dir_with("prog.eventlog", read_file(std::string(HPNG_CASES) + "/../eventlog-small/leak-hc.eventlog"));
  CommandResult r = run_in(dir, exe() + " --input-format hp prog.eventlog");
  EXPECT_NE(r.err.find("prog.eventlog: this is a GHC eventlog, not a .hp file (leave out --input-format hp)"),
            std::string::npos) << r.err;
}

// Text that is no profile (a passwd file, notes) is named for what it is,
// not met with the parser's words; a .hp whose header is damaged is not.
TEST(Messages, TextThatIsNotAProfileSaysWhatAProfileStartsWith) {
  for (const char* text : {"root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1::/usr/sbin\n", "hello world\n", "  notes 1\n"}) {
    std::string dir = dir_with("input", text);
    CommandResult r = run_in(dir, exe() + " input");
    EXPECT_EQ(r.status, 1);
    EXPECT_NE(r.err.find("error: input: this is a text file, not a heap profile: a .hp starts with a JOB \"program\" line"),
              std::string::npos) << r.err;
  }
  std::string dir = dir_with("d.hp", "DATE \"d\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\nBEGIN_SAMPLE 0.0\nEND_SAMPLE 0.0\n");
  CommandResult r = run_in(dir, exe() + " d.hp");
  EXPECT_NE(r.err.find("d.hp: JOB missing"), std::string::npos) << r.err;
}

// With no file on a terminal, hp2ps-ng reads standard input as hp2ps does,
// and says so in one line; a profile redirected to it is read in silence.
TEST(Messages, StandardInputOnATerminalIsSaidOnce) {
  if (!have_tool("script")) GTEST_SKIP() << "script(1) is not installed";
  std::string dir = dir_with("prof.hp", manpage());
  CommandResult typed = run_in(dir, "(sleep 1; printf '\\004') | " + hang_guard() + "script -qec " +
                                        shell_quote(exe() + " -o x.svg") + " /dev/null");
  EXPECT_NE(typed.out.find("hp2ps-ng: reading a heap profile from standard input (end it with ^D; -h for help)"),
            std::string::npos) << typed.out;
  EXPECT_NE(typed.out.find("stdin: JOB missing: the file is empty"), std::string::npos) << typed.out;
  CommandResult piped = run_in(dir, hang_guard() + "script -qec " + shell_quote(exe() + " -o x.svg < prof.hp") + " /dev/null");
  EXPECT_EQ(piped.status, 0);
  EXPECT_EQ(piped.out.find("reading a heap profile"), std::string::npos) << piped.out;
}

TEST(Messages, FontconfigNeverComplainsAboutItsCache) {
  std::string dir = dir_with("prof.hp", manpage());
  CommandResult r = run_in(dir, "HOME=/nonexistent XDG_CACHE_HOME=/proc/none " + exe() + " -c -o x.svg prof.hp");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.err, "");
}

TEST(Messages, ProfileWithOnlyEmptySamplesWarns) {
  std::string dir = dir_with("e.hp", "JOB \"p +RTS -hb\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n"
                                     "BEGIN_SAMPLE 0.00\nEND_SAMPLE 0.00\n");
  CommandResult r = run_in(dir, exe() + " e.hp");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.err.find("warning: e.hp: no sample has data (1 empty samples"), std::string::npos) << r.err;
}

// --- Installed as hp2ps -------------------------------------------------------

TEST(AsHp2ps, SameFilesAndItsOwnName) {
  std::string dir = dir_with("prof.hp", manpage());
  ASSERT_EQ(run_in(dir, "mkdir a b && cp prof.hp a/ && cp prof.hp b/ && ln -s " + exe() + " hp2ps").status, 0);
  ASSERT_EQ(run_in(dir, "cd a && ../hp2ps -c -m10 prof.hp && cd ../b && " + exe() + " -c -m10 prof.hp").status, 0);
  EXPECT_EQ(list_dir(dir + "/a"), list_dir(dir + "/b"));
  for (const char* f : {"prof.ps", "prof.aux"}) EXPECT_EQ(read_file(dir + "/a/" + f), read_file(dir + "/b/" + f)) << f;
  CommandResult r = run_in(dir, "./hp2ps -x prof.hp");
  EXPECT_EQ(r.err.rfind("hp2ps: error: unknown option '-x'", 0), 0u) << r.err;
}

}  // namespace
}  // namespace hpng

namespace hpng {
namespace {

using namespace hpng::test;

// A name of the longest a folder takes (255 bytes) is written: the
// temporary file beside it has a name that fits too.
TEST(Outputs, TheLongestFileNameIsWritten) {
  std::string dir = dir_with("prof.hp", read_file(std::string(HPNG_CASES) + "/manpage-example.hp"));
  std::string name = std::string(251, 'n') + ".svg";
  CommandResult r = run_in(dir, exe() + " --no-aux -o " + name + " prof.hp");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(list_dir(dir), (std::vector<std::string>{name, "prof.hp"}));
}

}  // namespace
}  // namespace hpng

namespace hpng {
namespace {

using namespace hpng::test;

bool running_as_root() { return ::geteuid() == 0; }

std::string stat_of(const std::string& dir, const std::string& name) {
  return run_in(dir, "stat -c '%U:%G %a' " + name).out;
}

// A replaced output keeps its owner and permissions, as the shell's `>`
// keeps them.
TEST(Outputs, AReplacedOutputKeepsItsOwnerAndMode) {
  if (!running_as_root()) GTEST_SKIP() << "giving a file to another user needs root";
  std::string dir = dir_with("prof.hp", read_file(std::string(HPNG_CASES) + "/manpage-example.hp"));
  ASSERT_EQ(run_in(dir, "echo old > out.svg && chown nobody:nogroup out.svg && chmod 640 out.svg").status, 0);
  CommandResult r = run_in(dir, exe() + " --no-aux -o out.svg prof.hp");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(stat_of(dir, "out.svg"), "nobody:nogroup 640\n");
  EXPECT_NE(read_file(dir + "/out.svg").find("<svg"), std::string::npos);
}

// A user cannot replace a read-only output, as `>` cannot.
TEST(Outputs, AReadOnlyOutputIsRefused) {
  if (!running_as_root() || !have_tool("setpriv")) GTEST_SKIP() << "running as another user needs root and setpriv";
  std::string dir = dir_with("prof.hp", read_file(std::string(HPNG_CASES) + "/manpage-example.hp"));
  ASSERT_EQ(run_in(dir, "chmod 777 . && chmod 644 prof.hp && echo old > out.svg && chown nobody out.svg && "
                        "chmod 444 out.svg").status, 0);
  // nobody runs a copy, installed where anyone may read it: the build tree
  // may sit in a folder only root can enter (a clone under /root, or in
  // mktemp -d), and so may the suppressions a sanitized build reads.
  ASSERT_EQ(run_in(dir, "mkdir -p bin share/hp2ps-ng && cp " + exe() + " bin/ && cp -r " +
                            shell_quote(std::string(HPNG_SOURCE_DIR) + "/fonts") + " share/hp2ps-ng/ && cp " +
                            shell_quote(std::string(HPNG_SOURCE_DIR) + "/tests/lsan.supp") + " . && chmod -R a+rX .")
                .status,
            0);
  std::string lsan = "LSAN_OPTIONS=suppressions=" + dir + "/lsan.supp:print_suppressions=0 ";
  CommandResult r = run_in(dir, lsan + "setpriv --reuid=65534 --regid=65534 --clear-groups bin/hp2ps-ng --no-aux -o out.svg prof.hp");
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(r.err.find("out.svg: cannot write: Permission denied"), std::string::npos) << r.err;
  EXPECT_EQ(read_file(dir + "/out.svg"), "old\n");
}

// Root, in a shared folder, does not write through a link another user
// planted where the .aux goes (prof.aux -> a file of root's).
TEST(Outputs, RootDoesNotWriteThroughALinkAnotherUserPlanted) {
  if (!running_as_root()) GTEST_SKIP() << "needs root";
  std::string dir = dir_with("prof.hp", read_file(std::string(HPNG_CASES) + "/manpage-example.hp"));
  ASSERT_EQ(run_in(dir, "chmod 1777 . && echo precious > victim && ln -s victim prof.aux && chown -h nobody prof.aux").status, 0);
  CommandResult r = run_in(dir, exe() + " prof.hp");
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(r.err.find("prof.aux: cannot write: it is a symbolic link owned by uid 65534"), std::string::npos) << r.err;
  EXPECT_EQ(read_file(dir + "/victim"), "precious\n");
}

}  // namespace
}  // namespace hpng
