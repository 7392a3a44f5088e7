// See pattern_errors.h.
#include "transform/pattern_errors.h"

#include <re2/re2.h>

#include <vector>

namespace hpng {

namespace {

// A parenthesis RE2 found unbalanced: the last '(' never closed, or the
// first ')' that closes none (escapes and [...] classes skipped).
size_t unbalanced_paren(const std::string& p, bool unclosed) {
  std::vector<size_t> open;
  for (size_t i = 0; i < p.size(); ++i) {
    if (p[i] == '\\') {
      ++i;
    } else if (p[i] == '[') {
      for (i += i + 1 < p.size() && p[i + 1] == ']' ? 2 : 1; i < p.size() && p[i] != ']'; ++i) i += p[i] == '\\';
    } else if (p[i] == '(') {
      open.push_back(i);
    } else if (p[i] == ')') {
      if (open.empty() && !unclosed) return i;
      if (!open.empty()) open.pop_back();
    }
  }
  return unclosed && !open.empty() ? open.back() : 0;
}

const char* what_is_wrong(const re2::RE2& re) {
  switch (re.error_code()) {
    case re2::RE2::ErrorMissingParen: return "a '(' that is never closed";
    case re2::RE2::ErrorUnexpectedParen: return "a ')' that closes no '('";
    case re2::RE2::ErrorMissingBracket: return "a '[' that is never closed";
    case re2::RE2::ErrorRepeatArgument: return "a repetition (*, +, ? or {}) with nothing before it to repeat";
    case re2::RE2::ErrorTrailingBackslash: return "a '\\' with nothing after it";
    case re2::RE2::ErrorBadCharRange: return "a range whose start is after its end";
    case re2::RE2::ErrorRepeatSize: return "a repetition {n,m} that is not one, or above 1000";
    case re2::RE2::ErrorRepeatOp: return "a repetition of a repetition";
    case re2::RE2::ErrorBadCharClass: return "an unknown character class";
    case re2::RE2::ErrorBadUTF8: return "bytes that are not UTF-8";
    case re2::RE2::ErrorPatternTooLarge: return "a pattern too large to match (its repetitions expand too far)";
    case re2::RE2::ErrorBadPerlOp:
      return "a '(?' group RE2 does not have: lookahead and lookbehind ((?=, (?!, (?<=, (?<!) are not supported "
             "(patterns match in linear time), and named groups are (?P<name>...)";
    case re2::RE2::ErrorBadEscape:
      return re.error_arg().size() == 2 && re.error_arg()[1] >= '1' && re.error_arg()[1] <= '9'
                 ? "a back-reference: RE2 patterns have none (they match in linear time)"
                 : "an unknown escape sequence";
    default: return nullptr;
  }
}

// Where (from 0): found by scanning for parentheses, else where the text
// RE2 names is.
size_t where(const std::string& p, const re2::RE2& re) {
  switch (re.error_code()) {
    case re2::RE2::ErrorMissingParen: return unbalanced_paren(p, true);
    case re2::RE2::ErrorUnexpectedParen: return unbalanced_paren(p, false);
    case re2::RE2::ErrorTrailingBackslash: return p.empty() ? 0 : p.size() - 1;
    default: {
      size_t at = re.error_arg().empty() ? std::string::npos : p.find(re.error_arg());
      return at == std::string::npos ? 0 : at;
    }
  }
}

}  // namespace

std::string describe_pattern_error(const std::string& pattern, const re2::RE2& re) {
  const char* what = what_is_wrong(re);
  if (!what) return re.error();
  return std::string(what) + " at character " + std::to_string(where(pattern, re) + 1);
}

}  // namespace hpng
