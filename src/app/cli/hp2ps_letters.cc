// hp2ps's letters. hp2ps reads options its own way: the first letter after
// '-' selects the option and the rest of the argument is its value (-m10,
// -e6in, -t0.5, -i-); only 'p' lets another letter follow (-pc).
// translate_hp2ps_args checks those values and turns them into long
// options from the letter table, so that CLI11 does the rest of the
// parsing. Departures, each deliberate: a wrong option or value is exit
// status 2 with a message on stderr (hp2ps printed usage to stdout and
// exited 0, and took "-mabc" as -m0); -l means "no band limit, no key", as
// the GHC manual documents it; -h is a short help, --help the whole.
#include <algorithm>
#include <cstdlib>

#include "app/cli/cli.h"
#include "base/text.h"

namespace hpng {

const std::vector<Letter>& hp2ps_letters() {
  static const std::vector<Letter> letters = {
      {'b', "--big-title", LetterValue::none, "-b"},         {'s', "--small-title", LetterValue::none, "-s"},
      {'c', "--colour", LetterValue::none, "-c"},            {'d', "--sort-deviation", LetterValue::none, "-d"},
      {'g', "--portrait", LetterValue::none, "-g"},          {'M', "--key-pages", LetterValue::none, "-M"},
      {'y', "--no-marks", LetterValue::none, "-y"},          {'l', "--max-bands=0", LetterValue::none, "-l"},
      {'p', "--reuse-aux", LetterValue::then_letter, "-p"},  {'m', "--max-bands", LetterValue::count, "-m<n>"},
      {'t', "--trace", LetterValue::percent, "-t<pct>"},     {'e', "--eps-width", LetterValue::width, "-e<w>[in|mm|pt]"},
      {'i', "--sort-name", LetterValue::order, "-i[+|-]"}};
  return letters;
}

namespace {

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

// A letter's value, checked as hp2ps's letter takes it, as its long option.
std::string letter_value(const Letter& l, const std::string& arg, const std::string& rest, const std::string& next) {
  switch (l.value) {
    case LetterValue::count:  // -m<n>: a whole number, 0 or more (0: no limit and no key)
      if (!rest.empty() && rest[0] == '-') bad_letter('m', arg, "takes a band limit of 0 or more", next);
      if (rest.empty() || rest.size() > 9 || !all_of(rest, is_digit)) {
        bad_letter('m', arg, "takes a whole number attached, e.g. -m10 (-m0: no limit)", next);
      }
      return l.option + "=" + rest;
    case LetterValue::percent:  // -t<pct>: 0 to 5; -t alone is 0, as in hp2ps
      if (rest.empty()) return l.option + "=0";
      if (decimal_length(rest) != rest.size()) bad_letter('t', arg, "takes a percentage from 0 to 5 attached, e.g. -t0.5", next);
      if (std::atof(rest.c_str()) > 5) throw usage_error(Code::bad_option, excerpt(arg) + ": the trace percentage must be from 0 to 5");
      return l.option + "=" + rest;
    case LetterValue::width:
      if (rest.empty()) bad_letter('e', arg, "takes a width attached, e.g. -e6in, -e150mm or -e400pt", next);
      return l.option + "=" + rest;
    case LetterValue::order:  // -i, -i+ (ascending), -i- (descending)
      if (rest.empty() || rest == "+") return l.option + "=asc";
      if (rest == "-") return l.option + "=desc";
      bad_letter('i', arg, "takes nothing, + or - (-i, -i+: ascending; -i-: descending)", next);
    default: return l.option;
  }
}

// One argument's letters: the first decides; 'p' lets another follow.
void translate_cluster(const std::vector<Letter>& letters, const std::string& arg, const std::string& next,
                       std::vector<std::string>& out, Warnings& warnings) {
  for (std::string cluster = arg.substr(1); !cluster.empty();) {
    char letter = cluster[0];
    std::string rest = cluster.substr(1);
    if (letter == 'h' || letter == '?') return out.push_back("-h");
    if (letter == 'o') return out.push_back("--output=" + rest);
    auto l = std::find_if(letters.begin(), letters.end(), [&](const Letter& x) { return x.letter == letter; });
    if (l == letters.end()) {
      throw usage_error(Code::bad_option, "unknown option '-" + excerpt(cluster) + "' in " + excerpt(arg) + " (see --help)");
    }
    out.push_back(letter_value(*l, arg, rest, next));
    if (l->value == LetterValue::then_letter) {
      cluster = rest;
      continue;
    }
    if (l->value == LetterValue::none && !rest.empty()) {
      warnings.add({Code::option_ignored, "", {}, 0, 0, "",
                    "ignoring '" + excerpt(rest) + "' in " + excerpt(arg) + " (one option per argument, as in hp2ps)"});
    }
    return;
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

// A long option the table does not have is refused with the nearest one;
// one written --option= with nothing after the '=' is refused too (CLI11
// would take the next word as its value).
void check_long(const OptionTable& table, const std::string& a) {
  std::string name = a.substr(0, a.find('='));
  const OptionDef* d = find_option(table, name);
  if (!d && name != "--help" && name != "--version" && name != "--completions") {
    std::string near = nearest(name, long_names(table));
    throw usage_error(Code::bad_option, "unknown option " + excerpt(name) +
                                            (near.empty() ? "" : ": did you mean " + near + "?") + " (see --help)");
  }
  if (d && !d->value.empty() && a.size() == name.size() + 1) {
    throw usage_error(Code::bad_option, name + "= gives an empty value: write " + name + "=" + d->value + " or " + name + " " + d->value);
  }
}

}  // namespace

std::vector<std::string> translate_hp2ps_args(const OptionTable& table, const std::vector<Letter>& letters, int argc,
                                              char** argv, Warnings& warnings) {
  std::vector<std::string> out;
  bool dash_is_stdin = several_runs(argc, argv);
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    std::string next = i + 1 < argc ? argv[i + 1] : "";
    const OptionDef* d = a.size() > 1 && a[0] == '-' ? find_option(table, a) : nullptr;
    if (a == "--watch") {  // its interval only ever attached: --watch=5
      out.push_back("--watch=" + printed("%g", kWatchEvery));
    } else if (a == "--") {
      for (++i; i < argc; ++i) out.push_back(argv[i]);
    } else if ((d || a == "--completions") && (a == "--completions" || !d->value.empty()) && i + 1 < argc) {
      out.push_back(a);
      out.push_back(argv[++i]);  // verbatim, even one that looks like an option (--max-peak -5)
    } else if (a.starts_with("--")) {
      check_long(table, a);
      out.push_back(a);
    } else if (a[0] != '-' || (a == "-" && dash_is_stdin)) {
      out.push_back(a);
    } else if (a.size() > 1) {  // a lone "-" is an empty cluster, as in hp2ps
      translate_cluster(letters, a, next, out, warnings);
    }
  }
  return out;
}

}  // namespace hpng
