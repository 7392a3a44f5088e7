// What is wrong with a regular expression, in words, with the position
// where it goes wrong: std::regex says only which kind of error it found.
#pragma once
#include <regex>
#include <string>

namespace hpng {

// e.g. "unmatched '(' at character 3".
std::string describe_regex_error(const std::string& pattern, std::regex_constants::error_type code);

}  // namespace hpng
