// Fuzz target: any bytes as the program of --symbols: its ELF headers,
// symbol and string tables read, and band addresses named from them (each
// name checked against the table's bytes), in bounded memory.
#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <string>

#include "hpng/read/elf_symbols.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > (1u << 20)) return -1;
  int fd = ::memfd_create("elf-fuzz", MFD_CLOEXEC);
  if (fd < 0 || ::write(fd, data, size) != static_cast<ssize_t>(size)) return 0;
  std::string path = "/proc/self/fd/" + std::to_string(fd);
  try {
    hpng::ElfSymbols elf(path);
    for (uint64_t a : {uint64_t{0}, uint64_t{0x400000}, uint64_t{0x401000}, ~uint64_t{0}}) {
      (void)elf.at(a);
      (void)elf.bytes_at(a, 8);
      (void)elf.string_at(a, 64);
    }
    hpng::BandNamer namer = hpng::symbol_band_namer(path);
    for (const char* band : {"0x400000", "0x401000", "0x400ff0", "0xffffffffffffffff", "0x"}) (void)namer.name(band);
  } catch (const hpng::Error&) {
  }
  ::close(fd);
  return 0;
}
