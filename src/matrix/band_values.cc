// The times and bands' values of a matrix, held or spilled (band_matrix.h).
#include <algorithm>

#include "hpng/matrix/band_matrix.h"
#include "matrix/spilled_rows.h"

namespace hpng {

void each_band_values(const BandMatrix& m, const BandPieceFn& fn) {
  if (!m.spilled) {
    for (size_t b = 0; b < m.bands.size(); ++b) fn(b, 0, m.bands[b].values);
    return;
  }
  size_t samples = m.spilled->samples(), held = m.spilled->held_cells();
  if (samples > held) {
    for (size_t b = 0; b < m.bands.size(); ++b) {
      m.spilled->each_piece(b, [&](size_t first, std::span<const double> piece) { fn(b, first, piece); });
    }
    return;
  }
  // Whole bands, as many as the cells held: one read of each block for the
  // group, however many bands there are.
  size_t group = held / std::max<size_t>(1, samples);
  std::vector<double> values;
  for (size_t first = 0; first < m.bands.size(); first += group) {
    size_t count = std::min(group, m.bands.size() - first);
    m.spilled->load_rows(first, count, values);
    for (size_t i = 0; i < count; ++i) fn(first + i, 0, std::span<const double>(values).subspan(i * samples, samples));
  }
}

void each_sample_block(const BandMatrix& m, const SampleBlockFn& fn) {
  if (m.spilled) return m.spilled->each_block(fn);
  std::vector<std::span<const double>> rows;
  for (const Band& b : m.bands) rows.emplace_back(b.values);
  fn(0, m.times, rows);
}

void each_time(const BandMatrix& m, const PieceFn& fn) {
  if (m.spilled) return m.spilled->each_piece(m.bands.size(), fn);
  fn(0, m.times);
}

double first_time(const BandMatrix& m) {
  if (m.spilled) return m.spilled->first_time();
  return m.times.empty() ? 0 : m.times.front();
}

double last_time(const BandMatrix& m) {
  if (m.spilled) return m.spilled->last_time();
  return m.times.empty() ? 0 : m.times.back();
}

}  // namespace hpng
