// See recorded_program.h. The stop policy: what each stop asks of the
// program, and how long it is given before the next step follows unasked.
#include "app/record/recorded_program.h"

#include <algorithm>
#include <csignal>

#include "base/text.h"
#include "hpng/output/output_file.h"

namespace hpng {

namespace {

// SIGINT first: a GHC program ends on it as on ^C, writing out the
// eventlog its RTS holds (SIGTERM loses it).
struct StopStep {
  int signal;
  double grace;  // seconds
};
constexpr StopStep kStopPolicy[] = {{SIGINT, 5}, {SIGTERM, 3}, {SIGKILL, 0}};
constexpr size_t kSteps = std::size(kStopPolicy);
// Stops this close together are one (timeout signals hp2ps-ng, then its
// whole group, hp2ps-ng again).
constexpr double kSameStop = 1;

}  // namespace

// --for, or a run again's own limit: the first reached stops it.
void RecordedProgram::stop_on_time() {
  if (stopped_by_ != 0) return;
  if (r_.asked.run_for && seconds() >= *r_.asked.run_for) stopped_by_ = kStoppedByDuration;
  else if (stop_after_ && seconds() >= *stop_after_) stopped_by_ = kStoppedByRerunLimit;
  if (stopped_by_ != 0) step(false);
}

bool RecordedProgram::ended() {
  stop_on_time();
  escalate();
  show();
  return program_.ended();
}

// The time ticks whether or not a census came since.
void RecordedProgram::show() {
  bar_.show(label_ + "  " + printed("%.1f", seconds()) + " s  " + (since_.empty() ? waiting_for() : since_));
}

bool RecordedProgram::stop(const StopRequest& request) {
  if (stopped_by_ == 0) stopped_by_ = request.signal;
  if (!request.from_terminal || next_step_ > 0) step(false);
  return false;
}

std::string RecordedProgram::waiting_for() const {
  // GHC 9.0 has no --eventlog-flush-interval: its RTS writes a 2 MiB
  // buffer when it is full, which a heap profile alone takes long to fill.
  return r_.eventlog && !r_.flush_interval
             ? "waiting for the RTS's first eventlog block (GHC 9.0 writes one when 2 MiB are full, and at exit)"
             : "waiting for the first census";
}

void RecordedProgram::escalate() {
  if (next_step_ > 0 && next_step_ < kSteps && clock_.now() - stepped_at_ >= kStopPolicy[next_step_ - 1].grace) step(true);
}

// The next step of the stop policy, said; a stop right after the last is
// the same stop.
void RecordedProgram::step(bool unasked) {
  if (next_step_ >= kSteps || program_.ended()) return;
  if (!unasked && next_step_ > 0 && clock_.now() - stepped_at_ < kSameStop) return;
  const StopStep& s = kStopPolicy[next_step_];
  if (next_step_ > 0) {
    const StopStep& last = kStopPolicy[next_step_ - 1];
    std::string why = unasked ? "it did not end " + printed("%g", last.grace) + " s after " + signal_name(last.signal)
                              : "asked again";
    warnings_.add({Code::stop_escalated, r_.asked.argv[0], {}, 0, 0, "", "sending it " + signal_name(s.signal) + ": " + why});
  }
  program_.signal(s.signal);
  stepped_at_ = clock_.now();
  ++next_step_;
}

const ProgramEnd& RecordedProgram::wait() {
  while (!ended()) {
    if (std::optional<StopRequest> r = take_stop_request()) stop(*r);
    clock_.pause(0.05);
  }
  return program_.end();
}

// The FIFO's bytes, kept where the RTS would have written them. A write
// that fails loses the recording: an error, never a fragment judged.
void RecordedProgram::keep(const Input& bytes) {
  if (bytes.size() == 0) return;  // nothing recorded: an earlier run's file stays
  try {
    write_output(keep_, [&bytes](const Put& put) {
      read_windows(bytes, [&put](std::string_view b, size_t base, bool) {
        put(b);
        return base + b.size();
      });
    });
  } catch (const Error& e) {
    throw file_error(Code::cannot_write, keep_,
                     "cannot keep the program's eventlog (" + si_amount(static_cast<double>(bytes.size()), "bytes") +
                         " recorded): " + e.diagnostic().message + "; the recording is lost");
  }
}

// "150 censuses  heap 12.3 MB (peak 14.0 MB)  growing: ARR_WORDS" after
// the name and time: the last census read (not a closing sample), and the
// band that grew most over the last quarter of the time up to it.
void RecordedProgram::read(const BandMatrix& m, const GrowingProfile::Latest& latest) {
  if (latest.samples <= 1) return;  // the first is the RTS's empty one at 0
  std::string unit = m.info.header.value_unit;
  since_ = group_digits(static_cast<double>(latest.samples - 1)) + " censuses  heap " + si_amount(latest.total, unit) +
           " (peak " + si_amount(latest.peak, unit) + ")";
  if (m.spilled || m.times.empty()) return;
  size_t last = std::upper_bound(m.times.begin(), m.times.end(), latest.time) - m.times.begin();
  if (last == 0) return;
  double from = m.times[last - 1] - (m.times[last - 1] - m.times.front()) / 4, most = 0;
  size_t k = std::lower_bound(m.times.begin(), m.times.end(), from) - m.times.begin();
  std::string growing;
  for (const Band& b : m.bands) {
    if (b.values[last - 1] - b.values[k] > most) most = b.values[last - 1] - b.values[k], growing = b.name;
  }
  if (!growing.empty()) since_ += "  growing: " + growing;
}

}  // namespace hpng
