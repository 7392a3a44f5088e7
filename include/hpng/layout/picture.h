// The picture as the layout hands it to drawing (render.h): every
// coordinate, computed once into plain structs, in a drawing frame of points
// with its origin lower left and y up (hp2ps's 648 x 432 frame unless
// --width/--height or a key below the graph change it).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "hpng/base/rgb.h"

namespace hpng {

struct Point {
  double x, y;
};

struct TextItem {
  double x, y;         // start of the baseline, in frame coordinates
  double size;         // font size in points
  double angle = 0;    // degrees, anticlockwise
  std::string text;    // UTF-8, as drawn
  double width = 0;    // of `text` as drawn, in points
  std::string search;  // what a reader finds and copies (a shortened name's whole); empty: text
  std::string title;   // shown on hover where the format can (SVG); empty: none
};

struct Polyline {
  std::vector<Point> points;  // none: nothing is drawn
  bool closed = false;
  bool filled = false;
  Rgb fill{1, 1, 1};
  Rgb stroke{0, 0, 0};
  double width = 0.5;         // of the stroke, in points
  std::vector<double> dash;   // on/off lengths; empty: solid
  std::string title;          // shown on hover where the format can (SVG)
  std::string band;           // the band it fills (its area or key box), for SVG's data-band
  // Placed by time in the graph, for SVG's data-part (the HTML page's zoom
  // moves them): "band", "line" or "mark"; empty: not.
  std::string part;
};

// Where a page's graph maps time and value (frame coordinates): a time t is
// at x0 + (t - t0) * width / x_range, a value v at
// y0 + (v - y_low) * height / (y_range - y_low).
struct GraphArea {
  double x0 = 0, y0 = 0, width = 0, height = 0;
  double t0 = 0, x_range = 1, y_low = 0, y_range = 1;
};

struct PageLayout {
  std::vector<Polyline> shapes;  // filled, then stroked, in order
  std::vector<TextItem> texts;
  std::optional<GraphArea> graph;  // none on a page of key only (-M)
};

// A tick label: its text and the stretch of its axis it covers, in frame
// coordinates (x for the time axis, y for the value axis).
struct AxisLabel {
  std::string text;
  double from, to;
};

struct ChartLayout {
  std::vector<PageLayout> pages;
  double frame_width = 648, frame_height = 432;  // every page's, in points
  double graph_width = 0;   // hp2ps's gw, for tests
  double graph_height = 0;  // hp2ps's gh
  double key_width = 0;     // hp2ps's K (0 without an on-graph key)
  std::vector<AxisLabel> x_labels, y_labels;  // in axis order
  std::vector<std::string> key_labels;  // as drawn, bottom (below the graph: top) first
  std::string total_text;
};

}  // namespace hpng
