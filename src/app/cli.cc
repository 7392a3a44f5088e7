// Command-line handling. hp2ps reads options its own way: the first letter
// after '-' selects the option and the rest of the argument is its value
// (-m10, -e6in, -t0.5, -i-); only 'p' lets another letter follow (-pc).
// translate_hp2ps_args checks those values and turns them into long
// options, so that CLI11 does the rest of the parsing and --help.
// Departures, each deliberate: a wrong option or value is exit status 2
// with a message on stderr (hp2ps printed usage to stdout and exited 0, and
// took "-mabc" as -m0); options after the file name are honoured (hp2ps
// ignored them); a second file name is an error; -l means "no band limit,
// no key", as the GHC manual documents it.
#include "app/cli.h"

#include <CLI/CLI.hpp>
#include <cstdlib>
#include <algorithm>

#include "hpng/shade/shade.h"

namespace hpng {

namespace {

// Long options whose value is the next argument, copied verbatim: those
// the parser itself says take one (a flag takes none), so that no list
// beside it drifts from it (--max-peak -5 once read as an option '-5').
bool takes_next_argument(const CLI::App& app, const std::string& a) {
  if (a.size() < 2 || a[0] != '-') return false;
  const CLI::Option* opt = app.get_option_no_throw(a);
  return opt && opt->get_expected_min() > 0;
}

// The length of the decimal number that starts `s` (digits, or digits and a
// point and maybe more digits, or a point and digits), or 0. Numbers are
// read by hand, in one pass: a pattern engine that recurses per character
// overflowed the stack on a 30,000-digit value.
size_t decimal_length(std::string_view s) {
  auto digits = [&](size_t i) {
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
    return i;
  };
  size_t whole = digits(0);
  if (whole == s.size() || s[whole] != '.') return whole;
  size_t fraction = digits(whole + 1);
  return whole == 0 && fraction == 1 ? 0 : fraction;
}

bool all_of(std::string_view s, bool (*ok)(char)) { return std::all_of(s.begin(), s.end(), ok); }
bool is_lower_or_percent(char c) { return (c >= 'a' && c <= 'z') || c == '%'; }
bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

// [0-9.]+[a-z%]*: what a value separated from its letter looks like.
bool looks_like_value(const std::string& s) {
  size_t n = s.find_first_not_of("0123456789.");
  return n != 0 && all_of(std::string_view(s).substr(std::min(n, s.size())), is_lower_or_percent);
}

[[noreturn]] void bad_letter(char letter, const std::string& arg, const std::string& expected,
                             const std::string& next) {
  std::string msg = "-" + std::string(1, letter) + " " + expected;
  if (arg.size() == 2 && looks_like_value(next)) {
    msg += "; its value goes in the same argument: write -" + std::string(1, letter) + next + ", not " + arg + " " + next;
  } else if (arg.size() > 2) {
    msg += " (got '" + excerpt(arg) + "')";
  }
  throw usage_error(Code::bad_option, msg);
}

// -m<n>: a whole number, 0 or more (0: no limit and no key).
std::string band_limit(const std::string& arg, const std::string& rest, const std::string& next) {
  if (!rest.empty() && rest[0] == '-') bad_letter('m', arg, "takes a band limit of 0 or more", next);
  if (rest.empty() || rest.size() > 9 || !all_of(rest, is_digit)) {
    bad_letter('m', arg, "takes a whole number attached, e.g. -m10 (-m0: no limit)", next);
  }
  return "--max-bands=" + rest;
}

// -t<pct>: a percentage from 0 to 5; -t alone is 0, as in hp2ps.
std::string trace(const std::string& arg, const std::string& rest, const std::string& next) {
  if (rest.empty()) return "--trace=0";
  if (decimal_length(rest) != rest.size()) {
    bad_letter('t', arg, "takes a percentage from 0 to 5 attached, e.g. -t0.5", next);
  }
  if (std::atof(rest.c_str()) > 5) throw usage_error(Code::bad_option, excerpt(arg) + ": the trace percentage must be from 0 to 5");
  return "--trace=" + rest;
}

// -i, -i+ (ascending), -i- (descending).
std::string name_order(const std::string& arg, const std::string& rest, const std::string& next) {
  if (rest.empty() || rest == "+") return "--sort-name=asc";
  if (rest == "-") return "--sort-name=desc";
  bad_letter('i', arg, "takes nothing, + or - (-i, -i+: ascending; -i-: descending)", next);
}

std::string eps(const std::string& arg, const std::string& rest, const std::string& next) {
  if (rest.empty()) bad_letter('e', arg, "takes a width attached, e.g. -e6in, -e150mm or -e400pt", next);
  return "--eps-width=" + rest;
}

// One argument's letters: the first decides; 'p' lets another follow.
void translate_cluster(const std::string& arg, const std::string& next, std::vector<std::string>& out,
                       Warnings& warnings) {
  for (std::string cluster = arg.substr(1); !cluster.empty();) {
    char letter = cluster[0];
    std::string rest = cluster.substr(1);
    auto flag = [&](const char* name) {
      out.push_back(name);
      if (!rest.empty()) {
        warnings.add({Code::option_ignored, "", {}, 0, 0, "", "ignoring '" + rest + "' in " + arg + " (one option per argument, as in hp2ps)"});
      }
    };
    switch (letter) {
      case 'b': return flag("--big-title");
      case 's': return flag("--small-title");
      case 'c': return flag("--colour");
      case 'd': return flag("--sort-deviation");
      case 'g': return flag("--portrait");
      case 'M': return flag("--key-pages");
      case 'y': return flag("--no-marks");
      case 'l': return flag("--max-bands=0");
      case 'h': case '?': out.push_back("--help"); return;
      case 'i': out.push_back(name_order(arg, rest, next)); return;
      case 'e': out.push_back(eps(arg, rest, next)); return;
      case 'm': out.push_back(band_limit(arg, rest, next)); return;
      case 't': out.push_back(trace(arg, rest, next)); return;
      case 'o': out.push_back("--output=" + rest); return;
      case 'p': out.push_back("--reuse-aux"); cluster = rest; continue;
      default: throw usage_error(Code::bad_option, "unknown option '-" + cluster + "' in " + arg + " (see --help)");
    }
  }
}

// Whether the command line compares runs: there a lone "-" is one of them,
// standard input (for hp2ps, which read one profile, it was an empty
// cluster of letters).
bool several_runs(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    if (std::string_view(argv[i]) == "--compare" || std::string_view(argv[i]) == "--diff") return true;
  }
  return false;
}

std::vector<std::string> translate_hp2ps_args(const CLI::App& app, int argc, char** argv,
                                              Warnings& warnings) {
  std::vector<std::string> out;
  bool dash_is_stdin = several_runs(argc, argv);
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    std::string next = i + 1 < argc ? argv[i + 1] : "";
    if (a == "--watch") {  // its interval only ever attached: --watch=5
      out.push_back("--watch=2");
    } else if (takes_next_argument(app, a) && i + 1 < argc) {
      out.push_back(a);
      out.push_back(argv[++i]);
    } else if (a == "--") {
      for (++i; i < argc; ++i) out.push_back(argv[i]);
    } else if (a.rfind("--", 0) == 0 || a[0] != '-' || (a == "-" && dash_is_stdin)) {
      out.push_back(a);
    } else if (a.size() > 1) {  // a lone "-" is an empty cluster, as in hp2ps
      translate_cluster(a, next, out, warnings);
    }
  }
  return out;
}

