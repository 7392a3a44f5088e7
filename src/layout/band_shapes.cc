// See band_shapes.h.
#include "layout/band_shapes.h"

#include "base/text.h"
#include "hpng/layout/columns.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace hpng {

namespace {

constexpr size_t kNamesInMarkTitle = 5;

// Per column, the points of a line where it is lowest and highest, in time
// order: peaks survive, and a line never has more points than the page
// can show.
std::vector<size_t> line_points(const Series& s, double t0, double span, size_t columns) {
  auto column = [&](size_t i) {
    return span > 0 ? static_cast<size_t>(std::max(0.0, (s.times[i] - t0) / span * static_cast<double>(columns))) : 0;
  };
  std::vector<size_t> keep;
  for (size_t i = 0, j; i < s.times.size(); i = j) {
    size_t lo = i, hi = i;
    for (j = i; j < s.times.size() && column(j) == column(i); ++j) {
      if (s.values[j] < s.values[lo]) lo = j;
      if (s.values[j] > s.values[hi]) hi = j;
    }
    keep.push_back(std::min(lo, hi));
    if (lo != hi) keep.push_back(std::max(lo, hi));
  }
  return keep;
}

// The columns a simplified chart is drawn in: the resolution's, or fewer
// where the vertex budget is spent on many bands (never fewer than
// kLeastColumns).
size_t drawn_columns(const ChartStyle& style, double gw, size_t bands) {
  double columns = std::max(1.0, gw / 72 * style.columns_per_inch);
  if (style.max_vertices > 0 && bands > 0) {
    double least = static_cast<double>(kLeastColumns);
    columns = std::min(columns, std::max(least, static_cast<double>(style.max_vertices) / (2.0 * static_cast<double>(bands))));
  }
  return static_cast<size_t>(columns);
}

std::vector<size_t> drawn_samples(const BandMatrix& m, const ChartStyle& style, const Frame& f) {
  if (style.columns_per_inch > 0) {
    // A tenth of a point is under half a pixel even at 300 dpi.
    double flat = 0.1 * m.y_range / f.gh;
    return visible_samples(m, drawn_columns(style, f.gw, m.bands.size()), flat);
  }
  std::vector<size_t> keep(m.times.size());
  for (size_t k = 0; k < keep.size(); ++k) keep[k] = k;
  return keep;
}

// Simplified: each band as the area under its top, painted from the top
// band down, so every boundary is written once; the picture is the same,
// and where bands overlap the lower is painted last, so hovering finds the
// band the eye sees. Where samples were dropped, vertices snap to a quarter
// of a point (a pixel at 300 dpi), which writers print in a few digits
// (PostScript writes every vertex twice, to fill and to stroke); rounding is
// monotone, so bands that touched still touch and none cross. Every sample
// drawn this way (a profile too large to draw exactly) keeps its place, as
// close to hp2ps's picture as the exact drawing.
void add_simplified(PageLayout& page, const BandMatrix& m, const std::vector<double>& shades, const ChartStyle& style,
                    const Frame& f, std::vector<double> xs, std::vector<std::vector<double>> tops, bool snap) {
  auto snapped = [](double v) { return std::round(v * 4) / 4; };
  for (double& x : xs) x = snap ? snapped(x) : x;
  for (std::vector<double>& top : tops) {
    for (double& y : top) y = snap ? snapped(y) : y;
  }
  size_t n = xs.size();
  for (size_t b = m.bands.size(); b-- > 0;) {
    Polyline under = area({}, true, shade_rgb(shades[b], style.colour));
    under.points.reserve(n + 2);
    for (size_t k = 0; k < n; ++k) under.points.push_back({xs[k], f.gy0 + tops[b][k]});
    under.points.push_back({xs[n - 1], f.gy0});
    under.points.push_back({xs[0], f.gy0});
    under.title = band_title(m, m.bands[b]);
    under.band = m.bands[b].name;
    under.part = "band";
    same_fill_outline(under, shades, b, style);
    page.shapes.push_back(std::move(under));
  }
}

// Exact, as hp2ps: band b is the polygon between its bottom and its top.
void add_exact(PageLayout& page, const BandMatrix& m, const std::vector<double>& shades, const ChartStyle& style,
               const Frame& f, const std::vector<double>& xs, const std::vector<std::vector<double>>& tops) {
  size_t n = xs.size();
  for (size_t b = 0; b < m.bands.size(); ++b) {
    Polyline poly = area({}, true, shade_rgb(shades[b], style.colour));
    poly.points.reserve(2 * n);
    for (size_t k = 0; k < n; ++k) poly.points.push_back({xs[k], f.gy0 + (b ? tops[b - 1][k] : 0)});
    for (size_t k = n; k-- > 0;) poly.points.push_back({xs[k], f.gy0 + tops[b][k]});
    poly.title = band_title(m, m.bands[b]);
    poly.band = m.bands[b].name;
    poly.part = "band";
    same_fill_outline(poly, shades, b, style);
    page.shapes.push_back(std::move(poly));
  }
}

// A difference drawn in few columns: per column the samples where the
// growing bands' stack is highest and the shrinking bands' deepest.
std::vector<size_t> signed_samples(const BandMatrix& m, const ChartStyle& style, const Frame& f) {
  size_t n = m.times.size(), columns = drawn_columns(style, f.gw, m.bands.size());
  std::vector<size_t> keep;
  if (style.columns_per_inch <= 0 || n <= 2 * columns + 2) {
    for (size_t k = 0; k < n; ++k) keep.push_back(k);
    return keep;
  }
  std::vector<double> up(n, 0), down(n, 0);
  for (const Band& b : m.bands) {
    for (size_t k = 0; k < n; ++k) (b.values[k] > 0 ? up[k] : down[k]) += b.values[k];
  }
  double t0 = m.times.front(), span = m.times.back() - t0;
  auto column_of = [&](size_t k) { return span > 0 ? static_cast<size_t>((m.times[k] - t0) / span * static_cast<double>(columns)) : 0; };
  keep.push_back(0);
  for (size_t k = 1, j; k + 1 < n; k = j) {
    size_t hi = k, lo = k;
    for (j = k; j + 1 < n && column_of(j) == column_of(k); ++j) {
      if (up[j] > up[hi]) hi = j;
      if (down[j] < down[lo]) lo = j;
    }
    keep.push_back(std::min(lo, hi));
    if (lo != hi) keep.push_back(std::max(lo, hi));
  }
  keep.push_back(n - 1);
  return keep;
}

// The polygon between two edges over the same xs, as `band` (its fill and
// names); none if they meet everywhere.
void add_between(PageLayout& page, const std::vector<double>& xs, const std::vector<double>& from,
                 const std::vector<double>& to, const Polyline& band) {
  if (from == to) return;
  Polyline poly = band;
  for (size_t k = 0; k < xs.size(); ++k) poly.points.push_back({xs[k], from[k]});
  for (size_t k = xs.size(); k-- > 0;) poly.points.push_back({xs[k], to[k]});
  page.shapes.push_back(std::move(poly));
}

// A difference: each band's growth stacked up from the zero line, its
// shrinkage stacked down from it, in band order, so a band keeps its place
// in both stacks.
void add_signed(PageLayout& page, const BandMatrix& m, const std::vector<double>& shades, const ChartStyle& style,
                const Frame& f) {
  std::vector<size_t> keep = signed_samples(m, style, f);
  size_t n = keep.size();
  double scale = f.gh / (m.y_range - m.y_low), zero = f.gy0 - m.y_low * scale;
  std::vector<double> xs(n), up(n, zero), down(n, zero);
  for (size_t k = 0; k < n; ++k) xs[k] = f.gx0 + (m.times[keep[k]] - axis_start(m)) * f.gw / m.x_range;
  for (size_t b = 0; b < m.bands.size(); ++b) {
    std::vector<double> up_next = up, down_next = down;
    for (size_t k = 0; k < n; ++k) {
      double v = m.bands[b].values[keep[k]] * scale;
      (v > 0 ? up_next[k] : down_next[k]) += v;
    }
    Polyline band = area({}, true, shade_rgb(shades[b], style.colour));
    band.title = band_title(m, m.bands[b]);
    band.band = m.bands[b].name;
    band.part = "band";
    same_fill_outline(band, shades, b, style);
    add_between(page, xs, up, up_next, band);
    add_between(page, xs, down, down_next, band);
    up = std::move(up_next), down = std::move(down_next);
  }
}

std::string mark_title(const BandMatrix& m, const std::vector<Mark>& marks, size_t from, size_t to) {
  auto time = [](double t) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", t);
    return std::string(buf);
  };
  const std::string& unit = m.info.header.sample_unit;
  std::string names;
  for (size_t i = from; i < to && i < from + kNamesInMarkTitle; ++i) {
    if (!marks[i].name.empty()) names += (names.empty() ? ": " : ", ") + cut_at(marks[i].name, kShownMarkName);
  }
  if (to - from > kNamesInMarkTitle && !names.empty()) names += ", \u2026";
  if (to - from == 1) return "mark at " + time(marks[from].time) + " " + unit + names;
  return std::to_string(to - from) + " marks from " + time(marks[from].time) + " to " + time(marks[to - 1].time) +
         " " + unit + names;
}

}  // namespace

