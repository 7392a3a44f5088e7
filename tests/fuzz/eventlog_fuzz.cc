// Fuzz target: any bytes through the eventlog reader and band selection
// must end in a Profile or an InputError, never a crash or sanitizer report;
// every read of the bytes must give the same profile.
#include <cstdint>
#include <string>

#include "hpng/bands.h"
#include "same_profile.h"
#include "hpng/read.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > (1u << 18)) return -1;
  hpng::Input in{"fuzz.eventlog", std::string(reinterpret_cast<const char*>(data), size)};
  try {
    hpng::ReadPass read = hpng::profile_reader(in, hpng::InputFormat::eventlog, static_cast<int>(size % 3 == 0 ? 25 : 0));
    check_same_profile(read);
    hpng::Warnings warnings;
    (void)hpng::select_bands(read, {}, warnings);
  } catch (const hpng::InputError&) {
  }
  return 0;
}
