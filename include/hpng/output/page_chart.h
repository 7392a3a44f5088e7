// A chart of the HTML page (html_page.h) as drawn: what its data is made of.
#pragma once
#include <string>
#include <vector>

#include "hpng/layout/picture.h"
#include "hpng/matrix/band_matrix.h"

namespace hpng {

// The most band values the page's data holds, over all its charts.
constexpr size_t kPageCells = 30'000;  // about 250 KB

// One chart of the page, as drawn.
struct PageChart {
  const BandMatrix* matrix = nullptr;
  std::string input;        // its file, as shown
  std::vector<Rgb> fills;   // one per band, as drawn
};

}  // namespace hpng
