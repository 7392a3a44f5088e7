// The pieces a matrix's values are read in, held or spilled
// (band_matrix.h's each_band_values, each_sample_block, each_time).
#pragma once
#include <cstddef>
#include <functional>
#include <span>
#include <vector>

namespace hpng {

// A block of samples: `first` its first sample, `times` its samples'
// times, rows[r] row r's values there.
using SampleBlockFn = std::function<void(size_t first, std::span<const double> times,
                                         const std::vector<std::span<const double>>& rows)>;
// A piece of one row's values (or the times), from sample `first` on.
using PieceFn = std::function<void(size_t first, std::span<const double> values)>;
// A piece of band `row`'s values, from sample `first` on.
using BandPieceFn = std::function<void(size_t row, size_t first, std::span<const double> values)>;

}  // namespace hpng
