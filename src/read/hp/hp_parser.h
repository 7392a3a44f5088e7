// The .hp's statements (hp_reader.cc has the language): the header, marks
// and samples, read from HpLexer's tokens, complete samples delivered to a
// SampleSink. HpReader's engine, and the parallel reader's (parallel_hp.h),
// which reads a file's halves with two parsers and joins them only where
// they meet between samples.
#pragma once
#include <string>
#include <vector>

#include "hpng/input/input.h"
#include "hpng/stream/samples.h"
#include "read/hp/hp_lexer.h"
#include "stream/name_table.h"

namespace hpng {

// How a statement went: done, or it needs bytes that are not there yet, or
// the whole file ends inside it (a cut file).
enum class Step { done, more, cut };

// The header statements: JOB, DATE, SAMPLE_UNIT, VALUE_UNIT.
struct HpHeader {
  ProfileHeader fields{"", "", "", "", "hp", ""};
  bool job = false, date = false, sample_unit = false, value_unit = false;
  size_t statements = 0;  // header statements read
  bool complete() const { return job && date && sample_unit && value_unit; }
};

// The samples the statements make: the open one's points (each band a
// NameTable number, the first seen numbered first), delivered whole with the
// bands they announce at END_SAMPLE. Offsets are the file's.
class HpSamples {
 public:
  NameTable& names() { return names_; }
  const NameTable& names() const { return names_; }
  // A BEGIN_SAMPLE at `time` (the parser has checked its order) at `offset`.
  void begin(double time, size_t offset) {
    if (samples_ == 0 && !in_sample_) first_begin_ = time;
    last_time_ = time;
    in_sample_ = true;
    names_.start_sample();
    begin_offset_ = offset;
  }
  // A point of band `id`, its line at `offset`.
  void add(uint32_t id, double value, size_t offset) {
    if (open_.empty()) first_point_ = offset;
    open_.push_back({id, value});
  }
  // END_SAMPLE: hp2ps gives the sample its BEGIN_SAMPLE's time (or the
  // previous one's, without a BEGIN); new bands are announced first.
  void end(SampleSink& sink);
  size_t count() const { return samples_; }  // complete samples delivered
  bool in_sample() const { return in_sample_; }  // between BEGIN_SAMPLE and END_SAMPLE
  bool has_points() const { return !open_.empty(); }
  bool between() const { return !in_sample_ && open_.empty(); }
  double first_begin() const { return first_begin_; }
  double last_time() const { return last_time_; }  // the latest BEGIN_SAMPLE's
  bool last_empty() const { return last_sample_empty_; }
  size_t begin_offset() const { return begin_offset_; }  // the open sample's BEGIN_SAMPLE
  size_t first_point() const { return first_point_; }    // the open sample's first point
  // The RTS finished the profile: every profile it finishes ends with an
  // empty sample, its exit census, and nothing follows it.
  bool finished() const { return samples_ > 1 && last_sample_empty_ && !in_sample_ && open_.empty(); }

 private:
  NameTable names_;
  uint32_t announced_ = 0;  // bands announced to the sink
  double first_begin_ = 0, last_time_ = 0;
  bool in_sample_ = false;
  size_t begin_offset_ = 0, first_point_ = 0;
  std::vector<DataPoint> open_;
  size_t samples_ = 0;
  bool last_sample_empty_ = false;
};

class HpParser {
 public:
  // `continuing`: a part of a file after the first, which starts between
  // samples after the header.
  explicit HpParser(bool continuing = false);
  // As ProfileReader::feed.
  size_t feed(const Input& in, std::string_view bytes, size_t base, bool at_end, SampleSink& sink,
              Warnings& warnings);
  ProfileInfo info() const;
  size_t samples() const { return samples_.count(); }  // complete samples delivered

  // For the parallel reader: the samples in the parts before this one's
  // (they count in its messages), whether no sample, statement or point is
  // open, the first and latest BEGIN_SAMPLE times, and the header.
  void set_samples_before(size_t n) { samples_before_ = n; }
  bool between_samples() const { return samples_.between() && !cut_.happened; }
  double first_begin() const { return samples_.first_begin(); }
  double last_begin() const { return samples_.last_time(); }
  bool header_complete() const { return head_.complete(); }
  bool saw_header() const { return head_.statements > 0; }

 private:
  [[noreturn]] void fail_at(size_t file_offset, const std::string& msg) const;
  [[noreturn]] void error(size_t offset, const std::string& msg) const { fail_at(lex_.base() + offset, msg); }
  Step cut(size_t offset, std::string message);
  Step missing(const Token& t, const std::string& what);
  Step float_argument(const char* keyword, double& value);
  Step statement(const Token& t);
  Step header_field(std::string_view keyword, std::string& field, bool& seen);
  Step mark(const Token& t);
  Step begin_sample(const Token& t);
  Step end_sample();
  bool quick_data_line();
  Step data_line(const Token& name);
  void add_point(size_t at, std::string_view name, double value) {
    samples_.add(samples_.names().find_or_add(name), value, lex_.base() + at);
  }
  void not_a_value(const Token& name, const Token& v) const;
  void warn_incomplete_sample(Warnings& warnings) const;
  void check_header() const;
  double whole_number(std::string_view digits, size_t offset) const;

  // Offsets in tokens are into the lexer's window, which starts at its
  // base() in the file; offsets kept across feeds are the file's.
  const Input* in_ = nullptr;
  HpLexer lex_;
  size_t done_ = 0;            // the file's offset the next feed starts at
  SampleSink* sink_ = nullptr;
  HpHeader head_;
  MarkList marks_;
  bool continuing_;             // a part after the first: the header came before
  size_t samples_before_ = 0;  // in parts before this parser's (for messages)
  HpSamples samples_;
  struct {
    bool happened = false;
    size_t offset = 0;
    std::string message;
  } cut_;                      // the whole file ended inside a statement
};

}  // namespace hpng
