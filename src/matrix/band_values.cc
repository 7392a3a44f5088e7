// The bands' values of a matrix, held or spilled (band_matrix.h).
#include <algorithm>

#include "hpng/matrix/band_matrix.h"

namespace hpng {

void each_band_values(const BandMatrix& m, const std::function<void(size_t band, std::span<const double>)>& fn) {
  if (!m.spilled) {
    for (size_t b = 0; b < m.bands.size(); ++b) fn(b, m.bands[b].values);
    return;
  }
  size_t samples = m.spilled->samples(), group = std::max<size_t>(1, kHeldCells / std::max<size_t>(1, samples));
  std::vector<double> values;
  for (size_t first = 0; first < m.bands.size(); first += group) {
    size_t count = std::min(group, m.bands.size() - first);
    m.spilled->load_rows(first, count, values);
    for (size_t i = 0; i < count; ++i) fn(first + i, std::span<const double>(values).subspan(i * samples, samples));
  }
}

void each_sample_block(const BandMatrix& m, const SpilledRows::Block& fn) {
  if (m.spilled) return m.spilled->each_block(fn);
  std::vector<std::span<const double>> rows;
  for (const Band& b : m.bands) rows.emplace_back(b.values);
  fn(0, m.times.size(), rows);
}

}  // namespace hpng
