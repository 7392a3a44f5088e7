// See band_figures.h.
#include "hpng/matrix/band_figures.h"

#include <cmath>

namespace hpng {

namespace {

double total_at(const BandMatrix& m, size_t k) {
  double sum = 0;
  for (const Band& b : m.bands) sum += b.values[k];
  return sum;
}

void fit(const std::vector<double>& t, const std::vector<double>& v, Span s, BandFigures& f) {
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

Trend trend_of(const BandFigures& f, const std::vector<double>& v, Span s) {
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

// The peak, its time and the area come from the matrix, which counts every
// sample even where it keeps fewer (a chart's).
BandFigures figures_of(const std::vector<double>& t, const Band& b, Span s) {
  BandFigures f;
  f.peak = b.peak, f.peak_time = b.peak_time, f.area = b.area;
  if (s.size() == 0) return f;
  for (size_t k = s.first; k < s.end; ++k) f.mean += b.values[k];
  f.mean /= static_cast<double>(s.size());
  f.final = b.values[s.end - 1];
  fit(t, b.values, s, f);
  f.trend = trend_of(f, b.values, s);
  return f;
}

}  // namespace

Span span_with_data(const BandMatrix& m) {
  Span s{0, m.times.size(), 0};
  while (s.end > 0 && total_at(m, s.end - 1) == 0) --s.end;
  while (s.first < s.end && total_at(m, s.first) == 0) ++s.first;
  if (s.size() == 0) return s;
  s.judged = s.end - 1;
  if (s.size() > 2 && 10 * total_at(m, s.judged) < total_at(m, s.judged - 1)) --s.judged;
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
  for (const Band& b : m.bands) out.push_back(figures_of(m.times, b, s));
  return out;
}

}  // namespace hpng
