// See watch.h.
#include "hpng/watch.h"

#include <poll.h>
#include <signal.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <csignal>
#include <ctime>
#include <memory>
#include <optional>
#include <set>

#include "hpng/file_kind.h"
#include "hpng/file_plan.h"
#include "hpng/growing_profile.h"
#include "hpng/input.h"
#include "hpng/layout.h"
#include "hpng/time_buckets.h"
#include "run_parts.h"

namespace hpng {

namespace {

volatile std::sig_atomic_t g_stop = 0;
extern "C" void request_stop(int) { g_stop = 1; }

// SIGINT and SIGTERM end the watch after the render in progress, which
// writes its output whole (no temporary file is left). No SA_RESTART, so a
// wait is interrupted at once.
class StopSignals {
 public:
  StopSignals() {
    g_stop = 0;
    struct sigaction sa = {};
    sa.sa_handler = request_stop;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &old_int_);
    sigaction(SIGTERM, &sa, &old_term_);
  }
  ~StopSignals() {
    sigaction(SIGINT, &old_int_, nullptr);
    sigaction(SIGTERM, &old_term_, nullptr);
  }

 private:
  struct sigaction old_int_ = {}, old_term_ = {};
};

struct FileState {
  bool exists = false;
  dev_t dev = 0;
  ino_t ino = 0;
  off_t size = 0;
  long mtime_s = 0, mtime_ns = 0;
  bool operator==(const FileState&) const = default;
};

FileState file_state(const std::string& path) {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0) return {};
  return {true, st.st_dev, st.st_ino, st.st_size, static_cast<long>(st.st_mtim.tv_sec), st.st_mtim.tv_nsec};
}

// The program restarted: its profile was truncated or replaced.
bool started_over(const FileState& before, const FileState& now) {
  return before.exists && now.exists && (now.ino != before.ino || now.dev != before.dev || now.size < before.size);
}

bool process_ended(int pid) { return ::kill(pid, 0) != 0 && errno == ESRCH; }

// Sleeps `seconds`, or less if a stop is requested.
void pause_for(double seconds) {
  struct timespec t = {static_cast<time_t>(seconds), static_cast<long>(std::fmod(seconds, 1.0) * 1e9)};
  while (!g_stop && nanosleep(&t, &t) != 0 && errno == EINTR) {
  }
}

// Waits for the file to change: woken by inotify where it can watch the
// file, else after the interval (polling). A signal wakes it too.
class ChangeWait {
 public:
  explicit ChangeWait(const std::string& path) : fd_(inotify_init1(IN_NONBLOCK | IN_CLOEXEC)) {
    if (fd_ >= 0 && inotify_add_watch(fd_, path.c_str(), IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_MOVE_SELF |
                                                              IN_DELETE_SELF) < 0) {
      ::close(fd_);
      fd_ = -1;
    }
  }
  ~ChangeWait() {
    if (fd_ >= 0) ::close(fd_);
  }
  ChangeWait(const ChangeWait&) = delete;
  ChangeWait& operator=(const ChangeWait&) = delete;
  void wait(double seconds) {
    if (fd_ < 0) return pause_for(seconds);
    struct pollfd p = {fd_, POLLIN, 0};
    if (poll(&p, 1, static_cast<int>(seconds * 1000)) > 0) {
      char buf[4096];
      while (::read(fd_, buf, sizeof buf) > 0) {
      }
    }
  }

 private:
  int fd_;
};

// A warning repeated with other figures ("its 12 samples are drawn") is
// the same warning.
std::string without_figures(const Diagnostic& d) {
  std::string s = describe(d);
  s.erase(std::remove_if(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; }), s.end());
  return s;
}

// A file that is plainly something else (source code, a PDF, ...) will not
// become a profile by growing: that is an error, not a wait.
// (An eventlog's magic number says what it is, however little is written.)
bool plainly_not_a_profile(const std::string& path) {
  Input in = load_input(path);
  return sniff_format(in.head()) != InputFormat::eventlog && !not_a_profile(in.head(), true).empty();
}

class Watcher {
 public:
  Watcher(const Options& o, const WatchOptions& w, const WatchReport& r)
      : o_(o), w_(w), r_(r), path_(input_path(o.files)) {}
  void run_until_done();

 private:
  bool render();
  BandMatrix matrix(const Input& in, InputFormat format, const SelectOptions& select, size_t buckets,
                    Warnings& warnings, const std::function<void()>& read);
  void report(const Diagnostic& d);
  void check_drawn() const;
  std::string status(const RunSummary& s, double seconds) const;