// -e's width: a number and a unit (in, mm, pt; none means points), more
// than 2 inches and at most 200 (a PostScript bounding box is integers).
constexpr double kMostEpsWidth = 14400;

double eps_width_points(const std::string& text) {
  size_t n = decimal_length(text);
  std::string shown = excerpt(text);
  if (n == 0 || !all_of(std::string_view(text).substr(n), is_letter)) {
    throw usage_error(Code::bad_option, "-e takes a width such as 6in, 150mm or 400pt (got '" + shown + "')");
  }
  std::string unit = text.substr(n);
  double v = std::atof(text.substr(0, n).c_str());
  double points = unit == "in" ? v * 72 : unit == "mm" ? v * 2.834646 : unit == "pt" || unit.empty() ? v : -1;
  if (points < 0) throw usage_error(Code::bad_option, "-e" + shown + ": unknown unit '" + excerpt(unit) + "' (use in, mm or pt, e.g. -e6in)");
  if (!(points > 144 && points <= kMostEpsWidth)) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.4g", points);
    throw usage_error(Code::bad_option, "-e" + shown + ": the width must be more than 2 inches (144pt) and at most 200 "
                                        "inches (14400pt); " + shown + " is " + buf + "pt");
  }
  return points;
}

// A size: a whole number of bytes, or a number with k, M, G (1000s) or Ki,
// Mi, Gi (1024s), and an optional B: 500M, 2GiB, 1.5G. None when it is not one.
std::optional<double> size_in_bytes(const std::string& text) {
  size_t n = decimal_length(text);
  std::string unit = text.substr(n);
  if (unit.ends_with("B")) unit.pop_back();
  static const std::pair<const char*, double> units[] = {{"", 1},         {"k", 1e3},          {"K", 1e3},
                                                          {"M", 1e6},     {"G", 1e9},          {"T", 1e12},
                                                          {"Ki", 1024.0}, {"Mi", 1048576.0}, {"Gi", 1073741824.0},
                                                          {"Ti", 1099511627776.0}};
  for (const auto& [name, factor] : units) {
    if (n > 0 && unit == name) return std::atof(text.substr(0, n).c_str()) * factor;
  }
  return std::nullopt;
}

