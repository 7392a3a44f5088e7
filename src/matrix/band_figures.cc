// See band_figures.h.
#include "hpng/matrix/band_figures.h"

#include <cmath>

namespace hpng {

namespace {

void fit(const std::vector<double>& t, std::span<const double> v, Span s, BandFigures& f) {
  double mt = 0;
  for (size_t k = s.first; k < s.end; ++k) mt += t[k];
  mt /= static_cast<double>(s.size());
  double stt = 0, svv = 0, stv = 0;
  for (size_t k = s.first; k < s.end; ++k) {
    double dt = t[k] - mt, dv = v[k] - f.mean;
    stt += dt * dt, svv += dv * dv, stv += dt * dv;
  }
  f.stddev = std::sqrt(svv / static_cast<double>(s.size()));
  if (stt > 0) f.slope = stv / stt;
  if (stt > 0 && svv > 0) f.r2 = stv * stv / (stt * svv);
}

Trend trend_of(const BandFigures& f, std::span<const double> v, Span s) {
  if (f.peak <= 0) return Trend::none;
  if (f.stddev <= 0.1 * f.mean) return Trend::steady;
  size_t high = 0;
  for (size_t k = s.first; k < s.end; ++k) high += v[k] >= f.peak / 2;
  double end = v[s.judged];
  if (10 * high < s.size() && end < f.peak / 2) return Trend::spike;
  if (end >= 0.8 * f.peak && f.slope > 0) return Trend::grows;
  if (end <= f.peak / 2) return Trend::released;
  return Trend::varies;
}

}  // namespace

// The peak, its time and the area come from the matrix, which counts every
// sample even where it keeps fewer (a chart's).
BandFigures figures_of(const BandMatrix& m, size_t band, std::span<const double> values, Span s) {
  const Band& b = m.bands[band];
  BandFigures f;
  f.peak = b.peak, f.peak_time = b.peak_time, f.area = b.area;
  if (s.size() == 0) return f;
  for (size_t k = s.first; k < s.end; ++k) f.mean += values[k];
  f.mean /= static_cast<double>(s.size());
  f.final = values[s.end - 1];
  fit(m.times, values, s, f);
  f.trend = trend_of(f, values, s);
  return f;
}

// One pass over the samples' totals (each summed over the bands in order),
// remembering the first and last with data and the totals at the last and
// the sample before it.
Span span_with_data(const BandMatrix& m) {
  constexpr size_t kNone = SIZE_MAX;
  size_t first = kNone, last = kNone;
  double previous = 0, last_total = 0, before_last = 0;
  each_sample_block(m, [&](size_t from, size_t count, const std::vector<std::span<const double>>& rows) {
    for (size_t i = 0; i < count; ++i) {
      double total = 0;
      for (std::span<const double> row : rows) total += row[i];
      if (total != 0) {
        if (first == kNone) first = from + i;
        last = from + i, last_total = total, before_last = previous;
      }
      previous = total;
    }
  });
  if (first == kNone) return {0, 0, 0};
  Span s{first, last + 1, last};
  if (s.size() > 2 && 10 * last_total < before_last) --s.judged;
  return s;
}

const char* trend_name(Trend t) {
  switch (t) {
    case Trend::none: return "none";
    case Trend::steady: return "steady";
    case Trend::spike: return "spike";
    case Trend::grows: return "grows";
    case Trend::released: return "released";
    case Trend::varies: return "varies";
  }
  return "none";
}

std::vector<BandFigures> band_figures(const BandMatrix& m) {
  Span s = span_with_data(m);
  std::vector<BandFigures> out;
  each_band_values(m, [&](size_t b, std::span<const double> values) { out.push_back(figures_of(m, b, values, s)); });
  return out;
}

}  // namespace hpng
