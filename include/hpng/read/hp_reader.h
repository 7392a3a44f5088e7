// Reader for GHC's text heap profile (.hp), hp2ps's input language.
#pragma once
#include <memory>

#include "hpng/input/input.h"
#include "hpng/stream/samples.h"

namespace hpng {

class HpParser;

// Reads a .hp in windows of its bytes, as read_windows hands them out, or
// as it grows: each feed() reads the statements after those read before and
// delivers every sample they complete. Errors are thrown as Error (kind
// input) with FILE:LINE:COL.
class HpReader {
 public:
  HpReader();
  ~HpReader();
  // For reading a file in parts (parallel_hp.h). A part after the first
  // starts between samples, after the header; `samples_before` (told once
  // the parts before it are read) counts in its messages.
  static HpReader continuing();
  void set_samples_before(size_t n);
  // No sample, statement or point is open: the next byte starts a sample.
  bool between_samples() const;
  // The first and the latest BEGIN_SAMPLE time read (0 before the first).
  double first_begin() const;
  double last_begin() const;
  // Whether the header (JOB, DATE, SAMPLE_UNIT, VALUE_UNIT) was all read, and
  // whether any header statement was read at all.
  bool header_complete() const;
  bool saw_header() const;
  HpReader(HpReader&&) noexcept;
  // `bytes` are `in`'s from offset `base` (which is at most what the last
  // feed returned). Returns the offset up to which it is done: a statement
  // or sample the bytes cut comes again. With `at_end` the bytes run to the
  // end of the whole file: an incomplete final sample is dropped with a
  // warning, and a file that is not a profile is an error.
  size_t feed(const Input& in, std::string_view bytes, size_t base, bool at_end, SampleSink& sink,
              Warnings& warnings);
  ProfileInfo info() const;
  size_t samples() const;  // complete samples delivered so far

 private:
  std::unique_ptr<HpParser> parser_;
};

// One whole read of a .hp file.
ProfileInfo read_hp(const Input& in, SampleSink& sink, Warnings& warnings);

}  // namespace hpng
