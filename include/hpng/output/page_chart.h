// A chart of the HTML page (html_page.h) as drawn: what its data is made of.
#pragma once
#include <string>
#include <vector>

#include "hpng/layout/picture.h"
#include "hpng/matrix/band_matrix.h"
#include "hpng/verdict/verdict.h"

namespace hpng {

// One chart of the page, as drawn.
struct PageChart {
  const BandMatrix* matrix = nullptr;
  std::string input;        // its file, as shown
  std::vector<Rgb> fills;   // one per band, as drawn
  const Verdict* verdict = nullptr;  // the profile's, on the chart's bands; none for differences or shares
};

}  // namespace hpng
