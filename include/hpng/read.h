// Which reader reads an input: the format is sniffed unless forced.
#pragma once
#include "hpng/input.h"
#include "hpng/samples.h"

namespace hpng {

// A SampleSource over `in` (which must outlive it) with the reader of its
// format; `ccs_length` is the eventlog reader's --ccs-length.
SampleSource profile_source(const Input& in, InputFormat format, int ccs_length);

}  // namespace hpng
