// See html_page.h. The page's style and script are files of their own
// (src/output/html/), compiled in (page_assets.h, made by CMake).
#include "hpng/output/html_page.h"

#include <algorithm>
#include <cstdio>

#include "base/text.h"
#include "output/page_assets.h"
#include "output/report_words.h"
#include "output/page_data.h"

namespace hpng {

namespace {

// Cairo's SVG without its XML declaration, which HTML does not take.
std::string inline_svg(const std::string& svg) {
  size_t root = svg.find("<svg");
  return root == std::string::npos ? svg : svg.substr(root);
}

void add_fact(std::string& out, const std::string& term, const std::string& value) {
  if (value.empty()) return;
  out += "<dt>" + markup_escape(term) + "</dt><dd>" + markup_escape(value) + "</dd>\n";
}

std::string seconds(double v, const std::string& unit) { return printed("%.6g", v) + " " + unit; }

// A .hp says neither its breakdown nor its interval: the breakdown is the
// job's -h option where it gives one, the interval the samples' mean
// spacing.
void add_run_facts(std::string& out, const BandMatrix& m) {
  const ProfileHeader& h = m.info.header;
  const std::optional<RunInfo>& run = m.info.run;
  double span = m.times.empty() ? 0 : m.times.back() - m.times.front();
  std::string by = breakdown_of(m.info);
  add_fact(out, "Breakdown", run ? run->breakdown : by.empty() ? "not recorded in a .hp file" : by + " (from the job's RTS options)");
  if (run && run->sampling_interval > 0) add_fact(out, "Sampling interval", seconds(run->sampling_interval, "s"));
  else if (m.samples > 1) add_fact(out, "Sampling interval", "about " + seconds(span / double(m.samples - 1), h.sample_unit) + " (from the samples)");
  if (!run) return;
  add_fact(out, "GHC and RTS", run->rts);
  std::string args;
  for (const std::string& a : run->program_args) args += (args.empty() ? "" : " ") + a;
  add_fact(out, "Program and RTS options", args);
}

std::string run_section(const PageChart& c) {
  const BandMatrix& m = *c.matrix;
  const ProfileHeader& h = m.info.header;
  std::string out = "<dl>\n";
  add_fact(out, "Input", c.input + (h.input_format == "eventlog" ? " (eventlog)" : " (.hp)"));
  add_fact(out, "Job", h.job);
  add_fact(out, "Date", h.date);
  add_fact(out, "Samples", group_digits(double(m.samples)) + (m.times.empty() ? "" : ", " + seconds(m.times.front(), h.sample_unit) + " to " + seconds(m.times.back(), h.sample_unit)));
  add_run_facts(out, m);
  add_fact(out, "Finished", m.info.finished ? "yes: the RTS ended the profile" : "no: the program still runs, or died");
  return out + "</dl>\n";
}

// --record's census note is among the findings (findings_section), not
// said again here.
std::string warnings_section(const std::vector<Diagnostic>& warnings) {
  std::string items;
  for (const Diagnostic& d : warnings) {
    if (d.code != Code::few_censuses) items += "<li>" + markup_escape(describe(d)) + "</li>\n";
  }
  return items.empty() ? "<p>The read gave no warning.</p>\n" : "<ul class=\"warnings\">\n" + items + "</ul>\n";
}

std::string head(const HtmlPage& page) {
  std::string out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
  // --watch: a new picture replaces the file; a reload shows it (a script
  // cannot fetch a file:// page's own file to poll it).
  if (page.reload_seconds > 0) out += "<meta http-equiv=\"refresh\" content=\"" + printed("%.0f", std::max(1.0, page.reload_seconds)) + "\">\n";
  out += "<title>" + markup_escape(page.title) + " \u2013 hp2ps-ng</title>\n";
  return out + "<style>\n" + std::string(kPageStyle) + "</style>\n</head>\n";
}

std::string runs_section(const HtmlPage& page) {
  std::string out = "<section id=\"run\" aria-labelledby=\"run-h\">\n<h2 id=\"run-h\">Run</h2>\n";
  for (const PageChart& c : page.charts) out += run_section(c);
  out += "<h3>Warnings</h3>\n" + warnings_section(page.warnings);
  out += "<h3>Made by</h3>\n<pre><code>" + markup_escape(page.command) + "</code></pre>\n";
  return out + "</section>\n";
}

// Under the chart, chart by chart, as the text report says them: why
// bands are bare addresses, and what a -hb profile's phases hold.
std::string chart_notes(const HtmlPage& page) {
  std::string out;
  for (const PageChart& c : page.charts) {
    std::string whose = page.charts.size() > 1 ? c.input + ": " : "";
    auto [unnamed, why] = unnamed_note(unnamed_addresses(*c.matrix));
    if (!unnamed.empty()) out += "<p class=\"note unnamed\">" + markup_escape(whose + unnamed + " " + why) + "</p>\n";
    if (!c.verdict) continue;
    const Verdict& v = *c.verdict;
    if (v.chain.found()) {
      out += "<p class=\"note thunks\">" + markup_escape(whose + thunk_chain_words(*c.matrix, v)) + "</p>\n";
    }
    if (v.biographical) {
      const Biography& bio = v.biography;
      out += "<p class=\"note biography\">" + markup_escape(whose + biography_shares(bio) + "; " + biography_reading(bio)) +
             "</p>\n";
    }
  }
  return out;
}

// What the verdict found, a line each, above the chart: the answer first
// (the suspects with their shapes and sizes, a thunk chain, or that no
// leak was found); marked when it accuses.
struct Finding {
  std::string text;
  bool accuses = false;
};

std::vector<Finding> findings(const BandMatrix& m, const Verdict* verdict) {
  if (!verdict) return {};
  const Verdict& v = *verdict;
  const ProfileHeader& h = m.info.header;
  std::vector<Finding> out;
  if (v.chain.found()) out.push_back({"Thunks: " + thunk_chain_words(m, v), true});
  if (v.biographical && v.biography.evidence()) out.push_back({"Biography: " + biography_reading(v.biography), true});
  for (size_t k = 0; k < std::min<size_t>(v.suspects.size(), 3); ++k) {
    const Band& b = m.bands[v.suspects[k]];
    out.push_back({"Suspect " + b.name + ": " + verdict_words(v, v.suspects[k], h) + ", peak " +
                       si_amount(b.peak, h.value_unit), true});
  }
  if (v.suspects.size() > 3) out.push_back({std::to_string(v.suspects.size() - 3) + " more suspects in the table", true});
  if (!v.suspects.empty()) return out;
  if (v.live_leaks()) {
    out.push_back({"The heap's live bytes: " + shape_words(*v.live, h) + "; " + live_only_words(v), true});
  } else if (!v.judged()) {
    out.push_back({"Too short to judge: " + std::to_string(v.censuses) + " samples with data (" +
                   std::to_string(kLeastCensuses) + " needed)"});
  } else if (out.empty()) {
    out.push_back({"No leak found: no band of weight was built up and held"});
  }
  return out;
}

std::string findings_section(const HtmlPage& page) {
  std::string items = page.run.empty() ? "" : "<li>" + markup_escape("Run: " + page.run) + "</li>\n";
  for (const Diagnostic& d : page.warnings) {  // --record's word on how the program was censused
    if (d.code == Code::few_censuses) items += "<li>" + markup_escape("Censuses: " + d.message) + "</li>\n";
  }
  for (const PageChart& c : page.charts) {
    std::string whose = page.charts.size() > 1 ? c.input + ": " : "";
    for (const Finding& f : findings(*c.matrix, c.verdict)) {
      items += std::string(f.accuses ? "<li class=\"suspect\">" : "<li>") + markup_escape(whose + f.text) + "</li>\n";
    }
  }
  return items.empty() ? "" : "<ul id=\"findings\" aria-label=\"Findings\">\n" + items + "</ul>\n";
}

std::string chart_section(const HtmlPage& page) {
  return "<section id=\"chart-section\" aria-label=\"Chart\">\n"
         "<div class=\"toolbar\"><span id=\"range\">Drag over the chart to zoom into a time range.</span>"
         "<button type=\"button\" id=\"reset-zoom\" disabled>Show the whole run</button></div>\n"
         "<div id=\"chart\">" + inline_svg(page.svg) + "</div>\n<div id=\"tip\" role=\"status\" hidden></div>\n" +
         "<div id=\"legend\" role=\"group\" aria-label=\"Key\"></div>\n" + chart_notes(page) + "</section>\n";
}

}  // namespace

std::string html_page(const HtmlPage& page) {
  std::string out = head(page);
  out += "<body>\n<header><h1>" + markup_escape(page.title) + "</h1></header>\n<main>\n";
  if (!page.answer.empty()) {
    out += "<section id=\"answer\" aria-label=\"Explanation\"><pre>" + markup_escape(page.answer) + "</pre></section>\n";
  }
  out += findings_section(page) + chart_section(page);
  out += "<section id=\"bands\" aria-labelledby=\"bands-h\">\n<h2 id=\"bands-h\">Bands</h2>\n"
         "<p class=\"hint\">Select bands by their key entry (under the chart) or their row (click, or Enter/Space); "
         "again to clear.</p>\n<div id=\"tables\"></div>\n</section>\n";
  out += runs_section(page);
  out += "</main>\n<script type=\"application/json\" id=\"hpng-data\">" + page_data(page.charts, *page.layout, page.mode, page.heap_lines) + "</script>\n";
  return out + "<script>\n" + std::string(kPageScript) + "</script>\n</body>\n</html>\n";
}

}  // namespace hpng
