// The thunk chain (thunk_chain.h) on hand-made profiles whose story is
// known, and on a real lazy accumulator's (tests/data/thunk-chain).
#include "hpng/verdict/thunk_chain.h"

#include <gtest/gtest.h>

#include "support/util.h"

namespace hpng {
namespace {

BandMatrix matrix(const std::string& hp) {
  SelectOptions every;
  every.trace_percent = 0;
  every.band_limit = 0;
  return test::select_in_memory("f.hp", hp, every);
}

BandMatrix with_job(const std::string& job, const std::map<std::string, std::vector<double>>& bands) {
  std::string hp = test::hp_of(bands);
  return matrix(hp.replace(hp.find("JOB \"j\""), 7, "JOB \"" + job + "\""));
}

std::vector<std::string> names(const BandMatrix& m, const std::vector<size_t>& bands) {
  std::vector<std::string> out;
  for (size_t b : bands) out.push_back(m.bands[b].name);
  return out;
}

// Forced from the first census on: the stack at its peak at once, then
// falling in a straight line (no leak's shape).
std::vector<double> falling(double from, size_t n = 20) {
  std::vector<double> v;
  for (size_t k = 0; k < n; ++k) v.push_back(from * static_cast<double>(n - k) / static_cast<double>(n));
  return v;
}

TEST(ThunkChain, AStackOfMegabytesIsAChainWhateverItsShape) {
  BandMatrix m = with_job("p +RTS -hT", {{"STACK", falling(10e6)}, {"BLACKHOLE", falling(3e6)},
                                          {"THUNK_1_0", falling(5e6)}, {"ARR_WORDS", std::vector<double>(20, 2e6)}});
  ThunkChain c = thunk_chain(m);
  ASSERT_TRUE(c.found());
  EXPECT_EQ(c.stack_peak, 10e6);
  EXPECT_EQ(names(m, c.bands()), (std::vector<std::string>{"STACK", "BLACKHOLE", "THUNK_1_0"}));
  EXPECT_FALSE(c.maker);
}

TEST(ThunkChain, AHealthyStackIsNone) {
  // Under 2 MB, however large a share; 2 MB or more, but under a fifth of the peak.
  EXPECT_FALSE(thunk_chain(with_job("p +RTS -hT", {{"STACK", falling(1.9e6)}, {"x", falling(1e6)}})).found());
  EXPECT_FALSE(thunk_chain(with_job("p +RTS -hT", {{"STACK", falling(3e6)}, {"x", falling(20e6)}})).found());
  EXPECT_TRUE(thunk_chain(with_job("p +RTS -hT", {{"STACK", falling(3e6)}, {"x", falling(10e6)}})).found());
}

// -hc and -hm charge the stack to SYSTEM, and the band beside it at the
// stack's peak made the thunks; in -hr SYSTEM is a retainer, no stack.
TEST(ThunkChain, SystemHoldsTheStackOnlyByCostCentreOrModule) {
  std::map<std::string, std::vector<double>> bands{{"(177)SYSTEM", falling(20e6)}, {"(344)main.\\/main", falling(8e6)},
                                                   {"(12)CAF", std::vector<double>(20, 1e5)}};
  BandMatrix hc = with_job("accum-prof +RTS -hc -i0.001", bands);
  ThunkChain c = thunk_chain(hc);
  ASSERT_TRUE(c.found());
  ASSERT_TRUE(c.maker);
  EXPECT_EQ(hc.bands[*c.maker].name, "(344)main.\\/main");
  EXPECT_TRUE(thunk_chain(with_job("accum-prof +RTS -hm", bands)).found());
  EXPECT_FALSE(thunk_chain(with_job("accum-prof +RTS -hr", bands)).found());
  EXPECT_FALSE(thunk_chain(with_job("accum-prof", bands)).found()) << "no breakdown said: SYSTEM is not taken for a stack";
}

TEST(ThunkChain, ARealLazyAccumulator) {
  std::string dir = std::string(HPNG_CASES) + "/../thunk-chain/";
  BandMatrix t = matrix(test::read_file(dir + "accum.hT.hp"));
  ThunkChain c = thunk_chain(t);
  ASSERT_TRUE(c.found());
  EXPECT_EQ(names(t, c.bands()).at(0), "STACK");
  EXPECT_GT(c.stack_peak, 15e6);
  BandMatrix hc = matrix(test::read_file(dir + "accum.hc.hp"));
  ThunkChain d = thunk_chain(hc);
  ASSERT_TRUE(d.found());
  EXPECT_EQ(names(hc, d.bands()), (std::vector<std::string>{"(177)SYSTEM", "(344)main.\\/main"}));
}

}  // namespace
}  // namespace hpng
