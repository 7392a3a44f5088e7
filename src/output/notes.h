// What the text report and the HTML page say about a profile besides its
// figures: a -hi profile's bands that are bare info-table addresses.
#pragma once
#include <string>

#include "hpng/matrix/band_matrix.h"

namespace hpng {

struct UnnamedAddresses {
  size_t bands = 0, of = 0;  // of the matrix's bands
  double share = 0;          // of the heap-time (area), 0..1
};

// The bands named by an address alone ("0x4a2b38"): closures with no IPE
// record, from libraries built without -finfo-table-map.
UnnamedAddresses unnamed_addresses(const BandMatrix& m);

// "36 of 48 bands, 12% of the heap-time, are info-table addresses" and why,
// in two sentences of at most 66 columns; both empty when none.
std::pair<std::string, std::string> unnamed_note(const UnnamedAddresses& u);

}  // namespace hpng
