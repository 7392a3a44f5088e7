// Eventlogs through the command line: sniffed (also on standard input)
// and drawn in every format, marks and the heap's own lines, -hi logs'
// records in the chart, the JSON and beside a CSV, builds matched by their
// records, --ipe, and the warnings that say how to name a -hi profile's
// bands. The reader itself: tests/unit/read/eventlog/.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "support/crafted_logs.h"
#include "support/util.h"

namespace hpng {
namespace {

using namespace hpng::test;

TEST(Eventlogs, SniffedAlsoOnStandardInputAndDrawnInEveryFormat) {
  std::string dir = scratch_dir();
  std::string log = std::string(HPNG_CASES) + "/../eventlog-small/leak-hT-N2.eventlog";
  CommandResult r = run_in(dir, exe() + " --format json < " + shell_quote(log));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\"input_format\": \"eventlog\""), std::string::npos);
  r = run_in(dir, "cp " + shell_quote(log) + " x.eventlog && " + exe() + " -c x.eventlog");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(file_exists(dir + "/x.eventlog.ps"));
  EXPECT_TRUE(file_exists(dir + "/x.eventlog.aux"));
  r = run_in(dir, exe() + " -pc -m2 x.eventlog");  // reuses x.eventlog.aux
  EXPECT_EQ(r.status, 0) << r.err;
  for (const char* ext : {"eps", "pdf", "svg", "png", "json", "csv"}) {
    r = run_in(dir, exe() + " -c -M -o out." + ext + " x.eventlog");
    EXPECT_EQ(r.status, 0) << ext << ": " << r.err;
    EXPECT_GT(read_file(dir + "/out." + ext).size(), 100u) << ext;
  }
  r = run_in(dir, exe() + " --input-format hp x.eventlog");  // forced: not a .hp
  EXPECT_EQ(r.status, 1);
}

TEST(Eventlogs, MarkersBeforeTheHeapProfileAreInTheJson) {
  std::string dir = scratch_dir();
  write_file(dir + "/m.eventlog", marked_log().bytes());
  CommandResult r = run_in(dir, exe() + " --format json -o - m.eventlog");
  EXPECT_NE(r.out.find("\"marks\": [0.01, 0.03, 0.05],\n \"mark_names\": [\"first\", \"second\", \"third\"]"),
            std::string::npos)
      << r.out;
}

TEST(Eventlogs, GcFiguresWithoutAHeapProfileAreDrawnWithHeapLines) {
  std::string dir = scratch_dir();
  write_file(dir + "/gc.eventlog", gc_only_log().bytes());
  CommandResult r = run_in(dir, exe() + " --heap-lines -o gc.svg gc.eventlog");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("only the heap's own lines are drawn"), std::string::npos) << r.err;
  EXPECT_NE(read_file(dir + "/gc.svg").find("heap size"), std::string::npos) << "the line is drawn and named";
}

TEST(Eventlogs, HeapLinesAreDrawnInEveryChartFormatAndNotByDefault) {
  std::string dir = scratch_dir();
  write_file(dir + "/t.eventlog", read_file(std::string(HPNG_CASES) + "/../eventlog-small/leak-hT-N2.eventlog"));
  for (const char* f : {"ps", "eps", "pdf", "svg", "png"}) {
    SCOPED_TRACE(f);
    ASSERT_EQ(run_in(dir, exe() + " -c -o plain." + std::string(f) + " t.eventlog").status, 0);
    CommandResult r = run_in(dir, exe() + " -c --heap-lines -o lines." + std::string(f) + " t.eventlog");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_NE(read_file(dir + "/plain." + f), read_file(dir + "/lines." + f));
  }
  std::string svg = read_file(dir + "/lines.svg");
  EXPECT_EQ(read_file(dir + "/plain.svg").find("heap size"), std::string::npos);
  CommandResult r = run_in(dir, exe() + " --heap-lines --percent t.eventlog");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--heap-lines draws bytes and --percent draws shares"), std::string::npos);
  write_file(dir + "/p.hp", read_file(std::string(HPNG_CASES) + "/manpage-example.hp"));
  r = run_in(dir, exe() + " --heap-lines p.hp");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.err.find("no heap lines to draw"), std::string::npos) << r.err;
}

