// A signal that ends the process mid-write removes the temporary file; a
// signal the program handles itself, or ignores, leaves the write to finish.
#include "output/temp_guard.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "support/util.h"

namespace hpng {
namespace {

volatile sig_atomic_t handled = 0;
extern "C" void note_signal(int) { handled = 1; }

// Runs `body` in a child process; its wait status. The child dumps no core
// (SIGQUIT, SIGXCPU and SIGXFSZ would by default).
template <class Body>
int in_child(Body body) {
  pid_t pid = ::fork();
  if (pid == 0) {
    struct rlimit none = {0, 0};
    ::setrlimit(RLIMIT_CORE, &none);
    body();
    ::_exit(0);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  return status;
}

class TempGuardSignals : public ::testing::TestWithParam<int> {};

TEST_P(TempGuardSignals, ASignalMidWriteRemovesTheTemporaryFile) {
  std::string dir = test::scratch_dir();
  int status = in_child([&] {
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
                         ::testing::Values(SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGALRM, SIGVTALRM, SIGXCPU, SIGXFSZ, SIGUSR1,
                                           SIGUSR2));

TEST(TempGuard, AProgramsOwnHandlerRunsAndTheWriteGoesOn) {
  std::string dir = test::scratch_dir();
  int status = in_child([&] {
    ::signal(SIGTERM, note_signal);
    TempGuard guard;
    if (guard.create(dir + "/.out.svg.XXXXXX") < 0) ::_exit(3);
    ::raise(SIGTERM);
    ::_exit(handled && ::access(guard.path().c_str(), F_OK) == 0 ? 0 : 5);
  });
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0) << "the handler did not run, or the file was removed";
}

TEST(TempGuard, AnIgnoredSignalStaysIgnored) {
  std::string dir = test::scratch_dir();
  int status = in_child([&] {
    ::signal(SIGHUP, SIG_IGN);
    TempGuard guard;
    if (guard.create(dir + "/.out.svg.XXXXXX") < 0) ::_exit(3);
    ::raise(SIGHUP);
    ::_exit(::access(guard.path().c_str(), F_OK) == 0 ? 0 : 5);
  });
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
}

TEST(TempGuard, AfterReleaseTheDefaultActionIsBack) {
  std::string dir = test::scratch_dir();
  int status = in_child([&] {
    TempGuard guard;
    if (guard.create(dir + "/.out.svg.XXXXXX") < 0) ::_exit(3);
    guard.release();
    struct sigaction now;
    ::sigaction(SIGTERM, nullptr, &now);
    ::_exit(now.sa_handler == SIG_DFL && ::access(guard.path().c_str(), F_OK) == 0 ? 0 : 5);
  });
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
}

}  // namespace
}  // namespace hpng
