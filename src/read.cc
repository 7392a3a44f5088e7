// Reader choice, kept apart from both readers so neither knows the other.
#include "hpng/read.h"

#include "hpng/eventlog_reader.h"
#include "hpng/hp_reader.h"

namespace hpng {

SampleSource profile_source(const Input& in, InputFormat format, const EventlogOptions& eventlog) {
  InputFormat f = format == InputFormat::automatic ? sniff_format(in.head()) : format;
  if (f == InputFormat::eventlog) {
    return [&in, opts = eventlog](SampleSink& sink, Warnings& warnings) {
      return read_eventlog(in, opts, sink, warnings);
    };
  }
  return [&in](SampleSink& sink, Warnings& warnings) { return read_hp(in, sink, warnings); };
}

}  // namespace hpng
