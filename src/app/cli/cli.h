// The command line: hp2ps's single-letter options, exactly as hp2ps reads
// them, translated to long options and parsed with CLI11 from one option
// table (option_table.h). A file a concern: the parse (cli.cc), hp2ps's
// letters (hp2ps_letters.cc), the options that conflict (conflicts.cc),
// --help and -h (help.cc), the shells' completions (completions.cc).
#pragma once
#include <string>
#include <vector>

#include "app/cli/option_table.h"
#include "hpng/base/diag.h"

namespace hpng {

// Fills Options from argv. Throws Error (usage: a code and what to write
// instead), or CLI::CallForHelp and CLI::CallForVersion with what to print
// in `help` (--help, -h, --version, --completions SHELL). Letters it
// ignores are warnings (option_ignored).
Options parse_command_line(int argc, char** argv, Warnings& warnings, std::string& help);

// hp2ps's letters: each with the long option it stands for and how its
// value is written (hp2ps's way: attached, -m10).
enum class LetterValue { none, count, percent, width, order, then_letter };
struct Letter {
  char letter;
  std::string option;  // "--max-bands"; "--max-bands=0" for -l
  LetterValue value;
  std::string shown;   // in --help: "-m<n>"
};
const std::vector<Letter>& hp2ps_letters();

// argv[1..argc) with hp2ps's letters turned into the long options of
// `table` (the value of an option that takes one is the next word, as it
// is). Throws Error (usage) for a letter or value hp2ps would refuse, an
// option the table does not have (with the nearest one), and an empty
// value written --option=.
std::vector<std::string> translate_hp2ps_args(const OptionTable& table, const std::vector<Letter>& letters, int argc,
                                              char** argv, Warnings& warnings);

// Every option against every other: throws Error (usage) for those that
// conflict; settles what one option implies for another (--watch-pid
// alone watches).
void check_conflicts(Options& o);

// --help (every option, by group) or -h (the common ones), within 100
// columns.
std::string help_text(const OptionTable& table, const std::vector<Letter>& letters, bool full);

// A bash or zsh completion script of every option of `table`.
std::string completion_script(const OptionTable& table, const std::vector<Letter>& letters, const std::string& shell);

}  // namespace hpng
