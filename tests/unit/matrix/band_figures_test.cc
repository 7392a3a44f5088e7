// Figures per band: a hand computation on a small profile, and the trend
// rule on bands whose story is known.
#include "hpng/matrix/band_figures.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>

#include "support/util.h"

namespace hpng {
namespace {

// name -> its figures, every band kept.
std::map<std::string, BandFigures> figures(const std::string& hp, const std::string& name = "f.hp") {
  SelectOptions every;
  every.trace_percent = 0;
  every.band_limit = 0;
  BandMatrix m = test::select_in_memory(name, hp, every);
  std::vector<BandFigures> f = band_figures(m);
  std::map<std::string, BandFigures> out;
  for (size_t i = 0; i < m.bands.size(); ++i) out[m.bands[i].name] = f[i];
  return out;
}

TEST(BandFigures, EqualAHandComputation) {
  // 1, 2, 3, 4 at 0..3 s, then the empty closing sample at 4 s.
  BandFigures f = figures(test::hp_of({{"leak", {1, 2, 3, 4}}}))["leak"];
  EXPECT_EQ(f.peak, 4);
  EXPECT_EQ(f.peak_time, 3);
  EXPECT_EQ(f.final, 4) << "the closing empty sample is not the end of the band";
  EXPECT_DOUBLE_EQ(f.mean, 2.5);
  EXPECT_DOUBLE_EQ(f.stddev, std::sqrt(1.25));  // population: (2.25 + 0.25 + 0.25 + 2.25) / 4
  EXPECT_DOUBLE_EQ(f.area, 1.5 + 2.5 + 3.5 + 2);  // trapezoids, down to the closing sample's 0
  EXPECT_DOUBLE_EQ(f.slope, 1);                   // a byte a second
  EXPECT_DOUBLE_EQ(f.r2, 1);
  EXPECT_EQ(f.trend, Trend::grows);
}

struct TrendCase {
  std::string name;
  std::vector<double> values;
  Trend trend;
};

class Trends : public ::testing::TestWithParam<TrendCase> {};

TEST_P(Trends, FollowTheRule) {
  BandFigures f = figures(test::hp_of({{"b", GetParam().values}}))["b"];
  EXPECT_EQ(trend_name(f.trend), std::string(trend_name(GetParam().trend)))
      << "peak " << f.peak << " final " << f.final << " mean " << f.mean << " sd " << f.stddev << " slope " << f.slope;
}

std::vector<double> spike() {
  std::vector<double> v(20, 100);
  v[9] = 10000;
  return v;
}

INSTANTIATE_TEST_SUITE_P(
    Rule, Trends,
    ::testing::Values(TrendCase{"leaks_to_the_end", {100, 200, 300, 400, 500}, Trend::grows},
                      TrendCase{"fills_then_holds_its_high", {100, 400, 500, 500, 500}, Trend::grows},
                      TrendCase{"builds_and_releases", {100, 400, 400, 100}, Trend::released},
                      TrendCase{"steady_with_noise", {1000, 1000, 1100, 1000}, Trend::steady},
                      TrendCase{"one_spike", spike(), Trend::spike},
                      TrendCase{"up_and_down", {100, 400, 200, 300}, Trend::varies},
                      TrendCase{"never_held_anything", {0, 0, 0}, Trend::none},
                      TrendCase{"leak_then_torn_down_at_exit", {0, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1},
                                Trend::grows},
                      TrendCase{"steady_after_an_empty_start", {0, 0, 0, 500, 500, 500, 510, 500}, Trend::steady}),
    [](const auto& info) { return info.param.name; });

// The rule on real programs whose story is known (tests/data/leak-programs),
// from the .hp and from the eventlog of the same run; and on a leak whose
// last census was taken as the RTS tore the heap down at exit.
struct RealCase {
  std::string name;
  std::string file;  // under tests/data
  std::vector<std::pair<std::string, Trend>> bands;
};

class RealPrograms : public ::testing::TestWithParam<RealCase> {};

TEST_P(RealPrograms, HaveTheTrendOfTheirStory) {
  const RealCase& c = GetParam();
  std::map<std::string, BandFigures> f = figures(test::read_file(std::string(HPNG_CASES) + "/../" + c.file), c.file);
  for (const auto& [band, trend] : c.bands) {
    ASSERT_TRUE(f.count(band)) << band;
    EXPECT_STREQ(trend_name(f[band].trend), trend_name(trend)) << band;
  }
}

const std::string kMap = "containers-0.6.4.1:Data.Map.Internal.Bin", kInt = "ghc-prim:GHC.Types.I#",
                  kCons = "ghc-prim:GHC.Types.:";

INSTANTIATE_TEST_SUITE_P(
    Rule, RealPrograms,
    ::testing::Values(
        RealCase{"leak_hp", "leak-programs/leak-hT.hp",
                 {{kMap, Trend::grows}, {kInt, Trend::grows}, {kCons, Trend::grows}, {"THUNK", Trend::released}}},
        RealCase{"leak_eventlog", "leak-programs/leak-hT.eventlog",
                 {{kMap, Trend::grows}, {kInt, Trend::grows}, {kCons, Trend::grows}, {"THUNK", Trend::released}}},
        RealCase{"release_hp", "leak-programs/release-hT.hp",
                 {{kMap, Trend::released}, {kInt, Trend::released}, {kCons, Trend::released}}},
        RealCase{"release_eventlog", "leak-programs/release-hT.eventlog",
                 {{kMap, Trend::released}, {kInt, Trend::released}, {kCons, Trend::released}}},
        RealCase{"steady_hp", "leak-programs/steady-hT.hp", {{kMap, Trend::steady}, {kInt, Trend::steady}}},
        RealCase{"steady_eventlog", "leak-programs/steady-hT.eventlog", {{kMap, Trend::steady}, {kInt, Trend::steady}}},
        RealCase{"leak_torn_down_at_exit_hp", "eventlog-small/leak-hT-N2.hp", {{kInt, Trend::grows}, {kCons, Trend::grows}}},
        RealCase{"leak_torn_down_at_exit_eventlog", "eventlog-small/leak-hT-N2.eventlog",
                 {{kInt, Trend::grows}, {kCons, Trend::grows}}}),
    [](const auto& info) { return info.param.name; });

}  // namespace
}  // namespace hpng