// A decimal number ("5", "-2.5", "5e7") and nothing else: strtod alone
// also reads hexadecimal (0x10), "inf", "nan" and leading spaces.
std::optional<double> decimal_number(const std::string& text) {
  if (text.empty() || text.find_first_not_of("0123456789.eE+-") != std::string::npos) return std::nullopt;
  char* end = nullptr;
  double d = std::strtod(text.c_str(), &end);
  if (end == text.c_str() || *end != '\0') return std::nullopt;
  return d;
}

// CLI11 check: a number from lo to hi, said in words.
CLI::Validator within(double lo, double hi, const std::string& what) {
  return CLI::Validator(
      [=](const std::string& v) -> std::string {
        std::optional<double> d = decimal_number(v);
        if (!d) return what + " (got '" + excerpt(v) + "')";
        if (!(*d >= lo && *d <= hi)) return what + " (got " + excerpt(v) + ")";
        return "";
      },
      "", "");
}

// CLI11 transform: one of the names in `table` (any case), turned into its
// enum value, or a message listing them.
template <class E>
CLI::Validator one_of(const std::vector<std::pair<std::string_view, E>>& table, const std::string& what) {
  return CLI::Validator(
      [table, what](std::string& v) -> std::string {
        std::string names, lower = v;
        for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        for (const auto& [name, e] : table) {
          if (name == lower) {
            v = std::to_string(static_cast<int>(e));
            return "";
          }
          names += (names.empty() ? "" : ", ") + std::string(name);
        }
        return "'" + v + "' is not " + what + " (" + names + ")";
      },
      "", "");
}

// CLI11 check: one of `words` exactly, or a message listing them (the value
// shown as an excerpt: CLI11's own IsMember echoes a value of any length).
CLI::Validator one_word(const std::vector<std::string>& words, const std::string& what) {
  std::string names;
  for (const std::string& w : words) names += (names.empty() ? "" : ", ") + w;
  return CLI::Validator(
      [words, what, names](const std::string& v) -> std::string {
        if (std::find(words.begin(), words.end(), v) != words.end()) return "";
        return "'" + excerpt(v) + "' is not " + what + " (" + names + ")";
      },
      "{" + names + "}", "");
}

// --width, --height: a positive number, then px (the default) or pt.
Length picture_length(const std::string& option, const std::string& text) {
  size_t n = decimal_length(text);
  std::string unit = text.substr(n);
  if (n == 0 || (unit != "" && unit != "px" && unit != "pt")) {
    throw usage_error(Code::bad_option, option + " takes a size in pixels or points, e.g. 1200, 1200px or 800pt (got '" +
                                            excerpt(text) + "')");
  }
  return {std::atof(text.substr(0, n).c_str()), unit == "pt"};
}

// --max-input: a size from 1 byte to 1 TiB.
size_t max_input(const std::string& text) {
  std::optional<double> bytes = size_in_bytes(text);
  if (!bytes || !(*bytes >= 1 && *bytes <= 1099511627776.0)) {
    throw usage_error(Code::bad_option, "--max-input takes a size from 1 byte to 1TiB, e.g. 500M or 8GiB (got '" +
                                            excerpt(text) + "')");
  }
  return static_cast<size_t>(*bytes);
}

// --y-max, --max-peak: an amount in the profile's unit, with a size's
// suffix when that is bytes (50M, 2GiB) or as a plain number (5e7).
double amount(const char* option, const std::string& text) {
  std::optional<double> v = size_in_bytes(text);
  if (!v) v = decimal_number(text);
  if (!v || !(*v > 0 && *v <= 1e300)) {  // NaN fails too
    throw usage_error(Code::bad_option, std::string(option) + " takes an amount above 0 in the profile's unit, e.g. 50M, "
                                            "2GiB or 5e7 (got '" + excerpt(text) + "')");
  }
  return *v;
}

