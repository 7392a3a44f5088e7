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
#include <charconv>
#include <string_view>

#include "hpng/input/file_kind.h"
#include "read/hp/hp_parser.h"

namespace hpng {

HpParser::HpParser(bool continuing) : continuing_(continuing) {
  head_.job = head_.date = head_.sample_unit = head_.value_unit = continuing;  // the first part had them
}

void HpSamples::end(SampleSink& sink) {
  for (; announced_ < names_.size(); ++announced_) sink.band(announced_, names_.name(announced_));
  sink.sample({last_time_, open_});
  ++samples_;
  last_sample_empty_ = open_.empty();
  open_.clear();
  in_sample_ = false;
  names_.start_sample();
}

ProfileInfo HpParser::info() const {
  return {head_.fields, marks_.sorted(), {}, std::nullopt, samples_.finished(), {}, {}};
}

// Before the header, a failure may mean the file is not a profile at all:
// then that is the message.
void HpParser::fail_at(size_t file_offset, const std::string& msg) const {
  std::string other = !head_.job && samples_.count() == 0 ? not_a_profile(in_->head(), true) : "";
  if (!other.empty()) throw file_error(Code::not_a_profile, in_->name, other);
  throw Error(in_->at(Code::hp_syntax, file_offset, msg));
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
  cut_ = {true, lex_.base() + offset, std::move(message)};
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
  Token t = lex_.next(false);
  std::string what = std::string("floating point number must follow ") + keyword;
  if (t.kind == Tok::eof || t.kind == Tok::more || t.kind == Tok::unterminated) return missing(t, what);
  std::string_view v = lex_.text(t);
  if (t.kind != Tok::number || v.find('.') == std::string_view::npos) {
    error(t.begin, what + " (found " + lex_.found(t) + "; times are written with a decimal point, e.g. 1.0)");
  }
  auto r = std::from_chars(v.data(), v.data() + v.size(), value);
  if (r.ec == std::errc::result_out_of_range) error(t.begin, "number out of range: '" + excerpt(v) + "'");
  return Step::done;
}

void HpParser::not_a_value(const Token& name, const Token& v) const {
  std::string why;
  if (v.kind == Tok::number) {
    why = "; values are whole numbers";
  } else if (!lex_.text(v).empty() && lex_.text(v)[0] == '-') {
    why = "; values cannot be negative";
  }
  error(v.begin, "integer must follow identifier '" + excerpt(lex_.text(name)) + "' (found " + lex_.found(v) + why + ")");
}

// GHC writes "name<TAB>value<LF>" and names may contain spaces: when the
// token after a name is not an integer, the line is still a point if it has
// that shape, with the name running up to the last TAB.
Step HpParser::data_line(const Token& name) {
  size_t after_name = lex_.pos();
  Token v = lex_.next(false);
  if (v.kind == Tok::number && lex_.text(v).find('.') == std::string_view::npos) {
    add_point(name.begin, lex_.text(name), whole_number(lex_.text(v), v.begin));
    return Step::done;
  }
  // Whatever a value that is not a whole number turns out to be (a quote in
  // a name opens a string that may close lines later, or never), a complete
  // line of the tab form is a point: a file that grows must not wait for it.
  lex_.rewind(after_name);
  TabPoint tab;
  HpLexer::Line line = lex_.tab_point(name, tab);
  if (line == HpLexer::Line::more) return Step::more;
  if (line == HpLexer::Line::tab_point) {
    add_point(name.begin, tab.name, whole_number(tab.digits, tab.digits_at));
    return Step::done;
  }
  if (v.kind == Tok::more) return Step::more;
  if (v.kind == Tok::eof || v.kind == Tok::unterminated) {
    return missing(v, "integer must follow identifier '" + excerpt(lex_.text(name)) + "'");
  }
  not_a_value(name, v);
  return Step::done;
}

// Reads a data line as lex_.next() + statement() would, or touches nothing
// and returns false.
bool HpParser::quick_data_line() {
  QuickPoint p;
  if (!lex_.quick_point(samples_.names(), p)) return false;
  if (p.id == NameTable::kNone) {
    add_point(p.at, p.name, static_cast<double>(p.value));
    return true;
  }
  samples_.names().take(p.id);
  samples_.add(p.id, static_cast<double>(p.value), lex_.base() + p.at);
  return true;
}

Step HpParser::header_field(std::string_view keyword, std::string& field, bool& seen) {
  Token a = lex_.next(false);
  std::string what = "string must follow " + std::string(keyword);
  if (a.kind == Tok::eof || a.kind == Tok::more || a.kind == Tok::unterminated) return missing(a, what);
  if (a.kind != Tok::string) error(a.begin, what + " (found " + lex_.found(a) + ")");
  field = lex_.string_value(a);
  seen = true;
  ++head_.statements;
  return Step::done;
}

Step HpParser::mark(const Token& t) {
  double m = 0;
  if (Step s = float_argument("MARK", m); s != Step::done) return s;
  if (samples_.in_sample()) error(t.begin, "MARK occurs within sample (marks go between samples)");
  marks_.add(m, "");
  return Step::done;
}

Step HpParser::begin_sample(const Token& t) {
  double time = 0;
  if (Step s = float_argument("BEGIN_SAMPLE", time); s != Step::done) return s;
  if (time < samples_.last_time()) {
    error(t.begin, "samples out of sequence: this BEGIN_SAMPLE is earlier than the previous one");
  }
  samples_.begin(time, lex_.base() + t.begin);
  return Step::done;
}

// hp2ps reads END_SAMPLE's time and ignores it.
Step HpParser::end_sample() {
  double ignored = 0;
  if (Step s = float_argument("END_SAMPLE", ignored); s != Step::done) return s;
  samples_.end(*sink_);
  return Step::done;
}

Step HpParser::statement(const Token& t) {
  std::string_view w = lex_.text(t);
  if (t.kind == Tok::string) {
    error(t.begin, "string unexpected: expected a keyword or a band name at the start of a line");
  }
  if (t.kind == Tok::unterminated) return missing(t, "");
  if (!w.empty() && w[0] >= 'A' && w[0] <= 'Z') {
    if (w == "JOB") return header_field(w, head_.fields.job, head_.job);
    if (w == "DATE") return header_field(w, head_.fields.date, head_.date);
    if (w == "SAMPLE_UNIT") return header_field(w, head_.fields.sample_unit, head_.sample_unit);
    if (w == "VALUE_UNIT") return header_field(w, head_.fields.value_unit, head_.value_unit);
    if (w == "BEGIN_SAMPLE") return begin_sample(t);
    if (w == "END_SAMPLE") return end_sample();
    if (w == "MARK") return mark(t);
  }
  return data_line(t);
}

// Every profile the RTS finishes ends with an empty sample, its exit census;
// one that does not comes from a program that was killed or still runs.
void HpParser::warn_incomplete_sample(Warnings& warnings) const {
  bool had_points = samples_.has_points(), in_sample = samples_.in_sample();
  size_t count = samples_before_ + samples_.count();
  if (!in_sample && !had_points && !cut_.happened) {
    if (samples_.count() > 0 && !samples_.last_empty()) {
      warnings.add({Code::unfinished, in_->name, {}, 0, 0, "", "the profile ends without the RTS's final (empty) sample: the program was "
                                         "killed, or is still running; its " + std::to_string(count) +
                                         " samples are drawn"});
    }
    return;
  }
  std::string msg;
  size_t where = in_sample ? samples_.begin_offset() : (had_points ? samples_.first_point() : cut_.offset);
  if (in_sample) {
    msg = "incomplete final sample: BEGIN_SAMPLE without END_SAMPLE";
  } else if (had_points) {
    msg = "data after the last END_SAMPLE belongs to no complete sample";
  } else {
    msg = "the file ends in the middle of a line";
  }
  msg += cut_.happened ? " (the file is cut short; was the program killed?)" : " (was the program killed?)";
  msg += "; ignored, the " + std::to_string(count) + " complete samples are drawn";
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
  if (!head_.job) missing_field("JOB");
  if (!head_.date) missing_field("DATE");
  if (!head_.value_unit) missing_field("VALUE_UNIT");
  if (!head_.sample_unit) missing_field("SAMPLE_UNIT");
  if (samples_.count() == 0) {
    throw file_error(Code::no_samples, in_->name, "contains no samples (no BEGIN_SAMPLE ... END_SAMPLE block)");
  }
}

size_t HpParser::feed(const Input& in, std::string_view bytes, size_t base, bool at_end, SampleSink& sink,
                      Warnings& warnings) {
  in_ = &in;
  done_ = std::max(done_, base);  // a reader of a later part starts at its first byte
  lex_.start(bytes, base, done_ - base, at_end);
  sink_ = &sink;
  head_.fields.source = in.name;
  for (;;) {
    size_t start = lex_.pos();
    if (quick_data_line()) continue;
    Token t = lex_.next(true);
    if (t.kind == Tok::eof) break;
    Step step = t.kind == Tok::more ? Step::more : statement(t);
    if (step == Step::more) return done_ = base + start;  // read again, whole, by the next feed()
    if (step == Step::cut) break;
  }
  if (cut_.happened && samples_before_ + samples_.count() == 0) fail_at(cut_.offset, cut_.message);
  warn_incomplete_sample(warnings);
  marks_.warn_if_thinned(in_->name, "MARKs", "the profile", warnings);
  check_header();
  return done_ = base + lex_.pos();
}

HpReader::HpReader() : parser_(std::make_unique<HpParser>()) {}
HpReader::~HpReader() = default;

size_t HpReader::feed(const Input& in, std::string_view bytes, size_t base, bool at_end, SampleSink& sink,
                      Warnings& warnings) {
  return parser_->feed(in, bytes, base, at_end, sink, warnings);
}
ProfileInfo HpReader::info() const { return parser_->info(); }

ProfileInfo read_hp(const Input& in, SampleSink& sink, Warnings& warnings) {
  HpParser parser;
  read_windows(in, [&](std::string_view bytes, size_t base, bool at_end) {
    return parser.feed(in, bytes, base, at_end, sink, warnings);
  });
  return parser.info();
}

}  // namespace hpng
