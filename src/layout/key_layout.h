// The key: beside the graph as hp2ps draws it, on pages of its own (-M in
// PostScript and PDF), or in columns below the graph (PNG and SVG, where a
// picture has no pages). Names too wide for their room are shortened in the
// middle; the whole name stays searchable and in the hover title.
#pragma once
#include <string>
#include <vector>

#include "hpng/shade/heap_lines.h"
#include "layout/layout_parts.h"

namespace hpng {

struct KeyEntry {
  std::string name;   // whole
  std::string title;  // what hovering tells (band_title, line_title)
  Rgb fill;
  const LineStyle* line = nullptr;  // a heap line's stroke instead of a box
  Polyline outline{};               // a band's box outline: its shape's (same_fill_outline)
  std::string shown;                // what the key writes (shown_names; the drop-in: the RTS's name)
  std::string brief;                // what it is cut to first where it does not fit (without_detail)
};

// The bands bottom first, then the heap lines.
std::vector<KeyEntry> key_entries(const BandMatrix& m, const std::vector<double>& shades, const ChartStyle& style,
                                  const std::vector<DrawnLine>& lines);

// hp2ps's key width for these names (from its width table), at most `most`.
double side_key_width(const std::vector<KeyEntry>& entries, double most);

// The label of each entry, at most `label_w` wide, no two alike: made once
// for a key, however many pages it takes.
std::vector<std::string> key_labels(const std::vector<KeyEntry>& entries, double label_w);

// `count` entries from `from` with their `labels`, up a column at x0,
// `spacing` apart above `base`.
void add_key_column(PageLayout& page, ChartLayout& out, const std::vector<KeyEntry>& entries,
                    const std::vector<std::string>& labels, size_t from, size_t count, double base, double spacing,
                    double x0);

// The height the key needs in columns below the graph, across `width`.
double key_below_height(const std::vector<KeyEntry>& entries, double width);

// The key in columns (top band first, across then down) in the strip of
// the frame from kSpace to kSpace + key_below_height.
void add_key_below(PageLayout& page, ChartLayout& out, const std::vector<KeyEntry>& entries, const Frame& f);

}  // namespace hpng
