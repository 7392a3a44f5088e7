// Input bytes and format detection. The whole input is held in memory once;
// readers make views into it instead of copying tokens.
#pragma once
#include <string>
#include <string_view>

namespace hpng {

enum class InputFormat { automatic, hp, eventlog };

struct Input {
  std::string name;   // for messages: the path, or "stdin"
  std::string bytes;  // the whole file
};

// Reads a file, or standard input for "-". Throws InputError.
Input load_input(const std::string& path);

// An eventlog starts with the header-begin marker "hdrb"; anything else is
// taken as a .hp file.
InputFormat sniff_format(std::string_view bytes);

}  // namespace hpng
