// Band selection stage by stage: hp2ps's hash order, trace elimination, the
// orderings, the band limit and OTHER, ranges and the title total.
#include <gtest/gtest.h>

#include <algorithm>

#include "support/judged.h"
#include "hpng/matrix/band_figures.h"
#include "hpng/matrix/band_matrix.h"
#include "hpng/output/export.h"
#include "support/eventlog_writer.h"
#include "support/util.h"

namespace hpng {
namespace {

using namespace hpng::test;

std::string profile(const std::string& body) {
  return "JOB \"j\" DATE \"d\" SAMPLE_UNIT \"s\" VALUE_UNIT \"b\"\n" + body;
}

BandMatrix select_bands(const std::string& hp, const SelectOptions& o, size_t time_buckets = 0) {
  return test::select_in_memory("t.hp", hp, o, time_buckets);
}

std::vector<std::string> names(const BandMatrix& m) {
  std::vector<std::string> out;
  for (const Band& b : m.bands) out.push_back(b.name);
  return out;
}

// The manual page's example (behaviour reference section 7).
const char* kManpage =
    "MARK 1.5 MARK 1.75 MARK 1.8\n"
    "BEGIN_SAMPLE 0.00 SYSTEM 24 END_SAMPLE 0.00\n"
    "BEGIN_SAMPLE 1.00 elim 180 insert 24 intersect 12 disin 60 main 12 reduce 20 SYSTEM 12 END_SAMPLE 1.00\n"
    "BEGIN_SAMPLE 2.00 elim 192 insert 24 intersect 12 disin 84 main 12 SYSTEM 24 END_SAMPLE 2.00\n"
    "BEGIN_SAMPLE 2.82 END_SAMPLE 2.82\n";

TEST(Bands, Hp2psHashBuckets) {
  EXPECT_EQ(hp2ps_hash_bucket(""), 0u);
  EXPECT_EQ(hp2ps_hash_bucket("a"), 97u);
  EXPECT_EQ(hp2ps_hash_bucket("ab"), (3 * 97 + 98) % 513u);
  // Bytes >= 0x80 count as negative (signed char); the magnitude is taken.
  EXPECT_EQ(hp2ps_hash_bucket("\xe9"), 23u);  // |-23| mod 513
}

TEST(Bands, ManpageExampleOrderTotalAndRanges) {
  BandMatrix m = select_bands(profile(kManpage), {});
  // intersect and main tie at 24: hash order puts intersect first.
  EXPECT_EQ(names(m), (std::vector<std::string>{"reduce", "intersect", "main", "insert", "SYSTEM", "disin", "elim"}));
  EXPECT_DOUBLE_EQ(m.x_range, 2.82);
  EXPECT_DOUBLE_EQ(m.y_range, 348);
  EXPECT_NEAR(m.total, 648.68, 1e-9);
  EXPECT_EQ(m.bands[0].values, (std::vector<double>{0, 20, 0, 0}));  // 0 where no point
}

TEST(Bands, TraceEliminationDropsCumulativeShareBelowThreshold) {
  // totals 1, 1, 98: shares 1%, 1%: cumulative 1% (kept at -t1), 2%.
  const char* body = "BEGIN_SAMPLE 0.0 x 1 y 1 z 98 END_SAMPLE 0.0\n";
  EXPECT_EQ(select_bands(profile(body), {}).bands.size(), 3u);
  SelectOptions t2;
  t2.trace_percent = 2;  // x: 1% < 2 dropped; y: cumulative 2% >= 2 kept
  EXPECT_EQ(names(select_bands(profile(body), t2)), (std::vector<std::string>{"y", "z"}));
  t2.trace_percent = 2.5;
  EXPECT_EQ(names(select_bands(profile(body), t2)), (std::vector<std::string>{"z"}));
  SelectOptions t0;
  t0.trace_percent = 0;
  EXPECT_EQ(select_bands(profile(body), t0).bands.size(), 3u);
}

TEST(Bands, AllZeroProfileKeepsItsBands) {
  BandMatrix m = select_bands(profile("BEGIN_SAMPLE 0.0 a 0 b 0 END_SAMPLE 0.0\n"), {});
  EXPECT_EQ(m.bands.size(), 2u);
  EXPECT_EQ(m.y_range, 1);
}

// A vector picture's budget folds the bottom bands of the order into OTHER,
// as -m does, counting each band's cost and name.
TEST(Bands, PictureBudgetFoldsTheSmallestIntoOther) {
  const char* body = "BEGIN_SAMPLE 0.0 a 50 bb 40 ccc 30 dddd 20 eeeee 10 END_SAMPLE 0.0\n";
  SelectOptions o;
  o.band_limit = 0;
  o.trace_percent = 0;
  o.picture_budget = 100 + 3 * 100 + 1 + 2 + 3;  // OTHER and three bands with their names
  o.band_cost = 100;
  BandMatrix m = select_bands(profile(body), o);
  EXPECT_EQ(names(m), (std::vector<std::string>{"OTHER", "ccc", "bb", "a"}));
  o.picture_budget -= 1;  // one byte short: "ccc" goes too
  EXPECT_EQ(names(select_bands(profile(body), o)), (std::vector<std::string>{"OTHER", "bb", "a"}));
  o.picture_budget = 0;  // none: every band
  EXPECT_EQ(select_bands(profile(body), o).bands.size(), 5u);
}

TEST(Bands, PictureBudgetCountsOnlyWhatTheLimitDidNotFold) {
  BandStats stats;
  stats.names = {"a", "b", "c", "d", "e", "f"};
  stats.totals = {60, 50, 40, 30, 20, 10};
  stats.sums = {60, 50, 40, 30, 20, 10};
  SelectOptions o;
  o.trace_percent = 0;
  o.band_limit = 4;  // three drawn and OTHER
  o.picture_budget = 1000;
  o.band_cost = 200;  // OTHER and three bands with one-byte names: 803 bytes
  Selection s = hpng::select_bands(stats, o);
  EXPECT_EQ(s.drawn.size(), 3u);
  EXPECT_EQ(s.over_budget, 0u) << "the limit folded them, not the budget";
  o.band_limit = 0;
  s = hpng::select_bands(stats, o);
  EXPECT_EQ(s.drawn.size(), 3u);
  EXPECT_EQ(s.over_budget, 3u);
}

TEST(Bands, OrderByNameAndDeviation) {
  const char* body =
      "BEGIN_SAMPLE 0.0 big_smooth 100 mid_rough 10 small_wiggly 1 END_SAMPLE 0.0\n"
      "BEGIN_SAMPLE 1.0 big_smooth 100 mid_rough 90 small_wiggly 20 END_SAMPLE 1.0\n";
  SelectOptions asc;
  asc.by_name = NameOrder::ascending;
  EXPECT_EQ(names(select_bands(profile(body), asc)), (std::vector<std::string>{"big_smooth", "mid_rough", "small_wiggly"}));
  SelectOptions desc;
  desc.by_name = NameOrder::descending;
  EXPECT_EQ(names(select_bands(profile(body), desc)), (std::vector<std::string>{"small_wiggly", "mid_rough", "big_smooth"}));
  SelectOptions dev;
  dev.by_deviation = true;  // sd: big 0, small ~13.4, mid ~56.6
  EXPECT_EQ(names(select_bands(profile(body), dev)), (std::vector<std::string>{"big_smooth", "small_wiggly", "mid_rough"}));
}

// --sort-growth: by least-squares slope over the samples with data, the
// fastest-growing on top whatever its size; the closing empty sample counts
// not (it would make every band fall).
TEST(Bands, OrderByGrowth) {
  const char* body =
      "BEGIN_SAMPLE 0.0 END_SAMPLE 0.0\n"
      "BEGIN_SAMPLE 1.0 big_falls 900 small_rises 1 flat 50 END_SAMPLE 1.0\n"
      "BEGIN_SAMPLE 2.0 big_falls 600 small_rises 30 flat 50 END_SAMPLE 2.0\n"
      "BEGIN_SAMPLE 3.0 big_falls 300 small_rises 60 flat 50 END_SAMPLE 3.0\n"
      "BEGIN_SAMPLE 4.0 END_SAMPLE 4.0\n";
  SelectOptions growth;
  growth.by_growth = true;
  EXPECT_EQ(names(select_bands(profile(body), growth)), (std::vector<std::string>{"big_falls", "flat", "small_rises"}));
  EXPECT_EQ(names(select_bands(profile(body), {})), (std::vector<std::string>{"small_rises", "flat", "big_falls"}));
  AuxFile aux;  // -p: the .aux's order wins over every other
  aux.order = {{"small_rises", 1}, {"big_falls", 2}, {"flat", 3}};
  growth.aux = &aux;
  EXPECT_EQ(names(select_bands(profile(body), growth)), (std::vector<std::string>{"small_rises", "big_falls", "flat"}));
}

// --sort-number: a -he profile's eras in numeric order from the bottom
// (2 before 10, not "10" before "2"), other names above them by name; from
// a crafted GHC 9.10 -he eventlog (breakdown 9) with eras 1-12.
TEST(Bands, OrderByNumber) {
  test::EventlogWriter w;
  w.declare_standard();
  w.block(1000, 0xFFFF, [](test::EventlogWriter& b) {
    b.heap_prof_begin(2000, 9).sample_begin(10000000);
    for (int era : {7, 12, 1, 10, 2, 11, 3, 9, 4, 8, 5, 6}) b.sample_string(10000000, 100 + 10 * (era % 5), std::to_string(era));
    b.sample_end(10000001);
  });
  SelectOptions number;
  number.trace_percent = 0, number.band_limit = 0, number.by_number = true;
  BandMatrix m = test::select_in_memory("eras.eventlog", w.bytes(), number);
  EXPECT_EQ(names(m), (std::vector<std::string>{"1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"}));
  EXPECT_EQ(m.info.run->breakdown, "-he");
  EXPECT_NE(json_of(m).find("\"breakdown\": \"-he\", \"bands_are\": \"eras\""), std::string::npos);
  const char* mixed = "BEGIN_SAMPLE 0.0 10 5 2 9 b 1 a 7 2.5 3 -1 4 END_SAMPLE 0.0\n";
  number.band_limit = 0;
  EXPECT_EQ(names(select_bands(profile(mixed), number)), (std::vector<std::string>{"-1", "2", "2.5", "10", "a", "b"}));
}

// The order's slope is the one the JSON gives for each band drawn alone.
TEST(Bands, GrowthOrderSlopesAreTheFiguresSlopes) {
  std::string hp = test::read_file(std::string(HPNG_CASES) + "/../leak-programs/leak-hT.hp");
  SelectOptions every;
  every.trace_percent = 0, every.band_limit = 0, every.by_growth = true;
  BandMatrix m = select_bands(hp, every);
  std::vector<BandFigures> f = band_figures(m);
  ASSERT_GT(f.size(), 5u);
  for (size_t i = 1; i < f.size(); ++i) EXPECT_LE(f[i - 1].slope, f[i].slope) << m.bands[i].name;
  EXPECT_EQ(m.bands.back().name, "ghc-prim:GHC.Types.:");
}

TEST(Bands, AuxOrderPutsUnknownBandsFirst) {
  AuxFile aux;
  aux.order = {{"b", 1}, {"a", 2}, {"b", 9}};
  SelectOptions o;
  o.aux = &aux;
  BandMatrix m = select_bands(profile("BEGIN_SAMPLE 0.0 a 10 b 20 new 30 END_SAMPLE 0.0\n"), o);
  EXPECT_EQ(names(m), (std::vector<std::string>{"new", "b", "a"}));
}

TEST(Bands, BandLimitMergesBottomIntoOther) {
  const char* body = "BEGIN_SAMPLE 0.0 a 1 b 2 c 3 d 4 END_SAMPLE 0.0 BEGIN_SAMPLE 1.0 a 1 d 4 END_SAMPLE 1.0\n";
  SelectOptions o;
  o.band_limit = 2;
  BandMatrix m = select_bands(profile(body), o);
  EXPECT_EQ(names(m), (std::vector<std::string>{"OTHER", "d"}));
  EXPECT_EQ(m.bands[0].values, (std::vector<double>{6, 1}));
  o.band_limit = 0;
  EXPECT_EQ(select_bands(profile(body), o).bands.size(), 4u);
}

// The reader streams points before it knows whether their sample ends: the
// points of a final sample that never ends must change nothing, in any of
// the reads selection makes.
TEST(Bands, SampleThatNeverEndsCountsNowhere) {
  const std::string complete = "BEGIN_SAMPLE 0.0 a 1 b 2 END_SAMPLE 0.0 BEGIN_SAMPLE 1.0 a 3 b 3 END_SAMPLE 1.0\n";
  const std::string cut = complete + "BEGIN_SAMPLE 2.0 a 900 b 1 c 5\n";
  SelectOptions plain, dev, limit;
  dev.by_deviation = true;
  limit.band_limit = 1;
  for (const SelectOptions& o : {plain, dev, limit}) {
    BandMatrix want = select_bands(profile(complete), o), got = select_bands(profile(cut), o);
    EXPECT_EQ(names(got), names(want));
    ASSERT_EQ(got.bands.size(), want.bands.size());
    for (size_t i = 0; i < got.bands.size(); ++i) EXPECT_EQ(got.bands[i].values, want.bands[i].values);
    EXPECT_EQ(got.total, want.total);
  }
  EXPECT_EQ(names(select_bands(profile(cut), plain)), (std::vector<std::string>{"a", "b"}));
}

// With time buckets the matrix keeps per bucket the samples of lowest and
// highest stacked total, and the first and last; ranges and the title total
// still come from every sample.
TEST(Bands, TimeBucketsKeepEachBucketsExtremes) {
  std::string body;
  for (int k = 0; k < 100; ++k) {
    int a = (k * 37) % 101, b = k == 42 ? 5000 : (k * 11) % 13;  // one spike, at 42
    body += "BEGIN_SAMPLE " + std::to_string(k) + ".0 a " + std::to_string(a) + " b " + std::to_string(b) +
            " END_SAMPLE " + std::to_string(k) + ".0\n";
  }
  BandMatrix full = select_bands(profile(body), {}), part = select_bands(profile(body), {}, 4);
  EXPECT_EQ(part.x_range, full.x_range);
  EXPECT_EQ(part.y_range, full.y_range);
  EXPECT_EQ(part.total, full.total);
  ASSERT_EQ(names(part), names(full));
  ASSERT_LE(part.times.size(), 10u);
  EXPECT_EQ(part.times.front(), 0);
  EXPECT_EQ(part.times.back(), 99);
  auto height = [](const BandMatrix& m, size_t k) { return m.bands[0].values[k] + m.bands[1].values[k]; };
  for (int bucket = 0; bucket < 4; ++bucket) {  // samples 25 x bucket ... (99 is the last's own)
    double lo = 1e18, hi = -1, kept_lo = 1e18, kept_hi = -1;
    for (size_t k = 0; k < full.times.size(); ++k) {
      if (std::min(3, static_cast<int>(full.times[k] * 4 / 99)) != bucket) continue;
      lo = std::min(lo, height(full, k));
      hi = std::max(hi, height(full, k));
    }
    for (size_t k = 0; k < part.times.size(); ++k) {
      if (std::min(3, static_cast<int>(part.times[k] * 4 / 99)) != bucket) continue;
      kept_lo = std::min(kept_lo, height(part, k));
      kept_hi = std::max(kept_hi, height(part, k));
      size_t j = static_cast<size_t>(part.times[k]);  // the same sample, whole
      EXPECT_EQ(part.bands[0].values[k], full.bands[0].values[j]);
      EXPECT_EQ(part.bands[1].values[k], full.bands[1].values[j]);
    }
    EXPECT_EQ(kept_lo, lo) << "bucket " << bucket;
    EXPECT_EQ(kept_hi, hi) << "bucket " << bucket;
  }
  EXPECT_NE(std::find(part.times.begin(), part.times.end(), 42.0), part.times.end());  // the spike
}

TEST(Bands, AuxRangesOnlyEnlarge) {
  AuxFile aux;
  aux.x_range = 10;
  aux.y_range = 1;
  SelectOptions o;
  o.aux = &aux;
  BandMatrix m = select_bands(profile("BEGIN_SAMPLE 0.0 a 5 END_SAMPLE 0.0 BEGIN_SAMPLE 2.0 a 5 END_SAMPLE 2.0\n"), o);
  EXPECT_EQ(m.x_range, 10);
  EXPECT_EQ(m.y_range, 5);
  EXPECT_EQ(m.total, 10);
}

// The reads of one profile agree unless the file was rewritten between
// them: a later read with a band the first did not have is a clear error,
// not an index past the end of the first read's figures.
TEST(Bands, AProfileThatChangesBetweenReadsIsAnError) {
  int reads = 0;
  SampleSource changing = [&](SampleSink& sink, Warnings&) {
    sink.band(0, "a");
    if (reads++ > 0) sink.band(1, "new");
    std::vector<DataPoint> points = {{0, 5}};
    sink.sample({0, points});
    return ProfileInfo{{"j", "d", "s", "b", "hp", "p.hp"}, {}, {}, std::nullopt, false, {}, {}};
  };
  Warnings w;
  for (bool deviation : {false, true}) {
    reads = 0;
    SelectOptions o;
    o.by_deviation = deviation;
    EXPECT_EQ(test::error_message([&] { profile_matrix(changing, o, 0, w); }),
              "p.hp: the profile changed while it was being read (is a program rewriting it?)");
    reads = 0;
    EXPECT_EQ(test::error_code([&] { profile_matrix(changing, o, 0, w); }), Code::input_changed);
  }
}

}  // namespace
}  // namespace hpng

