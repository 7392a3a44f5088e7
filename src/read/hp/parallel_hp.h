// A .hp read once and replayed: its sample stream is recorded as it is
// parsed, and later reads replay the record. A large file is parsed on two
// cores: its second half, from the first BEGIN_SAMPLE line after the
// middle, by a reader of its own, whose record is then joined to the
// first's (its bands found by name, new ones numbered on, in first-seen
// order), so that the stream is the one a single reader gives. Whenever
// the halves do not join cleanly (the first half does not end between
// samples, a header statement or an out-of-order time in the second half,
// a record over its budget), the file is read by one reader instead.
#pragma once
#include "hpng/input/input.h"
#include "hpng/stream/samples.h"

namespace hpng {

// Files from `parallel_from` bytes on are read in halves on two cores (the
// default: where it pays; the fuzzers try every size).
constexpr size_t kParallelFrom = size_t{8} << 20;
SampleSource recorded_hp_source(const Input& in, size_t budget, size_t parallel_from = kParallelFrom);

}  // namespace hpng
