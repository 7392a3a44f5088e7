// The recorder's logic without GHC: the program is a fake (a thread that
// writes a real eventlog into the FIFO --record names, then ends as told),
// the clock a fake that runs at once. What is kept, drawn and judged; how
// a program's failure, a refusal of its RTS and the gates end the run;
// the stop policy (SIGINT, then SIGTERM, then SIGKILL, each said), a stop
// that comes right after the program started included.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <filesystem>
#include <regex>
#include <sstream>
#include <thread>

#include "app/cli/cli.h"
#include "app/modes.h"
#include "app/record/explainer.h"
#include "app/record/recorded_program.h"
#include "app/record/recorder.h"
#include "support/eventlog_writer.h"
#include "support/util.h"

namespace hpng {
namespace {

using namespace hpng::test;

// How the fake program behaves.
struct Script {
  std::string log;                     // written to the FIFO (or, without one, nothing)
  bool waits = false;                  // after the first half of the log, until a signal it obeys
  std::vector<int> ignores;            // signals it does not obey (SIGKILL is always obeyed)
  bool closes_first = false;           // closes its eventlog before it waits
  bool at_once = false;                // writes it all and ends before start() returns, its FIFO opened read-write
  int exit_code = 0;
  std::string refusal;                 // what its RTS says when asked beforehand ("" takes the options)
  std::function<void()> on_start;      // done as it starts (a signal to hp2ps-ng, say)
};

class FakeProgram final : public Program {
 public:
  FakeProgram(const ProgramSpec& spec, const Script& script, std::vector<int>& received)
      : received_(received), script_(script) {
    for (const std::string& a : spec.argv) {
      if (a.starts_with("-ol")) fifo_ = a.substr(3);
    }
    if (script.on_start) script.on_start();
    if (script.at_once) {
      write_at_once();
      return;
    }
    writer_ = std::thread([this] { write(); });
  }
  ~FakeProgram() override {
    signal(SIGKILL);
    if (writer_.joinable()) writer_.join();
  }
  bool ended() override {
    std::lock_guard lock(mutex_);
    return end_.has_value();
  }
  const ProgramEnd& end() const override { return *end_; }
  void signal(int sig) override {
    std::lock_guard lock(mutex_);
    if (end_) return;
    received_.push_back(sig);
    bool ignored = std::find(script_.ignores.begin(), script_.ignores.end(), sig) != script_.ignores.end();
    if (sig == SIGKILL || !ignored) signalled_ = sig, woken_.notify_all();
  }
 private:
  // As a GHC RTS does: its eventlog opened read-write, which a FIFO allows
  // without a reader.
  void write_at_once() {
    int fd = ::open(fifo_.c_str(), O_RDWR);
    if (fd >= 0) (void)!::write(fd, script_.log.data(), script_.log.size()), ::close(fd);
    end_ = ProgramEnd{true, "", 0, 0};
  }
  std::vector<int>& received_;  // every signal it was sent
  // Half the log, the wait for a signal it obeys, the rest (as a GHC RTS
  // flushes its eventlog on SIGINT); a kill ends it at once.
  void write() {
    std::string half = script_.log.substr(0, script_.log.size() / 2), rest = script_.log.substr(half.size());
    FILE* f = fifo_.empty() ? nullptr : std::fopen(fifo_.c_str(), "w");
    if (f) std::fwrite(half.data(), 1, half.size(), f), std::fflush(f);
    if (f && script_.closes_first) std::fclose(f), f = nullptr;
    std::unique_lock lock(mutex_);
    // (A stop that never comes ends the wait after the hang guard's time:
    // the test then fails on what the program was sent, not by hanging.)
    if (script_.waits) woken_.wait_for(lock, std::chrono::seconds(20), [&] { return signalled_ != 0; });
    bool killed = signalled_ == SIGKILL || signalled_ == SIGTERM;
    lock.unlock();
    if (f && !killed) std::fwrite(rest.data(), 1, rest.size(), f);
    if (f) std::fclose(f);
    lock.lock();
    end_ = ProgramEnd{true, "", signalled_ ? 0 : script_.exit_code, signalled_};
  }

