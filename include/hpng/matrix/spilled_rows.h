// The bands' values of an export of every sample (JSON, CSV, text) whose
// matrix would outgrow memory: written a sample at a time into blocks of
// samples, every full block in an unlinked file in $TMPDIR, and read back a
// block of every band, or a group of whole bands, at a time. Memory: the
// block being filled and one read back (each at most `block_cells`
// values), and a group of bands (at least one: 8 bytes a sample).
#pragma once
#include <cstddef>
#include <functional>
#include <span>
#include <string>
#include <vector>

namespace hpng {

// A matrix of every sample beyond this many values (32 MiB) is spilled
// where its output allows (OutputPlan::held_cells).
constexpr size_t kHeldCells = size_t{1} << 22;

class SpilledRows {
 public:
  // `rows` bands over at most `samples` samples (more are not kept: a file
  // rewritten between reads); `source` names the input in errors.
  SpilledRows(size_t rows, size_t samples, size_t block_cells, std::string source);
  ~SpilledRows();
  SpilledRows(const SpilledRows&) = delete;
  SpilledRows& operator=(const SpilledRows&) = delete;

  // One sample: its time and a value per row.
  void add(double time, std::span<const double> values);
  size_t samples() const { return samples_; }
  // The samples' times, taken out (they are held: 8 bytes a sample).
  std::vector<double> take_times() { return std::move(times_); }

  // Each block of samples in order: `first` its first sample, `count` its
  // samples, rows[r] row r's values there.
  using Block = std::function<void(size_t first, size_t count, const std::vector<std::span<const double>>& rows)>;
  void each_block(const Block& fn) const;
  // Rows [first, first + count) whole: row first + i at out[i * samples()].
  void load_rows(size_t first, size_t count, std::vector<double>& out) const;

 private:
  void flush();
  size_t in_buffer() const { return samples_ - flushed_ * block_; }
  void read_block(size_t block, size_t first_row, size_t rows, std::vector<double>& into) const;

  size_t rows_, most_, block_;  // block_: samples a block holds
  size_t samples_ = 0, flushed_ = 0;
  std::vector<double> times_;
  std::vector<double> buffer_;  // rows_ x block_: row r's values of the block being filled at r * block_
  int fd_ = -1;                 // the full blocks, in order; none until the first is full
  std::string source_;
};

}  // namespace hpng
