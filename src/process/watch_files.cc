// See watch_files.h.
#include "process/watch_files.h"

#include <poll.h>
#include <signal.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <ctime>

namespace hpng {

namespace {

volatile std::sig_atomic_t g_stop = 0;           // the signal, 0: none
volatile std::sig_atomic_t g_from_terminal = 0;  // sent by the kernel: a terminal's ^C
extern "C" void request_stop(int sig, siginfo_t* info, void*) {
  g_stop = sig;
  g_from_terminal = info && info->si_code == SI_KERNEL;
}

}  // namespace

StopSignals::StopSignals() {
  g_stop = 0;
  struct sigaction sa = {};
  sa.sa_sigaction = request_stop;
  sa.sa_flags = SA_SIGINFO;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, &old_int_);
  sigaction(SIGTERM, &sa, &old_term_);
}

StopSignals::~StopSignals() {
  sigaction(SIGINT, &old_int_, nullptr);
  sigaction(SIGTERM, &old_term_, nullptr);
}

bool stop_requested() { return g_stop != 0; }

std::optional<StopRequest> take_stop_request() {
  if (!g_stop) return std::nullopt;
  StopRequest r{static_cast<int>(g_stop), g_from_terminal != 0};
  g_stop = 0;
  return r;
}

FileState file_state(const std::string& path) {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0) return {};
  return {true, S_ISFIFO(st.st_mode), st.st_dev, st.st_ino, st.st_size, static_cast<long>(st.st_mtim.tv_sec), st.st_mtim.tv_nsec};
}

bool started_over(const FileState& before, const FileState& now) {
  return before.exists && now.exists && (now.ino != before.ino || now.dev != before.dev || now.size < before.size);
}

bool process_ended(int pid) { return ::kill(pid, 0) != 0 && errno == ESRCH; }

void pause_for(double seconds) {
  struct timespec t = {static_cast<time_t>(seconds), static_cast<long>(std::fmod(seconds, 1.0) * 1e9)};
  while (!g_stop && nanosleep(&t, &t) != 0 && errno == EINTR) {
  }
}

ChangeWait::ChangeWait(const std::string& path) : fd_(inotify_init1(IN_NONBLOCK | IN_CLOEXEC)) {
  if (fd_ >= 0 && inotify_add_watch(fd_, path.c_str(), IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_MOVE_SELF |
                                                            IN_DELETE_SELF) < 0) {
    ::close(fd_);
    fd_ = -1;
  }
}

ChangeWait::~ChangeWait() {
  if (fd_ >= 0) ::close(fd_);
}

void ChangeWait::wait(double seconds) {
  if (fd_ < 0) return pause_for(seconds);
  struct pollfd p = {fd_, POLLIN, 0};
  if (poll(&p, 1, static_cast<int>(seconds * 1000)) > 0) {
    char buf[4096];
    while (::read(fd_, buf, sizeof buf) > 0) {
    }
  }
}

}  // namespace hpng
