// See name_table.h.
#include "stream/name_table.h"

#include <cstring>

namespace hpng {

// Eight bytes at a time, each multiplied in and folded (the length too, so
// that "a" and "a\0" differ).
uint64_t NameTable::hash(std::string_view name) {
  constexpr uint64_t kOdd = 0x9E3779B97F4A7C15ull;
  uint64_t h = name.size() * kOdd;
  size_t i = 0;
  for (; i + 8 <= name.size(); i += 8) {
    uint64_t w;
    std::memcpy(&w, name.data() + i, 8);
    h = (h ^ w) * kOdd;
    h ^= h >> 32;
  }
  uint64_t w = 0;
  std::memcpy(&w, name.data() + i, name.size() - i);
  h = (h ^ w) * kOdd;
  return h ^ (h >> 29);
}

void NameTable::place(uint32_t id) {
  size_t mask = slots_.size() - 1, i = hashes_[id] & mask;
  while (slots_[i] != 0) i = (i + 1) & mask;
  slots_[i] = id + 1;
}

uint32_t NameTable::add(std::string_view name, uint64_t hash) {
  auto id = static_cast<uint32_t>(views_.size());
  text_.emplace_back(name);  // callers' names may point into released input
  views_.push_back(text_.back());
  hashes_.push_back(hash);
  successor_.push_back(kNone);
  if (2 * views_.size() > slots_.size()) {
    slots_.assign(2 * slots_.size(), 0);
    for (uint32_t b = 0; b < id; ++b) place(b);
  }
  place(id);
  return id;
}

uint32_t NameTable::look_up(std::string_view name) {
  uint64_t h = hash(name);
  size_t mask = slots_.size() - 1;
  uint32_t id = kNone;
  for (size_t i = h & mask; id == kNone; i = (i + 1) & mask) {
    uint32_t s = slots_[i];
    if (s == 0) {
      id = add(name, h);
    } else if (hashes_[s - 1] == h && same(views_[s - 1], name)) {
      id = s - 1;
    }
  }
  successor_[previous_] = id;
  previous_ = id + 1;
  return id;
}

}  // namespace hpng
