// For transformations that drop samples or drop and rename bands: passes on
// a stream whose bands are announced, as a reader's are, when a passed-on
// sample first has a point of them, numbered from 0 in that order, so what
// comes out is what a reader would give for a file holding only the passed
// on samples and names. Bands renamed to one name become one band, as a
// name repeated in a .hp does.
#pragma once
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "hpng/stream/samples.h"

namespace hpng {

class BandRemap {
 public:
  // Input band `id` goes on as `name`, or is dropped (nullopt).
  void declare(uint32_t id, std::optional<std::string> name) {
    if (id >= names_.size()) names_.resize(id + 1), out_id_.resize(id + 1, kUnseen);
    out_id_[id] = name ? kUnseen : kDropped;
    names_[id] = name.value_or("");
  }
  void pass_on(const Sample& s, SampleSink& out) {
    points_.clear();
    for (const DataPoint& p : s.points) {
      uint32_t id = out_id(p.band, out);
      if (id != kDropped) points_.push_back({id, p.value});
    }
    out.sample({s.time, points_});
  }
  size_t bands_passed_on() const { return by_name_.size(); }

 private:
  static constexpr uint32_t kUnseen = UINT32_MAX - 1, kDropped = UINT32_MAX;
  uint32_t out_id(uint32_t in, SampleSink& out) {
    if (out_id_[in] != kUnseen) return out_id_[in];
    auto [it, added] = by_name_.emplace(names_[in], static_cast<uint32_t>(by_name_.size()));
    if (added) out.band(it->second, it->first);
    return out_id_[in] = it->second;
  }

  std::vector<std::string> names_;  // by input band
  std::vector<uint32_t> out_id_;    // by input band: output band, kUnseen or kDropped
  std::unordered_map<std::string, uint32_t> by_name_;
  std::vector<DataPoint> points_;
};

}  // namespace hpng
