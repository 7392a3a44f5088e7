// A matrix of every sample spilled to $TMPDIR exports, reports and is
// judged byte for byte as the same matrix held in memory, whatever the
// block size (a block of one sample, blocks that end mid-profile, one
// block), for .hp files and eventlogs (with the heap's own lines).
#include "hpng/matrix/spilled_rows.h"

#include <gtest/gtest.h>

#include "hpng/bands/band_stats.h"
#include "hpng/matrix/band_figures.h"
#include "hpng/output/export.h"
#include "hpng/output/text_report.h"
#include "hpng/read/read.h"
#include "support/util.h"

namespace hpng {
namespace {

struct SpillCase {
  std::string name;
  std::string file;  // under tests/data
  size_t held_cells;
};

BandMatrix matrix_of(const std::string& file, size_t held_cells) {
  Input in{file, test::read_file(std::string(HPNG_CASES) + "/../" + file)};
  SampleSource source = profile_source(in, InputFormat::automatic);
  SelectOptions every;
  every.trace_percent = 0;
  every.band_limit = 0;
  Warnings warnings;
  BandStats stats = collect_stats(source, warnings);
  return matrix_from_stats(source, stats, every, 0, warnings, held_cells);
}

class Spilled : public ::testing::TestWithParam<SpillCase> {};

TEST_P(Spilled, ExportsAsTheHeldMatrixDoes) {
  BandMatrix held = matrix_of(GetParam().file, 0), spilled = matrix_of(GetParam().file, GetParam().held_cells);
  ASSERT_FALSE(held.spilled);
  ASSERT_TRUE(spilled.spilled);
  for (const Band& b : spilled.bands) EXPECT_TRUE(b.values.empty()) << b.name;
  EXPECT_EQ(spilled.times, held.times);
  EXPECT_EQ(matrix_json(spilled), matrix_json(held));
  EXPECT_EQ(matrix_csv(spilled), matrix_csv(held));
  EXPECT_EQ(profile_report(spilled, "x", true), profile_report(held, "x", true));
  Span a = span_with_data(spilled), b = span_with_data(held);
  EXPECT_EQ(std::tie(a.first, a.end, a.judged), std::tie(b.first, b.end, b.judged));
}

INSTANTIATE_TEST_SUITE_P(
    Blocks, Spilled,
    ::testing::Values(SpillCase{"hp_a_sample_a_block", "leak-programs/leak-hT.hp", 1},
                      SpillCase{"hp_blocks_of_seven_values", "leak-programs/leak-hT.hp", 7},
                      SpillCase{"hp_torn_down_at_exit", "eventlog-small/leak-hT-N2.hp", 100},
                      SpillCase{"eventlog_with_heap_lines", "leak-programs/leak-hT.eventlog", 64},
                      SpillCase{"eventlog_torn_down_at_exit", "eventlog-small/leak-hT-N2.eventlog", 50}),
    [](const auto& info) { return info.param.name; });

// Only a matrix beyond the cells given is spilled; a chart's (time buckets)
// never is.
TEST(Spilled, OnlyBeyondTheCellsHeldAndNeverForACharts) {
  BandMatrix m = matrix_of("leak-programs/leak-hT.hp", size_t{1} << 30);
  EXPECT_FALSE(m.spilled);
  Input in{"f.hp", test::read_file(std::string(HPNG_CASES) + "/../leak-programs/leak-hT.hp")};
  SampleSource source = profile_source(in, InputFormat::automatic);
  Warnings warnings;
  BandStats stats = collect_stats(source, warnings);
  EXPECT_FALSE(matrix_from_stats(source, stats, {}, 100, warnings, 1).spilled);
}

// Blocks read back as written, the last one partly full.
TEST(SpilledRows, GiveBackWhatWasWritten) {
  SpilledRows rows(3, 10, 6, "x");  // two samples a block
  for (int k = 0; k < 5; ++k) rows.add(k, std::vector<double>{1.0 * k, 10.0 * k, 100.0 * k});
  std::vector<double> out;
  rows.load_rows(1, 2, out);
  EXPECT_EQ(out, (std::vector<double>{0, 10, 20, 30, 40, 0, 100, 200, 300, 400}));
  std::vector<size_t> firsts, counts;
  rows.each_block([&](size_t first, size_t count, const std::vector<std::span<const double>>& r) {
    firsts.push_back(first), counts.push_back(count);
    EXPECT_EQ(r[2][count - 1], 100.0 * static_cast<double>(first + count - 1));
  });
  EXPECT_EQ(firsts, (std::vector<size_t>{0, 2, 4}));
  EXPECT_EQ(counts, (std::vector<size_t>{2, 2, 1}));
  EXPECT_EQ(rows.take_times(), (std::vector<double>{0, 1, 2, 3, 4}));
}

}  // namespace
}  // namespace hpng