  Script script_;
  std::string fifo_;
  std::mutex mutex_;
  std::condition_variable woken_;
  int signalled_ = 0;
  std::optional<ProgramEnd> end_;
  std::thread writer_;
};

class FakeLauncher final : public Launcher {
 public:
  explicit FakeLauncher(Script s) : script(std::move(s)) {}
  std::unique_ptr<Program> start(const ProgramSpec& spec) override {
    if (std::find(spec.argv.begin(), spec.argv.end(), "-?") != spec.argv.end()) {
      asked = spec.argv;
      std::string said = "prog: " + script.refusal + "\nprog: \nprog: Usage: <prog> <args> [+RTS <rtsopts> | -RTS <args>]\n";
      if (spec.output >= 0) (void)!::write(spec.output, said.data(), said.size());
      return std::make_unique<FakeProgram>(ProgramSpec{}, Script{}, probe_signals_);
    }
    started = spec;
    const Script& now = starts_ == 0 || then.empty() ? script : then[std::min(starts_ - 1, then.size() - 1)];
    ++starts_;
    return std::make_unique<FakeProgram>(spec, now, received);
  }
  Script script;
  std::vector<Script> then;  // the later runs' scripts, in turn (the last for the rest); none: `script` for all
  std::vector<std::string> asked;  // the RTS's question, when it was asked
  ProgramSpec started;
  std::vector<int> received;  // the signals the program was sent
  size_t starts() const { return starts_; }

 private:
  std::vector<int> probe_signals_;
  size_t starts_ = 0;
};

// Runs at once: a pause moves it on.
class FakeClock final : public Clock {
 public:
  double now() override { return t_; }
  void pause(double seconds) override {
    t_ += seconds;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));  // the fake program's thread runs
  }

 private:
  double t_ = 0;
};

std::string small(const std::string& name) { return read_file(std::string(HPNG_CASES) + "/../eventlog-small/" + name); }

// A program that writes a real GHC log of a leak and exits 0.
Script leak() {
  Script s;
  s.log = small("leak-hc.eventlog");
  return s;
}

// A GC-bound run: `censuses` censuses over 0.5 s, of which all but
// `mutator` seconds were collections (GC_START to GC_END).
Script gc_bound(size_t censuses, double mutator) {
  test::EventlogWriter w;
  w.declare_standard().declare(9, 0).declare(10, 0).program_args({"./prog", "+RTS", "-hT"});
  auto ns = [](double seconds) { return static_cast<uint64_t>(seconds * 1e9); };
  w.block(10, 0, [&](test::EventlogWriter& b) { b.event(9, ns(0.01), "").event(10, ns(0.5 - mutator + 0.01), ""); });
  w.block(11, 0xFFFF, [&](test::EventlogWriter& b) {
    b.heap_prof_begin(5, 7);
    for (size_t k = 1; k <= censuses; ++k) {
      double at = 0.5 * static_cast<double>(k) / static_cast<double>(censuses + 1);
      b.sample_begin(ns(at)).sample_string(ns(at), 1000 * k, "ARR_WORDS").sample_end(ns(at));
    }
    b.event(9, ns(0.5), "");  // the log's last time
  });
  Script s;
  s.log = w.bytes();
  return s;
}

