// Which reader reads an input: the format is sniffed unless forced.
#pragma once
#include "hpng/input.h"
#include "hpng/profile.h"

namespace hpng {

// A ReadPass over `in` (which must outlive it) with the reader of its
// format; `ccs_length` is the eventlog reader's --ccs-length.
ReadPass profile_reader(const Input& in, InputFormat format, int ccs_length);

}  // namespace hpng
