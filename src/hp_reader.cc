// The .hp reader: hp2ps's input language (behaviour reference section 1),
// read in one pass over the bytes, data points streamed to a SampleSink.
// Tokens are views into the input buffer; nothing is allocated per line
// except when a band name is seen for the first time (name_table.h).
// Departures from hp2ps, each deliberate:
//  * a name followed by text that is not an integer may still be a GHC line
//    "name with spaces<TAB>value": the name then runs to the last TAB;
//  * an incomplete final sample (killed program, file still being written,
//    file cut mid-line) is dropped with a warning instead of aborting;
//  * no 32-byte cap on numbers and no 4999-byte cap on names;
//  * line numbers count every newline, including those inside strings.
#include "hpng/hp_reader.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <string_view>

#include "name_table.h"

namespace hpng {

namespace {

constexpr size_t kReleaseEvery = size_t{8} << 20;

constexpr std::array<bool, 256> kSpace = [] {
  std::array<bool, 256> t{};
  for (unsigned char c : {' ', '\t', '\n', '\v', '\f', '\r'}) t[c] = true;
  return t;
}();
bool is_space(char c) { return kSpace[static_cast<unsigned char>(c)]; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

enum class Tok { eof, string, number, ident };

struct Token {
  Tok kind;
  size_t begin, end;  // [begin, end) in the input; strings include quotes
};

// Thrown inside the parser when input ends where more was required; the
// parser turns it into a warning when complete samples came before, and
// into this error otherwise.
struct EndOfInput {
  size_t offset;
  std::string message;
};

class HpParser {
 public:
  HpParser(const Input& in, SampleSink& sink) : in_(in), s_(in.data()), sink_(sink) {}
  Profile parse();

 private:
  [[noreturn]] void error(size_t offset, const std::string& msg) const {
    throw InputError({in_.name, in_.position(offset), msg});
  }
  std::string_view text(const Token& t) const { return s_.substr(t.begin, t.end - t.begin); }
  std::string found(const Token& t) const;
  Token next(bool statement_start);
  std::string string_value(const Token& t) const;
  double float_argument(const char* keyword);
  void statement(const Token& t);
  bool quick_data_line();
  void data_line(const Token& name);
  void add_point(std::string_view name, double value);
  bool try_tab_separated(const Token& name);
  void warn_incomplete_sample(size_t end_offset, bool cut_mid_statement);
  void check_header() const;
  double whole_number(std::string_view digits, size_t offset) const {
    if (digits.size() <= 19) {  // exact in 64 bits; converts as from_chars rounds
      uint64_t n = 0;
      for (char c : digits) n = n * 10 + static_cast<uint64_t>(c - '0');
      return static_cast<double>(n);
    }
    double v = 0;
    auto r = std::from_chars(digits.data(), digits.data() + digits.size(), v);
    if (r.ec == std::errc::result_out_of_range) error(offset, "number out of range: '" + excerpt(digits) + "'");
    return v;
  }

  const Input& in_;
  std::string_view s_;
  size_t pos_ = 0;
  SampleSink& sink_;
  Profile p_;
  NameTable names_;                // band ids are its numbers
  size_t complete_bands_ = 0;      // bands seen by the last END_SAMPLE
  size_t released_ = 0;            // input released up to here
  bool seen_job_ = false, seen_date_ = false, seen_sample_unit_ = false, seen_value_unit_ = false;
  bool in_sample_ = false;
  bool have_begin_ = false;   // a BEGIN_SAMPLE since the last END_SAMPLE
  double last_time_ = 0;      // the latest BEGIN_SAMPLE time
  double pending_time_ = 0;   // time of the sample being read
  size_t begin_offset_ = 0;   // where the open sample began
  size_t pending_points_ = 0; // data points waiting for the next END_SAMPLE
  size_t first_pending_ = 0;  // offset of the first of them
};

std::string HpParser::found(const Token& t) const {
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

Token HpParser::next(bool statement_start) {
  while (pos_ < s_.size() && is_space(s_[pos_])) ++pos_;
  size_t b = pos_;
  if (pos_ >= s_.size()) return {Tok::eof, b, b};
  char c = s_[pos_];
  if (c == '"') {
    size_t i = pos_ + 1;
    for (;;) {
      size_t q = s_.find('"', i);
      if (q == std::string_view::npos) {
        pos_ = s_.size();
        throw EndOfInput{b, "EOF when expecting \": the string that starts here has no closing quote"};
      }
      if (q + 1 < s_.size() && s_[q + 1] == '"') {  // "" is a literal quote
        i = q + 2;
        continue;
      }
      pos_ = q + 1;
      return {Tok::string, b, pos_};
    }
  }
  if (!statement_start && is_digit(c)) {
    while (pos_ < s_.size() && (is_digit(s_[pos_]) || s_[pos_] == '.')) ++pos_;
    return {Tok::number, b, pos_};
  }
  while (pos_ < s_.size() && !is_space(s_[pos_])) ++pos_;
  return {Tok::ident, b, pos_};
}

std::string HpParser::string_value(const Token& t) const {
  std::string_view body = s_.substr(t.begin + 1, t.end - t.begin - 2);
  std::string out;
  out.reserve(body.size());
  for (size_t i = 0; i < body.size(); ++i) {
    out += body[i];
    if (body[i] == '"') ++i;  // skip the second quote of a ""
  }
  return out;
}

// A number token with a '.', valued as C's atof would: "1." is 1 and
// "0.0.5" is 0 (conversion stops at the second dot).
double HpParser::float_argument(const char* keyword) {
  Token t = next(false);
  if (t.kind == Tok::eof) {
    throw EndOfInput{t.begin, std::string("floating point number must follow ") + keyword + " (found end of file)"};
  }
  std::string_view v = text(t);
  if (t.kind != Tok::number || v.find('.') == std::string_view::npos) {
    error(t.begin, std::string("floating point number must follow ") + keyword + " (found " +
                       found(t) + "; times are written with a decimal point, e.g. 1.0)");
  }
  double d = 0;
  auto r = std::from_chars(v.data(), v.data() + v.size(), d);
  if (r.ec == std::errc::result_out_of_range) error(t.begin, "number out of range: '" + excerpt(v) + "'");
  return d;
}

void HpParser::add_point(std::string_view name, double value) {
  sink_.point(names_.find_or_add(name), value);
}

// GHC writes "name<TAB>value<LF>" and names may contain spaces. When the
// token after a name is not an integer, accept the line if it has that
// shape, with the name running up to the last TAB.
bool HpParser::try_tab_separated(const Token& name) {
  size_t eol = s_.find('\n', name.begin);
  if (eol == std::string_view::npos) eol = s_.size();
  std::string_view line = s_.substr(name.begin, eol - name.begin);
  size_t tab = line.rfind('\t');
  if (tab == std::string_view::npos || tab == 0) return false;
  size_t i = tab + 1, digits_end;
  while (i < line.size() && is_digit(line[i])) ++i;
  digits_end = i;
  if (digits_end == tab + 1) return false;
  while (i < line.size() && is_space(line[i])) ++i;
  if (i != line.size()) return false;
  double v = whole_number(line.substr(tab + 1, digits_end - tab - 1), name.begin + tab + 1);
  add_point(line.substr(0, tab), v);
  pos_ = name.begin + digits_end;
  return true;
}

void HpParser::data_line(const Token& name) {
  size_t after_name = pos_;
  Token v = next(false);
  if (v.kind == Tok::number && text(v).find('.') == std::string_view::npos) {
    double value = whole_number(text(v), v.begin);
    if (pending_points_++ == 0) first_pending_ = name.begin;
    add_point(text(name), value);
    return;
  }
  pos_ = after_name;
  if (try_tab_separated(name)) {
    if (pending_points_++ == 0) first_pending_ = name.begin;
    return;
  }
  if (v.kind == Tok::eof) {
    throw EndOfInput{v.begin, "integer must follow identifier '" + excerpt(text(name)) + "' (found end of file)"};
  }
  std::string why;
  if (v.kind == Tok::number) {
    why = "; values are whole numbers";
  } else if (!text(v).empty() && text(v)[0] == '-') {
    why = "; values cannot be negative";
  }
  std::string hint;
  if (!seen_job_ && p_.times.empty()) {  // no header yet: is this a profile at all?
    std::string_view head = s_.substr(0, 64);
    if (std::any_of(head.begin(), head.end(), [](char c) { return c != '\t' && c != '\n' && c != '\r' && static_cast<unsigned char>(c) < 0x20; })) {
      hint = "; this does not look like a .hp heap profile or a GHC eventlog";
    }
  }
  error(v.begin, "integer must follow identifier '" + excerpt(text(name)) + "' (found " +
                     found(v) + why + ")" + hint);
}

bool is_keyword(std::string_view w) {
  return w == "JOB" || w == "DATE" || w == "SAMPLE_UNIT" || w == "VALUE_UNIT" || w == "MARK" ||
         w == "BEGIN_SAMPLE" || w == "END_SAMPLE";
}

// The line almost every statement is: a name, blanks, a whole number, then a
// blank or the end. Reads it as next() + statement() would and returns true,
// or touches nothing and returns false for anything else.
bool HpParser::quick_data_line() {
  const char* const all = s_.data();
  const char* const end = all + s_.size();
  const char* p = all + pos_;
  while (p < end && is_space(*p)) ++p;
  const char* name = p;
  if (p == end || *p == '"') return false;
  while (p < end && !is_space(*p)) ++p;
  std::string_view w(name, static_cast<size_t>(p - name));
  if (*name >= 'A' && *name <= 'Z' && is_keyword(w)) return false;
  while (p < end && is_space(*p)) ++p;
  const char* digits = p;
  uint64_t n = 0;
  while (p < end && is_digit(*p)) n = n * 10 + static_cast<uint64_t>(*p++ - '0');
  size_t count = static_cast<size_t>(p - digits);
  if (count == 0 || count > 19 || (p < end && !is_space(*p))) return false;
  if (pending_points_++ == 0) first_pending_ = static_cast<size_t>(name - all);
  pos_ = static_cast<size_t>(p - all);
  add_point(w, static_cast<double>(n));
  return true;
}

void HpParser::statement(const Token& t) {
  std::string_view w = text(t);
  if (t.kind == Tok::string) {
    error(t.begin, "string unexpected: expected a keyword or a band name at the start of a line");
  }
  if (!w.empty() && w[0] >= 'A' && w[0] <= 'Z') {
    bool* seen = nullptr;
    std::string* field = nullptr;
    if (w == "JOB") seen = &seen_job_, field = &p_.job;
    if (w == "DATE") seen = &seen_date_, field = &p_.date;
    if (w == "SAMPLE_UNIT") seen = &seen_sample_unit_, field = &p_.sample_unit;
    if (w == "VALUE_UNIT") seen = &seen_value_unit_, field = &p_.value_unit;
    if (field) {
      Token a = next(false);
      if (a.kind == Tok::eof) {
        throw EndOfInput{a.begin, "string must follow " + std::string(w) + " (found end of file)"};
      }
      if (a.kind != Tok::string) {
        error(a.begin, "string must follow " + std::string(w) + " (found " + found(a) + ")");
      }
      *field = string_value(a);
      *seen = true;
      return;
    }
    if (w == "MARK") {
      double m = float_argument("MARK");
      if (in_sample_) error(t.begin, "MARK occurs within sample (marks go between samples)");
      p_.marks.push_back(m);
      return;
    }
    if (w == "BEGIN_SAMPLE") {
      double tm = float_argument("BEGIN_SAMPLE");
      if (tm < last_time_) {
        error(t.begin, "samples out of sequence: this BEGIN_SAMPLE is earlier than the previous one");
      }
      last_time_ = pending_time_ = tm;
      in_sample_ = have_begin_ = true;
      names_.start_sample();
      begin_offset_ = t.begin;
      return;
    }
    if (w == "END_SAMPLE") {
      float_argument("END_SAMPLE");  // read and ignored, as hp2ps does
      p_.times.push_back(have_begin_ ? pending_time_ : last_time_);
      sink_.end_sample();
      complete_bands_ = names_.size();
      in_sample_ = have_begin_ = false;
      pending_points_ = 0;
      names_.start_sample();
      return;
    }
  }
  data_line(t);
}

void HpParser::warn_incomplete_sample(size_t end_offset, bool cut_mid_statement) {
  size_t n = p_.times.size();
  bool had_points = pending_points_ > 0;
  if (!in_sample_ && !had_points && !cut_mid_statement) return;
  std::string msg;
  size_t where = in_sample_ ? begin_offset_ : (had_points ? first_pending_ : end_offset);
  if (in_sample_) {
    msg = "incomplete final sample: BEGIN_SAMPLE without END_SAMPLE";
  } else if (had_points) {
    msg = "data after the last END_SAMPLE belongs to no complete sample";
  } else {
    msg = "the file ends in the middle of a line";
  }
  msg += cut_mid_statement ? " (the file is cut short; was the program killed?)" : " (was the program killed?)";
  msg += "; ignored, the " + std::to_string(n) + " complete samples are drawn";
  p_.warnings.push_back({in_.name, in_.position(where), msg});
}

void HpParser::check_header() const {
  auto missing = [&](const char* what) {
    std::string msg = std::string(what) + " missing";
    msg += s_.empty() ? ": the file is empty" : "";
    throw InputError({in_.name, "", msg + " (expected a .hp heap profile)"});
  };
  if (!seen_job_) missing("JOB");
  if (!seen_date_) missing("DATE");
  if (!seen_value_unit_) missing("VALUE_UNIT");
  if (!seen_sample_unit_) missing("SAMPLE_UNIT");
  if (p_.times.empty()) {
    throw InputError({in_.name, "", "contains no samples (no BEGIN_SAMPLE ... END_SAMPLE block)"});
  }
}

Profile HpParser::parse() {
  p_.input_format = "hp";
  p_.source = in_.name;
  bool cut = false;
  size_t end_offset = s_.size();
  try {
    for (;;) {
      if (quick_data_line()) continue;
      Token t = next(true);
      if (t.kind == Tok::eof) break;
      statement(t);
      if (pos_ - released_ > kReleaseEvery) {  // keep the mapped input from piling up
        released_ = pos_ - kReleaseEvery / 2;
        in_.release(released_);
      }
    }
  } catch (const EndOfInput& e) {
    if (p_.times.empty()) error(e.offset, e.message);
    cut = true;
    end_offset = e.offset;
  }
  warn_incomplete_sample(end_offset, cut);
  check_header();
  // Bands first seen after the last END_SAMPLE have no point in the profile.
  for (uint32_t i = 0; i < complete_bands_; ++i) {
    p_.band_names.emplace_back(names_.name(i));
    p_.band_of_key.push_back(i);
  }
  for (uint32_t k = 0; k < p_.times.size(); ++k) p_.slot_of_sample.push_back(k);
  return std::move(p_);
}

}  // namespace

Profile read_hp(const Input& in, SampleSink& sink) { return HpParser(in, sink).parse(); }

}  // namespace hpng
