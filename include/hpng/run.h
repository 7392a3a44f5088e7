// The pipeline, top to bottom: load -> read -> transform -> statistics ->
// select -> matrix -> shade -> layout -> render -> write. `main` fills
// Options from the command line and calls run.
#pragma once
#include <optional>
#include <string>

#include "hpng/band_filter.h"
#include "hpng/band_selection.h"
#include "hpng/diag.h"
#include "hpng/input.h"
#include "hpng/layout.h"
#include "hpng/render.h"
#include "hpng/window.h"

namespace hpng {

struct Options {
  std::optional<std::string> input;   // none: standard input (filter mode)
  std::string output;                 // empty: derived; "-": stdout
  std::optional<OutputFormat> format; // none: from the output's extension
  InputFormat input_format = InputFormat::automatic;
  SelectOptions select;               // aux pointer is set by run
  ChartStyle style;
  bool reuse_aux = false;             // -p
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
