// Reader choice, kept apart from both readers so neither knows the other.
// A .hp whose record fits the cache is parsed once (on two cores when it is
// large) and replayed for band selection's later reads.
#include "hpng/read/read.h"

#include "hpng/read/eventlog_reader.h"
#include "hpng/read/hp_reader.h"
#include "stream/stream_cache.h"
#include "read/hp/parallel_hp.h"

namespace hpng {

SampleSource profile_source(const Input& in, InputFormat format, const EventlogOptions& eventlog) {
  InputFormat f = format == InputFormat::automatic ? sniff_format(in.head()) : format;
  if (f == InputFormat::eventlog) {
    return [&in, opts = eventlog](SampleSink& sink, Warnings& warnings) {
      return read_eventlog(in, opts, sink, warnings);
    };
  }
  if (size_t room = cache_reservation(in, InputFormat::hp)) return recorded_hp_source(in, room);
  return [&in](SampleSink& sink, Warnings& warnings) { return read_hp(in, sink, warnings); };
}

std::unique_ptr<ProfileReader> growing_reader(InputFormat format, const EventlogOptions& eventlog) {
  if (format == InputFormat::eventlog) return std::make_unique<EventlogReader>(eventlog);
  return std::make_unique<HpReader>();
}

}  // namespace hpng
