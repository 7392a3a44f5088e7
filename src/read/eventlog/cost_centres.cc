// See cost_centres.h.
#include "read/eventlog/cost_centres.h"

#include <algorithm>

namespace hpng {

void CostCentres::define(events::CostCentre cc) {
  if (auto old = table_.find(cc.id); old != table_.end()) std::erase(by_label_[label_of(old->second)], cc.id);
  by_label_[label_of(cc)].push_back(cc.id);
  table_[cc.id] = std::move(cc);
}

// The label, and when other cost centres share it, the first of source
// location and module that no other of them has.
std::string CostCentres::shown(const events::CostCentre& cc) const {
  std::string label = label_of(cc);
  const std::vector<uint32_t>& sharers = by_label_.at(label);
  if (sharers.size() < 2) return label;
  auto unique = [&](auto field) {
    return std::none_of(sharers.begin(), sharers.end(), [&](uint32_t other) {
      return other != cc.id && field(table_.at(other)) == field(cc);
    });
  };
  if (!cc.src_loc.empty() && unique([](const events::CostCentre& c) { return c.src_loc; })) {
    return label + "[" + cc.src_loc + "]";
  }
  if (unique([](const events::CostCentre& c) { return c.module; })) return label + "[" + cc.module + "]";
  return label + "[cc " + std::to_string(cc.id) + "]";
}

namespace {

uint32_t id_at(std::string_view raw_ids, size_t i) {
  uint32_t id = 0;
  for (size_t j = 0; j < 4; ++j) id = (id << 8) | static_cast<unsigned char>(raw_ids[4 * i + j]);
  return id;
}

}  // namespace

const events::CostCentre* CostCentres::top(std::string_view raw_ids) const {
  if (raw_ids.size() < 4) return nullptr;
  auto it = table_.find(id_at(raw_ids, 0));
  return it == table_.end() ? nullptr : &it->second;
}

std::string CostCentres::stack_name(std::string_view raw_ids, size_t cut) const {
  size_t depth = raw_ids.size() / 4;
  if (depth == 0) return "MAIN";
  std::string name;
  for (size_t i = 0; i < depth; ++i) {
    uint32_t id = id_at(raw_ids, i);
    auto it = table_.find(id);
    name += it == table_.end() ? "<cost centre " + std::to_string(id) + ">" : shown(it->second);
    bool caf = it != table_.end() && it->second.label == "CAF";
    if (i + 1 < depth && !caf) name += '/';
  }
  if (cut >= 4 && name.size() > cut) name = name.substr(0, cut - 4) + "...";
  return name;
}

}  // namespace hpng
