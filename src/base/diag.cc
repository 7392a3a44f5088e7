// Formatting of diagnostics; positions are computed from byte offsets only
// when a message is made, so readers never count lines on the fast path.
#include "hpng/base/diag.h"

#include <algorithm>
#include <cstdio>

namespace hpng {

ErrorKind kind_of(Code code) {
  if (code <= Code::mixed_units) return ErrorKind::usage;
  if (code <= Code::watch_ended) return ErrorKind::input;
  if (code <= Code::empty_filter) return ErrorKind::nothing_to_draw;
  if (code <= Code::output_is_input) return ErrorKind::output;
  if (code == Code::over_limit) return ErrorKind::gate;
  if (code == Code::program_failed || code == Code::cannot_record) return ErrorKind::program;
  if (code >= Code::gate_within) return ErrorKind::note;
  return ErrorKind::warning;
}

std::string shown_path(const std::string& path) {
  constexpr size_t kSide = 100;
  if (path.size() <= 2 * kSide + 3) return path;
  return path.substr(0, kSide) + "..." + path.substr(path.size() - kSide);
}

std::string describe(const Diagnostic& d) {
  std::string s = shown_path(d.file);
  if (d.line > 0) s += ":" + std::to_string(d.line) + ":" + std::to_string(d.column);
  else if (d.byte) s += ":byte " + std::to_string(*d.byte);
  return s.empty() ? d.message : s + ": " + d.message;
}

Error::Error(Diagnostic d) : std::runtime_error(describe(d)), diag_(std::move(d)) {}

Error usage_error(Code code, std::string message) { return Error({code, "", {}, 0, 0, "", std::move(message)}); }

Error file_error(Code code, std::string file, std::string message) {
  return Error({code, std::move(file), {}, 0, 0, "", std::move(message)});
}

int exit_status(Code code) {
  ErrorKind k = kind_of(code);
  return k == ErrorKind::usage ? 2 : k == ErrorKind::gate ? 3 : k == ErrorKind::program ? 4 : 1;
}

void Warnings::add(Diagnostic d) {
  if (held_back_.count(std::to_string(static_cast<int>(d.code)) + " " + d.file)) return;
  if (!said_.insert(std::to_string(static_cast<int>(d.code)) + " " + describe(d)).second) return;
  if (on_add) on_add(d);
  list_.push_back(std::move(d));
}

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
