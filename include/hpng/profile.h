// The one model both readers produce. Nothing after the readers knows which
// format was read.
#pragma once
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "hpng/diag.h"

namespace hpng {

// One data point beyond the first for a band within one sample (the same
// name twice in a sample). Heights add them; -d counts them as points.
struct ExtraPoint {
  uint32_t band;
  uint32_t sample;
  double value;
};

struct Profile {
  std::string job, date, sample_unit, value_unit;
  std::string input_format;  // "hp" or "eventlog"
  std::vector<double> times;  // one per complete sample, non-decreasing
  std::vector<std::string> band_names;  // index = band id, first-seen order
  // values[band][sample]: the band's first data point in that sample, or
  // NaN when it has none. Every column has times.size() entries.
  std::vector<std::vector<double>> values;
  std::vector<ExtraPoint> extra_points;
  std::vector<double> marks;
  Warnings warnings;
};

inline bool has_point(double v) { return !std::isnan(v); }

// The most band x sample cells a reader will hold (1 GiB of values): larger
// profiles are refused with a clear message instead of exhausting memory.
constexpr size_t kMaxMatrixCells = size_t{1} << 27;

}  // namespace hpng
