// hp2ps's .aux file: band order, shades and axis ranges kept between runs
// so that -p draws a new profile like the previous one.
#pragma once
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "hpng/input/input.h"

namespace hpng {

struct AuxFile {
  std::optional<double> x_range, y_range;  // last one wins, as in hp2ps
  std::vector<std::pair<std::string, long long>> order;  // file order
  std::vector<std::pair<std::string, double>> shade;     // file order
};

// Reads hp2ps's format. Throws Error (aux_syntax, with line and column; cannot_read, too_large).
AuxFile read_aux(const Input& in);

}  // namespace hpng