// --max-growth: a percentage, 10 or 10%.
double percentage(const std::string& text) {
  std::string number = text.ends_with("%") ? text.substr(0, text.size() - 1) : text;
  size_t n = decimal_length(number);
  if (n == 0 || n != number.size() || std::atof(number.c_str()) > 1e6) {
    throw usage_error(Code::bad_option, "--max-growth takes a percentage from 0 to 1000000, e.g. 10 or 10% (got '" +
                                            excerpt(text) + "')");
  }
  return std::atof(number.c_str());
}

struct Parsed {  // values CLI11 fills and parse_command_line turns into Options
  std::vector<std::string> files;
  std::optional<std::string> max_input, y_max, max_peak, max_growth;
  std::string eps;
  std::optional<std::string> width, height;
  std::optional<double> from, to;
  std::vector<std::string> include, exclude, merge;
  std::optional<std::string> aux;
  bool portrait = false, no_marks = false, compare = false, diff = false;
  int max_bands = 20;
  bool record = false;
  std::optional<std::string> breakdown, baseline, completions;
  std::optional<double> every;
  std::vector<std::string> program;  // after --, under --record
};

void add_file_options(CLI::App& app, Options& o, Parsed& p) {
  app.add_option("file", p.files,
                 "Input profile (.hp or eventlog, also gzip, xz or zstd compressed); `prof` reads prof.hp. Without it, "
                 "stdin -> stdout. Several with --compare or --diff");
  app.add_option("-o,--output", o.output.files.output, "Output file ('-' is stdout). Default: ./<base>.<ext>, stdout in filter mode");
  app.add_option("--format", o.output.files.format, "ps, eps, pdf, svg, png, json, csv, text (a report; also txt) or html (a page to explore it in a browser). Default: from the output's extension, else ps (eps with -e)")
      ->transform(one_of(output_formats(), "a format hp2ps-ng writes"));
  static const std::vector<std::pair<std::string_view, InputFormat>> inputs = {
      {"auto", InputFormat::automatic}, {"hp", InputFormat::hp}, {"eventlog", InputFormat::eventlog}};
  app.add_option("--input-format", o.input_format, "auto (an eventlog is recognised by its first bytes), hp or eventlog")
      ->transform(one_of(inputs, "an input format"));
  app.add_flag("--reuse-aux", o.output.files.reuse_aux, "(-p) reuse order, shades and ranges from the .aux of the last run");
  app.add_option("--aux", p.aux, "The .aux to write (and with -p to read). Default: beside the output, <output minus extension>.aux");
  app.add_flag("--no-aux", o.output.files.no_aux, "Neither read nor write an .aux");
  app.add_flag("--csv-raw", o.output.files.csv_raw,
               "CSV: write names as read. By default a text field that starts with =, +, -, @, a tab or a return (a "
               "formula to a spreadsheet) starts with ' instead");
  app.add_option("--max-input", p.max_input,
                 "The most hp2ps-ng keeps of standard input or another pipe, or of a compressed input decompressed, "
                 "which it must copy to read more than once, or of a FIFO under --watch: one budget for all the "
                 "inputs of the run (default 2GiB; k, M, G, Ki, Mi, Gi, optional B)");
}

void add_hp2ps_options(CLI::App& app, Options& o, Parsed& p) {
  app.add_flag("--colour,--color", o.output.style.colour, "(-c) colour fills instead of grey shades");
  app.add_flag("--big-title", o.output.style.big_title, "(-b) big title box");
  app.add_flag("--small-title", o.output.style.small_title, "(-s) small title box (loses to -b)");
  app.add_flag("--sort-deviation", o.select.by_deviation, "(-d) order bands by standard deviation");
  static const std::vector<std::pair<std::string_view, NameOrder>> orders = {{"asc", NameOrder::ascending},
                                                                             {"desc", NameOrder::descending}};
  app.add_option("--sort-name", o.select.by_name, "(-i, -i-) order bands by name, asc or desc")
      ->transform(one_of(orders, "a name order"));
  app.add_flag("--sort-number", o.select.by_number,
               "order bands by the number their names are (-he's eras: 2 before 10), the least at the bottom; other "
               "names above them, by name");
  app.add_flag("--sort-growth", o.select.by_growth,
               "order bands by least-squares slope, the fastest-growing at the top (-p's .aux order wins)");
  app.add_option("--eps-width", p.eps, "(-e<w>[in|mm|pt]) EPS scaled to this width, more than 2in");
  app.add_flag("--portrait", p.portrait, "(-g) portrait PostScript placement for previewers");
  app.add_option("--max-bands", p.max_bands, "(-m<n>) band limit, default 20; 0 (or -l) = no limit and no key; above 20 puts the key on its own pages (PNG, SVG: below the graph)")
      ->check(within(0, 1e9, "takes a whole number of bands, 0 or more"));
  app.add_flag("--key-pages", o.output.style.key_pages, "(-M) key on separate pages (PNG, SVG: in columns below the graph)");
  app.add_option("--trace", o.select.trace_percent, "(-t<pct>) trace elimination threshold in percent, 0..5 (default 1)")
      ->check(within(0, 5, "takes a percentage from 0 to 5"));
  app.add_flag("--no-marks", p.no_marks, "(-y) do not draw marks");
}

