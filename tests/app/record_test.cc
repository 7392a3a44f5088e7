// --record with real GHC programs (tests/app/record/*.hs), built by the
// build with the machine's ghc (Debian's: tests/install-deps.sh --tests
// installs it); without ghc each case says skipped, never passed.
// A program that leaks and one that does not, one linked without -rtsopts,
// one that fails, one that runs until a signal ends it: the outputs, the
// report, the gates, the exit statuses, signals passed on, the log off a
// terminal and the status line on one (under a pseudo-terminal). Waiting is
// by content, never by time: hang_guard only stops a hung test.
#include <gtest/gtest.h>

#include <numeric>
#include <regex>
#include <sstream>
#include <string>

#include "support/util.h"

namespace hpng {
namespace {

using namespace hpng::test;

// The programs, built by the build (tests/CMakeLists.txt): NAME from
// tests/app/record/NAME.hs with -rtsopts -eventlog; leaky-hp without
// -eventlog (on a GHC before 9.4 its RTS writes only a .hp); nortsopts
// without -rtsopts; server-threaded with -threaded.
struct Programs {
  std::string dir, why_not;
  Programs() {
#ifdef HPNG_RECORD_PROGRAMS
    dir = HPNG_RECORD_PROGRAMS;
    for (const char* name : {"leaky", "leaky-hp", "steady", "forever", "nortsopts", "server", "server-threaded",
                             "ignoring", "launcher", "quiet", "mean", "busy"}) {
      if (!file_exists(at(name))) why_not = "ghc did not build " + std::string(name) + " (see " + at(name) + ".log)";
    }
#else
    why_not = "ghc was not installed when the build was configured (apt-get install ghc)";
#endif
  }
  std::string at(const std::string& name) const { return dir + "/" + name; }
};

const Programs& programs() {
  static Programs p;
  return p;
}

class Record : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!programs().why_not.empty()) GTEST_SKIP() << programs().why_not;
    dir_ = scratch_dir();
    run_in(dir_, "mkdir tmp");
  }
  // hp2ps-ng OPTIONS -- PROGRAM ARGS, in the test's folder, with a TMPDIR
  // of its own (what --record leaves there is checked).
  // `under`: a command hp2ps-ng runs under ("timeout 3 ").
  CommandResult record(const std::string& options, const std::string& program, const std::string& args = "",
                       const std::string& under = "") {
    return run_in(dir_, "TMPDIR=" + dir_ + "/tmp " + hang_guard() + under + exe() + " --record " + options + " -- " +
                            shell_quote(programs().at(program)) + " " + args);
  }
  bool has(const std::string& name) const { return file_exists(dir_ + "/" + name); }
  void expect_nothing_left() const { EXPECT_TRUE(list_dir(dir_ + "/tmp").empty()) << "a FIFO or its folder was left in TMPDIR"; }
  std::string dir_;
};

// (The test programs run for under a second: --every 0.02 gives them the
// censuses a verdict needs.)
TEST_F(Record, ALeakingProgramIsDrawnKeptAndItsLeakNamed) {
  CommandResult r = record("--every 0.02", "leaky");
  ASSERT_EQ(r.status, 0) << r.err;
  // stdout is the program's alone (as time(1) leaves it): its 4 step lines
  // and its result; the summary and report are on stderr.
  EXPECT_TRUE(std::regex_match(r.out, std::regex("step 100000\nstep 200000\nstep 300000\nstep 400000\n\\(100000,[0-9]+\\)\n")))
      << r.out;
  EXPECT_EQ(r.err.rfind("leaky is running: open leaky.html to watch it live", 0), 0u) << "said first: " << r.err;
  EXPECT_NE(r.err.find("leaky exited with status 0"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("suspects    1 band"), std::string::npos) << r.err;
  // To the end, or until the census before the RTS's teardown (if it took one).
  EXPECT_TRUE(std::regex_search(r.err, std::regex("ramp, held (to the end|until [0-9.]+ s)"))) << r.err;
  EXPECT_TRUE(has("leaky.html"));
  if (read_file(programs().at("leaky")).find("Override profiling output") != std::string::npos) {
    EXPECT_FALSE(has("leaky.hp")) << "the RTS's own .hp went to the FIFO's folder (-po), not beside the user's files";
  }
  ASSERT_TRUE(has("leaky.eventlog"));
  EXPECT_EQ(run_in(dir_, exe() + " --format json -o - leaky.eventlog").status, 0) << "the kept profile draws again";
  EXPECT_EQ(r.err.find('\033'), std::string::npos) << "no terminal control off a terminal";
  expect_nothing_left();
}

// The RTS reads GHCRTS split at spaces: a program's name with one must not
// reach it (the FIFO and the RTS's files are named by hp2ps-ng).
TEST_F(Record, AProgramWhoseNameHasASpaceIsRecorded) {
  ASSERT_EQ(run_in(dir_, "cp " + shell_quote(programs().at("leaky")) + " 'my leaky'").status, 0);
  CommandResult r = run_in(dir_, "TMPDIR=" + dir_ + "/tmp " + hang_guard() + exe() + " --record -- './my leaky' 100000");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(has("my leaky.eventlog"));
  EXPECT_TRUE(has("my leaky.html"));
  expect_nothing_left();
}

// (A run too short to judge, and told the interval that would, is the
// recorder's unit test: how many censuses a real run gets follows the
// machine's speed.)

TEST_F(Record, AProgramInConstantSpaceHasNoSuspect) {
  CommandResult r = record("-o steady.svg --every 0.02", "steady");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("suspects    none"), std::string::npos) << r.err;
  EXPECT_TRUE(has("steady.svg"));
  EXPECT_FALSE(has("steady.html")) << "-o replaces the default page";
}

