// The .aux written beside an output, for a later -p (read/aux_file.h reads it).
#pragma once
#include <string>
#include <vector>

#include "hpng/matrix/band_matrix.h"

namespace hpng {

// Writes the format hp2ps reads back: the ranges drawn, then the bands'
// order and shades. Colour shades keep 7 decimals so that -c colours
// survive -p (hp2ps wrote two and lost them).
std::string write_aux(const BandMatrix& m, const std::vector<double>& shades);

}  // namespace hpng
