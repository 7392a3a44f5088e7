// The parse: hp2ps's letters translated, the words checked against the
// option table and handed to CLI11, which fills Options from the table's
// bindings; then the options that conflict are refused. Options after the
// file names are honoured (hp2ps ignored them).
#include "app/cli/cli.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <regex>

#include "base/text.h"

namespace hpng {

namespace {

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

// CLI11's message in hp2ps-ng's words: "--dpi: takes ..." reads "--dpi
// takes ...", and an overlong word (CLI11 quotes a value whole) is shown
// as an excerpt.
std::string in_our_words(std::string_view message) {
  std::string out;
  for (size_t at = 0; at < message.size();) {
    size_t end = std::min(message.find(' ', at), message.size());
    std::string_view word = message.substr(at, end - at);
    out += word.size() > 200 ? excerpt(word) : std::string(word);
    if (end < message.size()) out += ' ';
    at = end + 1;
  }
  return std::regex_replace(out, std::regex("^(--[a-z-]+): takes "), "$1 takes ");
}

// --help, -h, --version and --completions: what to print instead of a run.
bool asked_for_help(const OptionTable& table, const std::vector<std::string>& args, std::string& help) {
  for (size_t k = 0; k < args.size(); ++k) {
    if (args[k] == "--help" || args[k] == "-h") help = help_text(table, hp2ps_letters(), args[k] == "--help");
    else if (args[k] == "--version") help = std::string("hp2ps-ng ") + HPNG_VERSION + "\n";
    else if (args[k] == "--completions" && k + 1 < args.size()) {
      if (args[k + 1] != "bash" && args[k + 1] != "zsh") {
        throw usage_error(Code::bad_option, "--completions takes bash or zsh (got '" + excerpt(args[k + 1]) + "')");
      }
      help = completion_script(table, hp2ps_letters(), args[k + 1]);
    } else continue;
    return true;
  }
  return false;
}

// CLI11's own refusals (a value a check refused) are usage errors with a
// code like every other.
void parse_words(CLI::App& app, std::vector<std::string>& args) {
  try {
    app.parse(args);
  } catch (const CLI::ParseError& e) {
    throw usage_error(Code::bad_option, in_our_words(e.what()) + " (see --help)");
  }
}

}  // namespace

Options parse_command_line(int argc, char** argv, Warnings& warnings, std::string& help) {
  const OptionTable& table = option_table();
  Options o;
  int own = split_program(argc, argv, o.program);
  std::vector<std::string> args = translate_hp2ps_args(table, hp2ps_letters(), own, argv, warnings);
  if (asked_for_help(table, args, help)) throw CLI::CallForHelp();
  CLI::App app{"hp2ps-ng", "hp2ps-ng"};
  app.set_help_flag();
  app.add_option("file", o.files);
  define_options(app, table, o);
  std::reverse(args.begin(), args.end());  // CLI11 takes them in reverse
  parse_words(app, args);
  check_conflicts(o);
  o.command = command_text(argc, argv);
  return o;
}

}  // namespace hpng
