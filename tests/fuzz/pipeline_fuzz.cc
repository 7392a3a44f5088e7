// Fuzz target: the whole pipeline from bytes to a rendered page in memory,
// through the transformations; an SVG must hold XML's characters only, the
// text report (its leak verdict) fit 80 columns, and every message (the
// warnings, the error) reach a terminal with no control character, whatever
// the names. The first two bytes pick the flags, the stages and the output;
// the rest is the input, sniffed (.hp or eventlog).
#include <cstdint>
#include <string>

#include "support/judged.h"
#include "hpng/transform/band_filter.h"
#include "hpng/bands/band_stats.h"
#include "hpng/matrix/band_matrix.h"
#include "hpng/output/export.h"
#include "hpng/output/html_page.h"
#include "hpng/output/text_report.h"
#include "hpng/shade/heap_lines.h"
#include "hpng/layout/layout.h"
#include "hpng/matrix/percent.h"
#include "hpng/read/read.h"
#include "hpng/render/render.h"
#include "hpng/shade/shade.h"
#include "hpng/transform/window.h"
#include "base/text.h"

namespace {

hpng::SampleSource transformed(const hpng::Input& in, uint8_t g) {
  hpng::SampleSource source = hpng::profile_source(in, hpng::InputFormat::automatic, {g & 64 ? 10 : 0, (g & 16) != 0});
  hpng::StreamSteps steps;
  if (g & 1) steps.push_back(hpng::window_step({1.0, 5.0}));
  if (g & 2) steps.push_back(hpng::filter_step(hpng::compile_band_filter({}, {"a"}, {})));
  if (g & 4) steps.push_back(hpng::filter_step(hpng::compile_band_filter({"."}, {}, {"b=c"})));
  source = hpng::through(std::move(source), steps);
  return source;
}

// XML 1.0's characters only (what xmllint, rsvg-convert and browsers
// require of an SVG whatever the names in it): valid UTF-8, no C0 control
// but tab, newline and return, no U+FFFE or U+FFFF.
bool only_xml_characters(const std::string& s) {
  for (size_t i = 0; i < s.size();) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (n == 0 || i + n > s.size()) return false;
    if (n == 1 && c < 0x20 && c != '\t' && c != '\n' && c != '\r') return false;
    if (n == 3 && c == 0xEF && static_cast<unsigned char>(s[i + 1]) == 0xBF && (static_cast<unsigned char>(s[i + 2]) & 0xFE) == 0xBE) {
      return false;
    }
    for (size_t k = 1; k < n; ++k) {
      if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return false;
    }
    i += n;
  }
  return true;
}

// The text report's promise: no line over 80 columns (a column a UTF-8
// character), whatever the names, shapes and verdict.
bool fits_80_columns(const std::string& report) {
  size_t columns = 0;
  for (char c : report) {
    if (c == '\n') columns = 0;
    else if ((c & 0xC0) != 0x80 && ++columns > 80) return false;
  }
  return true;
}

// What main prints of a message (terminal_safe) holds no C0 or C1 control
// and no DEL: no escape sequence of a profile's reaches the terminal.
bool terminal_clean(const std::string& message) {
  std::string s = hpng::terminal_safe(message);
  for (size_t i = 0; i < s.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x20 || c == 0x7f) return false;
    if (c == 0xC2 && i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) < 0xA0) return false;
  }
  return only_xml_characters(s);  // valid UTF-8 too: a lone 0x9b is CSI to an 8-bit terminal
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 2 || size > (1u << 14)) return -1;
  uint8_t f = data[0], g = data[1];
  hpng::Input in{"fuzz", std::string(reinterpret_cast<const char*>(data) + 2, size - 2)};
  try {
    hpng::SelectOptions o;
    o.trace_percent = (f & 1) ? 0 : 1;
    o.by_deviation = f & 2;
    o.by_name = (f & 4) ? hpng::NameOrder::descending : hpng::NameOrder::none;
    o.band_limit = (f & 8) ? 0 : 20;
    size_t buckets = (f & 128) ? 3 : 0;  // reduced while read, even for a few samples
    hpng::Warnings warnings;
    hpng::BandMatrix m = hpng::profile_matrix(transformed(in, g), o, buckets, warnings);
    for (const hpng::Diagnostic& d : warnings) {
      if (!terminal_clean(hpng::describe(d))) __builtin_trap();
    }
    if (buckets == 0 && (g & 32)) {  // spilled in blocks of a few values, it exports as held
      hpng::SampleSource source = transformed(in, g);
      hpng::Warnings w;
      hpng::BandMatrix s = hpng::matrix_from_stats(source, hpng::collect_stats(source, w), o, 0, w, 5);
      if (hpng::test::json_of(s) != hpng::test::json_of(m) || hpng::matrix_csv(s) != hpng::matrix_csv(m)) __builtin_trap();
      hpng::BandMatrix held_shares = m;
      hpng::to_percent(held_shares), hpng::to_percent(s);
      if (hpng::test::json_of(s) != hpng::test::json_of(held_shares)) __builtin_trap();
    }
    hpng::OutputFormat fmt = (f & 64) ? hpng::OutputFormat::svg : hpng::OutputFormat::ps;
    hpng::ChartStyle style;
    hpng::Palette palette = (g & 128) ? *hpng::find_palette("viridis") : hpng::default_palette(f & 16);
    style.colour = palette.colour;
    style.key_pages = f & 32;
    style.key_below = style.key_pages && fmt == hpng::OutputFormat::svg;
    style.no_key = o.band_limit == 0 && !style.key_pages;
    style.heap_lines = g & 16;
    if (g & 128) style.width = 216, style.height = 144, style.max_key_width = 86;  // the smallest picture
    std::vector<double> shades = hpng::assign_shades(m, palette, nullptr);
    if (!fits_80_columns(hpng::test::report_of(m, "fuzz", f & 8))) __builtin_trap();
    if (g & 8) hpng::to_percent(m);
    if (style.heap_lines) hpng::fit_heap_lines(m);
    hpng::ChartLayout layout = hpng::layout_chart(m, shades, style);
    std::string out = hpng::render_chart(layout, style, {fmt, 96, m.info.header.job, "fuzz", (g & 128) != 0});
    if (fmt == hpng::OutputFormat::svg && out.find("<g id=\"text\"") == std::string::npos) __builtin_trap();
    if (fmt == hpng::OutputFormat::svg && !only_xml_characters(out)) __builtin_trap();
    if (fmt == hpng::OutputFormat::svg && (g & 4)) {  // the HTML page around it: two scripts, whatever the names
      hpng::HtmlPage page{m.info.header.job, "profile", out, &layout, {}, {warnings.begin(), warnings.end()}, "fuzz", style.heap_lines, 0, "", ""};
      std::optional<hpng::Verdict> verdict = hpng::test::verdict_if(m);
      hpng::PageChart chart{&m, "fuzz", {}, verdict ? &*verdict : nullptr};
      for (double s : shades) chart.fills.push_back(hpng::shade_rgb(s, style.colour));
      page.charts.push_back(chart);
      std::string html = hpng::html_page(page);
      size_t scripts = 0;
      for (size_t at = html.find("<script"); at != std::string::npos; at = html.find("<script", at + 1)) ++scripts;
      if (scripts != 2 || html.size() > (1u << 20)) __builtin_trap();
    }
    (void)(g & 32 ? hpng::matrix_csv(m) : hpng::test::json_of(m));
  } catch (const hpng::Error& e) {
    if (!terminal_clean(e.what())) __builtin_trap();
  }
  return 0;
}