void add_bands(PageLayout& page, const BandMatrix& m, const std::vector<double>& shades, const ChartStyle& style,
               const Frame& f) {
  if (m.difference) return add_signed(page, m, shades, style, f);
  std::vector<size_t> keep = drawn_samples(m, style, f);
  size_t n = keep.size();
  std::vector<double> xs(n);
  std::vector<std::vector<double>> tops(m.bands.size(), std::vector<double>(n));
  double scale = f.gh / m.y_range;
  for (size_t k = 0; k < n; ++k) xs[k] = f.gx0 + (m.times[keep[k]] - axis_start(m)) * f.gw / m.x_range;
  for (size_t b = 0; b < m.bands.size(); ++b) {
    for (size_t k = 0; k < n; ++k) tops[b][k] = (b ? tops[b - 1][k] : 0) + m.bands[b].values[keep[k]] * scale;
  }
  // Every sample is drawn exactly, as hp2ps does, unless the polygons (two
  // vertices a sample each) would exceed the vertex budget: then as the
  // simplified drawing does, half the vertices for the same picture.
  bool over_budget = style.max_vertices > 0 && 2 * n * m.bands.size() > style.max_vertices;
  if (n < m.times.size() || over_budget) {
    add_simplified(page, m, shades, style, f, std::move(xs), std::move(tops), n < m.times.size());
  } else {
    add_exact(page, m, shades, style, f, xs, tops);
  }
}

