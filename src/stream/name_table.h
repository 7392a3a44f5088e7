// Interned names for the readers, numbered in first-seen order. A profile
// lists its bands in much the same order every sample, so the name that
// followed the previous one last time (or the one after it, when a band is
// missing from this sample) is compared first, inline; the hash table is
// consulted only when that guess fails. Both readers spend most of their
// time here. The hash table is open-addressed over the ids with a hash that
// takes names eight bytes at a time: a profile whose bands change order
// every sample (a -hc profile's do) looks up every other name there.
#pragma once
#include <cstdint>
#include <cstring>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

namespace hpng {

class NameTable {
 public:
  NameTable() = default;
  // A copy holds its own names: views_ point into text_, so a memberwise
  // copy would name through the original's strings.
  NameTable(const NameTable& o)
      : slots_(o.slots_), hashes_(o.hashes_), text_(o.text_), successor_(o.successor_), previous_(o.previous_) {
    views_.assign(text_.begin(), text_.end());
  }
  NameTable& operator=(const NameTable&) = delete;
  // The number of `name`, added if new. The table keeps its own copy.
  uint32_t find_or_add(std::string_view name) {
    uint32_t guess = successor_[previous_];
    if (guess != kNone && !same(views_[guess], name)) {
      guess = successor_[guess + 1];  // this sample lacks the usual next name
      if (guess != kNone && !same(views_[guess], name)) guess = kNone;
    }
    if (guess == kNone) return look_up(name);
    previous_ = guess + 1;
    return guess;
  }
  // The predicted name when `text` starts with it and the byte after it
  // ends a name (ends(byte)); else kNone. Nothing changes until take().
  template <class Ends>
  uint32_t predicted(std::string_view text, Ends ends, size_t& length) const {
    uint32_t guess = successor_[previous_];
    for (int tries = 0; guess != kNone && tries < 2; ++tries, guess = successor_[guess + 1]) {
      std::string_view n = views_[guess];
      if (text.size() > n.size() && ends(text[n.size()]) && same(n, text.substr(0, n.size()))) {
        length = n.size();
        return guess;
      }
    }
    return kNone;
  }
  // A name predicted() found is the one looked up.
  void take(uint32_t id) { previous_ = id + 1; }
  // The next name looked up starts a sample (or census).
  void start_sample() { previous_ = 0; }
  static constexpr uint32_t kNone = UINT32_MAX;
  size_t size() const { return views_.size(); }
  std::string_view name(uint32_t id) const { return views_[id]; }

 private:
  // a == b, inline: names are short, and a call to memcmp per line showed.
  static bool same(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    size_t i = 0;
    for (; i + 8 <= a.size(); i += 8) {
      uint64_t x, y;
      std::memcpy(&x, a.data() + i, 8);
      std::memcpy(&y, b.data() + i, 8);
      if (x != y) return false;
    }
    for (; i < a.size(); ++i) {
      if (a[i] != b[i]) return false;
    }
    return true;
  }
  uint32_t look_up(std::string_view name);  // through the hash table
  uint32_t add(std::string_view name, uint64_t hash);
  void place(uint32_t id);  // into slots_, which has room
  static uint64_t hash(std::string_view name);

  std::vector<uint32_t> slots_ = std::vector<uint32_t>(64, 0);  // id + 1, or 0: free; at most half used
  std::vector<uint64_t> hashes_;                                // by id
  std::deque<std::string> text_;                                // stable addresses
  std::vector<std::string_view> views_;                 // text_ by id
  std::vector<uint32_t> successor_{kNone};  // [id + 1]: the name that followed id; [0]: a sample's first
  uint32_t previous_ = 0;                   // index into successor_ of the latest name
};

}  // namespace hpng
