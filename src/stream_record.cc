// See stream_record.h.
#include "stream_record.h"

#include <cmath>
#include <cstdint>
#include <cstring>

#include "page_hints.h"

namespace hpng {

namespace {

enum Entry : uint8_t { kBand, kSample };

// Each entry is far smaller than this slack, so the record never needs more
// than the budget it reserved.
constexpr size_t kSlack = size_t{1} << 20;

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
// Filled 4 KB page by 4 KB page, it would cost a page fault each.
StreamRecord::StreamRecord(size_t budget) : budget_(budget) {
  bytes_.reserve(budget);
  allow_huge_pages(bytes_.data(), bytes_.capacity());
}

void StreamRecord::varint(uint64_t v) {
  for (; v >= 0x80; v >>= 7) bytes_ += static_cast<char>(v | 0x80);
  bytes_ += static_cast<char>(v);
}

void StreamRecord::value(double v) {
  if (v >= 0 && v < 4.6e18 && v == std::trunc(v)) return varint(static_cast<uint64_t>(v) << 1);
  varint(1);
  char b[8];
  std::memcpy(b, &v, 8);
  bytes_.append(b, 8);
}

void StreamRecord::check() {
  if (bytes_.size() + kSlack <= budget_) return;
  over_ = true;
  std::string().swap(bytes_);
  std::vector<std::string>().swap(names_);
}

void StreamRecord::band(uint32_t id, std::string_view name) {
  if (over_) return;
  bytes_ += static_cast<char>(kBand);
  varint(id);
  varint(name.size());
  bytes_ += name;
  names_.emplace_back(name);
  check();
}

void StreamRecord::sample(const Sample& s) {
  if (over_) return;
  bytes_ += static_cast<char>(kSample);
  char b[8];
  std::memcpy(b, &s.time, 8);
  bytes_.append(b, 8);
  varint(s.points.size());
  for (const DataPoint& p : s.points) {
    varint(p.band);
    value(p.value);
  }
  check();
}

void StreamRecord::replay(SampleSink& sink, const std::vector<uint32_t>& global, uint32_t announced) const {
  Reading r(bytes_);
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
