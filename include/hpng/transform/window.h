// Transformation: a time window. Samples outside it are dropped before any
// of hp2ps's processing, so band selection, order, OTHER, the ranges and the
// title total are those of the window: the stream is what a reader would
// give for a file holding only the window's samples (and marks, and the
// points of the heap's own lines).
#pragma once
#include <optional>

#include "hpng/stream/stream_steps.h"

namespace hpng {

struct TimeWindow {
  std::optional<double> from, to;  // in the profile's sample unit, inclusive
};

// Its finish throws Error (empty_window) when no sample fell in the
// window, saying which times the profile covers.
StepMaker window_step(TimeWindow window);

}  // namespace hpng
