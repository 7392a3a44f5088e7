// See watch_files.h.
#include "process/watch_files.h"

#include "process/signals.h"

#include <poll.h>
#include <signal.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <ctime>

namespace hpng {

FileState file_state(const std::string& path) {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0) return {};
  return {true, S_ISFIFO(st.st_mode), st.st_dev, st.st_ino, st.st_size, static_cast<long>(st.st_mtim.tv_sec), st.st_mtim.tv_nsec};
}

bool started_over(const FileState& before, const FileState& now) {
  return before.exists && now.exists && (now.ino != before.ino || now.dev != before.dev || now.size < before.size);
}

bool process_ended(int pid) { return ::kill(pid, 0) != 0 && errno == ESRCH; }

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
