// Layout: hp2ps's geometry in its 648 x 432
// frame. Decisions hp2ps took from its own width table (key width and so
// graph width; tick cut-offs next to the axis legends) use that table, so
// the graph lands where hp2ps puts it; centring and right-alignment use the
// real font metrics, as hp2ps's PostScript did with stringwidth. Key names
// too wide for the page are shortened with an ellipsis (hp2ps overflowed).
#include "hpng/layout.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "hpng/heap_lines.h"
#include "hpng/text.h"
#include "text_metrics.h"

namespace hpng {

namespace {

constexpr double kFrameW = 648, kFrameH = 432, kSpace = 5;
constexpr double kGx0 = 45, kGy0 = 20;
constexpr double kKeyBox = 14;
constexpr double kUnit = 1.7007876;  // width-table unit in points
constexpr double kMaxKeyWidth = 393;  // the graph keeps 200 pt; longer names get an ellipsis
constexpr size_t kSmallJob = 35, kBigJob = 80;
constexpr size_t kKeyPerPage = 20;

// hp2ps's "nice" step: 1, 2 or 5 times a power of ten, with its quirks
// (10 -> 5, 100 -> 50: the loops stop at exactly 10).
double nice_step(double y) {
  if (!(y > 0) || !std::isfinite(y)) return 1;
  int k = 0;
  if (y > 10) {
    while (y > 10) y /= 10, ++k;
  } else if (y < 1) {
    while (y < 1) y *= 10, --k;
  }
  double r = y > 4 ? 5 : (y > 1 ? 2 : 1);
  for (; k > 0; --k) r *= 10;
  for (; k < 0; ++k) r /= 10;
  return r;
}

// A closed shape outlined at 0.5 pt, as hp2ps draws everything.
Polyline area(std::vector<Point> points, bool filled, Rgb fill) {
  return {std::move(points), true, filled, fill, {0, 0, 0}, 0.5, {}};
}

Polyline rect(double x, double y, double w, double h, bool filled = false, Rgb fill = {1, 1, 1}) {
  return area({{x, y}, {x, y + h}, {x + w, y + h}, {x + w, y}}, filled, fill);
}

Polyline line(double x0, double y0, double x1, double y1) { return {{{x0, y0}, {x1, y1}}, false, false, {}, {0, 0, 0}, 0.5, {}}; }

TextItem text_at(double x, double y, double size, const std::string& s, double angle = 0) {
  return {x, y, size, angle, to_valid_utf8(s)};
}

// The longest prefix of `name` (plus an ellipsis) no wider than `width`.
// Nothing wider than a page is ever measured whole: a 2 MB name costs no
// more than a long one.
std::string fit_text(const std::string& name, double size, double width) {
  constexpr size_t kMaxBytes = 1024;  // more than any line of this page holds
  std::string s = to_valid_utf8(utf8_prefix(name, kMaxBytes));
  if (s.size() < name.size()) s += "\u2026";
  if (text_width(s, size) <= width) return s;
  size_t lo = 0, hi = s.size();
  while (lo < hi) {  // largest byte count whose prefix fits
    size_t mid = (lo + hi + 1) / 2;
    std::string t = std::string(utf8_prefix(s, mid)) + "\u2026";
    if (text_width(t, size) <= width) lo = mid; else hi = mid - 1;
  }
  return std::string(utf8_prefix(s, lo)) + "\u2026";
}

struct Frame {
  bool big_title;
  double title_h, gh, gw, key_w;
  bool key_on_graph;
};

void add_title(PageLayout& page, const BandMatrix& m, const Frame& f, const std::string& total) {
  page.shapes.push_back(rect(0, 0, kFrameW, kFrameH));
  double box_w = kFrameW - 2 * kSpace;
  page.shapes.push_back(rect(kSpace, kFrameH - kSpace - f.title_h, box_w, f.title_h));
  std::string job(utf8_prefix(m.info.header.job, f.big_title ? kBigJob : kSmallJob));
  page.texts.push_back(text_at(kSpace + 6, kFrameH - kSpace - 14, 12, job));
  std::string date = fit_text(m.info.header.date, 12, 400);
  double date_x = kSpace + box_w - 6 - text_width(date, 12);
  if (f.big_title) {
    page.shapes.push_back(line(kSpace, kFrameH - kSpace - 20, kSpace + box_w, kFrameH - kSpace - 20));
    page.texts.push_back(text_at(kSpace + 6, kFrameH - kSpace - 34, 12, total));
    page.texts.push_back(text_at(date_x, kFrameH - kSpace - 34, 12, date));
  } else {
    double centre = box_w / 2;  // hp2ps centres 5 pt left of the box centre
    page.texts.push_back(text_at(centre - text_width(total, 12) / 2, kFrameH - kSpace - 14, 12, total));
    page.texts.push_back(text_at(date_x, kFrameH - kSpace - 14, 12, date));
  }
}

void add_x_axis(PageLayout& page, ChartLayout& out, const BandMatrix& m, const Frame& f) {
  page.shapes.push_back(line(kGx0, kGy0, kGx0 + f.gw, kGy0));
  std::string unit = fit_text(m.info.header.sample_unit, 10, std::max(f.gw, 50.0));
  page.texts.push_back(text_at(kGx0 + f.gw - text_width(unit, 10), 5, 10, unit));
  double step = nice_step(m.x_range / 7);
  double cutoff = f.gw - (kUnit * hp2ps_units(m.info.header.sample_unit) + 15);
  double t0 = m.times.front(), last = m.times.back();
  double t = t0;
  for (int guard = 0; t < last && guard < 10000; ++guard) {
    double x = (t - t0) * f.gw / m.x_range;
    if (x < cutoff) {
      page.shapes.push_back(line(kGx0 + x, kGy0, kGx0 + x, kGy0 - 4));
      char buf[64];
      std::snprintf(buf, sizeof buf, "%.1f", t);
      page.texts.push_back(text_at(kGx0 + x - text_width(buf, 10) / 2, 5, 10, buf));
      out.x_labels.push_back(buf);
    }
    double next = t + step;
    if (next == t) break;  // huge times, tiny step: no progress possible
    t = next;
  }
}

// --percent: the values are shares of each sample's total.
std::string y_axis_unit(const BandMatrix& m) { return m.percent ? "% of " + m.info.header.value_unit : m.info.header.value_unit; }

std::string y_label(double v, double step) {
  if (step >= 1e6) return group_digits(std::floor(v / 1e6 + 0.5)) + "M";
  if (step >= 1e3) return group_digits(std::floor(v / 1e3 + 0.5)) + "k";
  return group_digits(std::floor(v + 0.5));
}

void add_y_axis(PageLayout& page, ChartLayout& out, const BandMatrix& m, const Frame& f) {
  page.shapes.push_back(line(kGx0, kGy0, kGx0, kGy0 + f.gh));
  std::string unit = fit_text(y_axis_unit(m), 10, f.gh);
  // Rotated a quarter turn anticlockwise; the text ends at the axis top.
  page.texts.push_back(text_at(kGx0 - 5, kGy0 + f.gh - text_width(unit, 10), 10, unit, 90));
  double step = nice_step(std::max(m.y_range / 7, 1.0));
  double cutoff = f.gh - (kUnit * hp2ps_units(y_axis_unit(m)) + 15);
  double v = 0;
  for (int guard = 0; v <= m.y_range && guard < 10000; ++guard) {
    double y = v * f.gh / m.y_range;
    if (y < cutoff) {
      page.shapes.push_back(line(kGx0, kGy0 + y, kGx0 - 4, kGy0 + y));
      std::string label = y_label(v, step);
      page.texts.push_back(text_at(kGx0 - 5 - text_width(label, 10), kGy0 + y, 10, label));
      out.y_labels.push_back(label);
    }
    double next = v + step;
    if (next == v) break;
    v = next;
  }
}

// A key entry: a band's filled box, or a heap line's stroke.
struct KeyEntry {
  std::string name;
  Rgb fill;
  const LineStyle* line = nullptr;
};

std::vector<KeyEntry> key_entries(const BandMatrix& m, const std::vector<double>& shades, const ChartStyle& style,
                                  const std::vector<DrawnLine>& lines) {
  std::vector<KeyEntry> entries;
  for (size_t b = 0; b < m.bands.size(); ++b) entries.push_back({m.bands[b].name, shade_rgb(shades[b], style.colour)});
  for (const DrawnLine& l : lines) entries.push_back({l.series->name, {1, 1, 1}, &l.style});
  return entries;
}

void add_key_entries(PageLayout& page, ChartLayout& out, const std::vector<KeyEntry>& entries, size_t from,
                     size_t count, double base, double spacing, double x0, double label_w) {
  for (size_t k = 1; k <= count; ++k) {
    const KeyEntry& e = entries[from + k - 1];
    double c = base + static_cast<double>(k) * spacing;
    if (e.line) {
      page.shapes.push_back({{{x0 + kSpace, c}, {x0 + kSpace + kKeyBox, c}}, false, false, {}, e.line->colour,
                             e.line->width + 1, e.line->dash});
    } else {
      page.shapes.push_back(rect(x0 + kSpace, c - kKeyBox / 2, kKeyBox, kKeyBox, true, e.fill));
    }
    std::string label = fit_text(e.name, 10, label_w);
    page.texts.push_back(text_at(x0 + 24, c - 5, 10, label));
    out.key_labels.push_back(label);
  }
}

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

void add_heap_lines(PageLayout& page, const BandMatrix& m, const std::vector<DrawnLine>& lines, const Frame& f,
                    const ChartStyle& style) {
  double t0 = m.times.front();
  size_t columns = static_cast<size_t>(std::max(1.0, f.gw / 72 * (style.columns_per_inch > 0 ? style.columns_per_inch : 1e6)));
  for (const DrawnLine& l : lines) {
    Polyline line{{}, false, false, {}, l.style.colour, l.style.width, l.style.dash};
    for (size_t i : line_points(*l.series, t0, m.x_range, columns)) {
      double x = kGx0 + (l.series->times[i] - t0) * f.gw / m.x_range;
      if (x < kGx0 - 1e-9 || x > kGx0 + f.gw + 1e-9) continue;
      line.points.push_back({x, kGy0 + l.series->values[i] * f.gh / m.y_range});
    }
    if (line.points.size() == 1) line.points.push_back(line.points[0]);
    page.shapes.push_back(std::move(line));
  }
}

// The columns a simplified chart is drawn in: the resolution's, or fewer
// where the vertex budget is spent on many bands (but never fewer than 200).
size_t drawn_columns(const ChartStyle& style, double gw, size_t bands) {
  double columns = std::max(1.0, gw / 72 * style.columns_per_inch);
  if (style.max_vertices > 0 && bands > 0) {
    columns = std::min(columns, std::max(200.0, static_cast<double>(style.max_vertices) / (2.0 * static_cast<double>(bands))));
  }
  return static_cast<size_t>(columns);
}

void add_bands(PageLayout& page, const BandMatrix& m, const std::vector<double>& shades,
               const ChartStyle& style, const Frame& f) {
  std::vector<size_t> keep;
  if (style.columns_per_inch > 0) {
    // A tenth of a point is under half a pixel even at 300 dpi.
    double flat = 0.1 * m.y_range / f.gh;
    keep = visible_samples(m, drawn_columns(style, f.gw, m.bands.size()), flat);
  } else {
    keep.resize(m.times.size());
    for (size_t k = 0; k < keep.size(); ++k) keep[k] = k;
  }
  size_t n = keep.size();
  std::vector<double> xs(n);
  std::vector<std::vector<double>> tops(m.bands.size(), std::vector<double>(n));
  double scale = f.gh / m.y_range;
  for (size_t k = 0; k < n; ++k) xs[k] = kGx0 + (m.times[keep[k]] - m.times.front()) * f.gw / m.x_range;
  for (size_t b = 0; b < m.bands.size(); ++b) {
    for (size_t k = 0; k < n; ++k) tops[b][k] = (b ? tops[b - 1][k] : 0) + m.bands[b].values[keep[k]] * scale;
  }
  if (n < m.times.size()) {
    // Simplified: each band as the area under its top, painted from the top
    // band down, so every boundary is written once; the picture is the same.
    // Vertices snap to a quarter of a point (a pixel at 300 dpi), which
    // writers print in a few digits (PostScript writes every vertex twice,
    // to fill and to stroke); rounding is monotone, so bands that touched
    // still touch and none cross.
    auto snap = [](double v) { return std::round(v * 4) / 4; };
    for (double& x : xs) x = snap(x);
    for (std::vector<double>& top : tops) {
      for (double& y : top) y = snap(y);
    }
    for (size_t b = m.bands.size(); b-- > 0;) {
      Polyline under = area({}, true, shade_rgb(shades[b], style.colour));
      under.points.reserve(n + 2);
      for (size_t k = 0; k < n; ++k) under.points.push_back({xs[k], kGy0 + tops[b][k]});
      under.points.push_back({xs[n - 1], kGy0});
      under.points.push_back({xs[0], kGy0});
      page.shapes.push_back(std::move(under));
    }
    return;
  }
  // Exact, as hp2ps: band b is the polygon between its bottom and its top.
  for (size_t b = 0; b < m.bands.size(); ++b) {
    Polyline poly = area({}, true, shade_rgb(shades[b], style.colour));
    poly.points.reserve(2 * n);
    for (size_t k = 0; k < n; ++k) poly.points.push_back({xs[k], kGy0 + (b ? tops[b - 1][k] : 0)});
    for (size_t k = n; k-- > 0;) poly.points.push_back({xs[k], kGy0 + tops[b][k]});
    page.shapes.push_back(std::move(poly));
  }
}

void add_marks(PageLayout& page, const BandMatrix& m, const Frame& f) {
  for (const Mark& mark : m.info.marks) {
    double x = kGx0 + (mark.time - m.times.front()) * f.gw / m.x_range;
    page.shapes.push_back(area({{x - 4, kGy0}, {x, kGy0 - 4}, {x + 4, kGy0}}, true, {1, 1, 1}));
  }
}

}  // namespace

std::vector<size_t> visible_samples(const BandMatrix& m, size_t columns, double flat) {
  size_t n = m.times.size();
  std::vector<size_t> keep;
  if (n <= 2 * columns + 2) {
    keep.resize(n);
    for (size_t k = 0; k < n; ++k) keep[k] = k;
    return keep;
  }
  std::vector<double> total(n, 0);
  for (const Band& b : m.bands) {
    for (size_t k = 0; k < n; ++k) total[k] += b.values[k];
  }
  double t0 = m.times.front(), span = m.times.back() - t0;
  auto column_of = [&](size_t k) {
    double c = span > 0 ? (m.times[k] - t0) / span * static_cast<double>(columns) : 0;
    return std::min(columns - 1, static_cast<size_t>(std::max(0.0, c)));
  };
  keep.push_back(0);
  for (size_t k = 1; k + 1 < n;) {
    size_t col = column_of(k), lo = k, hi = k, j = k;
    for (; j + 1 < n && column_of(j) == col; ++j) {
      if (total[j] < total[lo]) lo = j;
      if (total[j] > total[hi]) hi = j;
    }
    if (total[hi] - total[lo] < flat) {
      keep.push_back(hi);  // flat to the eye: one sample, the peak
    } else {
      keep.push_back(std::min(lo, hi));
      if (lo != hi) keep.push_back(std::max(lo, hi));
    }
    k = j;
  }
  keep.push_back(n - 1);
  return keep;
}

size_t most_columns(const ChartStyle& style) {
  double widest = kFrameW - 2 * kSpace - kGx0;
  return static_cast<size_t>(std::ceil(std::max(0.0, widest / 72 * style.columns_per_inch)));
}

double hp2ps_units(const std::string& s) {
  double units = 0;
  for (unsigned char c : s) {
    // hp2ps had no entry for these: control bytes gave garbage and UTF-8
    // counted 0, so such names ran off the page. A non-ASCII character
    // counts 4 (its lead byte), control bytes nothing.
    if (c >= 0xC0) units += 4;
    if (c < 0x20 || c > 0x7e) continue;
    if (std::string_view("!\"',.:;^`|Iil").find(static_cast<char>(c)) != std::string_view::npos) units += 1;
    else if (std::string_view("*?[]{}~jrt").find(static_cast<char>(c)) != std::string_view::npos) units += 2;
    else if (c >= '0' && c <= '9') units += 4;
    else if ((c >= 'A' && c <= 'Z') || c == 'm') units += 5;
    else units += 3;
  }
  return units;
}

std::string group_digits(double v) {
  char buf[64];
  if (!(std::fabs(v) < 9.2e18)) v = v < 0 ? -9.2e18 : 9.2e18;
  std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(v));
  std::string digits = buf, out;
  size_t start = digits[0] == '-' ? 1 : 0;
  out = digits.substr(0, start);
  for (size_t i = start; i < digits.size(); ++i) {
    if (i > start && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

ChartLayout layout_chart(const BandMatrix& m, const std::vector<double>& shades, const ChartStyle& style) {
  ChartLayout out;
  Frame f{};
  f.big_title = style.big_title || (!style.small_title && m.info.header.job.size() > kSmallJob);
  f.title_h = f.big_title ? 40 : 20;
  f.gh = kFrameH - f.title_h - 10 - 20;
  f.key_on_graph = !style.no_key && !style.key_pages;
  std::vector<DrawnLine> lines = style.heap_lines ? drawn_lines(m) : std::vector<DrawnLine>();
  std::vector<KeyEntry> entries = key_entries(m, shades, style, lines);
  double max_units = 0;
  for (const KeyEntry& e : entries) max_units = std::max(max_units, hp2ps_units(e.name));
  double key_w = std::min(kUnit * max_units + 3 * kSpace + kKeyBox, kMaxKeyWidth);
  f.key_w = f.key_on_graph ? key_w : 0;
  f.gw = kFrameW - 2 * kSpace - kGx0 - f.key_w;
  out.graph_width = f.gw;
  out.graph_height = f.gh;
  out.key_width = f.key_w;
  out.total_text = group_digits(std::trunc(m.total)) + " " + fit_text(m.info.header.value_unit, 12, 150) + " x " +
                   fit_text(m.info.header.sample_unit, 12, 150);
  double label_w = key_w - 14;  // from the label start to the frame edge

  if (style.key_pages && !style.no_key) {  // -M: the key on pages of its own
    size_t n = entries.size();
    double spacing = n > kKeyPerPage ? f.gh / kKeyPerPage : f.gh / static_cast<double>(n + 1);
    for (size_t from = 0; from < n || from == 0; from += kKeyPerPage) {
      PageLayout page;
      add_title(page, m, f, out.total_text);
      size_t count = std::min(kKeyPerPage, n - from);
      add_key_entries(page, out, entries, from, count, 0, spacing, kGx0, kFrameW - kGx0 - 40);
      out.pages.push_back(std::move(page));
      if (n == 0) break;
    }
  }
  PageLayout page;
  add_title(page, m, f, out.total_text);
  add_x_axis(page, out, m, f);
  add_y_axis(page, out, m, f);
  if (f.key_on_graph) {
    double spacing = f.gh / static_cast<double>(entries.size() + 1);
    add_key_entries(page, out, entries, 0, entries.size(), kGy0, spacing, kGx0 + f.gw, label_w);
  }
  add_bands(page, m, shades, style, f);
  add_heap_lines(page, m, lines, f, style);
  if (style.marks) add_marks(page, m, f);
  out.pages.push_back(std::move(page));
  return out;
}

}  // namespace hpng
