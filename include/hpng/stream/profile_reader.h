// What the .hp and eventlog readers (read/) share: a reader fed a file's
// bytes as read_windows hands them out, or as the file grows.
#pragma once
#include <string_view>

#include "hpng/input/input.h"
#include "hpng/stream/samples.h"

namespace hpng {

class ProfileReader {
 public:
  virtual ~ProfileReader() = default;
  // `bytes` are `in`'s from offset `base` (at most what the last feed
  // returned): reads what follows what was read before and delivers every
  // sample it completes. Returns the offset up to which it is done: a
  // statement or event the bytes cut comes again. With `at_end` the bytes
  // run to the end of the whole file: what a cut file holds is judged (a
  // warning, or an error for a file without samples). Errors are thrown as
  // Error (kind input) with the file's position.
  virtual size_t feed(const Input& in, std::string_view bytes, size_t base, bool at_end, SampleSink& sink,
                      Warnings& warnings) = 0;
  // Delivers what a one-shot read of the file as it is now adds to the
  // samples delivered so far, leaving this reader to read on as the file
  // grows. `bytes` (the file's from `base`) are the last feed's, which ran
  // to the end of the file.
  virtual void end_here(const Input& in, std::string_view bytes, size_t base, SampleSink& sink,
                        Warnings& warnings) const = 0;
  virtual ProfileInfo info() const = 0;
};

}  // namespace hpng
