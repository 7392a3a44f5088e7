// How finely a chart is drawn: curves with more samples than the graph has
// columns are drawn from the samples that each column's extremes need.
#pragma once
#include <cstddef>
#include <vector>

#include "hpng/layout/chart_style.h"
#include "hpng/matrix/band_matrix.h"

namespace hpng {

// The samples drawn when the curves are simplified to `columns` columns
// across the graph: in each column the samples where the stacked total is
// lowest and highest (peaks and troughs survive), plus the first and last
// sample. All band boundaries use the same samples, so bands never cross or
// gap. Where a column's lowest and highest totals differ by less than
// `flat` (in value units), only the highest is kept. Returns every index
// when there are fewer samples than 2 x columns.
std::vector<size_t> visible_samples(const BandMatrix& m, size_t columns, double flat = 0);

// The most columns visible_samples can be asked for with this style: the
// widest graph (no key) at style.columns_per_inch; 0 when that is 0.
size_t most_columns(const ChartStyle& style);

}  // namespace hpng
