// See band_figures.h.
#include "hpng/matrix/band_figures.h"

#include <cmath>

namespace hpng {

namespace {

// The number of samples up to and with the last that has any data: a .hp's
// closing empty sample says nothing of where a band ended.
size_t samples_with_data(const BandMatrix& m) {
  for (size_t n = m.times.size(); n > 0; --n) {
    for (const Band& b : m.bands) {
      if (b.values[n - 1] != 0) return n;
    }
  }
  return 0;
}

void fit(const std::vector<double>& t, const std::vector<double>& v, size_t n, BandFigures& f) {
  double mt = 0;
  for (size_t k = 0; k < n; ++k) mt += t[k];
  mt /= static_cast<double>(n);
  double stt = 0, svv = 0, stv = 0;
  for (size_t k = 0; k < n; ++k) {
    double dt = t[k] - mt, dv = v[k] - f.mean;
    stt += dt * dt, svv += dv * dv, stv += dt * dv;
  }
  f.stddev = std::sqrt(svv / static_cast<double>(n));
  if (stt > 0) f.slope = stv / stt;
  if (stt > 0 && svv > 0) f.r2 = stv * stv / (stt * svv);
}

Trend trend_of(const BandFigures& f, const std::vector<double>& v, size_t n) {
  if (f.peak <= 0) return Trend::none;
  if (f.stddev <= 0.1 * f.mean) return Trend::steady;
  size_t high = 0;
  for (size_t k = 0; k < n; ++k) high += v[k] >= f.peak / 2;
  if (10 * high < n && f.final < f.peak / 2) return Trend::spike;
  if (f.final >= 0.8 * f.peak && f.slope > 0) return Trend::grows;
  if (f.final <= f.peak / 2) return Trend::released;
  return Trend::varies;
}

// The peak, its time and the area come from the matrix, which counts every
// sample even where it keeps fewer (a chart's).
BandFigures figures_of(const std::vector<double>& t, const Band& b, size_t n) {
  BandFigures f;
  f.peak = b.peak, f.peak_time = b.peak_time, f.area = b.area;
  if (n == 0) return f;
  for (size_t k = 0; k < n; ++k) f.mean += b.values[k];
  f.mean /= static_cast<double>(n);
  f.final = b.values[n - 1];
  fit(t, b.values, n, f);
  f.trend = trend_of(f, b.values, n);
  return f;
}

}  // namespace

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
  size_t n = samples_with_data(m);
  std::vector<BandFigures> out;
  for (const Band& b : m.bands) out.push_back(figures_of(m.times, b, n));
  return out;
}

}  // namespace hpng
