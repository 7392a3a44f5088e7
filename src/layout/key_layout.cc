// See key_layout.h.
#include "layout/key_layout.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "base/text.h"
#include "hpng/matrix/shown_names.h"
#include "layout/text_metrics.h"

namespace hpng {

namespace {

constexpr double kLabelSize = 10;
constexpr double kRowHeight = 18;   // below the graph: a box and a gap
constexpr double kColumnGap = 16;
constexpr double kStripMargin = 6;  // above and below the rows


void add_entry(PageLayout& page, ChartLayout& out, const KeyEntry& e, const std::string& shown, double x,
               double centre, double label_x, double baseline) {
  if (e.line) {
    Polyline stroke{{{x, centre}, {x + kKeyBox, centre}}, false, false, {}, e.line->colour, e.line->width + 1,
                    e.line->dash, e.title, {}, {}};
    page.shapes.push_back(std::move(stroke));
  } else {
    Polyline box = rect(x, centre - kKeyBox / 2, kKeyBox, kKeyBox, true, e.fill);
    box.title = e.title;
    box.band = e.name;
    box.width = e.outline.width, box.dash = e.outline.dash;
    page.shapes.push_back(std::move(box));
  }
  TextItem label = text_at(label_x, baseline, kLabelSize, shown);
  label.search = to_search_text(e.name);
  label.title = e.title;
  out.key_labels.push_back(label.text);
  page.texts.push_back(std::move(label));
}

// The entry's label in `width`: whole where it fits, else cut in the middle
// after what it can lose first.
std::string fitted(const KeyEntry& e, double width) {
  if (text_width(e.shown, kLabelSize) <= width) return e.shown;
  return fit_middle(e.brief, kLabelSize, width);
}

// Below the graph a column is as wide as its widest label, up to half the
// frame, so that long names still leave two columns.
double below_label_width(const std::vector<KeyEntry>& entries, double width) {
  double most = std::max(120.0, (width - 2 * kSpace) / 2 - (kKeyBox + 10 + kColumnGap));
  double widest = 0;
  for (const KeyEntry& e : entries) widest = std::max(widest, text_width(fitted(e, most), kLabelSize));
  return widest;
}

struct Grid {
  double label_w, column_w;
  size_t columns, rows;
};

Grid key_grid(const std::vector<KeyEntry>& entries, double width) {
  Grid g{};
  g.label_w = below_label_width(entries, width);
  g.column_w = kKeyBox + 5 + g.label_w + kColumnGap;
  size_t fit = static_cast<size_t>(std::max(1.0, std::floor((width - 2 * kSpace - 10) / g.column_w)));
  g.columns = std::clamp<size_t>(fit, 1, std::max<size_t>(entries.size(), 1));
  g.rows = (entries.size() + g.columns - 1) / g.columns;
  return g;
}

}  // namespace

std::vector<KeyEntry> key_entries(const BandMatrix& m, const std::vector<double>& shades, const ChartStyle& style,
                                  const std::vector<DrawnLine>& lines) {
  std::vector<KeyEntry> entries;
  std::vector<std::string> shown = style.as_hp2ps ? std::vector<std::string>() : shown_names(m);
  for (size_t b = 0; b < m.bands.size(); ++b) {
    const std::string& name = m.bands[b].name;
    const std::string& written = style.as_hp2ps ? name : shown[b];
    KeyEntry e{name, band_title(m, m.bands[b]), shade_rgb(shades[b], style.colour), nullptr, {}, written,
               style.as_hp2ps ? name : without_detail(written)};
    same_fill_outline(e.outline, shades, b, style);
    entries.push_back(std::move(e));
  }
  for (const DrawnLine& l : lines) {
    entries.push_back({l.series->name, line_title(m, *l.series), {1, 1, 1}, &l.style, {}, l.series->name, l.series->name});
  }
  return entries;
}

double side_key_width(const std::vector<KeyEntry>& entries, double most) {
  double max_units = 0;
  for (const KeyEntry& e : entries) max_units = std::max(max_units, hp2ps_units(e.shown));
  return std::min(kUnit * max_units + 3 * kSpace + kKeyBox, most);
}

// The key's labels: each name shortened to `label_w` (fit_middle); where
// two would read the same (stacks that differ only in a source location or
// an inner cost centre), each from a little before where the names first
// differ; and where even that is the same, numbered. Two bands never share
// a label.
std::vector<std::string> key_labels(const std::vector<KeyEntry>& entries, double label_w) {
  std::vector<std::string> labels;
  std::map<std::string, std::vector<size_t>> same;
  for (size_t i = 0; i < entries.size(); ++i) {
    labels.push_back(fitted(entries[i], label_w));
    same[labels.back()].push_back(i);
  }
  for (const auto& [label, group] : same) {
    if (group.size() < 2) continue;
    std::vector<std::string_view> names;
    for (size_t i : group) names.push_back(entries[i].shown);
    size_t d = shared_start(names), context = 12;
    for (size_t i : group) {
      const std::string& n = entries[i].shown;
      size_t from = d > context ? d - context : 0;
      std::string tail(utf8_suffix(n, n.size() - from));
      labels[i] = fit_end(from > 0 ? "\u2026" + tail : tail, kLabelSize, label_w);
    }
  }
  std::map<std::string, int> seen;
  for (std::string& label : labels) {
    int n = ++seen[label];
    if (n > 1) label = fit_end(label, kLabelSize, label_w - 24) + " (" + std::to_string(n) + ")";
  }
  return labels;
}

void add_key_column(PageLayout& page, ChartLayout& out, const std::vector<KeyEntry>& entries,
                    const std::vector<std::string>& labels, size_t from, size_t count, double base, double spacing,
                    double x0) {
  for (size_t k = 1; k <= count; ++k) {
    double c = base + static_cast<double>(k) * spacing;
    add_entry(page, out, entries[from + k - 1], labels[from + k - 1], x0 + kSpace, c, x0 + 24, c - 5);
  }
}

double key_below_height(const std::vector<KeyEntry>& entries, double width) {
  if (entries.empty()) return 0;
  return static_cast<double>(key_grid(entries, width).rows) * kRowHeight + 2 * kStripMargin;
}

void add_key_below(PageLayout& page, ChartLayout& out, const std::vector<KeyEntry>& entries, const Frame& f) {
  if (entries.empty()) return;
  Grid g = key_grid(entries, f.w);
  std::vector<std::string> labels = key_labels(entries, g.label_w);
  double top = kSpace + key_below_height(entries, f.w) - kStripMargin;
  for (size_t i = 0; i < entries.size(); ++i) {
    size_t k = entries.size() - 1 - i;  // the top band first
    double x = kSpace + 10 + static_cast<double>(i % g.columns) * g.column_w;
    double centre = top - (static_cast<double>(i / g.columns) + 0.5) * kRowHeight;
    add_entry(page, out, entries[k], labels[k], x, centre, x + kKeyBox + 5, centre - 3.6);
  }
}

}  // namespace hpng
