// The cost centres an eventlog defines (HEAP_PROF_COST_CENTRE), and the
// names of -hc bands made from them as the RTS names them in a .hp file,
// made unambiguous where the .hp relies on its "(id)" prefix: with
// -fprof-auto several cost centres can share a label (local bindings
// `f.(...)` or `g.go` at several places), and stacks through them would
// otherwise look alike. Such a cost centre is shown with what sets it apart
// from the others with its label: `f.(...)[Main.hs:12:7-30]` (its source
// location), else `label[Module]`, else `label[cc 12]`. Whether a label is
// shared depends only on the program's cost centres, not on which stacks a
// run happens to sample, so a band is named alike in every run of the same
// build; a stack whose labels are all unique keeps the .hp's name.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "read/eventlog/eventlog_events.h"

namespace hpng {

class CostCentres {
 public:
  // A redefinition of an id replaces it (the last one wins).
  void define(events::CostCentre cc);

  // The name of a stack given as its raw Word32 ids, innermost first:
  // labels joined by '/', a CAF as <module>.CAF with no '/' after it, the
  // empty stack as MAIN. `cut` > 0 shortens it as the RTS's -L<cut> does: a
  // longer name keeps its first cut - 4 bytes and gets "...".
  std::string stack_name(std::string_view raw_ids, size_t cut) const;
  // The stack's innermost cost centre (what -hc and -hm restrict by), or
  // null for MAIN or an id never defined.
  const events::CostCentre* top(std::string_view raw_ids) const;

 private:
  static std::string label_of(const events::CostCentre& cc) {
    return cc.label == "CAF" ? cc.module + ".CAF" : cc.label;
  }
  std::string shown(const events::CostCentre& cc) const;

  std::unordered_map<uint32_t, events::CostCentre> table_;
  std::unordered_map<std::string, std::vector<uint32_t>> by_label_;  // shown label -> ids
};

}  // namespace hpng
