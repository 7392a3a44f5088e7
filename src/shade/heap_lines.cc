// See heap_lines.h. Heap size is a solid dark red line, live bytes dashed
// dark blue, blocks size dotted dark green: unlike each other, and unlike
// any of the fill colours and greys the bands use.
#include "hpng/shade/heap_lines.h"

#include <algorithm>

namespace hpng {

namespace {

struct Drawn {
  const char* event;
  LineStyle style;
};

const Drawn kDrawn[] = {{"HEAP_SIZE", {{0.75, 0, 0}, 1.0, {}}},
                        {"HEAP_LIVE", {{0, 0, 0.75}, 1.0, {3, 2}}},
                        {"BLOCKS_SIZE", {{0, 0.5, 0}, 1.0, {1, 1.5}}}};

}  // namespace

std::vector<DrawnLine> drawn_lines(const BandMatrix& m) {
  std::vector<DrawnLine> out;
  for (const Drawn& d : kDrawn) {
    for (const Series& s : m.info.series) {
      if (s.event == d.event && !s.values.empty()) out.push_back({&s, d.style});
    }
  }
  return out;
}

void fit_heap_lines(BandMatrix& m) {
  for (const DrawnLine& l : drawn_lines(m)) {
    m.y_range = std::max(m.y_range, *std::max_element(l.series->values.begin(), l.series->values.end()));
  }
}

}  // namespace hpng
