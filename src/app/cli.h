// The command line: hp2ps's single-letter options, exactly as hp2ps reads
// them, translated to long options and parsed with CLI11.
#pragma once
#include <string>
#include <vector>

#include "hpng/app/options.h"

namespace hpng {

// Fills Options from argv. Throws CLI::Error (help, version, parse errors)
// or Error (usage). Letters it ignores are warnings (option_ignored).
Options parse_command_line(int argc, char** argv, Warnings& warnings, std::string& help);

}  // namespace hpng
