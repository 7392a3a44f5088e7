// Gates for pipelines: --max-peak and --max-growth judge the profile's peak
// total (every band, before trace elimination) once the output is written,
// exit status 3 beyond the limit and 0 at it; and the peak in the JSON.
#include <gtest/gtest.h>

#include "support/util.h"

namespace hpng {
namespace {

using namespace hpng::test;

const std::string kHeader = "JOB \"j\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n";

// Totals 10, 31 (at 1.0), 2 (the last with data), then the closing empty
// sample. Trace elimination (-t5) drops b (2% of the area); the peak counts it.
std::string profile(double scale) {
  auto v = [&](double x) { return std::to_string(static_cast<long long>(x * scale)); };
  return kHeader + "BEGIN_SAMPLE 0.0\na " + v(10) + "\nEND_SAMPLE 0.0\nBEGIN_SAMPLE 1.0\na " + v(30) +
         "\nb " + v(1) + "\nEND_SAMPLE 1.0\nBEGIN_SAMPLE 2.0\na " + v(2) + "\nEND_SAMPLE 2.0\nBEGIN_SAMPLE 3.0\nEND_SAMPLE 3.0\n";
}

std::string folder() {
  std::string dir = scratch_dir();
  write_file(dir + "/before.hp", profile(1000));  // peak 31,000
  write_file(dir + "/after.hp", profile(1300));   // peak 40,300: 30% more
  return dir;
}

TEST(Gates, TheJsonHasThePeakOfEveryBandAndTheFinalTotal) {
  std::string dir = folder();
  CommandResult r = run_in(dir, exe() + " -t5 --format json -o - before.hp");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\"peak_total\": 31000, \"peak_time\": 1, \"final_total\": 2000"), std::string::npos) << r.out;
}

struct Case {
  std::string name, args;
  int status;
  std::string message;  // part of stderr ("": none)
};

std::ostream& operator<<(std::ostream& os, const Case& c) { return os << c.args; }

class GateCases : public ::testing::TestWithParam<Case> {};

TEST_P(GateCases, ExitStatusAndMessage) {
  std::string dir = folder();
  CommandResult r = run_in(dir, exe() + " " + GetParam().args + " -o out.svg");
  EXPECT_EQ(r.status, GetParam().status) << r.err;
  if (!GetParam().message.empty()) {
    EXPECT_NE(r.err.find(GetParam().message), std::string::npos) << r.err;
  }
  if (GetParam().status == 2) {
    EXPECT_FALSE(file_exists(dir + "/out.svg")) << "a usage error writes nothing";
  } else {
    EXPECT_TRUE(file_exists(dir + "/out.svg")) << "a gate passed still writes the output";
  }
}

INSTANTIATE_TEST_SUITE_P(
    Cases, GateCases,
    ::testing::Values(
        Case{"peak_above", "--max-peak 30000 before.hp", 3,
             "before.hp: the peak total is 31.0 kB (31,000 bytes) at 1 seconds (the program's own time), 1.0 kB (1,000 "
             "bytes) (3.3%) above "
             "--max-peak 30.0 kB (30,000 bytes)"},
        Case{"peak_at_the_limit", "--max-peak 31000 before.hp", 0, ""},
        Case{"peak_with_suffix_above", "--max-peak 30kB before.hp", 3, "above --max-peak 30.0 kB"},
        Case{"peak_with_binary_suffix", "--max-peak 30KiB before.hp", 3, "above --max-peak 30.7 kB (30,720 bytes)"},
        Case{"peak_within_binary_suffix", "--max-peak 31KiB before.hp", 0, ""},
        Case{"peak_counts_bands_trace_elimination_drops", "-t5 --max-peak 30500 before.hp", 3, "31,000 bytes"},
        Case{"compare_judges_each_input", "--compare before.hp after.hp --max-peak 35000", 3,
             "after.hp: the peak total is 40.3 kB"},
        Case{"growth_above", "--diff before.hp after.hp --max-growth 10", 3,
             "after.hp: the peak total grew 30.0%, from 31.0 kB (31,000 bytes) in before.hp to 40.3 kB (40,300 bytes) at 1 "
             "seconds (the program's own time), above --max-growth 10%"},
        Case{"growth_with_percent_sign", "--diff before.hp after.hp --max-growth 10%", 3, "above --max-growth 10%"},
        Case{"growth_within", "--diff before.hp after.hp --max-growth 31", 0, ""},
        Case{"shrinking_passes", "--diff after.hp before.hp --max-growth 0", 0, ""},
        Case{"growth_without_diff", "--max-growth 10 before.hp", 2, "--max-growth compares --diff's AFTER"},
        Case{"peak_zero", "--max-peak 0 before.hp", 2, "--max-peak takes an amount above 0"},
        Case{"peak_negative", "--max-peak -5 before.hp", 2, "--max-peak takes an amount above 0 in the profile's unit, e.g. 50M, 2GiB or 5e7 (got '-5')"},
        Case{"growth_negative", "--diff before.hp after.hp --max-growth -5", 2,
             "--max-growth takes a percentage from 0 to 1000000, e.g. 10 or 10% (got '-5')"},
        Case{"peak_not_a_number", "--max-peak nan before.hp", 2, "--max-peak takes an amount above 0"},
        Case{"peak_bad_suffix", "--max-peak 5X before.hp", 2, "(got '5X')"},
        Case{"peak_hexadecimal", "--max-peak 0x10 before.hp", 2, "(got '0x10')"},
        Case{"peak_infinite", "--max-peak inf before.hp", 2, "(got 'inf')"},
        Case{"growth_bad", "--diff before.hp after.hp --max-growth ten", 2, "--max-growth takes a percentage"}),
    [](const auto& info) { return info.param.name; });

// --y-max reads a size's suffix as --max-peak does: 50k is 50,000 bytes,
// where the axis then ends.
TEST(Gates, YMaxTakesASizeWithItsSuffix) {
  std::string dir = folder();
  CommandResult r = run_in(dir, exe() + " --y-max 50k --format json -o - before.hp");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\"y_range\": 50000,"), std::string::npos) << r.out.substr(0, 400);
}

TEST(Gates, AnEventlogsPeakIsJudgedToo) {
  std::string dir = scratch_dir();
  write_file(dir + "/p.eventlog", read_file(std::string(HPNG_SOURCE_DIR) + "/tests/data/eventlog-small/leak-hT-N2.eventlog"));
  EXPECT_EQ(run_in(dir, exe() + " --max-peak 1 -o a.svg p.eventlog").status, 3);
  EXPECT_EQ(run_in(dir, exe() + " --max-peak 1T -o b.svg p.eventlog").status, 0);
  EXPECT_EQ(run_in(dir, "cat p.eventlog | " + exe() + " --max-peak 1 -o c.svg").status, 3) << "standard input too";
}

TEST(Gates, WatchTakesNone) {
  std::string dir = folder();
  CommandResult r = run_in(dir, hang_guard() + exe() + " --watch --max-peak 1M -o w.svg before.hp");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("not with --watch"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace hpng
