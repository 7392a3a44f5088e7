// Tick labels for the two axes: hp2ps's ticks (from the first sample, at
// its "nice" step) wherever their labels are already distinct and apart;
// else more decimals on the time axis, then wider steps, until no two
// labels read the same and none overlap at the drawn length.
#pragma once
#include <string>
#include <vector>

#include "hpng/layout/picture.h"

namespace hpng {

struct Tick {
  double at;      // along the axis from its origin, in points
  AxisLabel label;  // its extent, along the axis from its origin
};

// The time axis, `length` points for `x_range` from `t0` to `last`. A tick
// goes where hp2ps puts one, before `cutoff`; a label must end before
// `limit` (where the unit's legend begins). Labels are centred on ticks.
std::vector<Tick> time_ticks(double t0, double last, double x_range, double length, double cutoff, double limit);

// The value axis, `length` points for `low` (0, or below it in a
// difference) to `high`; ticks before `cutoff`. A label sits on its tick's
// line (it covers from the tick up).
std::vector<Tick> value_ticks(double low, double high, double length, double cutoff);

// hp2ps's "nice" step: 1, 2 or 5 times a power of ten, with its quirks
// (10 -> 5, 100 -> 50: the loops stop at exactly 10).
double nice_step(double y);

}  // namespace hpng
