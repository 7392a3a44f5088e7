// What --watch needs from the system: SIGINT and SIGTERM as a request to
// stop, a file's identity and size, whether a process has ended, and a
// wait for a file to change (inotify where it can, else polling).
#pragma once
#include <sys/types.h>

#include <csignal>
#include <optional>
#include <string>

namespace hpng {

// SIGINT and SIGTERM end the watch after the render in progress, which
// writes its output whole (no temporary file is left). No SA_RESTART, so a
// wait is interrupted at once. While one of these lives.
class StopSignals {
 public:
  StopSignals();
  ~StopSignals();
  StopSignals(const StopSignals&) = delete;
  StopSignals& operator=(const StopSignals&) = delete;

 private:
  struct sigaction old_int_ = {}, old_term_ = {};
};

// A stop was requested (since the StopSignals were set up).
bool stop_requested();

// The stop requested, taken (a later stop_requested() says no until the
// next): the signal, and whether a terminal sent it (its ^C reaches every
// process of the foreground group, a program run by --record included).
struct StopRequest {
  int signal;
  bool from_terminal;
};
std::optional<StopRequest> take_stop_request();

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

// Sleeps `seconds`, or less if a stop is requested.
void pause_for(double seconds);

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
