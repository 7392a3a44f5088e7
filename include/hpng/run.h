// The pipeline, top to bottom: load -> read -> transform -> statistics ->
// select -> matrix -> shade -> layout -> render -> write. `main` fills
// Options from the command line and calls run.
#pragma once
#include "hpng/band_filter.h"
#include "hpng/band_selection.h"
#include "hpng/diag.h"
#include "hpng/file_plan.h"
#include "hpng/input.h"
#include "hpng/layout.h"
#include "hpng/window.h"

namespace hpng {

struct Options {
  FileOptions files;                  // what is read and written where
  InputFormat input_format = InputFormat::automatic;
  SelectOptions select;               // aux pointer is set by run
  ChartStyle style;
  double dpi = 96;
  int ccs_length = 0;
  bool exact = false;                 // --exact: draw every sample
  TimeWindow window;                  // --from, --to
  BandFilter filter;                  // --include, --exclude, --merge
  bool percent = false;               // --percent
};

// Runs the pipeline; warnings go to `warnings`. Throws Error.
void run(const Options& opts, Warnings& warnings);

}  // namespace hpng
