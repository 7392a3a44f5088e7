// The times and bands' values of an export of every sample (JSON, CSV, the
// text report) whose matrix would outgrow memory: written a sample at a
// time into blocks of samples, every full block in an unlinked file in
// $TMPDIR, and read back a block of every row, a row a block at a time, or
// a group of whole bands at a time. Memory: the block being filled, then
// the one read back (each at most `block_cells` values), whatever the
// samples.
#pragma once
#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "hpng/matrix/sample_pieces.h"

namespace hpng {

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
  // After the last sample, before any read: the block being filled goes to
  // the file too, and its memory is given back (so that each of many
  // --compare inputs costs none while the others are read).
  void finish();
  size_t samples() const { return samples_; }
  double first_time() const { return first_time_; }
  double last_time() const { return last_time_; }
  // The most values it holds in memory at once (a block, or a group of rows).
  size_t held_cells() const { return held_cells_; }

  // Each block of samples in order.
  void each_block(const SampleBlockFn& fn) const;
  // Row `row`'s values (the times: row == rows), a block at a time.
  void each_piece(size_t row, const PieceFn& fn) const;
  // Rows [first, first + count) whole: row first + i at out[i * samples()].
  void load_rows(size_t first, size_t count, std::vector<double>& out) const;

 private:
  void flush();
  size_t in_buffer() const { return samples_ - flushed_ * block_; }
  // Rows [first_row, first_row + rows) of block `block`, read into `read`.
  std::span<const double> rows_of(size_t block, size_t first_row, size_t rows, std::vector<double>& read) const;

  size_t rows_, most_, held_cells_, block_;  // block_: samples a block holds; the times are row rows_
  size_t samples_ = 0, flushed_ = 0;
  double first_time_ = 0, last_time_ = 0;
  std::vector<double> buffer_;  // (rows_ + 1) x block_: row r's values of the block being filled at r * block_
  int fd_ = -1;                 // the blocks, in order, each (rows_ + 1) x block_ (the last one padded)
  std::string source_;
};

}  // namespace hpng