void add_own_options(CLI::App& app, Options& o, Parsed& p) {
  app.add_option("--dpi", o.output.dpi, "PNG resolution (default 96)")->check(within(1, 2400, "takes a resolution from 1 to 2400"));
  app.add_flag("--exact", o.output.exact,
               "Draw every sample, as hp2ps does (default: curves with more samples than the output can show are "
               "simplified to its resolution, keeping peaks; a PNG: at most eight columns a pixel)");
  app.add_option("--ccs-length", o.ccs_length,
                 "Eventlog -hc: cut cost-centre stack names to N bytes as the RTS's -L<N> does (default: whole names)")
      ->check(within(4, 100000, "takes a length from 4 to 100000 bytes"));
  app.add_option("--ipe", o.ipe,
                 "A -hi .hp's bands (info-table addresses) named from the IPE records of this eventlog of the same build "
                 "(+RTS -hi -l)");
  app.add_option("--from", p.from, "Draw only the samples at or after this time (in the profile's sample unit)")
      ->check(within(-1e300, 1e300, "takes a time"));
  app.add_option("--to", p.to, "Draw only the samples at or before this time")->check(within(-1e300, 1e300, "takes a time"));
  app.add_option("--include", p.include,
                 "Keep only bands whose name matches this regular expression (RE2 syntax, anywhere in the name; "
                 "repeatable: a band matching any is kept)")
      ->allow_extra_args(false);
  app.add_option("--exclude", p.exclude, "Remove bands whose name matches (after --include; repeatable)")
      ->allow_extra_args(false);
  app.add_option("--merge", p.merge, "REGEX=NAME: add up the bands matching REGEX as one band NAME (repeatable)")
      ->allow_extra_args(false);
  app.add_flag("--percent", o.percent, "Draw each sample's bands as shares of its total (y axis 0-100 %)");
  app.add_flag("--heap-lines", o.output.style.heap_lines,
               "Eventlogs: draw the heap's size, live bytes and blocks size (from GC events) as lines over the bands");
}

void add_several_options(CLI::App& app, Options& o, Parsed& p) {
  app.add_flag("--compare", p.compare,
               "Several profiles: one chart each, in one output (PS, PDF: a page each; SVG, PNG: one under another), "
               "on one scale, with the same bands, order and fills, one key");
  app.add_flag("--diff", p.diff,
               "BEFORE AFTER: each band's AFTER minus BEFORE over time (growth above the axis, shrinkage below), "
               "the most changed first in the key");
  app.add_flag("--allow-mixed-units", o.mixed_units, "--compare, --diff: accept profiles in different units");
  app.add_option("--x-max", o.x_max, "The time axis spans at least this many seconds (sample units)")
      ->check(within(1e-300, 1e300, "takes a time span above 0"));
  app.add_option("--y-max", p.y_max, "The value axis reaches at least this value (bytes or the profile's unit; 50M, 2GiB)");
  app.add_flag("--stable-colours,--stable-colors", o.output.stable_colours,
               "Colour each band from its name: the same in every run, file and chart (a page of several runs: the default)");
}

void add_gate_options(CLI::App& app, Parsed& p) {
  app.add_option("--max-peak", p.max_peak,
                 "Exit 3, the output written, when a profile's peak total (every band, before trace elimination) is "
                 "above SIZE (k, M, G, Ki, Mi, Gi, optional B; --compare, --diff: each input)");
  app.add_option("--max-growth", p.max_growth,
                 "With --diff (or --record and --baseline): exit 3, the output written, when AFTER's peak total is "
                 "more than PERCENT above BEFORE's (10 or 10%)");
}