class Recorder : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = scratch_dir();
    ASSERT_EQ(::mkdir((dir_ + "/tmp").c_str(), 0700), 0);
    old_dir_ = std::filesystem::current_path();
    std::filesystem::current_path(dir_);
    const char* tmp = std::getenv("TMPDIR");
    old_tmp_ = tmp ? std::optional<std::string>(tmp) : std::nullopt;
    ::setenv("TMPDIR", (dir_ + "/tmp").c_str(), 1);
  }
  void TearDown() override {
    std::filesystem::current_path(old_dir_);
    if (old_tmp_) ::setenv("TMPDIR", old_tmp_->c_str(), 1);
    else ::unsetenv("TMPDIR");
  }
  // A binary whose bytes say it is a GHC program of today's (read/binary/rts_abilities.cc).
  void ghc_binary(const std::string& name) {
    write_file(dir_ + "/" + name, "GHCRTS Send binary eventlog eventlog-flush-interval Override profiling output file name prefix");
    ::chmod((dir_ + "/" + name).c_str(), 0755);
  }
  // ... and of a profiled RTS.
  void profiled_ghc_binary(const std::string& name) {
    write_file(dir_ + "/" + name, "GHCRTS Send binary eventlog eventlog-flush-interval break-down: c = cost centre stack");
    ::chmod((dir_ + "/" + name).c_str(), 0755);
  }
  // The job of hp2ps-ng OPTIONS --record -- ./prog 42.
  Job job_of(const std::string& options) {
    std::vector<std::string> words{"hp2ps-ng", "--record"};
    std::istringstream in(options);
    for (std::string w; in >> w;) words.push_back(w);
    words.insert(words.end(), {"--", "./prog", "42"});
    std::vector<char*> argv;
    for (std::string& w : words) argv.push_back(w.data());
    std::string help;
    return resolve_job(parse_command_line(static_cast<int>(argv.size()), argv.data(), warnings_, help), warnings_);
  }
  // hp2ps-ng OPTIONS --record -- ./prog 42, run with `launcher`: the error's
  // code, thrown or said as the run's error (a gate, a failed program), if any.
  std::optional<Code> record(FakeLauncher& launcher, const std::string& options = "") {
    Job job = job_of(options);
    FakeClock clock;
    std::optional<Code> thrown = error_code([&] { record_program(job, launcher, clock, warnings_); });
    return thrown ? thrown : said_error();
  }
  std::optional<Code> said_error() const {
    std::optional<Code> worst;
    for (const Diagnostic& d : warnings_) {
      if (d.error && (!worst || exit_status(d.code) > exit_status(*worst))) worst = d.code;
    }
    return worst;
  }
  bool said(Code code) const {
    return std::any_of(warnings_.begin(), warnings_.end(), [&](const Diagnostic& d) { return d.code == code; });
  }
  std::string dir_, old_dir_;
  std::optional<std::string> old_tmp_;
  Warnings warnings_;
};

TEST_F(Recorder, WhatTheProgramWroteIsKeptDrawnAndNothingLeftBehind) {
  ghc_binary("prog");
  FakeLauncher launcher(leak());
  EXPECT_EQ(record(launcher), std::nullopt);
  EXPECT_EQ(read_file(dir_ + "/prog.eventlog"), small("leak-hc.eventlog"));
  EXPECT_TRUE(file_exists(dir_ + "/prog.html"));
  EXPECT_TRUE(list_dir(dir_ + "/tmp").empty()) << "the private folder is removed";
  // Its RTS was asked first, then given the options on its command line.
  ASSERT_FALSE(launcher.asked.empty());
  EXPECT_EQ(launcher.started.argv[1], "+RTS");
  EXPECT_NE(std::find(launcher.started.argv.begin(), launcher.started.argv.end(), "-hT"), launcher.started.argv.end());
  EXPECT_EQ(launcher.started.argv.back(), "42") << "its own arguments follow, unchanged";
}

// -o DIR/: the default page goes into the folder, made when missing.
TEST_F(Recorder, OFolderTakesTheDefaultOutput) {
  ghc_binary("prog");
  FakeLauncher launcher(leak());
  EXPECT_EQ(record(launcher, "-o pages/"), std::nullopt);
  EXPECT_TRUE(file_exists(dir_ + "/pages/prog.html"));
  EXPECT_TRUE(file_exists(dir_ + "/prog.eventlog")) << "the profile is kept where the RTS would write it";
}

TEST_F(Recorder, ARefusalOfItsRtsEndsTheRunBeforeTheProgramRuns) {
  ghc_binary("prog");
  FakeLauncher launcher(leak());
  launcher.script.refusal = "the flag -hc requires the program to be built with -prof";
  EXPECT_EQ(record(launcher, "--breakdown c"), Code::cannot_record);
  EXPECT_TRUE(launcher.started.argv.empty()) << "the program was never started";
  EXPECT_FALSE(file_exists(dir_ + "/prog.html"));
}

