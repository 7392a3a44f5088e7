// -hi bands named from their info-table provenance: a -hi census names each
// band by its info table's address as C's %p prints it ("0x4a3f10"), which
// tells a reader nothing; the IPE events of the same log (GHC 9.2+, built
// with -finfo-table-map) say what and where each table is.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "hpng/input/input.h"
#include "hpng/stream/samples.h"
#include "read/eventlog/eventlog_events.h"

namespace hpng {

// The payload of the record `at` (where it is in its file), `size` bytes,
// in an eventlog's IPE layout; "" when the file no longer holds it.
using RecordBytes = std::function<std::string(uint64_t at, uint32_t size)>;

// The payloads of the records of `log`, read from it (while it lives).
RecordBytes log_records(const Input& log);

// A -finfo-table-map build writes a record for every info table, often a
// million; a profile draws a few hundred of them. Of every record only its
// address, its plain name's hash and where it is in its file stay in memory
// (all that telling names apart needs), 32 bytes; the record itself is read
// back from the file (the log, or the program's binary), and kept, when a
// band needs it.
class IpeNames {
 public:
  // `r`, whose payload is `size` bytes at `at` in its file. The first
  // record of an address wins.
  void add(const events::IpeRecord& r, uint64_t at, uint32_t size);
  // Where the records are read back from: the log being read (a growing
  // log's latest Input), until the next call.
  void reading(RecordBytes bytes) const { bytes_ = std::move(bytes); }
  bool empty() const { return size() == 0; }
  size_t size() const;  // addresses with a record
  std::vector<uint64_t> addresses() const;  // each record's table, in order
  size_t held() const { return records_.size(); }  // records kept whole in memory
  // The band name for a -hi label: "label (source location)" (the module
  // where the location is not known, the table name where there is no
  // label), with ", table name" inside the brackets where two records would
  // give one name; the label itself when no record has its address.
  std::string name(std::string_view pointer_text) const;
  // The record of a -hi label's address, if any, as a band's InfoTable.
  std::optional<InfoTable> table(std::string_view pointer_text) const;

 private:
  struct Seen {
    uint64_t address, name_hash;
    uint64_t at;  // the payload, in the log
    uint32_t size;
  };
  void settle() const;
  const events::IpeRecord* record(std::string_view pointer_text) const;

  mutable RecordBytes bytes_;
  // The records read back from their file.
  mutable std::unordered_map<uint64_t, events::IpeRecord> records_;
  // Every record in the order met until settled: then one per address (the
  // first), by address, and the names' hashes sorted for counting.
  mutable std::vector<Seen> seen_;
  mutable std::vector<uint64_t> name_hashes_;
  mutable bool settled_ = true;
};

}  // namespace hpng
