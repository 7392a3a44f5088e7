// Fuzz target: any bytes through the .aux reader, then used for ordering and
// shades as -p would use them.
#include <cstdint>
#include <string>

#include "hpng/read/aux_file.h"
#include "hpng/matrix/band_matrix.h"
#include "hpng/read/read.h"
#include "hpng/shade/shade.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > (1u << 16)) return -1;
  try {
    hpng::AuxFile aux = hpng::read_aux({"fuzz.aux", std::string(reinterpret_cast<const char*>(data), size)});
    static const hpng::Input p{"p.hp",
                               "JOB \"j\" DATE \"d\" SAMPLE_UNIT \"s\" VALUE_UNIT \"b\" BEGIN_SAMPLE 0.0 a 1 b 2 c 3 END_SAMPLE 0.0"};
    hpng::SelectOptions o;
    o.aux = &aux;
    hpng::Warnings warnings;
    hpng::BandMatrix m = hpng::profile_matrix(hpng::profile_source(p, hpng::InputFormat::hp), o, 0, warnings);
    (void)hpng::assign_shades(m, hpng::default_palette(size % 2), &aux);
  } catch (const hpng::Error&) {
  }
  return 0;
}