TEST_F(Recorder, AFailedProgramIsDrawnAndItsFailureIsTheRunsStatus) {
  ghc_binary("prog");
  FakeLauncher launcher(leak());
  launcher.script.exit_code = 3;
  EXPECT_EQ(record(launcher), Code::program_failed);
  EXPECT_TRUE(file_exists(dir_ + "/prog.html"));
  EXPECT_TRUE(file_exists(dir_ + "/prog.eventlog"));
}

TEST_F(Recorder, APeakAboveTheGateIsOverLimitWithTheOutputsWritten) {
  ghc_binary("prog");
  FakeLauncher launcher(leak());
  EXPECT_EQ(record(launcher, "--max-peak 1k"), Code::over_limit);
  EXPECT_TRUE(file_exists(dir_ + "/prog.html"));
}

TEST_F(Recorder, AProgramThatWroteNothingIsNoSamplesAndNoEarlierFileIsDrawn) {
  ghc_binary("prog");
  // An earlier recording's: its RTS options name the private folder.
  write_file(dir_ + "/prog.eventlog", small("leak-hc.eventlog") + "-ol/tmp/hp2ps-ng-record.x/eventlog");
  FakeLauncher launcher{Script()};
  EXPECT_EQ(record(launcher), Code::no_samples);
  EXPECT_FALSE(file_exists(dir_ + "/prog.html"));
}

// A program that ends before the watch starts (its RTS wrote all into the
// FIFO and closed it) is recorded whole: the FIFO is held open from its
// making, and followed all the same.
TEST_F(Recorder, AProgramThatEndsBeforeTheWatchIsRecordedWhole) {
  ghc_binary("prog");
  FakeLauncher launcher(leak());
  launcher.script.log = small("leak-hT-N2.eventlog");  // under the FIFO's 64 KiB
  launcher.script.at_once = true;
  EXPECT_EQ(record(launcher), std::nullopt);
  EXPECT_EQ(read_file(dir_ + "/prog.eventlog"), small("leak-hT-N2.eventlog"));
}

// A stop is passed to the program as SIGINT; one the program ignores is
// followed, after its grace, by SIGTERM, then SIGKILL, each said.
TEST_F(Recorder, AStopEscalatesUntilTheProgramHasEnded) {
  ghc_binary("prog");
  FakeLauncher launcher(leak());
  launcher.script.waits = true, launcher.script.ignores = {SIGINT, SIGTERM}, launcher.script.closes_first = true;
  launcher.script.on_start = [] { ::kill(::getpid(), SIGTERM); };
  EXPECT_EQ(record(launcher), std::nullopt) << "a stop passed on is no failure";
  EXPECT_EQ(launcher.received, (std::vector<int>{SIGINT, SIGTERM, SIGKILL}));
  EXPECT_TRUE(said(Code::stop_escalated));
  EXPECT_TRUE(list_dir(dir_ + "/tmp").empty());
}

// A SIGTERM that comes between the program's start and the watch is not
// forgotten: the program gets SIGINT, ends writing its eventlog whole, and
// what it wrote is drawn.
TEST_F(Recorder, AStopRightAfterTheStartIsPassedOn) {
  ghc_binary("prog");
  FakeLauncher launcher(leak());
  launcher.script.waits = true;
  launcher.script.on_start = [] { ::kill(::getpid(), SIGTERM); };
  EXPECT_EQ(record(launcher), std::nullopt);  // killed by the SIGINT passed on, as a GHC program ends on it: no failure
  EXPECT_EQ(launcher.received, (std::vector<int>{SIGINT}));
  EXPECT_EQ(read_file(dir_ + "/prog.eventlog"), small("leak-hc.eventlog"));
  EXPECT_TRUE(file_exists(dir_ + "/prog.html"));
}

