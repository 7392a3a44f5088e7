// A stage between the transformations and band selection: the first read
// of the stream is passed on and recorded, compactly, and later reads (band
// selection reads the stream two or three times) replay the record instead
// of reading and parsing the input again. A record that would outgrow its
// budget is dropped, and later reads read the input, so memory stays flat
// whatever the input's size; what any read delivers is the same either way.
#pragma once
#include <cstddef>

#include "hpng/input/input.h"
#include "hpng/stream/samples.h"

namespace hpng {

// 32 MiB: with everything else a run holds, well under 64 MB in all.
constexpr size_t kStreamCacheBudget = size_t{32} << 20;

SampleSource cached(SampleSource source, size_t budget = kStreamCacheBudget);

// What to reserve for the record of `in` when caching pays, else 0. It pays
// for a .hp (parsing its text again costs far more than a replay; an
// eventlog's binary events read about as fast as a record) whose record,
// estimated from its first window at about five bytes a line, fits the
// budget. The reservation is about twice the estimate, not the whole
// budget, so that each of many small --compare inputs costs what it needs,
// not 32 MiB of address space.
size_t cache_reservation(const Input& in, InputFormat format, size_t budget = kStreamCacheBudget);

}  // namespace hpng
