// See name_table.h.
#include "name_table.h"

namespace hpng {

uint32_t NameTable::look_up(std::string_view name) {
  uint32_t id;
  auto it = ids_.find(name);
  if (it != ids_.end()) {
    id = it->second;
  } else {
    id = static_cast<uint32_t>(views_.size());
    text_.emplace_back(name);  // callers' names may point into released input
    views_.push_back(text_.back());
    successor_.push_back(kNone);
    ids_.emplace(text_.back(), id);
  }
  successor_[previous_] = id;
  previous_ = id + 1;
  return id;
}

}  // namespace hpng
