// Damaged and newer eventlogs read whole: a stretch of a block that is no
// events (an undeclared type, an event running past its block) is skipped
// to the next block with one warning naming its bytes, the census it cuts
// dropped and the others kept, also where the event claims bytes past the
// end of the file; event types a newer GHC declares and this
// reader does not know are stepped over.
#include <gtest/gtest.h>

#include "hpng/read/eventlog_reader.h"
#include "support/eventlog_writer.h"
#include "support/util.h"

namespace hpng {
namespace {

using namespace hpng::test;

FullProfile read(const std::string& bytes) {
  Input in{"d.eventlog", bytes};
  return read_full([&](SampleSink& s, Warnings& w) { return read_eventlog(in, {}, s, w); });
}

void census(EventlogWriter& b, uint64_t ms, uint64_t value) {
  uint64_t t = ms * 1000000;
  b.sample_begin(t).sample_string(t, value, "a").sample_string(t, 2 * value, "b").sample_end(t + 1);
}

// Three blocks of the global buffer, a census each; `damage` writes into
// the second, between its census's BEGIN and its bands.
template <class Damage>
std::string log_with(Damage damage) {
  EventlogWriter w;
  w.declare_standard();
  w.block(1000, 0xFFFF, [](EventlogWriter& b) {
    b.heap_prof_begin(2000, 7);
    census(b, 10, 1);
  });
  w.block(2000, 0xFFFF, [&](EventlogWriter& b) {
    b.sample_begin(20000000);
    damage(b);
    b.sample_string(20000000, 5, "a").sample_end(20000001);
  });
  w.block(3000, 0xFFFF, [](EventlogWriter& b) { census(b, 30, 3); });
  return w.bytes();
}

std::vector<double> times_with_data(const FullProfile& p) {
  std::vector<double> out;
  for (size_t k = 0; k < p.times.size(); ++k) {
    for (const auto& band : p.values) {
      if (band[k] == band[k] && band[k] != 0) {
        out.push_back(p.times[k]);
        break;
      }
    }
  }
  return out;
}

std::string messages(const FullProfile& p) {
  std::string out;
  for (const Diagnostic& d : p.warnings) out += describe(d) + "\n";
  return out;
}

TEST(DamagedLog, AStretchOfNoEventsIsSkippedToTheNextBlock) {
  std::string bytes = log_with([](EventlogWriter& b) { b.raw(std::string("\x7f\x01junkjunkjunkjunk", 18)); });
  FullProfile p = read(bytes);
  EXPECT_EQ(times_with_data(p), (std::vector<double>{0.01, 0.03})) << "the census the stretch cut is dropped";
  ASSERT_EQ(p.warnings.size(), 1u) << messages(p);
  size_t at = bytes.find("\x7f\x01junk");
  size_t next_block = bytes.find(std::string("\x00\x12", 2), at);  // BLOCK_MARKER's id
  EXPECT_EQ(p.warnings[0].code, Code::skipped);
  EXPECT_EQ(p.warnings[0].byte, at);
  EXPECT_NE(p.warnings[0].message.find("bytes " + std::to_string(at) + " to " + std::to_string(next_block) +
                                       " of this block are not events"),
            std::string::npos)
      << messages(p);
  EXPECT_NE(p.warnings[0].message.find("with the heap sample they cut"), std::string::npos);
}

// As --watch reads a growing log: in two pieces, cut inside the stretch
// (the next block is beyond the first piece), the same samples.
TEST(DamagedLog, ReadInPiecesCutInsideTheStretch) {
  std::string bytes = log_with([](EventlogWriter& b) { b.raw(std::string("\x7f\x01junkjunkjunkjunk", 18)); });
  size_t cut = bytes.find("\x7f\x01junk") + 6;
  Input in{"d.eventlog", bytes};
  FullProfile pieces = read_full([&](SampleSink& sink, Warnings& w) {
    EventlogReader r({});
    size_t done = r.feed(in, std::string_view(bytes).substr(0, cut), 0, false, sink, w);
    EXPECT_LE(done, cut) << "a reader is never done with bytes it was not given";
    r.feed(in, std::string_view(bytes).substr(done), done, true, sink, w);
    return r.info();
  });
  EXPECT_EQ(times_with_data(pieces), (std::vector<double>{0.01, 0.03}));
}

TEST(DamagedLog, AnEventRunningPastItsBlockIsDamageToo) {
  // A HEAP_PROF_SAMPLE_STRING (variable size) whose length field claims
  // 60,000 bytes: it would swallow the next block.
  std::string lying = EventlogWriter::u16(164) + EventlogWriter::u64(20000000) + EventlogWriter::u16(60000) + "x";
  FullProfile p = read(log_with([&](EventlogWriter& b) { b.raw(lying); }) + std::string(60000, '\0'));
  EXPECT_EQ(times_with_data(p), (std::vector<double>{0.01, 0.03}));
  EXPECT_EQ(p.warnings.size(), 1u) << messages(p);
}

// The same lie, with the claimed bytes past the end of the file: not a log
// cut short, since the block's marker says where the log goes on, and it
// does (the third census, the end marker).
TEST(DamagedLog, AnEventRunningPastTheEndOfTheFileInsideABlockIsDamageToo) {
  std::string lying = EventlogWriter::u16(164) + EventlogWriter::u64(20000000) + EventlogWriter::u16(60000) + "x";
  std::string bytes = log_with([&](EventlogWriter& b) { b.raw(lying); });
  FullProfile p = read(bytes);
  EXPECT_EQ(times_with_data(p), (std::vector<double>{0.01, 0.03})) << messages(p);
  ASSERT_EQ(p.warnings.size(), 1u) << messages(p);
  EXPECT_EQ(p.warnings[0].code, Code::skipped);
  EXPECT_EQ(p.warnings[0].byte, bytes.find(lying));
  EXPECT_TRUE(p.info.finished) << "the end marker was read";
}

TEST(DamagedLog, EventTypesOfNewerGhcsAreSteppedOver) {
  auto newer = [](bool with_new_events) {
    EventlogWriter w;
    w.declare_standard().declare(210, 12).declare(211, -1).declare(300, 0);
    w.block(1000, 0xFFFF, [&](EventlogWriter& b) {
      b.heap_prof_begin(2000, 7);
      if (with_new_events) b.event(210, 3000, std::string(12, '\x01')).event(211, 3001, "new fields").event(300, 3002, "");
      census(b, 10, 1);
      if (with_new_events) b.event(211, 15000000, std::string(300, 'z'));
      census(b, 20, 2);
    });
    return w.bytes();
  };
  FullProfile with = read(newer(true)), without = read(newer(false));
  EXPECT_EQ(with.band_names, without.band_names);
  EXPECT_EQ(times_with_data(with), (std::vector<double>{0.01, 0.02}));
  EXPECT_TRUE(with.warnings.empty()) << messages(with);
}

TEST(DamagedLog, WithoutABlockToSkipToReadingStopsWithItsWarning) {
  EventlogWriter w;
  w.declare_standard();
  w.block(1000, 0xFFFF, [](EventlogWriter& b) {
    b.heap_prof_begin(2000, 7);
    census(b, 10, 1);
  });
  w.raw(std::string("\x7f\x01junk", 6));  // after the last block: nothing to skip to
  FullProfile p = read(w.bytes());
  EXPECT_EQ(times_with_data(p), (std::vector<double>{0.01}));
  EXPECT_NE(messages(p).find("is not declared in the header (is the file damaged?); reading stopped here"),
            std::string::npos)
      << messages(p);
}

}  // namespace
}  // namespace hpng
