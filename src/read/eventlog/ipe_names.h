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

#include "hpng/input/input.h"
#include "hpng/stream/samples.h"
#include "read/eventlog/eventlog_events.h"

namespace hpng {

class IpeNames {
 public:
  // The first record of an address wins.
  void add(events::IpeRecord r);
  bool empty() const { return records_.empty(); }
  size_t size() const { return records_.size(); }
  // The band name for a -hi label: "label (source location)" (the module
  // where the location is not known, the table name where there is no
  // label), with ", table name" inside the brackets where two records would
  // give one name; the label itself when no record has its address.
  std::string name(std::string_view pointer_text) const;
  // The record of a -hi label's address, if any, as a band's InfoTable.
  std::optional<InfoTable> table(std::string_view pointer_text) const;

 private:
  std::unordered_map<uint64_t, events::IpeRecord> records_;
  std::unordered_map<std::string, int> uses_;  // records per plain name
};

// The IPE records of a whole -hi eventlog, wherever they are (GHC writes
// them at start-up, but nothing says they precede the censuses): a walk
// over the events that ends at once, at the header, for a log whose header
// declares no IPE event; none (unless `whole_log`: --ipe's log may profile
// otherwise) for a log whose heap profile is of another breakdown, whose
// bands no record names.
IpeNames ipe_records(const Input& in, bool whole_log = false);

}  // namespace hpng
