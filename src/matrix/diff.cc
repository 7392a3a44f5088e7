// See diff.h.
#include "hpng/matrix/diff.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace hpng {

namespace {

std::vector<double> union_times(const std::vector<double>& a, const std::vector<double>& b) {
  std::vector<double> out;
  std::merge(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

// A band's values (at `ts`) at each time of `at`: straight between samples,
// zero outside the run's samples.
std::vector<double> resample(const std::vector<double>& ts, const std::vector<double>& v,
                             const std::vector<double>& at) {
  std::vector<double> out(at.size(), 0);
  if (ts.empty()) return out;
  size_t j = 0;
  for (size_t k = 0; k < at.size(); ++k) {
    double t = at[k];
    if (t < ts.front() || t > ts.back()) continue;
    while (j + 1 < ts.size() && ts[j + 1] <= t) ++j;
    if (ts[j] == t || j + 1 == ts.size()) {
      out[k] = v[j];
    } else {
      out[k] = v[j] + (v[j + 1] - v[j]) * (t - ts[j]) / (ts[j + 1] - ts[j]);
    }
  }
  return out;
}

// The band's difference curve, its figures, and how much it changed.
struct Changed {
  Band band;
  double change = 0;  // the area between the runs' curves
};

// The change farthest from zero, either way, and when: a difference's peak.
void set_peak(Band& band, const std::vector<double>& times) {
  band.peak = 0, band.peak_time = 0;
  for (size_t k = 0; k < band.values.size(); ++k) {
    if (std::fabs(band.values[k]) > std::fabs(band.peak)) band.peak = band.values[k], band.peak_time = times[k];
  }
}

Changed changed_band(const std::string& name, const Band* before, const Band* after, const BandMatrix& b,
                     const BandMatrix& a, const std::vector<double>& times) {
  Changed c;
  c.band.name = name;
  c.band.values.assign(times.size(), 0);
  if (after) c.band.values = resample(a.times, after->values, times);
  if (before) {
    std::vector<double> was = resample(b.times, before->values, times);
    for (size_t k = 0; k < times.size(); ++k) c.band.values[k] -= was[k];
  }
  c.band.area = (after ? after->area : 0) - (before ? before->area : 0);
  set_peak(c.band, times);
  const std::vector<double>& d = c.band.values;
  for (size_t k = 1; k < d.size(); ++k) c.change += (times[k] - times[k - 1]) * (std::fabs(d[k]) + std::fabs(d[k - 1])) / 2;
  return c;
}

std::vector<Changed> changed_bands(const BandMatrix& before, const BandMatrix& after, const std::vector<double>& times) {
  std::unordered_map<std::string, const Band*> was, is;
  std::vector<std::string> names;
  for (const Band& band : before.bands) {
    if (was.emplace(band.name, &band).second) names.push_back(band.name);
  }
  for (const Band& band : after.bands) {
    if (is.emplace(band.name, &band).second && !was.contains(band.name)) names.push_back(band.name);
  }
  std::vector<Changed> out;
  for (const std::string& n : names) {
    out.push_back(changed_band(n, was.contains(n) ? was[n] : nullptr, is.contains(n) ? is[n] : nullptr, before, after,
                               times));
  }
  // Least changed first, so the most changed is drawn last: the key's top.
  std::stable_sort(out.begin(), out.end(), [](const Changed& x, const Changed& y) { return x.change < y.change; });
  return out;
}

// How many of the least changed bands (`bands` is least changed first) are
// summed into OTHER: those that did not change at all, those whose change
// is under `trace_percent` of all the bands' change (-t, on the change),
// and those beyond the band limit (-m).
size_t summed_count(const std::vector<Changed>& bands, int band_limit, double trace_percent) {
  double whole = 0;
  for (const Changed& c : bands) whole += c.change;
  size_t n = 0;
  while (n < bands.size() && (bands[n].change == 0 || bands[n].change < whole * trace_percent / 100)) ++n;
  size_t limit = static_cast<size_t>(std::max(band_limit, 1));
  if (band_limit > 0 && bands.size() - n > limit) n = bands.size() - (limit - 1);
  return n;
}

// The least changed bands as one OTHER band at the bottom, its peak its
// own sum's.
void limit_bands(std::vector<Changed>& bands, const std::vector<double>& times, int band_limit, double trace_percent) {
  size_t summed = summed_count(bands, band_limit, trace_percent);
  if (summed == 0) return;
  Changed other;
  other.band.name = "OTHER";
  other.band.values.assign(bands[0].band.values.size(), 0);
  for (size_t i = 0; i < summed; ++i) {
    for (size_t k = 0; k < other.band.values.size(); ++k) other.band.values[k] += bands[i].band.values[k];
    other.band.area += bands[i].band.area;
  }
  set_peak(other.band, times);
  bands.erase(bands.begin(), bands.begin() + static_cast<std::ptrdiff_t>(summed));
  bands.insert(bands.begin(), std::move(other));
}

// The y axis: from the deepest stack of shrinking bands to the highest of
// growing ones; with no change at all, one unit either side of zero.
void set_ranges(BandMatrix& m) {
  double high = 0, low = 0;
  for (size_t k = 0; k < m.times.size(); ++k) {
    double up = 0, down = 0;
    for (const Band& b : m.bands) (b.values[k] > 0 ? up : down) += b.values[k];
    high = std::max(high, up), low = std::min(low, down);
  }
  if (high == 0 && low == 0) high = 1, low = -1;
  // Room above zero when every change is a fall: the zero line keeps its
  // label, which the axis's top (the unit's place) would not.
  high = std::max(high, -low / 8);
  m.y_range = high;
  m.y_low = low;
  double span = m.times.empty() ? 0 : m.times.back() - m.times.front();
  m.x_range = span > 0 ? span : 1;
}

}  // namespace

BandMatrix difference(const BandMatrix& before, const BandMatrix& after, int band_limit, double trace_percent) {
  BandMatrix m;
  m.info.header = after.info.header;
  m.times = union_times(before.times, after.times);
  m.samples = m.times.size();
  std::vector<Changed> bands = changed_bands(before, after, m.times);
  limit_bands(bands, m.times, band_limit, trace_percent);
  for (Changed& c : bands) m.bands.push_back(std::move(c.band));
  // A -hi band's record: the after run's (else the before's, for a band
  // that went away).
  for (const BandMatrix* run : {&after, &before}) {
    for (const Band& b : m.bands) {
      auto it = run->info.info_tables.find(b.name);
      if (it != run->info.info_tables.end()) m.info.info_tables.insert(*it);
    }
  }
  m.total = after.total - before.total;
  m.difference = true;
  set_ranges(m);
  return m;
}

}  // namespace hpng
