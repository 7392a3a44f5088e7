// The recorder: one run of the program under heap profiling, read top to
// bottom in record(): the RTS asked whether it takes the options (refused
// before anything runs, in the user's terms); the program started in a
// process group of its own, its eventlog sent to a FIFO in a private
// folder (a GHC before 9.4 linked without -eventlog writes only its .hp,
// which is followed instead); the profile followed as --watch follows one,
// every file output drawn as it grows and a live line on the terminal's
// last row; stops passed to the program by the stop policy; once it has
// ended, the profile kept. It writes no finished output: finish_recording
// does, from the Recording.
#pragma once
#include <string>
#include <vector>

#include "app/modes.h"
#include "app/record/recording.h"
#include "process/private_folder.h"

namespace hpng {

class Recorder {
 public:
  Recorder(const Job& job, Launcher& launcher, Clock& clock, Warnings& warnings)
      : job_(job), r_(*job.record), launcher_(launcher), clock_(clock), warnings_(warnings) {}
  // Throws Error: the RTS refused the options, the program left no
  // profile, the recording was cut.
  Recording record(const RunPlan& run);
  // The same, but a run that left no profile is returned as such (the
  // caller says why), not thrown.
  Recording run_once(const RunPlan& run);

 private:
  std::vector<std::string> options(const RunPlan& run, PrivateFolder& folder) const;
  void follow(const RunPlan& run, PrivateFolder& folder, Followed& followed);

  const Job& job_;
  const RecordPlan& r_;
  Launcher& launcher_;
  Clock& clock_;
  Warnings& warnings_;
};

// The recording's profile, read once, to every output (the text report
// last, on standard error, after the summary), the gates judged once from
// values: a limit exceeded is an error on `warnings` (exit status 3), or a
// warning when the program failed, whose failure is then the error (4).
// When the program failed and left no sample, its failure is the error
// thrown, the reader's words its detail.
void finish_recording(const Job& job, const Recording& rec, Warnings& warnings);

}  // namespace hpng
