// See temp_guard.h. One output is written at a time, so one slot suffices.
#include "output/temp_guard.h"

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstring>
#include <iterator>

namespace hpng {

namespace {

// Every signal whose default action ends the process and that another
// process or a limit sends (a timeout's SIGALRM, ulimit's SIGXCPU and
// SIGXFSZ, Ctrl-\'s SIGQUIT): each left a hidden temporary file behind.
constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGALRM, SIGVTALRM, SIGXCPU, SIGXFSZ, SIGUSR1, SIGUSR2};
struct sigaction saved[std::size(kSignals)];
char slot[PATH_MAX + 1];
volatile sig_atomic_t slot_in_use = 0;

// Only async-signal-safe calls: unlink, sigaction, raise.
extern "C" void on_signal(int sig) {
  for (size_t i = 0; i < std::size(kSignals); ++i) {
    if (kSignals[i] != sig) continue;
    if (saved[i].sa_handler != SIG_DFL) return saved[i].sa_handler(sig);
    if (slot_in_use) ::unlink(slot);
    slot_in_use = 0;
    ::sigaction(sig, &saved[i], nullptr);
    ::raise(sig);
  }
}

sigset_t held_signals() {
  sigset_t set;
  sigemptyset(&set);
  for (int sig : kSignals) sigaddset(&set, sig);
  return set;
}

void install() {
  for (size_t i = 0; i < std::size(kSignals); ++i) {
    ::sigaction(kSignals[i], nullptr, &saved[i]);
    if (saved[i].sa_handler == SIG_IGN || (saved[i].sa_flags & SA_SIGINFO)) continue;
    struct sigaction sa = {};
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    ::sigaction(kSignals[i], &sa, nullptr);
  }
}

void uninstall() {
  for (size_t i = 0; i < std::size(kSignals); ++i) {
    struct sigaction now;
    ::sigaction(kSignals[i], nullptr, &now);
    if (now.sa_handler == on_signal) ::sigaction(kSignals[i], &saved[i], nullptr);
  }
}

}  // namespace

int TempGuard::create(std::string tmpl) {
  if (tmpl.size() > PATH_MAX) return errno = ENAMETOOLONG, -1;
  sigset_t set = held_signals(), old;
  ::sigprocmask(SIG_BLOCK, &set, &old);
  int fd = ::mkstemp(tmpl.data());
  int err = errno;
  if (fd >= 0) {
    std::memcpy(slot, tmpl.c_str(), tmpl.size() + 1);
    slot_in_use = 1;
    install();
    path_ = tmpl, armed_ = true;
  }
  ::sigprocmask(SIG_SETMASK, &old, nullptr);
  errno = err;
  return fd;
}

void TempGuard::release() {
  if (!armed_) return;
  sigset_t set = held_signals(), old;
  ::sigprocmask(SIG_BLOCK, &set, &old);
  slot_in_use = 0;
  uninstall();
  ::sigprocmask(SIG_SETMASK, &old, nullptr);
  armed_ = false;
}

}  // namespace hpng
