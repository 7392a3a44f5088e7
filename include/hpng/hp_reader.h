// Reader for GHC's text heap profile (.hp), hp2ps's input language.
#pragma once
#include <memory>

#include "hpng/input.h"
#include "hpng/samples.h"

namespace hpng {

class HpParser;

// Reads a .hp as it grows: each feed() reads the statements after those
// read before and delivers every sample they complete; a statement or
// sample cut by the end of the bytes so far is read again by the next
// feed(). Errors are thrown as Error (kind input) with FILE:LINE:COL.
class HpReader {
 public:
  HpReader();
  ~HpReader();
  // `in` holds every byte of the file so far (bytes already read never
  // change). With `at_end` they are the whole file: an incomplete final
  // sample is dropped with a warning, and a file that is not a profile is
  // an error.
  void feed(const Input& in, bool at_end, SampleSink& sink, Warnings& warnings);
  ProfileInfo info() const;
  size_t samples() const;  // complete samples delivered so far
  // True when the last complete sample was empty and not the first one: the
  // RTS ends every profile with such a sample when the program exits.
  bool ended_by_rts() const;

 private:
  std::unique_ptr<HpParser> parser_;
};

// One whole read of a .hp file.
ProfileInfo read_hp(const Input& in, SampleSink& sink, Warnings& warnings);

}  // namespace hpng
