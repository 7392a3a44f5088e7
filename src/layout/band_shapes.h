// What is drawn inside the graph: the bands (as hp2ps draws them, or
// simplified to the output's resolution), the heap lines and the marks,
// each with the hover title an SVG carries.
#pragma once
#include <vector>

#include "hpng/shade/heap_lines.h"
#include "layout/layout_parts.h"

namespace hpng {

void add_bands(PageLayout& page, const BandMatrix& m, const std::vector<double>& shades, const ChartStyle& style,
               const Frame& f);

void add_heap_lines(PageLayout& page, const BandMatrix& m, const std::vector<DrawnLine>& lines, const Frame& f,
                    const ChartStyle& style);

// hp2ps's triangles under the time axis. Marks closer than a point share
// one triangle, so that a log with a hundred thousand markers still makes
// a small file.
void add_marks(PageLayout& page, const BandMatrix& m, const Frame& f);

}  // namespace hpng
