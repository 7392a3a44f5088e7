// See program.h.
#include "process/program.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>

#include "process/signals.h"

extern char** environ;

namespace hpng {

namespace {

double seconds(const struct timeval& t) { return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6; }

bool executable(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(path.c_str(), X_OK) == 0;
}

// The paths execvp would try for `name`, in order.
std::vector<std::string> candidates(const std::string& name) {
  if (name.find('/') != std::string::npos) return {name};
  const char* path = std::getenv("PATH");
  std::string dirs = path ? path : "/usr/local/bin:/usr/bin:/bin";
  std::vector<std::string> out;
  for (size_t at = 0; at <= dirs.size();) {
    size_t end = std::min(dirs.find(':', at), dirs.size());
    std::string dir = dirs.substr(at, end - at);
    out.push_back((dir.empty() ? "." : dir) + "/" + name);
    at = end + 1;
  }
  return out;
}

std::vector<char*> pointers(std::vector<std::string>& strings) {
  std::vector<char*> out;
  for (std::string& s : strings) out.push_back(s.data());
  out.push_back(nullptr);
  return out;
}

// SIGTTOU held, so that a process not in the foreground may set it (and
// write to the terminal with TOSTOP set).
void hold_ttou(bool hold) {
  sigset_t ttou;
  sigemptyset(&ttou);
  sigaddset(&ttou, SIGTTOU);
  ::sigprocmask(hold ? SIG_BLOCK : SIG_UNBLOCK, &ttou, nullptr);
}

// In the child, between fork and exec: only async-signal-safe calls. Its
// own group (with the terminal's foreground), killed if hp2ps-ng is, every
// signal's default action and none blocked; then each path execvp would
// try. On failure its errno goes up the pipe.
[[noreturn]] void become(const std::vector<char*>& paths, char* const* argv, char* const* envp,
                         const ProgramSpec& spec, int report, pid_t parent) {
  ::setpgid(0, 0);
  if (spec.output >= 0) ::dup2(spec.output, STDOUT_FILENO), ::dup2(spec.output, STDERR_FILENO);
  if (spec.input >= 0) ::dup2(spec.input, STDIN_FILENO);
  if (spec.terminal >= 0) ::tcsetpgrp(spec.terminal, ::getpid());  // SIGTTOU is held (by the parent's mask)
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() != parent) ::_exit(127);
  struct sigaction dfl = {};
  dfl.sa_handler = SIG_DFL;
  for (int sig = 1; sig < NSIG; ++sig) {
    if (sig != SIGKILL && sig != SIGSTOP) ::sigaction(sig, &dfl, nullptr);
  }
  sigset_t none;
  sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
  int err = ENOENT;
  for (char* path : paths) {
    if (!path) break;
    ::execve(path, argv, envp);
    if (errno == EACCES || err == ENOENT) err = errno;  // as execvp: a path found but refused is the reason
  }
  (void)!::write(report, &err, sizeof err);
  ::_exit(127);
}

class SpawnedProgram final : public Program {
 public:
  explicit SpawnedProgram(const ProgramSpec& spec);
  ~SpawnedProgram() override;
  bool ended() override;
  const ProgramEnd& end() const override { return *end_; }
  void signal(int sig) override {
    if (!ended()) ::kill(-pid_, sig);
  }

