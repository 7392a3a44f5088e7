// See spilled_rows.h.
#include "hpng/matrix/spilled_rows.h"

#include <unistd.h>

#include <algorithm>

#include "base/scratch_file.h"

namespace hpng {

namespace {

constexpr const char* kWhy = "an export of every sample of a profile this large keeps the bands' values there";

}  // namespace

SpilledRows::SpilledRows(size_t rows, size_t samples, size_t block_cells, std::string source)
    : rows_(rows), most_(samples), block_(std::max<size_t>(1, block_cells / std::max<size_t>(1, rows))), buffer_(rows_ * block_),
      source_(std::move(source)) {
  times_.reserve(most_);
}

SpilledRows::~SpilledRows() {
  if (fd_ >= 0) ::close(fd_);
}

void SpilledRows::add(double time, std::span<const double> values) {
  if (samples_ == most_) return;
  if (in_buffer() == block_) flush();
  times_.push_back(time);
  size_t i = in_buffer();
  for (size_t r = 0; r < rows_; ++r) buffer_[r * block_ + i] = values[r];
  ++samples_;
}

void SpilledRows::flush() {
  if (fd_ < 0) fd_ = temporary_file(source_, kWhy);
  write_fully(fd_, reinterpret_cast<const char*>(buffer_.data()), buffer_.size() * sizeof(double), source_, kWhy);
  ++flushed_;
}

// Rows [first_row, first_row + rows) of a full block, each block_ values.
void SpilledRows::read_block(size_t block, size_t first_row, size_t rows, std::vector<double>& into) const {
  into.resize(rows * block_);
  uint64_t at = (static_cast<uint64_t>(block) * rows_ + first_row) * block_ * sizeof(double);
  read_fully(fd_, reinterpret_cast<char*>(into.data()), into.size() * sizeof(double), at, source_, kWhy);
}

void SpilledRows::each_block(const Block& fn) const {
  std::vector<double> read;
  std::vector<std::span<const double>> rows(rows_);
  for (size_t b = 0; b <= flushed_; ++b) {
    bool held = b == flushed_;
    size_t count = held ? in_buffer() : block_;
    if (count == 0) break;
    if (!held) read_block(b, 0, rows_, read);
    const std::vector<double>& from = held ? buffer_ : read;
    for (size_t r = 0; r < rows_; ++r) rows[r] = std::span<const double>(from).subspan(r * block_, count);
    fn(b * block_, count, rows);
  }
}

void SpilledRows::load_rows(size_t first, size_t count, std::vector<double>& out) const {
  out.resize(count * samples_);
  std::vector<double> read;
  for (size_t b = 0; b < flushed_; ++b) {
    read_block(b, first, count, read);
    for (size_t i = 0; i < count; ++i) {
      std::copy_n(read.begin() + static_cast<ptrdiff_t>(i * block_), block_, out.begin() + static_cast<ptrdiff_t>(i * samples_ + b * block_));
    }
  }
  for (size_t i = 0; i < count; ++i) {
    auto row = buffer_.begin() + static_cast<ptrdiff_t>((first + i) * block_);
    std::copy_n(row, in_buffer(), out.begin() + static_cast<ptrdiff_t>(i * samples_ + flushed_ * block_));
  }
}

}  // namespace hpng
