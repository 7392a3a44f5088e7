// See regex_errors.h. std::regex's error kind is not reliable enough to
// name the problem (libstdc++ reports "*a" as a parenthesis error), so the
// pattern is scanned with ECMAScript's rules for the first construct that
// cannot compile: escapes, bracket classes, groups, repetitions. The kind
// is used only when the scan finds nothing.
#include "transform/regex_errors.h"

#include <vector>

namespace hpng {

namespace {

struct Problem {
  size_t at;         // 0-based
  const char* what;  // empty: none found
};

class Scanner {
 public:
  explicit Scanner(const std::string& p) : p_(p) {}
  Problem first_problem() {
    for (i_ = 0; i_ < p_.size(); ++i_) {
      if (Problem found = step(); found.what) return found;
    }
    if (!open_.empty()) return {open_.back(), "a '(' that is never closed"};
    return {0, nullptr};
  }

 private:
  Problem step() {
    char c = p_[i_];
    if (c == '\\') return escape();
    if (c == '[') return bracket();
    if (c == '(') return group();
    if (c == ')') {
      if (open_.empty()) return {i_, "a ')' that closes no '('"};
      open_.pop_back();
      can_repeat_ = true;
      return {};
    }
    if (c == '|') can_repeat_ = false;
    if (c == '*' || c == '+' || c == '?' || c == '{') return repetition();
    if (c != '|') can_repeat_ = true;
    return {};
  }
  Problem escape() {
    if (i_ + 1 == p_.size()) return {i_, "a '\\' with nothing after it"};
    ++i_;
    can_repeat_ = true;
    return {};
  }
  Problem bracket() {
    size_t start = i_++;
    if (i_ < p_.size() && p_[i_] == '^') ++i_;
    for (bool first = true; i_ < p_.size(); ++i_, first = false) {
      char c = p_[i_];
      if (c == ']' && !first) {
        can_repeat_ = true;
        return {};
      }
      if (c == '\\') ++i_;
      if (c == '[' && i_ + 1 < p_.size() && p_[i_ + 1] == ':') return {i_, "a character class ([:name:])"};
      if (c == '-' && !first && i_ + 1 < p_.size() && p_[i_ + 1] != ']' &&
          static_cast<unsigned char>(p_[i_ - 1]) > static_cast<unsigned char>(p_[i_ + 1])) {
        return {i_ - 1, "a range whose start is after its end"};
      }
    }
    return {start, "a '[' that is never closed"};
  }
  Problem group() {
    if (i_ + 1 < p_.size() && p_[i_ + 1] == '?') {
      if (i_ + 2 >= p_.size() || (p_[i_ + 2] != ':' && p_[i_ + 2] != '=' && p_[i_ + 2] != '!')) {
        return {i_, "a '(?' group other than (?:...), (?=...) or (?!...)"};
      }
      i_ += 2;
    }
    open_.push_back(i_ - (p_[i_] == '(' ? 0 : 2));
    can_repeat_ = false;
    return {};
  }
  Problem repetition() {
    if (!can_repeat_) return {i_, "a repetition (*, +, ? or {}) with nothing before it to repeat"};
    if (p_[i_] == '{') return braces();
    if (i_ + 1 < p_.size() && p_[i_ + 1] == '?') ++i_;  // lazy
    can_repeat_ = false;
    return {};
  }
  Problem braces() {  // {n}, {n,} or {n,m} with n <= m
    size_t start = i_, j = i_ + 1;
    size_t n = number(j), m = n;
    bool ok = n != kNone;
    if (ok && j < p_.size() && p_[j] == ',') {
      ++j;
      m = j < p_.size() && p_[j] == '}' ? n : number(j);
      ok = m != kNone && m >= n;
    }
    if (!ok || j >= p_.size() || p_[j] != '}') return {start, "a repetition {n,m} that is not one"};
    i_ = j;
    can_repeat_ = false;
    return {};
  }
  size_t number(size_t& j) const {
    size_t start = j, v = 0;
    while (j < p_.size() && p_[j] >= '0' && p_[j] <= '9') v = v * 10 + static_cast<size_t>(p_[j++] - '0');
    return j == start ? kNone : v;
  }

  static constexpr size_t kNone = static_cast<size_t>(-1);
  const std::string& p_;
  size_t i_ = 0;
  std::vector<size_t> open_;  // unclosed '('
  bool can_repeat_ = false;   // something before a repetition to repeat
};

const char* kind_text(std::regex_constants::error_type code) {
  namespace rc = std::regex_constants;
  switch (code) {
    case rc::error_backref: return "a back-reference to a group that does not exist";
    case rc::error_complexity: case rc::error_stack: return "a pattern too complex to match";
    case rc::error_ctype: return "an unknown character class";
    case rc::error_collate: return "an unknown collating element";
    default: return "a construct std::regex does not accept";
  }
}

}  // namespace

std::string describe_regex_error(const std::string& pattern, std::regex_constants::error_type code) {
  Problem p = Scanner(pattern).first_problem();
  if (!p.what) return kind_text(code);
  return std::string(p.what) + " at character " + std::to_string(p.at + 1);
}

}  // namespace hpng
