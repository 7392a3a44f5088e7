// See layout.h: layout_charts.
#include <algorithm>
#include <functional>
#include <iterator>

#include "hpng/layout/layout.h"

namespace hpng {

namespace {

ChartLayout stacked_charts(const std::vector<BandMatrix>& ms, const std::vector<double>& shades, const ChartStyle& style,
                           std::vector<double>& heights) {
  ChartLayout all;
  for (size_t k = 0; k < ms.size(); ++k) {
    ChartStyle one = style;
    one.key_room_only = k > 0;
    ChartLayout l = layout_chart(ms[k], shades, one);
    heights.push_back(l.graph_height);
    if (k == 0) all = std::move(l);
    else std::move(l.pages.begin(), l.pages.end(), std::back_inserter(all.pages));
  }
  return all;
}

}  // namespace

ChartLayout layout_charts(const std::vector<BandMatrix>& ms, const std::vector<double>& shades, ChartStyle style) {
  std::vector<double> heights;
  ChartLayout all = stacked_charts(ms, shades, style, heights);
  if (std::adjacent_find(heights.begin(), heights.end(), std::not_equal_to<>()) == heights.end()) return all;
  style.big_title = true;
  heights.clear();
  return stacked_charts(ms, shades, style, heights);
}

}  // namespace hpng
