// See band_shape.h. Each band's course is judged from its first sample with
// data to the sample band_figures.h judges as "the end" (not the census GHC
// takes while it tears the heap down), in bounded memory: a long profile's
// samples are averaged in equal runs down to a few thousand points.
#include "hpng/matrix/band_shape.h"

#include <algorithm>
#include <optional>
#include <cmath>

namespace hpng {

namespace {

using Rows = std::vector<std::span<const double>>;

// The points a band's course is judged on: enough for any shape a chart
// can show, within kCourseCells values (8 MiB) for all the bands together,
// and never under kLeastPoints a band (512 bytes a band past 16,384).
constexpr size_t kMostPoints = 2048, kLeastPoints = 64, kCourseCells = size_t{1} << 20;

// A course is judged on the census's number (ticks), not its time: a .hp's
// clock is the program's own, an eventlog's the elapsed, where a profiled
// census costs time in proportion to the heap; the censuses, evenly spaced
// in the program's time, are what both formats share. Times say when.
struct Courses {
  std::vector<double> ticks, times;
  std::vector<std::vector<double>> values;  // per band
};

// The mean of each equal run of samples from the span's first to its
// judged one.
Courses courses(const BandMatrix& m, Span s) {
  size_t n = s.judged + 1 - s.first;
  size_t cap = std::max(kLeastPoints, kCourseCells / std::max<size_t>(m.bands.size(), 1));
  size_t points = std::min({n, kMostPoints, cap});
  Courses c{std::vector<double>(points), std::vector<double>(points),
            std::vector<std::vector<double>>(m.bands.size(), std::vector<double>(points))};
  std::vector<size_t> count(points);
  each_sample_block(m, [&](size_t first, std::span<const double> times, const Rows& rows) {
    for (size_t i = 0; i < times.size(); ++i) {
      size_t k = first + i;
      if (k < s.first || k > s.judged) continue;
      size_t p = (k - s.first) * points / n;
      ++count[p], c.ticks[p] += static_cast<double>(k), c.times[p] += times[i];
      for (size_t b = 0; b < rows.size(); ++b) c.values[b][p] += rows[b][i];
    }
  });
  for (size_t p = 0; p < points; ++p) {
    double n_p = static_cast<double>(std::max<size_t>(count[p], 1));
    c.ticks[p] /= n_p, c.times[p] /= n_p;
    for (std::vector<double>& v : c.values) v[p] /= n_p;
  }
  return c;
}

struct Course {
  const std::vector<double>& t;     // the clock judged on
  const std::vector<double>& when;  // the times, for what the shape says
  const std::vector<double>& v;
  double peak = 0;
  size_t top = 0;  // where the peak is (the first such point)
  // The course whose phases count (phases_before): the band's own, or in a
  // -hb profile the heap's, as a band's falls there are closures passing
  // to another phase of their lives, not a job's data dropped.
  const std::vector<double>* phased = nullptr;
  double length() const { return t.back() - t.front(); }
  // From the band's first point above zero to the end: a leak that starts
  // late in the run (a cache filled by a second phase) ramps over its life.
  double life() const {
    size_t born = 0;
    while (born + 1 < v.size() && v[born] <= 0) ++born;
    return t.back() - t[born];
  }
};

// A sustained ramp: from the last point near the lowest before the peak
// (within a tenth of the rise: not a jump from a floor), or from where a
// slow rise into it began, to the peak, a rise
// of half the peak or more, over 20 % of the band's life or more and four
// points or more, whose falls on the way (each of 5 % of the peak or more)
// add up to under 40 % of the rise (GC noise, not the teeth of a sawtooth), and that first comes within a tenth of
// its peak no sooner than half way along (not a working set built at once,
// whose noise puts its peak late). Its smoothness is 1 less the falls'
// share.
struct Ramp {
  size_t start = 0;
  double smooth = 0;
  bool sustained = false;
};

// Where a slow rise into `start` began: a leak whose data changes form
// (thunks, then the values they make) fills one band slowly, then fast.
// Only a rise of 3 % of the peak or more counts (not a flat floor's noise).
size_t slow_start(const Course& c, size_t start) {
  size_t k = start;
  while (k > 0 && c.v[k - 1] <= c.v[k] + 0.01 * c.peak) --k;
  return c.v[start] - c.v[k] >= 0.03 * c.peak ? k : start;
}

Ramp ramp_of(const Course& c) {
  Ramp r;
  double least = *std::min_element(c.v.begin(), c.v.begin() + static_cast<long>(c.top) + 1);
  r.start = c.top;
  while (r.start > 0 && c.v[r.start] > least + 0.1 * (c.peak - least)) --r.start;
  r.start = slow_start(c, r.start);
  double rise = c.peak - c.v[r.start], falls = 0, run = 0;
  // A fall is a run of declines; one under 5 % of the peak is noise (a
  // queue's consumer taking its turn), however many there are.
  for (size_t k = r.start + 1; k <= c.top + 1; ++k) {
    double d = k <= c.top ? c.v[k - 1] - c.v[k] : 0;
    if (d > 0) run += d;
    else if (run > 0) falls += run >= 0.05 * c.peak ? run : 0, run = 0;
  }
  if (rise <= 0) return r;
  size_t near = r.start;
  while (c.v[near] < 0.9 * c.peak) ++near;
  double length = c.t[c.top] - c.t[r.start];
  r.smooth = std::max(0.0, 1 - falls / rise);
  r.sustained = rise >= c.peak / 2 && c.top - r.start >= 4 && length >= 0.2 * c.life() && r.smooth >= 0.6 &&
                c.t[near] - c.t[r.start] >= 0.5 * length;
  return r;
}

// Where a ramp held flat from (its first point at 90 % of its peak, all
// after it at 80 % or more), when it stayed there longer than it took to
// build (by a fifth): a bounded cache or a working set, filled and then
// used, not a leak. None otherwise.
std::optional<size_t> held_flat_from(const Course& c) {
  size_t near = 0, born = 0;
  while (c.v[near] < 0.9 * c.peak) ++near;
  while (born + 1 < c.v.size() && c.v[born] <= 0) ++born;
  bool flat = std::all_of(c.v.begin() + static_cast<long>(near), c.v.end(), [&](double x) { return x >= 0.8 * c.peak; });
  if (!flat || c.t.back() - c.t[near] < 1.2 * (c.t[near] - c.t[born])) return std::nullopt;
  return near;
}

// What a sustained ramp did after its peak.
BandShape after_ramp(const Course& c, const Ramp& r) {
  double confidence = r.smooth * std::min(1.0, static_cast<double>(c.top - r.start) / 10);
  if (std::optional<size_t> flat = held_flat_from(c)) return {ShapeKind::plateau, confidence, c.when[*flat], 0};
  if (c.v.back() >= 0.7 * c.peak) return {ShapeKind::ramp_held, confidence, 0, 0};
  size_t low = c.top;
  while (low < c.v.size() && c.v[low] > 0.3 * c.peak) ++low;
  if (low < c.v.size() && c.t[low] - c.t[c.top] <= 0.1 * c.length()) return {ShapeKind::ramp_drop, confidence, c.when[low], 0};
  double end = c.when[std::min(low, c.v.size() - 1)];
  return {ShapeKind::ramp_fall, confidence, end - c.when[c.top], 0};
}

// The lows between the band's falls of 30 % of its peak or more (a fall
// counts once it is over: the band has risen 30 % again from its low).
struct Teeth {
  size_t falls = 0;
  std::vector<size_t> lows;
};

Teeth teeth_of(const Course& c) {
  Teeth out;
  double h = 0.3 * c.peak;
  size_t high = 0, low = 0;
  bool falling = false;
  for (size_t k = 1; k < c.v.size(); ++k) {
    if (!falling) {
      if (c.v[k] > c.v[high]) high = k;
      if (c.v[high] - c.v[k] >= h) falling = true, low = k, ++out.falls;
    } else {
      if (c.v[k] < c.v[low]) low = k;
      if (c.v[k] - c.v[low] >= h) falling = false, high = k, out.lows.push_back(low);
    }
  }
  return out;
}

// A sawtooth, its floor rising when the lows' least-squares line rises a
// quarter of the peak or more from the first low to the last and most lows
// are at or above the one before.
BandShape sawtooth_of(const Course& c, const Teeth& teeth) {
  const std::vector<size_t>& lows = teeth.lows;
  double confidence = std::min(1.0, static_cast<double>(teeth.falls) / 6);
  double mt = 0, mv = 0, stt = 0, stv = 0;
  size_t n = lows.size(), up = 0;
  for (size_t k : lows) mt += c.t[k] / static_cast<double>(n), mv += c.v[k] / static_cast<double>(n);
  for (size_t j = 0; j < n; ++j) {
    double dt = c.t[lows[j]] - mt;
    stt += dt * dt, stv += dt * (c.v[lows[j]] - mv);
    up += j > 0 && c.v[lows[j]] >= c.v[lows[j - 1]];
  }
  double rise = stt > 0 ? stv / stt * (c.t[lows.back()] - c.t[lows.front()]) : 0;
  if (n >= 2 && rise >= 0.25 * c.peak && 10 * up >= 7 * (n - 1))
    return {ShapeKind::floor_up, confidence, 0, (c.v[lows.back()] - c.v[lows.front()]) / static_cast<double>(n - 1)};
  return {ShapeKind::sawtooth, confidence, 0, 0};
}

// At 80 % of its peak within the first 30 % of the run, and at half its
// peak or more in 80 % of the points after.
bool plateau(const Course& c, size_t& built) {
  built = 0;
  while (built < c.v.size() && c.v[built] < 0.8 * c.peak) ++built;
  if (c.t[built] - c.t.front() > 0.3 * c.length()) return false;
  size_t kept = 0;
  for (size_t k = built; k < c.v.size(); ++k) kept += c.v[k] >= c.peak / 2;
  return 10 * kept >= 8 * (c.v.size() - built);
}

bool spike(const Course& c) {
  size_t high = static_cast<size_t>(std::count_if(c.v.begin(), c.v.end(), [&](double x) { return x >= c.peak / 2; }));
  return 10 * high < c.v.size() && c.v.back() < c.peak / 2;
}

// Phases before `end`: a rise of a tenth of the peak or more, then a fall
// that gives back 80 % of it (a job's run built, used and dropped; the
// floor it returns to may rise). The lows they returned to, as teeth.
Teeth phases_before(const std::vector<double>& v, size_t end) {
  Teeth out;
  size_t low = 0, high = 0;
  double peak = *std::max_element(v.begin(), v.end());
  for (size_t k = 1; k < end && k < v.size(); ++k) {
    if (v[k] > v[high]) high = k;
    if (v[k] < v[low] && high <= low) low = k, high = k;
    double rise = v[high] - v[low];
    if (high > low && rise >= 0.1 * peak && v[k] <= v[high] - 0.8 * rise) {
      ++out.falls, out.lows.push_back(k);
      low = k, high = k;
    }
  }
  return out;
}

// A ramp after two phases or more that returned to their floor is the
// course's last phase: judged with the earlier ones as teeth (a job run
// on growing inputs, its last run live when the program ends, is healthy;
// a floor rising across the phases is not).
constexpr size_t kLeastPhases = 2;

BandShape shape_of(const Course& c, const BandFigures& f) {
  double plain = std::min(1.0, static_cast<double>(c.v.size()) / (3 * kLeastCensuses));
  if (c.peak <= 0) return {ShapeKind::none, 1, 0, 0};
  if (f.stddev <= 0.1 * f.mean) return {ShapeKind::steady, plain, 0, 0};
  if (Ramp r = ramp_of(c); r.sustained) {
    Teeth phases = phases_before(c.phased ? *c.phased : c.v, r.start + 1);
    return phases.falls >= kLeastPhases ? sawtooth_of(c, phases) : after_ramp(c, r);
  }
  if (Teeth teeth = teeth_of(c); teeth.falls >= 3) return sawtooth_of(c, teeth);
  if (spike(c)) return {ShapeKind::spike, plain, c.when[c.top], 0};
  if (size_t built = 0; plateau(c, built)) return {ShapeKind::plateau, plain, c.when[built], 0};
  return {ShapeKind::varies, plain, 0, 0};
}

}  // namespace

const char* shape_token(ShapeKind k) {
  switch (k) {
    case ShapeKind::none: return "none";
    case ShapeKind::steady: return "steady";
    case ShapeKind::ramp_held: return "ramp-held";
    case ShapeKind::ramp_drop: return "ramp-drop";
    case ShapeKind::ramp_fall: return "ramp-fall";
    case ShapeKind::floor_up: return "floor-up";
    case ShapeKind::sawtooth: return "sawtooth";
    case ShapeKind::plateau: return "plateau";
    case ShapeKind::spike: return "spike";
    case ShapeKind::varies: return "varies";
  }
  return "none";
}

bool leak_shape(ShapeKind k) {
  return k == ShapeKind::ramp_held || k == ShapeKind::ramp_drop || k == ShapeKind::ramp_fall || k == ShapeKind::floor_up;
}

namespace {

// Where the collections at exit begin: those at the run's last moment
// (within 1 % of its span), each under a tenth of the one before them, are
// the teardown, not the end (as a census is: band_figures.h). A -threaded
// RTS makes two.
size_t teardown_start(const std::vector<double>& times, const std::vector<double>& values) {
  size_t n = std::min(times.size(), values.size());
  if (n < 2) return n;
  double window = (times[n - 1] - times[0]) / 100;
  size_t k = n - 1;
  while (k > 1 && times[n - 1] - times[k - 1] <= window) --k;
  bool fell = std::all_of(values.begin() + static_cast<std::ptrdiff_t>(k), values.begin() + static_cast<std::ptrdiff_t>(n),
                          [&](double v) { return v < values[k - 1] / 10; });
  return fell ? k : n;
}

}  // namespace

std::optional<BandShape> series_shape(const std::vector<double>& times, const std::vector<double>& values) {
  size_t n = teardown_start(times, values);
  if (n < kLeastSeriesPoints) return std::nullopt;
  size_t points = std::min(n, kMostPoints);
  std::vector<double> t(points), v(points), count(points);
  for (size_t k = 0; k < n; ++k) {
    size_t p = k * points / n;
    t[p] += times[k], v[p] += values[k], ++count[p];
  }
  BandFigures f;
  for (size_t p = 0; p < points; ++p) t[p] /= count[p], v[p] /= count[p], f.mean += v[p] / static_cast<double>(points);
  for (double x : v) f.stddev += (x - f.mean) * (x - f.mean) / static_cast<double>(points);
  f.stddev = std::sqrt(f.stddev);
  size_t top = static_cast<size_t>(std::max_element(v.begin(), v.end()) - v.begin());
  return shape_of({t, t, v, v[top], top}, f);
}

std::vector<BandShape> band_shapes(const BandMatrix& m, const std::vector<BandFigures>& f, bool heap_phases) {
  Span s = span_with_data(m);
  if (s.size() < kLeastCensuses) return {};
  Courses c = courses(m, s);
  std::vector<double> heap(c.ticks.size());
  for (const std::vector<double>& band : c.values) std::transform(band.begin(), band.end(), heap.begin(), heap.begin(), std::plus<>());
  std::vector<BandShape> shapes;
  for (size_t b = 0; b < m.bands.size(); ++b) {
    const std::vector<double>& values = c.values[b];
    size_t top = static_cast<size_t>(std::max_element(values.begin(), values.end()) - values.begin());
    shapes.push_back(shape_of({c.ticks, c.times, values, values[top], top, heap_phases ? &heap : nullptr}, f[b]));
    // Held until the judged census, not to the end: the teardown came after.
    if (shapes.back().kind == ShapeKind::ramp_held && s.judged + 1 < s.end) shapes.back().when = s.judged_time;
  }
  return shapes;
}

}  // namespace hpng
