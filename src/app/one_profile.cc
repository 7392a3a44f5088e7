// Mode: one profile to one output, as hp2ps draws it.
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

}  // namespace hpng
