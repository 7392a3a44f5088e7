// hp2ps's processing (behaviour reference section 2), one function per
// stage, in hp2ps's order: hash-seeded start order, trace elimination (which
// also sorts by total), -d, -i, -p, then the band limit and OTHER. Every
// sort is hp2ps's unstable selection sort, because its treatment of ties is
// what decides the band order users see. Deliberate departures: an all-zero
// profile keeps its bands (hp2ps divided by zero and lost them all), and a
// second band with a synthetic name does not share its fill (shade.cc).
#include "hpng/bands.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstring>
#include <numeric>
#include <unordered_map>

namespace hpng {

namespace {

using Order = std::vector<uint32_t>;

Order initial_order(const Profile& p);
std::vector<int64_t> band_totals(const Profile& p);
std::vector<double> band_deviations(const Profile& p);

// For i = 0..n-2, find the strictly best key in i..n-1 and swap it into i.
template <class Better>
void selection_sort(Order& order, Better better) {
  size_t n = order.size();
  for (size_t i = 0; i + 1 < n; ++i) {
    size_t m = i;
    for (size_t j = i + 1; j < n; ++j) {
      if (better(order[j], order[m])) m = j;
    }
    std::swap(order[i], order[m]);
  }
}

// hp2ps keeps totals in a 64-bit integer, adding each value through double.
int64_t add_truncating(int64_t total, double v) {
  double sum = static_cast<double>(total) + v;
  if (!(sum < 9.2e18)) return INT64_MAX;  // beyond hp2ps's range: saturate
  if (sum < -9.2e18) return INT64_MIN;
  return static_cast<int64_t>(sum);
}

Order trace_eliminate(const Profile& p, Order order, double theta) {
  std::vector<int64_t> totals = band_totals(p);
  selection_sort(order, [&](uint32_t a, uint32_t b) { return totals[a] < totals[b]; });
  double grand = 0;
  for (uint32_t b : order) grand += static_cast<double>(totals[b]);
  if (grand == 0) return order;  // all zero: nothing to eliminate
  double c = 0;
  size_t keep_from = order.size();
  for (size_t i = 0; i < order.size(); ++i) {
    c += 100.0 * static_cast<double>(totals[order[i]]) / grand;
    if (c >= theta) {
      keep_from = i;
      break;
    }
  }
  return Order(order.begin() + static_cast<std::ptrdiff_t>(keep_from), order.end());
}

void order_by_name(const Profile& p, Order& order, NameOrder how) {
  auto cmp = [&](uint32_t a, uint32_t b) {
    return std::strcmp(p.band_names[a].c_str(), p.band_names[b].c_str());
  };
  if (how == NameOrder::ascending) {
    selection_sort(order, [&](uint32_t a, uint32_t b) { return cmp(a, b) < 0; });
  } else {
    selection_sort(order, [&](uint32_t a, uint32_t b) { return cmp(a, b) > 0; });
  }
}

void order_by_aux(const Profile& p, Order& order, const AuxFile& aux) {
  std::unordered_map<std::string, long long> rank;
  for (const auto& [name, n] : aux.order) rank.emplace(name, n);  // first wins
  std::vector<long long> key(p.band_names.size(), 0);
  for (uint32_t b : order) {
    auto it = rank.find(p.band_names[b]);
    if (it != rank.end()) key[b] = it->second;
  }
  selection_sort(order, [&](uint32_t a, uint32_t b) { return key[a] < key[b]; });
}

std::vector<double> column_or_zero(const std::vector<double>& col) {
  std::vector<double> v(col.size());
  for (size_t k = 0; k < col.size(); ++k) v[k] = has_point(col[k]) ? col[k] : 0;
  return v;
}

void set_ranges_and_total(BandMatrix& m, const AuxFile* aux) {
  size_t n = m.times.size();
  std::vector<double> height(n, 0);
  for (const Band& b : m.bands) {
    for (size_t k = 0; k < n; ++k) height[k] += b.values[k];
  }
  double x = n ? m.times.back() - m.times.front() : 0;
  double y = n ? *std::max_element(height.begin(), height.end()) : 0;
  if (aux && aux->x_range) x = std::max(x, *aux->x_range);
  if (aux && aux->y_range) y = std::max(y, *aux->y_range);
  m.x_range = x == 0 ? 1 : x;
  m.y_range = y == 0 ? 1 : y;
  double area = 0;
  for (size_t k = 1; k < n; ++k) {
    area += (m.times[k] - m.times[k - 1]) * (height[k - 1] + height[k]) / 2;
  }
  m.total = area;
}

}  // namespace

uint32_t hp2ps_hash_bucket(const std::string& name) {
  uint32_t h = 0;  // 32-bit two's-complement arithmetic, chars signed
  for (char c : name) h = 3 * h + static_cast<uint32_t>(static_cast<int32_t>(static_cast<signed char>(c)));
  uint32_t magnitude = (h & 0x80000000u) ? 0u - h : h;
  return magnitude % 513;
}

namespace {

// The order bands start in before any sort, which decides how ties end up.
Order initial_order(const Profile& p) {
  // Buckets in order; inside a bucket the most recently first-seen name
  // comes first (hp2ps inserts new names at the front of the bucket list).
  Order order(p.band_names.size());
  std::iota(order.begin(), order.end(), 0);
  std::vector<uint32_t> bucket(order.size());
  for (uint32_t b : order) bucket[b] = hp2ps_hash_bucket(p.band_names[b]);
  std::sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
    return bucket[a] != bucket[b] ? bucket[a] < bucket[b] : a > b;
  });
  return order;
}

