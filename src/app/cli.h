// The command line: hp2ps's single-letter options, exactly as hp2ps reads
// them, translated to long options and parsed with CLI11 from one option
// table. A file a concern: the table (cli.cc), hp2ps's letters
// (hp2ps_letters.cc), the values and conflicts (option_checks.cc), the
// completions (completions.cc).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "hpng/app/options.h"

namespace CLI {
class App;
}

namespace hpng {

// Fills Options from argv. Throws CLI::Error (help, version, parse errors)
// or Error (usage). Letters it ignores are warnings (option_ignored).
// --completions SHELL asks for a script instead: it is put in `help` and
// CLI::CallForHelp thrown, as for --help.
Options parse_command_line(int argc, char** argv, Warnings& warnings, std::string& help);

// What CLI11 fills where an option's words are not yet a field of Options:
// finish_options checks them and turns them into Options.
struct Parsed {
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

// The option table: every option of `app`, each bound to the field of `o`
// or `p` it fills, with its help; and --version and the help's footer.
void define_options(CLI::App& app, Options& o, Parsed& p);

// argv[1..argc) with hp2ps's letters turned into the long options of `app`
// (the value of an option of `app` that takes one is the next word, as it
// is). Throws Error (usage) for a letter or value hp2ps would refuse.
std::vector<std::string> translate_hp2ps_args(const CLI::App& app, int argc, char** argv, Warnings& warnings);

// `p` checked and moved into `o`, and the options that conflict refused
// (Error, usage).
void finish_options(const CLI::App& app, Options& o, const Parsed& p);

// A bash or zsh completion script of every option of `app`
// (app/completions.cc).
std::string completion_script(const CLI::App& app, const std::string& shell);

}  // namespace hpng
