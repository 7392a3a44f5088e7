// hp2ps's processing (behaviour reference section 2), one function per
// stage, in hp2ps's order: hash-seeded start order, trace elimination (which
// also sorts by total), -d, -i, -p, then the band limit and OTHER. Every
// sort is hp2ps's unstable selection sort, because its treatment of ties is
// what decides the band order users see. The statistics are hp2ps's, point
// by point in file order; each comes from its own read of the profile (a
// sink per read), so memory holds only per-band figures and the drawn rows.
// Deliberate departures: an all-zero profile keeps its bands (hp2ps divided
// by zero and lost them all), and a second band with a synthetic name does
// not share its fill (shade.cc).
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

// First read: per key, hp2ps's truncating total and the sum of its points
// (for -d's mean). The reader does not yet know which sample is complete,
// so the figures a sample changed are restored if it never ends.
class StatsSink : public SampleSink {
 public:
  void point(uint32_t key, double v) override {
    if (key >= total_.size()) {
      total_.resize(key + 1, 0);
      sum_.resize(key + 1, 0);
      touched_.resize(key + 1, 0);
    }
    if (touched_[key] != sample_ + 1) {
      touched_[key] = sample_ + 1;
      undo_.push_back({key, total_[key], sum_[key]});
    }
    total_[key] = add_truncating(total_[key], v);
    sum_[key] += v;
  }
  void end_sample() override {
    undo_.clear();
    ++sample_;
  }
  // Per band of `p`, once the read is over.
  void fold(const Profile& p, std::vector<int64_t>& totals, std::vector<double>& sums) {
    for (auto u = undo_.rbegin(); u != undo_.rend(); ++u) {
      total_[u->key] = u->total;
      sum_[u->key] = u->sum;
    }
    totals.assign(p.band_names.size(), 0);
    sums.assign(p.band_names.size(), 0);
    for (size_t k = 0; k < std::min(total_.size(), p.band_of_key.size()); ++k) {
      uint32_t b = p.band_of_key[k];
      if (b == kNoBand) continue;
      totals[b] = add_truncating(totals[b], static_cast<double>(total_[k]));
      sums[b] += sum_[k];
    }
  }

 private:
  struct Undo {
    uint32_t key;
    int64_t total;
    double sum;
  };
  std::vector<int64_t> total_;
  std::vector<double> sum_;
  std::vector<uint32_t> touched_;  // 1 + the sample that last changed the key
  std::vector<Undo> undo_;
  uint32_t sample_ = 0;
};

// Later reads know the profile: they stop at the end of its last complete
// sample and ignore keys it dropped.
class DeviationSink : public SampleSink {
 public:
  DeviationSink(const Profile& p, std::vector<double> means)
      : p_(p), means_(std::move(means)), squares_(means_.size(), 0) {}
  void point(uint32_t key, double v) override {
    if (sample_ >= p_.slot_of_sample.size() || key >= p_.band_of_key.size()) return;
    uint32_t b = p_.band_of_key[key];
    if (b != kNoBand) squares_[b] += (v - means_[b]) * (v - means_[b]);
  }
  void end_sample() override { ++sample_; }
  // hp2ps's -d key: squared deviations from the mean (over all samples,
  // missing points as zero) of the actual data points, / (N - 1).
  std::vector<double> deviations() const {
    double n = static_cast<double>(p_.times.size());
    std::vector<double> sd(squares_.size());
    for (size_t b = 0; b < sd.size(); ++b) sd[b] = std::sqrt(squares_[b] / (n - 1));
    return sd;
  }

 private:
  const Profile& p_;
  std::vector<double> means_, squares_;
  size_t sample_ = 0;
};