TEST_F(Record, AnRtsWithoutEventlogIsFollowedThroughItsHp) {
  if (read_file(programs().at("leaky-hp")).find("Send binary eventlog") != std::string::npos) {
    GTEST_SKIP() << "this GHC's RTS always writes an eventlog (GHC 9.4 on)";
  }
  CommandResult r = record("", "leaky-hp");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("its .hp was followed"), std::string::npos) << r.err;
  EXPECT_TRUE(has("leaky-hp.hp"));
  EXPECT_TRUE(has("leaky-hp.html"));
  EXPECT_FALSE(has("leaky-hp.eventlog"));
}

TEST_F(Record, APeakAboveMaxPeakExits3WithTheOutputsWritten) {
  CommandResult r = record("--max-peak 1M", "leaky");
  EXPECT_EQ(r.status, 3) << r.err;
  EXPECT_NE(r.err.find("above --max-peak"), std::string::npos) << r.err;
  EXPECT_TRUE(has("leaky.html"));
  EXPECT_TRUE(has("leaky.eventlog"));
  EXPECT_NE(r.err.find("suspects"), std::string::npos) << "the report is printed before the gate fails";
}

TEST_F(Record, GrowthIsJudgedAgainstTheBaseline) {
  ASSERT_EQ(record("--every 0.02", "leaky", "100000").status, 0);
  ASSERT_EQ(run_in(dir_, "mv leaky.eventlog before.eventlog").status, 0);
  CommandResult grew = record("--every 0.02 --baseline before.eventlog --max-growth 50", "leaky", "400000");
  EXPECT_EQ(grew.status, 3) << grew.err;
  EXPECT_NE(grew.err.find("the peak total grew"), std::string::npos) << grew.err;
  CommandResult within = record("--every 0.02 --baseline before.eventlog --max-growth 100000", "leaky", "100000");
  EXPECT_EQ(within.status, 0) << within.err;
}

// The RTS prefixes its lines with the program's name, which may hold ": "
// itself: its usage text is no refusal.
TEST_F(Record, AProgramWhoseNameHoldsAColonIsRecorded) {
  ASSERT_EQ(run_in(dir_, "cp " + shell_quote(programs().at("leaky")) + " 'memtest: big'").status, 0);
  CommandResult r = run_in(dir_, "TMPDIR=" + dir_ + "/tmp " + hang_guard() + exe() + " --record --every 0.02 -o x.svg -- "
                                     "'./memtest: big' 100000");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err.find("refused"), std::string::npos) << r.err;
  EXPECT_TRUE(has("x.svg"));
}

// The textbook mean of a list, a program that spends most of its time
// collecting garbage (which GHC's census clock does not count), named in
// one command at the defaults: a run too short to judge is run again by
// hp2ps-ng itself, more often censused (its output /dev/null, which a
// second run's lines do no harm to). Its censuses sample the mutator's
// short stretches: where the second still came up short, a third.
TEST_F(Record, AGcBoundLeakIsNamedInOneCommandAtTheDefaults) {
  CommandResult r = record("", "mean", "4000000 > /dev/null");
  ASSERT_EQ(r.status, 0) << r.err;
  std::string suspects = r.err.substr(r.err.find("  suspects"), 80);
  EXPECT_TRUE(std::regex_search(suspects, std::regex("ghc-prim:GHC\\.Types\\.(:|D#)"))) << r.err;
}

