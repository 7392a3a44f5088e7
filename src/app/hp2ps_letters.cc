// hp2ps's letters. hp2ps reads options its own way: the first letter after
// '-' selects the option and the rest of the argument is its value (-m10,
// -e6in, -t0.5, -i-); only 'p' lets another letter follow (-pc).
// translate_hp2ps_args checks those values and turns them into long
// options, so that CLI11 does the rest of the parsing and --help.
// Departures, each deliberate: a wrong option or value is exit status 2
// with a message on stderr (hp2ps printed usage to stdout and exited 0, and
// took "-mabc" as -m0); -l means "no band limit, no key", as the GHC manual
// documents it.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdlib>

#include "app/cli.h"
#include "base/text.h"

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

bool all_of(std::string_view s, bool (*ok)(char)) { return std::all_of(s.begin(), s.end(), ok); }
bool is_lower_or_percent(char c) { return (c >= 'a' && c <= 'z') || c == '%'; }
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
    std::string value = excerpt(next);
    msg += "; its value goes in the same argument: write -" + std::string(1, letter) + value + ", not " + arg + " " + value;
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
        warnings.add({Code::option_ignored, "", {}, 0, 0, "",
                      "ignoring '" + excerpt(rest) + "' in " + excerpt(arg) + " (one option per argument, as in hp2ps)"});
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
      default:
        throw usage_error(Code::bad_option, "unknown option '-" + excerpt(cluster) + "' in " + excerpt(arg) + " (see --help)");
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

}  // namespace

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

}  // namespace hpng
