// JSON and CSV of the matrix: field order, escaping, numbers.
#include <gtest/gtest.h>

#include "support/judged.h"
#include "hpng/output/export.h"

#include <fstream>

#include "support/util.h"

namespace hpng {
namespace {

using namespace hpng::test;

BandMatrix sample() {
  BandMatrix m;
  m.info.header.job = "prog \"x\"";
  m.info.header.date = "d";
  m.info.header.sample_unit = "seconds";
  m.info.header.value_unit = "bytes";
  m.info.header.input_format = "hp";
  m.times = {0, 0.5};
  m.bands = {{"OTHER", {1, 2}, 2, 0.5, 0.75}, {"a,b\xff", {3, 4000000000}, 4000000000, 0.5, 1000000000.75}};
  m.total = 1000000.7;
  m.peak = {4000000003, 0.5, 4000000002};
  m.info.marks = {{0.25, ""}};
  return m;
}

TEST(Export, Json) {
  EXPECT_EQ(json_of(sample()),
            "{\"job\": \"prog \\\"x\\\"\", \"date\": \"d\", \"sample_unit\": \"seconds\", \"value_unit\": \"bytes\", "
            "\"input_format\": \"hp\",\n \"times\": [0, 0.5],\n \"bands\": [\n"
            "   {\"name\": \"OTHER\", \"values\": [1, 2],\n"
            "    \"stats\": {\"peak\": 2, \"peak_time\": 0.5, \"final\": 2, \"mean\": 1.5, \"area\": 0.75, \"stddev\": 0.5, "
            "\"slope\": 2, \"r2\": 1, \"trend\": \"grows\"}},\n"
            "   {\"name\": \"a,b\xef\xbf\xbd\", \"values\": [3, 4000000000],\n"
            "    \"stats\": {\"peak\": 4000000000, \"peak_time\": 0.5, \"final\": 4000000000, \"mean\": 2000000001.5, "
            "\"area\": 1000000000.75, \"stddev\": 1999999998.5, \"slope\": 7999999994, \"r2\": 1, \"trend\": \"grows\"}}],\n"
            " \"total\": 1000000, \"peak_total\": 4000000003, \"peak_time\": 0.5, \"final_total\": 4000000002,\n"
            " \"judged\": false, \"censuses\": 2, \"suspects\": [], \"x_range\": 1, \"y_range\": 1,\n \"marks\": [0.25],\n"
            " \"series\": []}\n");
}

// The leak verdict (verdict.h) in the JSON: each band's shape, in a
// token and in words, and its confidence; the suspects at the top level,
// most suspicious first; a -hb profile's shares.
TEST(Export, JsonGivesTheVerdict) {
  BandMatrix m;
  m.info.header = {"j", "d", "seconds", "bytes", "hp", "v.hp"};
  for (int k = 0; k < 12; ++k) m.times.push_back(k);
  m.bands = {{"USE", std::vector<double>(12, 1e6), 1e6, 0, 11e6}, {"VOID", {}, 11e6, 11, 60.5e6}};
  for (int k = 0; k < 12; ++k) m.bands[1].values.push_back(1e6 * k);
  m.total = 71.5e6;
  m.peak = {12e6, 11, 12e6};
  std::string j = json_of(m);
  EXPECT_NE(j.find("\"trend\": \"grows\", \"shape\": \"ramp-held\", \"shape_words\": \"ramp, held to the end\", "
                   "\"confidence\": 1}"),
            std::string::npos)
      << j;
  EXPECT_NE(j.find("\"shape\": \"steady\""), std::string::npos) << j;
  // Shares (--percent) say nothing of what the heap held: no verdict.
  BandMatrix shares = m;
  shares.percent = true;
  std::string p = json_of(shares);
  EXPECT_EQ(p.find("\"shape\""), std::string::npos) << p;
  EXPECT_EQ(p.find("\"suspects\""), std::string::npos) << p;
  EXPECT_NE(j.find("\"judged\": true, \"censuses\": 12, \"suspects\": [\"VOID\"],\n \"biography\": {\"lag\": 0, "
                   "\"use\": 0.15384615384615385, \"inherent_use\": 0, \"drag\": 0, \"void\": 0.8461538461538461, "
                   "\"void_builds\": true, \"evidence\": true}"),
            std::string::npos)
      << j;
}

// An eventlog's extras come after the bands, never among them: named marks,
// the heap's own lines and the run.
BandMatrix with_extras() {
  BandMatrix m = sample();
  m.info.header.input_format = "eventlog";
  m.info.marks = {{0.25, "phase 2"}};
  m.info.series = {{"heap size", "HEAP_SIZE", {0.1, 0.4}, {1000, 3000}}, {"live bytes", "HEAP_LIVE", {0.6}, {800}}};
  RunInfo run;
  run.rts = "GHC-9.0.2 rts_thr";
  run.program_args = {"./p", "+RTS", "-hT"};
  run.sampling_interval = 0.1;
  run.breakdown = "-hT";
  run.generations = 2;
  run.allocation_area = 4194304;
  m.info.run = run;
  return m;
}

TEST(Export, JsonNamesAThunkChainsBandsStackFirst) {
  SelectOptions every;
  every.trace_percent = 0, every.band_limit = 0;
  BandMatrix m = test::select_in_memory("accum.hT.hp", test::read_file(std::string(HPNG_CASES) + "/../thunk-chain/accum.hT.hp"),
                                        every);
  std::string j = json_of(m);
  EXPECT_NE(j.find("\n \"thunk_chain\": {\"stack_peak\": 16482304, \"bands\": [\"STACK\", \"BLACKHOLE\""), std::string::npos)
      << j;
}

TEST(Export, JsonWithMarkNamesSeriesAndRun) {
  std::string json = json_of(with_extras());
  EXPECT_NE(json.find(" \"marks\": [0.25],\n \"mark_names\": [\"phase 2\"],\n \"series\": [\n"
                      "   {\"name\": \"heap size\", \"event\": \"HEAP_SIZE\", \"unit\": \"bytes\", \"times\": [0.1, 0.4], "
                      "\"values\": [1000, 3000]},\n"
                      "   {\"name\": \"live bytes\", \"event\": \"HEAP_LIVE\", \"unit\": \"bytes\", \"times\": [0.6], "
                      "\"values\": [800]}],\n"
                      " \"run\": {\"rts\": \"GHC-9.0.2 rts_thr\", \"program_args\": [\"./p\", \"+RTS\", \"-hT\"], "
                      "\"breakdown\": \"-hT\", \"bands_are\": \"closure types\", \"sampling_interval\": 0.1,\n"
                      "   \"heap\": {\"generations\": 2, \"max_heap_bytes\": 0, \"allocation_area_bytes\": 4194304, "
                      "\"megablock_bytes\": 0, \"block_bytes\": 0}}}\n"),
            std::string::npos)
      << json;
}

// Series columns hold each series' latest figure at or before the row's
// time (empty before its first).
TEST(Export, CsvSeriesColumnsAfterTheBands) {
  EXPECT_EQ(matrix_csv(with_extras()),
            "time,OTHER,\"a,b\xef\xbf\xbd\",GC: heap size,GC: live bytes\n0,1,3,,\n0.5,2,4000000000,3000,\n");
}

TEST(Export, Csv) {
  EXPECT_EQ(matrix_csv(sample()), "time,OTHER,\"a,b\xef\xbf\xbd\"\n0,1,3\n0.5,2,4000000000\n");
}

// Every lead a spreadsheet reads as a formula (=, +, -, @, tab, return)
// gets a ' before it; raw, none does.
TEST(Export, CsvNeutralisesEveryFormulaLead) {
  BandMatrix m = sample();
  m.bands[0].name = "\tt";
  m.bands[1].name = "\rr";
  EXPECT_EQ(matrix_csv(m), "time,'\tt,\"'\rr\"\n0,1,3\n0.5,2,4000000000\n");
  EXPECT_EQ(matrix_csv(m, true), "time,\tt,\"\rr\"\n0,1,3\n0.5,2,4000000000\n");
}

// Exports of every sample are handed on in pieces of about 1 MiB as they
// are made (never held whole); the pieces make the same bytes.
TEST(Export, LargeExportsArePassedOnInPieces) {
  BandMatrix m = sample();
  m.times.clear();
  for (auto& b : m.bands) b.values.clear();
  for (int k = 0; k < 200000; ++k) {
    m.times.push_back(k * 0.001);
    for (auto& b : m.bands) b.values.push_back(123456.0 + k);
  }
  for (bool json : {true, false}) {
    std::vector<size_t> sizes;
    std::string joined;
    auto put = [&](std::string_view piece) { sizes.push_back(piece.size()), joined += piece; };
    json ? json_of(m, put) : matrix_csv(m, put);
    EXPECT_EQ(joined, json ? json_of(m) : matrix_csv(m));
    EXPECT_GE(sizes.size(), 4u) << json;
    for (size_t n : sizes) EXPECT_LT(n, (size_t{1} << 20) + 100000) << json;
  }
}

// A write whose making fails part way replaces nothing and leaves nothing.
TEST(OutputFile, AFailedProductionReplacesNothing) {
  std::string dir = test::scratch_dir(), path = dir + "/out.json";
  test::write_file(path, "old");
  auto failing = [](const Put& put) {
    put(std::string(3 << 20, 'x'));
    throw file_error(Code::cannot_write, "x", "made to fail");
  };
  EXPECT_THROW(write_output(path, failing), Error);
  EXPECT_EQ(test::read_file(path), "old");
  EXPECT_EQ(test::list_dir(dir), std::vector<std::string>{"out.json"});
  write_output(path, [](const Put& put) { put("a"), put("b"); });
  EXPECT_EQ(test::read_file(path), "ab");
}

}  // namespace
}  // namespace hpng
