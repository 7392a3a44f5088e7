// The command line: hp2ps's single-letter options, exactly as hp2ps reads
// them, translated to long options and parsed with CLI11.
#pragma once
#include <string>
#include <vector>

#include "hpng/app/options.h"

namespace hpng {

// Fills Options from argv. Throws CLI::Error (help, version, parse errors)
// or UsageError. Notes about ignored letters go to `notes`.
Options parse_command_line(int argc, char** argv, std::vector<std::string>& notes, std::string& help);

}  // namespace hpng
