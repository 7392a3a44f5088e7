// The reduction of a profile to what its drawing can show, made while the
// profile is read so that memory does not grow with the samples: with more
// samples than twice the buckets, the time axis is cut into that many equal
// buckets and only the samples where the stacked total is lowest and
// highest in each bucket (plus the first and last sample) are kept, with
// their rows. Enough for a drawing simplified to fewer columns than buckets
// (layout.h, visible_samples), whose columns keep their lowest and highest
// samples too.
#pragma once
#include <cstdint>
#include <span>
#include <cstddef>
#include <vector>

namespace hpng {

class TimeBuckets {
 public:
  // `samples` samples from time `first` to `last`; `buckets` 0 (or too few
  // samples): keep all.
  TimeBuckets(size_t samples, double first, double last, size_t buckets, size_t rows);
  // The samples such a reduction can hold (its memory: this x rows values).
  static size_t capacity(size_t samples, size_t buckets) {
    return kept_buckets(samples, buckets) ? 2 * buckets + 2 : samples;
  }
  // Sample k (offered in order) at `time`, with its rows' values and their
  // sum.
  void offer(uint32_t k, double time, std::span<const double> values, double height);

  struct Kept {
    std::vector<double> times;              // of the kept samples, in order
    std::vector<std::vector<double>> rows;  // per row, a value per kept sample
  };
  // What was kept, taken out (when every sample was kept, without a copy).
  Kept take();
  // Which samples were kept, in order.
  std::vector<uint32_t> kept_samples() const;

 private:
  static bool kept_buckets(size_t samples, size_t buckets) { return buckets > 0 && samples > 2 * buckets + 2; }
  bool better(size_t entry, uint32_t k, double height, bool low) const;
  std::vector<size_t> held_entries() const;
  void store(size_t entry, uint32_t k, double time, double height, std::span<const double> values);

  static constexpr uint32_t kEmpty = UINT32_MAX;
  size_t samples_;
  double first_, last_;
  size_t buckets_, rows_;
  std::vector<uint32_t> slots_;   // per entry: the sample held, or kEmpty
  std::vector<double> times_;     // per entry: its time
  std::vector<double> heights_;   // per entry: its stacked total
  std::vector<std::vector<double>> rows_values_;  // per row: per entry, its value
};

}  // namespace hpng
