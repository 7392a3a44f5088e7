// See window.h.
#include "hpng/transform/window.h"

#include <algorithm>
#include <cstdio>

#include "transform/band_remap.h"

namespace hpng {

namespace {

class WindowSink : public SampleSink {
 public:
  WindowSink(SampleSink& out, const TimeWindow& w) : remap_(out), w_(w) {}
  void band(uint32_t id, std::string_view name) override { remap_.declare(id, std::string(name)); }
  void sample(const Sample& s) override {
    first_ = std::min(first_, s.time);
    last_ = std::max(last_, s.time);
    if (!inside(s.time)) return;
    remap_.pass_on(s);
    ++passed_;
  }
  bool inside(double t) const { return (!w_.from || t >= *w_.from) && (!w_.to || t <= *w_.to); }
  size_t passed_ = 0;
  double first_ = 1e308, last_ = -1e308;

 private:
  BandRemap remap_;
  const TimeWindow& w_;
};

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

[[noreturn]] void empty_window(const WindowSink& sink, const TimeWindow& w, const ProfileInfo& info) {
  std::string unit = info.header.sample_unit.empty() ? "" : " " + info.header.sample_unit;
  std::string window = w.from && w.to ? "between " + number(*w.from) + " and " + number(*w.to)
                       : w.from       ? "at or after " + number(*w.from)
                                      : "at or before " + number(*w.to);
  throw file_error(Code::empty_window, info.header.source, "no sample " + window + unit + ": the profile's samples run from " +
                                                               number(sink.first_) + " to " + number(sink.last_) + unit);
}

void keep_inside(Series& s, const WindowSink& sink) {
  std::vector<double> times, values;
  for (size_t i = 0; i < s.times.size(); ++i) {
    if (sink.inside(s.times[i])) times.push_back(s.times[i]), values.push_back(s.values[i]);
  }
  s.times = std::move(times);
  s.values = std::move(values);
}

}  // namespace

SampleSource in_window(SampleSource source, TimeWindow window) {
  return [source = std::move(source), window](SampleSink& out, Warnings& warnings) {
    WindowSink sink(out, window);
    ProfileInfo info = source(sink, warnings);
    if (sink.passed_ == 0) empty_window(sink, window, info);
    std::erase_if(info.marks, [&](const Mark& m) { return !sink.inside(m.time); });
    for (Series& s : info.series) keep_inside(s, sink);
    return info;
  };
}

}  // namespace hpng
