// --heap-lines: the heap's own figures from an eventlog's GC events (heap
// size, live bytes, blocks size) drawn as lines over the bands, in the key
// and within the y range. Not the allocation total: a running count of
// every byte ever allocated would flatten every other line.
#pragma once
#include <vector>

#include "hpng/matrix/band_matrix.h"
#include "hpng/shade/shade.h"

namespace hpng {

struct LineStyle {
  Rgb colour;
  double width;
  std::vector<double> dash;  // on/off lengths in points; empty: solid
};

struct DrawnLine {
  const Series* series;
  LineStyle style;
};

// The series of `m` drawn as lines, in key order, with their styles.
std::vector<DrawnLine> drawn_lines(const BandMatrix& m);

// Stage on the matrix (after the .aux is written, so -p is unaffected):
// the y range grows to hold the drawn lines.
void fit_heap_lines(BandMatrix& m);

}  // namespace hpng
