// The .hp reader: hp2ps's input language, read statement by statement over
// the bytes, complete samples delivered to a SampleSink. GHC's RTS writes
//   JOB "..." / DATE "..." / SAMPLE_UNIT "..." / VALUE_UNIT "..."
//   MARK <time>           (between samples)
//   BEGIN_SAMPLE <time> / name<TAB>value ... / END_SAMPLE <time>
// Times carry a decimal point, values are whole numbers; a string's "" is
// a literal quote. hp2ps ignores END_SAMPLE's time and gives a sample the
// time of its BEGIN_SAMPLE (or the previous one's, without a BEGIN); points
// before a BEGIN_SAMPLE belong to the next sample. Tokens are views into the
// input; nothing is allocated per line except when a band name is seen for
// the first time (name_table.h). Departures from hp2ps, each deliberate:
//  * a name followed by text that is not an integer may still be a GHC line
//    "name with spaces<TAB>value": the name then runs to the last TAB;
//  * an incomplete final sample (killed program, file still being written,
//    file cut mid-line) is dropped with a warning instead of aborting;
//  * no 32-byte cap on numbers and no 4999-byte cap on names;
//  * line numbers count every newline, including those inside strings.
#include "hpng/read/hp_reader.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <string_view>

#include "base/text.h"
#include "hpng/input/file_kind.h"
#include "stream/name_table.h"

namespace hpng {

namespace {

constexpr std::array<bool, 256> kSpace = [] {
  std::array<bool, 256> t{};
  for (unsigned char c : {' ', '\t', '\n', '\v', '\f', '\r'}) t[c] = true;
  return t;
}();
bool is_space(char c) { return kSpace[static_cast<unsigned char>(c)]; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

// eof: nothing before the end of the whole file; more: a token the bytes so
// far may not hold whole; unterminated: a string the whole file never ends.
enum class Tok { eof, more, unterminated, string, number, ident };

struct Token {
  Tok kind;
  size_t begin, end;  // [begin, end) in the input; strings include quotes
};

// How a statement went: done, or it needs bytes that are not there yet, or
// the whole file ends inside it (a cut file; see HpParser::cut_).
enum class Step { done, more, cut };

bool is_keyword(std::string_view w) {
  return w == "JOB" || w == "DATE" || w == "SAMPLE_UNIT" || w == "VALUE_UNIT" || w == "MARK" ||
         w == "BEGIN_SAMPLE" || w == "END_SAMPLE";
}

}  // namespace

class HpParser {
 public:
  explicit HpParser(bool continuing = false)
      : continuing_(continuing),
        seen_job_(continuing),
        seen_date_(continuing),
        seen_sample_unit_(continuing),
        seen_value_unit_(continuing) {}
  void set_samples_before(size_t n) { samples_before_ = n; }
  bool between_samples() const { return !in_sample_ && !have_begin_ && open_.empty() && !cut_.happened; }
  double first_begin() const { return first_begin_; }
  double last_begin() const { return last_time_; }
  bool header_complete() const { return seen_job_ && seen_date_ && seen_sample_unit_ && seen_value_unit_; }
  bool saw_header() const { return header_statements_ > 0; }
  size_t feed(const Input& in, std::string_view bytes, size_t base, bool at_end, SampleSink& sink,
              Warnings& warnings);
  ProfileInfo info() const {
    return {header_, marks_.sorted(), {}, std::nullopt, ended_by_rts() && !in_sample_ && open_.empty(), {}};
  }
  size_t samples() const { return samples_; }
  bool ended_by_rts() const { return samples_ > 1 && last_sample_empty_; }

