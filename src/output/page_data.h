// The HTML page's data, read by its script: for each chart, where its
// graph is, the band values at (a bounded number of) samples, each band's
// figures over the whole run, the marks and the heap lines.
#pragma once
#include <string>

#include "hpng/output/page_chart.h"

namespace hpng {

// JSON, safe inside a <script> element (no "<" anywhere). `charts` in the
// order of the layout's graphs; `mode` is "profile", "compare" or "diff";
// with `heap_lines`, the lines drawn.
std::string page_data(const std::vector<PageChart>& charts, const ChartLayout& layout, const std::string& mode,
                      bool heap_lines);

}  // namespace hpng