// timeout signals hp2ps-ng, then its whole group: two stops at once are one
// (two signals of one kind may be delivered as one: SIGHUP, a stop too,
// follows SIGTERM here).
TEST_F(Recorder, TwoStopsAtOnceAreOne) {
  ghc_binary("prog");
  FakeLauncher launcher(leak());
  launcher.script.waits = true;
  launcher.script.on_start = [] { ::kill(::getpid(), SIGTERM), ::kill(::getpid(), SIGHUP); };
  record(launcher);
  EXPECT_EQ(launcher.received, (std::vector<int>{SIGINT}));
}

// A stop that comes before run 2's RTS wrote a readable eventlog (a header
// cut short) ends --explain with what run 1 found, stopped: no run failed.
TEST_F(Recorder, AStopBeforeAReadableProfileEndsAnExplanationUnfailed) {
  profiled_ghc_binary("prog");
  FakeLauncher launcher(leak());
  Script stopped;
  stopped.log = leak().log.substr(0, 24);
  stopped.waits = true;
  stopped.on_start = [] { ::kill(::getpid(), SIGINT); };
  launcher.then = {stopped};
  Job job = job_of("--explain -o x.json");
  FakeClock clock;
  int in = ::dup(STDIN_FILENO), null = ::open("/dev/null", O_RDONLY);
  ::dup2(null, STDIN_FILENO), ::close(null);  // --explain refuses a terminal's input
  std::optional<Code> thrown = error_code([&] { explain_program(job, launcher, clock, warnings_); });
  ::dup2(in, STDIN_FILENO), ::close(in);
  EXPECT_EQ(thrown ? thrown : said_error(), std::nullopt);
  EXPECT_EQ(launcher.received, (std::vector<int>{SIGINT}));
  EXPECT_NE(read_file(dir_ + "/x.json").find("\"said\": \"stopped by SIGINT\""), std::string::npos);
}

// A stop passed on is no failure: what was recorded is drawn and judged,
// exit 0; stopped before its first census, nothing is drawn and the error
// is the profile's (exit 1), said with the stop, never "the program failed".
TEST_F(Recorder, AStoppedRunIsJudgedAsRecordedNotFailed) {
  ghc_binary("prog");
  Job job = job_of("-o l.json");
  ProgramEnd killed{true, "", 0, SIGKILL, 0.5};
  write_file(dir_ + "/prog.eventlog", small("leak-hc.eventlog"));
  Recording whole{asked_run(job), killed, 3.0, SIGTERM, {}, true, {}};
  EXPECT_FALSE(whole.failed());
  finish_recording(job, whole, warnings_);
  EXPECT_EQ(said_error(), std::nullopt);
  EXPECT_NE(read_file(dir_ + "/l.json").find("\"bands\""), std::string::npos);
  std::string log = small("leak-hc.eventlog");
  write_file(dir_ + "/prog.eventlog", log.substr(0, log.find("datb") + 4));  // no census yet
  ::unlink((dir_ + "/l.json").c_str());
  std::string what;
  std::optional<Code> thrown = error_code([&] {
    try {
      finish_recording(job, whole, warnings_);
    } catch (const Error& e) {
      what = e.what();
      throw;
    }
  });
  EXPECT_EQ(thrown, Code::no_samples);
  EXPECT_NE(what.find("./prog: was stopped after 3.0 s (hp2ps-ng was sent SIGTERM and passed the stop on) before its "
                      "RTS wrote a profile that can be drawn"),
            std::string::npos)
      << what;
  EXPECT_FALSE(file_exists(dir_ + "/l.json"));
}

// A program whose eventlog passes --max-input is stopped (its RTS, holding
// its own read end of the FIFO, would block on its next write for ever),
// and what came before is drawn: a stop, no failure.
TEST_F(Recorder, AProgramPastMaxInputIsStopped) {
  ghc_binary("prog");
  Script s = leak();
  s.waits = true;  // half the log, then until a stop
  FakeLauncher launcher(s);
  EXPECT_EQ(record(launcher, "--max-input 20k -o p.json"), std::nullopt);
  EXPECT_EQ(launcher.received, (std::vector<int>{SIGINT}));
  EXPECT_TRUE(said(Code::too_large));
  for (const Diagnostic& d : warnings_) {
    if (d.code == Code::too_large) {
      EXPECT_EQ(d.file, "prog.eventlog") << "the kept profile, not the private FIFO";
    }
  }
  EXPECT_TRUE(file_exists(dir_ + "/p.json"));
}

