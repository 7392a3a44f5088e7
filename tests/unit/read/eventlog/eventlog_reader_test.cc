// The eventlog reader. Parity: for every run that left both a .hp and an
// eventlog (the bundled eventlog-small trio always; the whole shared corpus
// where it is present), the eventlog's samples equal the .hp's non-empty
// samples, sample by sample, name by name, value by value (the .hp's -hc
// names lose their "(id)" prefix and are cut as the run's -L cut them).
// Crafted logs from a small writer cover what GHC 9.0.2 cannot make.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <regex>
#include <set>

#include "support/eventlog_writer.h"
#include "support/parity.h"
#include "hpng/matrix/band_matrix.h"
#include "hpng/read/eventlog_reader.h"
#include "hpng/read/hp_reader.h"
#include "support/util.h"

namespace hpng {
namespace {

using test::EventlogWriter;
using namespace hpng::test;

TEST(EventlogParity, BundledSmallLogsMatchTheirHpFiles) {
  for (const char* stem : {"leak-hc", "leak-hb", "leak-hT-N2"}) {
    std::string dir = std::string(HPNG_CASES) + "/../eventlog-small/";
    EXPECT_GT(check_parity(stem, read_file(dir + stem + ".hp"), read_file(dir + stem + ".eventlog")), 10u);
  }
}

// A run where -fprof-auto gave several cost centres one label: the .hp
// keeps four stacks apart by "(id)" alone, and so must the eventlog.
TEST(EventlogParity, StacksThroughSharedLabelsStayApart) {
  std::string dir = std::string(HPNG_CASES) + "/../same-labels/";
  if (!have_tool("xz")) GTEST_SKIP() << "xz not installed";
  std::string log = xz_or_plain(dir + "samelabels.hc.eventlog");
  EXPECT_GT(check_parity("samelabels.hc", read_file(dir + "samelabels.hc.hp"), log), 10u);
  Input in{"samelabels.eventlog", log};
  FullProfile ev = read_full([&](SampleSink& s, Warnings& w) { return read_eventlog(in, {}, s, w); });
  std::set<std::string> names(ev.band_names.begin(), ev.band_names.end());
  for (const char* n : {"chunk.go[SameLabels.hs:11:25-47]/chunk/main.loop.c/main.loop/main",
                        "chunk.go[SameLabels.hs:12:22-50]/chunk/main.loop.c/main.loop/main",
                        "pairs.(...)[SameLabels.hs:17:5-43]/pairs/main.loop.(...)/main.loop/main",
                        "pairs.(...)[SameLabels.hs:18:5-43]/pairs/main.loop.(...)/main.loop/main",
                        "main.loop/main", "PINNED"}) {  // unique labels keep the .hp's name
    EXPECT_TRUE(names.count(n)) << n;
  }
}

TEST(EventlogParity, SharedCorpusLogsMatchTheirHpFiles) {
  std::string root = std::string(HPNG_SHARED_CORPUS) + "/real";
  if (!file_exists(root) || !have_tool("xz")) GTEST_SKIP() << "shared corpus not present";
  int runs = 0;
  size_t samples = 0;
  for (const std::string& prog : list_dir(root)) {
    for (const std::string& f : list_dir(root + "/" + prog)) {
      std::smatch m;
      if (!std::regex_match(f, m, std::regex("(.*)\\.eventlog(\\.xz)?"))) continue;
      std::string stem = m[1];
      std::string hp = xz_or_plain(root + "/" + prog + "/" + stem + ".hp");
      if (hp.empty()) continue;
      samples += check_parity(stem, hp, xz_or_plain(root + "/" + prog + "/" + stem + ".eventlog"));
      ++runs;
    }
  }
  std::printf("%d runs, %zu samples compared\n", runs, samples);
  EXPECT_GE(runs, 50);
  EXPECT_GT(samples, 9000u);
}

FullProfile read(const std::string& bytes, int cut = 0) {
  Input in{"t.eventlog", bytes};
  return read_full([&](SampleSink& s, Warnings& w) { return read_eventlog(in, {cut}, s, w); });
}

std::string error_of(const std::string& bytes) {
  return error_message([&] { read(bytes); });
}

EventlogWriter basic(uint32_t breakdown) {
  EventlogWriter w;
  w.declare_standard().block_marker(0, 0xFFFF);
  w.rts_identifier("GHC-9.10.1 rts_thr").program_args({"./prog", "+RTS", "-hT", "-l"}).wall_clock(0);
  w.heap_prof_begin(10, breakdown);
  return w;
}

TEST(Eventlog, HeaderGivesJobDateAndUnits) {
  EventlogWriter w;
  w.declare_standard().rts_identifier("GHC-9.0.2 rts_p").wall_clock(1790000000);
  w.program_args({"/tmp/x/prog", "a b", "+RTS", "-hc", "-RTS", "c", "--RTS", "+RTS"});
  w.heap_prof_begin(1, 1).sample_begin(2000000000).sample_stack(2000000001, 5, {}).sample_end(2000000002);
  FullProfile p = read(w.bytes());
  EXPECT_EQ(p.info.header.job, "prog a b c +RTS +RTS -hc");
  EXPECT_EQ(p.info.header.date, "Mon Sep 21 14:13 2026");  // 1790000000 s, in UTC
  EXPECT_EQ(p.info.header.sample_unit, "seconds");
  EXPECT_EQ(p.info.header.value_unit, "bytes");
  EXPECT_EQ(p.times, (std::vector<double>{0, 2, 2.000000002}));
  EXPECT_EQ(p.band_names, (std::vector<std::string>{"MAIN"}));
}

TEST(Eventlog, CostCentreStacksNamedAsInHpFiles) {
  EventlogWriter w;
  w.declare_standard().heap_prof_begin(0, 1);
  w.cost_centre(3, "buildTable", "Main").cost_centre(8, "main.table", "Main").cost_centre(9, "CAF", "Main");
  w.sample_begin(1000).sample_stack(1001, 100, {3, 8, 9}).sample_stack(1002, 7, {9}).sample_end(1003);
  w.cost_centre(20, "late", "M");  // defined after use: names resolve at the end
  w.sample_begin(2000).sample_stack(2001, 1, {20}).sample_end(2002);
  EXPECT_EQ(read(w.bytes()).band_names, (std::vector<std::string>{"buildTable/main.table/Main.CAF", "Main.CAF", "late"}));
  EXPECT_EQ(read(w.bytes(), 10).band_names, (std::vector<std::string>{"buildT...", "Main.CAF", "late"}));
}

// --explain restricts its next runs by a -hc band's innermost cost centre:
// its label and module as the log defines them, whatever the name shows.
TEST(Eventlog, StackBandsKeepTheirInnermostCostCentre) {
  EventlogWriter w;
  w.declare_standard().heap_prof_begin(0, 1);
  w.cost_centre(3, "a/b", "Store").cost_centre(8, "main", "Main");
  w.sample_begin(1000).sample_stack(1001, 100, {3, 8}).sample_stack(1002, 7, {}).sample_end(1003);
  FullProfile p = read(w.bytes());
  EXPECT_EQ(p.info.cost_centres, (std::map<std::string, CostCentreInfo>{{"a/b/main", {"a/b", "Store", "<src>"}}}));
}

// Stacks that --ccs-length cuts to one name stay apart as "name (2)",
// "name (3)", ...: each the least number free, found without trying every
// smaller one again (40,000 such stacks took 156 s).
TEST(Eventlog, StacksCutToOneNameAreNumbered) {
  EventlogWriter w;
  w.declare_standard().heap_prof_begin(0, 1);
  const uint32_t kStacks = 3000;
  for (uint32_t i = 0; i < kStacks; ++i) w.cost_centre(i + 1, "applyEvent" + std::to_string(i), "Main");
  w.sample_begin(1000);
  for (uint32_t i = 0; i < kStacks; ++i) w.sample_stack(1001, 8, {i + 1});
  w.sample_stack(1001, 8, {1}).sample_end(1002);
  std::vector<std::string> names = read(w.bytes(), 10).band_names;
  ASSERT_EQ(names.size(), kStacks);
  EXPECT_EQ(names[0], "applyE...");
  EXPECT_EQ(names[1], "applyE... (2)");
  EXPECT_EQ(names[kStacks - 1], "applyE... (" + std::to_string(kStacks) + ")");
  EXPECT_EQ(std::set<std::string>(names.begin(), names.end()).size(), kStacks);
}

TEST(Eventlog, InfoTableAndEraBreakdowns) {
  for (uint32_t breakdown : {8u, 9u, 42u}) {
    EventlogWriter w = basic(breakdown);
    w.declare(169, -1);
    w.event(169, 5, EventlogWriter::u64(0x409f78) + EventlogWriter::str("sat_info") + EventlogWriter::str("21") +
                        EventlogWriter::str("Int") + EventlogWriter::str("main") + EventlogWriter::str("Main") +
                        EventlogWriter::str("T.hs:5:1-30"));
    w.sample_begin(100).sample_string(101, 64, breakdown == 8 ? "0x409f78" : "1").sample_end(102);
    FullProfile p = read(w.bytes());
    EXPECT_EQ(p.band_names.size(), 1u) << breakdown;
    EXPECT_EQ(p.values[0][1], 64);
  }
}

TEST(Eventlog, OldLogsWithoutSampleEnd) {
  EventlogWriter w;
  w.declare_standard(false).heap_prof_begin(0, 4);
  w.sample_begin(100).sample_string(101, 1, "a").sample_begin(200).sample_string(201, 2, "a");
  FullProfile p = read(w.bytes());  // the last sample ends at the end of the data
  EXPECT_EQ(p.times.size(), 4u);
  EXPECT_TRUE(p.warnings.empty());
}

TEST(Eventlog, ExtraTrailingFieldsAndUnknownTypesAreSkipped) {
  EventlogWriter w;
  w.declare(18, 14).declare(160, -1).declare(162, 16).declare(164, -1).declare(165, 16);
  w.declare(240, 5, 3).declare(241, -1);
  w.heap_prof_begin(0, 7);
  w.event(162, 100, EventlogWriter::u64(0) + "JUNKJUNK");
  w.event(240, 101, "12345").event(241, 102, "anything at all");
  w.sample_string(103, 48, "THUNK", "xyz");  // bytes after the label's NUL
  w.event(165, 104, EventlogWriter::u64(0) + "JUNKJUNK");
  FullProfile p = read(w.bytes());
  EXPECT_EQ(p.band_names, (std::vector<std::string>{"THUNK"}));
  EXPECT_EQ(p.values[0][1], 48);
}

TEST(Eventlog, SampleSplitAcrossBlocks) {
  EventlogWriter w = basic(7);
  w.sample_begin(100).sample_string(101, 1, "a").block_marker(102, 0);  // a capability block
  w.event(58, 103, "mark").block_marker(104, 0xFFFF);
  w.sample_string(105, 2, "b").sample_end(106);
  FullProfile p = read(w.bytes());
  EXPECT_EQ(p.band_names, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(p.info.marks.size(), 1u);
}

TEST(Eventlog, BiographicalSamplesAtTheirCensusTime) {
  EventlogWriter w = basic(6);
  for (uint64_t t : {300u, 100u, 200u}) {  // all written at exit
    w.bio_sample_begin(5000, t * 1000000).sample_string(5001, t, "LAG").sample_string(5002, 0, "DRAG").sample_end(5003);
  }
  FullProfile p = read(w.bytes());
  EXPECT_EQ(p.times, (std::vector<double>{0, 0.1, 0.2, 0.3, 0.3}));
  EXPECT_EQ(p.values[0][1], 100);
}

TEST(Eventlog, DuplicateNamesInASampleAdd) {
  EventlogWriter w = basic(5);
  w.sample_begin(100).sample_string(101, 5, "(1)CAF").sample_string(102, 7, "(1)CAF").sample_end(103);
  FullProfile p = read(w.bytes());
  EXPECT_EQ(p.values[0][1], 12);
  EXPECT_EQ(p.extra_points, 1u);
}

// The .hp reader refuses a sample earlier than the one before it; a log
// says so once, where, and draws it at the previous time.
TEST(Eventlog, ACensusEarlierThanTheOneBeforeItIsSaid) {
  EventlogWriter w = basic(7);
  w.sample_begin(2000000).sample_string(2000001, 1, "a").sample_end(2000002);
  w.sample_begin(1000000).sample_string(1000001, 2, "a").sample_end(1000002);
  w.sample_begin(500000).sample_string(500001, 3, "a").sample_end(500002);
  FullProfile p = read(w.bytes());
  EXPECT_TRUE(std::is_sorted(p.times.begin(), p.times.end()));
  ASSERT_EQ(p.warnings.size(), 1u) << "said once";
  EXPECT_EQ(p.warnings[0].code, Code::skipped);
  EXPECT_TRUE(p.warnings[0].byte.has_value());
  EXPECT_NE(p.warnings[0].message.find("samples out of sequence: this census (at 0.001000 s) is earlier than the "
                                       "previous one (at 0.002000 s)"),
            std::string::npos)
      << p.warnings[0].message;
}

TEST(Eventlog, RestartedProfile) {
  EventlogWriter same = basic(7);
  same.sample_begin(100).sample_string(101, 1, "a").sample_end(102).heap_prof_begin(200, 7);
  same.sample_begin(300).sample_string(301, 2, "a").sample_end(302);
  EXPECT_EQ(read(same.bytes()).times.size(), 4u);
  EventlogWriter other = basic(7);
  other.sample_begin(100).sample_string(101, 1, "a").sample_end(102).heap_prof_begin(200, 4);
  other.sample_begin(300).sample_string(301, 2, "Int").sample_end(302);
  FullProfile p = read(other.bytes());
  EXPECT_EQ(p.times.size(), 3u);
  ASSERT_EQ(p.warnings.size(), 1u);
  EXPECT_NE(p.warnings[0].message.find("only the first profile is drawn"), std::string::npos);
}

TEST(Eventlog, TruncatedLogKeepsCompleteSamples) {
  EventlogWriter w = basic(7);
  w.sample_begin(100).sample_string(101, 1, "a").sample_end(102).sample_begin(200).sample_string(201, 2, "b");
  FullProfile p = read(w.bytes(false));
  EXPECT_EQ(p.times.size(), 3u);  // 0, the complete sample, the end
  EXPECT_EQ(p.band_names, (std::vector<std::string>{"a"}));
  EXPECT_EQ(p.warnings.size(), 2u);
  // Cut at every byte: never a crash; a clear error or complete samples.
  std::string all = w.bytes();
  for (size_t n = 0; n < all.size(); ++n) {
    try {
      FullProfile q = read(all.substr(0, n));
      EXPECT_GE(q.times.size(), 3u);
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find("t.eventlog"), std::string::npos);
    }
  }
}

TEST(Eventlog, ClearErrors) {
  EventlogWriter none;
  none.declare_standard().program_args({"prog"});
  EXPECT_EQ(error_of(none.bytes()),
            "t.eventlog: no heap profile in this eventlog: run the program with +RTS -hT -l (or -hc -l, -hy -l, ... on a profiled build)");
  EXPECT_EQ(error_of("hdrbhetbetb"), "t.eventlog:byte 8: the eventlog header is cut short: expected an event-type declaration (\"etb\") or the end of the list (\"hete\")");
  EXPECT_EQ(error_of(std::string("hdrbhetb") + std::string("etb\0", 4) + EventlogWriter::u16(1) + EventlogWriter::u16(4) +
                     EventlogWriter::u32(0xFFFFFFFF) + "x"),
            "t.eventlog:byte 8: event type 1 declares a 4294967295-byte description, past the end of the file");
  EventlogWriter undeclared = basic(7);
  undeclared.event(150, 1, "");
  EXPECT_NE(error_of(undeclared.bytes()).find("event type 150 is not declared in the header"), std::string::npos)
      << error_of(undeclared.bytes());
  EventlogWriter empty = basic(7);
  EXPECT_NE(error_of(empty.bytes()).find("has no complete samples"), std::string::npos);
}

TEST(Eventlog, BiographyFilterSamplesSpacedByInterval) {
  EventlogWriter w;
  w.declare_standard().heap_prof_begin(0, 1, "drag,void");
  w.sample_begin(9000).sample_stack(9001, 1, {}).sample_end(9002).sample_begin(9003).sample_stack(9004, 2, {}).sample_end(9005);
  FullProfile p = read(w.bytes());
  EXPECT_EQ(p.times[1], 0.1);
  EXPECT_EQ(p.times[2], 0.2);
  EXPECT_EQ(p.warnings.size(), 1u);
}

}  // namespace
}  // namespace hpng
