// -hi bands named from their info-table provenance: a -hi census names each
// band by its info table's address as C's %p prints it ("0x4a3f10"), which
// tells a reader nothing; the IPE events of the same log (GHC 9.2+, built
// with -finfo-table-map) say what and where each table is.
#pragma once
#include <cstdint>
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

// A -finfo-table-map build writes a record for every info table, often a
// million; a profile draws a few hundred of them. Of every record only its
// address and its plain name's hash stay in memory (all that telling names
// apart needs), 32 bytes; the record itself is kept whole when its address
// is wanted (one a census names), or, where the wanted ones are not known
// beforehand (a watched log, --ipe's), written to an unlinked file in
// $TMPDIR and read back when a band needs it.
class IpeNames {
 public:
  explicit IpeNames(std::optional<std::unordered_set<uint64_t>> wanted = std::nullopt) : wanted_(std::move(wanted)) {}
  // The first record of an address wins. Throws Error (cannot_read) when
  // $TMPDIR refuses the records' file.
  void add(events::IpeRecord r);
  bool empty() const { return size() == 0; }
  size_t size() const;  // addresses with a record
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
    uint64_t offset = 0;  // in the file, when the record is there
    uint32_t length = 0;  // 0: kept whole (or not kept)
  };
  struct File;  // the records written out, shared by copies (a parser's end_here)
  void settle() const;
  const events::IpeRecord* record(std::string_view pointer_text) const;
  Seen written(const events::IpeRecord& r, uint64_t hash);

  std::optional<std::unordered_set<uint64_t>> wanted_;
  // The wanted records, and those read back from the file.
  mutable std::unordered_map<uint64_t, events::IpeRecord> records_;
  // Every record in the order met until settled: then one per address (the
  // first), by address, and the names' hashes sorted for counting.
  mutable std::vector<Seen> seen_;
  mutable std::vector<uint64_t> name_hashes_;
  mutable bool settled_ = true;
  std::shared_ptr<File> file_;
};

// The addresses a -hi log's censuses name, as their labels give them.
std::unordered_set<uint64_t> census_addresses(const Input& in);

// The IPE records of a whole -hi eventlog, wherever they are (GHC writes
// them at start-up, but nothing says they precede the censuses): a walk
// over the events that ends at once, at the header, for a log whose header
// declares no IPE event; none (unless `whole_log`: --ipe's log may profile
// otherwise) for a log whose heap profile is of another breakdown, whose
// bands no record names.
IpeNames ipe_records(const Input& in, bool whole_log = false);

}  // namespace hpng
