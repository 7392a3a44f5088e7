// See band_figures.h. Every figure is a sum over the samples in order, so
// that it is made the same way from a held matrix or from a spilled one
// read a block of samples at a time: three passes (the sums, the
// deviations about the means, the samples near the peak).
#include "hpng/matrix/band_figures.h"

#include <algorithm>
#include <cmath>

namespace hpng {

namespace {

using Rows = std::vector<std::span<const double>>;

// fn(i, k) for each sample k of the block from `first` within the span
// (i: its place in the block).
template <class Fn>
void in_span(size_t first, size_t count, Span s, Fn fn) {
  for (size_t k = std::max(first, s.first); k < std::min(first + count, s.end); ++k) fn(k - first, k);
}

// A band's sums beside its figures.
struct Sums {
  double svv = 0, stv = 0;
  size_t high = 0;  // samples at half its peak or more
  double end = 0;   // at the judged sample
};

Trend trend_of(const BandFigures& f, const Sums& u, Span s) {
  if (f.peak <= 0) return Trend::none;
  if (f.stddev <= 0.1 * f.mean) return Trend::steady;
  if (10 * u.high < s.size() && u.end < f.peak / 2) return Trend::spike;
  if (u.end >= 0.8 * f.peak && f.slope > 0) return Trend::grows;
  if (u.end <= f.peak / 2) return Trend::released;
  return Trend::varies;
}

// The means (of the times, and each band's), the final and judged values.
double first_pass(const BandMatrix& m, Span s, std::vector<BandFigures>& f, std::vector<Sums>& u) {
  double mt = 0;
  each_sample_block(m, [&](size_t first, std::span<const double> times, const Rows& rows) {
    in_span(first, times.size(), s, [&](size_t i, size_t k) {
      mt += times[i];
      for (size_t b = 0; b < rows.size(); ++b) {
        f[b].mean += rows[b][i];
        if (k == s.end - 1) f[b].final = rows[b][i];
        if (k == s.judged) u[b].end = rows[b][i];
      }
    });
  });
  for (BandFigures& x : f) x.mean /= static_cast<double>(s.size());
  return mt / static_cast<double>(s.size());
}

// Least squares of value on time, and the standard deviation.
void second_pass(const BandMatrix& m, Span s, double mt, std::vector<BandFigures>& f, std::vector<Sums>& u) {
  double stt = 0;
  each_sample_block(m, [&](size_t first, std::span<const double> times, const Rows& rows) {
    in_span(first, times.size(), s, [&](size_t i, size_t) {
      double dt = times[i] - mt;
      stt += dt * dt;
      for (size_t b = 0; b < rows.size(); ++b) {
        double dv = rows[b][i] - f[b].mean;
        u[b].svv += dv * dv, u[b].stv += dt * dv;
      }
    });
  });
  for (size_t b = 0; b < f.size(); ++b) {
    f[b].stddev = std::sqrt(u[b].svv / static_cast<double>(s.size()));
    if (stt > 0) f[b].slope = u[b].stv / stt;
    if (stt > 0 && u[b].svv > 0) f[b].r2 = u[b].stv * u[b].stv / (stt * u[b].svv);
  }
}

void count_high(const BandMatrix& m, Span s, const std::vector<BandFigures>& f, std::vector<Sums>& u) {
  each_sample_block(m, [&](size_t first, std::span<const double> times, const Rows& rows) {
    in_span(first, times.size(), s, [&](size_t i, size_t) {
      for (size_t b = 0; b < rows.size(); ++b) u[b].high += rows[b][i] >= f[b].peak / 2;
    });
  });
}

}  // namespace

// One pass over the samples' totals (each summed over the bands in order),
// remembering the first and last with data, the totals at the last and
// the sample before it, and their times.
Span span_with_data(const BandMatrix& m) {
  constexpr size_t kNone = SIZE_MAX;
  size_t first = kNone, last = kNone;
  double previous = 0, previous_time = 0, last_total = 0, before_last = 0, before_last_time = 0;
  Span s;
  each_sample_block(m, [&](size_t from, std::span<const double> times, const Rows& rows) {
    for (size_t i = 0; i < times.size(); ++i) {
      double total = 0;
      for (std::span<const double> row : rows) total += row[i];
      if (total != 0) {
        if (first == kNone) first = from + i;
        last = from + i, last_total = total, before_last = previous, before_last_time = previous_time;
        s.last_time = s.judged_time = times[i];
      }
      previous = total, previous_time = times[i];
    }
  });
  if (first == kNone) return {};
  s.first = first, s.end = last + 1, s.judged = last;
  if (s.size() > 2 && 10 * last_total < before_last) --s.judged, s.judged_time = before_last_time;
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

// The peak, its time and the area come from the matrix, which counts every
// sample even where it keeps fewer (a chart's).
std::vector<BandFigures> band_figures(const BandMatrix& m) {
  std::vector<BandFigures> f(m.bands.size());
  for (size_t b = 0; b < f.size(); ++b) f[b].peak = m.bands[b].peak, f[b].peak_time = m.bands[b].peak_time, f[b].area = m.bands[b].area;
  Span s = span_with_data(m);
  if (s.size() == 0) return f;
  std::vector<Sums> u(f.size());
  double mt = first_pass(m, s, f, u);
  second_pass(m, s, mt, f, u);
  count_high(m, s, f, u);
  for (size_t b = 0; b < f.size(); ++b) f[b].trend = trend_of(f[b], u[b], s);
  return f;
}

}  // namespace hpng