// A program that ends before its first census is told so once, in
// --every's terms: no warning of the reader's besides, no question whether
// it was killed, and no "peak 0 B" above the heap's own lines.
TEST_F(Record, ARunWithNoCensusIsSaidOnceInTheTermsOfEvery) {
  CommandResult r = record("", "quiet");
  ASSERT_EQ(r.status, 0) << r.err;
  std::smatch said;
  EXPECT_TRUE(std::regex_search(r.err, said, std::regex("hp2ps-ng: warning: [^\n]*"))) << r.err;
  EXPECT_NE(said.str().find("quiet ran 0."), std::string::npos) << r.err;
  EXPECT_NE(said.str().find(" s and ended before its first census at --every 0.1: its own work ("), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("warning:", static_cast<size_t>(said.position() + said.length())), std::string::npos) << "one warning: " << r.err;
  EXPECT_EQ(r.err.find("killed"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("smaller -i"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("  peak        none: no census had data"), std::string::npos) << r.err;
}

// The interval a run too short to judge is told (its input a pipe, so it
// is not run again) censuses the run, given it, about as often as the note
// says: within a factor of two. busy works 0.6 s by the wall clock, so its
// census clock runs 0.6 s on any machine.
TEST_F(Record, TheAdvisedIntervalCensusesTheRunAsOftenAsSaid) {
  CommandResult first = run_in(dir_, "true | TMPDIR=" + dir_ + "/tmp " + hang_guard() + exe() + " --record -o a.json -- " +
                                         shell_quote(programs().at("busy")) + " 0.6");
  ASSERT_EQ(first.status, 0) << first.err;
  std::smatch advice;
  ASSERT_TRUE(std::regex_search(first.err, advice, std::regex("--every ([0-9.]+) censuses it about ([0-9]+) times")))
      << first.err;
  double predicted = std::stod(advice[2]);
  CommandResult second = record("--every " + advice[1].str() + " -o b.json", "busy", "0.6");
  ASSERT_EQ(second.status, 0) << second.err;
  std::smatch count;
  std::string json = read_file(dir_ + "/b.json");
  ASSERT_TRUE(std::regex_search(json, count, std::regex("\"censuses\": ?([0-9]+)"))) << json.substr(0, 400);
  double censuses = std::stod(count[1]);
  EXPECT_GE(censuses, predicted / 2) << first.err;
  EXPECT_LE(censuses, predicted * 2) << first.err;
}

// A script that runs a GHC 9.0 program cannot be asked first: its
// program refuses GHC 9.2's options, is asked what it refused, and is
// recorded again without them; its RTS's own ./leaky.hp is not left, and a
// user's there is refused, untouched.
TEST_F(Record, AScriptAroundAnOlderGhcProgramIsRecordedWithoutWhatItRefuses) {
  write_file(dir_ + "/run.sh", "#!/bin/sh\nexec " + shell_quote(programs().at("leaky")) + " \"$@\"\n");
  ASSERT_EQ(run_in(dir_, "chmod +x run.sh").status, 0);
  std::string record = "TMPDIR=" + dir_ + "/tmp " + hang_guard() + exe() + " --record --every 0.02 -o x.svg -- ./run.sh 100000";
  CommandResult r = run_in(dir_, record);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("./run.sh: runs leaky, whose RTS (GHC before 9.2) refused what --record gives it in GHCRTS and "
                       "printed the usage above"),
            std::string::npos)
      << r.err;
  EXPECT_TRUE(has("x.svg"));
  EXPECT_FALSE(has("leaky.hp")) << "the RTS's own .hp is not left";
  write_file(dir_ + "/leaky.hp", "mine");
  CommandResult mine = run_in(dir_, record);
  EXPECT_EQ(mine.status, 1) << mine.err;
  EXPECT_NE(mine.err.find("./leaky.hp is not a recording's"), std::string::npos) << mine.err;
  EXPECT_EQ(read_file(dir_ + "/leaky.hp"), "mine");
}

// A script around a GHC 9.0 program linked without -eventlog: it refuses
// -l, and is recorded again from the .hp its RTS writes itself.
TEST_F(Record, AScriptAroundAnOlderProgramWithoutAnEventlogIsRecordedFromItsHp) {
  write_file(dir_ + "/run.sh", "#!/bin/sh\nexec " + shell_quote(programs().at("leaky-hp")) + " \"$@\"\n");
  ASSERT_EQ(run_in(dir_, "chmod +x run.sh").status, 0);
  CommandResult r = run_in(dir_, "TMPDIR=" + dir_ + "/tmp " + hang_guard() + exe() +
                                     " --record --every 0.02 -o x.svg -- ./run.sh 100000");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("./run.sh: runs leaky-hp, whose RTS (GHC before 9.2) refused what --record gives it in GHCRTS "
                       "and printed the usage above"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("recorded again from its own ./leaky-hp.hp (it was linked without -eventlog)"), std::string::npos)
      << r.err;
  EXPECT_EQ(r.err.find("no heap lines to draw"), std::string::npos) << r.err;
  EXPECT_TRUE(has("x.svg"));
  EXPECT_TRUE(has("leaky-hp.hp")) << "the RTS's own .hp is the recording";
}

// A baseline of another breakdown and clock is compared, and said as
// --diff says it: a -hc .hp against this build's -hT eventlog.
TEST_F(Record, ABaselineOfAnotherBreakdownAndClockIsSaid) {
  ASSERT_EQ(run_in(dir_, "cp " + shell_quote(std::string(HPNG_SOURCE_DIR) + "/tests/data/eventlog-small/leak-hc.hp") +
                             " base.hp").status, 0);
  CommandResult r = record("--every 0.02 --breakdown T --baseline base.hp --max-growth 100000", "leaky", "100000");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("base.hp: a -hc profile, where this run is -hT: its peak is of other things than this run's"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("base.hp: is timed in the program's own time and this run in elapsed"), std::string::npos) << r.err;
}

TEST_F(Record, TheBaselineIsNotWhereTheRunKeepsItsProfile) {
  ASSERT_EQ(record("", "leaky", "100000").status, 0);
  std::string before = read_file(dir_ + "/leaky.eventlog");
  CommandResult r = record("--baseline ./leaky.eventlog --max-growth 10", "leaky", "100000");
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(r.err.find("is where this run keeps its profile"), std::string::npos) << r.err;
  EXPECT_EQ(read_file(dir_ + "/leaky.eventlog"), before);
}

// Its RTS is asked before it runs: one sentence, no guess.
TEST_F(Record, AProgramWithoutRtsoptsIsToldHowToRebuildBeforeItRuns) {
  CommandResult r = record("", "nortsopts");
  EXPECT_EQ(r.status, 4) << r.err;
  EXPECT_NE(r.err.find("was linked without -rtsopts, which --record needs to ask for a heap profile: rebuild it with ghc "
                       "-rtsopts (cabal: ghc-options: -rtsopts)"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(r.err.find("eventlog"), std::string::npos) << "no guess about -eventlog: " << r.err;
  EXPECT_EQ(r.out.find("done"), std::string::npos) << "the program is not run";
  EXPECT_FALSE(has("nortsopts.html"));
  expect_nothing_left();
}

// A breakdown the build cannot give (-hc of a build without -prof) is
// refused before the program runs, the RTS's own words quoted.
TEST_F(Record, ABreakdownTheBuildCannotGiveIsRefusedBeforeItRuns) {
  CommandResult r = record("--breakdown c", "leaky");
  EXPECT_EQ(r.status, 4) << r.err;
  EXPECT_NE(r.err.find("cannot give --breakdown c (its RTS says \"the flag -hc requires the program to be built with "
                       "-prof\"): rebuild it with ghc -prof"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(r.err.find("-rtsopts"), std::string::npos) << r.err;
  EXPECT_EQ(r.out.find("step"), std::string::npos) << "the program is not run";
}

TEST_F(Record, AProgramThatCannotStartSaysWhy) {
  CommandResult r = run_in(dir_, hang_guard() + exe() + " --record -- ./no-such-program");
  EXPECT_EQ(r.status, 4) << r.err;
  EXPECT_NE(r.err.find("./no-such-program: could not start: No such file or directory"), std::string::npos) << r.err;
  run_in(dir_, "touch not-executable");
  r = run_in(dir_, hang_guard() + exe() + " --record -- ./not-executable");
  EXPECT_EQ(r.status, 4) << r.err;
  EXPECT_NE(r.err.find("could not start: Permission denied"), std::string::npos) << r.err;
}

TEST_F(Record, AFailingProgramIsDrawnAndItsStatusSaid) {
  CommandResult r = record("", "leaky", "200000 crash");
  EXPECT_EQ(r.status, 4) << r.err;
  EXPECT_NE(r.err.find("exited with status 1; what it wrote is drawn"), std::string::npos) << r.err;
  EXPECT_TRUE(has("leaky.html"));
  EXPECT_TRUE(has("leaky.eventlog"));
}

// hp2ps-ng in the background; once the program says it runs, `action`
// (a shell command; $p is hp2ps-ng's pid) is done to it.
CommandResult record_then(const std::string& dir, const std::string& program, const std::string& action) {
  std::string script = "TMPDIR=" + dir + "/tmp " + exe() + " --record -o f.svg -- " + shell_quote(program) +
                       " >out 2>err & p=$!\n"
                       "until grep -q running out; do sleep 0.05; done\n" +
                       action + "\nwait $p; echo $? >status\n";
  write_file(dir + "/run.sh", script);
  CommandResult r = run_in(dir, hang_guard() + "sh run.sh");
  return {std::stoi(read_file(dir + "/status")), read_file(dir + "/out"), read_file(dir + "/err")};
}

// The user's own files of the names a recording takes (a PROG.eventlog of
// their own +RTS -l run, a PROG.prof) are never replaced: the recording goes
// beside them as PROG.2.*, said, and a later recording replaces only what
// an earlier one left. An RTS without -po writes ./PROG.hp itself: a
// user's is refused before the program runs, the RTS's own removed after.
TEST_F(Record, TheUsersFilesAreKept) {
  std::string log = read_file(std::string(HPNG_CASES) + "/../eventlog-small/leak-hc.eventlog");
  write_file(dir_ + "/leaky.eventlog", log);
  write_file(dir_ + "/leaky.prof", "mine");
  CommandResult r = record("--every 0.02 -o l.json", "leaky");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("warning: leaky.eventlog: a file of this name (or its .hp, .prof) is not a recording's: left as it "
                       "is, this recording is kept as leaky.2.*"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("kept its profile as leaky.2.eventlog"), std::string::npos) << r.err;
  EXPECT_EQ(read_file(dir_ + "/leaky.eventlog"), log);
  EXPECT_EQ(read_file(dir_ + "/leaky.prof"), "mine");
  EXPECT_FALSE(has("leaky.hp")) << "the RTS's own .hp, which nobody asked for";
  r = record("--every 0.02 -o l.json", "leaky");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("kept its profile as leaky.2.eventlog"), std::string::npos) << "an earlier recording's is replaced";
  EXPECT_FALSE(has("leaky.3.eventlog"));
  write_file(dir_ + "/leaky.hp", "my own hp");
  r = record("--every 0.02 -o l.json", "leaky");
  if (r.status != 0) {  // an RTS without -po (GHC before 9.2)
    EXPECT_EQ(r.status, 1) << r.err;
    EXPECT_NE(r.err.find("./leaky.hp is not a recording's, and this program's RTS writes its .hp there"), std::string::npos);
    EXPECT_EQ(r.out.find("step"), std::string::npos) << "refused before it ran";
  }
  EXPECT_EQ(read_file(dir_ + "/leaky.hp"), "my own hp");
  expect_nothing_left();
}

TEST_F(Record, SigtermIsPassedOnAsSigintAndWhatWasWrittenIsKept) {
  CommandResult r = record_then(dir_, programs().at("forever"), "kill -TERM $p");
  EXPECT_EQ(r.status, 0) << "a stop passed on is no failure: " << r.err;
  EXPECT_NE(r.err.find("was stopped after "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("(hp2ps-ng was sent SIGTERM and passed the stop on); what it recorded is judged"), std::string::npos)
      << r.err;
  EXPECT_EQ(r.err.find("error:"), std::string::npos) << r.err;
  EXPECT_TRUE(has("forever.eventlog"));
  expect_nothing_left();
}

TEST_F(Record, SigintIsPassedOn) {
  CommandResult r = record_then(dir_, programs().at("forever"), "kill -INT $p");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("hp2ps-ng was sent SIGINT and passed the stop on"), std::string::npos) << r.err;
  expect_nothing_left();
}

TEST_F(Record, AKilledProgramIsSaidKilled) {
  CommandResult r = record_then(dir_, programs().at("forever"), "pkill -KILL -P $p");
  EXPECT_EQ(r.status, 4) << "killed by another, not a stop passed on: " << r.err;
  EXPECT_NE(r.err.find("was killed by signal 9 (SIGKILL)"), std::string::npos) << r.err;
  expect_nothing_left();
}

// Under a pseudo-terminal (script(1)), the status line is drawn on the
// last row, outside a scrolling region the program's output stays in, and
// the region is given back at the end.
TEST_F(Record, OnATerminalTheStatusLineKeepsToTheLastRow) {
  if (!have_tool("script")) GTEST_SKIP() << "script(1) is not installed";
  std::string inner = "stty rows 24 cols 100; TMPDIR=" + dir_ + "/tmp " + exe() + " --record -- " +
                      shell_quote(programs().at("leaky"));
  CommandResult r = run_in(dir_, hang_guard() + "script -qec " + shell_quote(inner) + " /dev/null");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("\0337\033[1;23r\0338"), std::string::npos) << "the program's rows: 1 to 23";
  EXPECT_NE(r.out.find("\033[24;1H\033[2Kleaky  "), std::string::npos) << "the status on row 24";
  EXPECT_NE(r.out.find(" censuses  heap "), std::string::npos);
  EXPECT_NE(r.out.find("\033[r"), std::string::npos) << "the whole screen scrolls again at the end";
}

// A profiled build (Debian's ghc-prof) and a cost-centre breakdown: the
// letter reaches the RTS, and the eventlog's breakdown is -hc.
TEST_F(Record, AProfiledBuildIsRecordedByCostCentre) {
  std::string dir = programs().dir;
  std::string src = shell_quote(std::string(HPNG_SOURCE_DIR) + "/tests/app/record/leaky.hs");
  CommandResult built = run_in(dir, "ghc -O -prof -fprof-auto -rtsopts -eventlog -outputdir o-prof -o leaky-prof " + src);
  if (built.status != 0) GTEST_SKIP() << "no profiled build (apt-get install ghc-prof): " << built.err;
  CommandResult r = record("--breakdown c -o prof.json", "leaky-prof", "100000");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find(", -hc, "), std::string::npos) << r.err;
  EXPECT_NE(read_file(dir_ + "/prof.json").find("build"), std::string::npos) << "a cost centre of leaky.hs names a band";
}

// No output may be the file --record keeps the profile in, whatever path
// names it: it is refused before the program runs.
// In a real terminal (tmux) that grows (24 to 30 rows) and shrinks (to 20)
// while the program prints, no line of the program's is lost or overdrawn:
// each of its 300 lines is in the pane's history, once, in order, and no
// old live line is left among them. Each step waits for what it needs (the
// live line redrawn at the new size before the program goes on), never a
// time.
TEST(RecordTerminal, AResizeBothWaysLosesNoLineOfTheProgram) {
  if (!have_tool("tmux")) GTEST_SKIP() << "tmux not installed (apt-get install tmux)";
  std::string dir = scratch_dir();
  write_file(dir + "/lines.sh",
             "#!/bin/sh\ni=1\nwhile [ $i -le 300 ]; do\n  echo \"line $i\"\n"
             "  if [ $i = 100 ]; then while [ ! -e resized1 ]; do sleep 0.02; done; fi\n"
             "  if [ $i = 200 ]; then while [ ! -e resized2 ]; do sleep 0.02; done; fi\n  i=$((i+1))\ndone\n");
  write_file(dir + "/drive.sh",
             "T=\"tmux -L hpng-resize-$$ -f /dev/null\"\n"
             "give_up() { echo \"timed out waiting for $1\"; $T kill-server; exit 2; }\n"
             "wait_for() { n=0; until $T capture-pane -t t -p -S - | grep -q \"$1\"; do n=$((n+1)); "
             "[ $n -gt 3000 ] && give_up \"$1\"; sleep 0.02; done; }\n"
             "row() { $T capture-pane -t t -p | sed -n \"$1p\"; }\n"
             "wait_bar() { n=0; until row \"$1\" | grep -q '^lines.sh ' && [ \"$(row \"$1\")\" != \"$2\" ]; do n=$((n+1)); "
             "[ $n -gt 3000 ] && give_up \"the live line on row $1\"; sleep 0.02; done; }\n"
             "$T new-session -d -x 80 -y 24 -s t \"TMPDIR=$PWD $1 --record -- ./lines.sh; echo RUN-ENDED; sleep 60\"\n"
             "wait_for '^line 100$'; wait_bar 24 ''; old=$(row 24); $T resize-window -t t -y 30; wait_bar 30 \"$old\"\n"
             "touch resized1\n"
             "wait_for '^line 200$'; old=$(row 30); $T resize-window -t t -y 20; wait_bar 20 \"$old\"\n"
             "touch resized2\n"
             "wait_for 'RUN-ENDED'\n$T capture-pane -t t -p -S - > screen.txt\n$T kill-server\n");
  ASSERT_EQ(run_in(dir, "chmod +x lines.sh").status, 0);
  CommandResult r = run_in(dir, hang_guard() + "sh drive.sh " + shell_quote(exe()));
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  std::string screen = read_file(dir + "/screen.txt");
  std::regex program_line("^line ([0-9]+)$");
  std::vector<int> seen;
  std::istringstream in(screen);
  for (std::string l; std::getline(in, l);) {
    std::smatch m;
    if (std::regex_match(l, m, program_line)) seen.push_back(std::stoi(m[1]));
  }
  std::vector<int> all(300);
  std::iota(all.begin(), all.end(), 1);
  EXPECT_EQ(seen, all) << screen;
  EXPECT_EQ(screen.find("waiting for the first census"), std::string::npos) << "an old live line left: " << screen;
}

TEST(RecordUsage, NoOutputIsWhereTheProfileIsKept) {
  std::string dir = scratch_dir();
  run_in(dir, "mkdir sub && printf '#!/bin/sh\\necho ran\\n' > sub/prog && chmod +x sub/prog");
  for (const char* options : {"--format svg -o prog.eventlog", "--format svg -o ./sub/../prog.eventlog",
                              "-o x.ps --aux prog.eventlog", "--explain --format svg -o prog.explain-3.eventlog",
                              "--explain -o ./prog.explain-4.prof --format svg"}) {
    CommandResult r = run_in(dir, exe() + " --record " + options + " -- ./sub/prog");
    EXPECT_EQ(r.status, 1) << options << ": " << r.err;
    EXPECT_NE(r.err.find("is where --record keeps the program's profile"), std::string::npos) << r.err;
    EXPECT_EQ(r.out.find("ran"), std::string::npos) << "the program is not run";
  }
}

// What the command line cannot mean is a usage error, GHC or not.
TEST(RecordUsage, BadCombinationsAreUsageErrors) {
  std::string dir = scratch_dir();
  const char* cases[][2] = {
      {"--record", "runs a program"},
      {"--breakdown c x.hp", "go with --record"},
      {"--record --baseline b.eventlog -- true", "give --max-growth"},
      {"--record -o - -- true", "not standard output"},
      {"--record x.hp -- true", "no profile file"},
      {"--record --watch -- true", "not with --watch"},
      {"--record --watch-pid 1 -- true", "not with --watch, --watch-pid"},
      {"--record --breakdown q -- true", "--breakdown: 'q' is not a breakdown (T, c, y, d, m, r, b, i, e)"},
      {"--max-growth 10 x.hp", "give --diff or --baseline"},
      {"--explain x.hp", "go with --record"},
      {"--record --explain --breakdown c -- true", "--explain chooses each run's breakdown"},
      {"--record --explain --baseline b.eventlog --max-growth 5 -- true", "--baseline goes with one recording"},
      {"--for 3 x.hp", "go with --record"},
      {"--record --explain --for 3 -- true", "--for goes with one recording"},
      {"--record --for 0 -- true", "--for takes a duration from 0.1 seconds to a year (got 0)"},
  };
  for (const auto& c : cases) {
    CommandResult r = run_in(dir, exe() + " " + c[0]);
    EXPECT_EQ(r.status, 2) << c[0] << ": " << r.err;
    EXPECT_NE(r.err.find(c[1]), std::string::npos) << c[0] << ": " << r.err;
  }
  // A value of 100 KB is shown as an excerpt, not echoed whole.
  CommandResult r = run_in(dir, exe() + " --record --breakdown " + std::string(100000, 'T') + " -- true");
  EXPECT_EQ(r.status, 2);
  EXPECT_LT(r.err.size(), 400u) << r.err.substr(0, 400);
}

class RecordHard : public Record {};

// A program that waits between batches is censused only while it works
// (GHC's census interval is of its mutator time), -threaded or not: at the
// user's interval the few censuses are said, with its CPU time and what to
// do, and its heap's own lines (GC events) are drawn and judged, so its
// growth is named.
TEST_F(RecordHard, AWaitingProgramIsSaidToWaitAndItsLiveBytesAreJudged) {
  for (const char* program : {"server", "server-threaded"}) {
    CommandResult r = record("--every 0.1 -o s.json", program, "20000 12 150");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(std::regex_search(r.err, std::regex(" s of CPU\\), most of it waiting, which GHC's census clock does not "
                                                    "count, and (was censused|ended before its first census)")))
        << r.err;
    EXPECT_NE(r.err.find("suspects    the heap's live bytes: ramp"), std::string::npos) << r.err;
    std::string json = read_file(dir_ + "/s.json");
    EXPECT_NE(json.find("\"live bytes\""), std::string::npos) << "the heap's lines are drawn";
    EXPECT_NE(json.find("\"live_bytes\": {\"leaks\": true"), std::string::npos);
  }
}

// Without --every, the same program answers in one command: a run too
// short to judge is run again more often censused (or, on a machine slow
// enough to census it enough at once, judged as it is), its list named.
// GHC censuses its CPU time, which a loaded machine gives it less of: where
// even the second run had too few censuses, the heap's live bytes (one
// report at every major collection, whatever the speed) are the suspect.
TEST_F(RecordHard, AWaitingProgramsLeakIsNamedInOneCommand) {
  CommandResult r = record("-o s.json", "server", "20000 12 150 > /dev/null");
  ASSERT_EQ(r.status, 0) << r.err;
  std::string suspects = r.err.substr(r.err.find("  suspects"), 80);
  bool band = suspects.find("ghc-prim:GHC.Types.:") != std::string::npos;
  EXPECT_TRUE(band || suspects.find("the heap's live bytes: ramp") != std::string::npos) << r.err;
}

// timeout signals hp2ps-ng and then its whole group; the program, in a
// group of its own, is ended by hp2ps-ng with SIGINT, writes its eventlog
// out, and the picture is drawn.
TEST_F(RecordHard, TimeoutsOwnSignalLeavesThePictureDrawn) {
  CommandResult r = record("-o to.svg", "forever", "", "timeout 3 ");
  EXPECT_EQ(r.status, 124) << "timeout's own status: " << r.err;
  ASSERT_TRUE(has("to.svg")) << r.err;
  EXPECT_NE(read_file(dir_ + "/to.svg").find("</svg>"), std::string::npos);
  EXPECT_NE(r.err.find("hp2ps-ng was sent SIGTERM and passed the stop on"), std::string::npos) << r.err;
  expect_nothing_left();
}

// The CI recipe: under timeout --preserve-status the gates decide the
// status (3: the peak is over), the stop is no failure.
TEST_F(RecordHard, TimeoutKeepsTheGatesStatus) {
  CommandResult r = record("--max-peak 1k -o to.svg -o to.md -o to.html", "forever", "", "timeout --preserve-status 3 ");
  EXPECT_EQ(r.status, 3) << r.err;
  EXPECT_NE(r.err.find("error: forever.eventlog: the peak total"), std::string::npos) << r.err;
  EXPECT_TRUE(has("to.svg"));
  std::string md = read_file(dir_ + "/to.md");
  EXPECT_NE(md.find("\n- **failed** `--max-peak 1.0 kB`: `peak "), std::string::npos) << md;
  EXPECT_NE(md.find("\n| run | `forever was stopped after "), std::string::npos) << "the stop is said: " << md;
  EXPECT_NE(read_file(dir_ + "/to.html").find("<li>Run: forever was stopped after "), std::string::npos);
  expect_nothing_left();
}

// --for: hp2ps-ng stops the program itself, as a stop it was sent, so
// that a CI job's timeout, whatever its flags, is only the safety net: the
// gates keep their status, the stop is said and is no failure.
TEST_F(RecordHard, ForStopsTheProgramAndTheGatesDecide) {
  CommandResult r = record("--for 2 --max-peak 1k -o f.md", "forever", "", "timeout 120 ");
  EXPECT_EQ(r.status, 3) << r.err;
  EXPECT_NE(r.err.find("forever was stopped after "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(" s (--for 2); what it recorded is judged"), std::string::npos) << r.err;
  EXPECT_NE(read_file(dir_ + "/f.md").find("- **failed** `--max-peak 1.0 kB`"), std::string::npos);
  r = record("--for 1 -o g.json", "forever");
  EXPECT_EQ(r.status, 0) << "no gate, no failure: " << r.err;
  expect_nothing_left();
}

// A program that ignores SIGINT and SIGTERM is sent each in turn, then
// SIGKILL, each said; nothing is left behind.
TEST_F(RecordHard, AProgramThatIgnoresStopsIsKilledAfterItsGrace) {
  CommandResult r = record_then(dir_, programs().at("ignoring"), "kill -TERM $p");
  // SIGKILL leaves the RTS's eventlog buffer unwritten: whether a census
  // reached the file follows the machine's speed, so both ends are named.
  if (r.status == 0) {
    EXPECT_NE(r.err.find("was stopped after "), std::string::npos) << r.err;
  } else {
    EXPECT_EQ(r.status, 1) << "the stop was passed on, not a failure: " << r.err;
    EXPECT_NE(r.err.find("was stopped after "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("before its RTS wrote a profile that can be drawn (ignoring.eventlog: the eventlog ends before "
                         "its first complete heap sample"),
              std::string::npos)
        << r.err;
    EXPECT_FALSE(has("f.svg")) << "nothing drawn";
  }
  EXPECT_NE(r.err.find("sending it SIGTERM: it did not end 5 s after SIGINT"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("sending it SIGKILL: it did not end 3 s after SIGTERM"), std::string::npos) << r.err;
  expect_nothing_left();
}

// A GHC program that runs another (a launcher, a test driver) is recorded
// alone: its RTS options are on its command line, which its child does not
// inherit (GHCRTS it would).
TEST_F(RecordHard, AProgramsChildrenDoNotInheritTheProfilingOptions) {
  CommandResult r = record("-o l.json", "launcher", shell_quote(programs().at("leaky")) + " 100000");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("step 100000"), std::string::npos) << "the child ran: " << r.out;
  EXPECT_FALSE(has("leaky.hp") || has("leaky.eventlog")) << "the child was not profiled";
  EXPECT_EQ(run_in(dir_, exe() + " --format json -o - launcher.eventlog").status, 0) << "one writer: a whole log";
}

// Everything --record will write is checked before the program starts.
TEST_F(RecordHard, WhatCannotBeWrittenIsRefusedBeforeTheProgramRuns) {
  run_in(dir_, "mkfifo leaky.eventlog");
  CommandResult r = record("", "leaky");
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(r.err.find("leaky.eventlog: is not a regular file (a FIFO or a device): the program's profile must be a file"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(r.out.find("step"), std::string::npos);
  run_in(dir_, "rm leaky.eventlog && mkdir leaky.html");
  r = record("", "leaky");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("leaky.html: is a folder"), std::string::npos) << r.err;
  EXPECT_EQ(r.out.find("step"), std::string::npos);
  if (::geteuid() != 0) {  // root writes in a read-only folder
    run_in(dir_, "rmdir leaky.html && chmod a-w .");
    r = record("", "leaky");
    run_in(dir_, "chmod u+w .");
    EXPECT_EQ(r.status, 1);
    EXPECT_NE(r.err.find("its folder . refuses"), std::string::npos) << r.err;
  }
}

// --record without -o writes its default file in whatever format is asked,
// never its updates to standard output.
TEST_F(RecordHard, AFormatWithoutOutputWritesTheDefaultFile) {
  CommandResult r = record("--format svg", "leaky", "100000");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(has("leaky.svg"));
  EXPECT_NE(read_file(dir_ + "/leaky.svg").find("rgb(80%,40%,46.666667%)"), std::string::npos)
      << "no drop-in's greys: the page's colours (tol-muted's first, #CC6677)";
  EXPECT_EQ(r.out.find("<svg"), std::string::npos);
  EXPECT_NE(r.err.find("wrote leaky.svg"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("is running: open"), std::string::npos) << "no page, nothing to watch live";
  // The man page says what it does: PROGRAM.svg and so on, as --format says.
  std::string man = read_file(std::string(HPNG_SOURCE_DIR) + "/man/hp2ps-ng.1");
  EXPECT_NE(man.find(".IB program .html\nin the current folder, or\n.IB program .svg\nand so on as\n.B \\-\\-format\nsays"),
            std::string::npos);
}

// hp2ps-ng's own standard output closed: the program's lines go nowhere,
// never into its eventlog, and the page is written.
TEST_F(RecordHard, AClosedStandardOutputDoesNotMixIntoTheEventlog) {
  CommandResult r = run_in(dir_, "TMPDIR=" + dir_ + "/tmp " + hang_guard() + exe() + " --record --every 0.02 -- " +
                                     shell_quote(programs().at("leaky")) + " 100000 >&-");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(has("leaky.html"));
  EXPECT_EQ(run_in(dir_, exe() + " --format json -o - leaky.eventlog").status, 0) << "the kept eventlog is whole";
}

// Several outputs of one recording, and the verdict as a gate.
TEST_F(RecordHard, SeveralOutputsAndTheVerdictAsAGate) {
  CommandResult r = record("-o heap.svg -o heap.html --fail-on-leak --every 0.02", "leaky");
  EXPECT_EQ(r.status, 3) << r.err;
  EXPECT_TRUE(has("heap.svg") && has("heap.html"));
  EXPECT_NE(r.err.find("the verdict names 1 suspect band (--fail-on-leak)"), std::string::npos) << r.err;
  r = record("-o s.svg --fail-on-leak --max-peak 1G --every 0.02", "steady");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("gate --fail-on-leak: steady.eventlog: no suspect band, within"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("gate --max-peak"), std::string::npos) << r.err;
}

// The title is the program and its arguments; a baseline with no census is
// an error, not a run to grow from.
TEST_F(RecordHard, TheTitleIsTheProgramAndAnEmptyBaselineIsAnError) {
  ASSERT_EQ(record("-o t.svg", "leaky", "100000").status, 0);
  EXPECT_NE(read_file(dir_ + "/t.svg").find("leaky 100000"), std::string::npos);
  EXPECT_EQ(read_file(dir_ + "/t.svg").find("+RTS"), std::string::npos);
  // --every given: not run again more often censused, which may catch a
  // census of even this program on a loaded machine (CI did).
  CommandResult q = record("--every 0.1", "quiet");
  ASSERT_EQ(q.status, 0) << "a program that ends before its first census: the heap's lines are drawn: " << q.err << q.out;
  ASSERT_EQ(run_in(dir_, "mv quiet.eventlog base.eventlog").status, 0);
  CommandResult r = record("--baseline base.eventlog --max-growth 10", "leaky", "100000");
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(r.err.find("base.eventlog: the baseline holds no census"), std::string::npos) << r.err;
}

// A program that ends at once (its RTS opens the FIFO read-write, writes,
// closes): what it wrote is kept, every time.
TEST_F(RecordHard, AProgramThatEndsAtOnceIsRecordedEveryTime) {
  for (int k = 0; k < 10; ++k) {
    CommandResult r = record("-o q.json", "quiet");
    ASSERT_EQ(r.status, 0) << "run " << k << ": " << r.err;
  }
}

// Any $TMPDIR that exists works, a carriage return in it too: the FIFO's
// path goes to the program as one argument.
TEST_F(RecordHard, ATmpdirWithAControlCharacterWorks) {
  run_in(dir_, "mkdir \"$(printf 't\\rmp')\"");
  CommandResult r = run_in(dir_, "TMPDIR=\"$(printf '" + dir_ + "/t\\rmp')\" " + hang_guard() + exe() + " --record -- " +
                                     shell_quote(programs().at("leaky")) + " 100000");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(has("leaky.html"));
}

}  // namespace
}  // namespace hpng