namespace hpng {
namespace {

// hp2ps's selection sort as hp2ps wrote it, O(n^2): for each i the first
// strictly best key of i..n-1 is swapped into i. Band selection must give
// the very permutation it gives, ties and all, in O(n log n).
template <class Better>
void plain_selection_sort(std::vector<uint32_t>& order, Better better) {
  for (size_t i = 0; i + 1 < order.size(); ++i) {
    size_t m = i;
    for (size_t j = i + 1; j < order.size(); ++j) {
      if (better(order[j], order[m])) m = j;
    }
    std::swap(order[i], order[m]);
  }
}

// Many bands with few distinct totals (ties everywhere), sorted by total as
// trace elimination sorts them, with no band eliminated (-t0, -m0).
TEST(BandSelection, TiesEndWhereHp2psSelectionSortPutsThem) {
  BandStats stats;
  uint32_t seed = 12345;
  for (uint32_t b = 0; b < 3000; ++b) {
    seed = seed * 1103515245 + 12345;
    stats.names.push_back("band" + std::to_string(b));
    stats.totals.push_back(8 * static_cast<int64_t>((seed >> 16) % 5));
  }
  SelectOptions o;
  o.trace_percent = 0;
  o.band_limit = 0;
  std::vector<uint32_t> want(stats.names.size());
  for (uint32_t b = 0; b < want.size(); ++b) want[b] = b;
  std::sort(want.begin(), want.end(), [&](uint32_t a, uint32_t b) {  // hp2ps's hash order first
    uint32_t ha = hp2ps_hash_bucket(stats.names[a]), hb = hp2ps_hash_bucket(stats.names[b]);
    return ha != hb ? ha < hb : a > b;
  });
  plain_selection_sort(want, [&](uint32_t a, uint32_t b) { return stats.totals[a] < stats.totals[b]; });
  EXPECT_EQ(hpng::select_bands(stats, o).drawn, want);
}

// 400,000 bands in one sample (hp2ps's sort took 83 s on them): selected
// in well under the test's limit, the 19 largest drawn over OTHER.
TEST(BandSelection, HundredsOfThousandsOfBands) {
  BandStats stats;
  for (uint32_t b = 0; b < 400000; ++b) {
    stats.names.push_back("b" + std::to_string(b));
    stats.totals.push_back(b);
  }
  Selection s = hpng::select_bands(stats, SelectOptions{});
  ASSERT_EQ(s.drawn.size(), 19u);
  EXPECT_EQ(s.drawn.back(), 399999u);
}

}  // namespace
}  // namespace hpng