// hp2ps's per-band totals (64-bit, truncating), for trace elimination.
std::vector<int64_t> band_totals(const Profile& p) {
  std::vector<int64_t> totals(p.band_names.size(), 0);
  for (size_t b = 0; b < totals.size(); ++b) {
    for (double v : p.values[b]) {
      if (has_point(v)) totals[b] = add_truncating(totals[b], v);
    }
  }
  return totals;
}

// hp2ps's -d key: mean over all samples (missing points count as zero),
// squared deviations summed over the actual data points only, / (N - 1).
std::vector<double> band_deviations(const Profile& p) {
  size_t bands = p.band_names.size();
  double n = static_cast<double>(p.times.size());
  std::vector<std::vector<std::pair<uint32_t, double>>> extra(bands);
  for (const ExtraPoint& e : p.extra_points) extra[e.band].push_back({e.sample, e.value});
  std::vector<double> sd(bands, 0);
  for (size_t b = 0; b < bands; ++b) {
    const std::vector<double>& col = p.values[b];
    std::vector<double> first(col);  // first point per sample: sum minus extras
    for (const auto& [k, v] : extra[b]) first[k] -= v;
    double sum = 0;
    for (double v : col) {
      if (has_point(v)) sum += v;
    }
    double mean = sum / n;
    double sq = 0;
    for (double v : first) {
      if (has_point(v)) sq += (v - mean) * (v - mean);
    }
    for (const auto& e : extra[b]) sq += (e.second - mean) * (e.second - mean);
    sd[b] = std::sqrt(sq / (n - 1));
  }
  return sd;
}

}  // namespace

BandMatrix select_bands(const Profile& p, const SelectOptions& opts) {
  Order order = trace_eliminate(p, initial_order(p), opts.trace_percent);
  if (opts.by_deviation) {
    std::vector<double> sd = band_deviations(p);
    selection_sort(order, [&](uint32_t a, uint32_t b) { return sd[a] < sd[b]; });
  }
  if (opts.by_name != NameOrder::none) order_by_name(p, order, opts.by_name);
  if (opts.aux) order_by_aux(p, order, *opts.aux);

  BandMatrix m{p.job, p.date, p.sample_unit, p.value_unit, p.input_format, p.times, {}, p.marks};
  size_t limit = opts.band_limit > 0 ? static_cast<size_t>(opts.band_limit) : 0;
  size_t first_kept = 0;
  if (limit && order.size() > limit) {
    first_kept = order.size() - limit + 1;
    Band other{"OTHER", std::vector<double>(p.times.size(), 0)};
    for (size_t i = 0; i < first_kept; ++i) {
      const std::vector<double>& col = p.values[order[i]];
      for (size_t k = 0; k < col.size(); ++k) {
        if (has_point(col[k])) other.values[k] += col[k];
      }
    }
    m.bands.push_back(std::move(other));
  }
  for (size_t i = first_kept; i < order.size(); ++i) {
    m.bands.push_back({p.band_names[order[i]], column_or_zero(p.values[order[i]])});
  }
  set_ranges_and_total(m, opts.aux);
  return m;
}

}  // namespace hpng
