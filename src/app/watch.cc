// Mode --watch: the chart follows a growing profile. The drawing stages run
// again whenever the input has grown (at most once an interval; inotify
// wakes it where available, else it polls), each output replacing the last
// atomically, so a viewer never sees a half-written picture. Only complete
// samples are drawn, by the readers' rules for cut files. It ends after a
// last render when the RTS has finished the profile (ProfileInfo::finished),
// when the watched process has ended, or on SIGINT/SIGTERM (after finishing
// the render in progress). A file that shrinks or is replaced (the program
// restarted) starts over, with a message. An update reads only what was
// appended and draws from what the reads before kept (growing_profile.h),
// so its cost does not grow with the file, the time window and the band
// filter included (they are steps of the growing read). A FIFO (`+RTS -l
// -olprog.fifo`) is copied as it is written (input/fifo_spool.h) and the
// copy followed as a growing file; the writer closing it ends the watch too.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>
#include <optional>
#include <set>
#include <utility>

#include <unistd.h>

#include "app/modes.h"
#include "app/pipeline.h"
#include "process/signals.h"
#include "process/watch_files.h"
#include "base/text.h"
#include "hpng/input/fifo_spool.h"
#include "hpng/input/file_kind.h"
#include "hpng/layout/fonts.h"
#include "hpng/matrix/growing_profile.h"
#include "hpng/read/read.h"

namespace hpng {

namespace {

// A file that is plainly something else (source code, a PDF, ...) will not
// become a profile by growing: that is an error, not a wait.
// (An eventlog's magic number says what it is, however little is written.)
// Nor will a device or a compressed file become one that grows, nor the
// bytes a FIFO gave (they are read once).
bool plainly_not_a_profile(const std::string& path) {
  if (file_state(path).fifo) return false;  // its first bytes were looked at as they came (FifoSpool)
  Input in;
  try {
    in = load_growing_file(path);
  } catch (const Error&) {
    return access(path.c_str(), F_OK) == 0;  // it is there, but cannot be watched
  }
  return sniff_format(in.head()) != InputFormat::eventlog && !not_a_profile(in.head(), true).empty();
}

class Watcher {
 public:
  Watcher(const Job& job, const std::string& path, Followed& writer, Warnings& warnings)
      : job_(job), warnings_(warnings), writer_(writer), path_(path) {
    if (writer.earlier_file()) drawn_ = file_state(path_);
  }
  void run_until_done();

 private:
  void run_fifo();
  void follow_fifo(FifoSpool& spool);
  bool should_stop();
  bool render(const std::function<Input()>& load);
  std::optional<Drawn> draw(const Input& in, Warnings& warnings);
  Drawn draw_to(BandMatrix m, const OutputPlan& plan, Warnings& warnings);
  bool update(const ProfileInput& in, Warnings& warnings);
  void report(const Diagnostic& d);
  void start_over();
  void check_drawn(bool written, const char* why = "the watched process has ended") const;