void add_record_options(CLI::App& app, Parsed& p) {
  app.add_flag("--record", p.record,
               "--record [OPTIONS] -- PROG [ARGS...]: run the GHC program PROG under heap profiling, follow it live, "
               "then write PROG.html (or -o), keep its profile as PROG.eventlog (PROG.hp where it cannot write an "
               "eventlog), print the report and judge the gates. Exit 4 when the program fails");
  app.add_option("--breakdown", p.breakdown,
                 "With --record: the RTS's heap breakdown, T (closure types, the default: no profiled build needed), "
                 "c, y, d, m, r, b (profiled builds), i (-finfo-table-map builds) or e (eras)")
      ->check(one_word({"T", "c", "y", "d", "m", "r", "b", "i", "e"}, "a breakdown"));
  app.add_option("--every", p.every, "With --record: seconds between censuses (the RTS's -i; default 0.02)")
      ->check(within(0.001, 3600, "takes an interval from 0.001 to 3600 seconds"));
  app.add_option("--baseline", p.baseline, "With --record: an earlier run's profile that --max-growth compares with");
  // Hidden (no group): the build writes the installed scripts with it.
  app.add_option("--completions", p.completions, "")->group("")->check(one_word({"bash", "zsh"}, "a shell"));
}

void add_watch_options(CLI::App& app, Options& o) {
  app.add_option("--watch", o.watch,
                 "--watch[=SECONDS]: render again whenever the profile grows, at most once every SECONDS (default 2), "
                 "until the program's profile is finished; an update reads only what was appended. The profile may be a "
                 "FIFO the program writes its eventlog to (+RTS -l -olprog.fifo)")
      ->check(within(0.01, 86400, "takes an interval from 0.01 to 86400 seconds"));
  app.add_option("--watch-pid", o.watch_pid, "With --watch: also stop once process PID has ended")
      ->check(within(1, 4194304, "takes a process id"));
}

// --watch needs a file that grows and an output to replace.
void check_watch(Options& o) {
  if (o.watch_pid && !o.watch) o.watch = 2;
  if (!o.watch) return;
  if (!o.output.files.input) throw usage_error(Code::conflicting_options, "--watch follows a profile file as it grows: name it (not standard input)");
  if (o.output.files.output == "-") throw usage_error(Code::conflicting_options, "--watch replaces its output at every update: write a file, not standard output");
  if (o.several != Several::none) throw usage_error(Code::conflicting_options, "--watch follows one profile: not with --compare or --diff");
}

void add_picture_options(CLI::App& app, Options& o, Parsed& p) {
  app.add_option("--title", o.output.title, "Title box text, in place of the profile's JOB (the program and its arguments)");
  std::string names;
  for (const std::string& n : palette_names()) names += (names.empty() ? "" : ", ") + n;
  app.add_option("--palette", o.output.palette,
                 "Band fills: " + names + ". Default greys, hp2ps with -c; an HTML page tol-muted. okabe-ito, "
                 "tol-bright, tol-muted and viridis are colour-blind safe")
      ->check(CLI::Validator(
          [names](const std::string& v) -> std::string {
            return find_palette(v) ? "" : "'" + v + "' is not a palette (" + names + ")";
          },
          "", ""));
  app.add_flag("--transparent", o.output.transparent, "SVG and PNG: no white page behind the chart");
  app.add_option("--width", p.width, "PNG, SVG, PDF: picture width in pixels (1200, 1200px) or points (800pt); text keeps its size");
  app.add_option("--height", p.height, "PNG, SVG, PDF: picture height, likewise (one of the two given: hp2ps's 3:2 shape)");
}

// Several inputs: what --compare and --diff take, and what makes no sense
// with them.
void finish_several(Options& o, const Parsed& p) {
  if (p.compare && p.diff) throw usage_error(Code::conflicting_options, "--compare and --diff: use one or the other");
  if (!p.compare && !p.diff) {
    if (p.files.size() > 1) {
      throw usage_error(Code::bad_option, "one profile at a time: '" + p.files[0] + "', then '" + p.files[1] +
                        "' (--compare or --diff take several; see --help)");
    }
    return;
  }
  const char* option = p.diff ? "--diff" : "--compare";
  if (p.diff && p.files.size() != 2) throw usage_error(Code::bad_option, "--diff takes two profiles, BEFORE and AFTER");
  if (p.files.size() < 2) throw usage_error(Code::bad_option, "--compare takes two or more profiles");
  if (o.output.files.output.empty()) throw usage_error(Code::conflicting_options, std::string(option) + " draws several profiles into one output: name it with -o");
  if (o.output.files.reuse_aux || o.output.files.aux) throw usage_error(Code::conflicting_options, std::string(option) + " writes and reads no .aux (-p, --aux): it has several profiles");
  o.several = p.diff ? Several::diff : Several::compare;
  o.more_inputs.assign(p.files.begin() + 1, p.files.end());
}

