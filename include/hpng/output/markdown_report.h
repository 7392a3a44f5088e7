// --format markdown (.md): the text report's facts, the suspects and the
// band table as GitHub-flavoured Markdown, for a CI step's summary or a
// pull request's comment. `picture`: a picture of the same run written
// beside it (relative to the Markdown's folder), shown under the facts;
// empty: none.
#pragma once
#include <string>
#include <vector>

#include "hpng/matrix/band_matrix.h"
#include "hpng/verdict/gate_result.h"
#include "hpng/verdict/verdict.h"

namespace hpng {

// `gates`: the job's gates on it, said first (none asked: empty); `run`:
// --record's program and how it ended, a row of the facts ("": none).
std::string profile_markdown(const BandMatrix& m, const Verdict& v, const std::string& input, bool every_band,
                             const std::string& picture, const std::vector<GateResult>& gates = {},
                             const std::string& run = "");

// --compare: a section per run.
std::string compare_markdown(const std::vector<BandMatrix>& ms, const std::vector<Verdict>& verdicts,
                             const std::vector<std::string>& inputs, bool every_band, const std::string& picture);

// --diff: both runs' peaks and suspects, then the bands whose peak changed
// most.
std::string diff_markdown(const BandMatrix& before, const BandMatrix& after, const std::vector<std::string>& inputs,
                          const std::string& picture);

// One profile of a batch as its summary says it: made where the profile
// is judged (a batch's worker), written with the others' by the batch.
struct SummaryRow {
  std::string input;
  std::string error;                  // why it was not read ("": it was)
  std::string peak, final, growth;    // "29.1 MB at 0.067 s", "1.2 MB", "+16.5 MB/s" (the total's, to the run's end)
  std::vector<std::string> suspects;  // their shown names, the most suspicious first
  std::string verdict;                // "no leak found", "2 suspects", "too short to judge (4 of 10 censuses)"
  std::string section;                // its suspects, a Markdown section ("": none)
};
SummaryRow summary_row(const BandMatrix& m, const Verdict& v, const std::string& input);

// A batch's one Markdown document (-o summary.md over several profiles):
// each gate's result first (a line per gate, the profiles named by
// outcome), a row per profile, then each suspect profile's suspects. No
// picture: a CI job's summary page cannot show a local file.
std::string batch_markdown(const std::vector<SummaryRow>& rows, const std::vector<GateResult>& gates);

}  // namespace hpng
