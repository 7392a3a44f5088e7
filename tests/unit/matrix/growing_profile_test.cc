// --watch's reading: a .hp or an eventlog read in pieces as it grows, each
// update reading only the new bytes, gives the matrix a one-shot read of the
// same bytes gives while every sample is kept, and past that keeps the
// figures that come from every sample while holding a bounded number of them.
#include <gtest/gtest.h>

#include <functional>
#include <optional>

#include "hpng/matrix/growing_profile.h"
#include "support/eventlog_writer.h"
#include "hpng/read/hp_reader.h"
#include "hpng/read/read.h"
#include "hpng/transform/band_filter.h"
#include "hpng/transform/window.h"
#include "support/util.h"
#include "stream/name_table.h"

namespace hpng {
namespace {

using namespace hpng::test;

std::string small(const std::string& name) { return read_file(std::string(HPNG_CASES) + "/../eventlog-small/" + name); }

// Offsets inside lines.
std::vector<size_t> cuts(const std::string& whole, size_t pieces) {
  std::vector<size_t> at;
  for (size_t k = 1; k < pieces; ++k) {
    size_t c = whole.size() * k / pieces;
    while (whole[c - 1] == '\n') ++c;
    at.push_back(c);
  }
  at.push_back(whole.size());
  return at;
}

// The complete lines of a file cut at `cut`: what a growing file has read
// (a one-shot read of the cut file would also take its last line, cut).
std::string complete_lines(const std::string& whole, size_t cut) {
  return cut == whole.size() ? whole : whole.substr(0, whole.rfind('\n', cut - 1) + 1);
}

BandMatrix one_shot(const std::string& bytes, const SelectOptions& select) {
  Input in{"p.hp", bytes};
  Warnings w;
  return profile_matrix([&](SampleSink& sink, Warnings& warnings) { return read_hp(in, sink, warnings); }, select, 0, w);
}

void expect_same(const BandMatrix& a, const BandMatrix& b) {
  EXPECT_EQ(a.samples, b.samples);
  EXPECT_EQ(a.times, b.times);
  ASSERT_EQ(a.bands.size(), b.bands.size());
  for (size_t r = 0; r < a.bands.size(); ++r) {
    EXPECT_EQ(a.bands[r].name, b.bands[r].name);
    EXPECT_EQ(a.bands[r].values, b.bands[r].values) << a.bands[r].name;
    EXPECT_EQ(a.bands[r].peak, b.bands[r].peak);
    EXPECT_EQ(a.bands[r].area, b.bands[r].area);
  }
  EXPECT_EQ(a.x_range, b.x_range);
  EXPECT_EQ(a.y_range, b.y_range);
  EXPECT_EQ(a.total, b.total);
  EXPECT_EQ(a.info.finished, b.info.finished);
}

struct Case {
  const char* name;
  std::function<std::string()> bytes;
};

std::ostream& operator<<(std::ostream& os, const Case& c) { return os << c.name; }

class Growing : public testing::TestWithParam<Case> {};

TEST_P(Growing, EachUpdateGivesTheOneShotMatrixOfTheCompleteSamplesSoFar) {
  std::string whole = GetParam().bytes();
  SelectOptions select;
  select.band_limit = 8;  // so that OTHER's membership changes as the profile grows
  GrowingProfile growing(growing_reader(InputFormat::hp, {}), {}, size_t{1} << 20);
  size_t compared = 0;
  for (size_t cut : cuts(whole, 11)) {
    SCOPED_TRACE("read to byte " + std::to_string(cut));
    Warnings w;
    Input grown{"p.hp", whole.substr(0, cut)};
    growing.update(grown, w);
    // Before the first complete sample a one-shot read fails.
    std::optional<BandMatrix> want;
    try {
      want = one_shot(complete_lines(whole, cut), select);
    } catch (const Error&) {
      continue;
    }
    expect_same(growing.matrix(select, 0, w), *want);
    ++compared;
  }
  EXPECT_GE(compared, 5u) << "most cuts hold a complete sample: they are compared, not skipped";
}

const Case kCases[] = {
    {"HeapByCostCentre", [] { return small("leak-hc.hp"); }},
    {"CorpusHeapByType", [] { return read_file(std::string(HPNG_TEST_CORPUS) + "/banksim/banksim.hT.hp"); }},
    {"CorpusKilledRun", [] { return read_file(std::string(HPNG_TEST_CORPUS) + "/leakyavg/leakyavg.hc-killed.hp"); }},
};

INSTANTIATE_TEST_SUITE_P(Files, Growing, testing::ValuesIn(kCases),
                         [](const testing::TestParamInfo<Case>& i) { return std::string(i.param.name); });

// The steps a one-shot read takes (a window, a band filter, names) are
// taken by the growing read as the samples come, once: each update gives
// the one-shot matrix of the samples so far read through the same steps,
// while every sample is kept and after the store has been halved.
struct StepCase {
  const char* name;
  std::function<StreamSteps()> steps;
  size_t keep;
};

std::ostream& operator<<(std::ostream& os, const StepCase& c) { return os << c.name; }

class GrowingThroughSteps : public testing::TestWithParam<StepCase> {};

TEST_P(GrowingThroughSteps, EachUpdateGivesTheOneShotMatrixOfTheSameSteps) {
  std::string whole = read_file(std::string(HPNG_TEST_CORPUS) + "/banksim/banksim.hT.hp");
  SelectOptions select;
  select.band_limit = 6;
  GrowingProfile growing(growing_reader(InputFormat::hp, {}), GetParam().steps(), GetParam().keep);
  size_t compared = 0;
  for (size_t cut : cuts(whole, 9)) {
    SCOPED_TRACE("read to byte " + std::to_string(cut));
    Warnings w;
    growing.update({"p.hp", whole.substr(0, cut)}, w);
    Input in{"p.hp", complete_lines(whole, cut)};
    SampleSource read = through([&](SampleSink& sink, Warnings& ww) { return read_hp(in, sink, ww); }, GetParam().steps());
    std::optional<BandMatrix> want;
    try {
      want = profile_matrix(read, select, 0, w);
    } catch (const Error&) {
      EXPECT_EQ(growing.samples(), 0u) << "the one-shot read has nothing the growing read has";
      continue;
    }
    BandMatrix got = growing.matrix(select, 0, w);
    EXPECT_EQ(got.samples, want->samples);
    ASSERT_EQ(got.bands.size(), want->bands.size());
    for (size_t r = 0; r < got.bands.size(); ++r) EXPECT_EQ(got.bands[r].name, want->bands[r].name);
    if (GetParam().keep > whole.size()) expect_same(got, *want);
    ++compared;
  }
  EXPECT_GE(compared, 4u);
}

const StepCase kStepCases[] = {
    {"Window", [] { return StreamSteps{window_step({0.1, 0.3})}; }, size_t{1} << 20},
    {"Filter", [] { return StreamSteps{filter_step(compile_band_filter({"A|M"}, {"ARR"}, {"MUT=mutable"}))}; }, size_t{1} << 20},
    {"WindowAndFilterHalved", [] { return StreamSteps{window_step({0.05, std::nullopt}), filter_step(compile_band_filter({}, {"^B"}, {}))}; }, 16},
};

INSTANTIATE_TEST_SUITE_P(Steps, GrowingThroughSteps, testing::ValuesIn(kStepCases),
                         [](const testing::TestParamInfo<StepCase>& i) { return std::string(i.param.name); });

// A band name with a quote and no closing one (GHC writes names as they
// are, tab-separated: a type-level string can put a '"' in one) is a point as
// soon as its line is complete: the watch does not wait for a closing quote
// that never comes. Found by the fuzzer growing_fuzz.
TEST(Growing, ANameWithAnUnmatchedQuoteDoesNotHoldTheReadingUp) {
  std::string header = "JOB \"q\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n";
  std::string first = header + "BEGIN_SAMPLE 1.0\nProxy \"key\t64\nEND_SAMPLE 1.0\n";
  std::string whole = first + "BEGIN_SAMPLE 2.0\nProxy \"key\t128\nEND_SAMPLE 2.0\n";
  GrowingProfile growing(growing_reader(InputFormat::hp, {}), {}, size_t{1} << 20);
  Warnings w;
  growing.update({"p.hp", first}, w);
  EXPECT_EQ(growing.samples(), 1u);
  growing.update({"p.hp", whole}, w);
  ASSERT_EQ(growing.samples(), 2u);
  BandMatrix m = growing.matrix({}, 0, w);
  expect_same(m, one_shot(whole, {}));
  ASSERT_EQ(m.bands.size(), 1u);
  EXPECT_EQ(m.bands[0].name, "Proxy \"key");
}

// An eventlog grows by blocks of events, cut anywhere; a one-shot read of
// the cut log (its closing sample at the last event's time, -hb's censuses,
// an old log's open census) is what each update must draw, or fail as it
// fails. After a failure the watch starts a new reading, and so does this.
struct LogCase {
  const char* name;
  std::function<std::string()> bytes;
  EventlogOptions opts;
};

std::ostream& operator<<(std::ostream& os, const LogCase& c) { return os << c.name; }

std::optional<BandMatrix> one_shot_log(const std::string& bytes, const LogCase& c, const SelectOptions& select) {
  Input in{"p.eventlog", bytes};
  Warnings w;
  try {
    return profile_matrix([&](SampleSink& s, Warnings& ww) { return read_eventlog(in, c.opts, s, ww); }, select, 0, w);
  } catch (const Error&) {
    return std::nullopt;
  }
}

std::optional<BandMatrix> grown(std::unique_ptr<GrowingProfile>& g, const std::string& bytes, const LogCase& c,
                                const SelectOptions& select) {
  if (!g) g = std::make_unique<GrowingProfile>(growing_reader(InputFormat::eventlog, c.opts), StreamSteps{}, size_t{1} << 20);
  Warnings w;
  try {
    g->update({"p.eventlog", bytes}, w);
    return g->matrix(select, 0, w);
  } catch (const Error&) {
    g.reset();
    return std::nullopt;
  }
}

// Every byte of a small log; 97 places (odd steps, mid-event) in a larger one.
std::vector<size_t> log_cuts(size_t size) {
  std::vector<size_t> at;
  size_t step = size < 4000 ? 1 : size / 97;
  for (size_t c = 1; c < size; c += step) at.push_back(c);
  at.push_back(size);
  return at;
}

class GrowingLog : public testing::TestWithParam<LogCase> {};

TEST_P(GrowingLog, EachUpdateGivesTheOneShotMatrixOfTheLogSoFar) {
  std::string whole = GetParam().bytes();
  SelectOptions select;
  select.band_limit = 8;
  std::unique_ptr<GrowingProfile> growing;
  size_t drawn = 0;
  for (size_t cut : log_cuts(whole.size())) {
    SCOPED_TRACE("read to byte " + std::to_string(cut));
    std::optional<BandMatrix> want = one_shot_log(whole.substr(0, cut), GetParam(), select);
    std::optional<BandMatrix> got = grown(growing, whole.substr(0, cut), GetParam(), select);
    ASSERT_EQ(got.has_value(), want.has_value());
    if (!want) continue;
    ++drawn;
    expect_same(*got, *want);
    EXPECT_EQ(got->info.marks, want->info.marks);
    ASSERT_EQ(got->info.series.size(), want->info.series.size());
    for (size_t l = 0; l < want->info.series.size(); ++l) EXPECT_EQ(got->info.series[l].values, want->info.series[l].values);
  }
  EXPECT_GT(drawn, 0u);
}

// Before GHC 8.10 no event ends a census: the next one's BEGIN does, or the
// end-of-data marker; the last census is complete only with that marker.
std::string old_log() {
  test::EventlogWriter w;
  w.declare_standard(false).heap_prof_begin(0, 7);
  for (uint64_t k = 1; k <= 4; ++k) {
    w.sample_begin(100 * k).sample_string(100 * k + 1, k, "a").sample_string(100 * k + 2, 5 - k, k % 2 ? "b" : "c");
  }
  return w.bytes();
}

// An event type the header does not declare stops the reading: the log so
// far is drawn, with a warning.
std::string stopped_log() {
  test::EventlogWriter w;
  w.declare_standard().heap_prof_begin(0, 7);
  for (uint64_t k = 1; k <= 3; ++k) w.sample_begin(100 * k).sample_string(100 * k + 1, k, "a").sample_end(100 * k + 2);
  w.event(999, 400, std::string(6, 'x'));
  return w.bytes(false) + std::string(40, '\x07');
}

const LogCase kLogs[] = {
    {"HeapByCostCentre", [] { return small("leak-hc.eventlog"); }, {}},
    {"HeapByTypeWithHeapLines", [] { return small("leak-hT-N2.eventlog"); }, {0, true}},
    {"BiographyHeldToTheEnd", [] { return small("leak-hb.eventlog"); }, {}},
    {"OldLogWithoutSampleEnd", old_log, {}},
    {"UndeclaredEventStops", stopped_log, {}},
};

INSTANTIATE_TEST_SUITE_P(Logs, GrowingLog, testing::ValuesIn(kLogs),
                         [](const testing::TestParamInfo<LogCase>& i) { return std::string(i.param.name); });

// The eventlog's closing samples come from a copy of its reader, whose
// names must outlive the reader it was copied from.
TEST(Growing, ACopiedNameTableNamesWithoutTheOriginal) {
  auto original = std::make_unique<NameTable>();
  uint32_t a = original->find_or_add("a band name longer than a short string's buffer");
  uint32_t b = original->find_or_add("b");
  NameTable copy(*original);
  original.reset();
  EXPECT_EQ(copy.name(a), "a band name longer than a short string's buffer");
  EXPECT_EQ(copy.find_or_add("b"), b);
  EXPECT_EQ(copy.find_or_add("c"), 2u);
}

// `samples` samples of five bands, band b of sample k worth value(k, b),
// then (if `closed`) the RTS's closing empty sample.
std::string long_profile(int samples, const std::function<int(int, int)>& value, bool closed = true) {
  std::string hp = "JOB \"long\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n";
  for (int k = 0; k < samples; ++k) {
    std::string t = std::to_string(k) + ".0";
    hp += "BEGIN_SAMPLE " + t + "\n";
    for (int b = 0; b < 5; ++b) hp += "band" + std::to_string(b) + "\t" + std::to_string(value(k, b)) + "\n";
    hp += "END_SAMPLE " + t + "\n";
  }
  std::string end = std::to_string(samples) + ".0";
  return closed ? hp + "BEGIN_SAMPLE " + end + "\nEND_SAMPLE " + end + "\n" : hp;
}

int noise(int k, int b) { return 1000 + (k * 7919 + b * 104729) % 5000; }

// Past `keep` samples: a bounded store, and what every sample decides (the
// sample count, the axes, the title total, the first and last sample and
// the highest) still as a one-shot read has it.
TEST(GrowingBeyondWhatItKeeps, HoldsAtMostItsStoreAndTheFiguresOfEverySample) {
  std::string whole = long_profile(3000, noise);
  SelectOptions select;
  select.trace_percent = 0;  // every band drawn: the stacked total is every point's
  GrowingProfile growing(growing_reader(InputFormat::hp, {}), {}, 100);
  for (size_t cut : cuts(whole, 37)) {
    SCOPED_TRACE("read to byte " + std::to_string(cut));
    Warnings w;
    growing.update({"p.hp", whole.substr(0, cut)}, w);
    BandMatrix m = growing.matrix(select, 0, w), want = one_shot(complete_lines(whole, cut), select);
    EXPECT_EQ(m.samples, want.samples);
    EXPECT_LE(m.times.size(), 100u);
    EXPECT_EQ(m.times.front(), want.times.front());
    EXPECT_EQ(m.times.back(), want.times.back());
    EXPECT_EQ(m.x_range, want.x_range);
    EXPECT_EQ(m.y_range, want.y_range);
    EXPECT_NEAR(m.total, want.total, want.total * 1e-12);
    ASSERT_EQ(m.bands.size(), want.bands.size());
    for (size_t r = 0; r < m.bands.size(); ++r) EXPECT_EQ(m.bands[r].name, want.bands[r].name);
  }
}

// The sample whose arrival halves the store is the last one read: it stays,
// although its total is neither the lowest nor the highest of its slice.
TEST(GrowingBeyondWhatItKeeps, TheLastSampleSurvivesTheHalvingItCauses) {
  std::string whole = long_profile(17, [](int k, int) { return 100 * (1 + k % 3); }, false);  // the last: 200
  GrowingProfile growing(growing_reader(InputFormat::hp, {}), {}, 16);
  Warnings w;
  growing.update({"p.hp", whole}, w);
  BandMatrix m = growing.matrix({}, 0, w);
  EXPECT_EQ(m.samples, 17u);
  EXPECT_LT(m.times.size(), 17u);  // halved
  EXPECT_EQ(m.times.back(), 16.0);
}

}  // namespace
}  // namespace hpng
