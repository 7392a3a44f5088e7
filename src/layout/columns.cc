// See columns.h.
#include "hpng/layout/columns.h"

#include <algorithm>
#include <cmath>

#include "layout/layout_parts.h"

namespace hpng {

std::vector<size_t> visible_samples(const BandMatrix& m, size_t columns, double flat) {
  size_t n = m.times.size();
  std::vector<size_t> keep;
  if (n <= 2 * columns + 2) {
    keep.resize(n);
    for (size_t k = 0; k < n; ++k) keep[k] = k;
    return keep;
  }
  std::vector<double> total(n, 0);
  for (const Band& b : m.bands) {
    for (size_t k = 0; k < n; ++k) total[k] += b.values[k];
  }
  double t0 = m.times.front(), span = m.times.back() - t0;
  auto column_of = [&](size_t k) {
    double c = span > 0 ? (m.times[k] - t0) / span * static_cast<double>(columns) : 0;
    return std::min(columns - 1, static_cast<size_t>(std::max(0.0, c)));
  };
  keep.push_back(0);
  for (size_t k = 1; k + 1 < n;) {
    size_t col = column_of(k), lo = k, hi = k, j = k;
    for (; j + 1 < n && column_of(j) == col; ++j) {
      if (total[j] < total[lo]) lo = j;
      if (total[j] > total[hi]) hi = j;
    }
    if (total[hi] - total[lo] < flat) {
      keep.push_back(hi);  // flat to the eye: one sample, the peak
    } else {
      keep.push_back(std::min(lo, hi));
      if (lo != hi) keep.push_back(std::max(lo, hi));
    }
    k = j;
  }
  keep.push_back(n - 1);
  return keep;
}

size_t most_columns(const ChartStyle& style) {
  double widest = style.width - 2 * kSpace - kGraphX;
  return static_cast<size_t>(std::ceil(std::max(0.0, widest / 72 * style.columns_per_inch)));
}

}  // namespace hpng
