// Fuzz target: user patterns (RE2) as --include, --exclude and --merge over
// a profile's bands. The first byte is the pattern's length, then the
// pattern, then the profile (sniffed). A pattern either compiles and
// filters in linear time, or is a usage error (Code::bad_pattern) whose
// message names a character inside the pattern.
#include <algorithm>
#include <cstdint>
#include <string>

#include "hpng/bands/band_stats.h"
#include "hpng/read/read.h"
#include "hpng/transform/band_filter.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1 || size > (1u << 16)) return -1;
  size_t n = std::min<size_t>(data[0], size - 1);
  std::string pattern(reinterpret_cast<const char*>(data) + 1, n);
  hpng::Input in{"fuzz", std::string(reinterpret_cast<const char*>(data) + 1 + n, size - 1 - n)};
  hpng::BandFilter filter;
  try {
    filter = hpng::compile_band_filter({pattern}, {pattern + "x"}, {pattern + "=merged"});
  } catch (const hpng::Error& e) {
    if (e.code() != hpng::Code::bad_pattern && e.code() != hpng::Code::bad_option) __builtin_trap();
    return 0;
  }
  try {
    hpng::Warnings warnings;
    hpng::collect_stats(hpng::through(hpng::profile_source(in, hpng::InputFormat::automatic), {hpng::filter_step(filter)}), warnings);
  } catch (const hpng::Error&) {
  }
  return 0;
}
