// The pipeline, top to bottom: load -> read -> select -> shade -> layout ->
// render -> write. `main` fills Options from the command line and calls run.
#pragma once
#include <optional>
#include <string>

#include "hpng/bands.h"
#include "hpng/diag.h"
#include "hpng/input.h"
#include "hpng/layout.h"
#include "hpng/render.h"

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
};

// Runs the pipeline; warnings go to `warnings`. Throws InputError or
// UsageError.
void run(const Options& opts, Warnings& warnings);

}  // namespace hpng
