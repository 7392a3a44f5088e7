// Band shapes and the leak verdict on hand-made courses whose story is
// known: each shape of band_shape.h, the suspects' rule, too few censuses,
// and the -hb reading. (The labelled real programs: tests/app/leaks_test.cc.)
#include "hpng/verdict/verdict.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>

#include "support/util.h"

namespace hpng {
namespace {

struct Judged {
  BandMatrix m;
  Verdict v;
  ShapeKind shape(const std::string& band) const {
    for (size_t b = 0; b < m.bands.size(); ++b) {
      if (m.bands[b].name == band) return v.shapes.at(b).kind;
    }
    ADD_FAILURE() << "no band " << band;
    return ShapeKind::none;
  }
  std::vector<std::string> suspects() const {
    std::vector<std::string> out;
    for (size_t b : v.suspects) out.push_back(m.bands[b].name);
    return out;
  }
};

Judged judge(const std::map<std::string, std::vector<double>>& bands) {
  SelectOptions every;
  every.trace_percent = 0;
  every.band_limit = 0;
  Judged j{test::select_in_memory("f.hp", test::hp_of(bands), every), {}};
  j.v = verdict_of(j.m);
  return j;
}

// n points of fn(k / (n - 1)), fn's values in bytes.
template <class Fn>
std::vector<double> course(size_t n, Fn fn) {
  std::vector<double> v;
  for (size_t k = 0; k < n; ++k) v.push_back(std::round(fn(static_cast<double>(k) / static_cast<double>(n - 1))));
  return v;
}

struct ShapeCase {
  std::string name;
  std::vector<double> values;
  ShapeKind shape;
  bool suspect;
};

class Shapes : public testing::TestWithParam<ShapeCase> {};

TEST_P(Shapes, AreNamedAndJudged) {
  const ShapeCase& c = GetParam();
  // A steady companion, so that the band under test is not the whole heap
  // alone; it is 10 kB, under a tenth of every case's peak.
  Judged j = judge({{"band", c.values}, {"base", std::vector<double>(c.values.size(), 10000)}});
  ASSERT_TRUE(j.v.judged());
  EXPECT_EQ(shape_token(j.shape("band")), std::string(shape_token(c.shape)));
  EXPECT_EQ(j.shape("base"), ShapeKind::steady);
  std::vector<std::string> expected;
  if (c.suspect) expected.push_back("band");
  EXPECT_EQ(j.suspects(), expected);
}

const double kMB = 1e6;

INSTANTIATE_TEST_SUITE_P(
    Courses, Shapes,
    testing::Values(
        // A journal kept to the exit: a linear rise over the whole run.
        ShapeCase{"ramp_held", course(40, [](double x) { return 1e3 + 50 * kMB * x; }), ShapeKind::ramp_held, true},
        // A lazy accumulator forced by the final print: rise, then gone at once.
        ShapeCase{"ramp_drop", course(40, [](double x) { return x < 0.85 ? 40 * kMB * x : 0; }), ShapeKind::ramp_drop, true},
        // A journal consumed slowly at the end.
        ShapeCase{"ramp_fall", course(40, [](double x) { return x < 0.6 ? 60 * kMB * x : 36 * kMB * (1 - x) / 0.4; }),
                  ShapeKind::ramp_fall, true},
        // Per-unit work that leaves a little behind each time.
        ShapeCase{"floor_up", course(60, [](double x) { return 5 * kMB * x + (std::fmod(x * 6, 1) < 0.5 ? 4 * kMB : 0); }),
                  ShapeKind::floor_up, true},
        // A compiler: per-unit work, back to the same floor.
        ShapeCase{"sawtooth", course(60, [](double x) { return 1e5 + (std::fmod(x * 6, 1) < 0.5 ? 4 * kMB : 0); }),
                  ShapeKind::sawtooth, false},
        // A working set built at the start and used.
        ShapeCase{"plateau", course(40, [](double x) { return x < 0.1 ? 30 * kMB * x : 3 * kMB + 2e5 * std::sin(40 * x); }),
                  ShapeKind::plateau, false},
        // A bounded memo: filled over the first 40 %, then flat for longer
        // than it took to fill.
        ShapeCase{"memo_filled", course(50, [](double x) { return x < 0.4 ? 1e4 + 10 * kMB * x : 4 * kMB; }),
                  ShapeKind::plateau, false},
        // A list built over 60 %, then held for two shorter passes: a leak.
        ShapeCase{"kept_for_passes", course(50, [](double x) { return x < 0.6 ? 1e4 + 10 * kMB * x : 6 * kMB; }),
                  ShapeKind::ramp_held, true},
        ShapeCase{"spike", course(40, [](double x) { return std::fabs(x - 0.5) < 0.03 ? 8 * kMB : 2e5; }), ShapeKind::spike,
                  false},
        ShapeCase{"steady", course(40, [](double x) { return 3 * kMB + 1e4 * std::sin(30 * x); }), ShapeKind::steady, false},
        // Up fast, down deep, up again, down: no ramp, too few falls for
        // a sawtooth, not kept high enough for a plateau.
        ShapeCase{"varies", course(41, [](double x) {
                    return kMB * (x < 0.1 ? 30 * x : x < 0.5 ? 3 - 5.25 * (x - 0.1) : x < 0.7 ? 0.9 + 8 * (x - 0.5) : 2.5 - 5 * (x - 0.7));
                  }),
                  ShapeKind::varies, false}),
    [](const testing::TestParamInfo<ShapeCase>& i) { return i.param.name; });

TEST(Verdict, ABandUnderAWeightThatMattersIsNoSuspect) {
  // Both ramp to the end; "small" has 1 % of the heap-time and of the peak.
  Judged j = judge({{"big", course(30, [](double x) { return 1e8 * x; })},
                    {"small", course(30, [](double x) { return 1e6 * x; })}});
  EXPECT_EQ(j.shape("small"), ShapeKind::ramp_held);
  EXPECT_EQ(j.suspects(), std::vector<std::string>{"big"});
}

TEST(Verdict, TheLargerSuspectComesFirst) {
  Judged j = judge({{"a", course(30, [](double x) { return 2e6 * x; })}, {"b", course(30, [](double x) { return 6e6 * x; })}});
  EXPECT_EQ(j.suspects(), (std::vector<std::string>{"b", "a"}));
}

TEST(Verdict, TooFewCensusesAreNotJudged) {
  Judged j = judge({{"leak", {1e6, 2e6, 3e6, 4e6}}});
  EXPECT_FALSE(j.v.judged());
  EXPECT_EQ(j.v.censuses, 4u);
  EXPECT_TRUE(j.v.shapes.empty());
  EXPECT_TRUE(j.v.suspects.empty());
  Judged enough = judge({{"leak", course(kLeastCensuses, [](double x) { return 1e6 * (1 + x); })}});
  EXPECT_TRUE(enough.v.judged());
}

TEST(Verdict, TheCensusOfTheTeardownIsNotTheEnd) {
  // Held to the end, then GHC's census at exit finds the heap torn down.
  std::vector<double> v = course(30, [](double x) { return 1e6 * x; });
  v.push_back(100);
  Judged j = judge({{"leak", v}});
  EXPECT_EQ(j.shape("leak"), ShapeKind::ramp_held);
}

TEST(Biography, SharesOfTheHeapTimeAndTheirEvidence) {
  // Void made and never used, growing; use flat: void 2/3 of the heap-time.
  Judged j = judge({{"VOID", course(30, [](double x) { return 2e6 * x; })},
                    {"USE", std::vector<double>(30, 5e5)},
                    {"LAG", std::vector<double>(30, 0)}});
  ASSERT_TRUE(j.v.biographical);
  EXPECT_NEAR(j.v.biography.void_ + j.v.biography.use, 1, 1e-9);
  EXPECT_GT(j.v.biography.void_, 0.6);
  EXPECT_TRUE(j.v.biography.dragging());
  EXPECT_FALSE(j.v.biography.lagging());
  EXPECT_EQ(j.suspects(), std::vector<std::string>{"VOID"});
}

TEST(Biography, UseIsNeverASuspectAndOtherNamesAreNoBiography) {
  Judged j = judge({{"USE", course(30, [](double x) { return 2e6 * x; })}, {"LAG", std::vector<double>(30, 1e4)}});
  EXPECT_TRUE(j.v.biographical);
  EXPECT_TRUE(j.v.suspects.empty());
  Judged k = judge({{"USE", course(30, [](double x) { return 2e6 * x; })}, {"Map", std::vector<double>(30, 1e4)}});
  EXPECT_FALSE(k.v.biographical);
  EXPECT_EQ(k.suspects(), std::vector<std::string>{"USE"});
}

TEST(Biography, ALargeShareWithoutALeaksShapeIsEvidenceButNoSuspect) {
  // Thunks waiting, flat: 80 % of the heap-time, as a working set may hold.
  Judged j = judge({{"LAG", std::vector<double>(30, 4e6)}, {"USE", std::vector<double>(30, 1e6)}});
  EXPECT_TRUE(j.v.biography.lagging());
  EXPECT_TRUE(j.v.biography.evidence());
  EXPECT_TRUE(j.v.suspects.empty());
}

// GHC writes INHERENT_USE for closures in use by their kind (arrays,
// MVars): a suspect only where it is built up and held (a pinned input a
// slice keeps), never where it falls with its phase; USE never.
TEST(Biography, InherentUseIsASuspectOnlyWhereBuiltUpAndHeld) {
  Judged held = judge({{"INHERENT_USE", course(30, [](double x) { return 3e6 * x; })},
                       {"USE", std::vector<double>(30, 1e6)},
                       {"DRAG", std::vector<double>(30, 1e5)}});
  ASSERT_TRUE(held.v.biographical);
  EXPECT_GT(held.v.biography.inherent_use, 0.4);
  ASSERT_EQ(held.v.suspects.size(), 1u);
  EXPECT_EQ(held.m.bands[held.v.suspects[0]].name, "INHERENT_USE") << "the held INHERENT_USE alone";
  EXPECT_FALSE(held.v.biography.evidence());
  Judged phase = judge({{"INHERENT_USE", course(30, [](double x) { return x < 0.6 ? 3e6 * x : 1e5; })},
                        {"USE", std::vector<double>(30, 1e6)}});
  EXPECT_TRUE(phase.v.suspects.empty()) << "released with its phase";
  Judged used = judge({{"USE", course(30, [](double x) { return 3e6 * x; })}, {"DRAG", std::vector<double>(30, 1e5)}});
  EXPECT_TRUE(used.v.suspects.empty()) << "USE is the program's work";
}

TEST(Biography, AFlatVoidIsNoEvidence) {
  // An -O build's data made and dropped unused: 90 % void, steady.
  Judged j = judge({{"VOID", std::vector<double>(30, 9e6)}, {"USE", std::vector<double>(30, 1e6)}});
  EXPECT_FALSE(j.v.biography.void_builds);
  EXPECT_FALSE(j.v.biography.dragging());
  EXPECT_TRUE(j.v.biography.void_only());
  // The same share of void built up over the run is evidence.
  Judged k = judge({{"VOID", course(30, [](double x) { return 18e6 * x; })}, {"USE", std::vector<double>(30, 1e6)}});
  EXPECT_TRUE(k.v.biography.void_builds);
  EXPECT_TRUE(k.v.biography.dragging());
}

// A job run on growing inputs, each run's data dropped (back to `floor`
// plus what the runs keep), the last and largest run live at the end.
std::vector<double> runs(size_t earlier, double kept_per_run) {
  std::vector<double> v;
  for (size_t r = 0; r < earlier; ++r) {
    double top = 2e6 * static_cast<double>(r + 1), floor = kept_per_run * static_cast<double>(r);
    for (size_t k = 0; k < 8; ++k) v.push_back(floor + top * static_cast<double>(k) / 7);
    v.push_back(floor + 1e5);
  }
  double floor = kept_per_run * static_cast<double>(earlier);
  for (size_t k = 0; k < 24; ++k) v.push_back(floor + 30e6 * static_cast<double>(k) / 23);
  return v;
}

TEST(Phases, ALastRunAfterEarlierOnesThatReturnedToTheirFloorIsNoLeak) {
  Judged j = judge({{"table", runs(4, 0)}});
  EXPECT_EQ(j.shape("table"), ShapeKind::sawtooth);
  EXPECT_TRUE(j.v.suspects.empty());
  // One earlier run is not enough to call the course phased.
  EXPECT_EQ(judge({{"table", runs(1, 0)}}).shape("table"), ShapeKind::ramp_held);
}

TEST(Phases, AFloorRisingAcrossThePhasesIsALeak) {
  Judged j = judge({{"table", runs(4, 6e6)}});
  EXPECT_TRUE(leak_shape(j.shape("table"))) << shape_token(j.shape("table"));
  EXPECT_EQ(j.suspects(), std::vector<std::string>{"table"});
}

TEST(Verdict, ABandThatNeverReachesAMegabyteIsNoSuspect) {
  // Callbacks kept by design: all of a small heap, ramping to 900 kB.
  Judged j = judge({{"callbacks", course(30, [](double x) { return 9e5 * x; })}});
  EXPECT_EQ(j.shape("callbacks"), ShapeKind::ramp_held);
  EXPECT_TRUE(j.v.suspects.empty());
  Judged k = judge({{"callbacks", course(30, [](double x) { return 1.1e6 * x; })}});
  EXPECT_EQ(k.suspects(), std::vector<std::string>{"callbacks"});
}

TEST(Verdict, ASlowRiseBeforeAFastOneIsPartOfTheRamp) {
  // Thunks for 85 % of the run (5 % of the peak), then the values they
  // make: the fast part alone is under a fifth of the run (15 %).
  Judged j = judge({{"cache", course(50, [](double x) { return x < 0.85 ? 5e6 * x / 0.85 : 5e6 + 95e6 * (x - 0.85) / 0.15; })},
                    {"base", std::vector<double>(50, 1e6)}});
  EXPECT_EQ(j.shape("cache"), ShapeKind::ramp_held);
  // A flat floor before a jump is no slow rise: a spike stays a spike.
  Judged k = judge({{"burst", course(50, [](double x) { return std::fabs(x - 0.9) < 0.02 ? 8e6 : 1e5; })}});
  EXPECT_EQ(k.shape("burst"), ShapeKind::spike);
}

TEST(Verdict, AShapeSeenOnFewPointsIsNoSuspect) {
  // A sawtooth sampled eleven times (a real -hT run of GHC 9.10): its teeth
  // alias into a ramp of four points.
  std::vector<double> v = {0.16, 0.02, 0.21, 0.76, 0.0, 0.39, 0.97, 0.83, 1.0, 0.03, 0.02};
  for (double& x : v) x *= 4e6;
  Judged j = judge({{"units", v}});
  ASSERT_EQ(j.shape("units"), ShapeKind::ramp_drop);
  EXPECT_LT(j.v.shapes[0].confidence, 0.5);
  EXPECT_TRUE(j.v.suspects.empty());
}

TEST(Verdict, ALeakThatStartsLateRampsOverItsOwnLife) {
  // Nothing for 70 % of the run, then a cache that grows to the end.
  Judged j = judge({{"cache", course(40, [](double x) { return x < 0.7 ? 0 : 1e8 * (x - 0.7); })},
                    {"base", std::vector<double>(40, 1e6)}});
  EXPECT_EQ(j.shape("cache"), ShapeKind::ramp_held);
}

// The heap's live bytes are a suspect only while held: a ramp then
// released (an early peak, a job's buffer dropped) is no leak, whatever
// its rise; a ramp held to the last point, or to the one before the
// collection at exit, is.
TEST(LiveBytes, AreASuspectOnlyWhileHeld) {
  auto live = [](std::vector<double> values, std::vector<double> times = {}) {
    BandMatrix m = test::select_in_memory("f.hp", test::hp_of({{"a", std::vector<double>(12, 1000)}}), SelectOptions{});
    for (size_t k = times.size(); k < values.size(); ++k) times.push_back(0.1 * static_cast<double>(k));
    m.info.series = {Series{"live bytes", "HEAP_LIVE", times, values}};
    return verdict_of(m);
  };
  Verdict held = live(course(30, [](double x) { return 1e6 + 1e8 * x; }));
  EXPECT_EQ(held.live->kind, ShapeKind::ramp_held);
  EXPECT_TRUE(held.live_leaks());
  std::vector<double> torn_down = course(30, [](double x) { return 1e6 + 1e8 * x; });
  torn_down.push_back(1e5);  // the collection at exit
  EXPECT_TRUE(live(torn_down).live_leaks()) << "the teardown is not the end";
  // A -threaded RTS's two collections at exit, at the run's last moment.
  std::vector<double> threaded = course(30, [](double x) { return 1e6 + 1e8 * x; });
  std::vector<double> threaded_times(30);
  for (size_t k = 0; k < 30; ++k) threaded_times[k] = 0.1 * static_cast<double>(k);
  threaded.insert(threaded.end(), {0, 1e5});
  threaded_times.insert(threaded_times.end(), {3.2, 3.2});
  EXPECT_TRUE(live(threaded, threaded_times).live_leaks()) << "both are the teardown";
  Verdict released = live(course(30, [](double x) { return x < 0.7 ? 1e6 + 1e8 * x : 1e6; }));
  ASSERT_TRUE(released.live.has_value());
  EXPECT_TRUE(released.live->kind == ShapeKind::ramp_drop || released.live->kind == ShapeKind::ramp_fall)
      << shape_token(released.live->kind);
  EXPECT_FALSE(released.live_leaks());
}

}  // namespace
}  // namespace hpng
