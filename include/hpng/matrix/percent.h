// Stage on the matrix: --percent. Each sample's bands become shares of that
// sample's stacked total, so the y axis runs from 0 to 100 %; a sample with
// nothing in it (a .hp's opening and closing ones) is left out, the time
// axis unchanged, rather than drawn as a fall to 0 %. Bands, order and the title total are those of
// the plain chart: the same bands, normalised.
#pragma once
#include "hpng/matrix/band_matrix.h"

namespace hpng {

void to_percent(BandMatrix& m);

}  // namespace hpng
