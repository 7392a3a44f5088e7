// Reader for GHC's text heap profile (.hp), hp2ps's input language.
#pragma once
#include "hpng/input.h"
#include "hpng/profile.h"

namespace hpng {

// Parses a whole .hp file. Throws InputError with FILE:LINE:COL. An
// incomplete final sample is dropped with a warning in Profile::warnings.
Profile read_hp(const Input& in);

}  // namespace hpng
