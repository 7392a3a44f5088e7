// Command-line handling. hp2ps reads options its own way: the first letter
// after '-' selects the option and the rest of the argument is its value
// (-m10, -e6in, -t0.5, -i-); only 'p' lets another letter follow (-pc).
// translate_hp2ps_args turns those into long options so that CLI11 does
// all parsing, validation and --help. Departures, each deliberate: a wrong
// option is exit status 2 on stderr (hp2ps printed usage to stdout and
// exited 0); options after the file name are honoured (hp2ps ignored
// them); a second file name is an error; -l means "no band limit, no key",
// as the GHC manual documents it.
#include "cli.h"

#include <CLI/CLI.hpp>
#include <cstdlib>

namespace hpng {

namespace {

// Long options whose value is the next argument, copied verbatim.
bool takes_next_argument(const std::string& a) {
  return a == "-o" || a == "--output" || a == "--format" || a == "--input-format" || a == "--dpi" ||
         a == "--ccs-length" || a == "--from" || a == "--to" || a == "--include" || a == "--exclude" ||
         a == "--merge";
}

// atoi: the leading integer of s, or 0.
std::string leading_int(const std::string& s) {
  char* end = nullptr;
  long v = std::strtol(s.c_str(), &end, 10);
  return std::to_string(v);
}

// atof: the leading number of s, or 0.
std::string leading_float(const std::string& s) {
  char* end = nullptr;
  std::strtod(s.c_str(), &end);
  size_t n = static_cast<size_t>(end - s.c_str());
  return n == 0 ? "0" : s.substr(0, n);
}

void translate_cluster(const std::string& arg, std::string cluster, std::vector<std::string>& out,
                       std::vector<std::string>& notes) {
  while (!cluster.empty()) {
    char letter = cluster[0];
    std::string rest = cluster.substr(1);
    auto flag = [&](const char* name) {
      out.push_back(name);
      if (!rest.empty()) notes.push_back("ignoring '" + rest + "' in " + arg + " (one option per argument, as in hp2ps)");
    };
    switch (letter) {
      case 'b': flag("--big-title"); return;
      case 's': flag("--small-title"); return;
      case 'c': flag("--colour"); return;
      case 'd': flag("--sort-deviation"); return;
      case 'g': flag("--portrait"); return;
      case 'M': flag("--key-pages"); return;
      case 'y': flag("--no-marks"); return;
      case 'l': flag("--max-bands=0"); return;
      case 'h': case '?': out.push_back("--help"); return;
      case 'i': out.push_back(std::string("--sort-name=") + (rest.rfind('-', 0) == 0 ? "desc" : "asc")); return;
      case 'e': out.push_back("--eps-width=" + rest); return;
      case 'm': out.push_back("--max-bands=" + leading_int(rest)); return;
      case 't': out.push_back("--trace=" + leading_float(rest)); return;
      case 'o': out.push_back("--output=" + rest); return;
      case 'p': out.push_back("--reuse-aux"); cluster = rest; continue;
      default: throw usage_error("unknown option '-" + cluster + "' in " + arg + " (see --help)");
    }
  }
}

std::vector<std::string> translate_hp2ps_args(int argc, char** argv, std::vector<std::string>& notes) {
  std::vector<std::string> out;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (takes_next_argument(a) && i + 1 < argc) {
      out.push_back(a);
      out.push_back(argv[++i]);
    } else if (a == "--") {
      for (++i; i < argc; ++i) out.push_back(argv[i]);
    } else if (a.rfind("--", 0) == 0 || a[0] != '-') {
      out.push_back(a);
    } else if (a.size() > 1) {  // a lone "-" is an empty cluster, as in hp2ps
      translate_cluster(a, a.substr(1), out, notes);
    }
  }
  return out;
}

// hp2ps's -e: a number, and the unit from the last two characters.
double eps_width_points(const std::string& text) {
  double v = std::atof(text.c_str());
  std::string unit = text.size() >= 2 ? text.substr(text.size() - 2) : "";
  if (unit == "in") return v * 72;
  if (unit == "mm") return v * 2.834646;
  return v;
}

}  // namespace

