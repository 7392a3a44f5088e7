// See markdown_report.h. Text from the input (names, the job) goes into
// code spans, with what would break a table row escaped, so that no name
// can format the page or a link.
#include "hpng/output/markdown_report.h"

#include <algorithm>
#include <cctype>
#include <map>

#include "base/text.h"
#include "hpng/matrix/band_figures.h"
#include "hpng/matrix/shown_names.h"
#include "hpng/stream/samples.h"
#include "hpng/verdict/verdict.h"
#include "hpng/output/text_report.h"
#include "output/report_words.h"

namespace hpng {

namespace {

// Valid UTF-8 on one line, in a code span whose fence no backtick of it
// closes. In a table cell a '|' is escaped (tables split at it even
// there); elsewhere GFM would show the backslash.
std::string code(std::string_view raw, bool in_table = false) {
  std::string s = to_valid_utf8(raw), out;
  for (char c : s) out += static_cast<unsigned char>(c) < 0x20 ? ' ' : c;
  std::string fence = "`";
  while (out.find(fence) != std::string::npos) fence += '`';
  std::string escaped;
  for (char c : out) escaped += c == '|' && in_table ? std::string("\\|") : std::string(1, c);
  std::string pad = escaped.starts_with('`') || escaped.ends_with('`') ? " " : "";
  return fence + pad + escaped + pad + fence;
}

std::string cell(std::string_view raw) { return code(raw, true); }

// A profile's units go into our words ("16.0 k UNIT at 15.0 s"): one that
// holds more than letters, digits and spaces is backslash-escaped (every
// ASCII punctuation mark), so that no VALUE_UNIT or SAMPLE_UNIT can link,
// format or split a table. Longest first: one unit may hold the other.
std::string plain(std::string_view raw) {
  std::string out;
  for (char c : to_valid_utf8(raw)) {
    auto u = static_cast<unsigned char>(c);
    out += u < 0x20 ? std::string(" ") : u < 0x80 && std::ispunct(u) ? std::string("\\") + c : std::string(1, c);
  }
  return out;
}

std::string safe_units(std::string text, const ProfileHeader& h) {
  std::vector<std::string> units{h.value_unit, h.sample_unit};
  std::sort(units.begin(), units.end(), [](const std::string& a, const std::string& b) { return a.size() > b.size(); });
  for (const std::string& unit : units) {
    bool plain_unit = std::all_of(unit.begin(), unit.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == ' '; });
    if (plain_unit || unit.empty()) continue;
    std::string safe = plain(unit), out;
    for (size_t at = 0, hit; at < text.size(); at = hit + unit.size()) {
      hit = text.find(unit, at);
      out += text.substr(at, hit - at);
      if (hit == std::string::npos) break;
      out += safe;
    }
    text = std::move(out);
  }
  return text;
}

std::string row(const std::vector<std::string>& cells) {
  std::string out = "|";
  for (const std::string& c : cells) out += " " + c + " |";
  return out + "\n";
}

std::string facts(const BandMatrix& m, const std::string& input, const std::string& run) {
  const ProfileHeader& h = m.info.header;
  std::string out = row({"input", cell(input)}) + "|---|---|\n" + (run.empty() ? "" : row({"run", cell(run)})) +
                    row({"job", cell(h.job)}) +
                    row({"profile", profile_words(m)}) +
                    row({"peak", si_amount(m.peak.total, h.value_unit) + " at " + report_time(m.peak.time, h.sample_unit)}) +
                    row({"final", si_amount(m.peak.final_total, h.value_unit)});
  for (const auto& [name, words] : heap_peaks(m)) out += row({name, words});
  return out;
}

std::string suspects(const BandMatrix& m, const Verdict& v) {
  if (v.live_leaks() && v.suspects.empty()) {
    return "**Suspects:** the heap's live bytes: " + shape_words(*v.live, m.info.header) +
           "; " + live_only_words(v) + ".\n";
  }
  if (!v.judged()) return "**Suspects:** too short to judge (" + std::to_string(v.censuses) + " samples with data, " +
                          std::to_string(kLeastCensuses) + " needed).\n";
  if (v.suspects.empty()) return "**Suspects:** none: no band of weight was built up and held.\n";
  std::string out = v.chain.found() ? "**Thunks:** " + thunk_chain_words(m, v) + ".\n\n" : "";
  out += "**Suspects:**\n\n";
  std::vector<std::string> names = shown_names(m);
  for (size_t b : v.suspects) out += "- " + code(names[b]) + ": " + verdict_words(v, b, m.info.header) + "\n";
  return out;
}

// What the shown names' marks and spelling mean (shown_names).
std::string legend(const BandMatrix& m) {
  std::string out;
  if (breakdown_of(m.info) == "-hr") out += "`{a, b}`: a set of retainers, named by their innermost cost centres; `#n`: set n of one census. ";
  if (std::any_of(m.bands.begin(), m.bands.end(), [&](const Band& b) { return named_from_symbols(m, b.name); })) {
    out += "`*`: named from the program's symbol table (a closure's type, no source location).";
  }
  while (out.ends_with(' ')) out.pop_back();
  return out.empty() ? "" : "\n" + out + "\n";
}

std::string band_table(const BandMatrix& m, const std::vector<BandFigures>& f, const Verdict& v, bool every_band) {
  const ProfileHeader& h = m.info.header;
  std::vector<size_t> order = report_order(f, v);
  if (order.empty()) return "No band holds anything.\n";
  size_t shown = every_band ? order.size() : std::min(order.size(), kReportBands);
  std::string out = row({"shape", "peak", "at", "final", "growth", "share", "band"}) + "|---|--:|--:|--:|--:|--:|---|\n";
  std::vector<std::string> names = shown_names(m);
  for (size_t k = 0; k < shown; ++k) {
    size_t b = order[k];
    double share = m.total > 0 ? 100 * m.bands[b].area / m.total : 0;
    out += row({v.judged() ? shape_token(v.shapes[b].kind) : "-", si_amount(f[b].peak, h.value_unit),
                report_time(f[b].peak_time, h.sample_unit), si_amount(f[b].final, h.value_unit),
                si_amount(f[b].slope, h.value_unit, true) + "/" + short_time_unit(h.sample_unit),
                printed(share >= 99.95 ? "%.0f%%" : "%.1f%%", share), cell(names[b])});
  }
  if (shown < order.size()) out += "\n" + std::to_string(order.size() - shown) + " more bands (-m0 lists every one).\n";
  return out + legend(m);
}

std::string image(const std::string& picture) {
  return picture.empty() ? "" : "![the heap profile](" + picture + ")\n\n";
}

std::string section(const BandMatrix& m, const Verdict& v, const std::string& input, bool every_band,
                    const std::string& run = "") {
  std::vector<BandFigures> f = band_figures(m);
  return facts(m, input, run) + "\n" + suspects(m, v) + "\n" + band_table(m, f, v, every_band);
}

// A batch's summary: one profile's verdict in a few words.
std::string verdict_brief(const Verdict& v) {
  if (v.live_leaks() && v.suspects.empty()) return "suspect: the heap's live bytes";
  if (!v.judged() && v.suspects.empty()) {
    return "too short to judge (" + std::to_string(v.censuses) + " of " + std::to_string(kLeastCensuses) + " censuses)";
  }
  if (v.suspects.empty()) return "no leak found";
  size_t n = v.suspects.size();
  return std::to_string(n) + " suspect" + (n == 1 ? "" : "s") + (v.chain.found() ? ", a thunk chain" : "");
}

// Each gate once: its outcome over every profile, the profiles named.
struct GateTally {
  std::string gate;
  std::map<GateOutcome, std::vector<std::string>> runs;
};

std::vector<GateTally> tallies(const std::vector<GateResult>& gates) {
  std::vector<GateTally> out;
  for (const GateResult& g : gates) {
    auto it = std::find_if(out.begin(), out.end(), [&](const GateTally& t) { return t.gate == g.gate; });
    if (it == out.end()) it = out.insert(out.end(), GateTally{g.gate, {}});
    it->runs[g.outcome].push_back(g.run);
  }
  return out;
}

std::string names_list(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : ", ") + code(n);
  return out;
}

