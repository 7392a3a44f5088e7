// GHC's closure types by number, as its ClosureTypes.h of 9.2 to 9.14
// numbers them (an IPE record's, an info table's own word).
#pragma once
#include <cstdint>
#include <string>

namespace hpng {

// "CONSTR_0_1" for 3; "" for a number past the last.
std::string closure_type_name(uint32_t number);

}  // namespace hpng
