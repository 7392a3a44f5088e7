// UTF-8 repair and truncation for names that reach text outputs, and the
// number formats every writer shares.
#include "base/text.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <vector>

namespace hpng {

namespace {

// Length of the valid UTF-8 sequence at s[i], or 0 if it is invalid.
size_t utf8_len(std::string_view s, size_t i) {
  unsigned char c = static_cast<unsigned char>(s[i]);
  if (c < 0x80) return 1;
  size_t n;
  unsigned min;
  unsigned cp;
  if ((c & 0xE0) == 0xC0) n = 2, min = 0x80, cp = c & 0x1F;
  else if ((c & 0xF0) == 0xE0) n = 3, min = 0x800, cp = c & 0x0F;
  else if ((c & 0xF8) == 0xF0) n = 4, min = 0x10000, cp = c & 0x07;
  else return 0;
  if (i + n > s.size()) return 0;
  for (size_t k = 1; k < n; ++k) {
    unsigned char d = static_cast<unsigned char>(s[i + k]);
    if ((d & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (d & 0x3F);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return n;
}

constexpr size_t kMaxBytes = 1024;  // more than any line of a page holds
const std::string kEllipsis = "\u2026";

using Fits = std::function<bool(const std::string&)>;

// A cost-centre stack ("f/g/main") keeps its innermost name and its outer
// end. A -hi band's name ("label (file:span, table)") is no stack though its
// path has slashes: its end (the location, the table) tells it apart.
std::string fit_stack(const std::string& s, const Fits& fits) {
  if (s.find(" (") != std::string::npos) return "";
  std::vector<size_t> slashes;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '/') slashes.push_back(i);
  }
  if (slashes.empty()) return "";
  std::string head = s.substr(0, slashes.front() + 1) + kEllipsis;
  for (size_t k = 1; k < slashes.size(); ++k) {  // fewest names dropped first
    std::string t = head + s.substr(slashes[k]);
    if (fits(t)) return t;
  }
  return fits(head) ? head : "";
}

std::string fit_characters(const std::string& s, const Fits& fits) {
  size_t lo = 0, hi = s.size();
  auto cut = [&](size_t n) {
    size_t head = n * 2 / 5;
    return std::string(utf8_prefix(s, head)) + kEllipsis + std::string(utf8_suffix(s, n - head));
  };
  while (lo < hi) {  // the largest byte count that fits
    size_t mid = (lo + hi + 1) / 2;
    if (fits(cut(mid))) lo = mid; else hi = mid - 1;
  }
  return cut(lo);
}

}  // namespace

std::string_view utf8_suffix(std::string_view s, size_t max_bytes) {
  if (s.size() <= max_bytes) return s;
  size_t start = s.size() - max_bytes;
  while (start < s.size() && (static_cast<unsigned char>(s[start]) & 0xC0) == 0x80) ++start;
  return s.substr(start);
}

std::string shorten_middle(const std::string& name, const Fits& fits) {
  bool whole = name.size() <= 2 * kMaxBytes;
  std::string s = whole ? to_valid_utf8(name)
                        : to_valid_utf8(utf8_prefix(name, kMaxBytes)) + kEllipsis +
                              to_valid_utf8(utf8_suffix(name, kMaxBytes));
  if (whole && fits(s)) return s;
  std::string stack = fit_stack(s, fits);
  return stack.empty() ? fit_characters(s, fits) : stack;
}

std::string to_valid_utf8(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size();) {
    size_t n = utf8_len(s, i);
    if (n == 0) {
      out += "\xEF\xBF\xBD";
      ++i;
    } else {
      out.append(s.substr(i, n));
      i += n;
    }
  }
  return out;
}

std::string_view utf8_prefix(std::string_view s, size_t max_bytes) {
  if (s.size() <= max_bytes) return s;
  size_t end = max_bytes;
  while (end > 0 && (static_cast<unsigned char>(s[end]) & 0xC0) == 0x80) --end;
  return s.substr(0, end);
}

std::string lower_ascii(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
  return out;
}

std::string printed(const char* format, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, v);
  return buf;
}

std::string cut_at(std::string_view s, size_t max_bytes) {
  if (s.size() <= max_bytes) return to_valid_utf8(s);
  return to_valid_utf8(utf8_prefix(s, max_bytes)) + "\u2026";
}

