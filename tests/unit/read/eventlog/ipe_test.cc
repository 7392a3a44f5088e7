// -hi eventlogs (GHC 9.2+, -finfo-table-map): bands named from the IPE
// records of their info tables, wherever the records are in the log, unique
// where two records would give one name, a pointer without a record kept;
// the same output from logs whose IPE length fields are a byte more than
// written (every real GHC 9.6 and 9.10 log), exact, or a byte short (GHC
// #24287), or that carry fields appended after the six strings.
#include <gtest/gtest.h>

#include <sstream>

#include "hpng/read/eventlog_reader.h"
#include "read/eventlog/ipe_names.h"
#include "support/crafted_logs.h"
#include "support/eventlog_writer.h"
#include "support/util.h"

namespace hpng {
namespace {

using namespace hpng::test;

FullProfile read(const std::string& bytes) {
  Input in{"hi.eventlog", bytes};
  return read_full([&](SampleSink& s, Warnings& w) { return read_eventlog(in, {}, s, w); });
}

// The values as text: a band missing from a sample is NaN, which no
// comparison of doubles finds equal.
std::string values_text(const FullProfile& p) {
  std::string out;
  for (const auto& row : p.values) {
    for (double v : row) out += std::to_string(v) + " ";
    out += "\n";
  }
  return out;
}

const std::vector<std::string> kNames{"main Test.hs:5:1", "go Leak.hs:12:5", "0xdeadbeef"};

TEST(IpeNames, HiBandsAreNamedFromTheirRecordsAndAPointerWithoutOneStays) {
  FullProfile p = read(hi_log({}));
  EXPECT_EQ(p.band_names, kNames);
  EXPECT_EQ(p.info.run->breakdown, "-hi");
  EXPECT_TRUE(p.warnings.empty());
}

TEST(IpeNames, RecordsAfterTheSamplesNameThemToo) {
  FullProfile before = read(hi_log({})), after = read(hi_log({Where::after, Length::one_more, "", {}}));
  EXPECT_EQ(after.band_names, kNames);
  EXPECT_EQ(values_text(after), values_text(before));
}

TEST(IpeNames, EveryLengthFieldAndAppendedFieldsReadTheSame) {
  FullProfile plain = read(hi_log({}));
  for (const LogShape& shape :
       {LogShape{Where::before, Length::exact, "", {}}, LogShape{Where::after, Length::exact, "", {}},
        LogShape{Where::before, Length::one_short, "", {}}, LogShape{Where::after, Length::one_short, "", {}},
        LogShape{Where::after, Length::one_more, "", {}},
        LogShape{Where::before, Length::exact, std::string("\x01\x02\x03\0more\0", 10), {}}}) {
    FullProfile p = read(hi_log(shape));
    EXPECT_EQ(p.band_names, kNames) << static_cast<int>(shape.length);
    EXPECT_EQ(values_text(p), values_text(plain));
    if (shape.records == Where::before) {
      EXPECT_EQ(p.times, plain.times);
    }
    EXPECT_TRUE(p.warnings.empty()) << p.warnings.size();
  }
}

// One NUL appended to a record (a seventh, empty field), its length field
// exact: the six strings end a byte early, as GHC's off-by-one would have
// them, but what follows them is no event, so the declared length stands.
TEST(IpeNames, AnAppendedNulIsNotTakenForGhcsOffByOne) {
  for (Where where : {Where::before, Where::after}) {
    FullProfile plain = read(hi_log({where, Length::exact, "", {}}));
    FullProfile p = read(hi_log({where, Length::exact, std::string(1, '\0'), {}}));
    EXPECT_EQ(p.band_names, kNames);
    EXPECT_EQ(values_text(p), values_text(plain));
    EXPECT_EQ(p.times.back(), plain.times.back()) << "no event read out of place";
    EXPECT_TRUE(p.warnings.empty()) << p.warnings.size();
  }
}

// Records of both kinds in one log, alternating (a byte more than written,
// then exact): each is read by its own bytes, none lost, none misplaced.
TEST(IpeNames, HalfTheRecordsWithTheOffByOneAreAllRead) {
  std::vector<EventlogWriter::Ipe> records;
  std::vector<uint64_t> live;
  for (uint64_t k = 0; k < 40; ++k) {
    records.push_back({0x500000 + 16 * k, "t_info", "15", "", "f" + std::to_string(k), "M", "M.hs", "1:1-9"});
    live.push_back(100 + k);
  }
  EventlogWriter w;
  w.declare_standard().declare(169, -1);
  w.block(1000, 0xFFFF, [&](EventlogWriter& b) {
    for (size_t k = 0; k < records.size(); ++k) b.ipe(100, records[k], k % 2 ? Length::exact : Length::one_more, "");
    b.heap_prof_begin(2000, 8).sample_begin(10000000);
    for (size_t k = 0; k < records.size(); ++k) {
      b.sample_string(10000000, live[k], "0x" + (std::ostringstream() << std::hex << records[k].address).str());
    }
    b.sample_end(10000001);
  });
  FullProfile p = read(w.bytes());
  ASSERT_EQ(p.band_names.size(), 40u);
  for (size_t k = 0; k < 40; ++k) EXPECT_EQ(p.band_names[k], "f" + std::to_string(k) + " M.hs:1:1");
  EXPECT_LT(p.times.back(), 1.0);
  EXPECT_TRUE(p.warnings.empty()) << p.warnings.size();
}

TEST(IpeNames, TwoRecordsOfOneNameAreToldApartByTheirTables) {
  EventlogWriter::Ipe twin = kGo;
  twin.address = 0x4a4000, twin.table_name = "go1_info";
  FullProfile p = read(hi_log({Where::before, Length::one_more, "", {twin}}));
  EXPECT_EQ(p.band_names, (std::vector<std::string>{"main Test.hs:5:1", "go Leak.hs:12:5 (go_info)",
                                                    "0xdeadbeef", "go Leak.hs:12:5 (go1_info)"}));
}

// A twin no census names still makes the drawn one's name say its table:
// what names a band does not depend on which records are kept whole.
TEST(IpeNames, ATwinThatIsNotDrawnStillTellsTheNamesApart) {
  EventlogWriter::Ipe twin = kGo;
  twin.address = 0x4a4000, twin.table_name = "go1_info";
  EventlogWriter w;
  w.declare_standard().declare(169, -1);
  w.block(1000, 0xFFFF, [&](EventlogWriter& b) {
    b.ipe(100, kSat).ipe(100, kGo).ipe(100, twin).heap_prof_begin(2000, 8);
    b.sample_begin(10000000).sample_string(10000000, 100, "0x4a3f10").sample_end(10000001);
  });
  FullProfile p = read(w.bytes());
  EXPECT_EQ(p.band_names, (std::vector<std::string>{"go Leak.hs:12:5 (go_info)"}));
}

// A -finfo-table-map build writes a record for every info table (often a
// million): only those a band asks for are read back from the log and held
// whole.
TEST(IpeNames, OnlyTheRecordsOfDrawnAddressesAreHeldWhole) {
  EventlogWriter w;
  std::vector<EventlogWriter::Ipe> records;
  for (uint64_t k = 0; k < 5000; ++k) records.push_back({0x500000 + 16 * k, "go_info", "15", "", "f" + std::to_string(k), "Leak", "src/Leak.hs", "12:5-30"});
  records.push_back({0x4a3f10, "go_info", "15", "", "go", "Leak", "src/Leak.hs", "12:5-30"});
  std::string payloads;
  IpeNames names;
  for (const auto& r : records) {
    std::string payload = EventlogWriter::u64(r.address) + EventlogWriter::str(r.table_name) + EventlogWriter::str(r.closure_type) +
                          EventlogWriter::str(r.type) + EventlogWriter::str(r.label) + EventlogWriter::str(r.module) +
                          EventlogWriter::str(r.src_file + ":" + r.src_span);
    names.add(*events::ipe(payload), payloads.size(), static_cast<uint32_t>(payload.size()));
    payloads += payload;
  }
  Input log{"hi.eventlog", payloads};
  names.reading(log_records(log));
  EXPECT_EQ(names.size(), 5001u);
  EXPECT_EQ(names.held(), 0u);
  EXPECT_EQ(names.name("0x4a3f10"), "go Leak.hs:12:5");
  EXPECT_EQ(names.name("0x500010"), "f1 Leak.hs:12:5");
  EXPECT_EQ(names.table("0x500010")->table_name, "go_info");
  EXPECT_EQ(names.held(), 2u);
}

// A -hi profile beyond what is held for it until the log's end names it is
// read again with the records the first read found: its bands are named
// all the same, records after the censuses included.
TEST(IpeNames, AProfileTooLargeToHoldIsReadAgainAndNamed) {
  EventlogWriter w;
  w.declare_standard().declare(169, -1);
  w.block(1000, 0xFFFF, [&](EventlogWriter& b) {
    b.heap_prof_begin(2000, 8);
    for (uint64_t k = 1; k <= 100; ++k) {
      b.sample_begin(k * 1000000);
      for (uint64_t band = 0; band < 100; ++band) {
        char label[32];
        std::snprintf(label, sizeof label, "0x%llx", static_cast<unsigned long long>(0x500000 + band * 16));
        b.sample_string(k * 1000000, 1000 + band * k, label);
      }
      b.sample_end(k * 1000000 + 1);
    }
    b.ipe(500000000, {0x500010, "sat_info", "15", "", "kept", "Main", "Main.hs", "3:1-9"});
  });
  Input in{"hi.eventlog", w.bytes()};
  EventlogOptions small;
  small.hold_budget = 4096;  // the profile's record takes about 50 kB
  FullProfile p = read_full([&](SampleSink& s, Warnings& ww) { return read_eventlog(in, small, s, ww); });
  ASSERT_EQ(p.band_names.size(), 100u);
  EXPECT_NE(std::find(p.band_names.begin(), p.band_names.end(), "kept Main.hs:3:1"), p.band_names.end());
}

// GHC writes a location it does not know as ":" and often no label (half
// the records of a real log): such a band is named by its module, or its
// table name where it has no module either.
TEST(IpeNames, AnUnknownLocationAndAnEmptyLabelFallBackToModuleAndTable) {
  EventlogWriter::Ipe con{0x40af88, "Request_con_info", "5", "", "", "Main", "", ""};
  EventlogWriter::Ipe bare{0x40b000, "sat_s1_info", "15", "", "", "", "", ""};
  FullProfile p = read(one_census({con, bare}, {100, 50}));
  EXPECT_EQ(p.band_names, (std::vector<std::string>{"Request_con_info (Main)", "sat_s1_info"}));
}

}  // namespace
}  // namespace hpng
