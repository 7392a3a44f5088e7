// -hi eventlogs (GHC 9.2+, -finfo-table-map): bands named from the IPE
// records of their info tables, wherever the records are in the log, unique
// where two records would give one name, a pointer without a record kept;
// the same output from logs whose IPE length fields are a byte more than
// written (every real GHC 9.6 and 9.10 log), exact, or a byte short (GHC
// #24287), or that carry fields appended after the six strings.
#include <gtest/gtest.h>

#include "hpng/read/eventlog_reader.h"
#include "read/eventlog/ipe_names.h"
#include "support/eventlog_writer.h"
#include "support/util.h"

namespace hpng {
namespace {

using namespace hpng::test;

// The first record of ghc-events' public GHC 9.2 test log, as ghc-events
// prints it, and one of a leak.
const EventlogWriter::Ipe kSat{0x409f78, "sat_s154_info", "21", "Integer -> IO ()", "main", "Main", "Test.hs", "5:1-30"};
const EventlogWriter::Ipe kGo{0x4a3f10, "go_info", "15", "[Int]", "go", "Leak", "src/Leak.hs", "12:5-30"};

enum class Where { before, after };

using Length = EventlogWriter::IpeLength;

struct LogShape {
  Where records = Where::before;
  Length length = Length::one_more;
  std::string appended;
  std::vector<EventlogWriter::Ipe> extra;
};

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

const std::vector<std::string> kNames{"main (Test.hs:5:1-30)", "go (src/Leak.hs:12:5-30)", "0xdeadbeef"};

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

TEST(IpeNames, TwoRecordsOfOneNameAreToldApartByTheirTables) {
  EventlogWriter::Ipe twin = kGo;
  twin.address = 0x4a4000, twin.table_name = "go1_info";
  FullProfile p = read(hi_log({Where::before, Length::one_more, "", {twin}}));
  EXPECT_EQ(p.band_names, (std::vector<std::string>{"main (Test.hs:5:1-30)", "go (src/Leak.hs:12:5-30, go_info)",
                                                    "0xdeadbeef", "go (src/Leak.hs:12:5-30, go1_info)"}));
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
  EXPECT_EQ(p.band_names, (std::vector<std::string>{"go (src/Leak.hs:12:5-30, go_info)"}));
}

// A -finfo-table-map build writes a record for every info table (often a
// million); only those of the addresses a census names are kept whole.
TEST(IpeNames, OnlyTheRecordsOfDrawnAddressesAreHeldWhole) {
  EventlogWriter w;
  w.declare_standard().declare(169, -1);
  w.block(1000, 0xFFFF, [&](EventlogWriter& b) {
    for (uint64_t k = 0; k < 5000; ++k) {
      EventlogWriter::Ipe r = kGo;
      r.address = 0x500000 + 16 * k, r.label = "f" + std::to_string(k);
      b.ipe(100, r);
    }
    b.ipe(100, kSat).ipe(100, kGo).heap_prof_begin(2000, 8);
    b.sample_begin(10000000).sample_string(10000000, 100, "0x409f78").sample_string(10000000, 5, "0x4a3f10");
    b.sample_end(10000001);
  });
  Input in{"hi.eventlog", w.bytes()};
  IpeNames names = ipe_records(in);
  EXPECT_EQ(names.size(), 5002u);
  EXPECT_EQ(names.held(), 2u);
  EXPECT_EQ(names.name("0x4a3f10"), "go (src/Leak.hs:12:5-30)");
  // --ipe's log names another file's bands: its records go to a file, and
  // one is read back when a band asks for it.
  IpeNames all = ipe_records(in, true);
  EXPECT_EQ(all.size(), 5002u);
  EXPECT_EQ(all.held(), 0u);
  EXPECT_EQ(all.name("0x500010"), "f1 (src/Leak.hs:12:5-30)");
  EXPECT_EQ(all.table("0x500010")->table_name, "go_info");
  EXPECT_EQ(all.held(), 1u);
}

TEST(IpeNames, TheChartAndJsonShowTheNames) {
  std::string dir = scratch_dir();
  write_file(dir + "/hi.eventlog", hi_log({Where::after, Length::one_more, "", {}}));
  CommandResult r = run_in(dir, exe() + " --format json -o - hi.eventlog");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\"name\": \"go (src/Leak.hs:12:5-30)\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"name\": \"main (Test.hs:5:1-30)\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"ipe\": {\"address\": \"0x409f78\", \"table_name\": \"sat_s154_info\", \"closure_type\": "
                       "\"THUNK_STATIC\", \"type\": \"Integer -> IO ()\", \"label\": \"main\", \"module\": \"Main\", "
                       "\"src_loc\": \"Test.hs:5:1-30\"}"),
            std::string::npos)
      << r.out;
  size_t objects = 0;
  for (size_t at = r.out.find("\"ipe\": {"); at != std::string::npos; at = r.out.find("\"ipe\": {", at + 1)) ++objects;
  EXPECT_EQ(objects, 2u) << "a band without a record (0xdeadbeef) has no ipe object";
  ASSERT_EQ(run_in(dir, exe() + " -o hi.svg hi.eventlog").status, 0);
  std::string svg = read_file(dir + "/hi.svg");
  EXPECT_NE(svg.find("THUNK go_info at 0x4a3f10\ntype [Int]\nLeak, src/Leak.hs:12:5-30"), std::string::npos)
      << "the hover says what the table is";
}