// How the program ended is a fact of its Markdown and the page's first
// finding: a failed run's outputs say it failed.
TEST_F(Recorder, TheOutputsSayHowTheProgramEnded) {
  ghc_binary("prog");
  Job job = job_of("-o l.md -o l.html");
  write_file(dir_ + "/prog.eventlog", small("leak-hc.eventlog"));  // as the run left it
  Recording rec{asked_run(job), ProgramEnd{true, "", 2, 0, 0.4}, 1.5, 0, {}, true, {}};
  finish_recording(job, rec, warnings_);
  EXPECT_EQ(said_error(), Code::program_failed);
  EXPECT_NE(read_file(dir_ + "/l.md").find("\n| run | `prog exited with status 2 after 1.5 s` |\n"), std::string::npos)
      << read_file(dir_ + "/l.md");
  EXPECT_NE(read_file(dir_ + "/l.html").find("<li>Run: prog exited with status 2 after 1.5 s</li>"), std::string::npos);
}

// Standard stream `stream` as `path` gives it while `body` runs.
template <class Body>
void with_stream(int stream, const char* path, int flags, Body body) {
  int saved = ::dup(stream), fd = ::open(path, flags);
  ::dup2(fd, stream), ::close(fd);
  body();
  ::dup2(saved, stream), ::close(saved);
}

// Standard input as `path` gives it, and standard output /dev/null (where a
// second run's lines reach no one twice), while `body` runs.
template <class Body>
void with_input(const char* path, int flags, Body body) {
  with_stream(STDOUT_FILENO, "/dev/null", O_WRONLY, [&] { with_stream(STDIN_FILENO, path, flags, body); });
}

// One census at -i0.1 (its log's mutator time under 0.1 s, so its census
// clock is taken as 0.1 s), then the run again: about 30 censuses of the
// same work at -i0.003, its profile the one kept and drawn.
TEST_F(Recorder, ARunTooShortToJudgeIsRunAgainMoreOftenCensused) {
  ghc_binary("prog");
  Script once;
  once.log = small("journal-hc-hbvoid.eventlog");  // one census
  FakeLauncher launcher(once);
  launcher.then = {leak()};
  std::optional<Code> got = Code::bad_option;  // until the run says
  with_input("/dev/null", O_RDONLY, [&] { got = record(launcher, "-o p.json"); });
  EXPECT_EQ(got, std::nullopt);
  EXPECT_EQ(launcher.starts(), 2u);
  EXPECT_NE(std::find(launcher.started.argv.begin(), launcher.started.argv.end(), "-i0.003"), launcher.started.argv.end())
      << testing::PrintToString(launcher.started.argv);
  EXPECT_EQ(read_file(dir_ + "/prog.eventlog"), small("leak-hc.eventlog"));
  EXPECT_FALSE(said(Code::few_censuses)) << "the second run was judged";
}

