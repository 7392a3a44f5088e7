// Mode: one profile to one output, as hp2ps draws it.
#include "app/modes.h"
#include "app/pipeline.h"

namespace hpng {

void run_one_profile(const Job& job, Warnings& warnings) {
  const OutputPlan& plan = *job.output;
  BandMatrix m = chart_matrix(profile_stream(job.inputs[0], job.read), selection(job, plan), plan, warnings);
  draw_profile(std::move(m), job, plan, warnings);
}

}  // namespace hpng
