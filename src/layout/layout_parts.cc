// See layout_parts.h.
#include "layout/layout_parts.h"

#include <algorithm>

#include "base/text.h"

#include <string_view>
#include "layout/text_metrics.h"

namespace hpng {

namespace {

constexpr size_t kMaxBytes = 1024;  // more than any line of a page holds
const std::string kEllipsis = "\u2026";

std::string peak_text(const BandMatrix& m, double peak, double time) {
  const ProfileHeader& h = m.info.header;
  return "peak " + group_digits(peak) + " " + h.value_unit + " at " + printed("%.6g", time) + " " + h.sample_unit;
}

}  // namespace

std::string to_search_text(const std::string& name) {
  std::string s = to_valid_utf8(utf8_prefix(name, kMaxBytes));
  return name.size() > kMaxBytes ? s + kEllipsis : s;
}

namespace {

// A -hi band's IPE record, for its hover: what the table is and where,
// each field cut (kShownRecordField).
std::string info_table_text(const BandMatrix& m, const Band& b) {
  auto it = m.info.info_tables.find(b.name);
  if (it == m.info.info_tables.end()) return "";
  const InfoTable& t = it->second;
  auto f = [](const std::string& s) { return cut_at(s, kShownRecordField); };
  return "\n" + f(t.closure_type) + " " + f(t.table_name) + " at " + f(t.address) + "\ntype " + f(t.type) + "\n" +
         f(t.module) + ", " + f(t.src_loc);
}

}  // namespace

std::string band_title(const BandMatrix& m, const Band& b) {
  if (m.difference) {
    const ProfileHeader& h = m.info.header;
    return to_valid_utf8(to_search_text(b.name) + "\nlargest change " + std::string(b.peak > 0 ? "+" : "") +
                         group_digits(b.peak) + " " + h.value_unit + " at " + printed("%.6g", b.peak_time) + " " +
                         h.sample_unit + "\narea " + std::string(b.area > 0 ? "+" : "") + group_digits(b.area) + " " +
                         h.value_unit + " x " + h.sample_unit);
  }
  std::string share = m.total > 0 ? printed("%.1f", 100 * b.area / m.total) : "0.0";
  return to_valid_utf8(to_search_text(b.name) + "\n" + peak_text(m, b.peak, b.peak_time) + "\n" + share + "% of the total, " +
                       group_digits(b.area) + " " + m.info.header.value_unit + " x " + m.info.header.sample_unit +
                       info_table_text(m, b));
}

std::string line_title(const BandMatrix& m, const Series& s) {
  auto top = std::max_element(s.values.begin(), s.values.end());
  std::string peak = top == s.values.end() ? "" : "\n" + peak_text(m, *top, s.times[static_cast<size_t>(top - s.values.begin())]);
  return to_valid_utf8(to_search_text(s.name) + " (from " + s.event + " events)" + peak);
}

Polyline area(std::vector<Point> points, bool filled, Rgb fill) {
  return {std::move(points), true, filled, fill, {0, 0, 0}, 0.5, {}, {}, {}, {}};
}

Polyline rect(double x, double y, double w, double h, bool filled, Rgb fill) {
  return area({{x, y}, {x, y + h}, {x + w, y + h}, {x + w, y}}, filled, fill);
}

Polyline line(double x0, double y0, double x1, double y1) {
  return {{{x0, y0}, {x1, y1}}, false, false, {}, {0, 0, 0}, 0.5, {}, {}, {}, {}};
}

TextItem text_at(double x, double y, double size, const std::string& s, double angle) {
  std::string text = to_valid_utf8(s);
  double width = text_width(text, size);
  return {x, y, size, angle, std::move(text), width, {}, {}};
}

// Nothing wider than a page is ever measured whole: a 2 MB name costs no
// more than a long one.
void same_fill_outline(Polyline& shape, const std::vector<double>& shades, size_t band, const ChartStyle& style) {
  shape.width = 0.5;  // hp2ps's
  if (!style.mark_same_fills) return;
  auto same = std::count(shades.begin(), shades.begin() + static_cast<std::ptrdiff_t>(band), shades[band]);
  if (same == 0) return;
  shape.width = 1.2;
  shape.dash = same == 1 ? std::vector<double>{3, 1.5} : std::vector<double>{1, 1.5};
}

std::string fit_end(const std::string& name, double size, double width) {
  std::string s = to_valid_utf8(utf8_prefix(name, kMaxBytes));
  if (s.size() < name.size()) s += kEllipsis;
  if (text_width(s, size) <= width) return s;
  size_t lo = 0, hi = s.size();
  while (lo < hi) {  // largest byte count whose prefix fits
    size_t mid = (lo + hi + 1) / 2;
    std::string t = std::string(utf8_prefix(s, mid)) + kEllipsis;
    if (text_width(t, size) <= width) lo = mid; else hi = mid - 1;
  }
  return std::string(utf8_prefix(s, lo)) + kEllipsis;
}

std::string fit_middle(const std::string& name, double size, double width) {
  return shorten_middle(name, [&](const std::string& t) { return text_width(t, size) <= width; });
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

}  // namespace hpng
