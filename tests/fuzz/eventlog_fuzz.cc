// Fuzz target: any bytes through the eventlog reader and band selection
// must end in a Profile or an InputError, never a crash or sanitizer report.
#include <cstdint>
#include <string>

#include "hpng/bands.h"
#include "hpng/eventlog_reader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > (1u << 18)) return -1;
  hpng::Input in{"fuzz.eventlog", std::string(reinterpret_cast<const char*>(data), size)};
  try {
    hpng::Profile p = hpng::read_eventlog(in, {static_cast<int>(size % 3 == 0 ? 25 : 0)});
    (void)hpng::select_bands(p, {});
  } catch (const hpng::InputError&) {
  }
  return 0;
}
