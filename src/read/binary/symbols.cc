// See symbols.h.
#include "hpng/read/symbols.h"

#include <cctype>
#include <cstring>
#include <vector>

namespace hpng {

namespace {

void append_utf8(std::string& out, unsigned long c) {
  if (c < 0x80) {
    out += static_cast<char>(c);
  } else if (c < 0x800) {
    out += static_cast<char>(0xC0 | (c >> 6)), out += static_cast<char>(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    out += static_cast<char>(0xE0 | (c >> 12)), out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else if (c < 0x110000) {
    out += static_cast<char>(0xF0 | (c >> 18)), out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F)), out += static_cast<char>(0x80 | (c & 0x3F));
  }
}

// zNNNU: a code point, in hexadecimal (GHC writes it with showHex).
bool code_point(std::string_view s, size_t& at, std::string& out) {
  size_t end = at;
  while (end < s.size() && std::isxdigit(static_cast<unsigned char>(s[end]))) ++end;
  if (end == at || end >= s.size() || s[end] != 'U' || end - at > 6) return false;
  append_utf8(out, std::strtoul(std::string(s.substr(at, end - at)).c_str(), nullptr, 16));
  at = end + 1;
  return true;
}

// ZnT, ZnH: an unboxed or boxed tuple of arity n.
bool tuple(std::string_view s, size_t& at, std::string& out) {
  size_t end = at;
  while (end < s.size() && std::isdigit(static_cast<unsigned char>(s[end]))) ++end;
  if (end == at || end >= s.size() || (s[end] != 'T' && s[end] != 'H') || end - at > 3) return false;
  int n = std::atoi(std::string(s.substr(at, end - at)).c_str());
  bool unboxed = s[end] == 'H';
  std::string commas(n > 1 ? n - 1 : 0, ',');
  out += unboxed ? (n == 1 ? "(# #)" : "(#" + commas + "#)") : "(" + commas + ")";
  at = end + 1;
  return true;
}

}  // namespace

std::string z_decode(std::string_view s) {
  static const char* const kLower = "z" "z" "a&" "b|" "c^" "d$" "e=" "g>" "h#" "i." "l<" "m-" "n!" "p+" "q'" "r\\" "s/"
                                    "t*" "u_" "v%";
  static const char* const kUpper = "ZZ" "L(" "R)" "M[" "N]" "C:";
  std::string out;
  for (size_t at = 0; at < s.size();) {
    char c = s[at++];
    if ((c != 'z' && c != 'Z') || at == s.size()) {
      out += c;
      continue;
    }
    char next = s[at];
    if (std::isdigit(static_cast<unsigned char>(next)) && (c == 'z' ? code_point(s, at, out) : tuple(s, at, out))) continue;
    const char* table = c == 'z' ? kLower : kUpper;
    const char* found = nullptr;
    for (const char* p = table; *p; p += 2) {
      if (p[0] == next) found = p;
    }
    out += found ? found[1] : next;
    ++at;
  }
  return out;
}

namespace {

std::vector<std::string_view> parts_of(std::string_view symbol) {
  std::vector<std::string_view> parts;
  for (size_t at = 0;;) {
    size_t end = symbol.find('_', at);
    parts.push_back(symbol.substr(at, end == std::string_view::npos ? std::string_view::npos : end - at));
    if (end == std::string_view::npos) return parts;
    at = end + 1;
  }
}

// A unit's part starts with a lower-case letter or holds an encoded '-';
// a module's starts with an upper-case one.
bool is_unit(std::string_view part) {
  return !part.empty() && (std::islower(static_cast<unsigned char>(part[0])) || part.find("zm") != std::string_view::npos);
}

}  // namespace

std::optional<SymbolName> decode_symbol(std::string_view symbol) {
  if (!symbol.ends_with("_info")) return std::nullopt;
  SymbolName s;
  if (symbol.starts_with("stg_")) {  // the RTS's C names, not encoded
    s.rts = true, s.name = symbol.substr(4, symbol.size() - 9);
    return s.name.empty() ? std::nullopt : std::optional(s);
  }
  std::vector<std::string_view> parts = parts_of(symbol.substr(0, symbol.size() - 5));
  if (parts.size() >= 2 && parts.back() == "con") s.kind = SymbolKind::constructor, parts.pop_back();
  else if (parts.size() >= 2 && parts.back() == "static") s.kind = SymbolKind::static_info, parts.pop_back();
  size_t at = parts.size() >= 3 && is_unit(parts[0]) ? 1 : 0;
  if (parts.size() < at + 2 || parts[at].empty() || !std::isupper(static_cast<unsigned char>(parts[at][0]))) return std::nullopt;
  s.unit = at ? z_decode(parts[0]) : "";
  s.module = z_decode(parts[at]);
  // A Haskell name never starts with a digit (GHC encodes one as z3NU):
  // "SRT_16_info" is the RTS's, not a module's.
  if (parts[at + 1].empty() || std::isdigit(static_cast<unsigned char>(parts[at + 1][0]))) return std::nullopt;
  s.name = z_decode(parts[at + 1]);
  for (size_t k = at + 2; k < parts.size(); ++k) s.extra += (s.extra.empty() ? "" : "_") + std::string(parts[k]);
  return s.name.empty() ? std::nullopt : std::optional(s);
}

std::string shown_name(const SymbolName& s) {
  if (s.rts) return s.name;
  return (s.unit.empty() ? "" : s.unit + ":") + s.module + "." + s.name;
}

}  // namespace hpng
