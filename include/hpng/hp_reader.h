// Reader for GHC's text heap profile (.hp), hp2ps's input language.
#pragma once
#include "hpng/input.h"
#include "hpng/profile.h"

namespace hpng {

// Parses a whole .hp file, streaming its data points to `sink`. Throws
// InputError with FILE:LINE:COL. An incomplete final sample is dropped with
// a warning in Profile::warnings. Keys are band ids.
Profile read_hp(const Input& in, SampleSink& sink);

}  // namespace hpng