// A run again is given a time limit (ten times the first run's, a minute
// at least: each census costs a major collection): one that goes on past
// it is stopped as --for stops a run, SIGINT first, and said so.
TEST_F(Recorder, ARunAgainIsStoppedAtItsTimeLimit) {
  ghc_binary("prog");
  Job job = job_of("-o p.json");
  Script endless = leak();
  endless.waits = true;  // after half its log, until it is stopped
  FakeLauncher launcher(endless);
  FakeClock clock;
  RunPlan again = asked_run(job);
  again.stop_after = 60;
  std::unique_ptr<Program> program = launcher.start({{"./prog"}, own_environment(), -1, -1});
  RecordedProgram followed(*job.record, again, *program, clock, warnings_);
  followed.wait();
  // SIGINT first (a loaded machine may let the fake clock reach the next
  // step before the fake program ends: only the first is the limit's).
  ASSERT_FALSE(launcher.received.empty());
  EXPECT_EQ(launcher.received.front(), SIGINT);
  EXPECT_EQ(followed.stopped_by(), kStoppedByRerunLimit);
  EXPECT_GE(followed.seconds(), 60);
  Recording rec{again, program->end(), followed.seconds(), followed.stopped_by(), {}, true, {}};
  std::string words = stopped_words(*job.record, rec);
  EXPECT_TRUE(std::regex_match(words, std::regex("was stopped after 6[0-9]\\.[0-9] s \\(a run again is given 60 s at most: ten "
                                                 "times the first run's time, a minute at least\\)")))
      << words;
}

// A second run that still came up short (its censuses sample the mutator's
// stretches, which a GC-bound program makes short) is followed by a third,
// from its own measure; never a fourth.
TEST_F(Recorder, ASecondRunStillShortIsRunOnceMore) {
  ghc_binary("prog");
  Script once;
  once.log = small("journal-hc-hbvoid.eventlog");
  FakeLauncher launcher(once), never_judged(once);
  // 8 censuses at the --every 0.003 the first run's one asked for: a census
  // clock of 24 to 27 ms, which --every 0.001 censuses about 13 times.
  launcher.then = {gc_bound(8, 0.026), leak()};
  never_judged.then = {gc_bound(8, 0.026), gc_bound(8, 0.026), leak()};
  std::optional<Code> got = Code::bad_option;  // until the run says
  with_input("/dev/null", O_RDONLY, [&] { got = record(launcher, "-o p.json"); });
  EXPECT_EQ(got, std::nullopt);
  EXPECT_EQ(launcher.starts(), 3u);
  EXPECT_FALSE(said(Code::few_censuses)) << "the third run was judged";
  with_input("/dev/null", O_RDONLY, [&] { record(never_judged, "-o q.json"); });
  EXPECT_EQ(never_judged.starts(), 3u);
  EXPECT_NE(read_file(dir_ + "/q.json").find("\"judged\": false"), std::string::npos);
}

// Never run again: an interval the user gave, an input that cannot be
// given twice (a pipe), an output that would get the program's lines
// twice (a pipe: `| wc -l` counts the program's lines), or work too short
// for any interval (1 ms).
TEST_F(Recorder, ARunIsNotRepeatedWhereItsIntervalInputOrOutputIsTheUsers) {
  ghc_binary("prog");
  Script once;
  once.log = small("journal-hc-hbvoid.eventlog");
  FakeLauncher given(once), piped(once), piped_out(once);
  int out[2];
  ASSERT_EQ(::pipe(out), 0);
  std::string out_path = "/dev/fd/" + std::to_string(out[1]);
  with_stream(STDIN_FILENO, "/dev/null", O_RDONLY, [&] {
    with_stream(STDOUT_FILENO, out_path.c_str(), O_WRONLY, [&] { record(piped_out, "-o o.json"); });
  });
  ::close(out[0]), ::close(out[1]);
  EXPECT_EQ(piped_out.starts(), 1u);
  FakeLauncher tiny(gc_bound(0, 0.001));
  with_input("/dev/null", O_RDONLY, [&] { record(tiny, "-o t.json"); });
  EXPECT_EQ(tiny.starts(), 1u);
  with_input("/dev/null", O_RDONLY, [&] { record(given, "--every 0.1 -o p.json"); });
  EXPECT_EQ(given.starts(), 1u);
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  ::close(fds[1]);
  std::string pipe_path = "/dev/fd/" + std::to_string(fds[0]);
  with_input(pipe_path.c_str(), O_RDONLY, [&] { record(piped, "-o q.json"); });
  ::close(fds[0]);
  EXPECT_EQ(piped.starts(), 1u);
  EXPECT_TRUE(said(Code::few_censuses));
}