  const Options& o_;
  const WatchOptions& w_;
  const WatchReport& r_;
  std::string path_;
  FileState drawn_;  // the file as it was when last rendered
  std::set<std::string> reported_;
  std::unique_ptr<GrowingProfile> growing_;  // what the reads so far kept
  std::optional<Error> failed_;              // the last render's error, if it failed
};

void Watcher::report(const Diagnostic& d) {
  if (reported_.insert(without_figures(d)).second) r_.warning(d);
}

// The watched process has ended: what was waited for will not come, so a
// profile that could not be drawn is an error then (exit status 1).
void Watcher::check_drawn() const {
  if (failed_) {
    const Diagnostic& d = failed_->diagnostic();
    throw Error(failed_->kind(), {d.file, d.location, d.message + " (and the watched process has ended)"});
  }
  if (!drawn_.exists) throw input_error(path_, "", "the watched process has ended without writing this file");
}

// "prog.hp: 120 samples to 12.00 s, total 1,234 bytes x seconds; wrote
// prog.png in 0.031 s" (the time is the render's: what an update costs).
std::string Watcher::status(const RunSummary& s, double seconds) const {
  char time[32], took[32];
  std::snprintf(time, sizeof time, "%.2f", s.last_time);
  std::snprintf(took, sizeof took, "%.3f", seconds);
  std::string out = o_.files.output.empty() ? "the output" : o_.files.output;
  return path_ + ": " + std::to_string(s.samples) + " samples to " + time + " s, total " +
         group_digits(std::trunc(s.total)) + " " + s.units + "; wrote " + out + " in " + took + " s" +
         (s.finished ? " (finished)" : "");
}

// A window or a band filter changes what the statistics count: such a
// watch reads the whole file again at each update.
bool incremental(const Options& o) { return !o.window.from && !o.window.to && o.filter.empty(); }

// Reads only what was appended since the last update, keeping as many
// samples as a one-shot run keeps (all of them for JSON and CSV, up to
// 32,768). After an error the next update reads the file from its start.
BandMatrix Watcher::matrix(const Input& in, InputFormat format, const SelectOptions& select, size_t buckets,
                           Warnings& warnings, const std::function<void()>& read) {
  // (A format guessed wrong from a file's first few bytes reads no sample:
  // that fails, and the reading is dropped below.)
  if (!growing_) {
    size_t keep = buckets ? TimeBuckets::capacity(SIZE_MAX, buckets) : size_t{1} << 15;
    growing_ = std::make_unique<GrowingProfile>(format, EventlogOptions{o_.ccs_length, o_.style.heap_lines}, keep);
  }
  try {
    growing_->update(in, warnings);
    return growing_->matrix(select, buckets, warnings, read);
  } catch (const Error&) {
    growing_.reset();
    throw;
  }
}

// One render of the file as it is now; true when the profile is finished.
bool Watcher::render() {
  Warnings warnings;
  RunSummary s;
  auto start = std::chrono::steady_clock::now();
  try {
    s = incremental(o_) ? run_with(o_, [this](auto&&... a) { return matrix(a...); }, warnings) : hpng::run(o_, warnings);
  } catch (const Error& e) {
    if (e.kind() == ErrorKind::usage || e.kind() == ErrorKind::output || plainly_not_a_profile(path_)) throw;
    report({e.diagnostic().file, e.diagnostic().location, e.diagnostic().message + " (waiting for more)"});
    failed_ = e;
    return false;
  }
  failed_.reset();
  for (const Diagnostic& d : warnings) report(d);
  r_.status(status(s, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()));
  return s.finished;
}

void Watcher::run_until_done() {
  std::unique_ptr<ChangeWait> waiter;
  for (bool ended = false; !g_stop;) {
    FileState now = file_state(path_);
    if (now.exists && !(now == drawn_)) {
      if (started_over(drawn_, now)) {
        reported_.clear();
        r_.warning({path_, "", "the file was truncated or replaced (the program restarted?): starting over"});
        waiter.reset();
        growing_.reset();
      }
      drawn_ = now;
      if (render()) return;
      if (ended) return check_drawn();
      pause_for(w_.interval);  // at most one render an interval
      continue;
    }
    if (ended) return check_drawn();
    ended = w_.pid && process_ended(*w_.pid);  // one more look at the file, then end
    if (!waiter && now.exists) waiter = std::make_unique<ChangeWait>(path_);
    if (ended) continue;
    waiter ? waiter->wait(w_.interval) : pause_for(w_.interval);
  }
}

}  // namespace

void watch(const Options& o, const WatchOptions& w, const WatchReport& report) {
  StopSignals signals;
  Watcher(o, w, report).run_until_done();
}

}  // namespace hpng
