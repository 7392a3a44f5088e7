// See run.h: the dispatch, and the first mode, one profile to one output
// as hp2ps draws it.
#include "hpng/app/run.h"

#include "app/gates.h"
#include "app/modes.h"
#include "app/pipeline.h"

namespace hpng {

Judged draw_one_profile(const Job& job, Warnings& warnings) {
  const OutputPlan& plan = *job.output;
  BandMatrix m = chart_matrix(profile_stream(job.inputs[0], job.read), selection(job, plan), plan, warnings);
  Judged run = judged(shown_name(job.inputs[0]), m);
  draw_profile(std::move(m), job, plan, warnings);
  return run;
}

void run_one_profile(const Job& job, Warnings& warnings) { check_gates(job.gates, {draw_one_profile(job, warnings)}); }

void run(const Job& job, Warnings& warnings, const StatusLine& status) {
  switch (job.mode) {
    case Mode::one_profile: return run_one_profile(job, warnings);
    case Mode::compare: return run_compare(job, warnings);
    case Mode::diff: return run_diff(job, warnings);
    case Mode::watch: return run_watch(job, warnings, status);
    case Mode::record: return run_record(job, warnings);
  }
}

}  // namespace hpng