std::string si_amount(double v, const std::string& unit, bool sign) {
  static const char* const kPrefixes[] = {"", "k", "M", "G", "T", "P", "E", "Z", "Y"};
  double a = std::fabs(v);
  size_t k = 0;
  while (a >= 999.95 && k + 1 < std::size(kPrefixes)) a /= 1000, ++k;  // 999.96 kB shows as 1.0 MB
  std::string head = v < 0 ? "-" : sign && v > 0 ? "+" : "";
  // Past yotta (a crafted .hp's 36 digits) an exponent keeps the figure as
  // short as the others: the report's columns hold 8 characters.
  if (a >= 999.95) return head + printed("%.0e", std::fabs(v)) + " " + (unit == "bytes" ? "B" : unit);
  std::string number = printed(k == 0 ? "%.0f" : "%.1f", a);
  if (unit == "bytes") return head + number + " " + kPrefixes[k] + "B";
  return head + number + (k ? std::string(" ") + kPrefixes[k] : "") + " " + unit;
}

// XML 1.0's characters: tab, newline, return, U+0020 to U+D7FF, U+E000 to
// U+FFFD and beyond U+FFFF. Valid UTF-8 has no surrogates, so what is left
// to replace is C0 (as spaces) and U+FFFE, U+FFFF (as U+FFFD): one such
// character in a band's name made a whole SVG unreadable.
std::string markup_escape(std::string_view s) {
  std::string text = to_valid_utf8(s), out;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default:
        if (text.compare(i, 2, "\xEF\xBF") == 0 && i + 2 < text.size() && (static_cast<unsigned char>(text[i + 2]) & 0xFE) == 0xBE) {
          out += "\uFFFD";
          i += 2;
        } else {
          out += static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t' ? ' ' : c;
        }
    }
  }
  return out;
}

size_t shared_start(const std::vector<std::string_view>& names) {
  if (names.empty()) return 0;
  size_t d = names[0].size();
  for (std::string_view n : names) {
    n = n.substr(0, d);
    d = static_cast<size_t>(std::mismatch(n.begin(), n.end(), names[0].begin()).first - n.begin());
  }
  return d;
}

namespace {

// U+202A-U+202E (E2 80 AA-AE) and U+2066-U+2069 (E2 81 A6-A9), at `i`.
bool bidi_control(const std::string& s, size_t i) {
  if (i + 2 >= s.size() || static_cast<unsigned char>(s[i]) != 0xE2) return false;
  unsigned char b = static_cast<unsigned char>(s[i + 1]), c = static_cast<unsigned char>(s[i + 2]);
  return (b == 0x80 && c >= 0xAA && c <= 0xAE) || (b == 0x81 && c >= 0xA6 && c <= 0xA9);
}

// The code point of the valid UTF-8 character at `s[i]`, and its length.
char32_t code_point(std::string_view s, size_t i, size_t& length) {
  unsigned char c = static_cast<unsigned char>(s[i]);
  length = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
  if (i + length > s.size()) return length = 1, 0xFFFD;
  char32_t v = length == 1 ? c : c & (0x7F >> length);
  for (size_t k = 1; k < length; ++k) v = v << 6 | (static_cast<unsigned char>(s[i + k]) & 0x3F);
  return v;
}

// Unicode's East Asian Wide and Fullwidth blocks, and the emoji blocks a
// terminal draws two columns wide.
int width_of(char32_t c) {
  if ((c >= 0x300 && c <= 0x36F) || (c >= 0x200B && c <= 0x200F) || (c >= 0xFE00 && c <= 0xFE0F) ||
      (c >= 0x20D0 && c <= 0x20FF) || c == 0xFEFF) {
    return 0;
  }
  static const char32_t kWide[][2] = {{0x1100, 0x115F}, {0x231A, 0x231B}, {0x2329, 0x232A}, {0x23E9, 0x23EC},
                                      {0x25FD, 0x25FE}, {0x2614, 0x2615}, {0x2648, 0x2653}, {0x26AA, 0x26AB},
                                      {0x26BD, 0x26BE}, {0x26F5, 0x26F5}, {0x26FA, 0x26FA}, {0x2705, 0x2705},
                                      {0x270A, 0x270B}, {0x274C, 0x274C}, {0x2753, 0x2755}, {0x2795, 0x2797},
                                      {0x2E80, 0x303E}, {0x3041, 0x33FF}, {0x3400, 0x4DBF}, {0x4E00, 0x9FFF},
                                      {0xA000, 0xA4CF}, {0xAC00, 0xD7A3}, {0xF900, 0xFAFF}, {0xFE30, 0xFE4F},
                                      {0xFF00, 0xFF60}, {0xFFE0, 0xFFE6}, {0x1F300, 0x1F64F}, {0x1F680, 0x1F6FF},
                                      {0x1F900, 0x1F9FF}, {0x1FA70, 0x1FAFF}, {0x20000, 0x2FFFD}, {0x30000, 0x3FFFD}};
  for (const auto& r : kWide) {
    if (c >= r[0] && c <= r[1]) return 2;
  }
  return 1;
}

}  // namespace

size_t screen_width(std::string_view s) {
  size_t columns = 0;
  for (size_t i = 0, n = 0; i < s.size(); i += n) columns += static_cast<size_t>(width_of(code_point(s, i, n)));
  return columns;
}

