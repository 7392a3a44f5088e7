// See window.h.
#include "hpng/transform/window.h"

#include <algorithm>
#include <cstdio>

#include "transform/band_remap.h"

namespace hpng {

namespace {

class WindowStep : public StreamStep {
 public:
  WindowStep(SampleSink& out, const TimeWindow& w) : StreamStep(out), w_(w) {}
  void band(uint32_t id, std::string_view name) override { remap_.declare(id, std::string(name)); }
  void sample(const Sample& s) override {
    first_ = std::min(first_, s.time);
    last_ = std::max(last_, s.time);
    if (!inside(s.time)) return;
    remap_.pass_on(s, out());
    ++passed_;
  }
  void finish(ProfileInfo& info, Warnings& warnings) const override;
  std::unique_ptr<StreamStep> copy_to(SampleSink& out) const override { return copied(*this, out); }
  bool inside(double t) const { return (!w_.from || t >= *w_.from) && (!w_.to || t <= *w_.to); }
  size_t passed_ = 0;
  double first_ = 1e308, last_ = -1e308;

 private:
  BandRemap remap_;
  TimeWindow w_;
};

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

[[noreturn]] void empty_window(const WindowStep& sink, const TimeWindow& w, const ProfileInfo& info) {
  std::string unit = info.header.sample_unit.empty() ? "" : " " + info.header.sample_unit;
  std::string window = w.from && w.to ? "between " + number(*w.from) + " and " + number(*w.to)
                       : w.from       ? "at or after " + number(*w.from)
                                      : "at or before " + number(*w.to);
  throw file_error(Code::empty_window, info.header.source, "no sample " + window + unit + ": the profile's samples run from " +
                                                               number(sink.first_) + " to " + number(sink.last_) + unit);
}

void keep_inside(Series& s, const WindowStep& sink) {
  std::vector<double> times, values;
  for (size_t i = 0; i < s.times.size(); ++i) {
    if (sink.inside(s.times[i])) times.push_back(s.times[i]), values.push_back(s.values[i]);
  }
  s.times = std::move(times);
  s.values = std::move(values);
}

void WindowStep::finish(ProfileInfo& info, Warnings&) const {
  if (passed_ == 0) empty_window(*this, w_, info);
  std::erase_if(info.marks, [&](const Mark& m) { return !inside(m.time); });
  for (Series& s : info.series) keep_inside(s, *this);
}

}  // namespace

StepMaker window_step(TimeWindow window) {
  return [window](SampleSink& out) { return std::make_unique<WindowStep>(out, window); };
}


}  // namespace hpng
