// The IPE records a -finfo-table-map build keeps in its own data, one
// buffer a module ("Main_ipe_buf"), which its RTS posts to an eventlog at
// startup: read from the binary, they name a .hp's -hi bands with no log.
// Two layouts are known (rts/include/rts/IPE.h): GHC 9.2 to 9.8 keep a
// buffer's entries in it, each with its table's address; 9.10 and later
// keep the tables, the entries and the strings apart, and may compress
// them (with libzstd), which is not read here.
#pragma once
#include <memory>
#include <string>

#include "hpng/read/elf_symbols.h"
#include "read/eventlog/ipe_names.h"

namespace hpng {

struct BinaryIpe {
  IpeNames names;      // by each table's address in the file (a PIE's, before it is loaded)
  std::string unread;  // why buffers were found and none read ("" when read, or none found)
};

// The records of every buffer of `elf` whose entries agree with their
// tables' own closure types; `entry_offset` is how far a table's entry
// code is past the table (16, 32 in a profiled build), which a buffer
// points at. The records are read back from `elf`, which must outlive them.
BinaryIpe binary_ipe_records(std::shared_ptr<const ElfSymbols> elf, uint64_t entry_offset);

}  // namespace hpng