void add_heap_lines(PageLayout& page, const BandMatrix& m, const std::vector<DrawnLine>& lines, const Frame& f,
                    const ChartStyle& style) {
  double t0 = axis_start(m);
  size_t columns = static_cast<size_t>(std::max(1.0, f.gw / 72 * (style.columns_per_inch > 0 ? style.columns_per_inch : 1e6)));
  for (const DrawnLine& l : lines) {
    Polyline line{{}, false, false, {}, l.style.colour, l.style.width, l.style.dash, line_title(m, *l.series), {}, "line"};
    for (size_t i : line_points(*l.series, t0, m.x_range, columns)) {
      double x = f.gx0 + (l.series->times[i] - t0) * f.gw / m.x_range;
      if (x < f.gx0 - 1e-9 || x > f.gx0 + f.gw + 1e-9) continue;
      line.points.push_back({x, f.gy0 + l.series->values[i] * f.gh / m.y_range});
    }
    if (line.points.size() == 1) line.points.push_back(line.points[0]);
    page.shapes.push_back(std::move(line));
  }
}

void add_marks(PageLayout& page, const BandMatrix& m, const Frame& f) {
  const std::vector<Mark>& marks = m.info.marks;
  auto x_of = [&](size_t i) { return f.gx0 + (marks[i].time - axis_start(m)) * f.gw / m.x_range; };
  for (size_t i = 0, j; i < marks.size(); i = j) {
    double x = x_of(i);
    j = i + 1;
    while (j < marks.size() && x_of(j) - x < 1) ++j;
    if (x < f.gx0 - 4 || x > f.gx0 + f.gw + 4) continue;  // beyond the time axis (hp2ps drew them off the page)
    Polyline triangle = area({{x - 4, f.gy0}, {x, f.gy0 - 4}, {x + 4, f.gy0}}, true, {1, 1, 1});
    triangle.title = mark_title(m, marks, i, j);
    triangle.part = "mark";
    page.shapes.push_back(std::move(triangle));
  }
}

}  // namespace hpng