std::string_view screen_prefix(std::string_view s, size_t columns) {
  size_t used = 0, i = 0;
  for (size_t n = 0; i < s.size(); i += n) {
    size_t w = static_cast<size_t>(width_of(code_point(s, i, n)));
    if (used + w > columns) break;
    used += w;
  }
  return s.substr(0, i);
}

std::string_view screen_suffix(std::string_view s, size_t columns) {
  size_t from = s.size(), used = 0;
  while (from > 0) {
    size_t start = from - 1;
    while (start > 0 && (static_cast<unsigned char>(s[start]) & 0xC0) == 0x80) --start;
    size_t n = 0;
    size_t w = static_cast<size_t>(width_of(code_point(s, start, n)));
    if (used + w > columns) break;
    used += w, from = start;
  }
  return s.substr(from);
}

std::string terminal_safe(std::string_view raw) {
  std::string s = to_valid_utf8(raw), out;
  for (size_t i = 0; i < s.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    bool c1 = c == 0xC2 && i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) < 0xA0;
    if (bidi_control(s, i)) {
      size_t n = 0;
      char shown[8];
      std::snprintf(shown, sizeof shown, "\\u%04x", static_cast<unsigned>(code_point(s, i, n)));
      out += shown;
      i += n - 1;
    } else if (c < 0x20 || c == 0x7f || c1) {
      char shown[8];
      std::snprintf(shown, sizeof shown, c1 ? "\\u%04x" : "\\x%02x", c1 ? static_cast<unsigned char>(s[++i]) : c);
      out += shown;
    } else {
      out += s[i];
    }
  }
  return out;
}

std::string short_source_location(const std::string& src_loc) {
  size_t colon = src_loc.find(':');
  if (colon == std::string::npos) return src_loc;
  size_t slash = src_loc.rfind('/', colon), from = slash == std::string::npos ? 0 : slash + 1;
  std::string file = src_loc.substr(from, colon - from), span = src_loc.substr(colon + 1);
  if (span.starts_with('(')) {
    span = span.substr(1, span.find(')') - 1);
    std::replace(span.begin(), span.end(), ',', ':');
  } else {
    span = span.substr(0, span.find('-'));
  }
  return file + ":" + span;
}

std::string group_digits(double v) {
  char buf[64];
  if (!(std::fabs(v) < 9.2e18)) v = v < 0 ? -9.2e18 : 9.2e18;
  std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(v));
  std::string digits = buf, out;
  size_t start = digits[0] == '-' ? 1 : 0;
  out = digits.substr(0, start);
  for (size_t i = start; i < digits.size(); ++i) {
    if (i > start && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

// Numbers are read by hand, in one pass: a pattern engine that recursed
// per character overflowed the stack on a 30,000-digit value.
size_t decimal_length(std::string_view s) {
  auto digits = [&](size_t i) {
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
    return i;
  };
  size_t whole = digits(0);
  if (whole == s.size() || s[whole] != '.') return whole;
  size_t fraction = digits(whole + 1);
  return whole == 0 && fraction == 1 ? 0 : fraction;
}

// strtod alone also reads hexadecimal (0x10), "inf", "nan" and leading
// spaces: the characters are checked first.
std::optional<double> decimal_number(const std::string& text) {
  if (text.empty() || text.find_first_not_of("0123456789.eE+-") != std::string::npos) return std::nullopt;
  char* end = nullptr;
  double d = std::strtod(text.c_str(), &end);
  if (end == text.c_str() || *end != '\0') return std::nullopt;
  return d;
}

std::optional<double> size_in_bytes(const std::string& text) {
  size_t n = decimal_length(text);
  std::string unit = text.substr(n);
  if (unit.ends_with("B")) unit.pop_back();
  static const std::pair<const char*, double> units[] = {{"", 1},         {"k", 1e3},          {"K", 1e3},
                                                          {"M", 1e6},     {"G", 1e9},          {"T", 1e12},
                                                          {"Ki", 1024.0}, {"Mi", 1048576.0}, {"Gi", 1073741824.0},
                                                          {"Ti", 1099511627776.0}};
  for (const auto& [name, factor] : units) {
    if (n > 0 && unit == name) return std::atof(text.substr(0, n).c_str()) * factor;
  }
  return std::nullopt;
}

std::string join_words(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& w : words) out += (out.empty() ? "" : " ") + w;
  return out;
}

std::string shell_word(const std::string& w) {
  auto plain = [](unsigned char c) { return std::isalnum(c) || (c != 0 && std::strchr("@%+=:,./_-", c) != nullptr); };
  if (!w.empty() && std::all_of(w.begin(), w.end(), plain)) return w;
  std::string out = "'";
  for (char c : w) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace hpng
