// The option table: every option defined once, with its value, its help and
// the field it fills. CLI11's parser, --help, the completions and
// translate_hp2ps_args (which options take the next argument) all read it;
// cli_test checks the man page against --help. Options after the file name
// are honoured (hp2ps ignored them); a second file name is an error.
#include "app/cli.h"

#include <CLI/CLI.hpp>
#include <algorithm>

#include "base/text.h"
#include "hpng/shade/shade.h"

namespace hpng {

namespace {

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
        return "'" + excerpt(v) + "' is not " + what + " (" + names + ")";
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

void add_picture_options(CLI::App& app, Options& o, Parsed& p) {
  app.add_option("--title", o.output.title, "Title box text, in place of the profile's JOB (the program and its arguments)");
  std::string names;
  for (const std::string& n : palette_names()) names += (names.empty() ? "" : ", ") + n;
  app.add_option("--palette", o.output.palette,
                 "Band fills: " + names + ". Default greys, hp2ps with -c; an HTML page tol-muted. okabe-ito, "
                 "tol-bright, tol-muted and viridis are colour-blind safe")
      ->check(CLI::Validator(
          [names](const std::string& v) -> std::string {
            return find_palette(v) ? "" : "'" + excerpt(v) + "' is not a palette (" + names + ")";
          },
          "", ""));
  app.add_flag("--transparent", o.output.transparent, "SVG and PNG: no white page behind the chart");
  app.add_option("--width", p.width, "PNG, SVG, PDF: picture width in pixels (1200, 1200px) or points (800pt); text keeps its size");
  app.add_option("--height", p.height, "PNG, SVG, PDF: picture height, likewise (one of the two given: hp2ps's 3:2 shape)");
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

// CLI11's message with each overlong word (an unknown option of any
// length is quoted whole) shown as an excerpt, as our own messages show
// values.
std::string excerpted_words(std::string_view message) {
  std::string out;
  for (size_t at = 0; at < message.size();) {
    size_t end = std::min(message.find(' ', at), message.size());
    std::string_view word = message.substr(at, end - at);
    out += word.size() > 200 ? excerpt(word) : std::string(word);
    if (end < message.size()) out += ' ';
    at = end + 1;
  }
  return out;
}

// CLI11's own refusals (an unknown option, a value a check refused) are
// usage errors with a code like every other; help and version pass through.
void parse_words(CLI::App& app, std::vector<std::string>& args) {
  try {
    app.parse(args);
  } catch (const CLI::Success&) {
    throw;
  } catch (const CLI::ParseError& e) {
    throw usage_error(Code::bad_option, excerpted_words(e.what()) + " (see --help)");
  }
}

}  // namespace

void define_options(CLI::App& app, Options& o, Parsed& p) {
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
}

Options parse_command_line(int argc, char** argv, Warnings& warnings, std::string& help) {
  Options o;
  Parsed p;
  CLI::App app{"hp2ps-ng: render GHC heap profiles (.hp files and eventlogs) as PostScript, EPS, PDF, SVG or\n"
               "PNG, export the band/time matrix as JSON or CSV, report the bands that leak (text), or write\n"
               "a page to explore a profile in a browser (HTML). A drop-in for hp2ps: its single-letter\n"
               "options (-c -m10 -e6in -t0.5 -i- -pc ...) work as in hp2ps.",
               "hp2ps-ng"};
  define_options(app, o, p);
  help = app.help();
  int own = split_program(argc, argv, p.program);
  std::vector<std::string> args = translate_hp2ps_args(app, own, argv, warnings);
  std::reverse(args.begin(), args.end());  // CLI11 takes them in reverse
  parse_words(app, args);
  if (p.completions) {
    help = completion_script(app, *p.completions);
    throw CLI::CallForHelp();
  }
  finish_options(app, o, p);
  o.output.command = command_text(argc, argv);
  return o;
}

}  // namespace hpng
