// Input bytes and format detection. A regular file is mapped, not copied,
// and readers hand back the pages they have passed (release), so memory does
// not grow with the file; standard input is read into memory. Readers make
// views into the bytes instead of copying tokens.
#pragma once
#include <memory>
#include <string>
#include <string_view>

namespace hpng {

enum class InputFormat { automatic, hp, eventlog };

struct Input {
  std::string name;   // for messages: the path, or "stdin"
  std::string bytes;  // the bytes, when they are held in memory
  std::shared_ptr<const char> mapping{};  // or the mapped file
  size_t mapped_size = 0;

  std::string_view data() const { return mapping ? std::string_view(mapping.get(), mapped_size) : bytes; }
  // Lets the system drop the mapped pages before byte `end` (they are read
  // again if touched). A no-op for bytes held in memory.
  void release(size_t end) const;
  // "LINE:COL" of a byte offset, without keeping the pages it counts through.
  std::string position(size_t offset) const;
};

// Maps a regular file, or reads standard input for "-" (or a pipe, a
// device). Throws Error (kind input).
Input load_input(const std::string& path);

// An eventlog starts with the header-begin marker "hdrb"; anything else is
// taken as a .hp file.
InputFormat sniff_format(std::string_view bytes);

}  // namespace hpng
