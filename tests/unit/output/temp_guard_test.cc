// A signal that ends the process mid-write removes the temporary file; a
// stop while stops are requests (--watch, --record), or a signal ignored,
// leaves the write to finish.
#include "output/temp_guard.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "process/signals.h"
#include "support/util.h"

namespace hpng {
namespace {

class TempGuardSignals : public ::testing::TestWithParam<int> {};

TEST_P(TempGuardSignals, ASignalMidWriteRemovesTheTemporaryFile) {
  std::string dir = test::scratch_dir();
  int status = test::in_child([&] {
    TempGuard guard;
    if (guard.create(dir + "/.out.svg.XXXXXX") < 0) ::_exit(3);
    ::raise(GetParam());
    ::_exit(4);  // not reached: the default action ends the process
  });
  ASSERT_TRUE(WIFSIGNALED(status)) << "child exit status " << WEXITSTATUS(status);
  EXPECT_EQ(WTERMSIG(status), GetParam());
  EXPECT_TRUE(test::list_dir(dir).empty()) << "left behind: " << test::list_dir(dir).front();
}

INSTANTIATE_TEST_SUITE_P(Signals, TempGuardSignals,
                         ::testing::Values(SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGALRM, SIGVTALRM, SIGXCPU, SIGUSR1,
                                           SIGUSR2));

TEST(TempGuard, WhileStopsAreRequestsAStopLetsTheWriteGoOn) {
  std::string dir = test::scratch_dir();
  int status = test::in_child([&] {
    StopsAreRequests requests;
    TempGuard guard;
    if (guard.create(dir + "/.out.svg.XXXXXX") < 0) ::_exit(3);
    ::raise(SIGTERM);
    std::optional<StopRequest> r = take_stop_request();
    ::_exit(r && r->signal == SIGTERM && ::access(guard.path().c_str(), F_OK) == 0 ? 0 : 5);
  });
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0) << "the handler did not run, or the file was removed";
}

TEST(TempGuard, AnIgnoredSignalStaysIgnored) {
  std::string dir = test::scratch_dir();
  int status = test::in_child([&] {
    ::signal(SIGHUP, SIG_IGN);
    TempGuard guard;
    if (guard.create(dir + "/.out.svg.XXXXXX") < 0) ::_exit(3);
    ::raise(SIGHUP);
    ::_exit(::access(guard.path().c_str(), F_OK) == 0 ? 0 : 5);
  });
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
}

// Released (renamed into place), the file is the output's: a signal ends
// the process as by default and leaves it.
TEST(TempGuard, AfterReleaseASignalLeavesTheFile) {
  std::string dir = test::scratch_dir();
  int status = test::in_child([&] {
    TempGuard guard;
    if (guard.create(dir + "/.out.svg.XXXXXX") < 0) ::_exit(3);
    guard.release();
    ::raise(SIGTERM);
    ::_exit(4);
  });
  ASSERT_TRUE(WIFSIGNALED(status));
  EXPECT_EQ(WTERMSIG(status), SIGTERM);
  EXPECT_EQ(test::list_dir(dir).size(), 1u);
}

}  // namespace
}  // namespace hpng
