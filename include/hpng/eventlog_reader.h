// Reader for GHC's binary eventlog (+RTS -h... -l): its heap-profile samples
// as the same stream of complete samples the .hp reader gives.
#pragma once
#include <memory>

#include "hpng/input.h"
#include "hpng/samples.h"

namespace hpng {

struct EventlogOptions {
  int ccs_length = 0;       // 0: full cost-centre stack names; else cut as RTS -L
  bool heap_lines = false;  // --heap-lines: a log with the GC's heap figures
                            // but no heap profile draws the figures alone
};

class EventlogParser;

// Reads an eventlog as it grows: each feed() reads the events after those
// read before and delivers every sample they complete; an event cut by the
// end of the bytes so far is read again by the next feed(). Errors are
// thrown as Error (kind input) with a byte offset.
class EventlogReader {
 public:
  explicit EventlogReader(const EventlogOptions& opts);
  ~EventlogReader();
  // `in` holds every byte of the file so far. With `at_end` it is the whole
  // file: a log cut short (killed program) gives its complete samples and a
  // warning; a log without heap samples is an error.
  void feed(const Input& in, bool at_end, SampleSink& sink, Warnings& warnings);
  ProfileInfo info() const;
  size_t samples() const;  // complete samples delivered so far
  bool ended() const;      // the end-of-data marker has been read

 private:
  std::unique_ptr<EventlogParser> parser_;
};

// One whole read of an eventlog.
ProfileInfo read_eventlog(const Input& in, const EventlogOptions& opts, SampleSink& sink, Warnings& warnings);

}  // namespace hpng