// CSV keeps one header row of band names; the records go beside it, a row
// per band with one, in every mode; nothing beside standard output, and
// never over an input.
TEST(IpeNames, ACsvsRecordsGoBesideIt) {
  std::string dir = scratch_dir();
  write_file(dir + "/hi.eventlog", hi_log({Where::after, Length::one_more, "", {}}));
  ASSERT_EQ(run_in(dir, exe() + " -t0 -o out.csv hi.eventlog").status, 0);
  EXPECT_EQ(read_file(dir + "/out.ipe.csv"),
            "input,band,address,table_name,closure_type,type,label,module,src_loc\n"
            "hi.eventlog,main (Test.hs:5:1-30),0x409f78,sat_s154_info,THUNK_STATIC,Integer -> IO (),main,Main,Test.hs:5:1-30\n"
            "hi.eventlog,go (src/Leak.hs:12:5-30),0x4a3f10,go_info,THUNK,[Int],go,Leak,src/Leak.hs:12:5-30\n");
  EXPECT_EQ(read_file(dir + "/out.csv").substr(0, 5), "time,") << "the output itself is unchanged";
  ASSERT_EQ(run_in(dir, exe() + " -t0 --compare hi.eventlog hi.eventlog -o two.csv").status, 0);
  std::string two = read_file(dir + "/two.ipe.csv");
  EXPECT_EQ(std::count(two.begin(), two.end(), '\n'), 5) << two;
  ASSERT_EQ(run_in(dir, exe() + " -t0 --format csv -o - hi.eventlog > piped.csv").status, 0);
  EXPECT_FALSE(file_exists(dir + "/piped.ipe.csv"));
  EXPECT_FALSE(file_exists(dir + "/-.ipe.csv"));
  // A side file that is the input (a link to it) is refused before anything is written.
  ASSERT_EQ(std::system(("ln -s hi.eventlog " + dir + "/link.ipe.csv").c_str()), 0);
  std::string before = read_file(dir + "/hi.eventlog");
  CommandResult r = run_in(dir, exe() + " -o link.csv hi.eventlog");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("link.ipe.csv"), std::string::npos) << r.err;
  EXPECT_EQ(read_file(dir + "/hi.eventlog"), before);
  EXPECT_FALSE(file_exists(dir + "/link.csv"));
}

// A -hi log of `records`, in that order, then one census of the bytes
// `live[i]` of each record's address.
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

