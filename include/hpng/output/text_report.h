// --format text: a plain-text report for a terminal or a CI log, 80
// columns wide: what was profiled, its peak and its end, then the bands as
// a table, the leak suspects first. The figures are band_figures' (the
// JSON's "stats"), in human units.
#pragma once
#include <string>
#include <vector>

#include "hpng/matrix/band_matrix.h"
#include "hpng/verdict/verdict.h"

namespace hpng {

// How many bands a report lists unless asked for every one (-m0).
constexpr size_t kReportBands = 20;

// One profile: the bands of its matrix (as drawn: after the window, the
// filters and the selection), `grows` first by slope, then by peak.
std::string profile_report(const BandMatrix& m, const Verdict& v, const std::string& input, bool every_band);

// --compare: a section per run, each as profile_report's.
std::string compare_report(const std::vector<BandMatrix>& ms, const std::vector<Verdict>& verdicts,
                           const std::vector<std::string>& inputs, bool every_band);

// --diff: both runs' peaks, then the bands whose peak changed most (of
// every band of both), growth first. `before` and `after` hold every band.
std::string diff_report(const BandMatrix& before, const BandMatrix& after, const std::vector<Verdict>& verdicts,
                        const std::vector<std::string>& inputs, bool every_band);

}  // namespace hpng
