// What the eventlog reader makes of logs GHC 9.0.2 does not write but users
// have: marks written before the heap profile starts, old logs without
// HEAP_PROF_SAMPLE_END cut inside their last census, logs of running or
// killed programs, logs from much older GHCs, logs with the GC's figures
// and no heap profile; and the heap's own lines (GC events) checked against
// a real -hT log by a decoder of this file's own.
#include <gtest/gtest.h>

#include <map>

#include "support/crafted_logs.h"
#include "support/eventlog_writer.h"
#include "hpng/read/eventlog_reader.h"
#include "support/util.h"

namespace hpng {
namespace {

using namespace hpng::test;

FullProfile read(const std::string& bytes, const EventlogOptions& opts = {}) {
  Input in{"t.eventlog", bytes};
  return read_full([&](SampleSink& s, Warnings& w) { return read_eventlog(in, opts, s, w); });
}

std::string error_of(const std::string& bytes, const EventlogOptions& opts = {}) {
  return error_message([&] { read(bytes, opts); });
}

bool has_warning(const FullProfile& p, const std::string& part) {
  for (const Diagnostic& d : p.warnings) {
    if (d.message.find(part) != std::string::npos) return true;
  }
  return false;
}

// GHC writes a capability's block (with the USER_MARKERs of the program's
// traceMarker calls) before the global block that starts the heap profile.
TEST(EventlogRules, MarkersBeforeTheHeapProfileAreKept) {
  FullProfile p = read(marked_log().bytes());
  EXPECT_EQ(p.info.marks, (std::vector<Mark>{{0.01, "first"}, {0.03, "second"}, {0.05, "third"}}));
}

// A server that marks every request: the log's marks are kept in bounded
// memory (MarkList), evenly, and a warning says how many of how many.
TEST(EventlogRules, MillionsOfMarksAreThinnedWithAWarning) {
  EventlogWriter w;
  w.declare_standard();
  w.block(1000, 0xFFFF, [](EventlogWriter& b) {
    b.heap_prof_begin(2000, 7).sample_begin(20000000).sample_string(20000001, 5, "a").sample_end(20000002);
    for (uint64_t k = 0; k < 20000; ++k) b.user_marker(30000000 + k, "request " + std::to_string(k));
  });
  FullProfile p = read(w.bytes());
  EXPECT_LE(p.info.marks.size(), MarkList::kMostMarks);
  EXPECT_GE(p.info.marks.size(), MarkList::kMostMarks / 2);
  EXPECT_EQ(p.info.marks.front().name, "request 0");
  ASSERT_EQ(p.warnings.size(), 1u);
  EXPECT_EQ(p.warnings[0].code, Code::skipped);
  ASSERT_EQ(p.info.marks.size(), 5000u);  // halved twice: every fourth
  EXPECT_EQ(p.warnings[0].message, "20,000 traceMarker marks: 5,000 of them are kept, evenly over the log (a chart shows one a point; memory "
                                       "stays bounded)");
}

// Before GHC 8.10 a census ends only at the next BEGIN or at the end-of-data
// marker: in a log without that marker the last census may be cut short,
// and is not drawn.
TEST(EventlogRules, OldLogCutInsideItsLastCensusDrawsOnlyCompleteOnes) {
  EventlogWriter w;
  w.declare_standard(false).heap_prof_begin(0, 7);
  w.sample_begin(100).sample_string(101, 1, "a").sample_string(102, 2, "b");
  size_t second_begins = w.size();
  w.sample_begin(200);
  size_t second_began = w.size();
  w.sample_string(201, 3, "a").sample_string(202, 4, "b").sample_string(203, 5, "c");
  FullProfile whole = read(w.bytes());  // with the end marker: both censuses
  EXPECT_EQ(whole.times.size(), 4u);
  EXPECT_TRUE(whole.warnings.empty());
  std::string all = w.bytes(false);
  for (size_t n = second_begins; n <= all.size(); ++n) {
    SCOPED_TRACE("cut at byte " + std::to_string(n));
    if (n < second_began) {  // the first census is still open: nothing complete
      EXPECT_NE(error_of(all.substr(0, n)).find("the eventlog ends before its first complete heap sample"),
                std::string::npos);
      continue;
    }
    FullProfile p = read(all.substr(0, n));
    ASSERT_EQ(p.times.size(), 3u);  // 0, the first census, the end
    EXPECT_EQ(p.band_names, (std::vector<std::string>{"a", "b"}));
    EXPECT_EQ(p.values[0][1], 1);
    EXPECT_TRUE(has_warning(p, "the 1 complete heap samples are drawn"));
    EXPECT_EQ(has_warning(p, "the log ends inside a heap sample"), true);
  }
}

TEST(EventlogRules, LogWithSampleEndCutInsideItsLastCensus) {
  EventlogWriter w;
  w.declare_standard().heap_prof_begin(0, 7);
  for (uint64_t k = 1; k <= 2; ++k) w.sample_begin(100 * k).sample_string(100 * k + 1, k, "a").sample_end(100 * k + 2);
  size_t third = w.size();
  w.sample_begin(300).sample_string(301, 3, "a").sample_string(302, 4, "late").sample_end(303);
  std::string all = w.bytes(false);
  for (size_t n = third + 1; n < all.size(); ++n) {
    SCOPED_TRACE("cut at byte " + std::to_string(n));
    FullProfile p = read(all.substr(0, n));
    EXPECT_EQ(p.times.size(), 4u);  // 0, two censuses, the end
    EXPECT_EQ(p.band_names, (std::vector<std::string>{"a"}));
    EXPECT_TRUE(has_warning(p, "the 2 complete heap samples are drawn"));
  }
  EXPECT_EQ(read(all).times.size(), 5u);  // the whole third census, no end marker
}

TEST(EventlogRules, HeaderOnlyLogIsARunningOrKilledProgram) {
  EventlogWriter w;
  w.declare_standard();
  EXPECT_EQ(error_of(w.bytes(false)),
            "t.eventlog: the eventlog ends before its first complete heap sample: the program may still be running, "
            "or was killed before the RTS wrote its census out (it writes events in blocks, when one is full and at exit)");
  w.block(10, 0xFFFF, [](EventlogWriter& b) { b.heap_prof_begin(20, 7).sample_begin(30).sample_string(31, 5, "a"); });
  EXPECT_NE(error_of(w.bytes(false)).find("ends before its first complete heap sample"), std::string::npos);
}

// A header whose sizes the events do not have (as GHC 6.12's): reading goes
// astray until an undeclared type stops it; the log has no heap profile,
// and that is what is said.
TEST(EventlogRules, HeaderThatDoesNotFitItsEventsSaysThereIsNoHeapProfile) {
  EventlogWriter w;
  w.declare(0, 4).declare(78, 2);
  for (int i = 0; i < 5; ++i) w.event(0, static_cast<uint64_t>(i), EventlogWriter::u64(0x4e00000000000000 + i));
  std::string msg = error_of(w.bytes());
  EXPECT_EQ(msg.rfind("t.eventlog: no heap profile in this eventlog: run the program with +RTS -hT -l", 0), 0u) << msg;
  EXPECT_NE(msg.find("is not declared in the header (an eventlog from an older GHC, or a damaged one?)"),
            std::string::npos) << msg;
}

TEST(EventlogRules, GcFiguresWithoutAHeapProfile) {
  EXPECT_EQ(error_of(gc_only_log().bytes()),
            "t.eventlog: no heap profile in this eventlog: run the program with +RTS -hT -l (or -hc -l, -hy -l, ... on "
            "a profiled build); it has the GC's heap sizes, which --heap-lines draws");
  FullProfile p = read(gc_only_log().bytes(), {0, true});
  EXPECT_EQ(p.times, (std::vector<double>{0, 0.2}));
  EXPECT_TRUE(p.band_names.empty());
  EXPECT_TRUE(has_warning(p, "only the heap's own lines are drawn"));
  ASSERT_EQ(p.info.series.size(), 2u);
  EXPECT_EQ(p.info.series[0].name, "heap size");
  EXPECT_EQ(p.info.series[0].values, (std::vector<double>{4000000, 8000000}));
}

// Blocks of two capabilities, written out of time order: lines come out in
// time order; the allocation total is the sum of each capability's latest
// running count.
TEST(EventlogRules, HeapLinesFromGcEventsOfSeveralCapabilities) {
  EventlogWriter w;
  w.declare_standard().heap_info(3, 1 << 30, 1048576).program_args({"./p", "+RTS", "-hT", "-N2"});
  w.rts_identifier("GHC-9.4.7 rts_thr");
  w.block(10, 1, [](EventlogWriter& b) {
    b.heap_figure(49, 2000, 50).heap_figure(50, 2001, 2000).heap_figure(91, 2002, 1800).heap_figure(49, 4000, 80);
  });
  w.block(11, 0, [](EventlogWriter& b) {
    b.heap_figure(49, 1000, 100).heap_figure(50, 1001, 1000).heap_figure(51, 1002, 600).heap_figure(49, 3000, 300);
  });
  w.block(12, 0xFFFF, [](EventlogWriter& b) { b.heap_prof_begin(5, 7).sample_begin(500).sample_string(501, 5, "a").sample_end(502); });
  FullProfile p = read(w.bytes());
  std::map<std::string, std::pair<std::vector<double>, std::vector<double>>> lines;
  for (const Series& s : p.info.series) lines[s.name] = {s.times, s.values};
  EXPECT_EQ(lines["heap size"], (std::pair<std::vector<double>, std::vector<double>>{{1.001e-6, 2.001e-6}, {1000, 2000}}));
  EXPECT_EQ(lines["live bytes"].second, (std::vector<double>{600}));
  EXPECT_EQ(lines["blocks size"].second, (std::vector<double>{1800}));
  EXPECT_EQ(lines["allocated"].first, (std::vector<double>{1e-6, 2e-6, 3e-6, 4e-6}));
  EXPECT_EQ(lines["allocated"].second, (std::vector<double>{100, 150, 350, 380}));
  ASSERT_TRUE(p.info.run);
  EXPECT_EQ(p.info.run->generations, 3u);
  EXPECT_EQ(p.info.run->max_heap, 1u << 30);
  EXPECT_EQ(p.info.run->breakdown, "-hT");
  EXPECT_EQ(p.info.run->rts, "GHC-9.4.7 rts_thr");
}

// --- A real -hT log: its heap lines against the events themselves ------------

struct RawEvent {
  uint16_t id;
  uint64_t time;
  std::string payload;
};

uint64_t be(const std::string& s, size_t at, size_t n) {
  uint64_t v = 0;
  for (size_t i = 0; i < n; ++i) v = (v << 8) | static_cast<unsigned char>(s[at + i]);
  return v;
}

// This test's own walk over an eventlog (header, then events by size).
std::vector<RawEvent> raw_events(const std::string& d) {
  std::map<uint16_t, int> sizes;
  size_t at = 8;
  while (d.compare(at, 4, "hete") != 0) {
    uint16_t id = static_cast<uint16_t>(be(d, at + 4, 2));
    int size = static_cast<int>(be(d, at + 6, 2));
    at += 12 + be(d, at + 8, 4);
    at += 4 + be(d, at, 4) + 4;
    sizes[id] = size == 0xFFFF ? -1 : size;
  }
  std::vector<RawEvent> out;
  for (at += 12; be(d, at, 2) != 0xFFFF;) {
    uint16_t id = static_cast<uint16_t>(be(d, at, 2));
    size_t len = sizes[id] < 0 ? be(d, at + 10, 2) : static_cast<size_t>(sizes[id]);
    size_t head = sizes[id] < 0 ? 12 : 10;
    out.push_back({id, be(d, at + 2, 8), d.substr(at + head, len)});
    at += head + len;
  }
  return out;
}

TEST(EventlogRules, HeapLinesOfARealLogAreItsGcFigures) {
  std::string log = read_file(std::string(HPNG_CASES) + "/../eventlog-small/leak-hT-N2.eventlog");
  std::map<uint16_t, std::vector<std::pair<double, double>>> want;
  for (const RawEvent& e : raw_events(log)) {
    if (e.id == 50 || e.id == 51) want[e.id].push_back({static_cast<double>(e.time) / 1e9, static_cast<double>(be(e.payload, 4, 8))});
  }
  for (auto& [id, points] : want) std::stable_sort(points.begin(), points.end(), [](auto a, auto b) { return a.first < b.first; });
  FullProfile p = read(log);
  std::map<std::string, uint16_t> id_of = {{"HEAP_SIZE", 50}, {"HEAP_LIVE", 51}};
  size_t lines = 0;
  for (const Series& s : p.info.series) {
    if (!id_of.count(s.event)) continue;
    std::vector<std::pair<double, double>> got;
    for (size_t i = 0; i < s.times.size(); ++i) got.push_back({s.times[i], s.values[i]});
    EXPECT_EQ(got, want[id_of[s.event]]) << s.name;
    ++lines;
  }
  EXPECT_EQ(lines, 2u);
  ASSERT_GT(want[51].size(), 3u);
  for (const auto& [t, live] : want[51]) {  // each major GC posts HEAP_LIVE, then HEAP_SIZE
    auto size = std::lower_bound(want[50].begin(), want[50].end(), std::pair<double, double>{t, 0});
    ASSERT_NE(size, want[50].end());
    EXPECT_GE(size->second, live) << "at " << t;
  }
}

}  // namespace

// The run's mutator time: its last event's time less its collections,
// each GC_START to GC_END of one capability's blocks (blocks out of time
// order; a start with no end, as a killed run leaves, adds nothing). A log
// without GC events does not know it.
TEST(EventlogRules, MutatorTimeIsTheRunLessItsCollections) {
  EventlogWriter w;
  w.declare_standard().declare(9, 0).declare(10, 0).program_args({"./p", "+RTS", "-hT", "-N2"});
  w.block(10, 1, [](EventlogWriter& b) { b.event(9, 300'000'000, "").event(10, 500'000'000, "").event(9, 900'000'000, ""); });
  w.block(11, 0, [](EventlogWriter& b) { b.event(9, 100'000'000, "").event(10, 200'000'000, ""); });
  w.block(12, 0xFFFF, [](EventlogWriter& b) {
    b.heap_prof_begin(5, 7).sample_begin(500).sample_string(501, 5, "a").sample_end(1'000'000'000);
  });
  FullProfile p = read(w.bytes());
  ASSERT_TRUE(p.info.run);
  EXPECT_NEAR(p.info.run->mutator_seconds, 1.0 - 0.2 - 0.1, 1e-9);
  EventlogWriter none;
  none.declare_standard().program_args({"./p", "+RTS", "-hT"});
  none.heap_prof_begin(5, 7).sample_begin(500).sample_string(501, 5, "a").sample_end(502);
  FullProfile q = read(none.bytes());
  ASSERT_TRUE(q.info.run);
  EXPECT_EQ(q.info.run->mutator_seconds, -1);
}

}  // namespace hpng