// The last read: adds each point into the row of the band it is drawn in,
// and keeps every sample or, given time buckets, per bucket the samples
// where the stacked total is lowest and highest (and the first and last
// sample): what any simplified drawing can use, in memory that does not
// grow with the samples. The stacked total of every sample is kept for the
// ranges and the title total.
class RowsSink : public SampleSink {
 public:
  RowsSink(const Profile& p, const std::vector<uint32_t>& row_of_band, size_t rows, size_t buckets)
      : p_(p), rows_(rows), buckets_(buckets), current_(rows, 0), heights_(p.times.size(), 0) {
    row_of_key_.reserve(p.band_of_key.size());
    for (uint32_t b : p.band_of_key) row_of_key_.push_back(b == kNoBand ? kNoBand : row_of_band[b]);
    size_t n = p.times.size();
    slots_.assign(buckets_ ? 2 * buckets_ + 2 : n, kNoBand);
    if (!buckets_) {
      for (size_t k = 0; k < n; ++k) slots_[k] = static_cast<uint32_t>(k);
    } else if (n > 0) {  // the first and last sample, zero until read
      slots_[2 * buckets_] = 0;
      slots_[2 * buckets_ + 1] = static_cast<uint32_t>(n - 1);
    }
    values_.assign(slots_.size() * rows_, 0);
    slot_ = p_.slot_of_sample.empty() ? kNoBand : p_.slot_of_sample[0];
  }
  void point(uint32_t key, double v) override {
    if (slot_ == kNoBand || key >= row_of_key_.size()) return;
    uint32_t r = row_of_key_[key];
    if (r != kNoBand) current_[r] += v;
  }
  void end_sample() override {
    if (slot_ != kNoBand) keep();
    std::fill(current_.begin(), current_.end(), 0);
    ++sample_;
    slot_ = sample_ < p_.slot_of_sample.size() ? p_.slot_of_sample[sample_] : kNoBand;
  }
  // The kept samples in time order: their indices into the profile's times
  // and each row's values at them.
  void result(std::vector<uint32_t>& slots, std::vector<std::vector<double>>& rows) const {
    std::vector<size_t> entries;
    for (size_t e = 0; e < slots_.size(); ++e) {
      if (slots_[e] != kNoBand) entries.push_back(e);
    }
    std::sort(entries.begin(), entries.end(), [&](size_t a, size_t b) { return slots_[a] < slots_[b]; });
    entries.erase(std::unique(entries.begin(), entries.end(), [&](size_t a, size_t b) { return slots_[a] == slots_[b]; }),
                  entries.end());
    slots.clear();
    rows.assign(rows_, {});
    for (size_t e : entries) {
      slots.push_back(slots_[e]);
      for (size_t r = 0; r < rows_; ++r) rows[r].push_back(values_[e * rows_ + r]);
    }
  }
  const std::vector<double>& heights() const { return heights_; }

 private:
  void keep() {
    double h = 0;
    for (double v : current_) h += v;
    heights_[slot_] = h;
    if (!buckets_) {
      store(slot_);
      return;
    }
    if (slot_ == 0) store(2 * buckets_);
    if (slot_ + 1 == heights_.size()) store(2 * buckets_ + 1);
    const std::vector<double>& t = p_.times;
    double span = t.back() - t.front();
    size_t b = span > 0 ? static_cast<size_t>((t[slot_] - t.front()) / span * static_cast<double>(buckets_)) : 0;
    b = std::min(b, buckets_ - 1);
    auto better = [&](size_t e, bool low) {  // ties: the earlier sample
      if (slots_[e] == kNoBand) return true;
      double held = heights_[slots_[e]];
      return (low ? h < held : h > held) || (h == held && slot_ < slots_[e]);
    };
    if (better(2 * b, true)) store(2 * b);
    if (better(2 * b + 1, false)) store(2 * b + 1);
  }
  void store(size_t entry) {
    slots_[entry] = slot_;
    std::copy(current_.begin(), current_.end(), values_.begin() + static_cast<std::ptrdiff_t>(entry * rows_));
  }

  const Profile& p_;
  size_t rows_, buckets_;
  std::vector<uint32_t> row_of_key_;
  std::vector<double> current_;  // the open sample's rows
  std::vector<double> heights_;  // stacked total per slot
  std::vector<uint32_t> slots_;  // per entry: the slot held, or kNoBand
  std::vector<double> values_;   // per entry: its rows
  size_t sample_ = 0;
  uint32_t slot_;
};

