// See compare.h.
#include "hpng/matrix/compare.h"

#include <algorithm>
#include <cmath>

#include "hpng/bands/band_stats.h"
#include "hpng/transform/match.h"

namespace hpng {

namespace {

// --sort-growth over several runs: each band's fastest growth in any of
// them (each run on its own clock, so one slope over all would mix times).
std::vector<double> fastest_growth(const std::vector<SampleSource>& shared, const BandStats& stats) {
  std::vector<double> out(stats.names.size(), -HUGE_VAL);
  for (const SampleSource& one : shared) {
    std::vector<double> s = band_slopes(one, stats);
    for (size_t b = 0; b < out.size(); ++b) out[b] = std::max(out[b], s[b]);
  }
  return out;
}

}  // namespace

std::vector<BandMatrix> shared_matrices(const std::vector<SampleSource>& sources,
                                        const std::vector<std::string>& names, const SelectOptions& select,
                                        size_t time_buckets, Warnings& warnings) {
  SampleSource all = one_after_another(sources);
  BandStats stats = collect_stats(all, warnings);
  OrderFigures keys = order_figures(all, stats, select.by_deviation, false);
  std::vector<SampleSource> shared;
  for (size_t k = 0; k < sources.size(); ++k) shared.push_back(on_shared_bands(sources[k], stats.names, names[k]));
  if (select.by_growth) keys.slopes = fastest_growth(shared, stats);
  Selection selection = select_bands(stats, select, keys);
  std::vector<BandMatrix> out;
  for (size_t k = 0; k < sources.size(); ++k) {
    BandStats own = collect_stats(shared[k], warnings);
    out.push_back(build_matrix(shared[k], own, selection, {time_buckets, nullptr}, warnings));
  }
  return out;
}

void share_scales(std::vector<BandMatrix>& ms) {
  double x = 0, y = 0;
  for (const BandMatrix& m : ms) x = std::max(x, m.x_range), y = std::max(y, m.y_range);
  for (BandMatrix& m : ms) m.x_range = x, m.y_range = y;
}

}  // namespace hpng
