// hp2ps's tokens over one window of a .hp's bytes (hp_reader.cc reads the
// statements they make). Tokens are views into the window: nothing is
// allocated per line.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "stream/name_table.h"

namespace hpng {

// The bytes of the language: blanks as C's isspace, digits, keywords.
namespace hp_bytes {

inline constexpr std::array<bool, 256> kSpace = [] {
  std::array<bool, 256> t{};
  for (unsigned char c : {' ', '\t', '\n', '\v', '\f', '\r'}) t[c] = true;
  return t;
}();
inline bool is_space(char c) { return kSpace[static_cast<unsigned char>(c)]; }
inline bool is_digit(char c) { return c >= '0' && c <= '9'; }

inline bool is_keyword(std::string_view w) {
  return w == "JOB" || w == "DATE" || w == "SAMPLE_UNIT" || w == "VALUE_UNIT" || w == "MARK" ||
         w == "BEGIN_SAMPLE" || w == "END_SAMPLE";
}

}  // namespace hp_bytes

// eof: nothing before the end of the whole file; more: a token the bytes so
// far may not hold whole; unterminated: a string the whole file never ends.
enum class Tok { eof, more, unterminated, string, number, ident };

struct Token {
  Tok kind;
  size_t begin, end;  // [begin, end) in the window; strings include quotes
};

// A data line read whole: its band (NameTable::kNone: a name not predicted,
// `name` to look up), where the name starts in the window, and its value.
struct QuickPoint {
  uint32_t id;
  std::string_view name;
  size_t at;
  uint64_t value;
};

// GHC's "name with spaces<TAB>value" line: `name` runs to the last TAB.
struct TabPoint {
  std::string_view name, digits;
  size_t digits_at;  // in the window
};

class HpLexer {
 public:
  // The window: `bytes` are the file's from `base`; reading starts at `pos`
  // in them; `at_end`: they run to the end of the whole file.
  void start(std::string_view bytes, size_t base, size_t pos, bool at_end) {
    s_ = bytes, base_ = base, pos_ = pos, at_end_ = at_end;
  }
  size_t base() const { return base_; }
  size_t pos() const { return pos_; }
  void rewind(size_t pos) { pos_ = pos; }

  // hp2ps's lexer, with one rule of its own: a token starting with a digit
  // at the start of a statement is a name (GHC writes names like "123abc").
  Token next(bool statement_start);
  std::string_view text(const Token& t) const { return s_.substr(t.begin, t.end - t.begin); }
  // The token as a message shows it: "end of file", "a string", 'text'.
  std::string found(const Token& t) const;
  // A string token's value: its quotes gone, each "" one quote.
  std::string string_value(const Token& t) const;

  // The line almost every statement is: a name, blanks, a whole number of
  // at most 19 digits, then a blank (or the end of the whole file). Read
  // whole, or nothing is consumed and false returned. The name is compared
  // first with the one `names` predicts (eight bytes at a time) and
  // scanned only when that guess fails; a keyword is no name.
  inline bool quick_point(const NameTable& names, QuickPoint& point);
  // The line from `name` to its end, when it has the tab form with a whole
  // number after the last TAB: then consumed up to the number's end. Before
  // the end of the whole file, a line without its newline is `more`.
  enum class Line { more, other, tab_point };
  Line tab_point(const Token& name, TabPoint& point);

 private:
  Token string_token(size_t begin);
  Token word_token(size_t begin, bool number);

  std::string_view s_;
  size_t base_ = 0, pos_ = 0;
  bool at_end_ = false;
};

// Inline: the loop's path, a call a line in another file cost 2 % more
// instructions.
inline bool HpLexer::quick_point(const NameTable& names, QuickPoint& point) {
  const char* const all = s_.data();
  const char* const end = all + s_.size();
  const char* p = all + pos_;
  while (p < end && hp_bytes::is_space(*p)) ++p;
  const char* name = p;
  if (p == end || *p == '"') return false;
  size_t length = 0;
  uint32_t id = names.predicted({p, static_cast<size_t>(end - p)}, hp_bytes::is_space, length);
  if (id != NameTable::kNone) {
    p += length;
  } else {
    while (p < end && !hp_bytes::is_space(*p)) ++p;
    if (*name >= 'A' && *name <= 'Z' && hp_bytes::is_keyword({name, static_cast<size_t>(p - name)})) return false;
  }
  std::string_view w(name, static_cast<size_t>(p - name));
  while (p < end && hp_bytes::is_space(*p)) ++p;
  const char* digits = p;
  uint64_t n = 0;
  while (p < end && hp_bytes::is_digit(*p)) n = n * 10 + static_cast<uint64_t>(*p++ - '0');
  size_t count = static_cast<size_t>(p - digits);
  if (count == 0 || count > 19 || (p < end ? !hp_bytes::is_space(*p) : !at_end_)) return false;
  pos_ = static_cast<size_t>(p - all);
  point = {id, w, static_cast<size_t>(name - all), n};
  return true;
}

}  // namespace hpng