// The census note follows from a recording's value: its length, its
// interval and its censuses, whatever the machine's speed. A short run is
// told the interval that would judge it, on stdout's summary and on the
// page; a long one with few censuses, that GHC censuses the program's own
// work.
struct NoteCase {
  std::string name;
  double seconds, cpu;
  std::string said;
};

class CensusNotes : public Recorder, public ::testing::WithParamInterface<NoteCase> {};

TEST_P(CensusNotes, FollowFromTheRecording) {
  ghc_binary("prog");
  Job job = job_of("-o l.json -o l.html");
  write_file(dir_ + "/prog.eventlog", small("journal-hc-hbvoid.eventlog"));  // one census, as the run left it
  Recording rec{asked_run(job), ProgramEnd{true, "", 0, 0, GetParam().cpu}, GetParam().seconds, 0, {}, true, {}};
  finish_recording(job, rec, warnings_);
  EXPECT_TRUE(said(Code::few_censuses));
  std::string page = read_file(dir_ + "/l.html");
  EXPECT_NE(page.find("<li>Censuses: prog ran " + GetParam().said), std::string::npos) << page.substr(0, 3000);
  EXPECT_EQ(page.find("<li>prog.eventlog: prog ran "), std::string::npos) << "said once, among the findings";
}

INSTANTIATE_TEST_SUITE_P(
    Recordings, CensusNotes,
    ::testing::Values(NoteCase{"short", 0.5, 0.4, "0.5 s and was censused 1 time at --every 0.1, too few to judge (10 needed): "
                                                  "--every 0.003 censuses it about 33 times"},
                      NoteCase{"waiting", 20, 0.4, "20.0 s (0.40 s of CPU), most of it waiting, which GHC's census clock "
                                                   "does not count, and was censused 1 time at --every 0.1; --every 0.003 censuses it "
                                                   "about 33 times"},
                      NoteCase{"collecting", 4, 3.8, "4.0 s (3.80 s of CPU), most of it collecting garbage, which GHC's "
                                                     "census clock does not count, and was censused 1 time at --every 0.1"}),
    [](const auto& info) { return info.param.name; });

// A recording is a value: two runs of the program, each kept where its
// plan says, finished afterwards from their Recordings, each to its own
// outputs; how each ended is in its value.
TEST_F(Recorder, TwoRecordingsAreFinishedFromTheirValues) {
  ghc_binary("prog");
  FakeLauncher launcher(leak());
  FakeClock clock;
  Job first = job_of("-o first.json"), second = job_of("-o second.json");
  RunPlan a = asked_run(first), b = asked_run(second);
  a.keep = "a.eventlog", b.keep = "b.eventlog", b.breakdown = 'y';
  hpng::Recorder recorder(first, launcher, clock, warnings_);
  Recording one = recorder.record(a);
  launcher.script.log = small("leak-hT-N2.eventlog");
  launcher.script.exit_code = 2;
  Recording two = recorder.record(b);
  EXPECT_EQ(one.run.keep, "a.eventlog");
  EXPECT_EQ(one.end.exit_code, 0);
  EXPECT_EQ(two.end.exit_code, 2);
  EXPECT_NE(std::find(launcher.started.argv.begin(), launcher.started.argv.end(), "-hy"), launcher.started.argv.end())
      << "the second run was asked for its own breakdown";
  finish_recording(first, one, warnings_);
  EXPECT_EQ(said_error(), std::nullopt);
  finish_recording(second, two, warnings_);
  EXPECT_EQ(said_error(), Code::program_failed) << "the second program's failure is its finish's error";
  EXPECT_EQ(read_file(dir_ + "/a.eventlog"), small("leak-hc.eventlog"));
  EXPECT_EQ(read_file(dir_ + "/b.eventlog"), small("leak-hT-N2.eventlog"));
  EXPECT_NE(read_file(dir_ + "/first.json").find("\"breakdown\": \"-hc\""), std::string::npos);
  EXPECT_NE(read_file(dir_ + "/second.json").find("\"breakdown\": \"-hT\""), std::string::npos);
}

}  // namespace
}  // namespace hpng
