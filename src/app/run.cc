// See run.h: the dispatch, and the first mode, one profile to one output
// as hp2ps draws it.
#include "hpng/app/run.h"

#include "app/gates.h"
#include "app/modes.h"
#include "app/pipeline.h"
#include "stream/stream_cache.h"

namespace hpng {

// Several outputs read the profile once: the stream recorded (stream
// cache) and replayed for each.
Judged draw_one_profile(const Job& job, Warnings& warnings) {
  SampleSource source = profile_stream(job.inputs[0], job.read);
  if (job.outputs.size() > 1) source = cached(std::move(source));
  std::optional<Judged> run;
  for (const OutputPlan& plan : job.outputs) {
    BandMatrix m = chart_matrix(source, selection(job, plan), plan, warnings);
    if (!run) run = judged(shown_name(job.inputs[0]), m, job.gates.fail_on_leak);
    draw_profile(std::move(m), job, plan, warnings);
  }
  return *run;
}

void run_one_profile(const Job& job, Warnings& warnings) {
  check_gates(job.gates, {draw_one_profile(job, warnings)}, warnings);
}

void run(const Job& job, Warnings& warnings, const StatusLine& status) {
  switch (job.mode) {
    case Mode::one_profile: return run_one_profile(job, warnings);
    case Mode::compare: return run_compare(job, warnings);
    case Mode::diff: return run_diff(job, warnings);
    case Mode::watch: return run_watch(job, warnings, status);
    case Mode::record: return run_record(job, warnings);
    case Mode::batch: return run_batch(job, warnings);
  }
}

}  // namespace hpng
