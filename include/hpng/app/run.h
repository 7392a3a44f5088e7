// The run: one dispatch on the job's mode. Each mode (app/run.cc: one
// profile; several_runs.cc: --compare, --diff; watch.cc; record.cc)
// composes the same stages: read -> transform -> statistics -> select ->
// matrix -> shade -> layout -> render | export -> write.
#pragma once

#include "hpng/app/job.h"

namespace hpng {

// Runs the job; its warnings go to `warnings`, each once (--watch, which
// runs until stopped, adds them as it finds them: `warnings.on_add` prints
// them then). Throws Error.
void run(const Job& job, Warnings& warnings, const StatusLine& status = {});

}  // namespace hpng