 private:
  // Before the header, a failure may mean the file is not a profile at all:
  // then that is the message.
  [[noreturn]] void fail_at(size_t file_offset, const std::string& msg) const {
    std::string other = !seen_job_ && samples_ == 0 ? not_a_profile(in_->head(), true) : "";
    if (!other.empty()) throw file_error(Code::not_a_profile, in_->name, other);
    throw Error(in_->at(Code::hp_syntax, file_offset, msg));
  }
  [[noreturn]] void error(size_t offset, const std::string& msg) const { fail_at(base_ + offset, msg); }
  std::string_view text(const Token& t) const { return s_.substr(t.begin, t.end - t.begin); }
  std::string found(const Token& t) const;
  Token next(bool statement_start);
  Token string_token(size_t begin);
  Token word_token(size_t begin, bool number);
  std::string string_value(const Token& t) const;
  Step cut(size_t offset, std::string message);
  Step missing(const Token& t, const std::string& what);
  Step float_argument(const char* keyword, double& value);
  Step statement(const Token& t);
  Step header_field(std::string_view keyword, std::string& field, bool& seen);
  Step begin_sample(const Token& t);
  Step end_sample();
  bool quick_data_line();
  Step data_line(const Token& name);
  Step tab_separated(const Token& name, bool& matched);
  void add_point(size_t at, std::string_view name, double value);
  void not_a_value(const Token& name, const Token& v) const;
  void warn_incomplete_sample(Warnings& warnings) const;
  void check_header() const;
  double whole_number(std::string_view digits, size_t offset) const;