// --diff draws changes: shares, heap lines and hp2ps's orderings of sizes
// do not apply.
void check_diff(const Options& o) {
  if (o.several != Several::diff) return;
  if (o.percent) throw usage_error(Code::conflicting_options, "--diff draws changes in the profile's unit: --percent does not apply");
  if (o.output.style.heap_lines) throw usage_error(Code::conflicting_options, "--diff draws the bands' changes: --heap-lines does not apply");
  if (o.select.by_deviation || o.select.by_name != NameOrder::none || o.select.by_growth || o.select.by_number) {
    throw usage_error(Code::conflicting_options,
                      "--diff orders bands by how much they changed: -d, -i, --sort-growth and --sort-number do not apply");
  }
}

// -d and -i sort hp2ps's way, each after the one before; a slope order on
// top of either would leave one of them meaningless.
void check_orders(const Options& o) {
  int orders = o.select.by_deviation + (o.select.by_name != NameOrder::none) + o.select.by_growth + o.select.by_number;
  if (orders > 1 && (o.select.by_growth || o.select.by_number)) {
    throw usage_error(Code::conflicting_options,
                      "-d, -i, --sort-growth and --sort-number each order the bands their own way: give one");
  }
}

// Gates judge a finished profile: not a watched one, and growth is
// --diff's.
void finish_gates(Options& o, const Parsed& p) {
  if (p.max_peak) o.gates.max_peak = amount("--max-peak", *p.max_peak);
  if (p.max_growth) o.gates.max_growth = percentage(*p.max_growth);
  bool baseline = o.record && o.record->baseline;
  if (o.gates.max_growth && o.several != Several::diff && !baseline) {
    throw usage_error(Code::conflicting_options, "--max-growth compares --diff's AFTER with its BEFORE (or --record's run with its --baseline): give --diff or --baseline");
  }
  if (baseline && !o.gates.max_growth) throw usage_error(Code::conflicting_options, "--baseline is what --max-growth compares with: give --max-growth");
  if ((o.gates.max_peak || o.gates.max_growth) && o.watch) {
    throw usage_error(Code::conflicting_options, "--max-peak and --max-growth judge a finished profile: not with --watch");
  }
}

// --record runs the program after `--`: it reads no profile of the command
// line's, and writes its outputs when the program ends.
void finish_record(Options& o, const Parsed& p) {
  if (!p.record) {
    if (p.breakdown || p.every || p.baseline) throw usage_error(Code::conflicting_options, "--breakdown, --every and --baseline go with --record");
    return;
  }
  if (p.program.empty()) throw usage_error(Code::bad_option, "--record runs a program: hp2ps-ng --record [OPTIONS] -- PROG [ARGS...]");
  if (!p.files.empty()) throw usage_error(Code::conflicting_options, "--record draws the program's own profile: no profile file ('" + excerpt(p.files[0]) + "')");
  if (o.watch || o.watch_pid || o.several != Several::none) {
    throw usage_error(Code::conflicting_options, "--record follows the program it runs: not with --watch, --watch-pid, --compare or --diff");
  }
  if (o.output.files.output == "-") throw usage_error(Code::conflicting_options, "--record updates its output as the program runs: write a file, not standard output");
  RecordRequest r;
  r.argv = p.program;
  if (p.breakdown) r.breakdown = (*p.breakdown)[0];
  if (p.every) r.every = *p.every;
  r.baseline = p.baseline;
  o.record = r;
}

