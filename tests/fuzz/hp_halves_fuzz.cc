// Fuzz target: any bytes read as a .hp in two halves (the way large files
// are read on two cores) must give exactly what one reader gives: the same
// stream, header, marks and warnings, or the same error.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "read/hp/parallel_hp.h"
#include "hpng/read/hp_reader.h"
#include "same_profile.h"

namespace {

std::string outcome(const hpng::SampleSource& read, RecordingSink& sink) {
  hpng::Warnings w;
  try {
    hpng::ProfileInfo info = read(sink, w);
    std::string s = info.header.job + "|" + info.header.date + "|" + std::to_string(info.marks.size());
    for (const hpng::Diagnostic& d : w) s += "|" + hpng::describe(d);
    return s;
  } catch (const hpng::Error& e) {
    return std::string("error ") + e.what();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > (1u << 16)) return -1;
  hpng::Input in{"fuzz.hp", std::string(reinterpret_cast<const char*>(data), size)};
  RecordingSink one, halves;
  std::string a = outcome([&](hpng::SampleSink& s, hpng::Warnings& w) { return hpng::read_hp(in, s, w); }, one);
  std::string b = outcome(hpng::recorded_hp_source(in, size_t{1} << 20, 0), halves);
  bool same_stream = a.rfind("error", 0) == 0 || (one.names == halves.names && one.times == halves.times &&
                                                   one.points.size() == halves.points.size());
  if (a != b || !same_stream) std::abort();
  return 0;
}
