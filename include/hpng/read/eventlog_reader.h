// Reader for GHC's binary eventlog (+RTS -h... -l): its heap-profile samples
// as the same stream of complete samples the .hp reader gives.
#pragma once
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "hpng/stream/profile_reader.h"

namespace hpng {

struct EventlogOptions {
  int ccs_length = 0;       // 0: full cost-centre stack names; else cut as RTS -L
  bool heap_lines = false;  // --heap-lines: a log with the GC's heap figures
                            // but no heap profile draws the figures alone
  // What a -hi profile held until the log's end names its bands may take;
  // beyond, the log is read again (the stream cache's budget).
  size_t hold_budget = size_t{32} << 20;
};

class EventlogParser;

// An eventlog read in windows of its bytes, or as it grows
// (profile_reader.h). A log cut short (killed program) gives its complete
// samples and a warning; a log without heap samples is an error.
class EventlogReader final : public ProfileReader {
 public:
  explicit EventlogReader(const EventlogOptions& opts);
  ~EventlogReader() override;
  size_t feed(const Input& in, std::string_view bytes, size_t base, bool at_end, SampleSink& sink,
              Warnings& warnings) override;
  // The closing samples, -hb's held censuses, the warnings about a cut log.
  void end_here(const Input& in, std::string_view bytes, size_t base, SampleSink& sink,
                Warnings& warnings) const override;
  ProfileInfo info() const override;

 private:
  std::unique_ptr<EventlogParser> parser_;
};

// --ipe: the names this eventlog's IPE records give -hi bands (BandNamer,
// samples.h). Throws Error (bad_option) for a log without IPE records.
BandNamer ipe_band_namer(const Input& eventlog);

// One whole read of an eventlog.
ProfileInfo read_eventlog(const Input& in, const EventlogOptions& opts, SampleSink& sink, Warnings& warnings);

}  // namespace hpng
