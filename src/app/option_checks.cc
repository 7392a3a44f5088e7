// The values CLI11 read, checked and turned into Options, and the options
// that make no sense together: the one step between the command line's
// words and Options, so that no option's meaning is decided while parsing.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "app/cli.h"
#include "base/text.h"
#include "hpng/transform/band_filter.h"

namespace hpng {

namespace {

// -e's width: a number and a unit (in, mm, pt; none means points), more
// than 2 inches and at most 200 (a PostScript bounding box is integers).
constexpr double kMostEpsWidth = 14400;

bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

double eps_width_points(const std::string& text) {
  size_t n = decimal_length(text);
  std::string shown = excerpt(text);
  std::string unit = text.substr(n);
  if (n == 0 || !std::all_of(unit.begin(), unit.end(), is_letter)) {
    throw usage_error(Code::bad_option, "-e takes a width such as 6in, 150mm or 400pt (got '" + shown + "')");
  }
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

// --watch needs a file that grows and an output to replace.
void check_watch(Options& o) {
  if (o.watch_pid && !o.watch) o.watch = 2;
  if (!o.watch) return;
  if (!o.output.files.input) throw usage_error(Code::conflicting_options, "--watch follows a profile file as it grows: name it (not standard input)");
  if (o.output.files.output == "-") throw usage_error(Code::conflicting_options, "--watch replaces its output at every update: write a file, not standard output");
  if (o.several != Several::none) throw usage_error(Code::conflicting_options, "--watch follows one profile: not with --compare or --diff");
}

// Several inputs: what --compare and --diff take, and what makes no sense
// with them.
void finish_several(Options& o, const Parsed& p) {
  if (p.compare && p.diff) throw usage_error(Code::conflicting_options, "--compare and --diff: use one or the other");
  if (!p.compare && !p.diff) {
    if (p.files.size() > 1) {
      throw usage_error(Code::bad_option, "one profile at a time: '" + excerpt(p.files[0]) + "', then '" + excerpt(p.files[1]) +
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

}  // namespace

void finish_options(const CLI::App& app, Options& o, const Parsed& p) {
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
    throw usage_error(Code::bad_option, "--from " + excerpt(app["--from"]->as<std::string>()) + " is after --to " +
                                            excerpt(app["--to"]->as<std::string>()));
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

}  // namespace hpng