// "- **failed** `--max-peak 10.0 MB`: failed 2 (`a.hp`, `b.hp`); passed 1 (`c.hp`)"
std::string gate_lines(const std::vector<GateResult>& gates, const std::vector<SummaryRow>& rows) {
  std::string out;
  for (const GateTally& t : tallies(gates)) {
    bool fails = t.runs.contains(GateOutcome::failed) || t.runs.contains(GateOutcome::not_judged);
    out += std::string("- **") + (fails ? "failed" : "passed") + "** " + code(t.gate) + ":";
    std::string sep = " ";
    for (const auto& [outcome, runs] : t.runs) {
      out += sep + outcome_word(outcome) + " " + std::to_string(runs.size()) + " (" + names_list(runs) + ")";
      sep = "; ";
    }
    out += "\n";
  }
  std::vector<std::string> unread;
  for (const SummaryRow& r : rows) {
    if (!r.error.empty()) unread.push_back(r.input);
  }
  if (!unread.empty()) out += "- **not read**: " + std::to_string(unread.size()) + " (" + names_list(unread) + ")\n";
  return out.empty() ? "" : out + "\n";
}

std::string summary_table(const std::vector<SummaryRow>& rows) {
  std::string out = row({"profile", "peak", "final", "growth", "verdict", "suspects"}) + "|---|--:|--:|--:|---|---|\n";
  for (const SummaryRow& r : rows) {
    if (!r.error.empty()) {
      out += row({cell(r.input), "", "", "", "not read: " + cell(r.error), ""});
      continue;
    }
    std::string names;
    for (const std::string& n : r.suspects) names += (names.empty() ? "" : ", ") + cell(n);
    out += row({cell(r.input), r.peak, r.final, r.growth, r.verdict, names});
  }
  return out;
}

