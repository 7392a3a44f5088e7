// The explanation's pure steps: each run's bands to shares (retainer sets
// by their text, whatever id a census gave them), the restriction the next
// run is given, and the answer's words.
#include <gtest/gtest.h>

#include "hpng/verdict/explanation.h"
#include "support/today.h"
#include "support/util.h"

namespace hpng {
namespace {

Band band(std::string name, double peak, double area, std::vector<double> values = {}) {
  return {std::move(name), std::move(values), peak, 0, area};
}

// A -hr band's "(id)" changes from census to census: bands of one text are
// one holder; the .prof's sets of the last census spell it out.
TEST(Explanation, RetainerSetsAddUpByTheirTextAndAreSpelledOut) {
  BandMatrix m;
  m.times = {0, 1, 2};
  m.bands = {band("(84)main", 10, 30, {0, 5, 10}), band("(89)main", 4, 10, {0, 4, 0}), band("(2)SYSTEM", 2, 10, {0, 2, 2})};
  std::vector<Share> s = shares_of(m, "SET 2 = {<SYSTEM.SYSTEM>}\nSET 84 = {<Main.main>, <Main.tally,lazy>}\n");
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(s[0].name, "main");
  EXPECT_DOUBLE_EQ(s[0].share, 0.8);
  EXPECT_EQ(s[0].peak, 10);
  EXPECT_EQ(s[0].members, (std::vector<std::string>{"Main.main", "Main.tally,lazy"}));
  EXPECT_EQ(s[1].members, (std::vector<std::string>{"SYSTEM.SYSTEM"}));
}

// A -finfo-table-map build's -hi run (GHC 9.6.6's, tests/corpus/ghc-today):
// the band and the others of its type, each where its IPE record says it
// is made; a bare address has no record.
TEST(Explanation, APlainBuildsBandIsMadeWhereItsIpeRecordSays) {
  SelectOptions all;
  all.trace_percent = 0, all.band_limit = 0;
  std::string log = test::read_file(test::today_root() + "/ghc-9.6.6/cache/cache.hi.eventlog");
  BandMatrix m = test::select_in_memory("cache.hi.eventlog", log, all);
  std::vector<Share> s = made_at(m, "main.(...) Cache.hs:19:50");
  ASSERT_EQ(s.size(), 6u) << "the bands of type Int, of 48";
  EXPECT_GE(s[0].share, s[1].share);
  bool own = false;
  for (const Share& x : s) {
    own = own || (x.name == "main.(...) Cache.hs:19:50" && x.top.label == "main.(...)" &&
                  x.top.src_loc == "programs/Cache.hs:19:50-71" && x.top.module == "Main");
  }
  EXPECT_TRUE(own);
  EXPECT_EQ(made_at(m, "Bin_Main_1_con_info (Main)").at(0).top.src_loc, "") << "the RTS's \":\" is no place";
  EXPECT_TRUE(made_at(m, "0x43dc88").empty());
}

TEST(Explanation, TheSuspectIsATypeBeforeAThunkUnderEvaluation) {
  BandMatrix m;
  m.bands = {band("BLACKHOLE", 5, 5), band("Int", 4, 4)};
  Verdict v;
  v.suspects = {0, 1};
  v.shapes = {{ShapeKind::ramp_fall}, {ShapeKind::ramp_held}};
  ASSERT_TRUE(suspect_of(v, m));
  EXPECT_EQ(suspect_of(v, m)->band, "Int");
  EXPECT_EQ(suspect_of(v, m)->shape, ShapeKind::ramp_held);
  v.suspects = {0};
  EXPECT_EQ(suspect_of(v, m)->band, "Int") << "the thunks' type, built up (if less clearly) while they were forced";
  v.shapes[1].kind = ShapeKind::steady;
  EXPECT_EQ(suspect_of(v, m)->band, "BLACKHOLE");
  v.suspects = {};
  EXPECT_FALSE(suspect_of(v, m));
}

TEST(Explanation, MakersKeepTheirInnermostCostCentre) {
  BandMatrix m;
  m.times = {0, 1};
  m.bands = {band("loop/main", 1, 1), band("remember/loop/main", 9, 9)};
  m.info.cost_centres["remember/loop/main"] = {"remember", "Store", "Store.hs:8:1-30"};
  std::vector<Share> s = shares_of(m);
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(s[0].top, (CostCentreInfo{"remember", "Store", "Store.hs:8:1-30"}));
  EXPECT_EQ(s[1].top.label, "");
}

// -hc and -hm name the maker exactly (the pair), -hy the type; a name with
// a comma has no RTS spelling and is left out; at most three makers, until
// four fifths of the heap.
TEST(Explanation, TheRestrictionNamesWhatCanBeNamed) {
  auto maker = [](std::string label, std::string module, double share) {
    Share s;
    s.name = label, s.top = {label, module, ""}, s.share = share;
    return s;
  };
  std::vector<Share> makers{maker("tally,lazy", "Main", 0.5), maker("remember", "Store", 0.2),
                            maker("remember", "Store", 0.1), maker("logEvent", "Main", 0.15), maker("x", "M", 0.05)};
  std::vector<Share> main = main_makers(makers);
  ASSERT_EQ(main.size(), 3u);
  EXPECT_EQ(restriction("Map", main), (std::vector<std::string>{"-hcremember,logEvent,x", "-hmStore,Main,M", "-hyMap"}));
  EXPECT_EQ(restriction("(,)", main), (std::vector<std::string>{"-hcremember,logEvent,x", "-hmStore,Main,M"}));
  main.pop_back();
  makers[4].share = 0.7;  // four fifths covered by the first two: the third is left out
  EXPECT_EQ(main_makers({makers[1], makers[4], makers[3]}).size(), 2u);
  EXPECT_TRUE(restriction("", {}).empty());
}

TEST(Explanation, TheSentencePutsTheRunsTogether) {
  Explanation e;
  EXPECT_EQ(explanation_sentence(e), "no answer: no run left a profile to judge");
  e.runs = {ExplainedRun{.breakdown = "-hy", .rts_options = {}, .purpose = "", .censuses = 0, .profile = "",
                         .seconds = 0, .said = "p exited with status 1"}};
  EXPECT_EQ(explanation_sentence(e), "no answer: no run left a profile to judge") << "a failed run found no leak";
  e.runs.front().said = "stopped by SIGINT";
  EXPECT_EQ(explanation_sentence(e), "no leak found in what was recorded before the stop");
  e.runs.front().said = "";
  EXPECT_EQ(explanation_sentence(e), "no leak found: no band of the heap grows as a leak does");
  e.suspect = Suspect{"Map", ShapeKind::ramp_held, 62e6};
  Share made;
  made.name = "remember/main", made.top = {"remember", "Store", "Store.hs:8:1-30"};
  Share held;
  held.name = "main";
  e.made_by = {made}, e.held_by = {held};
  Biography b;
  b.drag = 0.8, b.use = 0.2;
  e.biography = b;
  EXPECT_EQ(explanation_sentence(e), "`Map` (62.0 MB, ramp-held) is made by `remember` (Store.hs:8:1-30) and held by "
                                     "`main`; 80 % of it is drag: used, then kept");
  EXPECT_EQ(next_step(e), "");
  e.held_by.front().name = "SYSTEM";
  EXPECT_NE(next_step(e).find("Only SYSTEM holds it"), std::string::npos);
}

}  // namespace
}  // namespace hpng
