// See axis_ticks.h.
#include "layout/axis_ticks.h"

#include <cmath>
#include <cstdio>

#include "base/text.h"
#include "layout/text_metrics.h"

namespace hpng {

namespace {

constexpr double kLabelSize = 10;  // points, as hp2ps
constexpr double kGap = 3;         // the least room between two labels, in points
constexpr double kAscent = 0.73;   // of the bundled font's digits, in ems
constexpr int kMostSteps = 64;     // wider steps tried; each at least doubles
constexpr int kMostTicks = 10000;  // a step too small to advance the time ends the axis too

// The next step up: 1 -> 2 -> 5 -> 10 times a power of ten.
double wider_step(double s) {
  double p = std::pow(10, std::floor(std::log10(s)));
  double m = s / p;
  return (m < 1.5 ? 2 : m < 3.5 ? 5 : 10) * p;
}

bool distinct_and_apart(const std::vector<Tick>& ticks) {
  for (size_t k = 1; k < ticks.size(); ++k) {
    if (ticks[k].label.text == ticks[k - 1].label.text) return false;
    if (ticks[k].label.from - ticks[k - 1].label.to < kGap) return false;
  }
  return true;
}

bool distinct(const std::vector<Tick>& ticks) {
  for (size_t k = 1; k < ticks.size(); ++k) {
    if (ticks[k].label.text == ticks[k - 1].label.text) return false;
  }
  return true;
}

// hp2ps's tick times: from the first sample by the step (added up, as hp2ps
// adds), while before the last sample and the cut-off.
std::vector<std::pair<double, double>> time_positions(double t0, double last, double step, double scale,
                                                      double cutoff) {
  std::vector<std::pair<double, double>> out;
  double t = t0;
  for (int guard = 0; t < last && guard < kMostTicks; ++guard) {
    double x = (t - t0) * scale;
    if (x < cutoff) out.emplace_back(t, x);
    double next = t + step;
    if (next == t) break;  // huge times, tiny step: no progress possible
    t = next;
  }
  return out;
}

std::vector<Tick> time_labels(const std::vector<std::pair<double, double>>& at, int decimals, double limit) {
  std::vector<Tick> ticks;
  for (const auto& [t, x] : at) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, t);
    double w = text_width(buf, kLabelSize);
    if (x + w / 2 > limit - kGap) break;
    ticks.push_back({x, {buf, x - w / 2, x + w / 2}});
  }
  return ticks;
}

std::string value_label(double v, double step) {
  if (step >= 1e6) return group_digits(std::floor(v / 1e6 + 0.5)) + "M";
  if (step >= 1e3) return group_digits(std::floor(v / 1e3 + 0.5)) + "k";
  return group_digits(std::floor(v + 0.5));
}

// Ticks at whole multiples of the step from `low` to `high` (hp2ps adds
// the step up from 0; for steps of 1 or more, whole numbers, the same).
std::vector<Tick> value_labels(double low, double high, double step, double length, double cutoff) {
  std::vector<Tick> ticks;
  double first = std::ceil(low / step - 1e-9);
  for (int i = 0; i < kMostTicks; ++i) {
    double v = (first + i) * step;
    if (v > high) break;
    double y = (v - low) * length / (high - low);
    if (y < cutoff) ticks.push_back({y, {value_label(v, step), y, y + kAscent * kLabelSize}});
  }
  return ticks;
}

}  // namespace

double nice_step(double y) {
  if (!(y > 0) || !std::isfinite(y)) return 1;
  int k = 0;
  if (y > 10) {
    while (y > 10) y /= 10, ++k;
  } else if (y < 1) {
    while (y < 1) y *= 10, --k;
  }
  double r = y > 4 ? 5 : (y > 1 ? 2 : 1);
  for (; k > 0; --k) r *= 10;
  for (; k < 0; ++k) r /= 10;
  return r;
}

std::vector<Tick> time_ticks(double t0, double last, double x_range, double length, double cutoff, double limit) {
  double step = nice_step(x_range / 7);
  for (int tries = 0; tries < kMostSteps && std::isfinite(step); ++tries, step = wider_step(step)) {
    auto at = time_positions(t0, last, step, length / x_range, cutoff);
    // One decimal, as hp2ps; more only where labels would repeat (a short
    // run's 0.05 s steps), as few as make them distinct.
    for (int decimals = 1; decimals <= 9; ++decimals) {
      std::vector<Tick> ticks = time_labels(at, decimals, limit);
      if (!distinct(ticks)) continue;
      if (distinct_and_apart(ticks)) return ticks;
      break;  // more decimals only widen them: a wider step
    }
  }
  return {};
}

std::vector<Tick> value_ticks(double low, double high, double length, double cutoff) {
  double step = nice_step(std::max((high - low) / 7, 1.0));
  for (int tries = 0; tries < kMostSteps && std::isfinite(step); ++tries, step = wider_step(step)) {
    std::vector<Tick> ticks = value_labels(low, high, step, length, cutoff);
    if (distinct_and_apart(ticks)) return ticks;
  }
  return {};
}

}  // namespace hpng
