// Page layout: every coordinate of the picture, computed once into plain
// structs, in a drawing frame of points with its origin lower left and y up
// (hp2ps's 648 x 432 frame unless --width/--height or a key below the graph
// change it). Drawing (render.h) only paints what is here.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "hpng/band_matrix.h"
#include "hpng/shade.h"

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

struct ChartStyle {
  bool colour = false;          // -c or a colour --palette: how shades read
  bool big_title = false;       // -b
  bool small_title = false;     // -s
  bool key_pages = false;       // -M (also implied by a limit above 20)
  bool key_below = false;       // with key_pages: the key in columns below the graph, one picture
  bool no_key = false;          // -m0 / -l: no key at all
  bool key_room_only = false;   // --compare's later charts: room kept for the key, which the first chart draws
  bool marks = true;            // not -y
  bool portrait = false;        // -g: PostScript page unrotated (else landscape)
  double eps_width = 0;         // -e width in points (0: not given)
  bool heap_lines = false;      // --heap-lines (heap_lines.h)
  std::optional<std::string> title;  // --title: replaces the job in the title box
  double width = 648;                // the frame, in points (--width)
  std::optional<double> height;      // --height; else 432 plus what a key below needs
  // The side key's widest, in points: names wider are shortened in the
  // middle. hp2ps's own key is never wider on real profiles (353 pt).
  double max_key_width = 353;
  // Curves are simplified to this many columns per inch of the frame when
  // there are more samples than columns (0: --exact, every sample drawn).
  double columns_per_inch = 144;
  // Vector outputs: at most about this many vertices for all bands (each
  // band has two a column, or, drawn exactly, two a sample), so that a file
  // stays small whatever the input. 0: no limit.
  size_t max_vertices = 0;
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

// hp2ps's width-table units for a string (layout decisions only).
double hp2ps_units(const std::string& s);

// Starts loading the bundled fonts on the other core, for the layout to find
// them ready; it waits for them if they are not. On a one-core machine does
// nothing (the layout loads them).
void preload_fonts();

// Lays out the chart; shades come from assign_shades.
ChartLayout layout_chart(const BandMatrix& m, const std::vector<double>& shades,
                         const ChartStyle& style);

// --compare: one chart per matrix, a page each (PS, PDF) or one under the
// other in one picture (SVG, PNG). The key is drawn once, on the first; the
// others keep its room, so that every graph has the same place and size (a
// job too long for the small title box gives every chart the big one).
ChartLayout layout_charts(const std::vector<BandMatrix>& ms, const std::vector<double>& shades, ChartStyle style);

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

// "1,234,567": hp2ps's digit grouping of a truncated integer.
std::string group_digits(double v);

}  // namespace hpng
