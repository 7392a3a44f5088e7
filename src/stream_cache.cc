// See stream_cache.h. The record is a byte string: per announced band its
// name; per sample its time, point count, then each point's band and value,
// as varints (bands are small numbers, and values bytes, whole numbers of a
// few bytes each); a value that is not a whole number below 2^62 is kept
// raw behind a tag bit.
#include "hpng/stream_cache.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <vector>

namespace hpng {

namespace {

enum Entry : uint8_t { kBand, kSample };

class Record {
 public:
  // The budget is reserved at once (its pages are touched only as the record
  // grows): growing by doubling would copy it and, at the end, hold twice it.
  explicit Record(size_t budget) : budget_(budget) { bytes_.reserve(budget); }
  void band(uint32_t id, std::string_view name) {
    bytes_ += static_cast<char>(kBand);
    varint(id);
    varint(name.size());
    bytes_ += name;
    check();
  }
  void sample(const Sample& s) {
    bytes_ += static_cast<char>(kSample);
    raw(s.time);
    varint(s.points.size());
    for (const DataPoint& p : s.points) {
      varint(p.band);
      value(p.value);
    }
    check();
  }
  bool complete() const { return complete_; }
  bool over() const { return over_; }
  void finish(ProfileInfo info, const Warnings& warnings) {
    info_ = std::move(info);
    warnings_ = warnings;
    complete_ = !over_;
  }
  ProfileInfo replay(SampleSink& sink, Warnings& warnings) const;

 private:
  void varint(uint64_t v) {
    for (; v >= 0x80; v >>= 7) bytes_ += static_cast<char>(v | 0x80);
    bytes_ += static_cast<char>(v);
  }
  void raw(double d) {
    char b[8];
    std::memcpy(b, &d, 8);
    bytes_.append(b, 8);
  }
  void value(double v) {
    if (v >= 0 && v < 4.6e18 && v == std::trunc(v)) return varint(static_cast<uint64_t>(v) << 1);
    varint(1);
    raw(v);
  }
  // Each entry is far smaller than the slack kept here, so the record never
  // needs more than the reserve.
  void check() {
    if (bytes_.size() + kSlack <= budget_) return;
    over_ = true;
    std::string().swap(bytes_);
  }
  static constexpr size_t kSlack = size_t{1} << 20;

  size_t budget_;
  std::string bytes_;
  bool over_ = false, complete_ = false;
  ProfileInfo info_;
  Warnings warnings_;
};

class Replay {
 public:
  explicit Replay(std::string_view b) : b_(b) {}
  bool done() const { return at_ == b_.size(); }
  uint8_t entry() { return static_cast<uint8_t>(b_[at_++]); }
  uint64_t varint() {
    uint64_t v = 0;
    for (int shift = 0;; shift += 7) {
      uint8_t c = static_cast<uint8_t>(b_[at_++]);
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

ProfileInfo Record::replay(SampleSink& sink, Warnings& warnings) const {
  warnings.insert(warnings.end(), warnings_.begin(), warnings_.end());
  Replay r(bytes_);
  std::vector<DataPoint> points;
  while (!r.done()) {
    if (r.entry() == kBand) {
      uint32_t id = static_cast<uint32_t>(r.varint());
      sink.band(id, r.text(r.varint()));
      continue;
    }
    double time = r.raw();
    points.resize(r.varint());
    for (DataPoint& p : points) p = {static_cast<uint32_t>(r.varint()), r.value()};
    sink.sample({time, points});
  }
  return info_;
}

// Passes the stream on and records it.
class RecordingSink : public SampleSink {
 public:
  RecordingSink(SampleSink& out, Record& record) : out_(out), record_(record) {}
  void band(uint32_t id, std::string_view name) override {
    if (!record_.over()) record_.band(id, name);
    out_.band(id, name);
  }
  void sample(const Sample& s) override {
    if (!record_.over()) record_.sample(s);
    out_.sample(s);
  }

 private:
  SampleSink& out_;
  Record& record_;
};

constexpr size_t kBytesPerLine = 5;  // a point: band and value as varints

}  // namespace

bool worth_caching(const Input& in, InputFormat format, size_t budget) {
  if (format != InputFormat::hp) return false;
  size_t seen = 0, lines = 0;
  read_windows(in, [&](std::string_view bytes, size_t, bool) {
    seen = bytes.size();
    lines = static_cast<size_t>(std::count(bytes.begin(), bytes.end(), '\n'));
    return in.size();  // the first window is enough
  });
  return seen > 0 && static_cast<double>(lines) / static_cast<double>(seen) * static_cast<double>(in.size()) *
                             kBytesPerLine <= static_cast<double>(budget);
}

SampleSource cached(SampleSource source, size_t budget) {
  auto record = std::make_shared<std::unique_ptr<Record>>();
  return [source = std::move(source), record, budget](SampleSink& sink, Warnings& warnings) {
    if (*record && (*record)->complete()) return (*record)->replay(sink, warnings);
    if (*record) return source(sink, warnings);  // it outgrew its budget: read again
    *record = std::make_unique<Record>(budget);
    RecordingSink recording(sink, **record);
    Warnings these;
    ProfileInfo info = source(recording, these);
    (*record)->finish(info, these);
    warnings.insert(warnings.end(), these.begin(), these.end());
    return info;
  };
}

}  // namespace hpng