  const Job& job_;
  Warnings& warnings_;
  Followed& writer_;
  std::string path_;
  FileState drawn_;  // the file as it was when last rendered
  std::set<std::pair<Code, std::string>> reported_;  // said for this profile
  std::optional<InputFormat> format_;        // sniffed once per profile
  std::vector<OutputPlan> plans_;            // planned once per profile, for its format
  std::unique_ptr<GrowingProfile> growing_;  // what the reads so far kept
  std::optional<Error> failed_;              // the last render's error, if it failed
};

// Each warning once per profile: one that comes again with other figures
// ("its 12 samples are drawn") is the same warning.
void Watcher::report(const Diagnostic& d) {
  if (reported_.insert({d.code, d.file}).second) warnings_.add(d);
}

void Watcher::start_over() {
  reported_.clear();
  warnings_.start_again();
  format_.reset();
  growing_.reset();
}

// The watched process has ended: what was waited for will not come, so a
// profile that could not be drawn is an error then (exit status 1).
void Watcher::check_drawn(bool written, const char* why) const {
  if (failed_) {
    Diagnostic d = failed_->diagnostic();
    d.message += std::string(" (and ") + why + ")";
    throw Error(d);
  }
  if (!written) throw file_error(Code::watch_ended, path_, std::string(why) + " without writing this file");
}

// The most samples any output keeps: a one-shot run's.
size_t most_kept(const std::vector<OutputPlan>& plans) {
  size_t keep = 0;
  for (const OutputPlan& plan : plans) keep = std::max(keep, samples_to_keep(plan.time_buckets));
  return keep;
}

// The outputs that can follow a profile as it grows: files (a report on
// standard output is written once, when the program has ended); the first
// whatever it is.
std::vector<OutputPlan> following(std::vector<OutputPlan> plans) {
  auto to_stdout = [](const OutputPlan& p) { return !is_file_output(p.files.output); };
  plans.erase(std::remove_if(plans.begin() + 1, plans.end(), to_stdout), plans.end());
  return plans;
}


// Reads only what was appended since the last update, through the steps a
// one-shot read takes, keeping as many samples as a one-shot run keeps.
// False while the profile has no complete sample yet. After an error the
// next update reads the file from its start.
bool Watcher::update(const ProfileInput& in, Warnings& warnings) {
  if (!growing_) {
    // A live view keeps addresses: --symbols' names are vetted against the
    // whole profile, which a growing one is not yet.
    ReadPlan read = job_.read;
    read.symbols = {};
    growing_ = std::make_unique<GrowingProfile>(growing_reader(in.format, job_.read.eventlog),
                                                stream_steps(read, in.input.name), most_kept(plans_));
  }
  try {
    growing_->update(in.input, warnings);
  } catch (const Error&) {
    growing_.reset();
    throw;
  }
  return growing_->samples() > 0;
}

// The profile as it is now, with its verdict where the output speaks of
// it; until the RTS ends the profile, a page reloads itself to show the
// file drawn again.
Drawn Watcher::draw_to(BandMatrix m, const OutputPlan& plan, Warnings& warnings) {
  std::optional<Verdict> verdict;
  if (speaks_of_verdict(plan)) verdict = verdict_of(m);
  double reload = m.info.finished ? 0 : std::max(job_.watch_interval, 1.0);
  return draw_profile(std::move(m), verdict, job_, plan, warnings, {.reload_seconds = reload, .gates = {}, .run = {}});
}

// One render of the file as it is now, or nothing while it cannot be drawn.
// The format is sniffed, and the outputs planned for it, once a profile:
// from its first four bytes, which tell an eventlog ("hdrb") from a .hp.
std::optional<Drawn> Watcher::draw(const Input& in, Warnings& warnings) {
  if (!format_) {
    if (job_.inputs[0].format != InputFormat::automatic) format_ = job_.inputs[0].format;
    else if (in.size() >= 4) format_ = sniff_format(in.head());
    else return std::nullopt;
    plans_ = following(plan_outputs(job_, *format_, warnings));
  }
  if (!update({path_, *format_, in}, warnings)) return std::nullopt;
  std::optional<Drawn> first;
  for (const OutputPlan& plan : plans_) {
    if (plan.is_chart()) preload_fonts();
    BandMatrix m = growing_->matrix(selection(job_, plan), plan.time_buckets, warnings);
    if (!first) writer_.read(m, growing_->latest());
    Drawn drawn = draw_to(std::move(m), plan, warnings);
    if (!first) first = drawn;
  }
  return first;
}

// True when the profile is finished.
bool Watcher::render(const std::function<Input()>& load) {
  Warnings warnings;
  std::optional<Drawn> s;
  auto start = std::chrono::steady_clock::now();
  try {
    s = draw(load(), warnings);
  } catch (const Error& e) {
    if (e.kind() == ErrorKind::usage || e.kind() == ErrorKind::output || plainly_not_a_profile(path_)) throw;
    Diagnostic d = e.diagnostic();
    d.message += " (waiting for more)";
    report(d);
    failed_ = e;
    return false;
  }
  failed_.reset();
  if (!s) {
    failed_ = file_error(Code::no_samples, path_, "no complete sample yet");
    report({Code::waiting, path_, {}, 0, 0, "", "no complete sample yet (waiting for more)"});
    return false;
  }
  for (const Diagnostic& d : warnings) report(d);
  writer_.drawn(*s, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  return s->finished;
}

// A stop ends the watch, unless the writer takes it (--record passes it on
// to the program, and follows the profile to the program's end).
bool Watcher::should_stop() {
  std::optional<StopRequest> r = take_stop_request();
  return r && writer_.stop(*r);
}

// A FIFO: drained into its copy whenever the watch waits, so that the
// program never blocks on a full pipe; drawn at most once an interval.
void Watcher::follow_fifo(FifoSpool& spool) {
  for (bool ended = false; !should_stop();) {
    bool grew = spool.drain_for(job_.watch_interval);
    if (should_stop()) return;
    if (grew && render([&] { return spool.input(); })) return;
    if (spool.ended()) return check_drawn(true, "the writer has closed the FIFO");
    if (ended) return check_drawn(spool.size() > 0);
    ended = writer_.ended();  // one more look, then end
  }
}

// What the FIFO gave is handed on (--record keeps it), however the watch ends.
void Watcher::run_fifo() {
  FifoSpool spool(path_, job_.watch_copy_limit);
  try {
    follow_fifo(spool);
  } catch (const Error&) {
    writer_.keep(spool.input());
    throw;
  }
  writer_.keep(spool.input());
}

void Watcher::run_until_done() {
  if (file_state(path_).fifo) return run_fifo();
  std::unique_ptr<ChangeWait> waiter;
  for (bool ended = false; !should_stop();) {
    FileState now = file_state(path_);
    if (now.exists && !(now == drawn_)) {
      if (started_over(drawn_, now)) {
        start_over();
        if (!writer_.earlier_file()) {
          report({Code::file_restarted, path_, {}, 0, 0, "",
                  "the file was truncated or replaced (the program restarted?): starting over"});
        }
        waiter.reset();
      }
      drawn_ = now;
      if (render([&] { return load_growing_file(path_); })) return;
      if (ended) return check_drawn(drawn_.exists);
      pause_for(job_.watch_interval);  // at most one render an interval
      continue;
    }
    if (ended) return check_drawn(drawn_.exists);
    ended = writer_.ended();  // one more look at the file, then end
    if (!waiter && now.exists) waiter = std::make_unique<ChangeWait>(path_);
    if (ended) continue;
    waiter ? waiter->wait(job_.watch_interval) : pause_for(job_.watch_interval);
  }
}

// --watch's writer: the process --watch-pid names, if any; a stop ends
// the watch; each render is said on the status line: "prog.hp: 120 samples
// to 12.00 s, total 1,234 bytes x seconds; wrote prog.png in 0.031 s" (the
// time is the render's: what an update costs).
class WatchedFile final : public Followed {
 public:
  WatchedFile(const Job& job, const StatusLine& status) : job_(job), status_(status) {}
  bool ended() override { return job_.watch_pid && process_ended(*job_.watch_pid); }
  bool stop(const StopRequest&) override { return true; }
  void drawn(const Drawn& d, double seconds) override {
    if (!status_) return;
    std::string out = job_.asked.files.output.empty() ? "the output" : job_.asked.files.output;
    status_(job_.inputs[0].path + ": " + std::to_string(d.samples) + " samples to " + printed("%.2f", d.last_time) +
            " s, total " + group_digits(std::trunc(d.total)) + " " + d.units + "; wrote " + out + " in " +
            printed("%.3f", seconds) + " s" + (d.finished ? " (finished)" : ""));
  }

 private:
  const Job& job_;
  const StatusLine& status_;
};

}  // namespace

void follow_profile(const Job& job, const std::string& path, Followed& writer, Warnings& warnings) {
  Watcher(job, path, writer, warnings).run_until_done();
}

void run_watch(const Job& job, Warnings& warnings, const StatusLine& status) {
  StopsAreRequests requests;
  WatchedFile file(job, status);
  follow_profile(job, job.inputs[0].path, file, warnings);
}

}  // namespace hpng