// Two builds of one program: other addresses, the same records. --diff
// matches their bands by name, which the records give, never by address.
TEST(IpeNames, TwoBuildsWithOtherAddressesMatchInDiff) {
  auto build = [](uint64_t shift, uint64_t value) {
    EventlogWriter::Ipe go = kGo, sat = kSat;
    go.address += shift, sat.address += shift;
    return one_census({go, sat}, {value, 100});
  };
  std::string dir = scratch_dir();
  write_file(dir + "/before.eventlog", build(0, 1000));
  write_file(dir + "/after.eventlog", build(0x10000, 3000));
  CommandResult r = run_in(dir, exe() + " --diff before.eventlog after.eventlog --format text -o -");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("+2.0 kB   1.0 kB   3.0 kB   +200% go (src/Leak.hs:12:5-30)\n"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("0x"), std::string::npos) << "no band by address:\n" << r.out;
  EXPECT_EQ(r.out.find("main (Test.hs"), std::string::npos) << "an unchanged band is not listed:\n" << r.out;
}

// Two records of one name (a label at one location with two types), told
// apart in each build by table names that the next build changes: matched
// by the rest of their records, whatever the order of their records.
TEST(IpeNames, TwinsToldApartByTheirTablesMatchAcrossBuildsByTheirRecords) {
  auto build = [](uint64_t shift, const char* int_table, const char* char_table, uint64_t ints, bool reversed) {
    EventlogWriter::Ipe i = kGo, c = kGo;
    i.address += shift, i.table_name = int_table;
    c.address += shift + 0x100, c.table_name = char_table, c.type = "[Char]";
    return reversed ? one_census({c, i}, {500, ints}) : one_census({i, c}, {ints, 500});
  };
  std::string dir = scratch_dir();
  write_file(dir + "/before.eventlog", build(0, "go_info", "go1_info", 1000, false));
  write_file(dir + "/after.eventlog", build(0x10000, "go_s40_info", "go_s12_info", 3000, true));
  CommandResult r = run_in(dir, exe() + " --diff before.eventlog after.eventlog --format text -o -");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("+2.0 kB   1.0 kB   3.0 kB   +200% go (src/Leak.hs:12:5-30, go_info)\n"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("go1_info"), std::string::npos) << "the [Char] band did not change:\n" << r.out;
  EXPECT_EQ(r.out.find("_s"), std::string::npos) << "the after build's tables name nothing:\n" << r.out;
  CommandResult json = run_in(dir, exe() + " --compare before.eventlog after.eventlog --format json -o -");
  ASSERT_EQ(json.status, 0) << json.err;
  EXPECT_NE(json.out.find("\"table_name\": \"go_s40_info\", \"closure_type\": \"THUNK\", \"type\": \"[Int]\""),
            std::string::npos)
      << "each run's band keeps its own record:\n" << json.out;
  CommandResult diff = run_in(dir, exe() + " --diff before.eventlog after.eventlog --format json -o -");
  EXPECT_NE(diff.out.find("\"ipe\": {\"address\": \"0x4b3f10\", \"table_name\": \"go_s40_info\""), std::string::npos)
      << "a difference's band has the after run's record:\n" << diff.out;
}