Order trace_eliminate(const std::vector<int64_t>& totals, Order order, double theta) {
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

void order_by_name(const std::vector<std::string>& names, Order& order, NameOrder how) {
  auto cmp = [&](uint32_t a, uint32_t b) { return std::strcmp(names[a].c_str(), names[b].c_str()); };
  if (how == NameOrder::ascending) {
    selection_sort(order, [&](uint32_t a, uint32_t b) { return cmp(a, b) < 0; });
  } else {
    selection_sort(order, [&](uint32_t a, uint32_t b) { return cmp(a, b) > 0; });
  }
}

void order_by_aux(const std::vector<std::string>& names, Order& order, const AuxFile& aux) {
  std::unordered_map<std::string, long long> rank;
  for (const auto& [name, n] : aux.order) rank.emplace(name, n);  // first wins
  std::vector<long long> key(names.size(), 0);
  for (uint32_t b : order) {
    auto it = rank.find(names[b]);
    if (it != rank.end()) key[b] = it->second;
  }
  selection_sort(order, [&](uint32_t a, uint32_t b) { return key[a] < key[b]; });
}

// From every sample, whichever samples the matrix keeps.
void set_ranges_and_total(BandMatrix& m, const std::vector<double>& times, const std::vector<double>& heights,
                          const AuxFile* aux) {
  size_t n = times.size();
  double x = n ? times.back() - times.front() : 0;
  double y = n ? *std::max_element(heights.begin(), heights.end()) : 0;
  if (aux && aux->x_range) x = std::max(x, *aux->x_range);
  if (aux && aux->y_range) y = std::max(y, *aux->y_range);
  m.x_range = x == 0 ? 1 : x;
  m.y_range = y == 0 ? 1 : y;
  double area = 0;
  for (size_t k = 1; k < n; ++k) {
    area += (times[k] - times[k - 1]) * (heights[k - 1] + heights[k]) / 2;
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
Order initial_order(const std::vector<std::string>& names) {
  // Buckets in order; inside a bucket the most recently first-seen name
  // comes first (hp2ps inserts new names at the front of the bucket list).
  Order order(names.size());
  std::iota(order.begin(), order.end(), 0);
  std::vector<uint32_t> bucket(order.size());
  for (uint32_t b : order) bucket[b] = hp2ps_hash_bucket(names[b]);
  std::sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
    return bucket[a] != bucket[b] ? bucket[a] < bucket[b] : a > b;
  });
  return order;
}

}  // namespace

BandMatrix select_bands(const ReadPass& read, const SelectOptions& opts, Warnings& warnings) {
  StatsSink stats;
  Profile p = read(stats);
  warnings.insert(warnings.end(), p.warnings.begin(), p.warnings.end());
  std::vector<int64_t> totals;
  std::vector<double> sums;
  stats.fold(p, totals, sums);

  Order order = trace_eliminate(totals, initial_order(p.band_names), opts.trace_percent);
  if (opts.by_deviation) {
    std::vector<double> means(sums.size());
    for (size_t b = 0; b < sums.size(); ++b) means[b] = sums[b] / static_cast<double>(p.times.size());
    DeviationSink dev(p, std::move(means));
    read(dev);
    std::vector<double> sd = dev.deviations();
    selection_sort(order, [&](uint32_t a, uint32_t b) { return sd[a] < sd[b]; });
  }
  if (opts.by_name != NameOrder::none) order_by_name(p.band_names, order, opts.by_name);
  if (opts.aux) order_by_aux(p.band_names, order, *opts.aux);

  // Rows bottom to top: OTHER (the bands beyond the limit, summed), then the
  // kept bands in order.
  size_t limit = opts.band_limit > 0 ? static_cast<size_t>(opts.band_limit) : 0;
  size_t first_kept = limit && order.size() > limit ? order.size() - limit + 1 : 0;
  bool other = first_kept > 0;
  size_t rows = order.size() - first_kept + (other ? 1 : 0);
  size_t buckets = opts.time_buckets && p.times.size() > 2 * opts.time_buckets + 2 ? opts.time_buckets : 0;
  size_t kept = buckets ? 2 * buckets + 2 : p.times.size();
  if (rows > 0 && kept > kMaxMatrixCells / rows) {
    throw InputError({p.source, "", "too large: " + std::to_string(rows) + " bands x " + std::to_string(kept) +
                                        " samples is more than hp2ps-ng holds (" + std::to_string(kMaxMatrixCells) +
                                        " values; lower -m)"});
  }
  std::vector<uint32_t> row_of_band(p.band_names.size(), kNoBand);
  for (size_t i = 0; i < order.size(); ++i) {
    row_of_band[order[i]] = static_cast<uint32_t>(i < first_kept ? 0 : i - first_kept + (other ? 1 : 0));
  }
  RowsSink drawn(p, row_of_band, rows, buckets);
  read(drawn);

  BandMatrix m{p.job, p.date, p.sample_unit, p.value_unit, p.input_format, {}, {}, p.marks};
  std::vector<uint32_t> slots;
  std::vector<std::vector<double>> values;
  drawn.result(slots, values);
  for (uint32_t k : slots) m.times.push_back(p.times[k]);
  if (other) m.bands.push_back({"OTHER", std::move(values[0])});
  for (size_t i = first_kept; i < order.size(); ++i) {
    m.bands.push_back({p.band_names[order[i]], std::move(values[row_of_band[order[i]]])});
  }
  set_ranges_and_total(m, p.times, drawn.heights(), opts.aux);
  return m;
}

}  // namespace hpng
