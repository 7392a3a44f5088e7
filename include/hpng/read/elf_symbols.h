// A program's ELF file, read for what names -hi bands: its symbols of info
// tables (names ending in "_info") and of its IPE records ("_ipe_buf") by
// address, and the bytes of its loaded
// segments at an address. The file is mapped, not read: only the symbol
// and string tables and the bytes asked for are touched; what is kept is
// 16 bytes an info-table symbol. Every offset and count is checked against
// the file's size: a cut or hostile file is an error, never a crash.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "hpng/stream/samples.h"

namespace hpng {

class ElfSymbols {
 public:
  // Throws Error (bad_option): not a 64-bit little-endian ELF file, damaged,
  // or without a symbol table (stripped).
  explicit ElfSymbols(const std::string& path);
  ~ElfSymbols();
  ElfSymbols(const ElfSymbols&) = delete;
  ElfSymbols& operator=(const ElfSymbols&) = delete;

  // The info-table symbol whose value is exactly `address`.
  std::optional<std::string_view> at(uint64_t address) const;
  // `n` bytes loaded at virtual address `address`, if the file holds them.
  std::optional<std::string_view> bytes_at(uint64_t address, size_t n) const;
  // A NUL-terminated string loaded at `address` (at most `most` bytes).
  std::optional<std::string_view> string_at(uint64_t address, size_t most) const;
  // A position-independent executable or a shared object: its addresses
  // are offsets from where it was loaded, which a profile does not say.
  bool position_independent() const { return dynamic_; }
  size_t symbols() const { return table_.size(); }
  // Each info-table symbol's value, in order.
  std::vector<uint64_t> symbol_values() const;
  // The value of the info-table symbol `name`, if the file defines it.
  std::optional<uint64_t> value_of(std::string_view name) const;
  // Where a -finfo-table-map build keeps each module's IPE records (the
  // symbols "Main_ipe_buf", ...), by address.
  const std::vector<uint64_t>& ipe_buffers() const { return ipe_buffers_; }

 private:
  struct Symbol {
    uint64_t value;
    uint32_t name;  // offset in the string table
  };
  struct Segment {
    uint64_t vaddr, offset, size;  // file bytes only (not .bss)
  };
  void read_headers();
  void read_symbols(uint64_t symtab, uint64_t strtab);

  std::string path_;
  const char* data_ = nullptr;
  size_t size_ = 0;
  std::string_view strings_;
  std::vector<Symbol> table_;  // sorted by value
  std::vector<Segment> segments_;
  std::vector<uint64_t> ipe_buffers_;
  bool dynamic_ = false;
};

// --symbols: names for the -hi bands that are bare info-table addresses,
// from the program's symbols (the symbol 16 bytes after its table, 32 in
// a profiled build). Each name is checked against the table's own bytes,
// its closure type and a constructor's description, so that a binary of
// another build names nothing rather than wrongly (NamedBand::disagrees).
// A -finfo-table-map build's own IPE records (binary_ipe.h) name its tables
// first, with their labels and locations. A PIE is placed where the
// profile's addresses are its tables (BandNamer::vet). Throws Error
// (bad_option): not an ELF file, or stripped.
BandNamer symbol_band_namer(const std::string& path);

}  // namespace hpng
