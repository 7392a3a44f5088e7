// See program.h.
#include "process/program.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

extern char** environ;

namespace hpng {

namespace {

// Which of `needles` occur in the file, read a block at a time (a block's
// tail is kept, so that a needle across two blocks is found).
std::vector<bool> file_contains(const std::string& path, const std::vector<std::string>& needles) {
  std::vector<bool> found(needles.size(), false);
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return found;
  constexpr size_t kKeep = 64, kBlock = 1 << 20;
  std::string buf;
  char block[1 << 16];
  for (ssize_t n; (n = ::read(fd, block, sizeof block)) > 0;) {
    buf.append(block, static_cast<size_t>(n));
    if (buf.size() < kBlock) continue;
    for (size_t k = 0; k < needles.size(); ++k) found[k] = found[k] || buf.find(needles[k]) != std::string::npos;
    buf.erase(0, buf.size() - kKeep);
  }
  for (size_t k = 0; k < needles.size(); ++k) found[k] = found[k] || buf.find(needles[k]) != std::string::npos;
  ::close(fd);
  return found;
}

bool executable(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(path.c_str(), X_OK) == 0;
}

// GHCRTS as the program will see it: what the user set, then ours (the
// RTS reads them in order, so ours win where they say the same).
std::vector<std::string> environment(const std::string& rts_options) {
  std::vector<std::string> env;
  std::string ghcrts = rts_options;
  for (char** e = environ; *e; ++e) {
    std::string v = *e;
    if (v.rfind("GHCRTS=", 0) == 0) ghcrts = v.substr(7) + " " + rts_options;
    else env.push_back(std::move(v));
  }
  env.push_back("GHCRTS=" + ghcrts);
  return env;
}

std::vector<char*> pointers(std::vector<std::string>& strings) {
  std::vector<char*> out;
  for (std::string& s : strings) out.push_back(s.data());
  out.push_back(nullptr);
  return out;
}

}  // namespace

RtsAbilities rts_abilities(const std::string& program_path) {
  std::vector<bool> f = file_contains(program_path, {"GHCRTS", "Send binary eventlog", "eventlog-flush-interval",
                                                     "Override profiling output file name prefix"});
  if (!f[0]) return {};
  return {f[1], f[2], f[3]};
}

std::optional<std::string> find_program(const std::string& name) {
  if (name.find('/') != std::string::npos) return executable(name) ? std::optional(name) : std::nullopt;
  const char* path = std::getenv("PATH");
  std::string dirs = path ? path : "/usr/local/bin:/usr/bin:/bin";
  for (size_t at = 0; at <= dirs.size();) {
    size_t end = dirs.find(':', at);
    if (end == std::string::npos) end = dirs.size();
    std::string dir = dirs.substr(at, end - at);
    std::string candidate = (dir.empty() ? "." : dir) + "/" + name;
    if (executable(candidate)) return candidate;
    at = end + 1;
  }
  return std::nullopt;
}

std::string describe_end(const ProgramEnd& end) {
  if (!end.started) return "could not start: " + end.not_started;
  if (end.signal) {
    const char* name = sigabbrev_np(end.signal);
    return "was killed by signal " + std::to_string(end.signal) + (name ? std::string(" (SIG") + name + ")" : "");
  }
  return "exited with status " + std::to_string(end.exit_code);
}

Program::Program(const std::vector<std::string>& argv, const std::string& rts_options) {
  std::vector<std::string> args = argv, env = environment(rts_options);
  std::vector<char*> arg_ptrs = pointers(args), env_ptrs = pointers(env);
  // The program's signals are its own: none ignored or blocked because
  // hp2ps-ng's are (SIGXFSZ is ignored here, and an ignored signal stays
  // ignored across exec).
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t all, none;
  sigfillset(&all);
  sigemptyset(&none);
  posix_spawnattr_setsigdefault(&attr, &all);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
  int err = posix_spawnp(&pid_, args[0].c_str(), nullptr, &attr, arg_ptrs.data(), env_ptrs.data());
  posix_spawnattr_destroy(&attr);
  if (err != 0) {
    pid_ = -1;
    end_ = ProgramEnd{false, std::strerror(err)};
  }
}

// A program still running when hp2ps-ng gives up (an error of its own) is
// asked to end, not waited for: one that ignores SIGTERM must not hold
// hp2ps-ng's error up (init reaps it).
Program::~Program() {
  if (!ended()) ::kill(pid_, SIGTERM);
}

void Program::reaped(int status) {
  ProgramEnd e;
  e.started = true;
  if (WIFEXITED(status)) e.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) e.signal = WTERMSIG(status);
  end_ = e;
}

bool Program::ended() {
  if (end_) return true;
  int status;
  if (::waitpid(pid_, &status, WNOHANG) == pid_) reaped(status);
  return end_.has_value();
}

const ProgramEnd& Program::wait() {
  int status;
  while (!end_) {
    pid_t r = ::waitpid(pid_, &status, 0);
    if (r == pid_) reaped(status);
    else if (r < 0 && errno != EINTR) end_ = ProgramEnd{true, "", 0, 0};  // not ours to wait for any more
  }
  return *end_;
}

void Program::signal(int sig) {
  if (!ended()) ::kill(pid_, sig);
}

}  // namespace hpng
