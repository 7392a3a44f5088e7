// Layout: hp2ps's geometry in its 648 x 432 frame, or a frame of the size
// asked for. Decisions hp2ps took from its own width table (key width and so
// graph width; tick cut-offs next to the axis legends) use that table, so
// the graph lands where hp2ps puts it; centring and right-alignment use the
// real font metrics, as hp2ps's PostScript did with stringwidth.
#include "hpng/layout/layout.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "layout/axis_ticks.h"
#include "layout/band_shapes.h"
#include "hpng/shade/heap_lines.h"
#include "base/text.h"
#include "layout/key_layout.h"
#include "layout/layout_parts.h"
#include "layout/text_metrics.h"

namespace hpng {

namespace {

constexpr double kDefaultHeight = 432;  // hp2ps's frame
constexpr double kLeastGraphHeight = 100;
constexpr double kLeastGraphWidth = 150;
constexpr size_t kSmallJob = 35, kBigJob = 80;
constexpr size_t kKeyPerPage = 20;

bool side_key(const ChartStyle& style) { return !style.no_key && !style.key_pages; }
bool key_below(const ChartStyle& style) { return !style.no_key && style.key_pages && style.key_below; }

const std::string& shown_job(const BandMatrix& m, const ChartStyle& style) {
  return style.title ? *style.title : m.info.header.job;
}

// The title's figure: the area under the stacked total, or in a difference
// its change.
std::string total_text(const BandMatrix& m) {
  std::string units = fit_end(m.info.header.value_unit, 12, 150) + " x " + fit_end(m.info.header.sample_unit, 12, 150);
  if (!m.difference) return group_digits(std::trunc(m.total)) + " " + units;
  return "change " + std::string(m.total > 0 ? "+" : "") + group_digits(std::trunc(m.total)) + " " + units;
}

// The small title box's one line: the job, the total centred (5 pt left of
// the box's centre, as hp2ps) and the date, each clear of the next.
bool one_title_line_fits(const BandMatrix& m, const ChartStyle& style, double w) {
  constexpr double kGap = 6;
  double box_w = w - 2 * kSpace, centre = box_w / 2;
  double job_w = text_width(std::string(utf8_prefix(shown_job(m, style), kSmallJob)), 12);
  double total_w = text_width(total_text(m), 12);
  double date_w = text_width(fit_end(m.info.header.date, 12, 400), 12);
  return kSpace + 6 + job_w + kGap <= centre - total_w / 2 && centre + total_w / 2 + kGap <= kSpace + box_w - 6 - date_w;
}

Frame frame_for(const BandMatrix& m, const ChartStyle& style, const std::vector<KeyEntry>& entries) {
  Frame f{};
  f.w = style.width;
  // hp2ps chose the box by the job's length alone; elsewhere a title that
  // does not fit on one line takes two.
  bool too_wide = !style.as_hp2ps && !one_title_line_fits(m, style, f.w);
  f.big_title = style.big_title || (!style.small_title && (shown_job(m, style).size() > kSmallJob || too_wide));
  f.title_h = f.big_title ? 40 : 20;
  double key_h = key_below(style) ? key_below_height(entries, f.w) : 0;
  // --height is the least height: a key below takes what it needs.
  double least = key_h + f.title_h + 30 + kLeastGraphHeight;
  f.h = style.height ? std::max(*style.height, least) : kDefaultHeight + key_h;
  f.gx0 = kGraphX;
  f.gy0 = 20 + key_h;
  f.gh = f.h - f.title_h - 30 - key_h;
  double widest = f.w - 2 * kSpace - kGraphX;
  f.key_w = side_key(style) ? side_key_width(entries, std::min(style.max_key_width, widest - kLeastGraphWidth)) : 0;
  f.gw = widest - f.key_w;
  return f;
}

// Labels start 24 pt into the key and end by the title box's edge. hp2ps
// writes them whole, past its frame where a name is wider than its rough
// measure: a landscape PostScript page has 108 pt of sheet below the frame
// (Letter), so the drop-in cuts a name only where hp2ps's would leave it.
double side_label_room(const ChartStyle& style, const Frame& f) {
  constexpr double kSheetBeyondFrame = 108;
  bool on_a_sheet = style.as_hp2ps && style.eps_width == 0;
  return f.key_w - 24 + (on_a_sheet ? 2 * kSpace + kSheetBeyondFrame : 0);
}

void add_title(PageLayout& page, const BandMatrix& m, const ChartStyle& style, const Frame& f, const std::string& total) {
  page.shapes.push_back(rect(0, 0, f.w, f.h));
  double box_w = f.w - 2 * kSpace, top = f.h - kSpace;
  page.shapes.push_back(rect(kSpace, top - f.title_h, box_w, f.title_h));
  const std::string& whole = shown_job(m, style);
  std::string shown = std::string(utf8_prefix(whole, f.big_title ? kBigJob : kSmallJob));
  // The big box cuts the job to its width (hp2ps let it run over), then
  // the date to what the total leaves.
  if (f.big_title && !style.as_hp2ps) shown = fit_end(shown, 12, box_w - 12);
  TextItem job = text_at(kSpace + 6, top - 14, 12, shown);
  job.search = to_search_text(whole);
  page.texts.push_back(std::move(job));
  std::string date = fit_end(m.info.header.date, 12, 400);
  if (f.big_title && !style.as_hp2ps) {
    double room = box_w - 12 - text_width(total, 12) - 12;
    if (text_width(date, 12) > room) date = room >= 24 ? fit_end(date, 12, room) : "";
  }
  double date_x = kSpace + box_w - 6 - text_width(date, 12);
  if (f.big_title) {
    page.shapes.push_back(line(kSpace, top - 20, kSpace + box_w, top - 20));
    page.texts.push_back(text_at(kSpace + 6, top - 34, 12, total));
    page.texts.push_back(text_at(date_x, top - 34, 12, date));
  } else {
    double centre = box_w / 2;  // hp2ps centres 5 pt left of the box centre
    page.texts.push_back(text_at(centre - text_width(total, 12) / 2, top - 14, 12, total));
    page.texts.push_back(text_at(date_x, top - 14, 12, date));
  }
}

// A .hp's sample times are the program's own (mutator) seconds, an
// eventlog's elapsed seconds since the program started.
std::string x_axis_unit(const BandMatrix& m, const ChartStyle& style) {
  const ProfileHeader& h = m.info.header;
  if (style.as_hp2ps) return h.sample_unit;
  return h.sample_unit + (h.input_format == "eventlog" ? " (elapsed)" : " (mutator)");
}

void add_x_axis(PageLayout& page, ChartLayout& out, const BandMatrix& m, const Frame& f, const ChartStyle& style) {
  page.shapes.push_back(line(f.gx0, f.gy0, f.gx0 + f.gw, f.gy0));
  std::string whole = x_axis_unit(m, style);
  std::string unit = fit_end(whole, 10, std::max(f.gw, 50.0));
  double unit_x = f.gx0 + f.gw - text_width(unit, 10);
  page.texts.push_back(text_at(unit_x, f.gy0 - 15, 10, unit));
  double cutoff = f.gw - (kUnit * hp2ps_units(whole) + 15);
  for (const Tick& t : time_ticks(axis_start(m), axis_start(m) + m.x_range, m.x_range, f.gw, cutoff, unit_x - f.gx0)) {
    page.shapes.push_back(line(f.gx0 + t.at, f.gy0, f.gx0 + t.at, f.gy0 - 4));
    page.texts.push_back(text_at(f.gx0 + t.label.from, f.gy0 - 15, 10, t.label.text));
    out.x_labels.push_back({t.label.text, f.gx0 + t.label.from, f.gx0 + t.label.to});
  }
}

// --percent: the values are shares of each sample's total.
std::string y_axis_unit(const BandMatrix& m) { return m.percent ? "% of " + m.info.header.value_unit : m.info.header.value_unit; }

void add_y_axis(PageLayout& page, ChartLayout& out, const BandMatrix& m, const Frame& f) {
  page.shapes.push_back(line(f.gx0, f.gy0, f.gx0, f.gy0 + f.gh));
  std::string unit = fit_end(y_axis_unit(m), 10, f.gh);
  // Rotated a quarter turn anticlockwise; the text ends at the axis top.
  page.texts.push_back(text_at(f.gx0 - 5, f.gy0 + f.gh - text_width(unit, 10), 10, unit, 90));
  double cutoff = f.gh - (kUnit * hp2ps_units(y_axis_unit(m)) + 15);
  for (const Tick& t : value_ticks(m.y_low, m.y_range, f.gh, cutoff)) {
    page.shapes.push_back(line(f.gx0, f.gy0 + t.at, f.gx0 - 4, f.gy0 + t.at));
    double w = text_width(t.label.text, 10);
    page.texts.push_back(text_at(f.gx0 - 5 - w, f.gy0 + t.at, 10, t.label.text));
    out.y_labels.push_back({t.label.text, f.gy0 + t.label.from, f.gy0 + t.label.to});
  }
  if (m.y_low < 0) {  // a difference: growth above this line, shrinkage below
    double zero = f.gy0 - m.y_low * f.gh / (m.y_range - m.y_low);
    page.shapes.push_back(line(f.gx0, zero, f.gx0 + f.gw, zero));
  }
}

// -M in PostScript and PDF: the key on pages of its own, 20 entries a page.
void add_key_pages(ChartLayout& out, const BandMatrix& m, const ChartStyle& style, const Frame& f,
                   const std::vector<KeyEntry>& entries) {
  size_t n = entries.size();
  double spacing = n > kKeyPerPage ? f.gh / kKeyPerPage : f.gh / static_cast<double>(n + 1);
  std::vector<std::string> labels = key_labels(entries, f.w - kGraphX - 40);
  for (size_t from = 0; from < n || from == 0; from += kKeyPerPage) {
    PageLayout page;
    add_title(page, m, style, f, out.total_text);
    size_t count = std::min(kKeyPerPage, n - from);
    add_key_column(page, out, entries, labels, from, count, 0, spacing, kGraphX);
    out.pages.push_back(std::move(page));
    if (n == 0) break;
  }
}

}  // namespace

ChartLayout layout_chart(const BandMatrix& m, const std::vector<double>& shades, const ChartStyle& style) {
  std::vector<DrawnLine> lines = style.heap_lines ? drawn_lines(m) : std::vector<DrawnLine>();
  std::vector<KeyEntry> entries = key_entries(m, shades, style, lines);
  Frame f = frame_for(m, style, entries);
  ChartLayout out;
  out.frame_width = f.w;
  out.frame_height = f.h;
  out.graph_width = f.gw;
  out.graph_height = f.gh;
  out.key_width = f.key_w;
  out.total_text = total_text(m);
  bool draw_key = !style.key_room_only;
  if (draw_key && style.key_pages && !style.no_key && !style.key_below) add_key_pages(out, m, style, f, entries);
  PageLayout page;
  add_title(page, m, style, f, out.total_text);
  add_x_axis(page, out, m, f, style);
  add_y_axis(page, out, m, f);
  if (draw_key && side_key(style)) {
    double spacing = f.gh / static_cast<double>(entries.size() + 1);
    add_key_column(page, out, entries, key_labels(entries, side_label_room(style, f)), 0, entries.size(), f.gy0, spacing,
                   f.gx0 + f.gw);
  }
  if (draw_key && key_below(style)) add_key_below(page, out, entries, f);
  add_bands(page, m, shades, style, f);
  add_heap_lines(page, m, lines, f, style);
  if (style.marks) add_marks(page, m, f);
  page.graph = GraphArea{f.gx0, f.gy0, f.gw, f.gh, axis_start(m), m.x_range, m.y_low, m.y_range};
  out.pages.push_back(std::move(page));
  return out;
}

}  // namespace hpng