void finish_options(CLI::App& app, Options& o, const Parsed& p) {
  if (!p.files.empty()) o.output.files.input = p.files[0];
  finish_record(o, p);
  finish_several(o, p);
  check_diff(o);
  check_orders(o);
  check_watch(o);
  if (o.output.stable_colours && o.output.palette) throw usage_error(Code::conflicting_options, "--stable-colours and --palette: use one or the other");
  if (p.y_max) o.y_max = amount("--y-max", *p.y_max);
  if (o.percent && o.y_max) throw usage_error(Code::conflicting_options, "--percent draws 0 to 100 %: --y-max does not apply");
  finish_gates(o, p);
  o.output.files.aux = p.aux;
  o.output.style.portrait = p.portrait;
  o.output.style.marks = !p.no_marks;
  if (!p.eps.empty() || app.count("--eps-width")) o.output.style.eps_width = eps_width_points(p.eps);
  o.select.band_limit = p.max_bands;
  if (p.from && p.to && *p.from > *p.to) {
    throw usage_error(Code::bad_option, "--from " + app["--from"]->as<std::string>() + " is after --to " + app["--to"]->as<std::string>());
  }
  o.window = {p.from, p.to};
  if (o.percent && o.output.style.heap_lines) {
    throw usage_error(Code::conflicting_options, "--heap-lines draws bytes and --percent draws shares: use one or the other");
  }
  o.filter = compile_band_filter(p.include, p.exclude, p.merge);
  if (p.max_input) o.max_input = max_input(*p.max_input);
  if (p.width) o.output.width = picture_length("--width", *p.width);
  if (p.height) o.output.height = picture_length("--height", *p.height);
}

// An argument as a POSIX shell reads it back: plain when it is only safe
// characters, else in single quotes.
std::string shell_word(std::string_view a) {
  bool plain = !a.empty() && a.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,+%@") == std::string_view::npos;
  if (plain) return std::string(a);
  std::string out = "'";
  for (char c : a) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// Under --record, what follows `--` is the program and its arguments, taken
// as they are; returns the count of hp2ps-ng's own arguments.
int split_program(int argc, char** argv, std::vector<std::string>& program) {
  bool record = false;
  for (int i = 1; i < argc; ++i) {
    std::string_view a = argv[i];
    record = record || a == "--record";
    if (a != "--") continue;
    if (!record) return argc;
    program.assign(argv + i + 1, argv + argc);
    return i;
  }
  return argc;
}

std::string command_text(int argc, char** argv) {
  std::string out = "hp2ps-ng";
  for (int i = 1; i < argc; ++i) out += " " + shell_word(argv[i]);
  return out;
}

}  // namespace

Options parse_command_line(int argc, char** argv, Warnings& warnings, std::string& help) {
  Options o;
  Parsed p;
  CLI::App app{"hp2ps-ng: render GHC heap profiles (.hp files and eventlogs) as PostScript, EPS, PDF, SVG or\n"
               "PNG, export the band/time matrix as JSON or CSV, report the bands that leak (text), or write\n"
               "a page to explore a profile in a browser (HTML). A drop-in for hp2ps: its single-letter\n"
               "options (-c -m10 -e6in -t0.5 -i- -pc ...) work as in hp2ps.",
               "hp2ps-ng"};
  app.set_version_flag("--version", std::string("hp2ps-ng ") + HPNG_VERSION);
  add_file_options(app, o, p);
  add_hp2ps_options(app, o, p);
  add_own_options(app, o, p);
  add_several_options(app, o, p);
  add_gate_options(app, p);
  add_watch_options(app, o);
  add_record_options(app, p);
  add_picture_options(app, o, p);
  app.footer(
      "hp2ps letters: -b -s -c -d -i[+|-] -e<w>[in|mm|pt] -g -l -m<n> -M -p -t<pct> -y, one per\n"
      "argument with its value attached (-m10, not -m 10; -p may be followed by another letter: -pc).\n"
      "Files: `hp2ps-ng prof` reads prof.hp and writes ./prof.ps and ./prof.aux; an eventlog\n"
      "prog.eventlog writes ./prog.eventlog.ps. The .aux goes beside the output, as do a CSV's\n"
      "-hi IPE records (out.csv: out.ipe.csv). A compressed\n"
      "input (prof.hp.gz, prog.eventlog.zst) gives the names its plain file would.\n"
      "Exit status: 0 success, 1 bad input or a failed write, 2 usage error, 3 a --max-peak or\n"
      "--max-growth limit passed (the output written), 4 --record's program failed (could not\n"
      "start, exited non-zero or was killed; what it wrote is drawn).\n"
      "Find a leak in one command: hp2ps-ng --record -- ./prog ARGS (prog linked with -rtsopts).\n"
      "See man hp2ps-ng for the formats and every difference from hp2ps.");
  help = app.help();
  int own = split_program(argc, argv, p.program);
  std::vector<std::string> args = translate_hp2ps_args(app, own, argv, warnings);
  std::reverse(args.begin(), args.end());  // CLI11 takes them in reverse
  app.parse(args);
  if (p.completions) {
    help = completion_script(app, *p.completions);
    throw CLI::CallForHelp();
  }
  finish_options(app, o, p);
  o.output.command = command_text(argc, argv);
  return o;
}

}  // namespace hpng
