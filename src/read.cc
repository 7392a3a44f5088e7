// Reader choice, kept apart from both readers so neither knows the other. A
// regular file is mapped and each pass pages it in again; standard input is
// held in memory.
#include "hpng/read.h"

#include "hpng/eventlog_reader.h"
#include "hpng/hp_reader.h"

namespace hpng {

ReadPass profile_reader(const Input& in, InputFormat format, int ccs_length) {
  InputFormat f = format == InputFormat::automatic ? sniff_format(in.data()) : format;
  if (f == InputFormat::eventlog) {
    return [&in, opts = EventlogOptions{ccs_length}](SampleSink& sink) { return read_eventlog(in, opts, sink); };
  }
  return [&in](SampleSink& sink) { return read_hp(in, sink); };
}

}  // namespace hpng
