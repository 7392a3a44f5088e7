// See json_text.h.
#include "output/json_text.h"

#include <charconv>
#include <cmath>
#include <cstdio>

#include "base/text.h"

namespace hpng {

void append_number(std::string& out, double v) {
  char buf[64];
  std::to_chars_result r;
  if (v == std::trunc(v) && std::fabs(v) < 1e17) {
    r = std::to_chars(buf, buf + sizeof buf, static_cast<long long>(v));
  } else {
    r = std::to_chars(buf, buf + sizeof buf, v);
  }
  out.append(buf, r.ptr);
}

void append_json_string(std::string& out, const std::string& raw) {
  std::string s = to_valid_utf8(raw);
  out += '"';
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += c;
        }
    }
  }
  out += '"';
}

void append_member(std::string& out, const char* key, double v) {
  out += std::string(", \"") + key + "\": ";
  append_number(out, v);
}

}  // namespace hpng
