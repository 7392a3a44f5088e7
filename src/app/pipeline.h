// The stages every mode composes, as the job sets them up: the stream of an
// input (reader, then transformations), what is done to a matrix before it
// is drawn, and the drawing of one profile's matrix to its output.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "hpng/app/job.h"
#include "hpng/layout/picture.h"
#include "hpng/matrix/band_matrix.h"
#include "hpng/output/output_file.h"
#include "hpng/verdict/gate_result.h"
#include "hpng/verdict/verdict.h"

namespace hpng {

// The steps every read of an input takes after its reader: the window,
// the bands' names, the band filter, long text cut; `name` is the input's.
StreamSteps stream_steps(const ReadPlan& read, const std::string& name);

// The reader of the input's format, then stream_steps.
SampleSource profile_stream(const ProfileInput& in, const ReadPlan& read);

// --compare, --diff: every input's stream, its bands named so that the runs
// match (transform/match.h).
std::vector<SampleSource> matched_streams(const Job& job, Warnings& warnings);

// --compare, --diff: profiles in different units cannot share a scale or
// be subtracted (unless --allow-mixed-units). Throws Error (mixed_units).
void check_units(const std::vector<const BandMatrix*>& ms, const Job& job);

// --compare, --diff: a warning when a run differs from the first in its
// breakdown (an eventlog's, or the -h option in a .hp's JOB) or its clock
// (a .hp's mutator seconds, an eventlog's elapsed seconds): its bands are
// still matched by name, and drawn on one time scale.
void check_alike(const std::vector<const BandMatrix*>& ms, const Job& job, Warnings& warnings);

// The statistics, then (for a chart) the fonts start loading on the free
// core while the single-threaded reads that follow build the matrix.
BandMatrix chart_matrix(const SampleSource& source, const SelectOptions& select, const OutputPlan& plan,
                        Warnings& warnings);

// The profile as the data outputs see it (the job's selection with -p's
// .aux, every sample), the one matrix its verdict is judged on.
BandMatrix judged_matrix(const SampleSource& source, const Job& job, Warnings& warnings);

// Whether the output speaks of the verdict (JSON, a report, a page); an
// output of the job or a gate.
bool speaks_of_verdict(const OutputPlan& plan);
bool needs_verdict(const Job& job);

// What a mode hands the one finishing step (write_finished): the charts
// (the profile, each run compared, or their difference) with their
// verdicts, which the finishing step writes in the output's format.
enum class Charts { profile, compare, diff };
struct Finished {
  Charts kind = Charts::profile;
  std::vector<BandMatrix> charts;
  std::vector<std::string> names;   // each chart's input's
  std::vector<Verdict> verdicts;    // each chart's, on its bands; none for a difference
  const BandMatrix* before = nullptr;  // --diff: the runs, which its report reads
  const BandMatrix* after = nullptr;
  std::vector<Verdict> run_verdicts;   // --diff: the runs'
  std::string title;                // without --title
  double reload_seconds = 0;        // above 0: the profile is still written, a page reloads itself this often
  // --explain: the answer, put before the runs' charts; empty for none.
  struct Answer {
    std::string text, markdown, json;  // a report's and a page's, a Markdown section, the JSON's "explain" object
  } answer;
  std::vector<GateResult> gates;  // one profile's gates, which its Markdown says first; none asked: empty
  std::string run;                // --record: the program and how it ended, which the Markdown and the page say
};

// Every mode's last steps, in one order: the fills (from the first
// chart); the least axes asked for (--x-max, --y-max); the .aux's figures,
// of the bands and the scales before anything is drawn over them (one
// profile); shares (--percent) or the heap's lines; one scale for several
// charts; then the output, its .aux and its records, each written whole.
void write_finished(Finished& f, const OutputPlan& plan, const Job& job, Warnings& warnings);

// What drawing one profile showed (--watch's status line).
struct Drawn {
  size_t samples = 0;       // complete samples read
  double last_time = 0;     // the last one's time
  double total = 0;         // the title's figure
  std::string units;        // the title's units, "bytes x seconds"
  bool finished = false;    // the RTS finished the profile (ProfileInfo::finished)
};

// What one profile's outputs say besides its matrix and verdict, each as
// Finished's.
struct ProfileSays {
  double reload_seconds = 0;
  std::vector<GateResult> gates;
  std::string run;
};

// One profile's matrix to its output (write_finished), with its verdict
// where the output speaks of it.
Drawn draw_profile(BandMatrix m, const std::optional<Verdict>& verdict, const Job& job, const OutputPlan& plan,
                   Warnings& warnings, const ProfileSays& says = {});

}  // namespace hpng
