// Reader for GHC's binary eventlog (+RTS -h... -l): its heap-profile samples
// as the same stream of complete samples the .hp reader gives.
#pragma once
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "hpng/input/input.h"
#include "hpng/stream/samples.h"

namespace hpng {

struct EventlogOptions {
  int ccs_length = 0;       // 0: full cost-centre stack names; else cut as RTS -L
  bool heap_lines = false;  // --heap-lines: a log with the GC's heap figures
                            // but no heap profile draws the figures alone
};

class EventlogParser;

// Reads an eventlog in windows of its bytes, as read_windows hands them
// out, or as it grows: each feed() reads the events after those read before
// and delivers every sample they complete. Errors are thrown as Error (kind
// input) with a byte offset.
class EventlogReader {
 public:
  explicit EventlogReader(const EventlogOptions& opts);
  ~EventlogReader();
  // `bytes` are `in`'s from offset `base` (at most what the last feed
  // returned). Returns the offset up to which it is done: an event the bytes
  // cut comes again. With `at_end` the bytes run to the end of the whole
  // file: a log cut short (killed program) gives its complete samples and a
  // warning; a log without heap samples is an error.
  size_t feed(const Input& in, std::string_view bytes, size_t base, bool at_end, SampleSink& sink,
              Warnings& warnings);
  // Delivers what a one-shot read of the file as it is now adds to the
  // samples delivered so far (the closing samples, -hb's held censuses, the
  // warnings about a cut log), leaving this reader to read on as the file
  // grows. `bytes` (the file's from `base`) are the last feed's, which ran
  // to the end of the file.
  void end_here(const Input& in, std::string_view bytes, size_t base, SampleSink& sink, Warnings& warnings) const;
  ProfileInfo info() const;

 private:
  std::unique_ptr<EventlogParser> parser_;
};

// --ipe: the names this eventlog's IPE records give -hi bands (BandNamer,
// samples.h). Throws Error (bad_option) for a log without IPE records.
BandNamer ipe_band_namer(const Input& eventlog);

// One whole read of an eventlog.
ProfileInfo read_eventlog(const Input& in, const EventlogOptions& opts, SampleSink& sink, Warnings& warnings);

}  // namespace hpng
