// A matrix of every sample spilled to $TMPDIR exports, reports and is
// judged byte for byte as the same matrix held in memory (in shares too,
// --percent), whatever the
// block size (a block of one sample, blocks that end mid-profile, one
// block), for .hp files and eventlogs (with the heap's own lines).
#include "support/judged.h"
#include "matrix/spilled_rows.h"

#include <gtest/gtest.h>

#include <cstdlib>

#include "hpng/matrix/band_figures.h"
#include "hpng/matrix/percent.h"
#include "hpng/output/export.h"
#include "hpng/output/text_report.h"
#include "support/util.h"

namespace hpng {
namespace {

using namespace hpng::test;

struct SpillCase {
  std::string name;
  std::string file;  // under tests/data
  size_t held_cells;
};

// Every band and every sample of a file under tests/data, at most
// `held_cells` values held (0: all).
BandMatrix matrix_of(const std::string& file, size_t held_cells, size_t time_buckets = 0) {
  SelectOptions every;
  every.trace_percent = 0;
  every.band_limit = 0;
  return test::select_in_memory(file, test::read_file(std::string(HPNG_CASES) + "/../" + file), every, time_buckets,
                                held_cells);
}

class Spilled : public ::testing::TestWithParam<SpillCase> {};

TEST_P(Spilled, ExportsAsTheHeldMatrixDoes) {
  BandMatrix held = matrix_of(GetParam().file, 0), spilled = matrix_of(GetParam().file, GetParam().held_cells);
  ASSERT_FALSE(held.spilled);
  ASSERT_TRUE(spilled.spilled);
  for (const Band& b : spilled.bands) EXPECT_TRUE(b.values.empty()) << b.name;
  EXPECT_TRUE(spilled.times.empty());
  EXPECT_EQ(first_time(spilled), first_time(held));
  EXPECT_EQ(last_time(spilled), last_time(held));
  EXPECT_EQ(json_of(spilled), json_of(held));
  EXPECT_EQ(matrix_csv(spilled), matrix_csv(held));
  EXPECT_EQ(report_of(spilled, "x", true), report_of(held, "x", true));
  BandMatrix held_shares = held, spilled_shares = spilled;
  to_percent(held_shares), to_percent(spilled_shares);
  EXPECT_EQ(json_of(spilled_shares), json_of(held_shares));
  EXPECT_EQ(matrix_csv(spilled_shares), matrix_csv(held_shares));
  EXPECT_EQ(spilled_shares.axis_start, held_shares.axis_start);
  Span a = span_with_data(spilled), b = span_with_data(held);
  EXPECT_EQ(std::tie(a.first, a.end, a.judged, a.judged_time, a.last_time),
            std::tie(b.first, b.end, b.judged, b.judged_time, b.last_time));
}

INSTANTIATE_TEST_SUITE_P(
    Blocks, Spilled,
    ::testing::Values(SpillCase{"hp_a_sample_a_block", "leak-programs/leak-hT.hp", 1},
                      SpillCase{"hp_blocks_of_seven_values", "leak-programs/leak-hT.hp", 7},
                      SpillCase{"hp_torn_down_at_exit", "eventlog-small/leak-hT-N2.hp", 100},
                      SpillCase{"hp_groups_of_two_whole_bands", "leak-programs/leak-hT.hp", 48},
                      SpillCase{"eventlog_with_heap_lines", "leak-programs/leak-hT.eventlog", 64},
                      SpillCase{"eventlog_torn_down_at_exit", "eventlog-small/leak-hT-N2.eventlog", 50},
                      SpillCase{"hp_biographical", "eventlog-small/leak-hb.hp", 5},
                      SpillCase{"hp_thunk_chain_by_cost_centre", "thunk-chain/accum.hc.hp", 9}),
    [](const auto& info) { return info.param.name; });

// Only a matrix beyond the cells given is spilled; a chart's (time buckets)
// never is.
TEST(Spilled, OnlyBeyondTheCellsHeldAndNeverForACharts) {
  EXPECT_TRUE(matrix_of("leak-programs/leak-hT.hp", 1).spilled);
  EXPECT_FALSE(matrix_of("leak-programs/leak-hT.hp", size_t{1} << 30).spilled);
  EXPECT_FALSE(matrix_of("leak-programs/leak-hT.hp", 1, 100).spilled);
}

// Blocks read back as written, the last one partly full: whole rows, a
// row a block at a time (the times too), every row a block at a time.
TEST(SpilledRows, GiveBackWhatWasWritten) {
  SpilledRows rows(3, 5, 8, "x");  // two samples a block (three rows and the times), five at most
  for (int k = 0; k < 5; ++k) rows.add(0.5 * k, std::vector<double>{1.0 * k, 10.0 * k, 100.0 * k});
  rows.add(9, std::vector<double>{9, 9, 9});
  rows.finish();
  std::vector<double> out;
  rows.load_rows(1, 2, out);
  EXPECT_EQ(out, (std::vector<double>{0, 10, 20, 30, 40, 0, 100, 200, 300, 400}));
  std::vector<double> times;
  rows.each_piece(3, [&](size_t first, std::span<const double> piece) {
    EXPECT_EQ(first, times.size());
    times.insert(times.end(), piece.begin(), piece.end());
  });
  EXPECT_EQ(times, (std::vector<double>{0, 0.5, 1, 1.5, 2}));
  std::vector<size_t> firsts, counts;
  rows.each_block([&](size_t first, std::span<const double> t, const std::vector<std::span<const double>>& r) {
    firsts.push_back(first), counts.push_back(t.size());
    EXPECT_EQ(r[2].back(), 100.0 * static_cast<double>(first + t.size() - 1));
    EXPECT_EQ(t.back(), 0.5 * static_cast<double>(first + t.size() - 1));
  });
  EXPECT_EQ(firsts, (std::vector<size_t>{0, 2, 4}));
  EXPECT_EQ(counts, (std::vector<size_t>{2, 2, 1}));
  EXPECT_EQ(rows.first_time(), 0);
  EXPECT_EQ(rows.last_time(), 2);
}

// Where $TMPDIR refuses the file, the error names the input and says why
// the file is kept (cannot_read, as for a copy of an input).
TEST(SpilledRows, ATmpdirThatRefusesIsAClearError) {
  const char* was = std::getenv("TMPDIR");
  std::string kept = was ? was : "";
  ::setenv("TMPDIR", "/nonexistent", 1);
  SpilledRows rows(1, 10, 2, "big.hp");  // one sample a block
  rows.add(0, std::vector<double>{1});
  try {
    rows.add(1, std::vector<double>{2});
    ADD_FAILURE() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), Code::cannot_write);
    EXPECT_EQ(e.diagnostic().file, "big.hp");
    EXPECT_NE(e.diagnostic().message.find("cannot keep a file in /nonexistent (an export of every sample"),
              std::string::npos) << e.diagnostic().message;
  }
  was ? ::setenv("TMPDIR", kept.c_str(), 1) : ::unsetenv("TMPDIR");
}

}  // namespace
}  // namespace hpng
