// The modes run (run.h) dispatches to.
#pragma once
#include <functional>
#include <string>

#include "app/gates.h"
#include "app/pipeline.h"
#include "hpng/app/job.h"
#include "hpng/matrix/growing_profile.h"
#include "hpng/output/markdown_report.h"
#include "process/program.h"
#include "process/signals.h"

namespace hpng {

void run_one_profile(const Job& job, Warnings& warnings);
// The one profile drawn, not judged: what the gates judge of it, and its
// row of a batch's summary where the job has one.
struct DrawnProfile {
  Judged judged;
  std::vector<GateResult> gates;
  std::optional<SummaryRow> row;
};
DrawnProfile draw_one_profile(const Job& job, Warnings& warnings);
// The job's first input, as `source` reads it for `outputs` outputs, judged
// once where an output or a gate speaks of its verdict (pipeline.h's
// judged_matrix): read once when several read it.
struct JudgedProfile {
  SampleSource source;
  std::optional<BandMatrix> matrix;  // judged on; the first output that reads as it does takes it
  std::optional<Verdict> verdict;
  std::optional<Judged> judged;      // what the gates judge; else the first output's matrix's
  std::vector<GateResult> gates;     // the job's gates on it, judged before any output (a Markdown report says them)
  std::string run;                   // --record: the program and how it ended (Finished's)
};
JudgedProfile judge_profile(SampleSource source, const Job& job, size_t outputs, Warnings& warnings);
// The profile to each of `plans`, with its verdict.
void draw_judged(JudgedProfile& p, const Job& job, const std::vector<const OutputPlan*>& plans, Warnings& warnings);
void run_compare(const Job& job, Warnings& warnings);
// Each run's warnings, and its error, go to `warnings` in the inputs' order.
void run_batch(const Job& batch, Warnings& warnings);
void run_diff(const Job& job, Warnings& warnings);
// Returns when the watch ends: the RTS finished the profile, the watched
// process ended, or SIGINT/SIGTERM. A profile not yet drawable is waited
// for; usage and output errors are thrown.
void run_watch(const Job& job, Warnings& warnings, const StatusLine& status);
void run_record(const Job& job, Warnings& warnings);
// --record with the process and the clock it is given (a test's fakes).
void record_program(const Job& job, Launcher& launcher, Clock& clock, Warnings& warnings);

// What a watch follows a profile for: the profile's writer (a process
// --watch-pid names, --record's program). The watch asks it whether the
// writer has ended, hands it each stop, and tells it what each render drew.
class Followed {
 public:
  virtual ~Followed() = default;
  // The writer has ended: one more look at the profile, then the watch ends.
  virtual bool ended() = 0;
  // A stop: true when the watch ends now (--watch); false when the writer
  // takes it (--record passes it to its program and follows it to its end).
  virtual bool stop(const StopRequest& request) = 0;
  // The bytes a FIFO gave, once the watch ends, however it ends.
  virtual void keep(const Input& bytes) { (void)bytes; }
  // The file there now is an earlier run's: not drawn, its replacement no
  // restart.
  virtual bool earlier_file() const { return false; }
  // Each render: the profile as read (before it is drawn; `latest` the
  // last sample read, a closing one left out), then what was drawn and how
  // long drawing took.
  virtual void read(const BandMatrix& m, const GrowingProfile::Latest& latest) {
    (void)m, (void)latest;
  }
  virtual void drawn(const Drawn& d, double seconds) = 0;
};

// Follows the profile at `path` (a file, or a FIFO) as `job` asks, until
// the RTS finishes it, its writer ends, or a stop the writer does not take.
// A profile not drawable yet is waited for; usage and output errors are
// thrown.
void follow_profile(const Job& job, const std::string& path, Followed& writer, Warnings& warnings);

}  // namespace hpng
