// The picture as the layout hands it to drawing (render.h): every
// coordinate, computed once into plain structs, in a drawing frame of points
// with its origin lower left and y up (hp2ps's 648 x 432 frame unless
// --width/--height or a key below the graph change it).
#pragma once
#include <string>
#include <vector>

#include "hpng/shade/shade.h"

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
};

struct PageLayout {
  std::vector<Polyline> shapes;  // filled, then stroked, in order
  std::vector<TextItem> texts;
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
