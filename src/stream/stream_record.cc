// See stream_record.h.
#include "stream/stream_record.h"

#include <cmath>
#include <cstdint>
#include <cstring>

#include "base/page_hints.h"

namespace hpng {

namespace {

enum Entry : uint8_t { kBand, kSample };

// The most an entry's parts take: a varint of 32 bits, of 64 bits, and a
// value (a varint, or a tag and 8 raw bytes).
constexpr size_t kMostId = 5, kMostVarint = 10, kMostValue = 10;

char* put_varint(char* at, uint64_t v) {
  for (; v >= 0x80; v >>= 7) *at++ = static_cast<char>(v | 0x80);
  *at++ = static_cast<char>(v);
  return at;
}

char* put_raw(char* at, double v) {
  std::memcpy(at, &v, 8);
  return at + 8;
}

char* put_value(char* at, double v) {
  if (v >= 0 && v < 4.6e18 && v == std::trunc(v)) return put_varint(at, static_cast<uint64_t>(v) << 1);
  return put_raw(put_varint(at, 1), v);
}

class Reading {
 public:
  explicit Reading(std::string_view b) : b_(b) {}
  bool done() const { return at_ == b_.size(); }
  uint8_t byte() { return static_cast<uint8_t>(b_[at_++]); }
  uint64_t varint() {
    uint64_t v = 0;
    for (int shift = 0;; shift += 7) {
      uint8_t c = byte();
      v |= static_cast<uint64_t>(c & 0x7F) << shift;
      if (c < 0x80) return v;
    }
  }
  double raw() {
    double d;
    std::memcpy(&d, b_.data() + at_, 8);
    at_ += 8;
    return d;
  }
  double value() {
    uint64_t v = varint();
    return v == 1 ? raw() : static_cast<double>(v >> 1);
  }
  std::string_view text(size_t n) {
    std::string_view t = b_.substr(at_, n);
    at_ += n;
    return t;
  }

 private:
  std::string_view b_;
  size_t at_ = 0;
};

}  // namespace

// The budget is reserved at once (its pages are touched only as the record
// grows): growing by doubling would copy it and, at the end, hold twice it.
// Filled 4 KB page by 4 KB page, it would cost a page fault each. Entries
// are written through a pointer, the room for a whole entry checked once:
// a string's append per byte cost a tenth of the parse.
StreamRecord::StreamRecord(size_t budget) : budget_(budget), data_(new char[budget]) {
  allow_huge_pages(data_.get(), budget_);
}

// Where `need` more bytes go; none when the record would outgrow its budget
// (then it stops, and frees what it held).
char* StreamRecord::room(size_t need) {
  if (!data_) return nullptr;
  if (need <= budget_ - size_) return data_.get() + size_;
  data_.reset();
  std::vector<std::string>().swap(names_);
  return nullptr;
}

void StreamRecord::band(uint32_t id, std::string_view name) {
  char* at = room(1 + kMostId + kMostVarint + name.size());
  if (!at) return;
  *at++ = static_cast<char>(kBand);
  at = put_varint(put_varint(at, id), name.size());
  std::memcpy(at, name.data(), name.size());
  size_ = static_cast<size_t>(at + name.size() - data_.get());
  names_.emplace_back(name);
}

void StreamRecord::sample(const Sample& s) {
  char* at = room(1 + 8 + kMostVarint + s.points.size() * (kMostId + kMostValue));
  if (!at) return;
  *at++ = static_cast<char>(kSample);
  at = put_varint(put_raw(at, s.time), s.points.size());
  for (const DataPoint& p : s.points) at = put_value(put_varint(at, p.band), p.value);
  size_ = static_cast<size_t>(at - data_.get());
}

void StreamRecord::replay(SampleSink& sink, const std::vector<uint32_t>& global, uint32_t announced) const {
  Reading r(std::string_view(data_.get(), data_ ? size_ : 0));
  std::vector<DataPoint> points;
  auto id = [&](uint64_t local) { return global.empty() ? static_cast<uint32_t>(local) : global[local]; };
  while (!r.done()) {
    if (r.byte() == kBand) {
      uint32_t band = id(r.varint());
      std::string_view name = r.text(r.varint());
      if (global.empty() || band >= announced) sink.band(band, name);
      continue;
    }
    double time = r.raw();
    points.resize(r.varint());
    for (DataPoint& p : points) p = {id(r.varint()), r.value()};
    sink.sample({time, points});
  }
}

void RecordingSink::band(uint32_t id, std::string_view name) {
  record_.band(id, name);
  if (out_) out_->band(id, name);
}

void RecordingSink::sample(const Sample& s) {
  record_.sample(s);
  if (out_) out_->sample(s);
}

}  // namespace hpng
