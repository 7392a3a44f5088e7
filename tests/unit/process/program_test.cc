// The process behind --record: started in a group of its own, its end as
// the system reports it, its RTS's answer read from what it prints, its
// RTS options where its children do not inherit them; and the one owner of
// signals: what a signal that ends hp2ps-ng takes with it.
#include <gtest/gtest.h>

#include <signal.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "process/private_folder.h"
#include "process/program.h"
#include "process/rts_request.h"
#include "process/signals.h"
#include "support/util.h"

namespace hpng {
namespace {

using namespace hpng::test;

const ProgramEnd& run_to_end(Program& p) {
  while (!p.ended()) system_clock().pause(0.01);
  return p.end();
}

TEST(Program, RunsInAGroupOfItsOwnAndItsStatusIsSaid) {
  int out = ::memfd_create("out", 0);
  std::unique_ptr<Program> p = system_launcher().start({{"sh", "-c", "ps -o pgid= -p $$; exit 3"}, own_environment(), -1, out});
  const ProgramEnd& end = run_to_end(*p);
  EXPECT_TRUE(end.started);
  EXPECT_EQ(end.exit_code, 3);
  EXPECT_EQ(describe_end(end), "exited with status 3");
  std::string printed(64, '\0');
  printed.resize(static_cast<size_t>(std::max<ssize_t>(0, ::pread(out, printed.data(), printed.size(), 0))));
  ::close(out);
  EXPECT_NE(std::stol(printed), static_cast<long>(::getpgrp())) << "its process group is its own";
}

TEST(Program, ASignalToItReachesItsGroup) {
  std::unique_ptr<Program> p = system_launcher().start({{"sh", "-c", "sleep 30 & wait"}, own_environment(), -1, -1});
  p->signal(SIGTERM);
  const ProgramEnd& end = run_to_end(*p);
  EXPECT_EQ(end.signal, SIGTERM);
  EXPECT_EQ(describe_end(end), "was killed by signal 15 (SIGTERM)");
}

TEST(Program, OneThatCannotStartSaysWhy) {
  std::unique_ptr<Program> p = system_launcher().start({{"./no-such-program"}, own_environment(), -1, -1});
  ASSERT_TRUE(p->ended());
  EXPECT_EQ(describe_end(p->end()), "could not start: No such file or directory");
}

struct Complaint {
  const char* printed;
  const char* said;
  const char* name = "leaky";
};

class RtsAnswer : public ::testing::TestWithParam<Complaint> {};

TEST_P(RtsAnswer, TheFirstComplaintBeforeItsUsageIsTheRefusal) {
  EXPECT_EQ(first_complaint(GetParam().printed, GetParam().name), GetParam().said);
}

INSTANTIATE_TEST_SUITE_P(
    Printed, RtsAnswer,
    ::testing::Values(
        Complaint{"leaky: \nleaky: Usage: <prog> <args> [+RTS <rtsopts> | -RTS <args>] ... --RTS <args>\n", ""},
        Complaint{"leaky: the flag -hc requires the program to be built with -prof\nleaky: \nleaky: Usage: <prog>\n",
                  "the flag -hc requires the program to be built with -prof"},
        Complaint{"leaky: Most RTS options are disabled. Link with -rtsopts to enable them.\n",
                  "Most RTS options are disabled. Link with -rtsopts to enable them."},
        Complaint{"", ""},
        // A program whose name holds ": ": its usage is no complaint, its complaint is whole.
        Complaint{"memtest: big: \nmemtest: big: Usage: <prog> <args> [+RTS <rtsopts> | -RTS <args>]\n", "",
                  "memtest: big"},
        Complaint{"memtest: big: unknown RTS option: -hz\nmemtest: big: \nmemtest: big: Usage: <prog>\n",
                  "unknown RTS option: -hz", "memtest: big"}));

// A GHC binary gets its options between +RTS and -RTS, where the RTS takes
// them out: a program it runs does not inherit them, as it would GHCRTS.
TEST(RtsOptions, AGhcBinaryGetsThemOnItsCommandLineAScriptInGhcrts) {
  std::vector<std::string> opts = rts_options({'T', {}, 0.1, "/t/my dir/eventlog", "/t/my dir/profile", true});
  EXPECT_EQ(opts, (std::vector<std::string>{"-hT", "-i0.1", "-l-agu", "-ol/t/my dir/eventlog", "-po/t/my dir/profile",
                                            "--eventlog-flush-interval=1"}));
  ProgramSpec ghc = with_rts_options({"./prog", "a b"}, opts, true, {"GHCRTS=-M1g", "HOME=/h"}, -1);
  EXPECT_EQ(ghc.argv.front(), "./prog");
  EXPECT_EQ(ghc.argv[1], "+RTS");
  EXPECT_EQ(ghc.argv[ghc.argv.size() - 2], "-RTS");
  EXPECT_EQ(ghc.argv.back(), "a b");
  EXPECT_EQ(ghc.env, (std::vector<std::string>{"GHCRTS=-M1g", "HOME=/h"})) << "the user's GHCRTS untouched";
  ProgramSpec script = with_rts_options({"./run.sh"}, {"-hT", "-i0.1"}, false, {"GHCRTS=-M1g", "HOME=/h"}, -1);
  EXPECT_EQ(script.argv, (std::vector<std::string>{"./run.sh"}));
  EXPECT_EQ(script.env, (std::vector<std::string>{"HOME=/h", "GHCRTS=-M1g -hT -i0.1"}));
}

// --explain's restrictions follow the breakdown, each one word: the RTS
// takes a restriction only with a breakdown, and -i after them all.
TEST(RtsOptions, RestrictionsFollowTheBreakdown) {
  std::vector<std::string> opts = rts_options({'r', {"-hcremember", "-hmStore", "-hyMap", "-L200"}, 0.05, "", "", false});
  EXPECT_EQ(opts, (std::vector<std::string>{"-hr", "-hcremember", "-hmStore", "-hyMap", "-L200", "-i0.05"}));
}

TEST(Signals, ASignalThatEndsTheRunRemovesThePrivateFolderAndEndsTheProgramsGroup) {
  std::string dir = scratch_dir(), pids = scratch_dir() + "/sleeper.pid";
  ::setenv("TMPDIR", dir.c_str(), 1);
  int status = in_child([&] {
    PrivateFolder folder;
    folder.fifo();
    std::unique_ptr<Program> p =
        system_launcher().start({{"sh", "-c", "echo $$ > " + shell_quote(pids) + "; exec sleep 60"}, own_environment(), -1, -1});
    while (!file_exists(pids) || read_file(pids).find('\n') == std::string::npos) ::usleep(10000);
    ::raise(SIGQUIT);
    ::_exit(4);
  });
  ::unsetenv("TMPDIR");
  ASSERT_TRUE(WIFSIGNALED(status));
  EXPECT_EQ(WTERMSIG(status), SIGQUIT);
  EXPECT_TRUE(list_dir(dir).empty()) << "left: " << list_dir(dir).front();
  pid_t sleeper = static_cast<pid_t>(std::stol(read_file(pids)));
  for (int k = 0; k < 500 && ::kill(sleeper, 0) == 0; ++k) ::usleep(10000);
  EXPECT_NE(::kill(sleeper, 0), 0) << "the program outlived hp2ps-ng";
}

TEST(Signals, StopsAreQueuedInOrderNoneLost) {
  int status = in_child([] {
    StopsAreRequests requests;
    ::raise(SIGTERM);
    ::raise(SIGHUP);
    ::raise(SIGINT);
    std::optional<StopRequest> a = take_stop_request(), b = take_stop_request(), c = take_stop_request();
    bool ok = a && a->signal == SIGTERM && b && b->signal == SIGHUP && c && c->signal == SIGINT && !stop_requested();
    ::_exit(ok ? 0 : 5);
  });
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
}

}  // namespace
}  // namespace hpng
