// See text_report.h. Every line fits 80 columns (a column per character):
// names are shortened as the key shortens them, and the text that comes
// from the input is made safe for a terminal.
#include "hpng/output/text_report.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <numeric>
#include <sstream>

#include "base/text.h"
#include "hpng/verdict/explanation.h"
#include "hpng/matrix/shown_names.h"
#include "hpng/verdict/verdict.h"
#include "output/report_words.h"

namespace hpng {

namespace {

constexpr size_t kWidth = 80;

size_t columns(const std::string& s) { return screen_width(s); }

std::string fit(const std::string& name, size_t width) {
  auto fits = [&](const std::string& t) { return columns(t) <= width; };
  std::string safe = terminal_safe(name);
  return shorten_middle(fits(safe) ? safe : without_detail(safe), fits);
}

// The start of `s` in `width` columns, "…" where it is cut.
std::string fit_end(const std::string& s, size_t width) {
  if (columns(s) <= width) return s;
  return std::string(screen_prefix(s, width - 1)) + "\u2026";
}

// What a name is: up to its " (" ("main (" of a -hi name), else its first
// few bytes, never past `d` (where it differs from its neighbours).
size_t head_length(const std::string& name, size_t d) {
  size_t open = name.find(" (");
  return std::min(d, open != std::string::npos && open + 2 <= 16 ? open + 2 : size_t{8});
}

// The names of one table in `width` columns, no two alike: each fitted
// (fit); where two fit the same (-hi names that differ only in their table,
// "main (pro…ain_1_con_info)" twice), each keeps what it is and, after
// "…", the part from where they first differ (cut at its end if need be);
// where even that is the same, numbered.
std::vector<std::string> distinct_fits(const std::vector<std::string>& raw, size_t width) {
  std::vector<std::string> names, out;
  for (const std::string& r : raw) names.push_back(terminal_safe(r)), out.push_back(fit(r, width));
  std::map<std::string, std::vector<size_t>> same;
  for (size_t i = 0; i < out.size(); ++i) same[out[i]].push_back(i);
  for (const auto& [label, group] : same) {
    if (group.size() < 2) continue;
    std::vector<std::string_view> alike;
    for (size_t i : group) alike.push_back(names[i]);
    size_t d = shared_start(alike);
    for (size_t i : group) {
      size_t head = head_length(names[i], d);
      std::string start(utf8_prefix(names[i], head)), rest(utf8_suffix(names[i], names[i].size() - d));
      out[i] = fit_end(start.size() < d ? start + "\u2026" + rest : names[i], width);
    }
  }
  std::map<std::string, int> seen;
  for (std::string& label : out) {
    if (int n = ++seen[label]; n > 1) label = fit_end(label, width - 4) + " (" + std::to_string(n) + ")";
  }
  return out;
}

// The end of `s` (a path's file name) in `width` columns, "…" where it is cut.
std::string keep_end(const std::string& s, size_t width) {
  if (columns(s) <= width) return s;
  return "\u2026" + std::string(screen_suffix(s, width - 1));
}

// A cell may hold a profile's unit: shown safe for a terminal, as names
// are, and cut to the cell whatever its length ("by(tes) \v" in a crafted
// .hp), so that the row keeps its 80 columns.
std::string pad_left(const std::string& raw, size_t width) {
  std::string s = fit_end(terminal_safe(raw), width);
  return std::string(width - columns(s), ' ') + s;
}

std::string pad_right(const std::string& raw, size_t width) {
  std::string s = fit_end(terminal_safe(raw), width);
  return s + std::string(width - columns(s), ' ');
}


std::string field(const std::string& label, const std::string& text) {
  return "  " + pad_right(label, 12) + fit(text, kWidth - 14) + "\n";
}

// The band table's columns: shape, peak, its time, final, growth (the
// slope), share of the title total, then the name in what is left of 80.
constexpr size_t kShape = 9, kSize = 8, kTime = 7, kGrowth = 11, kShare = 5;
constexpr size_t kNameWidth = kWidth - (2 + kShape + kSize + kTime + kSize + kGrowth + kShare + 6);

// `label`: the band's name as distinct_fits cut it.
std::string table_row(const std::vector<std::string>& cells, const std::string& label) {
  const size_t widths[] = {kShape, kSize, kTime, kSize, kGrowth, kShare};
  std::string row = "  " + pad_right(cells[0], widths[0]);
  for (size_t k = 1; k < cells.size(); ++k) row += " " + pad_left(cells[k], widths[k]);
  return row + " " + label + "\n";
}

// `shape`: the band's, or "-" when the run is too short to judge.
std::string band_row(const BandMatrix& m, const Band& b, const BandFigures& f, const char* shape, const std::string& label) {
  const ProfileHeader& h = m.info.header;
  double share = m.total > 0 ? 100 * b.area / m.total : 0;
  return table_row({shape, si_amount(f.peak, h.value_unit), report_time(f.peak_time, h.sample_unit),
                    si_amount(f.final, h.value_unit), si_amount(f.slope, h.value_unit, true) + "/" + short_time_unit(h.sample_unit),
                    printed(share >= 99.95 ? "%.0f%%" : "%.1f%%", share)},
                   label);
}

std::string more_line(size_t left, const char* what) {
  if (left == 0) return "";
  return "  (" + std::to_string(left) + " more " + what + (left == 1 ? "" : "s") + ": -m0 lists every one)\n";
}

std::string band_table(const BandMatrix& m, const std::vector<BandFigures>& f, const Verdict& v,
                       const std::vector<size_t>& order, bool every_band) {
  size_t shown = every_band ? order.size() : std::min(order.size(), kReportBands);
  std::string out = table_row({"shape", "peak", "at", "final", "growth", "share"}, "band");
  std::vector<std::string> all = shown_names(m), names;
  for (size_t k = 0; k < shown; ++k) names.push_back(all[order[k]]);
  std::vector<std::string> labels = distinct_fits(names, kNameWidth);
  for (size_t k = 0; k < shown; ++k) {
    size_t b = order[k];
    out += band_row(m, m.bands[b], f[b], v.judged() ? shape_token(v.shapes[b].kind) : "-", labels[k]);
  }
  return out + more_line(order.size() - shown, "band");
}

// As many of the names as fit whole, then how many more.
std::string name_list(const std::vector<std::string>& names, size_t width) {
  std::string out;
  size_t k = 0;
  for (; k < names.size(); ++k) {
    std::string more = k + 1 < names.size() ? " and " + std::to_string(names.size() - k - 1) + " more" : "";
    std::string next = out + (k ? ", " : "") + terminal_safe(names[k]);
    if (columns(next + more) > width) break;
    out = next;
  }
  if (k == 0) out = fit(names[0], width / 2), k = 1;
  return k < names.size() ? out + " and " + std::to_string(names.size() - k) + " more" : out;
}

// In `width` columns.
std::string suspects(const BandMatrix& m, const Verdict& v, size_t width = kWidth - 14) {
  if (!v.judged())
    return "too short to judge: " + std::to_string(v.censuses) + " samples with data (" + std::to_string(kLeastCensuses) +
           " needed)";
  std::vector<std::string> all = shown_names(m), names;
  for (size_t b : v.suspects) names.push_back(all[b]);
  if (names.empty()) return "none: no band of weight was built up and held";
  std::string head = std::to_string(names.size()) + (names.size() == 1 ? " band: " : " bands: ");
  return head + name_list(names, width - head.size());
}

// What the leading suspects did, a line each.
constexpr size_t kShapeLines = 3;

// The name gets what the words leave of the line, 20 columns at least.
std::string suspect_lines(const BandMatrix& m, const Verdict& v) {
  std::string out;
  size_t shown = std::min(v.suspects.size(), kShapeLines);
  std::vector<std::string> all = shown_names(m), names, words;
  size_t widest = 0;
  for (size_t k = 0; k < shown; ++k) {
    names.push_back(all[v.suspects[k]]);
    words.push_back(verdict_words(v, v.suspects[k], m.info.header));
    widest = std::max(widest, columns(words.back()));
  }
  std::vector<std::string> labels = distinct_fits(names, std::max<size_t>(20, kWidth - 14 - 2 - widest));
  for (size_t k = 0; k < shown; ++k) out += field("", labels[k] + ": " + words[k]);
  return out;
}

// The heap's own lines from an eventlog's GC events, at their peaks.
std::string heap_fields(const BandMatrix& m) {
  std::string out;
  for (const auto& [name, words] : heap_peaks(m)) out += field(name, words);
  return out;
}

// GHC's restrictions (+RTS -hcremember -hyMap) count only the closures
// they select. A run by another breakdown restricted to phases of life
// (-hbdrag,void) holds only those: its largest band is who holds them.
std::string restriction_field(const BandMatrix& m) {
  std::vector<std::string> words = restrictions_of(m.info);
  if (words.empty()) return "";
  std::string phases;
  for (const std::string& w : words) {
    if (w.starts_with("-hb") && breakdown_of(m.info) != "-hb") phases = w.substr(3);
  }
  std::string out = field("restricted", join_words(words)) + field("", "only the closures these select are counted");
  if (phases.empty() || m.bands.empty() || m.total <= 0) return out;
  auto top = std::max_element(m.bands.begin(), m.bands.end(), [](const Band& a, const Band& b) { return a.area < b.area; });
  std::string head = fit(phases, 20) + " only: ", tail = " holds " + printed("%.0f%%", 100 * top->area / m.total);
  return out + field("", head + fit(top->name, kWidth - 14 - columns(head) - columns(tail)) + tail);
}

// Names that came from the program's symbols (--symbols), not an IPE
// record: a closure's type, without the place that made it.
std::string symbols_field(const BandMatrix& m) {
  size_t named = std::count_if(m.bands.begin(), m.bands.end(), [&](const Band& b) { return named_from_symbols(m, b.name); });
  if (named == 0) return "";
  return field("symbols", std::to_string(named) + (named == 1 ? " band, marked *, is" : " bands, marked *, are") +
                              " named from the program's symbol table") +
         field("", "(a closure's type, as -hT names it: no source location)");
}

// A -hr profile's names read: "{main, readings}" is a set of retainers,
// each named by its innermost cost centre; the RTS's own retainers said once.
std::string retainer_field(const BandMatrix& m) {
  if (breakdown_of(m.info) != "-hr") return "";
  std::string out = field("retainers", "{a, b}: a set of retainers, named by their innermost cost centres") +
                    field("", "#n: set n of one census, where a set recurs (the RTS's (n)a,b)");
  for (const char* own : {"SYSTEM", "MAIN", "CAF", "MANY"}) {
    bool present = std::any_of(m.bands.begin(), m.bands.end(), [&](const Band& b) { return b.name.find(own) != std::string::npos; });
    if (present) out += field("", std::string(own) + ": " + retainer_meaning(own));
  }
  return out;
}

// After a suspect, the one command that explains it (--record --explain),
// and what a profiled build would add where this one was not.
std::string next_field(const BandMatrix& m, const Verdict& v) {
  std::vector<std::string> program = program_words(m.info);
  if (v.suspects.empty() || program.empty() || !restrictions_of(m.info).empty()) return "";
  std::string command = "hp2ps-ng --record --explain --";
  for (const std::string& w : program) command += " " + shell_word(w);
  std::string band = m.bands[v.suspects[0]].name;
  std::string again = "runs it again to say which code makes " + band + " and what holds it";
  std::string why = profiled_build(m.info)
                        ? (columns(again) <= kWidth - 14 ? again : "runs it again to say which code makes it and what holds it")
                        : "with ghc -prof -fprof-auto -rtsopts it says which code makes it";
  return field("next", command) + field("", why);
}

// Why a band's final figure can be far below where its trend was judged.
std::string end_field(const BandMatrix& m) {
  Span s = span_with_data(m);
  if (s.size() == 0 || s.judged + 1 == s.end) return "";
  const std::string& unit = m.info.header.sample_unit;
  return field("end", "judged at " + report_time(s.judged_time, unit) + " (at " + report_time(s.last_time, unit) +
                          " the heap was torn down at exit)");
}

// With no census's data, "peak 0 B" would say the heap was empty: the
// heap's own lines are its only figures.
std::string peak_fields(const BandMatrix& m) {
  const ProfileHeader& h = m.info.header;
  if (m.peak.total == 0 && !m.info.series.empty()) return field("peak", "none: no census had data (the heap's own lines follow)");
  return field("peak", si_amount(m.peak.total, h.value_unit) + " at " + report_time(m.peak.time, h.sample_unit)) +
         field("final", si_amount(m.peak.final_total, h.value_unit) + " (the last sample with data)");
}

std::string profile_fields(const BandMatrix& m, const std::string& input) {
  const ProfileHeader& h = m.info.header;
  return field("input", input) + field("job", h.job) + field("date", h.date) + field("profile", profile_words(m)) +
         peak_fields(m) + heap_fields(m);
}

// --diff: a band's peak in each run (0 where a run lacks it).
struct Change {
  std::string name;
  double before = 0, after = 0;
  double by() const { return after - before; }
};

std::vector<Change> peak_changes(const BandMatrix& before, const BandMatrix& after) {
  std::map<std::string, Change> by_name;  // one order whatever the runs'
  for (const Band& b : before.bands) by_name[b.name].before = b.peak;
  for (const Band& b : after.bands) by_name[b.name].after = b.peak;
  std::vector<Change> out;
  for (auto& [name, c] : by_name) {
    c.name = name;
    if (c.by() != 0) out.push_back(c);
  }
  return out;
}

// The largest changes either way, then growth first (the most first), then
// the falls (the most first).
void order_changes(std::vector<Change>& cs, bool every_band) {
  std::stable_sort(cs.begin(), cs.end(), [](const Change& a, const Change& b) { return std::fabs(a.by()) > std::fabs(b.by()); });
  if (!every_band && cs.size() > kReportBands) cs.resize(kReportBands);
  std::stable_sort(cs.begin(), cs.end(), [](const Change& a, const Change& b) {
    if ((a.by() > 0) != (b.by() > 0)) return a.by() > 0;
    return std::fabs(a.by()) > std::fabs(b.by());
  });
}

constexpr size_t kChange = 10, kRatio = 7;
constexpr size_t kChangeName = kWidth - (2 + kChange + kSize + kSize + kRatio + 4);

std::string ratio(const Change& c) {
  if (c.before == 0) return "new";
  if (c.after == 0) return "gone";
  return printed("%+.0f%%", 100 * c.by() / c.before);
}

// `label`: the band's name as distinct_fits cut it.
std::string change_row(const std::vector<std::string>& cells, const std::string& label) {
  return "  " + pad_left(cells[0], kChange) + " " + pad_left(cells[1], kSize) + " " + pad_left(cells[2], kSize) + " " +
         pad_left(cells[3], kRatio) + " " + label + "\n";
}

// The input's name gets what the figures leave of the line, its end (the
// file name) kept.
std::string run_line(const BandMatrix& m, const std::string& input) {
  const ProfileHeader& h = m.info.header;
  std::string figures = ": peak " + si_amount(m.peak.total, h.value_unit) + " at " + report_time(m.peak.time, h.sample_unit) +
                        ", final " + si_amount(m.peak.final_total, h.value_unit);
  return keep_end(terminal_safe(input), std::max<size_t>(12, kWidth - 14 - columns(figures))) + figures;
}

// A run of --diff: its peak and final, and its suspects as its own report
// names them.
std::string run_fields(const char* label, const BandMatrix& m, const Verdict& v, const std::string& input) {
  return field(label, run_line(m, input)) + field("", "suspects " + suspects(m, v, kWidth - 14 - 9));
}

std::string change_table(const BandMatrix& before, const BandMatrix& after, bool every_band) {
  std::vector<Change> cs = peak_changes(before, after);
  size_t changed = cs.size();
  order_changes(cs, every_band);
  const std::string& unit = after.info.header.value_unit;
  std::string out = "  bands whose peak changed most, growth first\n" +
                    change_row({"change", "before", "after", "ratio"}, "band");
  std::vector<std::string> names;
  for (const Change& c : cs) names.push_back(c.name);
  std::vector<std::string> labels = distinct_fits(names, kChangeName);
  for (size_t k = 0; k < cs.size(); ++k) {
    const Change& c = cs[k];
    out += change_row({si_amount(c.by(), unit, true), si_amount(c.before, unit), si_amount(c.after, unit), ratio(c)},
                      labels[k]);
  }
  return out + more_line(changed - cs.size(), "changed band");
}

}  // namespace

std::string diff_report(const BandMatrix& before, const BandMatrix& after, const std::vector<Verdict>& verdicts,
                        const std::vector<std::string>& inputs, bool every_band) {
  Change total{"", before.peak.total, after.peak.total};
  std::string change = si_amount(total.by(), after.info.header.value_unit, true) +
                       (total.before > 0 ? " (" + ratio(total) + ")" : "");
  return run_fields("before", before, verdicts[0], inputs[0]) +
         run_fields("after", after, verdicts[1], inputs[1]) + field("peak", change) + "\n" +
         change_table(before, after, every_band);
}

std::string profile_report(const BandMatrix& m, const Verdict& v, const std::string& input, bool every_band) {
  std::vector<BandFigures> f = band_figures(m);
  std::vector<size_t> order = report_order(f, v);
  std::string bio =
      v.biographical ? field("biography", biography_shares(v.biography)) + field("", biography_reading(v.biography)) : "";
  auto [unnamed, why] = unnamed_note(unnamed_addresses(m));
  std::string note = unnamed.empty() ? "" : field("unnamed", unnamed) + field("", why);
  std::string verdict = v.live_leaks() && v.suspects.empty()
                            ? field("suspects", "the heap's live bytes: " + shape_words(*v.live, m.info.header)) +
                                  field("", live_only_words(v))
                            : field("suspects", suspects(m, v));
  std::string chain = v.chain.found() ? field("thunks", thunk_chain_words(m, v)) : "";
  return profile_fields(m, input) + end_field(m) + note + bio + chain + restriction_field(m) + retainer_field(m) + symbols_field(m) + verdict +
         suspect_lines(m, v) + next_field(m, v) + "\n" +
         band_table(m, f, v, order, every_band);
}

std::string compare_report(const std::vector<BandMatrix>& ms, const std::vector<Verdict>& verdicts,
                           const std::vector<std::string>& inputs, bool every_band) {
  std::string out;
  for (size_t k = 0; k < ms.size(); ++k) {
    out += (k ? "\n" : "") + std::string("run ") + std::to_string(k + 1) + " of " + std::to_string(ms.size()) + "\n";
    out += profile_report(ms[k], verdicts[k], inputs[k], every_band);
  }
  return out;
}

}  // namespace hpng