TEST(EventlogIpe, TheChartAndJsonShowTheNames) {
  std::string dir = scratch_dir();
  write_file(dir + "/hi.eventlog", hi_log({Where::after, Length::one_more, "", {}}));
  CommandResult r = run_in(dir, exe() + " --format json -o - hi.eventlog");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\"name\": \"go Leak.hs:12:5\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"name\": \"main Test.hs:5:1\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"ipe\": {\"address\": \"0x409f78\", \"table_name\": \"sat_s154_info\", \"closure_type\": "
                       "\"THUNK_STATIC\", \"type\": \"Integer -> IO ()\", \"label\": \"main\", \"module\": \"Main\", "
                       "\"src_loc\": \"Test.hs:5:1-30\", \"named_from\": \"ipe\"}"),
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
TEST(EventlogIpe, ACsvsRecordsGoBesideIt) {
  std::string dir = scratch_dir();
  write_file(dir + "/hi.eventlog", hi_log({Where::after, Length::one_more, "", {}}));
  ASSERT_EQ(run_in(dir, exe() + " -t0 -o out.csv hi.eventlog").status, 0);
  EXPECT_EQ(read_file(dir + "/out.ipe.csv"),
            "input,band,address,table_name,closure_type,type,label,module,src_loc\n"
            "hi.eventlog,main Test.hs:5:1,0x409f78,sat_s154_info,THUNK_STATIC,Integer -> IO (),main,Main,Test.hs:5:1-30\n"
            "hi.eventlog,go Leak.hs:12:5,0x4a3f10,go_info,THUNK,[Int],go,Leak,src/Leak.hs:12:5-30\n");
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

// Two builds of one program: other addresses, the same records. --diff
// matches their bands by name, which the records give, never by address.
TEST(EventlogIpe, TwoBuildsWithOtherAddressesMatchInDiff) {
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
  EXPECT_NE(r.out.find("+2.0 kB   1.0 kB   3.0 kB   +200% go Leak.hs:12:5\n"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("0x"), std::string::npos) << "no band by address:\n" << r.out;
  EXPECT_EQ(r.out.find("main (Test.hs"), std::string::npos) << "an unchanged band is not listed:\n" << r.out;
}

// Two records of one name (a label at one location with two types), told
// apart in each build by table names that the next build changes: matched
// by the rest of their records, whatever the order of their records.
TEST(EventlogIpe, TwinsToldApartByTheirTablesMatchAcrossBuildsByTheirRecords) {
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
  EXPECT_NE(r.out.find("+2.0 kB   1.0 kB   3.0 kB   +200% go Leak.hs:12:5 (go_info)\n"), std::string::npos) << r.out;
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
TEST(EventlogIpe, IpeNamesAHiHpFromAnEventlog) {
  std::string dir = scratch_dir();
  write_file(dir + "/hi.eventlog", hi_log({Where::after, Length::one_short, "", {}}));
  write_file(dir + "/hi.hp", "JOB \"hi +RTS -hi\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n"
                             "BEGIN_SAMPLE 0.0\nEND_SAMPLE 0.0\nBEGIN_SAMPLE 1.0\n0x409f78\t100\n0x4a3f10\t50\n0x123\t5\n"
                             "END_SAMPLE 1.0\nBEGIN_SAMPLE 2.0\nEND_SAMPLE 2.0\n");
  CommandResult named = run_in(dir, exe() + " -t0 --ipe hi.eventlog --format csv -o - hi.hp");
  ASSERT_EQ(named.status, 0) << named.err;
  EXPECT_EQ(named.out.substr(0, named.out.find('\n')), "time,0x123,go Leak.hs:12:5,main Test.hs:5:1");
  EXPECT_EQ(named.err, "hp2ps-ng: warning: hi.hp: 1 of the 3 bands are info-table addresses that no IPE record names: "
                       "closures of libraries built without -finfo-table-map (GHC's own, such as base and containers); "
                       "they are named only when those libraries are built with -finfo-table-map too\n");
  CommandResult json = run_in(dir, exe() + " --ipe hi.eventlog --format json -o - hi.hp");
  EXPECT_NE(json.out.find("\"ipe\": {\"address\": \"0x4a3f10\", \"table_name\": \"go_info\", \"closure_type\": \"THUNK\""),
            std::string::npos)
      << json.out;
  CommandResult filtered = run_in(dir, exe() + " --ipe hi.eventlog --include 'Leak\\.hs' --format csv -o - hi.hp");
  EXPECT_EQ(filtered.out.substr(0, filtered.out.find('\n')), "time,go Leak.hs:12:5") << filtered.err;
  CommandResult bare = run_in(dir, exe() + " -t0 --format csv -o - hi.hp");
  EXPECT_EQ(bare.out.substr(0, bare.out.find('\n')), "time,0x123,0x4a3f10,0x409f78");
  EXPECT_NE(bare.err.find("the bands are info-table addresses (a -hi profile): --ipe PROG.eventlog names them"),
            std::string::npos)
      << bare.err;
}

// A -hi log whose records name some bands: the others are library closures,
// said once, with how to name them.
TEST(EventlogIpe, BandsWithoutARecordInALogWithRecordsAreLibraryClosures) {
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
TEST(EventlogIpe, AnIpeLogThatNamesNoneOfTheAddressesSaysSo) {
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
TEST(EventlogIpe, ALogWithoutRecordsSaysHowToGetThem) {
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
