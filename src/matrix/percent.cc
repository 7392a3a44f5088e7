// See percent.h.
#include "hpng/matrix/percent.h"

#include <vector>

#include "matrix/spilled_rows.h"

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

// A spilled matrix's shares go to a new spilled matrix, a block at a time.
void spilled_percent(BandMatrix& m) {
  const SpilledRows& was = *m.spilled;
  auto shares = std::make_shared<SpilledRows>(m.bands.size(), was.samples(), was.held_cells(), m.info.header.source);
  std::vector<double> row(m.bands.size());
  each_sample_block(m, [&](size_t, std::span<const double> times, const std::vector<std::span<const double>>& rows) {
    for (size_t k = 0; k < times.size(); ++k) {
      double total = 0;
      for (std::span<const double> r : rows) total += r[k];
      if (total == 0) continue;
      for (size_t b = 0; b < rows.size(); ++b) row[b] = 100 * rows[b][k] / total;
      shares->add(times[k], row);
    }
  });
  shares->finish();
  if (shares->samples() == 0) return;  // nothing anywhere: kept, at 0
  if (shares->samples() < was.samples()) m.axis_start = first_time(m);
  m.spilled = std::move(shares);
}

}  // namespace

void to_percent(BandMatrix& m) {
  if (m.spilled) {
    spilled_percent(m);
    m.y_range = 100;
    m.percent = true;
    return;
  }
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
