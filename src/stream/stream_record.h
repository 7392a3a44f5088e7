// A recorded sample stream, compactly: per announced band its name; per
// sample its time, point count, then each point's band and value, as
// varints (bands are small numbers, values bytes: whole numbers of a few
// bytes each); a value that is not a whole number below 2^62 is kept raw
// behind a tag. A record stops (and frees what it held) when it would
// outgrow its budget. Used by the stream cache and the two-part .hp read.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "hpng/stream/samples.h"

namespace hpng {

class StreamRecord {
 public:
  explicit StreamRecord(size_t budget);
  void band(uint32_t id, std::string_view name);
  void sample(const Sample& s);
  bool over() const { return !data_; }
  // Replays the record into `sink`. `global` maps the record's band ids to
  // the sink's (empty: the same); a band `global` gives an id below
  // `announced` is not announced again.
  void replay(SampleSink& sink, const std::vector<uint32_t>& global = {}, uint32_t announced = 0) const;
  // The record's bands, in announcement order.
  const std::vector<std::string>& band_names() const { return names_; }

 private:
  char* room(size_t need);

  size_t budget_, size_ = 0;
  std::unique_ptr<char[]> data_;  // budget_ bytes, size_ of them written; none once over
  std::vector<std::string> names_;  // also in data_; kept apart so finding them needs no pass
};

// Passes a stream on and records it.
class RecordingSink : public SampleSink {
 public:
  RecordingSink(SampleSink* out, StreamRecord& record) : out_(out), record_(record) {}
  void band(uint32_t id, std::string_view name) override;
  void sample(const Sample& s) override;

 private:
  SampleSink* out_;  // or none: only record
  StreamRecord& record_;
};

}  // namespace hpng
