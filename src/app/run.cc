// See run.h.
#include "hpng/app/run.h"

#include "app/modes.h"

namespace hpng {

void run(const Job& job, Warnings& warnings, const StatusLine& status) {
  switch (job.mode) {
    case Mode::one_profile: return run_one_profile(job, warnings);
    case Mode::compare: return run_compare(job, warnings);
    case Mode::diff: return run_diff(job, warnings);
    case Mode::watch: return run_watch(job, warnings, status);
    case Mode::record: return run_record(job, warnings, status);
  }
}

}  // namespace hpng
