// The pipeline, top to bottom: load -> read -> transform -> statistics ->
// select -> matrix -> shade -> layout -> render -> write. `main` fills
// Options from the command line and calls run.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "hpng/band_filter.h"
#include "hpng/band_matrix.h"
#include "hpng/band_selection.h"
#include "hpng/diag.h"
#include "hpng/file_plan.h"
#include "hpng/input.h"
#include "hpng/layout.h"
#include "hpng/window.h"

namespace hpng {

// --width, --height: pixels (a bare number, or "px") or points ("pt").
struct Length {
  double value;
  bool points;
};

// Runs over several profiles.
enum class Several {
  none,
  compare,  // --compare: one chart per input, alike
  diff,     // --diff BEFORE AFTER: the difference
};

struct Options {
  FileOptions files;                  // what is read and written where
  std::vector<std::string> more_inputs;  // the inputs after files.input (--compare, --diff)
  Several several = Several::none;
  bool mixed_units = false;           // --allow-mixed-units
  bool stable_colours = false;        // --stable-colours
  std::optional<double> x_max, y_max;  // --x-max, --y-max
  std::optional<double> watch;        // --watch[=SECONDS] (watch.h)
  std::optional<int> watch_pid;       // --watch-pid
  InputFormat input_format = InputFormat::automatic;
  SelectOptions select;               // aux pointer is set by run
  ChartStyle style;
  double dpi = 96;
  int ccs_length = 0;
  bool exact = false;                 // --exact: draw every sample
  TimeWindow window;                  // --from, --to
  BandFilter filter;                  // --include, --exclude, --merge
  bool percent = false;               // --percent
  std::optional<std::string> palette; // --palette; else greys, or hp2ps's with -c
  bool transparent = false;           // --transparent
  std::optional<std::string> title;   // --title
  std::optional<Length> width, height;  // --width, --height
};

// What a run drew (--watch's status line and its end).
struct RunSummary {
  size_t samples = 0;       // complete samples read
  double last_time = 0;     // the last one's time
  double total = 0;         // the title's figure
  std::string units;        // the title's units, "bytes x seconds"
  bool finished = false;    // the RTS finished the profile (ProfileInfo::finished)
};

// Runs the pipeline; warnings go to `warnings`. Throws Error.
RunSummary run(const Options& opts, Warnings& warnings);

// The step from the input to the matrix: profile_matrix over the reader and
// the transformations in one run, or --watch's samples kept from the reads
// before. `read` is profile_matrix's.
using MatrixMaker = std::function<BandMatrix(const Input& in, InputFormat format, const SelectOptions& select,
                                             size_t time_buckets, Warnings& warnings,
                                             const std::function<void()>& read)>;

// run, with the matrix made by `make`.
RunSummary run_with(const Options& opts, const MatrixMaker& make, Warnings& warnings);

}  // namespace hpng
