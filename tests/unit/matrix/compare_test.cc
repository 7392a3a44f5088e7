// Several runs: --compare (one chart per input, alike, on one scale) and
// --diff (AFTER minus BEFORE), against inputs whose answer is known: a
// profile against itself, against a copy with one band doubled, a .hp
// against the eventlog of the same run; scales are the inputs' maxima; a
// band has one fill everywhere; --stable-colours depends on names only.
#include <gtest/gtest.h>

#include <set>

#include <array>
#include <cmath>
#include <map>
#include <regex>
#include <sstream>

#include "support/colour.h"
#include "support/judged.h"
#include "hpng/matrix/compare.h"
#include "hpng/matrix/diff.h"
#include "hpng/output/export.h"
#include "hpng/output/text_report.h"
#include "hpng/transform/band_identity.h"
#include "hpng/transform/match.h"
#include "hpng/layout/layout.h"
#include "hpng/read/read.h"
#include "hpng/shade/shade.h"
#include "support/util.h"

namespace hpng {
namespace {

using namespace hpng::test;

std::string small(const std::string& name) { return read_file(std::string(HPNG_CASES) + "/../eventlog-small/" + name); }
std::string real(const std::string& path) { return read_file(std::string(HPNG_TEST_CORPUS) + "/" + path); }

SelectOptions selecting(double trace_percent, int band_limit) {
  SelectOptions o;
  o.trace_percent = trace_percent;
  o.band_limit = band_limit;
  return o;
}

// The inputs as --compare reads them.
std::vector<BandMatrix> compared(const std::vector<Input>& inputs, const SelectOptions& select = {},
                                 size_t held_cells = 0) {
  std::vector<SampleSource> sources;
  std::vector<std::string> names;
  for (const Input& in : inputs) {
    sources.push_back(profile_source(in, InputFormat::automatic));
    names.push_back(in.name);
  }
  Warnings warnings;
  sources = matched_by_name(sources, warnings);
  std::vector<BandMatrix> ms = shared_matrices(sources, names, select, 0, warnings, held_cells);
  std::vector<BandMatrix*> each;
  for (BandMatrix& m : ms) each.push_back(&m);
  share_scales(each);
  return ms;
}

// Every band, every sample, as --diff reads two runs.
std::pair<BandMatrix, BandMatrix> every_band(const Input& before, const Input& after) {
  SelectOptions all = selecting(0, 0);
  Warnings warnings;
  std::vector<SampleSource> s = matched_by_name(
      {profile_source(before, InputFormat::automatic), profile_source(after, InputFormat::automatic)}, warnings);
  return {profile_matrix(s[0], all, 0, warnings), profile_matrix(s[1], all, 0, warnings)};
}

BandMatrix diff_of(const Input& before, const Input& after, int band_limit) {
  auto [b, a] = every_band(before, after);
  return difference(b, a, band_limit);
}

// The .hp with every value of the band named `band` doubled.
std::string with_band_doubled(const std::string& hp, const std::string& band) {
  std::istringstream in(hp);
  std::string out, line;
  while (std::getline(in, line)) {
    size_t tab = line.rfind('\t');
    if (tab != std::string::npos && line.substr(0, tab) == band) {
      line = band + "\t" + std::to_string(2 * std::stoll(line.substr(tab + 1)));
    }
    out += line + "\n";
  }
  return out;
}

TEST(Compare, AProfileWithItselfGivesTwoIdenticalChartsOnEqualScales) {
  Input a{"leakyavg.hc.hp", real("leakyavg/leakyavg.hc.hp")};
  std::vector<BandMatrix> ms = compared({a, a});
  ASSERT_EQ(ms.size(), 2u);
  EXPECT_EQ(ms[0].times, ms[1].times);
  EXPECT_EQ(ms[0].x_range, ms[1].x_range);
  EXPECT_EQ(ms[0].y_range, ms[1].y_range);
  ASSERT_EQ(ms[0].bands.size(), ms[1].bands.size());
  for (size_t b = 0; b < ms[0].bands.size(); ++b) {
    EXPECT_EQ(ms[0].bands[b].name, ms[1].bands[b].name);
    EXPECT_EQ(ms[0].bands[b].values, ms[1].bands[b].values) << ms[0].bands[b].name;
  }
  // Drawn: the same shapes, the second chart without the key's boxes.
  std::vector<double> shades = assign_shades(ms[0], default_palette(true), nullptr);
  ChartStyle style;
  style.colour = true;
  ChartLayout l = layout_charts(ms, shades, style);
  ASSERT_EQ(l.pages.size(), 2u);
  size_t keys = ms[0].bands.size();
  EXPECT_EQ(l.pages[0].shapes.size(), l.pages[1].shapes.size() + keys);
  EXPECT_EQ(l.pages[0].texts.size(), l.pages[1].texts.size() + keys);
}

TEST(Compare, BandsSelectionAndScalesAreDecidedOverAllInputs) {
  Input a{"banksim.hc.hp", real("banksim/banksim.hc.hp")}, b{"banksim.hc-i0.001.hp", real("banksim/banksim.hc-i0.001.hp")};
  SelectOptions five = selecting(0, 5);
  std::vector<BandMatrix> ms = compared({a, b}, five);
  BandMatrix own_a = select_in_memory("a.hp", a.bytes, five), own_b = select_in_memory("b.hp", b.bytes, five);
  EXPECT_EQ(ms[0].x_range, std::max(own_a.x_range, own_b.x_range));
  EXPECT_EQ(ms[0].y_range, std::max(own_a.y_range, own_b.y_range));
  EXPECT_EQ(ms[1].x_range, ms[0].x_range);
  EXPECT_EQ(ms[1].y_range, ms[0].y_range);
  ASSERT_EQ(ms[0].bands.size(), 5u);
  for (size_t i = 0; i < 5; ++i) EXPECT_EQ(ms[0].bands[i].name, ms[1].bands[i].name);
  EXPECT_EQ(ms[0].bands[0].name, "OTHER");
  // Each chart's total is its own profile's.
  EXPECT_NEAR(ms[0].total, own_a.total, 1e-6 * own_a.total);
  EXPECT_NEAR(ms[1].total, own_b.total, 1e-6 * own_b.total);
}

// --sort-growth over runs: each band by its fastest growth in any run, each
// run's slope on its own clock: `a` grows 30 a second in the first run and
// not at all in the second, `b` 20 in both: `a` is on top (one slope over
// both runs' samples would give a 15, b 20).
TEST(Compare, GrowthOrderTakesEachBandsFastestGrowth) {
  auto run = [](int a_growth) {
    std::string hp = "JOB \"j\" DATE \"d\" SAMPLE_UNIT \"s\" VALUE_UNIT \"b\"\n";
    for (int k = 1; k <= 3; ++k) {
      std::string t = std::to_string(k) + ".0";
      hp += "BEGIN_SAMPLE " + t + " falls " + std::to_string(1000 - 100 * k) + " a " +
            std::to_string(10 + a_growth * k) + " b " + std::to_string(20 * k) + " END_SAMPLE " + t + "\n";
    }
    return hp;
  };
  SelectOptions growth = selecting(0, 0);
  growth.by_growth = true;
  std::vector<BandMatrix> ms = compared({{"one.hp", run(30)}, {"two.hp", run(0)}}, growth);
  std::vector<std::string> order;
  for (const Band& band : ms[0].bands) order.push_back(band.name);
  EXPECT_EQ(order, (std::vector<std::string>{"falls", "b", "a"}));
}

TEST(Compare, TheSameBandHasTheSameFillInEveryChart) {
  Input a{"banksim.hc.hp", real("banksim/banksim.hc.hp")}, b{"banksim.hc-i0.001.hp", real("banksim/banksim.hc-i0.001.hp")};
  std::vector<BandMatrix> ms = compared({a, b});
  std::vector<double> shades = assign_shades(ms[0], default_palette(true), nullptr);
  ChartStyle style;
  style.colour = true;
  style.columns_per_inch = 0;
  ChartLayout l = layout_charts(ms, shades, style);
  std::map<std::string, std::vector<std::string>> fills;  // band -> fill per page
  for (const PageLayout& page : l.pages) {
    for (const Polyline& s : page.shapes) {
      if (!s.filled || s.title.empty()) continue;
      std::string band = s.title.substr(0, s.title.find('\n'));
      fills[band].push_back(std::to_string(s.fill.r) + "," + std::to_string(s.fill.g) + "," + std::to_string(s.fill.b));
    }
  }
  ASSERT_FALSE(fills.empty());
  for (const auto& [band, f] : fills) {
    for (const std::string& c : f) EXPECT_EQ(c, f[0]) << band;
  }
}

TEST(Compare, HpAndEventlogOfOneRunMatchBandForBand) {
  Input hp{"leak-hc.hp", small("leak-hc.hp")}, log{"leak-hc.eventlog", small("leak-hc.eventlog")};
  SelectOptions all = selecting(0, 0);
  std::vector<BandMatrix> ms = compared({hp, log}, all);
  BandMatrix own = select_in_memory("leak-hc.hp", hp.bytes, all);
  EXPECT_EQ(ms[0].bands.size(), own.bands.size());  // no band only one of them has
  // Sample for sample, every band has the same values (the times differ:
  // the .hp counts the program's own time, the eventlog the clock's).
  ASSERT_EQ(ms[0].times.size(), ms[1].times.size());
  for (size_t b = 0; b < ms[0].bands.size(); ++b) {
    for (size_t k = 0; k < ms[1].times.size(); ++k) {
      ASSERT_EQ(ms[0].bands[b].values[k], ms[1].bands[b].values[k]) << ms[0].bands[b].name << " sample " << k;
    }
    EXPECT_EQ(ms[0].bands[b].name.find('('), std::string::npos) << ms[0].bands[b].name;  // no .hp id
    EXPECT_FALSE(ms[0].bands[b].name.ends_with("...")) << "a cut name not matched to the eventlog's whole one";
  }
}

TEST(Diff, TwoCopiesOfOneProfileDifferByNothing) {
  Input a{"leakyavg.hc.hp", real("leakyavg/leakyavg.hc.hp")};
  BandMatrix d = diff_of(a, a, 20);
  EXPECT_TRUE(d.difference);
  EXPECT_EQ(d.total, 0);
  for (const Band& b : d.bands) {
    for (double v : b.values) EXPECT_EQ(v, 0) << b.name;
  }
  EXPECT_EQ(d.y_range, 1);  // no change at all: one unit either side
  EXPECT_EQ(d.y_low, -1);
}

TEST(Diff, OneBandDoubledShowsExactlyThatBandsGrowth) {
  std::string hp = real("leakyavg/leakyavg.hc.hp");
  std::string band = "(299)main";  // in every sample
  ASSERT_NE(hp.find(band + "\t"), std::string::npos);
  Input before{"before.hp", hp}, after{"after.hp", with_band_doubled(hp, band)};
  BandMatrix was = every_band(before, before).first, d = diff_of(before, after, 20);
  ASSERT_FALSE(d.bands.empty());
  const Band& top = d.bands.back();  // the most changed: the key's top
  EXPECT_EQ(top.name, "main");
  const Band* original = nullptr;
  for (const Band& b : was.bands) original = b.name == "main" ? &b : original;
  ASSERT_NE(original, nullptr);
  EXPECT_EQ(d.times, was.times);
  EXPECT_EQ(top.values, original->values);  // after minus before = before
  for (size_t b = 0; b + 1 < d.bands.size(); ++b) {
    for (double v : d.bands[b].values) EXPECT_EQ(v, 0) << d.bands[b].name;
  }
  EXPECT_NEAR(d.total, original->area, 1e-6 * original->area);
  EXPECT_EQ(d.y_low, 0);  // nothing shrank
}

TEST(Diff, RunsSampledAtDifferentTimesAreComparedAtEveryTimeOfEither) {
  auto hp = [](const std::string& samples) { return "JOB \"x\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n" + samples; };
  Input before{"b.hp", hp("BEGIN_SAMPLE 0.0\nA\t100\nEND_SAMPLE 0.0\nBEGIN_SAMPLE 2.0\nA\t300\nEND_SAMPLE 2.0\n")};
  Input after{"a.hp", hp("BEGIN_SAMPLE 1.0\nA\t400\nB\t50\nEND_SAMPLE 1.0\n")};
  BandMatrix d = diff_of(before, after, 0);
  EXPECT_EQ(d.times, (std::vector<double>{0, 1, 2}));
  ASSERT_EQ(d.bands.size(), 2u);
  const Band& a = d.bands[0].name == "A" ? d.bands[0] : d.bands[1];
  const Band& b = d.bands[0].name == "B" ? d.bands[0] : d.bands[1];
  // A before: 100, 200 (between its samples), 300; after: only at 1.
  EXPECT_EQ(a.values, (std::vector<double>{-100, 200, -300}));
  EXPECT_EQ(b.values, (std::vector<double>{0, 50, 0}));  // only one run has B
  EXPECT_EQ(d.y_range, 250);
  EXPECT_EQ(d.y_low, -300);
}

TEST(Diff, BeyondTheBandLimitTheLeastChangedAreOther) {
  Input a{"exprparse.hc.hp", real("exprparse/exprparse.hc.hp")}, b{"leakyavg.hc.hp", real("leakyavg/leakyavg.hc.hp")};
  BandMatrix d = diff_of(a, b, 5);
  ASSERT_EQ(d.bands.size(), 5u);
  EXPECT_EQ(d.bands[0].name, "OTHER");
  // OTHER's peak is its own sum's, farthest from zero either way (its figures
  // on a page and in the JSON are these).
  const Band& other = d.bands[0];
  auto far = std::max_element(other.values.begin(), other.values.end(), [](double x, double y) { return std::fabs(x) < std::fabs(y); });
  EXPECT_NE(other.peak, 0);
  EXPECT_EQ(other.peak, *far);
  EXPECT_EQ(other.peak_time, d.times[static_cast<size_t>(far - other.values.begin())]);
}

// Every value of a .hp times `factor`.
std::string scaled(const std::string& hp, long factor) {
  std::istringstream in(hp);
  std::string out, line;
  while (std::getline(in, line)) {
    size_t tab = line.rfind('\t');
    if (tab != std::string::npos) line = line.substr(0, tab + 1) + std::to_string(factor * std::stoll(line.substr(tab + 1)));
    out += line + "\n";
  }
  return out;
}

// -t is decided per run: a run a thousand times smaller than the other
// keeps its own bands and its own title total.
TEST(Compare, TraceEliminationIsEachRunsOwn) {
  std::string hp = real("leakyavg/leakyavg.hc.hp");
  Input big{"big.hp", scaled(hp, 1000)}, small_run{"small.hp", hp};
  SelectOptions usual = selecting(1, 20);
  std::vector<BandMatrix> ms = compared({big, small_run}, usual);
  BandMatrix own = select_in_memory("small.hp", hp, usual);
  EXPECT_NEAR(ms[1].total, own.total, 1e-6 * own.total) << "the small run's title total is its own";
  double drawn = 0;
  for (const Band& b : ms[1].bands) drawn += b.area;
  EXPECT_NEAR(drawn, own.total, 1e-6 * own.total) << "and its chart draws what its own -t keeps";
}

// One run's -t keeps some of OTHER, the other's none: both charts still
// have OTHER, so that they share one list of bands, one key and one set of
// fills (a chart without it read the other's fills one band off, and past
// their end: several_fuzz).
TEST(Compare, EveryChartHasOtherWhereOneHasIt) {
  std::string head = "JOB \"j\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n";
  auto run = [&](const std::string& name, long tail) {
    std::string hp = head;
    for (int k = 1; k <= 3; ++k) {
      hp += "BEGIN_SAMPLE " + std::to_string(k) + ".0\nbig 100000\nmid 50000\nsmall " + std::to_string(tail) +
            "\ntiny " + std::to_string(tail) + "\nEND_SAMPLE " + std::to_string(k) + ".0\n";
    }
    return Input{name, hp};
  };
  // -m3: small and tiny are OTHER; in a.hp they are 20 % of the heap, in
  // b.hp under -t's 1 %.
  std::vector<BandMatrix> ms = compared({run("a.hp", 20000), run("b.hp", 10)}, selecting(1, 3));
  ASSERT_EQ(ms.size(), 2u);
  std::vector<std::string> a, b;
  for (const Band& band : ms[0].bands) a.push_back(band.name);
  for (const Band& band : ms[1].bands) b.push_back(band.name);
  EXPECT_EQ(a, b);
  EXPECT_EQ(a.front(), "OTHER");
}

// A short run drawn on a long run's scale is labelled to the axis's end,
// not only as far as its own last sample.
TEST(Compare, EveryChartsTimeAxisIsLabelledOverTheSharedScale) {
  std::vector<BandMatrix> ms = compared({{"short.hp", real("banksim/banksim.hc.hp")},
                                         {"long.hp", real("banksim/banksim.hc-i0.001.hp")}});
  ASSERT_LT(ms[0].times.back(), 1.0);
  ASSERT_GT(ms[0].x_range, 3.0);
  ChartLayout first = layout_chart(ms[0], std::vector<double>(ms[0].bands.size(), 0), {});
  ASSERT_FALSE(first.x_labels.empty());
  EXPECT_GE(std::stod(first.x_labels.back().text), 2.5);
}

// The key of a difference lists what changed: the unchanged bands are
// summed into OTHER, and -t's share applies to the change.
TEST(Diff, TheKeyListsTheBandsThatChanged) {
  std::string hp = real("leakyavg/leakyavg.hc.hp");
  Input before{"before.hp", hp}, after{"after.hp", with_band_doubled(hp, "(299)main")};
  auto [b, a] = every_band(before, after);
  BandMatrix d = difference(b, a, 20, 0);
  ASSERT_EQ(d.bands.size(), 2u) << "main, and OTHER for every band that did not change";
  EXPECT_EQ(d.bands[0].name, "OTHER");
  EXPECT_EQ(d.bands[1].name, "main");
  // A second band changed by a little: under 1 % of the change, it joins OTHER.
  std::string slightly = with_band_doubled(with_band_doubled(hp, "(307)readings/main.rs/main"), "(242)GHC.IO.Handle.Text.CAF");
  auto [b2, a2] = every_band(before, Input{"after2.hp", slightly});
  BandMatrix all = difference(b2, a2, 20, 0), traced = difference(b2, a2, 20, 1);
  EXPECT_EQ(all.bands.size(), 3u);
  ASSERT_EQ(traced.bands.size(), 2u);
  EXPECT_EQ(traced.bands[1].name, "readings/main.rs/main");
}

TEST(Diff, WhenEverythingFallsZeroKeepsItsLabel) {
  std::string hp = real("leakyavg/leakyavg.hc.hp");
  Input more{"more.hp", with_band_doubled(hp, "(299)main")}, less{"less.hp", hp};
  BandMatrix d = diff_of(more, less, 20);
  EXPECT_LT(d.y_low, 0);
  EXPECT_EQ(d.y_range, -d.y_low / 8) << "room above zero";
  ChartLayout l = layout_chart(d, std::vector<double>(d.bands.size(), 0), {});
  std::vector<std::string> labels;
  for (const AxisLabel& y : l.y_labels) labels.push_back(y.text);
  EXPECT_NE(std::find(labels.begin(), labels.end(), "0"), labels.end()) << testing::PrintToString(labels);
}

TEST(StableColours, AColourIsAFunctionOfTheBandsIdentityAlone) {
  std::vector<double> one = stable_shades({"main", "f/g", "Data.Map.insert"});
  std::vector<double> other = stable_shades({"zzz", "yyy", "Data.Map.insert"});
  EXPECT_EQ(one, stable_shades({"main", "f/g", "Data.Map.insert"}));
  EXPECT_EQ(one[2], other[2]) << "whatever else the chart holds";
  EXPECT_EQ(stable_shades({"OTHER"})[0], exact_shade(204, 204, 204));
  // A rebuild renumbers the .hp's ids and moves the eventlog's locations.
  EXPECT_EQ(stable_shades({"(329)applyEvent.\\/applyEve..."}), stable_shades({"(331)applyEvent.\\/applyEve..."}));
  EXPECT_EQ(stable_shades({"go[src/M.hs:66:46-82]/main"}), stable_shades({"go[src/M.hs:64:46-82]/main"}));
  EXPECT_EQ(band_identity("(12)[Char]"), "[Char]") << "a type in brackets is part of the name";
  // Two stacks of one identity: each its own colour, by source order,
  // whatever order the chart has them in and however the lines moved.
  std::vector<double> two = stable_shades({"go[M.hs:3:1-5]/main", "go[M.hs:9:1-5]/main"});
  EXPECT_NE(two[0], two[1]);
  EXPECT_EQ(stable_shades({"go[M.hs:11:1-5]/main", "go[M.hs:5:1-5]/main"}), (std::vector<double>{two[1], two[0]}));
  EXPECT_EQ(stable_shades({"x/main.l...", "x/main.l... (2)"}), stable_shades({"(272)x/main.l...", "(273)x/main.l..."}));
  EXPECT_EQ(band_identity("go[M.hs:(3,1)-(4,9)]/f[cc 7]/main"), "go/f/main");
}

// -hi bands told apart by their table names (which every build changes):
// coloured by their records, each of one identity by its type.
TEST(StableColours, HiBandsAreColouredByTheirRecordsNotTheirTables) {
  InfoTable ints{"0x10", "go_info", "THUNK", "[Int]", "go", "Leak", "Leak.hs:3:1-9", ""};
  InfoTable chars = ints;
  chars.address = "0x20", chars.table_name = "go1_info", chars.type = "[Char]";
  std::vector<double> one = stable_shades({"go (Leak.hs:3:1-9, go_info)", "go (Leak.hs:3:1-9, go1_info)"},
                                          {{"go (Leak.hs:3:1-9, go_info)", ints}, {"go (Leak.hs:3:1-9, go1_info)", chars}});
  ints.table_name = "go_s40_info", chars.table_name = "go_s12_info";
  std::vector<double> other = stable_shades({"go (Leak.hs:3:1-9, go_s12_info)", "go (Leak.hs:3:1-9, go_s40_info)"},
                                            {{"go (Leak.hs:3:1-9, go_s40_info)", ints}, {"go (Leak.hs:3:1-9, go_s12_info)", chars}});
  EXPECT_NE(one[0], one[1]);
  EXPECT_EQ(other, (std::vector<double>{one[1], one[0]})) << "the [Char] band keeps its colour, and the [Int] band its";
}

uint32_t rgb_of(double shade) {
  Rgb c = shade_rgb(shade, true);
  auto byte = [](double v) { return static_cast<uint32_t>(std::lround(v * 255)); };
  return byte(c.r) << 16 | byte(c.g) << 8 | byte(c.b);
}

std::vector<std::string> band_names(int n) {
  std::vector<std::string> names;
  for (int k = 0; k < n; ++k) names.push_back("band" + std::to_string(k));
  return names;
}

// No two fills of a chart are within ΔE 15 (OTHER's grey among them) while
// free fills last: 24 bands and OTHER.
TEST(StableColours, NoTwoBandsOfAChartHaveAlikeFills) {
  std::vector<std::string> names = band_names(24);
  names.push_back("OTHER");
  std::vector<double> shades = stable_shades(names);
  for (size_t i = 0; i < shades.size(); ++i) {
    for (size_t j = i + 1; j < shades.size(); ++j) {
      EXPECT_GE(delta_e(rgb_of(shades[i]), rgb_of(shades[j])), 15) << names[i] << " " << names[j];
    }
  }
}

// A band whose first choice is free in its chart has it, whatever else the
// chart holds; of two that want alike fills the same one keeps its fill in
// every chart and order, and the other takes another.
TEST(StableColours, AFreeFirstChoiceIsKeptAndATakenOneGivenWayTheSameWayEverywhere) {
  std::vector<std::string> names = band_names(40);
  std::vector<double> alone;
  for (const std::string& n : names) alone.push_back(stable_shades({n})[0]);
  for (size_t i = 0; i < names.size(); ++i) {
    for (size_t j = i + 1; j < names.size(); ++j) {
      std::vector<double> pair = stable_shades({names[i], names[j]}), turned = stable_shades({names[j], names[i]});
      EXPECT_EQ(pair, (std::vector<double>{turned[1], turned[0]})) << "whatever the chart's order";
      if (delta_e(rgb_of(alone[i]), rgb_of(alone[j])) >= 15) {
        EXPECT_EQ(pair, (std::vector<double>{alone[i], alone[j]})) << names[i] << " " << names[j];
      } else {
        EXPECT_TRUE(pair[0] == alone[i] || pair[1] == alone[j]) << "one keeps its own";
        EXPECT_GE(delta_e(rgb_of(pair[0]), rgb_of(pair[1])), 15) << names[i] << " " << names[j];
      }
    }
  }
  EXPECT_LT(std::set<double>(alone.begin(), alone.end()).size(), names.size()) << "40 names, 32 fills: some want one";
}

TEST(StableColours, ThePalettesColoursAreClearlyDistinct) {
  std::vector<uint32_t> colours = stable_palette();
  ASSERT_GE(colours.size(), 12u);
  colours.push_back(0xCCCCCC);  // OTHER's grey
  for (size_t i = 0; i < colours.size(); ++i) {
    for (size_t j = i + 1; j < colours.size(); ++j) {
      auto channel = [](uint32_t c, int shift) { return static_cast<double>((c >> shift) & 0xFF); };
      double rgb = std::hypot(channel(colours[i], 16) - channel(colours[j], 16), channel(colours[i], 8) - channel(colours[j], 8),
                              channel(colours[i], 0) - channel(colours[j], 0));
      std::array<double, 3> a = lab(colours[i]), b = lab(colours[j]);
      double delta_e = std::hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
      EXPECT_GE(rgb, 40) << std::hex << colours[i] << " " << colours[j];
      EXPECT_GE(delta_e, 20) << std::hex << colours[i] << " " << colours[j];
    }
  }
}

// --compare's JSON, CSV and report of every sample read its charts spilled
// (blocks of a few values) as held.
TEST(Compare, SpilledChartsExportAsHeldOnes) {
  std::vector<Input> inputs{{"a.hp", small("leak-hT-N2.hp")}, {"b.eventlog", small("leak-hT-N2.eventlog")}};
  std::vector<BandMatrix> held = compared(inputs, selecting(0, 0)), spilled = compared(inputs, selecting(0, 0), 40);
  for (const BandMatrix& m : spilled) ASSERT_TRUE(m.spilled);
  std::vector<std::string> names{"a.hp", "b.eventlog"};
  EXPECT_EQ(matrices_json(spilled, verdicts_of(spilled), names), matrices_json(held, verdicts_of(held), names));
  EXPECT_EQ(matrices_csv(spilled, names), matrices_csv(held, names));
  EXPECT_EQ(compare_report(spilled, verdicts_of(spilled), names, true), compare_report(held, verdicts_of(held), names, true));
}

}  // namespace
}  // namespace hpng
