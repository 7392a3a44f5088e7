// See compare.h.
#include "hpng/matrix/compare.h"

#include <algorithm>

#include "hpng/bands/band_stats.h"
#include "hpng/transform/match.h"

namespace hpng {

std::vector<BandMatrix> shared_matrices(const std::vector<SampleSource>& sources,
                                        const std::vector<std::string>& names, const SelectOptions& select,
                                        size_t time_buckets, Warnings& warnings) {
  SampleSource all = one_after_another(sources);
  BandStats stats = collect_stats(all, warnings);
  std::vector<double> sd = select.by_deviation ? band_deviations(all, stats) : std::vector<double>();
  Selection selection = select_bands(stats, select, sd);
  std::vector<BandMatrix> out;
  for (size_t k = 0; k < sources.size(); ++k) {
    SampleSource shared = on_shared_bands(sources[k], stats.names, names[k]);
    BandStats own = collect_stats(shared, warnings);
    out.push_back(build_matrix(shared, own, selection, {time_buckets, nullptr}, warnings));
  }
  return out;
}

void share_scales(std::vector<BandMatrix>& ms) {
  double x = 0, y = 0;
  for (const BandMatrix& m : ms) x = std::max(x, m.x_range), y = std::max(y, m.y_range);
  for (BandMatrix& m : ms) m.x_range = x, m.y_range = y;
}

}  // namespace hpng
