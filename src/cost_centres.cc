// See cost_centres.h.
#include "cost_centres.h"

namespace hpng {

std::string CostCentres::stack_name(std::string_view raw_ids, size_t cut) const {
  size_t depth = raw_ids.size() / 4;
  if (depth == 0) return "MAIN";
  std::string name;
  for (size_t i = 0; i < depth; ++i) {
    uint32_t id = 0;
    for (size_t j = 0; j < 4; ++j) id = (id << 8) | static_cast<unsigned char>(raw_ids[4 * i + j]);
    auto it = table_.find(id);
    if (it == table_.end()) {
      name += "<cost centre " + std::to_string(id) + ">";
    } else if (it->second.label == "CAF") {
      name += it->second.module + ".CAF";
      continue;
    } else {
      name += it->second.label;
    }
    if (i + 1 < depth) name += '/';
  }
  if (cut >= 4 && name.size() > cut) name = name.substr(0, cut - 4) + "...";
  return name;
}

}  // namespace hpng
