// Fill shades: hp2ps's grey cycle and -c colour cycle, assigned by band
// name so that -p keeps a band's fill between runs.
#pragma once
#include <vector>

#include "hpng/aux_file.h"
#include "hpng/band_matrix.h"

namespace hpng {

struct Rgb {
  double r, g, b;
};

// One shade number per band of m, in band order. A shade is a grey level,
// or with colour a packed colour number as hp2ps stores it.
std::vector<double> assign_shades(const BandMatrix& m, bool colour, const AuxFile* aux);

// What a shade number means in grey or colour mode.
Rgb shade_rgb(double shade, bool colour);

}  // namespace hpng
