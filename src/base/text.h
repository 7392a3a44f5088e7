// Text helpers shared by the writers: names come from input files and may be
// any bytes, while JSON, SVG and Pango need valid UTF-8.
#pragma once
#include <string>
#include <string_view>

namespace hpng {

// Invalid UTF-8 sequences become U+FFFD; valid text is unchanged.
std::string to_valid_utf8(std::string_view s);

// The longest prefix of at most max_bytes that does not split a UTF-8
// character.
std::string_view utf8_prefix(std::string_view s, size_t max_bytes);

// "1,234,567": hp2ps's digit grouping of a truncated integer.
std::string group_digits(double v);

}  // namespace hpng
