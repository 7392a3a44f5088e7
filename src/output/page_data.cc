// See page_data.h.
#include "output/page_data.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "hpng/verdict/verdict.h"
#include "base/text.h"
#include "hpng/shade/heap_lines.h"
#include "output/json_text.h"
#include "output/report_words.h"

namespace hpng {

namespace {

constexpr size_t kMostLinePoints = 1000;  // a heap line's points in the page
constexpr size_t kMostMarks = 500;

// `count` indices spread evenly over [0, n), the first and the last among
// them; every index when n is no more than count.
std::vector<size_t> spread(size_t n, size_t count) {
  std::vector<size_t> out;
  if (n <= count) {
    for (size_t i = 0; i < n; ++i) out.push_back(i);
    return out;
  }
  for (size_t j = 0; j < count; ++j) out.push_back(j * (n - 1) / std::max<size_t>(count - 1, 1));
  return out;
}

void append_key(std::string& out, const char* key) {
  out += '"';
  out += key;
  out += "\":";
}

void append_values(std::string& out, const std::vector<double>& v, const std::vector<size_t>& at) {
  out += '[';
  for (size_t j = 0; j < at.size(); ++j) {
    if (j) out += ',';
    append_number(out, v[at[j]]);
  }
  out += ']';
}

std::string hex(Rgb c) {
  auto byte = [](double v) { return static_cast<int>(std::lround(std::clamp(v, 0.0, 1.0) * 255)); };
  char buf[8];
  std::snprintf(buf, sizeof buf, "#%02x%02x%02x", byte(c.r), byte(c.g), byte(c.b));
  return buf;
}

// {"key":number,...}
void append_numbers(std::string& out, std::initializer_list<std::pair<const char*, double>> fields) {
  out += '{';
  for (const auto& [key, number] : fields) {
    if (out.back() != '{') out += ',';
    append_key(out, key);
    append_number(out, number);
  }
  out += '}';
}

void append_figures(std::string& out, const BandFigures& f, double total) {
  append_numbers(out, {{"peak", f.peak}, {"peak_time", f.peak_time}, {"final", f.final}, {"area", f.area},
                       {"slope", f.slope}, {"share", total != 0 ? f.area / total : 0}});
}

// The band's place in the verdict over the whole run (verdict.h): its
// shape in words, and its rank among the suspects (-1: none), which the
// page's table orders by and marks.
void append_verdict(std::string& out, const Verdict& v, size_t b, const ProfileHeader& h) {
  append_key(out, "shape");
  append_json_string(out, v.judged() ? shape_token(v.shapes[b].kind) : "-");
  out += ',';
  append_key(out, "shape_words");
  append_json_string(out, v.judged() ? verdict_words(v, b, h) : "too few samples to judge");
  out += ',';
  auto rank = std::find(v.suspects.begin(), v.suspects.end(), b);
  append_key(out, "suspect");
  append_number(out, rank == v.suspects.end() ? -1 : static_cast<double>(rank - v.suspects.begin()));
}

// A -hi band's record, for the table's columns (what eventlog2html's
// Detailed tab shows), each field cut as the hover cuts it
// (kShownRecordField): the page stays under 1 MB whatever the records.
void append_record(std::string& out, const InfoTable& t) {
  const std::pair<const char*, const std::string*> fields[] = {
      {"closure_type", &t.closure_type}, {"type", &t.type}, {"module", &t.module}, {"src_loc", &t.src_loc}};
  append_key(out, "ipe");
  out += '{';
  for (size_t i = 0; i < std::size(fields); ++i) {
    if (i) out += ',';
    append_key(out, fields[i].first);
    append_json_string(out, cut_at(*fields[i].second, kShownRecordField));
  }
  out += "},";
}

void append_bands(std::string& out, const PageChart& c, const std::vector<size_t>& at) {
  const BandMatrix& m = *c.matrix;
  std::vector<BandFigures> figures = band_figures(m);
  out += '[';
  for (size_t b = 0; b < m.bands.size(); ++b) {
    out += b ? ",\n{" : "{";
    append_key(out, "name");
    append_json_string(out, m.bands[b].name);
    out += ',';
    append_key(out, "fill");
    append_json_string(out, hex(c.fills[b]));
    out += ',';
    append_key(out, "figures");
    append_figures(out, figures[b], m.total);
    out += ',';
    if (c.verdict) append_verdict(out, *c.verdict, b, m.info.header), out += ',';
    if (auto t = m.info.info_tables.find(m.bands[b].name); t != m.info.info_tables.end()) append_record(out, t->second);
    append_key(out, "values");
    append_values(out, m.bands[b].values, at);
    out += '}';
  }
  out += ']';
}

void append_marks(std::string& out, const std::vector<Mark>& marks) {
  out += '[';
  std::vector<size_t> at = spread(marks.size(), kMostMarks);
  for (size_t j = 0; j < at.size(); ++j) {
    out += j ? ",[" : "[";
    append_number(out, marks[at[j]].time);
    out += ',';
    append_json_string(out, cut_at(marks[at[j]].name, kShownMarkName));
    out += ']';
  }
  out += ']';
}

void append_lines(std::string& out, const BandMatrix& m, bool heap_lines) {
  out += '[';
  std::vector<DrawnLine> lines = heap_lines ? drawn_lines(m) : std::vector<DrawnLine>();
  for (size_t i = 0; i < lines.size(); ++i) {
    const Series& s = *lines[i].series;
    std::vector<size_t> at = spread(s.times.size(), kMostLinePoints);
    out += i ? ",{" : "{";
    append_key(out, "name");
    append_json_string(out, s.name);
    out += ',';
    append_key(out, "stroke");
    append_json_string(out, hex(lines[i].style.colour));
    out += ',';
    append_key(out, "times");
    append_values(out, s.times, at);
    out += ',';
    append_key(out, "values");
    append_values(out, s.values, at);
    out += '}';
  }
  out += ']';
}

void append_graph(std::string& out, const GraphArea& g) {
  append_numbers(out, {{"x0", g.x0}, {"y0", g.y0}, {"width", g.width}, {"height", g.height}, {"t0", g.t0},
                       {"x_range", g.x_range}, {"y_low", g.y_low}, {"y_range", g.y_range}});
}

// The charts' graphs, in page order.
std::vector<std::pair<size_t, const GraphArea*>> graphs(const ChartLayout& layout) {
  std::vector<std::pair<size_t, const GraphArea*>> out;
  for (size_t k = 0; k < layout.pages.size(); ++k) {
    if (layout.pages[k].graph) out.push_back({k, &*layout.pages[k].graph});
  }
  return out;
}

// The k-th chart at `points` samples, and the k-th graph of `layout`.
void append_chart(std::string& out, const PageChart& c, const std::pair<size_t, const GraphArea*>& where,
                  size_t points, bool heap_lines) {
  const BandMatrix& m = *c.matrix;
  auto [page_index, graph] = where;
  std::vector<size_t> at = spread(m.times.size(), points);
  out += "{";
  append_key(out, "input");
  append_json_string(out, c.input);
  out += ',';
  append_key(out, "page");
  append_number(out, static_cast<double>(page_index));
  out += ',';
  append_key(out, "graph");
  append_graph(out, *graph);
  out += ',';
  append_key(out, "samples");
  append_number(out, static_cast<double>(m.samples));
  out += ',';
  append_key(out, "times");
  append_values(out, m.times, at);
  out += ",\n";
  append_key(out, "bands");
  append_bands(out, c, at);
  out += ",\n";
  append_key(out, "marks");
  append_marks(out, m.info.marks);
  out += ',';
  append_key(out, "lines");
  append_lines(out, m, heap_lines);
  out += '}';
}

// The most band values the page's data holds, over all its charts (about
// 250 KB).
constexpr size_t kPageCells = 30'000;

// Samples a chart keeps: kPageCells shared by every band of every chart.
size_t points_per_chart(const std::vector<PageChart>& charts) {
  size_t bands = 0;
  for (const PageChart& c : charts) bands += std::max<size_t>(c.matrix->bands.size(), 1);
  return std::max<size_t>(kPageCells / std::max<size_t>(bands, 1), 2);
}

// "<" only occurs inside JSON strings, where \u003c reads the same: the
// data can never close its <script> element.
std::string script_safe(const std::string& json) {
  std::string out;
  out.reserve(json.size());
  for (char c : json) {
    if (c == '<') out += "\\u003c";
    else out += c;
  }
  return out;
}

}  // namespace

std::string page_data(const std::vector<PageChart>& charts, const ChartLayout& layout, const std::string& mode,
                      bool heap_lines) {
  const ProfileHeader& h = charts.at(0).matrix->info.header;
  std::string out = "{";
  append_key(out, "mode");
  append_json_string(out, mode);
  out += ',';
  append_key(out, "frame");
  out += '[';
  append_number(out, layout.frame_width);
  out += ',';
  append_number(out, layout.frame_height);
  out += "],";
  append_key(out, "value_unit");
  append_json_string(out, charts[0].matrix->percent ? "%" : h.value_unit);
  out += ',';
  append_key(out, "time_unit");
  append_json_string(out, h.sample_unit);
  out += ",\n";
  append_key(out, "charts");
  out += '[';
  size_t points = points_per_chart(charts);
  std::vector<std::pair<size_t, const GraphArea*>> where = graphs(layout);
  for (size_t k = 0; k < charts.size() && k < where.size(); ++k) {
    if (k) out += ",\n";
    append_chart(out, charts[k], where[k], points, heap_lines);
  }
  return script_safe(out + "]}");
}

}  // namespace hpng