// --ipe: a -hi .hp (addresses only) named from an eventlog of the same
// build; a band without a record keeps its address; the patterns see the
// names; without --ipe, a warning says how to name them.
TEST(IpeNames, IpeNamesAHiHpFromAnEventlog) {
  std::string dir = scratch_dir();
  write_file(dir + "/hi.eventlog", hi_log({Where::after, Length::one_short, "", {}}));
  write_file(dir + "/hi.hp", "JOB \"hi +RTS -hi\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n"
                             "BEGIN_SAMPLE 0.0\nEND_SAMPLE 0.0\nBEGIN_SAMPLE 1.0\n0x409f78\t100\n0x4a3f10\t50\n0x123\t5\n"
                             "END_SAMPLE 1.0\nBEGIN_SAMPLE 2.0\nEND_SAMPLE 2.0\n");
  CommandResult named = run_in(dir, exe() + " -t0 --ipe hi.eventlog --format csv -o - hi.hp");
  ASSERT_EQ(named.status, 0) << named.err;
  EXPECT_EQ(named.out.substr(0, named.out.find('\n')), "time,0x123,go (src/Leak.hs:12:5-30),main (Test.hs:5:1-30)");
  EXPECT_EQ(named.err, "hp2ps-ng: warning: hi.hp: 1 of the 3 bands are info-table addresses that no IPE record names: "
                       "closures of libraries built without -finfo-table-map (GHC's own, such as base and containers); "
                       "they are named only when those libraries are built with -finfo-table-map too\n");
  CommandResult json = run_in(dir, exe() + " --ipe hi.eventlog --format json -o - hi.hp");
  EXPECT_NE(json.out.find("\"ipe\": {\"address\": \"0x4a3f10\", \"table_name\": \"go_info\", \"closure_type\": \"THUNK\""),
            std::string::npos)
      << json.out;
  CommandResult filtered = run_in(dir, exe() + " --ipe hi.eventlog --include 'Leak\\.hs' --format csv -o - hi.hp");
  EXPECT_EQ(filtered.out.substr(0, filtered.out.find('\n')), "time,go (src/Leak.hs:12:5-30)") << filtered.err;
  CommandResult bare = run_in(dir, exe() + " -t0 --format csv -o - hi.hp");
  EXPECT_EQ(bare.out.substr(0, bare.out.find('\n')), "time,0x123,0x4a3f10,0x409f78");
  EXPECT_NE(bare.err.find("the bands are info-table addresses (a -hi profile): --ipe PROG.eventlog names them"),
            std::string::npos)
      << bare.err;
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

// A -hi log whose records name some bands: the others are library closures,
// said once, with how to name them.
TEST(IpeNames, BandsWithoutARecordInALogWithRecordsAreLibraryClosures) {
  std::string dir = scratch_dir();
  write_file(dir + "/hi.eventlog", hi_log({}));
  CommandResult r = run_in(dir, exe() + " -o hi.svg hi.eventlog");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "hp2ps-ng: warning: hi.eventlog: 1 of the 3 bands are info-table addresses that no IPE record "
                   "names: closures of libraries built without -finfo-table-map (GHC's own, such as base and "
                   "containers); they are named only when those libraries are built with -finfo-table-map too\n");
}

// --ipe with the log of another build: its records name none of the
// profile's addresses, and it says so.
TEST(IpeNames, AnIpeLogThatNamesNoneOfTheAddressesSaysSo) {
  std::string dir = scratch_dir();
  EventlogWriter::Ipe other = kGo;
  other.address = 0x500000;
  write_file(dir + "/other.eventlog", one_census({other}, {10}));
  write_file(dir + "/hi.hp", "JOB \"hi\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n"
                             "BEGIN_SAMPLE 1.0\n0x409f78\t100\nEND_SAMPLE 1.0\n");
  CommandResult r = run_in(dir, exe() + " --ipe other.eventlog --format csv -o - hi.hp");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("hi.hp: no IPE record of --ipe other.eventlog (it has 1 record) names any of the profile's "
                       "info-table addresses: the log is of another build (--ipe takes an eventlog of the same build"),
            std::string::npos)
      << r.err;
}

// A -hi eventlog without records (a build without -finfo-table-map): the
// warning says how to get them, not --ipe.
TEST(IpeNames, ALogWithoutRecordsSaysHowToGetThem) {
  EventlogWriter w;
  w.declare_standard().declare(169, -1);
  w.block(1000, 0xFFFF, [](EventlogWriter& b) {
    b.heap_prof_begin(2000, 8).sample_begin(10000000).sample_string(10000000, 5, "0x409f78").sample_end(10000001);
  });
  std::string dir = scratch_dir();
  write_file(dir + "/bare.eventlog", w.bytes());
  CommandResult r = run_in(dir, exe() + " -o bare.svg bare.eventlog");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("the log has no IPE records to name them: build the program with -finfo-table-map"),
            std::string::npos)
      << r.err;
}

}  // namespace
}  // namespace hpng
