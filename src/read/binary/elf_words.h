// A little-endian word of a program's loaded bytes, as its tables hold
// them (none where the file does not hold those bytes).
#pragma once
#include <cstring>
#include <optional>

#include "hpng/read/elf_symbols.h"

namespace hpng {

template <class T>
std::optional<T> word_at(const ElfSymbols& elf, uint64_t address) {
  std::optional<std::string_view> b = elf.bytes_at(address, sizeof(T));
  if (!b) return std::nullopt;
  T v;
  std::memcpy(&v, b->data(), sizeof v);
  return v;
}

}  // namespace hpng
