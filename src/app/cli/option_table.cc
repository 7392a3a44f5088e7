// See option_table.h. The table is data: an entry an option, in the order
// --help lists them; the helpers below turn each value into its field.
#include "app/cli/option_table.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cctype>

#include "base/text.h"
#include "hpng/shade/shade.h"

namespace hpng {

namespace {

using Binder = std::function<CLI::Option*(CLI::App&, const std::string&, Options&)>;
using Check = std::function<std::string(std::string&)>;  // "" or why not; may rewrite the value

// A flag bound to a bool of Options.
Binder flag(bool Options::*field) {
  return [field](CLI::App& app, const std::string& names, Options& o) { return app.add_flag(names, o.*field); };
}

// A value bound to a field of Options, checked (and converted) first.
template <class T>
Binder value(T Options::*field, Check check = {}) {
  return [field, check](CLI::App& app, const std::string& names, Options& o) {
    CLI::Option* opt = app.add_option(names, o.*field);
    if (check) opt->transform(CLI::Validator([check](std::string& v) { return check(v); }, "", ""));
    return opt;
  };
}

std::string got(const std::string& v) { return "(got '" + excerpt(v) + "')"; }

// A number from lo to hi.
Check within(double lo, double hi, const std::string& what) {
  return [=](std::string& v) -> std::string {
    std::optional<double> d = decimal_number(v);
    if (!d) return what + " " + got(v);
    if (!(*d >= lo && *d <= hi)) return what + " (got " + excerpt(v) + ")";
    return "";
  };
}

// A whole number from lo to hi.
Check whole(long lo, long hi, const std::string& what) {
  return [=](std::string& v) -> std::string {
    bool digits = !v.empty() && v.size() < 12 && std::all_of(v.begin() + (v[0] == '-'), v.end(), ::isdigit) && v != "-";
    if (!digits) return what + " " + got(v);
    long n = std::stol(v);
    return n >= lo && n <= hi ? "" : what + " (got " + excerpt(v) + ")";
  };
}

// A size (500M, 2GiB) or, where the unit may be other than bytes, a plain
// number, turned into the number.
Check amount(double lo, double hi, const std::string& what, bool plain_too) {
  return [=](std::string& v) -> std::string {
    std::optional<double> n = size_in_bytes(v);
    if (!n && plain_too) n = decimal_number(v);
    if (!n || !(*n >= lo && *n <= hi)) return what + " " + got(v);  // NaN fails too
    v = printed("%.17g", *n);
    return "";
  };
}

// 10 or 10%.
Check percentage(const std::string& what) {
  return [=](std::string& v) -> std::string {
    std::string number = v.ends_with("%") ? v.substr(0, v.size() - 1) : v;
    std::optional<double> n = decimal_number(number);
    if (!n || decimal_length(number) != number.size() || !(*n >= 0 && *n <= 1e6)) return what + " " + got(v);
    v = number;
    return "";
  };
}

// -e's width: a number and a unit (in, mm, pt; none means points), more
// than 2 inches and at most 200 (a PostScript bounding box is integers),
// turned into points.
Check eps_width() {
  return [](std::string& v) -> std::string {
    size_t n = decimal_length(v);
    std::string unit = v.substr(n), shown = excerpt(v);
    if (n == 0 || !std::all_of(unit.begin(), unit.end(), ::isalpha)) return "takes a width such as 6in, 150mm or 400pt " + got(v);
    double w = std::atof(v.substr(0, n).c_str());
    double points = unit == "in" ? w * 72 : unit == "mm" ? w * 2.834646 : unit == "pt" || unit.empty() ? w : -1;
    if (points < 0) return "-e" + shown + ": unknown unit '" + excerpt(unit) + "' (use in, mm or pt, e.g. -e6in)";
    if (!(points > 144 && points <= 14400)) {
      return "-e" + shown + ": the width must be more than 2 inches (144pt) and at most 200 inches (14400pt); " + shown +
             " is " + printed("%.4g", points) + "pt";
    }
    v = printed("%.17g", points);
    return "";
  };
}

// --width, --height: a positive number, then px (the default) or pt.
Binder length(std::optional<Length> Options::*field) {
  return [field](CLI::App& app, const std::string& names, Options& o) {
    return app
        .add_option_function<std::string>(names,
                                          [&o, field](const std::string& v) {
                                            size_t n = decimal_length(v);
                                            o.*field = Length{std::atof(v.substr(0, n).c_str()), v.substr(n) == "pt"};
                                          })
        ->check(CLI::Validator(
            [](std::string& v) -> std::string {
              size_t n = decimal_length(v);
              std::string unit = v.substr(n);
              if (n > 0 && (unit.empty() || unit == "px" || unit == "pt")) return "";
              return "takes a size in pixels or points, e.g. 1200, 1200px or 800pt " + got(v);
            },
            "", ""));
  };
}

// One of `choices`, any case, turned into its own spelling; or why not,
// with the nearest word.
Check one_of(std::vector<Choice> choices, const std::string& what) {
  return [choices, what](std::string& v) -> std::string {
    std::vector<std::string> words;
    for (const Choice& c : choices) {
      if (c.word == v || (c.word.size() > 1 && lower_ascii(c.word) == lower_ascii(v))) return v = c.word, "";
      words.push_back(c.word);
    }
    std::string list, near = nearest(v, words);
    for (const std::string& w : words) list += (list.empty() ? "" : ", ") + w;
    return "'" + excerpt(v) + "' is not " + what + " (" + list + ")" + (near.empty() ? "" : ": did you mean " + near + "?");
  };
}

std::vector<Choice> formats() {
  std::vector<Choice> out;
  for (const auto& [word, format] : output_formats()) out.push_back({std::string(word), format_meaning(format)});
  return out;
}

std::vector<Choice> palettes() {
  std::vector<Choice> out;
  for (const std::string& n : palette_names()) out.push_back({n, palette_meaning(n)});
  return out;
}

// --format's word, as its OutputFormat.
Binder format_value() {
  return [](CLI::App& app, const std::string& names, Options& o) {
    return app
        .add_option_function<std::string>(names, [&o](const std::string& v) { o.format = known_format(v); })
        ->transform(CLI::Validator([](std::string& v) { return one_of(formats(), "a format hp2ps-ng writes")(v); }, "", ""));
  };
}

const std::vector<Choice> kBreakdowns = {
    {"T", "closure types: any build (the default)"},       {"c", "cost-centre stacks: a -prof build"},
    {"y", "types: a -prof build"},                          {"d", "closure descriptions: a -prof build"},
    {"m", "modules: a -prof build"},                        {"r", "retainer sets: a -prof build"},
    {"b", "biography (lag, use, drag, void): a -prof build"}, {"i", "info tables: a -finfo-table-map build, GHC 9.2 on"},
    {"e", "eras: a -prof build, GHC 9.10 on"}};

OptionTable input_options() {
  return {
      {"--input-format", "WORD", Group::input, "How to read the input: auto (an eventlog is told by its first bytes), hp or eventlog",
       {{"auto", "from its first bytes"}, {"hp", "a .hp file"}, {"eventlog", "a GHC eventlog"}}, false, false,
       value(&Options::input_format, one_of({{"auto", ""}, {"hp", ""}, {"eventlog", ""}}, "an input format"))},
      {"--max-input", "SIZE", Group::input, "The most kept of standard input, another pipe, a compressed input or a watched "
       "FIFO, which must be copied to be read again: one budget for a run's inputs (--compare's, --diff's, --ipe's log); "
       "in a batch each profile, drawn as its own run, has its own (default 2GiB; k, M, G, Ki, Mi, Gi)",
       {}, false, false, value(&Options::max_input, amount(1, 1099511627776.0, "takes a size from 1 byte to 1TiB, e.g. 500M or 8GiB", false))},
      {"--ipe", "FILE", Group::input, "A -hi .hp's bands (info-table addresses) named from the IPE records of this "
       "eventlog of the same build (+RTS -hi -l)", {}, true, false, value(&Options::ipe)},
      {"--symbols", "PROG", Group::input, "-hi bands still named by an info-table address (closures of libraries built "
       "without -finfo-table-map, or every band of a -hi .hp) named from the symbol table of PROG, the build that made "
       "the profile; --record names them from the program it runs", {}, true, false, value(&Options::symbols)},
      {"--ccs-length", "N", Group::input, "Eventlog -hc: cut cost-centre stack names to N bytes as the RTS's -L<N> does "
       "(default: whole)", {}, false, false, value(&Options::ccs_length, whole(4, 100000, "takes a length from 4 to 100000 bytes"))},
      {"--watch", "SECONDS", Group::input, "--watch[=SECONDS]: draw again whenever the profile grows, at most every SECONDS "
       "(default " + printed("%g", kWatchEvery) + "), until it is finished; a FIFO the program writes its eventlog to works too",
       {}, false, false, value(&Options::watch, within(0.01, 86400, "takes an interval from 0.01 to 86400 seconds"))},
      {"--watch-pid", "PID", Group::input, "With --watch: also stop once process PID has ended", {}, false, false,
       value(&Options::watch_pid, whole(1, 4194304, "takes a process id"))},
  };
}

OptionTable output_options() {
  return {
      {"-o,--output", "FILE", Group::output, "Output file ('-' is stdout); again for more outputs of one run. Default: "
       "./<base>.<ext>, stdout in filter mode; DIR/ (or a folder): each profile's outputs go there; with several "
       "profiles, FILE.md (or - with --format markdown): one summary of them all", {}, true, true, value(&Options::outputs)},
      {"--format", "FORMAT", Group::output, "What to write. Default: from -o's extension, else ps (eps with -e)", formats(),
       false, true, format_value()},
      {"--title", "TEXT", Group::output, "Title box text, in place of the profile's JOB", {}, false, false, value(&Options::title)},
      {"--palette", "NAME", Group::output, "Band fills. Default greys, hp2ps's with -c; a page and --record's "
       "pictures tol-muted (greys: hp2ps's)", palettes(), false,
       false, value(&Options::palette, one_of(palettes(), "a palette"))},
      {"--stable-colours,--stable-colors", "", Group::output, "Colour each band from its name alone: the same in every "
       "run, file and chart (a page of several runs: the default)", {}, false, false, flag(&Options::stable_colours)},
      {"--transparent", "", Group::output, "SVG and PNG: no white page behind the chart", {}, false, false, flag(&Options::transparent)},
      {"--width", "PIXELS", Group::output, "PNG, SVG, PDF: picture width in pixels (1200, 1200px) or points (800pt)", {},
       false, false, length(&Options::width)},
      {"--height", "PIXELS", Group::output, "PNG, SVG, PDF: picture height, likewise (one of the two: hp2ps's 3:2 shape)",
       {}, false, false, length(&Options::height)},
      {"--dpi", "N", Group::output, "PNG resolution (default " + printed("%g", kDefaultDpi) + ")", {}, false, false,
       value(&Options::dpi, within(1, 2400, "takes a resolution from 1 to 2400"))},
      {"--exact", "", Group::output, "Draw every sample, as hp2ps does (default: curves simplified to the output's "
       "resolution, keeping peaks)", {}, false, false, flag(&Options::exact)},
      {"--heap-lines", "", Group::output, "Eventlogs: draw the heap's size, live bytes and blocks size (GC events) over the "
       "bands", {}, false, false, flag(&Options::heap_lines)},
      {"--percent", "", Group::output, "Draw each sample's bands as shares of its total (0-100 %)", {}, false, false,
       flag(&Options::percent)},
      {"--x-max", "SECONDS", Group::output, "The time axis spans at least this long (the profile's sample unit)", {}, false,
       false, value(&Options::x_max, within(1e-300, 1e300, "takes a time span above 0"))},
      {"--y-max", "SIZE", Group::output, "The value axis reaches at least this far (50M, 2GiB, or a plain number)", {},
       false, false, value(&Options::y_max, amount(1e-300, 1e300, "takes an amount above 0 in the profile's unit, e.g. 50M, 2GiB or 5e7", true))},
      {"--aux", "FILE", Group::output, "The .aux to write (and with -p to read). Default: beside the output", {}, true, false,
       value(&Options::aux)},
      {"--no-aux", "", Group::output, "Neither read nor write an .aux", {}, false, false, flag(&Options::no_aux)},
      {"--csv-raw", "", Group::output, "CSV: names as read (by default one that starts with =, +, -, @, tab or return, a "
       "formula to a spreadsheet, starts with ')", {}, false, false, flag(&Options::csv_raw)},
  };
}

OptionTable hp2ps_options() {
  return {
      {"--colour,--color", "", Group::hp2ps, "(-c) colour fills instead of grey shades", {}, false, true, flag(&Options::colour)},
      {"--max-bands", "N", Group::hp2ps, "(-m<n>) band limit, default " + std::to_string(kDefaultBands) + "; 0 (or -l): no "
       "limit and no key; above " + std::to_string(kDefaultBands) + ": the key on pages of its own (PNG, SVG: below)",
       {}, false, true, value(&Options::max_bands, whole(0, 1000000000, "takes a whole number of bands, 0 or more"))},
      {"--trace", "PERCENT", Group::hp2ps, "(-t<pct>) trace elimination threshold, 0 to 5 (default " + printed("%g", kDefaultTrace) + ")",
       {}, false, false, value(&Options::trace, within(0, 5, "takes a percentage from 0 to 5"))},
      {"--big-title", "", Group::hp2ps, "(-b) big title box", {}, false, false, flag(&Options::big_title)},
      {"--small-title", "", Group::hp2ps, "(-s) small title box (loses to -b)", {}, false, false, flag(&Options::small_title)},
      {"--sort-deviation", "", Group::hp2ps, "(-d) order bands by standard deviation", {}, false, false, flag(&Options::by_deviation)},
      {"--sort-name", "ORDER", Group::hp2ps, "(-i, -i-) order bands by name", {{"asc", "A at the bottom"}, {"desc", "Z at the bottom"}},
       false, false, value(&Options::sort_name, one_of({{"asc", ""}, {"desc", ""}}, "a name order"))},
      {"--eps-width", "WIDTH", Group::hp2ps, "(-e<w>[in|mm|pt]) EPS scaled to this width, more than 2in", {}, false, false,
       value(&Options::eps_width, eps_width())},
      {"--portrait", "", Group::hp2ps, "(-g) portrait PostScript placement for previewers", {}, false, false, flag(&Options::portrait)},
      {"--key-pages", "", Group::hp2ps, "(-M) the key on pages of its own (PNG, SVG: in columns below the graph)", {}, false,
       false, flag(&Options::key_pages)},
      {"--no-marks", "", Group::hp2ps, "(-y) do not draw marks", {}, false, false, flag(&Options::no_marks)},
      {"--reuse-aux", "", Group::hp2ps, "(-p) reuse order, shades and ranges from the .aux of the last run", {}, false,
       false, flag(&Options::reuse_aux)},
  };
}

OptionTable selection_options() {
  return {
      {"--from", "TIME", Group::selection, "Draw only the samples at or after this time (the profile's sample unit)", {},
       false, false, value(&Options::from, within(-1e300, 1e300, "takes a time"))},
      {"--to", "TIME", Group::selection, "Draw only the samples at or before this time", {}, false, false,
       value(&Options::to, within(-1e300, 1e300, "takes a time"))},
      {"--include", "REGEX", Group::selection, "Keep only bands whose name matches (RE2, anywhere in the name; again for "
       "more: a band matching any is kept)", {}, false, false, value(&Options::include)},
      {"--exclude", "REGEX", Group::selection, "Remove bands whose name matches (after --include; repeatable)", {}, false,
       false, value(&Options::exclude)},
      {"--merge", "REGEX=NAME", Group::selection, "Add up the bands matching REGEX as one band NAME (repeatable)", {},
       false, false, value(&Options::merge)},
      {"--sort-number", "", Group::selection, "Order bands by the number their names are (-he's eras: 2 before 10)", {},
       false, false, flag(&Options::by_number)},
      {"--sort-growth", "", Group::selection, "Order bands by least-squares slope, the fastest-growing at the top", {},
       false, false, flag(&Options::by_growth)},
  };
}

OptionTable several_options() {
  return {
      {"--compare", "", Group::several, "Several profiles, one chart each in one output, on one scale, with the same "
       "bands, order and fills", {}, false, false, flag(&Options::compare)},
      {"--diff", "", Group::several, "BEFORE AFTER: each band's AFTER minus BEFORE over time, the most changed first", {},
       false, false, flag(&Options::diff)},
      {"--allow-mixed-units", "", Group::several, "--compare, --diff: accept profiles in different units", {}, false,
       false, flag(&Options::mixed_units)},
  };
}

OptionTable recording_options() {
  return {
      {"--record", "", Group::recording, "--record [OPTIONS] -- PROG [ARGS...]: run the GHC program PROG under heap "
       "profiling, follow it live, then write PROG.html (or -o), keep its profile as PROG.eventlog (or PROG.hp), print "
       "the report on stderr (stdout is the program's) and judge the gates", {}, false, true, flag(&Options::record)},
      {"--explain", "", Group::recording, "With --record, on a profiled build: explain a leak in up to four runs of "
       "the program (by type -hy, then who makes the leaking type -hc, who holds it -hr, how it lives -hb), each "
       "restricted to what the one before found; a build without -prof: where -hi names the leaking closures "
       "(-finfo-table-map), else their type by -hT, and how to rebuild; each run's profile kept as "
       "PROG.explain-N.eventlog", {}, false, true,
       flag(&Options::explain)},
      {"--breakdown", "LETTER", Group::recording, "The RTS's heap breakdown (-h<LETTER>)", kBreakdowns, false, true,
       value(&Options::breakdown, one_of(kBreakdowns, "a breakdown"))},
      {"--every", "SECONDS", Group::recording, "Seconds between censuses (the RTS's -i; default " +
       printed("%g", kRecordEvery) + ", and a run too short to judge is run again more often censused)", {}, false, true,
       value(&Options::every, within(0.001, 3600, "takes an interval from 0.001 to 3600 seconds"))},
      {"--for", "SECONDS", Group::recording, "Stop the program after SECONDS as a stop hp2ps-ng is sent (SIGINT, then "
       "SIGTERM, SIGKILL): what was recorded is judged and the gates decide the status", {}, false, false,
       value(&Options::run_for, within(0.1, 31'536'000, "takes a duration from 0.1 seconds to a year"))},
      {"--baseline", "FILE", Group::recording, "An earlier run's profile that --max-growth compares with", {}, true, false,
       value(&Options::baseline)},
  };
}

OptionTable gate_options() {
  return {
      {"--max-peak", "SIZE", Group::gates, "Exit 3 (the outputs written) when a profile's peak total is above SIZE (k, M, "
       "G, Ki, Mi, Gi; or a plain number)", {}, false, true,
       value(&Options::max_peak, amount(1e-300, 1e300, "takes an amount above 0 in the profile's unit, e.g. 50M, 2GiB or 5e7", true))},
      {"--max-growth", "PERCENT", Group::gates, "With --diff, or --record and --baseline: exit 3 when AFTER's peak is more "
       "than PERCENT above BEFORE's (10 or 10%)", {}, false, false,
       value(&Options::max_growth, percentage("takes a percentage from 0 to 1000000, e.g. 10 or 10%"))},
      {"--fail-on-leak", "", Group::gates, "Exit 3 (the outputs written) when the report names a suspect band", {}, false,
       true, flag(&Options::fail_on_leak)},
      {"--allow-unjudged", "", Group::gates, "With --fail-on-leak: pass a profile too short to judge (fewer than 10 "
       "censuses, and no live bytes or deep stack to go by), which otherwise fails it", {}, false, false,
       flag(&Options::allow_unjudged)},
  };
}

}  // namespace

const char* group_title(Group g) {
  switch (g) {
    case Group::input: return "Input";
    case Group::output: return "Output";
    case Group::hp2ps: return "hp2ps's processing";
    case Group::selection: return "Selection";
    case Group::several: return "Several profiles";
    case Group::recording: return "Recording a program";
    case Group::gates: return "Gates (exit status 3)";
    case Group::help: return "Help";
  }
  return "";
}

const OptionTable& option_table() {
  static const OptionTable table = [] {
    OptionTable t;
    for (OptionTable part : {input_options(), output_options(), hp2ps_options(), selection_options(),
                             several_options(), recording_options(), gate_options()}) {
      t.insert(t.end(), part.begin(), part.end());
    }
    return t;
  }();
  return table;
}

// An empty value ("-o ''", "--aux=") is never what was meant: the
// option's own check would take it for a default.
void define_options(CLI::App& app, const OptionTable& table, Options& o) {
  for (const OptionDef& d : table) {
    CLI::Option* opt = d.bind(app, d.names, o);
    if (d.value.empty()) continue;
    opt->type_name(d.value)->allow_extra_args(false);
    std::string what = d.value;
    opt->check(CLI::Validator(
        [what](const std::string& v) { return v.empty() ? "takes a " + what + ", not an empty value" : std::string(); }, "", ""));
  }
}

const OptionDef* find_option(const OptionTable& table, const std::string& name) {
  for (const OptionDef& d : table) {
    for (size_t at = 0; at <= d.names.size();) {
      size_t end = std::min(d.names.find(',', at), d.names.size());
      if (d.names.compare(at, end - at, name) == 0 && end - at == name.size()) return &d;
      at = end + 1;
    }
  }
  return nullptr;
}

std::vector<std::string> long_names(const OptionTable& table) {
  std::vector<std::string> out;
  for (const OptionDef& d : table) {
    for (size_t at = 0; at <= d.names.size();) {
      size_t end = std::min(d.names.find(',', at), d.names.size());
      std::string n = d.names.substr(at, end - at);
      if (n.starts_with("--")) out.push_back(n);
      at = end + 1;
    }
  }
  return out;
}

// Damerau-Levenshtein (adjacent swaps count one), on words short enough
// that a table of their lengths costs nothing.
std::string nearest(const std::string& typed, const std::vector<std::string>& words) {
  if (typed.size() > 64) return "";
  std::string best;
  size_t best_d = std::max<size_t>(1, typed.size() / 4) + 1;
  for (const std::string& w : words) {
    std::vector<std::vector<size_t>> d(typed.size() + 1, std::vector<size_t>(w.size() + 1));
    for (size_t i = 0; i <= typed.size(); ++i) d[i][0] = i;
    for (size_t j = 0; j <= w.size(); ++j) d[0][j] = j;
    for (size_t i = 1; i <= typed.size(); ++i) {
      for (size_t j = 1; j <= w.size(); ++j) {
        size_t cost = typed[i - 1] == w[j - 1] ? 0 : 1;
        d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
        if (i > 1 && j > 1 && typed[i - 1] == w[j - 2] && typed[i - 2] == w[j - 1]) d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
    if (d[typed.size()][w.size()] < best_d) best_d = d[typed.size()][w.size()], best = w;
  }
  return best;
}

}  // namespace hpng
