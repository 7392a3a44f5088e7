// The .aux file: X_RANGE and Y_RANGE (floats with a decimal point), then
// ORDER <name> <position> and SHADE <name> <shade> per band, bottom first,
// which -p reads back to draw a new profile alike. Reading follows hp2ps's grammar
// with one deliberate fix: a name after ORDER or SHADE is a name even when it
// starts with a digit (hp2ps wrote such names but could not read them back);
// and two additions: a name in quotes (aux_writer.cc quotes any name that is
// not one plain word) is unescaped, and an unquoted name containing spaces
// (as older hp2ps-ng wrote them) is read up to the last field of its line.
#include "hpng/read/aux_file.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include "hpng/base/diag.h"

namespace hpng {

namespace {

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

class AuxParser {
 public:
  // An .aux holds a line per band: 64 MiB is far more than any has.
  explicit AuxParser(const Input& in) : in_(in), text_(read_all(in, size_t{64} << 20)), s_(text_) {}

  AuxFile parse() {
    for (;;) {
      std::string_view w = word();
      if (w.empty()) break;
      size_t at = pos_ - w.size();
      if (w == "X_RANGE" || w == "Y_RANGE") {
        double v;
        if (!float_value(word(), v)) fail(at, "floating point number must follow " + std::string(w));
        (w[0] == 'X' ? aux_.x_range : aux_.y_range) = v;
      } else if (w == "ORDER" || w == "SHADE") {
        named_entry(w, at);
      } else {
        fail(at, kind(w) + " unexpected: expected X_RANGE, Y_RANGE, ORDER or SHADE");
      }
    }
    return std::move(aux_);
  }

 private:
  [[noreturn]] void fail(size_t offset, const std::string& msg) const {
    throw Error(in_.at(Code::aux_syntax, offset, msg));
  }
  static std::string kind(std::string_view w) {
    if (!w.empty() && w[0] >= '0' && w[0] <= '9') {
      return w.find('.') == std::string_view::npos ? "integer" : "floating point number";
    }
    return "identifier '" + excerpt(w) + "'";
  }
  std::string_view word() {
    while (pos_ < s_.size() && is_space(s_[pos_])) ++pos_;
    size_t b = pos_;
    while (pos_ < s_.size() && !is_space(s_[pos_])) ++pos_;
    return s_.substr(b, pos_ - b);
  }
  static bool float_value(std::string_view w, double& v) {
    if (w.empty() || w[0] < '0' || w[0] > '9' || w.find('.') == std::string_view::npos) return false;
    std::from_chars(w.data(), w.data() + w.size(), v);
    return true;
  }
  static bool int_value(std::string_view w, long long& v) {
    if (w.empty() || w.find_first_not_of("0123456789") != std::string_view::npos) return false;
    return std::from_chars(w.data(), w.data() + w.size(), v).ec == std::errc();
  }
  // A name in quotes with C's escapes (\\ \" \n \t \xHH), as aux_writer
  // writes any name that is not one plain word. Anything else at pos_,
  // including a quote that does not close before the line ends (a plain
  // name of an older file that starts with one), leaves pos_ where it was.
  bool quoted_name(std::string& out) {
    size_t p = pos_;
    while (p < s_.size() && is_space(s_[p])) ++p;
    if (p == s_.size() || s_[p] != '"') return false;
    for (++p; p < s_.size() && s_[p] != '\n'; ++p) {
      char c = s_[p];
      if (c == '"') {
        if (p + 1 < s_.size() && !is_space(s_[p + 1])) return false;
        pos_ = p + 1;
        return true;
      }
      if (c == '\\' && !escape(p, out)) return false;
      if (c != '\\') out += c;
    }
    out.clear();
    return false;
  }
  // The escape at s_[p] (a backslash) appended to out; p left on its last byte.
  bool escape(size_t& p, std::string& out) const {
    if (++p == s_.size()) return false;
    switch (s_[p]) {
      case 'n': out += '\n'; return true;
      case 't': out += '\t'; return true;
      case '"': case '\\': out += s_[p]; return true;
      case 'x': break;
      default: return false;
    }
    unsigned v = 0;
    if (p + 2 >= s_.size() || std::from_chars(s_.data() + p + 1, s_.data() + p + 3, v, 16).ptr != s_.data() + p + 3) {
      return false;
    }
    out += static_cast<char>(v);
    p += 2;
    return true;
  }
  void named_entry(std::string_view keyword, size_t at) {
    bool order = keyword == "ORDER";
    std::string expects = order ? "integer" : "floating point number";
    size_t line_start = pos_;
    std::string unquoted;
    bool was_quoted = quoted_name(unquoted);
    std::string_view name = was_quoted ? std::string_view(unquoted) : word();
    if (name.empty() && !was_quoted) fail(at, "identifier must follow " + std::string(keyword));
    std::string_view value = word();
    long long n = 0;
    double d = 0;
    bool ok = order ? int_value(value, n) : float_value(value, d);
    if (!ok && !was_quoted) {  // a name with spaces: the value is the last field of the line
      size_t eol = s_.find('\n', line_start);
      if (eol == std::string_view::npos) eol = s_.size();
      std::string_view line = s_.substr(line_start, eol - line_start);
      while (!line.empty() && is_space(line.back())) line.remove_suffix(1);
      while (!line.empty() && is_space(line.front())) line.remove_prefix(1);
      size_t cut = line.find_last_of(" \t");
      if (cut != std::string_view::npos) {
        value = line.substr(cut + 1);
        name = line.substr(0, cut);
        while (!name.empty() && is_space(name.back())) name.remove_suffix(1);
        ok = order ? int_value(value, n) : float_value(value, d);
        if (ok) pos_ = eol;
      }
    }
    if (!ok) fail(at, "identifier and " + expects + " must follow " + std::string(keyword));
    if (order) {
      aux_.order.emplace_back(std::string(name), n);
    } else {
      aux_.shade.emplace_back(std::string(name), d);
    }
  }

  const Input& in_;
  std::string text_;
  std::string_view s_;
  size_t pos_ = 0;
  AuxFile aux_;
};

}  // namespace

AuxFile read_aux(const Input& in) { return AuxParser(in).parse(); }

}  // namespace hpng
