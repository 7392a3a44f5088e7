// The job: the command line resolved, once, into what the run does: the
// mode, the inputs opened with their formats, how they are read and
// selected, the output planned for the input's format, and what is done to
// the matrix before it is drawn. run (run.h) dispatches on the mode; every
// mode composes the same stages from it.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "hpng/bands/band_selection.h"
#include "hpng/layout/chart_style.h"
#include "hpng/output/file_plan.h"
#include "hpng/transform/band_filter.h"
#include "hpng/transform/window.h"
#include "hpng/read/aux_file.h"
#include "hpng/read/eventlog_reader.h"
#include "hpng/shade/shade.h"

namespace hpng {

struct Options;  // the command line (app/cli/options.h)

// The output as asked for; plan_output settles it for the input's format.
struct OutputRequest {
  FileOptions files;                  // what is read and written where (the first -o)
  std::vector<std::string> more_outputs;  // -o again: more outputs of the one run, each in its extension's format
  ChartStyle style;                   // its colour is the palette's (plan_for)
  bool colour = false;                // -c: hp2ps's colour cycle, unless --palette
  double dpi = 0;                     // --dpi
  bool exact = false;                 // --exact: draw every sample
  std::optional<std::string> palette; // --palette; else greys, or hp2ps's with -c (a page: plan_output)
  bool stable_colours = false;        // --stable-colours
  bool transparent = false;           // --transparent
  std::optional<std::string> title;   // --title
  std::optional<Length> width, height;  // --width, --height
  std::string command;                // the command line, as a shell reads it (the HTML page says how it was made)
};

// Limits that fail a pipeline (exit status 3) after the outputs are written.
struct Gates {
  std::optional<double> max_peak;    // --max-peak: a profile's peak total, in its value unit
  std::optional<double> max_growth;  // --max-growth (--diff): AFTER's peak over BEFORE's, percent
  bool fail_on_leak = false;         // --fail-on-leak: the leak verdict names a suspect band, or could not judge
  bool allow_unjudged = false;       // --allow-unjudged: a profile too short to judge passes --fail-on-leak
};

// --record -- PROG [ARGS...]: run a GHC program under heap profiling.
struct RecordRequest {
  std::vector<std::string> argv;        // the program and its own arguments, unchanged
  char breakdown = 'T';                 // --breakdown: the RTS's -h letter
  double every = 0;                     // --every: seconds between censuses (the RTS's -i)
  bool every_given = false;             // the interval is the user's: never changed for a run again
  std::optional<std::string> baseline;  // --baseline: an earlier run's profile, for --max-growth
  bool explain = false;                 // --explain: the leak workflow's runs
  std::optional<double> run_for;        // --for: seconds after which hp2ps-ng stops the program, as a stop it was sent
};

enum class Mode {
  one_profile,  // one chart (or export) of one profile
  compare,      // --compare: one chart per input, alike, on one scale
  diff,         // --diff BEFORE AFTER: the difference
  watch,        // --watch: one profile, drawn again as it grows
  record,       // --record: a program run under heap profiling, its profile followed as --watch follows one
  batch,        // several profiles, each drawn as its own run would draw it
};

// --watch's and --record's line about the state after each render (a
// terminal shows it).
using StatusLine = std::function<void(const std::string&)>;

struct ProfileInput {
  std::string path;    // as opened: hp2ps's rule, `prof` reads prof.hp
  InputFormat format;  // sniffed once from the first bytes, or --input-format's; under --watch,
                       // automatic until the file is there (the watch sniffs it)
  Input input;         // open; under --watch, opened afresh at each update instead
};

// The input's name in charts and messages: its path, or "stdin".
std::string shown_name(const ProfileInput& in);

// How each input is read: its reader, then the transformations asked for.
struct ReadPlan {
  EventlogOptions eventlog;
  TimeWindow window;  // first, so that the filter sees only the window's bands
  BandFilter filter;
  BandNamer ipe;      // --ipe's names, else empty
  BandNamer symbols;  // --symbols' names for the address bands left, else empty
};

// The output, settled for the format of the (first) input: where it goes,
// how the chart is drawn there, and the .aux that -p reads.
struct OutputPlan {
  FilePlan files;
  ChartStyle chart;
  Palette palette;
  // Colours from each band's identity (--stable-colours, or a page of
  // several runs: a band is one colour on the whole page).
  bool stable_colours = false;
  // A chart keeps the samples its columns can show (time_buckets.h); JSON
  // and CSV (0) every sample.
  size_t time_buckets = 0;
  size_t held_cells = 0;  // beyond: the matrix is spilled (MatrixOptions)
  std::optional<AuxFile> aux;
  // --percent's shares: not in a report, which says sizes.
  bool percent = false;
  bool is_chart() const { return !is_data_format(files.format); }
};

// What happens to the matrix between the selection and the drawing.
struct MatrixPlan {
  std::optional<double> x_max, y_max;  // the axes reach at least this far
  bool percent = false;
  bool mixed_units = false;  // --compare, --diff: accept profiles in different units
};

// --record: the program, what its binary can do, where its profile is kept
// (inputs[0], drawn once the program has ended), and what is written then:
// the outputs (Job::outputs) and the text report on standard output.
struct RecordPlan {
  RecordRequest asked;
  std::string program;            // the file argv[0] runs; empty: none found (the run says why)
  std::string name;               // argv[0]'s base name: PROG of PROG.html, PROG.eventlog
  bool ghc = false;               // a GHC binary: its RTS is asked before it runs, and told on its command line
  bool eventlog = true;           // else the RTS's own .hp is followed (a GHC before 9.4 without -eventlog)
  bool flush_interval = true;     // the RTS takes --eventlog-flush-interval (GHC 9.2 on)
  bool profile_prefix = true;     // the RTS takes -po (where its own .hp goes)
  bool profiled = true;           // a profiled build (-prof): --explain's four runs, else a plain build's one or two
  bool info_tables = true;        // the RTS takes -hi (GHC 9.2 on)
  // The name an RTS without -po writes its own .hp under (./NAME.hp): the
  // program's; a script's, the GHC program it runs (learnt from its usage).
  std::string rts_name;
  std::optional<ProfileInput> baseline;  // --baseline, opened
  OutputPlan report;              // the text report, on standard output
};

// --explain's runs: at most three by type (run 1 and two retries), one by
// cost centre, one by retainer, two biographical (one retry); run N's
// profile is kept as PROG.explain-N.eventlog, its .prof beside it.
constexpr size_t kMostExplainRuns = 7;
inline std::string explain_profile(const std::string& name, size_t run) {
  return name + ".explain-" + std::to_string(run) + ".eventlog";
}

struct Job {
  Mode mode = Mode::one_profile;
  std::vector<ProfileInput> inputs;  // one, except for --compare, --diff and a batch (opened by each run)
  // Every other file the run reads (--ipe's eventlog): checked with the
  // inputs, so that no output of any mode replaces it.
  std::vector<InputRef> side_inputs;
  ReadPlan read;
  SelectOptions select;  // its .aux pointer is set where the output plan is used (selection())
  MatrixPlan matrix;
  OutputRequest asked;               // the outputs as asked: plan_outputs settles them
  std::vector<OutputPlan> outputs;   // settled; under --watch once the file's format is known
  double watch_interval = 0;         // --watch: seconds, the least time between two renders
  std::optional<int> watch_pid;      // --watch-pid: also end when this process has
  size_t watch_copy_limit = 0;       // --watch on a FIFO: the most of it kept (--max-input)
  Gates gates;                       // checked once the output is written (gates.h)
  std::optional<RecordPlan> record;  // --record
  std::string folder;                // a batch's -o: where each run's outputs go (empty: the current folder)
  std::string summary;               // a batch's Markdown summary of every profile (-o FILE.md, "-"); empty: none
};

// Resolves the command line: opens the inputs (not under --watch), sniffs
// each format once, plans the output and reads -p's .aux. Throws Error.
Job resolve_job(const Options& o, Warnings& warnings);

// The output plans for inputs of `format` (the first input's), one a -o:
// resolve_job's, and --watch's once it has seen the file. Only the first
// reads and writes an .aux. Throws Error (usage) for an output that cannot
// be made.
std::vector<OutputPlan> plan_outputs(const Job& job, InputFormat format, Warnings& warnings);

// The plan of an output whose files are settled: `files` checked against
// the inputs, the chart's style and the palette for them.
OutputPlan plan_for(const Job& job, FilePlan files, InputFormat format, Warnings& warnings);

// A batch's (Mode::batch) run of its input `k`: the one-profile job a run
// of that input alone would have, its outputs in the folder -o names.
// Throws Error as resolve_job does.
Job job_for_input(const Job& batch, size_t k, Warnings& warnings);

// The selection options with the output plan's .aux (-p).
SelectOptions selection(const Job& job, const OutputPlan& plan);

}  // namespace hpng
