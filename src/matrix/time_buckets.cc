// See time_buckets.h. Entries 2b and 2b + 1 hold bucket b's lowest and
// highest sample; the last two entries the first and the last sample.
#include "matrix/time_buckets.h"

#include <algorithm>

#include "base/page_hints.h"

namespace hpng {

TimeBuckets::TimeBuckets(size_t samples, double first, double last, size_t buckets, size_t rows)
    : samples_(samples), first_(first), last_(last), buckets_(kept_buckets(samples, buckets) ? buckets : 0),
      rows_(rows) {
  // A megabyte of rows touched page by page costs more in faults than the
  // rest of the matrix's read.
  size_t n = capacity(samples, buckets);
  slots_ = populated_vector(n, kEmpty);
  times_ = populated_vector(n, 0.0);
  heights_ = populated_vector(n, 0.0);
  rows_values_.reserve(rows_);
  for (size_t r = 0; r < rows_; ++r) rows_values_.push_back(populated_vector(n, 0.0));
}

// Ties go to the earlier sample.
bool TimeBuckets::better(size_t entry, uint32_t k, double height, bool low) const {
  if (slots_[entry] == kEmpty) return true;
  double held = heights_[entry];
  return (low ? height < held : height > held) || (height == held && k < slots_[entry]);
}

void TimeBuckets::store(size_t entry, uint32_t k, double time, double height, std::span<const double> values) {
  slots_[entry] = k;
  times_[entry] = time;
  heights_[entry] = height;
  for (size_t r = 0; r < rows_; ++r) rows_values_[r][entry] = values[r];
}

void TimeBuckets::offer(uint32_t k, double time, std::span<const double> values, double height) {
  if (k >= slots_.size() && !buckets_) return;  // more samples than the first read had
  if (!buckets_) {
    store(k, k, time, height, values);
    return;
  }
  if (k == 0) store(2 * buckets_, k, time, height, values);
  if (k + 1 == samples_) store(2 * buckets_ + 1, k, time, height, values);
  double span = last_ - first_;
  size_t b = span > 0 ? static_cast<size_t>(std::max(0.0, (time - first_) / span * static_cast<double>(buckets_))) : 0;
  b = std::min(b, buckets_ - 1);
  if (better(2 * b, k, height, true)) store(2 * b, k, time, height, values);
  if (better(2 * b + 1, k, height, false)) store(2 * b + 1, k, time, height, values);
}

// The entries holding a sample, in the samples' order, each sample once.
std::vector<size_t> TimeBuckets::held_entries() const {
  std::vector<size_t> entries;
  for (size_t e = 0; e < slots_.size(); ++e) {
    if (slots_[e] != kEmpty) entries.push_back(e);
  }
  std::sort(entries.begin(), entries.end(), [&](size_t a, size_t b) { return slots_[a] < slots_[b]; });
  entries.erase(std::unique(entries.begin(), entries.end(), [&](size_t a, size_t b) { return slots_[a] == slots_[b]; }),
                entries.end());
  return entries;
}

std::vector<uint32_t> TimeBuckets::kept_samples() const {
  std::vector<uint32_t> kept;
  for (size_t e : held_entries()) kept.push_back(slots_[e]);
  return kept;
}

// Every entry holding its own sample, in order, is the common case (a
// profile with fewer samples than the buckets hold): the rows are moved out,
// since copying a large matrix costs more than building it.
TimeBuckets::Kept TimeBuckets::take() {
  bool in_place = true;
  for (size_t e = 0; e < slots_.size() && in_place; ++e) in_place = slots_[e] == e;
  if (in_place) return {std::move(times_), std::move(rows_values_)};
  std::vector<size_t> entries = held_entries();
  Kept kept{{}, std::vector<std::vector<double>>(rows_)};
  for (size_t e : entries) kept.times.push_back(times_[e]);
  for (size_t r = 0; r < rows_; ++r) {
    kept.rows[r].reserve(entries.size());
    for (size_t e : entries) kept.rows[r].push_back(rows_values_[r][e]);
  }
  return kept;
}

}  // namespace hpng
