// See spilled_rows.h.
#include "matrix/spilled_rows.h"

#include <unistd.h>

#include <algorithm>

#include "base/scratch_file.h"

namespace hpng {

namespace {

constexpr const char* kWhy = "an export of every sample of a profile this large keeps the bands' values there";

}  // namespace

SpilledRows::SpilledRows(size_t rows, size_t samples, size_t block_cells, std::string source)
    : rows_(rows), most_(samples), held_cells_(block_cells), block_(std::max<size_t>(1, block_cells / (rows + 1))),
      buffer_((rows_ + 1) * block_), source_(std::move(source)) {}

SpilledRows::~SpilledRows() {
  if (fd_ >= 0) ::close(fd_);
}

void SpilledRows::add(double time, std::span<const double> values) {
  if (samples_ == most_) return;
  if (in_buffer() == block_) flush();
  size_t i = in_buffer();
  for (size_t r = 0; r < rows_; ++r) buffer_[r * block_ + i] = values[r];
  buffer_[rows_ * block_ + i] = time;
  if (samples_ == 0) first_time_ = time;
  last_time_ = time;
  ++samples_;
}

void SpilledRows::flush() {
  if (fd_ < 0) fd_ = temporary_file(source_, kWhy);
  write_fully(fd_, reinterpret_cast<const char*>(buffer_.data()), buffer_.size() * sizeof(double), source_, kWhy);
  ++flushed_;
}

void SpilledRows::finish() {
  if (samples_ > flushed_ * block_) flush();
  std::vector<double>().swap(buffer_);
}

std::span<const double> SpilledRows::rows_of(size_t block, size_t first_row, size_t rows,
                                             std::vector<double>& read) const {
  read.resize(rows * block_);
  uint64_t at = (static_cast<uint64_t>(block) * (rows_ + 1) + first_row) * block_ * sizeof(double);
  read_fully(fd_, reinterpret_cast<char*>(read.data()), read.size() * sizeof(double), at, source_, kWhy);
  return read;
}

void SpilledRows::each_block(const SampleBlockFn& fn) const {
  std::vector<double> read;
  std::vector<std::span<const double>> rows(rows_);
  for (size_t b = 0; b * block_ < samples_; ++b) {
    size_t count = std::min(block_, samples_ - b * block_);
    std::span<const double> all = rows_of(b, 0, rows_ + 1, read);
    for (size_t r = 0; r < rows_; ++r) rows[r] = all.subspan(r * block_, count);
    fn(b * block_, all.subspan(rows_ * block_, count), rows);
  }
}

void SpilledRows::each_piece(size_t row, const PieceFn& fn) const {
  std::vector<double> read;
  for (size_t b = 0; b * block_ < samples_; ++b) {
    fn(b * block_, rows_of(b, row, 1, read).first(std::min(block_, samples_ - b * block_)));
  }
}

void SpilledRows::load_rows(size_t first, size_t count, std::vector<double>& out) const {
  out.resize(count * samples_);
  std::vector<double> read;
  for (size_t b = 0; b * block_ < samples_; ++b) {
    std::span<const double> rows = rows_of(b, first, count, read);
    size_t n = std::min(block_, samples_ - b * block_);
    for (size_t i = 0; i < count; ++i) {
      std::copy_n(rows.begin() + static_cast<ptrdiff_t>(i * block_), n,
                  out.begin() + static_cast<ptrdiff_t>(i * samples_ + b * block_));
    }
  }
}

}  // namespace hpng
