// Fuzz target: any bytes through the .hp reader and band selection must end
// in a Profile or an InputError, never a crash, hang or sanitizer report.
#include <cstdint>
#include <string>

#include "hpng/bands.h"
#include "hpng/hp_reader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > (1u << 16)) return -1;
  hpng::Input in{"fuzz.hp", std::string(reinterpret_cast<const char*>(data), size)};
  try {
    hpng::Profile p = hpng::read_hp(in);
    hpng::SelectOptions o;
    o.by_deviation = size % 2;
    o.band_limit = static_cast<int>(size % 23);
    (void)hpng::select_bands(p, o);
  } catch (const hpng::InputError&) {
  }
  return 0;
}
