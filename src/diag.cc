// Formatting of diagnostics; positions are computed from byte offsets only
// when a message is made, so readers never count lines on the fast path.
#include "hpng/diag.h"

#include <algorithm>
#include <cstdio>

namespace hpng {

std::string describe(const Diagnostic& d) {
  std::string s = d.file;
  if (!d.location.empty()) s += ":" + d.location;
  return s + ": " + d.message;
}

InputError::InputError(Diagnostic d) : std::runtime_error(describe(d)), diag_(std::move(d)) {}

std::string excerpt(std::string_view bytes, size_t max) {
  std::string out;
  size_t n = std::min(bytes.size(), max);
  for (size_t i = 0; i < n; ++i) {
    unsigned char c = static_cast<unsigned char>(bytes[i]);
    if (c == '\\') {
      out += "\\\\";
    } else if (c >= 0x20 && c < 0x7f) {
      out += static_cast<char>(c);
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02X", c);
      out += buf;
    }
  }
  if (bytes.size() > max) out += "...";
  return out;
}

}  // namespace hpng
