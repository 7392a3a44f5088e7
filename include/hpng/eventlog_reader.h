// Reader for GHC's binary eventlog (+RTS -h... -l): its heap-profile samples
// into the same Profile the .hp reader makes.
#pragma once
#include "hpng/input.h"
#include "hpng/profile.h"

namespace hpng {

struct EventlogOptions {
  int ccs_length = 0;  // 0: full cost-centre stack names; else cut as RTS -L
};

// Parses a whole eventlog, streaming its data points to `sink` (keys: one per
// distinct string or stack; samples in file order). Throws InputError with a
// byte offset; a log cut short (killed program) gives its complete samples
// and a warning.
Profile read_eventlog(const Input& in, const EventlogOptions& opts, SampleSink& sink);

}  // namespace hpng
