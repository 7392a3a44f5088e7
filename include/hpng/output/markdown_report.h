// --format markdown (.md): the text report's facts, the suspects and the
// band table as GitHub-flavoured Markdown, for a CI step's summary or a
// pull request's comment. `picture`: a picture of the same run written
// beside it (relative to the Markdown's folder), shown under the facts;
// empty: none.
#pragma once
#include <string>
#include <vector>

#include "hpng/matrix/band_matrix.h"
#include "hpng/verdict/verdict.h"

namespace hpng {

std::string profile_markdown(const BandMatrix& m, const Verdict& v, const std::string& input, bool every_band,
                             const std::string& picture);

// --compare: a section per run.
std::string compare_markdown(const std::vector<BandMatrix>& ms, const std::vector<Verdict>& verdicts,
                             const std::vector<std::string>& inputs, bool every_band, const std::string& picture);

// --diff: both runs' peaks and suspects, then the bands whose peak changed
// most.
std::string diff_markdown(const BandMatrix& before, const BandMatrix& after, const std::vector<std::string>& inputs,
                          const std::string& picture);

}  // namespace hpng