  // Offsets in tokens and pos_ are into s_, the bytes of this feed, which
  // start at base_ in the file; offsets kept across feeds are the file's.
  const Input* in_ = nullptr;
  std::string_view s_;
  size_t base_ = 0;
  bool at_end_ = false;
  size_t pos_ = 0;
  size_t done_ = 0;            // the file's offset the next feed starts at
  SampleSink* sink_ = nullptr;
  ProfileHeader header_{"", "", "", "", "hp", ""};
  MarkList marks_;
  NameTable names_;            // band ids are its numbers
  uint32_t announced_ = 0;     // bands announced to the sink
  bool continuing_;            // a part after the first: the header came before
  bool seen_job_, seen_date_, seen_sample_unit_, seen_value_unit_;
  size_t header_statements_ = 0;
  size_t samples_before_ = 0;  // in parts before this reader's (for messages)
  double first_begin_ = 0;
  bool in_sample_ = false;     // between BEGIN_SAMPLE and END_SAMPLE
  bool have_begin_ = false;    // a BEGIN_SAMPLE since the last END_SAMPLE
  double last_time_ = 0;       // the latest BEGIN_SAMPLE time
  size_t begin_offset_ = 0;    // where the open sample's BEGIN_SAMPLE is
  std::vector<DataPoint> open_;    // the open sample's points
  size_t first_point_ = 0;     // offset of its first point
  size_t samples_ = 0;
  bool last_sample_empty_ = false;
  struct {
    bool happened = false;
    size_t offset = 0;
    std::string message;
  } cut_;                      // the whole file ended inside a statement
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

// A string runs to the next '"' not followed by another ('""' is a quote).
// Before the end of the whole file a closing quote at the very end of the
// bytes may yet be the first half of a '""'.
Token HpParser::string_token(size_t b) {
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

Token HpParser::word_token(size_t b, bool number) {
  if (number) {
    while (pos_ < s_.size() && (is_digit(s_[pos_]) || s_[pos_] == '.')) ++pos_;
  } else {
    while (pos_ < s_.size() && !is_space(s_[pos_])) ++pos_;
  }
  if (pos_ == s_.size() && !at_end_) return {Tok::more, b, pos_};
  return {number ? Tok::number : Tok::ident, b, pos_};
}

// hp2ps's lexer, with one rule of its own: a token starting with a digit at
// the start of a statement is a name (GHC writes names like "123abc").
Token HpParser::next(bool statement_start) {
  while (pos_ < s_.size() && is_space(s_[pos_])) ++pos_;
  size_t b = pos_;
  if (pos_ >= s_.size()) return {at_end_ ? Tok::eof : Tok::more, b, b};
  if (s_[pos_] == '"') return string_token(b);
  return word_token(b, !statement_start && is_digit(s_[pos_]));
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

double HpParser::whole_number(std::string_view digits, size_t offset) const {
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

Step HpParser::cut(size_t offset, std::string message) {
  cut_ = {true, base_ + offset, std::move(message)};
  return Step::cut;
}

// A token that is not there: more bytes may bring it, or the file ends.
Step HpParser::missing(const Token& t, const std::string& what) {
  if (t.kind == Tok::more) return Step::more;
  if (t.kind == Tok::unterminated) {
    return cut(t.begin, "EOF when expecting \": the string that starts here has no closing quote");
  }
  return cut(t.begin, what + " (found end of file)");
}

// A number token with a '.', valued as C's atof would: "1." is 1 and
// "0.0.5" is 0 (conversion stops at the second dot).
Step HpParser::float_argument(const char* keyword, double& value) {
  Token t = next(false);
  std::string what = std::string("floating point number must follow ") + keyword;
  if (t.kind == Tok::eof || t.kind == Tok::more || t.kind == Tok::unterminated) return missing(t, what);
  std::string_view v = text(t);
  if (t.kind != Tok::number || v.find('.') == std::string_view::npos) {
    error(t.begin, what + " (found " + found(t) + "; times are written with a decimal point, e.g. 1.0)");
  }
  auto r = std::from_chars(v.data(), v.data() + v.size(), value);
  if (r.ec == std::errc::result_out_of_range) error(t.begin, "number out of range: '" + excerpt(v) + "'");
  return Step::done;
}

void HpParser::add_point(size_t at, std::string_view name, double value) {
  if (open_.empty()) first_point_ = base_ + at;
  open_.push_back({names_.find_or_add(name), value});
}

// GHC writes "name<TAB>value<LF>" and names may contain spaces. When the
// token after a name is not an integer, accept the line if it has that
// shape, with the name running up to the last TAB.
Step HpParser::tab_separated(const Token& name, bool& matched) {
  matched = false;
  size_t eol = s_.find('\n', name.begin);
  if (eol == std::string_view::npos) {
    if (!at_end_) return Step::more;
    eol = s_.size();
  }
  std::string_view line = s_.substr(name.begin, eol - name.begin);
  size_t tab = line.rfind('\t');
  if (tab == std::string_view::npos || tab == 0) return Step::done;
  size_t i = tab + 1;
  while (i < line.size() && is_digit(line[i])) ++i;
  size_t digits_end = i;
  while (i < line.size() && is_space(line[i])) ++i;
  if (digits_end == tab + 1 || i != line.size()) return Step::done;
  double v = whole_number(line.substr(tab + 1, digits_end - tab - 1), name.begin + tab + 1);
  add_point(name.begin, line.substr(0, tab), v);
  pos_ = name.begin + digits_end;
  matched = true;
  return Step::done;
}

void HpParser::not_a_value(const Token& name, const Token& v) const {
  std::string why;
  if (v.kind == Tok::number) {
    why = "; values are whole numbers";
  } else if (!text(v).empty() && text(v)[0] == '-') {
    why = "; values cannot be negative";
  }
  error(v.begin, "integer must follow identifier '" + excerpt(text(name)) + "' (found " + found(v) + why + ")");
}

Step HpParser::data_line(const Token& name) {
  size_t after_name = pos_;
  Token v = next(false);
  if (v.kind == Tok::number && text(v).find('.') == std::string_view::npos) {
    add_point(name.begin, text(name), whole_number(text(v), v.begin));
    return Step::done;
  }
  // Whatever a value that is not a whole number turns out to be (a quote in
  // a name opens a string that may close lines later, or never), a complete
  // line of the tab form is a point: a file that grows must not wait for it.
  pos_ = after_name;
  bool matched = false;
  if (tab_separated(name, matched) == Step::more) return Step::more;
  if (matched) return Step::done;
  if (v.kind == Tok::more) return Step::more;
  if (v.kind == Tok::eof || v.kind == Tok::unterminated) {
    return missing(v, "integer must follow identifier '" + excerpt(text(name)) + "'");
  }
  not_a_value(name, v);
  return Step::done;
}

// The line almost every statement is: a name, blanks, a whole number, then a
// blank (or the end of the whole file). Reads it as next() + statement()
// would and returns true, or touches nothing and returns false. The name is
// compared first with the one the previous sample had here (so it is read
// once, eight bytes at a time), and scanned only when that guess fails.
bool HpParser::quick_data_line() {
  const char* const all = s_.data();
  const char* const end = all + s_.size();
  const char* p = all + pos_;
  while (p < end && is_space(*p)) ++p;
  const char* name = p;
  if (p == end || *p == '"') return false;
  size_t length = 0;
  uint32_t id = names_.predicted({p, static_cast<size_t>(end - p)}, is_space, length);
  if (id != NameTable::kNone) {
    p += length;
  } else {
    while (p < end && !is_space(*p)) ++p;
    if (*name >= 'A' && *name <= 'Z' && is_keyword({name, static_cast<size_t>(p - name)})) return false;
  }
  std::string_view w(name, static_cast<size_t>(p - name));
  while (p < end && is_space(*p)) ++p;
  const char* digits = p;
  uint64_t n = 0;
  while (p < end && is_digit(*p)) n = n * 10 + static_cast<uint64_t>(*p++ - '0');
  size_t count = static_cast<size_t>(p - digits);
  if (count == 0 || count > 19 || (p < end ? !is_space(*p) : !at_end_)) return false;
  pos_ = static_cast<size_t>(p - all);
  if (id == NameTable::kNone) {
    add_point(static_cast<size_t>(name - all), w, static_cast<double>(n));
    return true;
  }
  names_.take(id);
  if (open_.empty()) first_point_ = base_ + static_cast<size_t>(name - all);
  open_.push_back({id, static_cast<double>(n)});
  return true;
}

Step HpParser::header_field(std::string_view keyword, std::string& field, bool& seen) {
  Token a = next(false);
  std::string what = "string must follow " + std::string(keyword);
  if (a.kind == Tok::eof || a.kind == Tok::more || a.kind == Tok::unterminated) return missing(a, what);
  if (a.kind != Tok::string) error(a.begin, what + " (found " + found(a) + ")");
  field = string_value(a);
  seen = true;
  ++header_statements_;
  return Step::done;
}

Step HpParser::begin_sample(const Token& t) {
  double time = 0;
  if (Step s = float_argument("BEGIN_SAMPLE", time); s != Step::done) return s;
  if (time < last_time_) {
    error(t.begin, "samples out of sequence: this BEGIN_SAMPLE is earlier than the previous one");
  }
  if (samples_ == 0 && !have_begin_) first_begin_ = time;
  last_time_ = time;
  in_sample_ = have_begin_ = true;
  names_.start_sample();
  begin_offset_ = base_ + t.begin;
  return Step::done;
}

// hp2ps reads END_SAMPLE's time and ignores it. The sample's new bands are
// announced (in first-seen order) before the sample itself.
Step HpParser::end_sample() {
  double ignored = 0;
  if (Step s = float_argument("END_SAMPLE", ignored); s != Step::done) return s;
  for (; announced_ < names_.size(); ++announced_) sink_->band(announced_, names_.name(announced_));
  sink_->sample({last_time_, open_});
  ++samples_;
  last_sample_empty_ = open_.empty();
  open_.clear();
  in_sample_ = have_begin_ = false;
  names_.start_sample();
  return Step::done;
}

Step HpParser::statement(const Token& t) {
  std::string_view w = text(t);
  if (t.kind == Tok::string) {
    error(t.begin, "string unexpected: expected a keyword or a band name at the start of a line");
  }
  if (t.kind == Tok::unterminated) return missing(t, "");
  if (!w.empty() && w[0] >= 'A' && w[0] <= 'Z') {
    if (w == "JOB") return header_field(w, header_.job, seen_job_);
    if (w == "DATE") return header_field(w, header_.date, seen_date_);
    if (w == "SAMPLE_UNIT") return header_field(w, header_.sample_unit, seen_sample_unit_);
    if (w == "VALUE_UNIT") return header_field(w, header_.value_unit, seen_value_unit_);
    if (w == "BEGIN_SAMPLE") return begin_sample(t);
    if (w == "END_SAMPLE") return end_sample();
    if (w == "MARK") {
      double m = 0;
      if (Step s = float_argument("MARK", m); s != Step::done) return s;
      if (in_sample_) error(t.begin, "MARK occurs within sample (marks go between samples)");
      marks_.add(m, "");
      return Step::done;
    }
  }
  return data_line(t);
}

// Every profile the RTS finishes ends with an empty sample, its exit census;
// one that does not comes from a program that was killed or still runs.
void HpParser::warn_incomplete_sample(Warnings& warnings) const {
  bool had_points = !open_.empty();
  if (!in_sample_ && !had_points && !cut_.happened) {
    if (samples_ > 0 && !last_sample_empty_) {
      warnings.add({Code::unfinished, in_->name, {}, 0, 0, "", "the profile ends without the RTS's final (empty) sample: the program was "
                                         "killed, or is still running; its " + std::to_string(samples_before_ + samples_) +
                                         " samples are drawn"});
    }
    return;
  }
  std::string msg;
  size_t where = in_sample_ ? begin_offset_ : (had_points ? first_point_ : cut_.offset);
  if (in_sample_) {
    msg = "incomplete final sample: BEGIN_SAMPLE without END_SAMPLE";
  } else if (had_points) {
    msg = "data after the last END_SAMPLE belongs to no complete sample";
  } else {
    msg = "the file ends in the middle of a line";
  }
  msg += cut_.happened ? " (the file is cut short; was the program killed?)" : " (was the program killed?)";
  msg += "; ignored, the " + std::to_string(samples_before_ + samples_) + " complete samples are drawn";
  warnings.add(in_->at(Code::cut_short, where, msg));
}

void HpParser::check_header() const {
  if (continuing_) return;  // the first part has the header
  auto missing_field = [&](const char* what) {
    std::string msg = std::string(what) + " missing";
    msg += in_->size() == 0 ? ": the file is empty" : "";
    std::string other = not_a_profile(in_->head(), true);
    if (!other.empty()) throw file_error(Code::not_a_profile, in_->name, other);
    throw file_error(Code::hp_syntax, in_->name, msg + " (expected a .hp heap profile)");
  };
  if (!seen_job_) missing_field("JOB");
  if (!seen_date_) missing_field("DATE");
  if (!seen_value_unit_) missing_field("VALUE_UNIT");
  if (!seen_sample_unit_) missing_field("SAMPLE_UNIT");
  if (samples_ == 0) {
    throw file_error(Code::no_samples, in_->name, "contains no samples (no BEGIN_SAMPLE ... END_SAMPLE block)");
  }
}

size_t HpParser::feed(const Input& in, std::string_view bytes, size_t base, bool at_end, SampleSink& sink,
                      Warnings& warnings) {
  in_ = &in;
  s_ = bytes;
  base_ = base;
  done_ = std::max(done_, base);  // a reader of a later part starts at its first byte
  pos_ = done_ - base;
  at_end_ = at_end;
  sink_ = &sink;
  header_.source = in.name;
  for (;;) {
    size_t start = pos_;
    if (quick_data_line()) continue;
    Token t = next(true);
    if (t.kind == Tok::eof) break;
    Step step = t.kind == Tok::more ? Step::more : statement(t);
    if (step == Step::more) {  // read again, whole, by the next feed()
      return done_ = base_ + start;
    }
    if (step == Step::cut) break;
  }
  if (cut_.happened && samples_before_ + samples_ == 0) fail_at(cut_.offset, cut_.message);
  warn_incomplete_sample(warnings);
  if (marks_.thinned()) {
    warnings.add({Code::skipped, in_->name, {}, 0, 0, "",
                  group_digits(static_cast<double>(marks_.read())) + " MARKs: " +
                      group_digits(static_cast<double>(marks_.kept())) +
                      " of them are kept, evenly over the profile (a chart shows one a point; memory stays bounded)"});
  }
  check_header();
  return done_ = base_ + pos_;
}

HpReader::HpReader() : parser_(std::make_unique<HpParser>()) {}
HpReader::~HpReader() = default;
HpReader::HpReader(HpReader&&) noexcept = default;

HpReader HpReader::continuing() {
  HpReader r;
  r.parser_ = std::make_unique<HpParser>(true);
  return r;
}
void HpReader::set_samples_before(size_t n) { parser_->set_samples_before(n); }
bool HpReader::between_samples() const { return parser_->between_samples(); }
double HpReader::first_begin() const { return parser_->first_begin(); }
double HpReader::last_begin() const { return parser_->last_begin(); }
bool HpReader::header_complete() const { return parser_->header_complete(); }
bool HpReader::saw_header() const { return parser_->saw_header(); }

size_t HpReader::feed(const Input& in, std::string_view bytes, size_t base, bool at_end, SampleSink& sink,
                      Warnings& warnings) {
  return parser_->feed(in, bytes, base, at_end, sink, warnings);
}
ProfileInfo HpReader::info() const { return parser_->info(); }
size_t HpReader::samples() const { return parser_->samples(); }

ProfileInfo read_hp(const Input& in, SampleSink& sink, Warnings& warnings) {
  HpReader reader;
  read_windows(in, [&](std::string_view bytes, size_t base, bool at_end) {
    return reader.feed(in, bytes, base, at_end, sink, warnings);
  });
  return reader.info();
}

}  // namespace hpng
