// See crafted_logs.h.
#include "support/crafted_logs.h"

#include <cstdio>

namespace hpng::test {

std::string hi_log(const LogShape& shape) {
  EventlogWriter w;
  w.declare_standard().declare(169, -1);
  std::vector<EventlogWriter::Ipe> records{kSat, kGo};
  records.insert(records.end(), shape.extra.begin(), shape.extra.end());
  w.block(1000, 0xFFFF, [&](EventlogWriter& b) {
    if (shape.records == Where::before) {
      for (const auto& r : records) b.ipe(100, r, shape.length, shape.appended);
    }
    b.heap_prof_begin(2000, 8);
    for (uint64_t k = 1; k <= 2; ++k) {
      b.sample_begin(k * 10000000).sample_string(k * 10000000, 100 * k, "0x409f78");
      b.sample_string(k * 10000000, 200 * k, "0x4a3f10").sample_string(k * 10000000, 7, "0xdeadbeef");
      for (size_t e = 0; e < shape.extra.size(); ++e) {
        char text[32];
        std::snprintf(text, sizeof text, "0x%llx", static_cast<unsigned long long>(shape.extra[e].address));
        b.sample_string(k * 10000000, 1 + e, text);
      }
      b.sample_end(k * 10000000 + 1);
    }
    if (shape.records == Where::after) {
      for (const auto& r : records) b.ipe(30000000, r, shape.length, shape.appended);
    }
  });
  return w.bytes();
}

std::string one_census(const std::vector<EventlogWriter::Ipe>& records, const std::vector<uint64_t>& live) {
  EventlogWriter w;
  w.declare_standard().declare(169, -1);
  w.block(1000, 0xFFFF, [&](EventlogWriter& b) {
    for (const EventlogWriter::Ipe& r : records) b.ipe(100, r);
    b.heap_prof_begin(2000, 8).sample_begin(10000000);
    for (size_t i = 0; i < records.size(); ++i) {
      char text[32];
      std::snprintf(text, sizeof text, "0x%llx", static_cast<unsigned long long>(records[i].address));
      b.sample_string(10000000, live[i], text);
    }
    b.sample_end(10000001);
  });
  return w.bytes();
}

EventlogWriter marked_log() {
  EventlogWriter w;
  w.declare_standard();
  w.block(1000, 0, [](EventlogWriter& b) { b.user_marker(30000000, "second").user_marker(10000000, "first"); });
  w.block(1001, 0xFFFF, [](EventlogWriter& b) {
    b.heap_prof_begin(2000, 7).sample_begin(20000000).sample_string(20000001, 5, "a").sample_end(20000002);
    b.sample_begin(40000000).sample_string(40000001, 6, "a").sample_end(40000002).user_marker(50000000, "third");
  });
  return w;
}

EventlogWriter gc_only_log() {
  EventlogWriter w;
  w.declare_standard().heap_info(2, 0, 4194304);
  w.block(10, 0, [](EventlogWriter& b) {
    b.heap_figure(50, 100000000, 4000000).heap_figure(51, 100000001, 1500000).heap_figure(50, 200000000, 8000000);
  });
  return w;
}

}  // namespace hpng::test
