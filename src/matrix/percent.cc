// See percent.h.
#include "hpng/matrix/percent.h"

#include <vector>

namespace hpng {

namespace {

// Only the samples `live` of `m`, its axis where it was.
void keep_samples(BandMatrix& m, const std::vector<size_t>& live) {
  m.axis_start = axis_start(m);
  auto keep = [&](std::vector<double>& v) {
    for (size_t j = 0; j < live.size(); ++j) v[j] = v[live[j]];
    v.resize(live.size());
  };
  keep(m.times);
  for (Band& b : m.bands) keep(b.values);
}

}  // namespace

void to_percent(BandMatrix& m) {
  std::vector<size_t> live;
  for (size_t k = 0; k < m.times.size(); ++k) {
    double total = 0;
    for (const Band& b : m.bands) total += b.values[k];
    if (total == 0) continue;
    live.push_back(k);
    for (Band& b : m.bands) b.values[k] = 100 * b.values[k] / total;
  }
  // A share of nothing is no share: such samples are left out (a profile
  // with nothing anywhere keeps its samples, at 0).
  if (!live.empty() && live.size() < m.times.size()) keep_samples(m, live);
  m.y_range = 100;
  m.percent = true;
}

}  // namespace hpng
