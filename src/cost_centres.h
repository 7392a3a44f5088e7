// The cost centres an eventlog defines (HEAP_PROF_COST_CENTRE), and the
// names of -hc bands made from them as the RTS names them in a .hp file.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>

#include "eventlog_events.h"

namespace hpng {

class CostCentres {
 public:
  // A redefinition of an id replaces it (the last one wins).
  void define(events::CostCentre cc) { table_[cc.id] = std::move(cc); }

  // The .hp name of a stack given as its raw Word32 ids, innermost first:
  // labels joined by '/', a CAF as <module>.CAF with no '/' after it, the
  // empty stack as MAIN. `cut` > 0 shortens it as the RTS's -L<cut> does: a
  // longer name keeps its first cut - 4 bytes and gets "...".
  std::string stack_name(std::string_view raw_ids, size_t cut) const;

 private:
  std::unordered_map<uint32_t, events::CostCentre> table_;
};

}  // namespace hpng
