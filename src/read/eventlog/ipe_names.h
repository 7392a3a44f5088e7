// -hi bands named from their info-table provenance: a -hi census names each
// band by its info table's address as C's %p prints it ("0x4a3f10"), which
// tells a reader nothing; the IPE events of the same log (GHC 9.2+, built
// with -finfo-table-map) say what and where each table is.
#pragma once
#include <cstdint>
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
// million; a profile draws a few hundred of them. Only the records of the
// wanted addresses (those a census names; all when none are given) are
// kept whole; of every record, its address and its plain name's hash (16
// bytes, 8 once settled), which is all that telling names apart needs.
class IpeNames {
 public:
  explicit IpeNames(std::optional<std::unordered_set<uint64_t>> wanted = std::nullopt) : wanted_(std::move(wanted)) {}
  // The first record of an address wins.
  void add(events::IpeRecord r);
  bool empty() const { return size() == 0; }
  size_t size() const;  // addresses with a record
  size_t held() const { return records_.size(); }  // records kept whole
  // The band name for a -hi label: "label (source location)" (the module
  // where the location is not known, the table name where there is no
  // label), with ", table name" inside the brackets where two records would
  // give one name; the label itself when no record has its address.
  std::string name(std::string_view pointer_text) const;
  // The record of a -hi label's address, if any, as a band's InfoTable.
  std::optional<InfoTable> table(std::string_view pointer_text) const;

 private:
  void settle() const;
  const events::IpeRecord* record(std::string_view pointer_text) const;

  std::optional<std::unordered_set<uint64_t>> wanted_;
  std::unordered_map<uint64_t, events::IpeRecord> records_;  // the wanted ones
  // Every record's address and plain name's hash, in the order met until
  // settled: then one per address (the first), by address, and the hashes
  // sorted (a name's records are counted in them).
  mutable std::vector<std::pair<uint64_t, uint64_t>> seen_;
  mutable std::vector<uint64_t> name_hashes_;
  mutable bool settled_ = true;
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
