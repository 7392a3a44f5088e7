// The command line as the user wrote it, each value checked and converted
// to a plain value (50M to bytes, 6in to points), a field an option: the
// option table (option_table.cc) fills it, the conflicts between options
// are refused (conflicts.cc), and resolve_job (job.h) turns it into the job.
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "hpng/base/output_format.h"
#include "hpng/bands/band_selection.h"
#include "hpng/layout/chart_style.h"

namespace hpng {

// Defaults said once: the table's help reads them, the run uses them
// (-m's, -t's and --dpi's are their stages': band_selection.h, chart_style.h).
constexpr double kWatchEvery = 2;         // --watch's seconds between renders
constexpr double kRecordEvery = 0.1;      // --every: seconds between --record's censuses (bench/every.sh)
constexpr double kRecordRedraw = 0.5;     // --record's seconds between renders
constexpr size_t kMostInput = size_t{2} << 30;  // --max-input

struct Options {
  // Input
  std::vector<std::string> files;       // the profiles named ("-": standard input)
  std::string input_format = "auto";    // --input-format: auto, hp, eventlog
  size_t max_input = kMostInput;        // --max-input, bytes
  std::optional<std::string> ipe;       // --ipe: an eventlog whose IPE records name a -hi .hp's bands
  std::optional<std::string> symbols;   // --symbols: the program whose symbol table names -hi bands left as addresses
  int ccs_length = 0;                   // --ccs-length
  std::optional<double> watch;          // --watch[=SECONDS]
  std::optional<int> watch_pid;         // --watch-pid
  // Output
  std::vector<std::string> outputs;     // -o, repeatable
  std::optional<OutputFormat> format;   // --format
  bool reuse_aux = false, no_aux = false, csv_raw = false;  // -p, --no-aux, --csv-raw
  std::optional<std::string> aux;       // --aux
  std::optional<std::string> title, palette;  // --title, --palette
  bool stable_colours = false, transparent = false, exact = false;
  std::optional<Length> width, height;  // --width, --height
  double dpi = kDefaultDpi;
  bool percent = false, heap_lines = false;
  std::optional<double> x_max, y_max;   // --y-max in the value unit (50M: bytes)
  // hp2ps's processing
  bool colour = false, big_title = false, small_title = false, portrait = false, key_pages = false, no_marks = false;
  bool by_deviation = false, by_number = false, by_growth = false;
  std::optional<std::string> sort_name;  // --sort-name: asc, desc
  double eps_width = 0;                  // -e, points (0: not given)
  int max_bands = kDefaultBands;
  double trace = kDefaultTrace;
  // Selection
  std::optional<double> from, to;
  std::vector<std::string> include, exclude, merge;  // patterns (compiled by resolve_job)
  // Several profiles
  bool compare = false, diff = false, mixed_units = false;
  // Recording
  bool record = false;
  bool explain = false;                  // --explain: GHC's leak workflow, run by run
  std::optional<std::string> breakdown;  // --breakdown (T when not given)
  std::optional<double> every;           // --every (kRecordEvery when not given)
  std::optional<double> run_for;         // --for
  std::optional<std::string> baseline;
  std::vector<std::string> program;  // after --: the program and its own arguments
  // Gates
  std::optional<double> max_peak, max_growth;  // bytes (or the value unit); percent
  bool fail_on_leak = false, allow_unjudged = false;
  // The command line, as a shell reads it (a page says how it was made).
  std::string command;
};

}  // namespace hpng
