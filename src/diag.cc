// Formatting of diagnostics; positions are computed from byte offsets only
// when a message is made, so readers never count lines on the fast path.
#include "hpng/diag.h"

#include <algorithm>
#include <cstdio>

namespace hpng {

std::string describe(const Diagnostic& d) {
  std::string s = d.file;
  if (!d.location.empty()) s += ":" + d.location;
  return s.empty() ? d.message : s + ": " + d.message;
}

Error::Error(ErrorKind kind, Diagnostic d) : std::runtime_error(describe(d)), kind_(kind), diag_(std::move(d)) {}

Error input_error(std::string file, std::string location, std::string message) {
  return Error(ErrorKind::input, {std::move(file), std::move(location), std::move(message)});
}

Error usage_error(std::string message) { return Error(ErrorKind::usage, {"", "", std::move(message)}); }

Error output_error(std::string file, std::string message) {
  return Error(ErrorKind::output, {std::move(file), "", std::move(message)});
}

int exit_status(ErrorKind kind) { return kind == ErrorKind::usage ? 2 : 1; }

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
