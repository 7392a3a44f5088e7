// Band selection reads a profile several times and relies on every read
// giving the same stream; the reader fuzzers check it, and check the
// stream's promises: bands announced in order before use, times in order.
#pragma once
#include <cstdlib>
#include <string>
#include <vector>

#include "hpng/stream/samples.h"

class RecordingSink : public hpng::SampleSink {
 public:
  void band(uint32_t id, std::string_view name) override {
    if (id != names.size()) std::abort();
    names.emplace_back(name);
  }
  void sample(const hpng::Sample& s) override {
    if (!times.empty() && s.time < times.back()) std::abort();
    times.push_back(s.time);
    for (const hpng::DataPoint& p : s.points) {
      if (p.band >= names.size()) std::abort();
      points.push_back(p);
    }
    points.push_back({UINT32_MAX, 0});
  }
  std::vector<std::string> names;
  std::vector<double> times;
  std::vector<hpng::DataPoint> points;
};

// Aborts (a finding for libFuzzer) if two reads differ; lets Error through.
inline void check_same_profile(const hpng::SampleSource& read) {
  RecordingSink a, b;
  hpng::Warnings wa, wb;
  hpng::ProfileInfo p = read(a, wa), q = read(b, wb);
  bool same_points = a.points.size() == b.points.size();
  for (size_t i = 0; same_points && i < a.points.size(); ++i) {
    same_points = a.points[i].band == b.points[i].band &&
                  (a.points[i].value == b.points[i].value || (a.points[i].value != a.points[i].value));
  }
  if (!same_points || a.times != b.times || a.names != b.names || p.header.job != q.header.job ||
      p.marks != q.marks || wa.size() != wb.size()) {
    std::abort();
  }
}
