// See hp_lexer.h.
#include "read/hp/hp_lexer.h"

#include <array>

#include "hpng/base/diag.h"

namespace hpng {

using hp_bytes::is_digit;
using hp_bytes::is_space;

std::string HpLexer::found(const Token& t) const {
  switch (t.kind) {
    case Tok::eof: return "end of file";
    case Tok::string: return "a string";
    default: {
      std::string r(1, '\'');  // built up piecewise: GCC 12 warns on "'" + s
      r += excerpt(text(t));
      r += '\'';
      return r;
    }
  }
}

// A string runs to the next '"' not followed by another ('""' is a quote).
// Before the end of the whole file a closing quote at the very end of the
// bytes may yet be the first half of a '""'.
Token HpLexer::string_token(size_t b) {
  for (size_t i = b + 1;;) {
    size_t q = s_.find('"', i);
    if (q == std::string_view::npos) return {at_end_ ? Tok::unterminated : Tok::more, b, s_.size()};
    if (q + 1 == s_.size() && !at_end_) return {Tok::more, b, s_.size()};
    if (q + 1 < s_.size() && s_[q + 1] == '"') {
      i = q + 2;
      continue;
    }
    pos_ = q + 1;
    return {Tok::string, b, pos_};
  }
}

Token HpLexer::word_token(size_t b, bool number) {
  if (number) {
    while (pos_ < s_.size() && (is_digit(s_[pos_]) || s_[pos_] == '.')) ++pos_;
  } else {
    while (pos_ < s_.size() && !is_space(s_[pos_])) ++pos_;
  }
  if (pos_ == s_.size() && !at_end_) return {Tok::more, b, pos_};
  return {number ? Tok::number : Tok::ident, b, pos_};
}

Token HpLexer::next(bool statement_start) {
  while (pos_ < s_.size() && is_space(s_[pos_])) ++pos_;
  size_t b = pos_;
  if (pos_ >= s_.size()) return {at_end_ ? Tok::eof : Tok::more, b, b};
  if (s_[pos_] == '"') return string_token(b);
  return word_token(b, !statement_start && is_digit(s_[pos_]));
}

std::string HpLexer::string_value(const Token& t) const {
  std::string_view body = s_.substr(t.begin + 1, t.end - t.begin - 2);
  std::string out;
  out.reserve(body.size());
  for (size_t i = 0; i < body.size(); ++i) {
    out += body[i];
    if (body[i] == '"') ++i;  // skip the second quote of a ""
  }
  return out;
}

HpLexer::Line HpLexer::tab_point(const Token& name, TabPoint& point) {
  size_t eol = s_.find('\n', name.begin);
  if (eol == std::string_view::npos) {
    if (!at_end_) return Line::more;
    eol = s_.size();
  }
  std::string_view line = s_.substr(name.begin, eol - name.begin);
  size_t tab = line.rfind('\t');
  if (tab == std::string_view::npos || tab == 0) return Line::other;
  size_t i = tab + 1;
  while (i < line.size() && is_digit(line[i])) ++i;
  size_t digits_end = i;
  while (i < line.size() && is_space(line[i])) ++i;
  if (digits_end == tab + 1 || i != line.size()) return Line::other;
  point = {line.substr(0, tab), line.substr(tab + 1, digits_end - tab - 1), name.begin + tab + 1};
  pos_ = name.begin + digits_end;
  return Line::tab_point;
}

}  // namespace hpng