Options parse_command_line(int argc, char** argv, std::vector<std::string>& notes, std::string& help) {
  Options o;
  CLI::App app{"hp2ps-ng: render GHC heap profiles (.hp) as PostScript, EPS, PDF, SVG or PNG,\n"
               "or export the band/time matrix as JSON or CSV. A drop-in for hp2ps: its\n"
               "single-letter options (-c -m10 -e6in -t0.5 -i- -pc ...) work as in hp2ps.",
               "hp2ps-ng"};
  app.set_version_flag("--version", std::string("hp2ps-ng ") + HPNG_VERSION);
  std::string file, eps, sort_name, format, input_format = "auto";
  int max_bands = 20;
  app.add_option("file", file, "Input profile; `prof` reads prof.hp. Without it, stdin -> stdout");
  app.add_option("-o,--output", o.output, "Output file ('-' is stdout). Default: ./<base>.<ext>, stdout in filter mode");
  app.add_option("--format", format, "ps, eps, pdf, svg, png, json or csv. Default: from the output's extension, else ps (eps with -e)")
      ->check(CLI::IsMember({"ps", "eps", "pdf", "svg", "png", "json", "csv"}));
  app.add_option("--input-format", input_format, "auto (an eventlog is recognised by its first bytes), hp or eventlog")
      ->check(CLI::IsMember({"auto", "hp", "eventlog"}));
  app.add_flag("--colour,--color", o.style.colour, "(-c) colour fills instead of grey shades");
  app.add_flag("--big-title", o.style.big_title, "(-b) big title box");
  app.add_flag("--small-title", o.style.small_title, "(-s) small title box (loses to -b)");
  app.add_flag("--sort-deviation", o.select.by_deviation, "(-d) order bands by standard deviation");
  app.add_option("--sort-name", sort_name, "(-i, -i-) order bands by name, ascending or descending")
      ->check(CLI::IsMember({"asc", "desc"}));
  app.add_option("--eps-width", eps, "(-e<w>[in|mm|pt]) EPS scaled to this width, more than 2in");
  bool portrait = false, no_marks = false;
  app.add_flag("--portrait", portrait, "(-g) portrait PostScript placement for previewers");
  app.add_option("--max-bands", max_bands, "(-m<n>) band limit, default 20; 0 (or -l) = no limit and no key; above 20 puts the key on its own pages")
      ->check(CLI::NonNegativeNumber);
  app.add_flag("--key-pages", o.style.key_pages, "(-M) key on separate pages");
  app.add_flag("--reuse-aux", o.reuse_aux, "(-p) reuse order, shades and ranges from ./<base>.aux");
  app.add_option("--trace", o.select.trace_percent, "(-t<pct>) trace elimination threshold in percent, 0..5 (default 1)")
      ->check(CLI::Range(0.0, 5.0));
  app.add_flag("--no-marks", no_marks, "(-y) do not draw marks");
  app.add_option("--dpi", o.dpi, "PNG resolution (default 96)")->check(CLI::Range(1.0, 2400.0));
  app.add_flag("--exact", o.exact,
               "Draw every sample, as hp2ps does (default: curves with more samples than the output can show are "
               "simplified to its resolution, keeping peaks)");
  app.add_option("--ccs-length", o.ccs_length,
                 "Eventlog -hc: cut cost-centre stack names to N bytes as the RTS's -L<N> does (default: whole names)")
      ->check(CLI::Range(4, 100000));
  std::optional<double> from, to;
  std::vector<std::string> include, exclude, merge;
  app.add_option("--from", from, "Draw only the samples at or after this time (in the profile's sample unit)");
  app.add_option("--to", to, "Draw only the samples at or before this time");
  app.add_option("--include", include,
                 "Keep only bands whose name matches this regular expression (ECMAScript, anywhere in the name; "
                 "repeatable: a band matching any is kept)")
      ->allow_extra_args(false);
  app.add_option("--exclude", exclude, "Remove bands whose name matches (after --include; repeatable)")
      ->allow_extra_args(false);
  app.add_option("--merge", merge, "REGEX=NAME: add up the bands matching REGEX as one band NAME (repeatable)")
      ->allow_extra_args(false);
  app.add_flag("--percent", o.percent, "Draw each sample's bands as shares of its total (y axis 0-100 %)");
  app.footer(
      "hp2ps letters: -b -s -c -d -i[+|-] -e<w>[in|mm|pt] -g -l -m<n> -M -p -t<pct> -y, one per\n"
      "argument with its value attached (-p may be followed by another letter: -pc).\n"
      "Files: `hp2ps-ng prof` reads prof.hp and writes ./prof.ps and ./prof.aux.\n"
      "Exit status: 0 success, 1 bad input or a failed write, 2 usage error.\n"
      "See man hp2ps-ng for the formats and every difference from hp2ps.");
  help = app.help();

  std::vector<std::string> args = translate_hp2ps_args(argc, argv, notes);
  std::reverse(args.begin(), args.end());  // CLI11 takes them in reverse
  app.parse(args);

  if (!file.empty()) o.input = file;
  if (from && to && *from > *to) throw usage_error("--from " + app["--from"]->as<std::string>() + " is after --to " + app["--to"]->as<std::string>());
  o.window = {from, to};
  o.filter = compile_band_filter(include, exclude, merge);
  o.style.portrait = portrait;
  o.style.marks = !no_marks;
  if (!eps.empty() || app.count("--eps-width")) {
    double w = eps_width_points(eps);
    if (!(w > 144)) throw usage_error("-e width must be more than 2 inches (144pt); got '" + eps + "'");
    o.style.eps_width = w;
  }
  if (!sort_name.empty()) o.select.by_name = sort_name == "desc" ? NameOrder::descending : NameOrder::ascending;
  o.select.band_limit = max_bands;
  if (max_bands > 20) o.style.key_pages = true;
  o.style.no_key = max_bands == 0 && !o.style.key_pages;
  if (!format.empty()) o.format = parse_format(format);
  o.input_format = input_format == "hp" ? InputFormat::hp
                   : input_format == "eventlog" ? InputFormat::eventlog
                                                : InputFormat::automatic;
  return o;
}

}  // namespace hpng
