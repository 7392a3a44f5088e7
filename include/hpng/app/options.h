// The command line as the user wrote it, each value checked and typed
// (app/cli.h parses it); resolve_job (job.h) turns it into the job.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "hpng/bands/band_selection.h"
#include "hpng/input/input.h"
#include "hpng/layout/chart_style.h"
#include "hpng/output/file_plan.h"
#include "hpng/transform/band_filter.h"
#include "hpng/transform/window.h"

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

// The output as asked for; plan_output (job.h) settles it for the
// input's format.
struct OutputRequest {
  FileOptions files;                  // what is read and written where
  ChartStyle style;
  double dpi = 96;
  bool exact = false;                 // --exact: draw every sample
  std::optional<std::string> palette; // --palette; else greys, or hp2ps's with -c (a page: plan_output)
  bool stable_colours = false;        // --stable-colours
  bool transparent = false;           // --transparent
  std::optional<std::string> title;   // --title
  std::optional<Length> width, height;  // --width, --height
  std::string command;                // the command line, as a shell reads it (the HTML page says how it was made)
};

// Limits that fail a pipeline (exit status 3) after the output is written.
struct Gates {
  std::optional<double> max_peak;    // --max-peak: a profile's peak total, in its value unit
  std::optional<double> max_growth;  // --max-growth (--diff): AFTER's peak over BEFORE's, percent
};

// --record -- PROG [ARGS...]: run a GHC program under heap profiling.
struct RecordRequest {
  std::vector<std::string> argv;        // the program and its own arguments, unchanged
  char breakdown = 'T';                 // --breakdown: the RTS's -h letter
  double every = 0.02;                  // --every: seconds between censuses (the RTS's -i)
  std::optional<std::string> baseline;  // --baseline: an earlier run's profile, for --max-growth
};

struct Options {
  OutputRequest output;
  std::vector<std::string> more_inputs;  // the inputs after files.input (--compare, --diff)
  Several several = Several::none;
  bool mixed_units = false;           // --allow-mixed-units
  std::optional<double> x_max, y_max;  // --x-max, --y-max
  std::optional<double> watch;        // --watch[=SECONDS]
  std::optional<int> watch_pid;       // --watch-pid
  InputFormat input_format = InputFormat::automatic;
  size_t max_input = kSpoolLimit;     // --max-input: what a pipe may hold
  SelectOptions select;               // (-p's .aux is read by resolve_job)
  int ccs_length = 0;
  std::optional<std::string> ipe;     // --ipe: the eventlog whose IPE records name a -hi .hp's bands
  TimeWindow window;                  // --from, --to
  BandFilter filter;                  // --include, --exclude, --merge
  bool percent = false;               // --percent
  Gates gates;                        // --max-peak, --max-growth
  std::optional<RecordRequest> record;  // --record
};

}  // namespace hpng
