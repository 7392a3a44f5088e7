// What the layout stages share: hp2ps's measures, where the parts of a page
// go, and the shapes and texts they are built from.
#pragma once
#include <string>
#include <vector>

#include "hpng/layout/chart_style.h"
#include "hpng/layout/picture.h"
#include "hpng/shade/heap_lines.h"

namespace hpng {

constexpr double kSpace = 5;          // hp2ps's border between boxes, in points
constexpr double kKeyBox = 14;        // a key entry's box
constexpr double kUnit = 1.7007876;   // hp2ps's width-table unit, in points
constexpr double kGraphX = 45;        // the graph's origin from the frame's left edge

// hp2ps's width-table units for a string (layout decisions only).
double hp2ps_units(const std::string& s);

// Where the parts of one page go, in frame coordinates.
struct Frame {
  double w, h;      // the frame
  double gx0, gy0;  // the graph's origin
  double gw, gh;    // the graph
  double title_h;
  bool big_title;
  double key_w;     // the key beside the graph (0: none there)
};

// A closed shape outlined at 0.5 pt, as hp2ps draws everything.
Polyline area(std::vector<Point> points, bool filled, Rgb fill);
Polyline rect(double x, double y, double w, double h, bool filled = false, Rgb fill = {1, 1, 1});
Polyline line(double x0, double y0, double x1, double y1);

// --stable-colours may give two bands of one chart one fill: with
// style.mark_same_fills, the second and later bands of a fill are
// outlined dashed (and their key boxes), so that they are told apart while
// each keeps its own colour. `shape`'s outline is set; else left as it is.
void same_fill_outline(Polyline& shape, const std::vector<double>& shades, size_t band, const ChartStyle& style);

// Text with its drawn width measured; `s` is made valid UTF-8.
TextItem text_at(double x, double y, double size, const std::string& s, double angle = 0);

// The longest prefix of `name` (plus an ellipsis) no wider than `width`.
std::string fit_end(const std::string& name, double size, double width);

// `name`, or if wider than `width` its start and end around an ellipsis:
// a cost-centre stack keeps its innermost name whole and as many of the
// outermost as fit ("go/…/main/Main.CAF"); other names keep as many
// characters as fit.
std::string fit_middle(const std::string& name, double size, double width);

// A name as a reader finds and copies it: valid UTF-8, at most 1 KiB, so
// that an SVG stays small whatever the names.
std::string to_search_text(const std::string& name);

// What hovering over a band, or its key entry, tells: its whole name, its
// peak and when, and its share of the title's total.
std::string band_title(const BandMatrix& m, const Band& b);

// The same for a heap line: its name, the events it is read from, its peak.
std::string line_title(const BandMatrix& m, const Series& s);

}  // namespace hpng