// The total's change a time unit from the first sample with data to the
// run's end (GHC's teardown census left out, as band_figures.h judges it).
double net_growth(const BandMatrix& m) {
  Span s = span_with_data(m);
  double t0 = 0, first = 0, last = 0;
  each_time(m, [&](size_t from, std::span<const double> times) {
    if (s.first >= from && s.first < from + times.size()) t0 = times[s.first - from];
  });
  each_band_values(m, [&](size_t, size_t from, std::span<const double> values) {
    if (s.first >= from && s.first < from + values.size()) first += values[s.first - from];
    if (s.judged >= from && s.judged < from + values.size()) last += values[s.judged - from];
  });
  return s.size() >= 2 && s.judged_time > t0 ? (last - first) / (s.judged_time - t0) : 0;
}

}  // namespace

SummaryRow summary_row(const BandMatrix& m, const Verdict& v, const std::string& input) {
  const ProfileHeader& h = m.info.header;
  SummaryRow r{input, "", si_amount(m.peak.total, h.value_unit) + " at " + report_time(m.peak.time, h.sample_unit),
               si_amount(m.peak.final_total, h.value_unit), "", {}, verdict_brief(v), ""};
  r.growth = si_amount(net_growth(m), h.value_unit, true) + "/" + short_time_unit(h.sample_unit);
  for (std::string* words : {&r.peak, &r.final, &r.growth}) *words = safe_units(*words, h);
  std::vector<std::string> names = shown_names(m);
  for (size_t b : v.suspects) r.suspects.push_back(names[b]);
  if (!v.suspects.empty() || v.live_leaks()) r.section = safe_units("### " + code(input) + "\n\n" + suspects(m, v), h);
  return r;
}

std::string batch_markdown(const std::vector<SummaryRow>& rows, const std::vector<GateResult>& gates) {
  std::string out = "## Heap profiles: " + std::to_string(rows.size()) + "\n\n" + gate_lines(gates, rows) + summary_table(rows);
  for (const SummaryRow& r : rows) {
    if (!r.section.empty()) out += "\n" + r.section;
  }
  return out;
}

std::string profile_markdown(const BandMatrix& m, const Verdict& v, const std::string& input, bool every_band,
                             const std::string& picture, const std::vector<GateResult>& gates, const std::string& run) {
  std::string said;
  for (const GateResult& g : gates) said += "- **" + std::string(outcome_word(g.outcome)) + "** " + code(g.gate) + ": " + code(g.brief) + "\n";
  return safe_units("## Heap profile: " + code(input) + "\n\n" + (said.empty() ? "" : said + "\n") + image(picture) +
                        section(m, v, input, every_band, run),
                    m.info.header);
}

std::string compare_markdown(const std::vector<BandMatrix>& ms, const std::vector<Verdict>& verdicts,
                             const std::vector<std::string>& inputs, bool every_band, const std::string& picture) {
  std::string out = "## Heap profiles compared\n\n" + image(picture);
  for (size_t k = 0; k < ms.size(); ++k) {
    out += safe_units("### " + code(inputs[k]) + "\n\n" + section(ms[k], verdicts[k], inputs[k], every_band) + "\n", ms[k].info.header);
  }
  return out;
}

std::string diff_markdown(const BandMatrix& before, const BandMatrix& after, const std::vector<std::string>& inputs,
                          const std::string& picture) {
  const std::string& unit = after.info.header.value_unit;
  std::map<std::string, std::pair<double, double>> peaks;
  for (const Band& b : before.bands) peaks[b.name].first = b.peak;
  for (const Band& b : after.bands) peaks[b.name].second = b.peak;
  std::vector<std::pair<std::string, std::pair<double, double>>> changed;
  for (const auto& p : peaks) {
    if (p.second.first != p.second.second) changed.push_back(p);
  }
  auto by = [](const auto& p) { return p.second.second - p.second.first; };
  std::stable_sort(changed.begin(), changed.end(), [&](const auto& a, const auto& b) { return std::abs(by(a)) > std::abs(by(b)); });
  if (changed.size() > kReportBands) changed.resize(kReportBands);
  std::string out = "## Heap profiles: " + code(inputs[1]) + " against " + code(inputs[0]) + "\n\n" + image(picture) +
                    row({"", "peak", "final"}) + "|---|--:|--:|\n";
  for (size_t k = 0; k < 2; ++k) {
    const BandMatrix& m = k ? after : before;
    out += row({cell(inputs[k]), si_amount(m.peak.total, unit), si_amount(m.peak.final_total, unit)});
  }
  out += "\n" + row({"change", "before", "after", "band"}) + "|--:|--:|--:|---|\n";
  for (const auto& c : changed) {
    out += row({si_amount(by(c), unit, true), si_amount(c.second.first, unit), si_amount(c.second.second, unit), cell(c.first)});
  }
  return safe_units(out, after.info.header);
}

}  // namespace hpng
