// See signals.h.
#include "process/signals.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>

#include <cmath>
#include <cstring>
#include <iterator>

namespace hpng {

namespace {

constexpr int kEnding[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGALRM, SIGVTALRM, SIGXCPU, SIGUSR1, SIGUSR2};
constexpr size_t kSlots = 8, kQueue = 16;

bool is_stop(int sig) { return sig == SIGINT || sig == SIGTERM || sig == SIGHUP; }

// What the handler reads and writes: plain data, each set before it is
// armed. The handler blocks every signal it handles while it runs, so no
// two runs of it interleave.
struct Slot {
  volatile sig_atomic_t used = 0, folder = 0;
  char path[PATH_MAX + 1] = {};
};
Slot g_slots[kSlots];
volatile sig_atomic_t g_requests_on = 0;
volatile sig_atomic_t g_queue_sig[kQueue], g_queue_tty[kQueue];
volatile sig_atomic_t g_head = 0, g_tail = 0;  // taken, queued (a request past kQueue waiting is dropped)
volatile sig_atomic_t g_resized = 0;
volatile pid_t g_group = 0;
volatile sig_atomic_t g_terminal = -1;
bool g_owned = false;

// The group killed, its terminal taken back (SIGTTOU held: a background
// process that sets the foreground would get it), the slots removed.
void clean_up() {
  if (g_group > 0) {
    ::kill(-g_group, SIGKILL);
    if (g_terminal >= 0) {
      sigset_t ttou, old;
      sigemptyset(&ttou);
      sigaddset(&ttou, SIGTTOU);
      ::sigprocmask(SIG_BLOCK, &ttou, &old);
      ::tcsetpgrp(g_terminal, ::getpgrp());
      ::sigprocmask(SIG_SETMASK, &old, nullptr);
    }
  }
  for (Slot& s : g_slots) {
    if (s.used && !s.folder) ::unlink(s.path);
  }
  for (Slot& s : g_slots) {
    if (s.used && s.folder) ::rmdir(s.path);
  }
}

extern "C" void on_signal(int sig, siginfo_t* info, void*) {
  int saved = errno;
  if (sig == SIGWINCH) {
    g_resized = 1;
  } else if (g_requests_on && is_stop(sig)) {
    if (g_tail - g_head < static_cast<sig_atomic_t>(kQueue)) {
      g_queue_sig[g_tail % kQueue] = sig;
      g_queue_tty[g_tail % kQueue] = info && info->si_code == SI_KERNEL;
      g_tail = g_tail + 1;
    }
  } else {
    clean_up();
    struct sigaction dfl = {};
    dfl.sa_handler = SIG_DFL;
    ::sigaction(sig, &dfl, nullptr);
    ::raise(sig);  // delivered when the handler returns
  }
  errno = saved;
}

sigset_t handled_mask() {
  sigset_t mask;
  sigemptyset(&mask);
  for (int sig : kEnding) sigaddset(&mask, sig);
  sigaddset(&mask, SIGWINCH);
  return mask;
}

void install(int sig, const sigset_t& mask, bool even_if_ignored = false) {
  struct sigaction now;
  ::sigaction(sig, nullptr, &now);
  if (now.sa_handler == SIG_IGN && !even_if_ignored) return;  // nohup's: stays ignored
  struct sigaction sa = {};
  sa.sa_sigaction = on_signal;
  sa.sa_flags = SA_SIGINFO;  // no SA_RESTART: a wait is woken at once
  sa.sa_mask = mask;
  ::sigaction(sig, &sa, nullptr);
}

}  // namespace

void own_signals() {
  if (g_owned) return;
  g_owned = true;
  for (int fd = 0; fd <= 2; ++fd) {
    if (::fcntl(fd, F_GETFD) < 0 && errno == EBADF) ::open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY);  // takes fd
  }
  sigset_t mask = handled_mask();
  for (int sig : kEnding) install(sig, mask);
  install(SIGWINCH, mask);
  ::signal(SIGXFSZ, SIG_IGN);
}

// SIGINT and SIGTERM are asked for even where they were ignored (a shell
// starts a script's background jobs with SIGINT ignored): they are how a
// watch or a recording is ended. SIGHUP ignored (nohup) stays ignored.
// They nest (--explain's runs, each a recording, within the explanation):
// the outermost one ends requests, and drops those not taken.
int g_request_depth = 0;

StopsAreRequests::StopsAreRequests() {
  own_signals();
  if (g_request_depth++ > 0) return;
  g_requests_on = 1;
  sigset_t mask = handled_mask();
  install(SIGINT, mask, true);
  install(SIGTERM, mask, true);
}

StopsAreRequests::~StopsAreRequests() {
  if (--g_request_depth > 0) return;
  g_requests_on = 0;
  g_head = g_tail;
}

std::optional<StopRequest> take_stop_request() {
  if (g_head == g_tail) return std::nullopt;
  StopRequest r{static_cast<int>(g_queue_sig[g_head % kQueue]), g_queue_tty[g_head % kQueue] != 0};
  g_head = g_head + 1;
  return r;
}

bool stop_requested() { return g_head != g_tail; }

void pause_for(double seconds) {
  struct timespec t = {static_cast<time_t>(seconds), static_cast<long>(std::fmod(seconds, 1.0) * 1e9)};
  while (!stop_requested() && nanosleep(&t, &t) != 0 && errno == EINTR) {
  }
}

bool resized() {
  bool r = g_resized != 0;
  g_resized = 0;
  return r;
}

// A slot is filled before it is marked used: the handler never sees half a
// path.
RemovedOnSignal::RemovedOnSignal(const std::string& path, bool folder) : slot_(-1) {
  own_signals();
  if (path.size() > PATH_MAX) return;
  for (size_t k = 0; k < kSlots; ++k) {
    if (g_slots[k].used) continue;
    std::memcpy(g_slots[k].path, path.c_str(), path.size() + 1);
    g_slots[k].folder = folder;
    g_slots[k].used = 1;
    slot_ = static_cast<int>(k);
    return;
  }
}

RemovedOnSignal::~RemovedOnSignal() {
  if (slot_ >= 0) g_slots[slot_].used = 0;
}

void end_on_signal(pid_t group, int terminal) {
  own_signals();
  g_terminal = terminal;
  g_group = group;
}

void keep_on_signal() {
  g_group = 0;
  g_terminal = -1;
}

}  // namespace hpng
