// What --watch needs from the system: a file's identity and size, whether
// a process has ended, and a wait for a file to change (inotify where it
// can, else polling). Stops are signals.h's.
#pragma once
#include <sys/types.h>

#include <optional>
#include <string>

namespace hpng {

struct FileState {
  bool exists = false;
  bool fifo = false;  // read once: --watch copies it as it is written
  dev_t dev = 0;
  ino_t ino = 0;
  off_t size = 0;
  long mtime_s = 0, mtime_ns = 0;
  bool operator==(const FileState&) const = default;
};

FileState file_state(const std::string& path);

// The program restarted: its profile was truncated or replaced.
bool started_over(const FileState& before, const FileState& now);

bool process_ended(int pid);

// Waits for the file to change: woken by inotify where it can watch the
// file, else after the interval (polling). A signal wakes it too.
class ChangeWait {
 public:
  explicit ChangeWait(const std::string& path);
  ~ChangeWait();
  ChangeWait(const ChangeWait&) = delete;
  ChangeWait& operator=(const ChangeWait&) = delete;
  void wait(double seconds);

 private:
  int fd_;
};

}  // namespace hpng
