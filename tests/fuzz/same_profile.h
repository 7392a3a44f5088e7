// Band selection reads a profile several times and relies on every read
// giving the same profile and the same points; the reader fuzzers check it.
#pragma once
#include <cstdlib>
#include <vector>

#include "hpng/profile.h"

class RecordingSink : public hpng::SampleSink {
 public:
  void point(uint32_t key, double value) override { points.push_back({key, value}); }
  void end_sample() override { points.push_back({hpng::kNoBand, 0}); }
  std::vector<std::pair<uint32_t, double>> points;
};

// Aborts (a finding for libFuzzer) if two reads differ; lets InputError through.
inline void check_same_profile(const hpng::ReadPass& read) {
  RecordingSink a, b;
  hpng::Profile p = read(a), q = read(b);
  if (p.times != q.times || p.band_names != q.band_names || p.band_of_key != q.band_of_key ||
      p.slot_of_sample != q.slot_of_sample || p.job != q.job || p.marks != q.marks || a.points.size() != b.points.size()) {
    std::abort();
  }
  for (size_t i = 0; i < a.points.size(); ++i) {
    if (a.points[i].first != b.points[i].first) std::abort();
  }
}
