// The command line: hp2ps's single-letter options, exactly as hp2ps reads
// them, translated to long options and parsed with CLI11.
#pragma once
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

// A bash or zsh completion script of every option of `app`
// (app/completions.cc).
std::string completion_script(const CLI::App& app, const std::string& shell);

}  // namespace hpng