 private:
  void reaped(int status, const struct rusage* usage = nullptr);
  pid_t pid_ = -1;
  int terminal_;
  std::optional<ProgramEnd> end_;
};

SpawnedProgram::SpawnedProgram(const ProgramSpec& spec) : terminal_(spec.terminal) {
  std::vector<std::string> args = spec.argv, env = spec.env, paths = candidates(spec.argv[0]);
  std::vector<char*> arg_ptrs = pointers(args), env_ptrs = pointers(env), path_ptrs = pointers(paths);
  int report[2];
  if (::pipe2(report, O_CLOEXEC) != 0) {
    end_ = ProgramEnd{false, std::strerror(errno)};
    return;
  }
  // Every signal held across the fork: the child must not run hp2ps-ng's
  // handler, which would remove hp2ps-ng's files.
  sigset_t all, old;
  sigfillset(&all);
  ::sigprocmask(SIG_BLOCK, &all, &old);
  pid_t parent = ::getpid();
  pid_ = ::fork();
  if (pid_ == 0) become(path_ptrs, arg_ptrs.data(), env_ptrs.data(), spec, report[1], parent);
  int fork_error = errno;
  if (pid_ > 0) {
    ::setpgid(pid_, pid_);  // also here, as a shell does: whichever runs first
    if (terminal_ >= 0) hold_ttou(true), ::tcsetpgrp(terminal_, pid_);
    end_on_signal(pid_, terminal_);
  }
  ::sigprocmask(SIG_SETMASK, &old, nullptr);
  if (terminal_ >= 0) hold_ttou(true);  // (the mask was put back)
  ::close(report[1]);
  int err = 0;
  ssize_t n = pid_ > 0 ? ::read(report[0], &err, sizeof err) : -1;
  ::close(report[0]);
  if (pid_ < 0) end_ = ProgramEnd{false, std::strerror(fork_error)};
  if (n == static_cast<ssize_t>(sizeof err)) {
    ::waitpid(pid_, nullptr, 0);
    reaped(0);
    end_ = ProgramEnd{false, std::strerror(err)};
  }
}

// A program still running when hp2ps-ng gives up (an error of its own) is
// ended: asked, then, a second later, killed with its group.
SpawnedProgram::~SpawnedProgram() {
  if (ended()) return;
  ::kill(-pid_, SIGTERM);
  for (int k = 0; k < 20 && !ended(); ++k) ::usleep(50000);
  if (!ended()) ::kill(-pid_, SIGKILL), ::waitpid(pid_, nullptr, 0);
  keep_on_signal();
}

void SpawnedProgram::reaped(int status, const struct rusage* usage) {
  ProgramEnd e;
  e.started = true;
  if (usage) e.cpu_seconds = seconds(usage->ru_utime) + seconds(usage->ru_stime);
  if (WIFEXITED(status)) e.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) e.signal = WTERMSIG(status);
  end_ = e;
  keep_on_signal();
  if (terminal_ >= 0) ::tcsetpgrp(terminal_, ::getpgrp()), hold_ttou(false);
}

bool SpawnedProgram::ended() {
  if (end_) return true;
  int status;
  struct rusage usage;
  pid_t r = ::wait4(pid_, &status, WNOHANG, &usage);
  if (r == pid_) reaped(status, &usage);
  else if (r < 0 && errno == ECHILD) reaped(0);  // not ours to wait for any more
  return end_.has_value();
}

class SystemLauncher final : public Launcher {
 public:
  std::unique_ptr<Program> start(const ProgramSpec& spec) override { return std::make_unique<SpawnedProgram>(spec); }
};

class SystemClock final : public Clock {
 public:
  double now() override {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
  }
  void pause(double seconds) override { pause_for(seconds); }
};

}  // namespace

std::optional<std::string> find_program(const std::string& name) {
  for (const std::string& c : candidates(name)) {
    if (executable(c)) return c;
  }
  return std::nullopt;
}

std::string describe_end(const ProgramEnd& end) {
  if (!end.started) return "could not start: " + end.not_started;
  if (end.signal) {
    std::string name = signal_name(end.signal);
    return "was killed by signal " + std::to_string(end.signal) + (name.starts_with("SIG") ? " (" + name + ")" : "");
  }
  return "exited with status " + std::to_string(end.exit_code);
}

std::string signal_name(int sig) {
  const char* name = sigabbrev_np(sig);
  return name ? std::string("SIG") + name : "signal " + std::to_string(sig);
}

Launcher& system_launcher() {
  static SystemLauncher launcher;
  return launcher;
}

Clock& system_clock() {
  static SystemClock clock;
  return clock;
}

std::vector<std::string> own_environment() {
  std::vector<std::string> env;
  for (char** e = environ; *e; ++e) env.emplace_back(*e);
  return env;
}

int foreground_terminal() {
  for (int fd : {STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO}) {
    if (::isatty(fd) && ::tcgetpgrp(fd) == ::getpgrp()) return fd;
  }
  return -1;
}

}  // namespace hpng
