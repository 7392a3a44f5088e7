// Fuzz target: any bytes through the .hp reader and band selection must end
// in a Profile or an InputError, never a crash, hang or sanitizer report;
// every read of the bytes must give the same profile.
#include <cstdint>
#include <string>

#include "hpng/bands.h"
#include "same_profile.h"
#include "hpng/read.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > (1u << 16)) return -1;
  hpng::Input in{"fuzz.hp", std::string(reinterpret_cast<const char*>(data), size)};
  try {
    hpng::ReadPass read = hpng::profile_reader(in, hpng::InputFormat::hp, 0);
    check_same_profile(read);
    hpng::SelectOptions o;
    o.by_deviation = size % 2;
    o.band_limit = static_cast<int>(size % 23);
    o.time_buckets = size % 5;
    hpng::Warnings warnings;
    (void)hpng::select_bands(read, o, warnings);
  } catch (const hpng::InputError&) {
  }
  return 0;
}
