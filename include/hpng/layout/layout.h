// Page layout: every coordinate of the picture (picture.h), computed once
// from the matrix, its shades and the chart style. Drawing (render.h) only
// paints what is here.
#pragma once
#include <vector>

#include "hpng/layout/chart_style.h"
#include "hpng/layout/picture.h"
#include "hpng/matrix/band_matrix.h"

namespace hpng {

// Lays out the chart; shades come from assign_shades.
ChartLayout layout_chart(const BandMatrix& m, const std::vector<double>& shades,
                         const ChartStyle& style);

// --compare: one chart per matrix, a page each (PS, PDF) or one under the
// other in one picture (SVG, PNG). The key is drawn once, on the first; the
// others keep its room, so that every graph has the same place and size (a
// job too long for the small title box gives every chart the big one).
ChartLayout layout_charts(const std::vector<BandMatrix>& ms, const std::vector<double>& shades, ChartStyle style);

}  // namespace hpng
