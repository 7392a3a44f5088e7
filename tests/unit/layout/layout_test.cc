// Layout numbers for the manual page's example (behaviour reference 7) and
// the width-table and tick rules of section 3.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

#include "hpng/layout/columns.h"
#include "hpng/layout/layout.h"
#include "layout/layout_parts.h"
#include "support/util.h"

namespace hpng {
namespace {

BandMatrix manpage() {
  return test::select_in_memory("m.hp",
                            "JOB \"a.out -p\" DATE \"Fri Apr 17 11:43:45 1992\" SAMPLE_UNIT \"seconds\" VALUE_UNIT \"bytes\"\n"
                            "MARK 1.5 MARK 1.75 MARK 1.8\n"
                            "BEGIN_SAMPLE 0.00 SYSTEM 24 END_SAMPLE 0.00\n"
                            "BEGIN_SAMPLE 1.00 elim 180 insert 24 intersect 12 disin 60 main 12 reduce 20 SYSTEM 12 END_SAMPLE 1.00\n"
                            "BEGIN_SAMPLE 2.00 elim 192 insert 24 intersect 12 disin 84 main 12 SYSTEM 24 END_SAMPLE 2.00\n"
                            "BEGIN_SAMPLE 2.82 END_SAMPLE 2.82\n");
}

std::vector<std::string> texts(const std::vector<AxisLabel>& labels) {
  std::vector<std::string> out;
  for (const AxisLabel& l : labels) out.push_back(l.text);
  return out;
}

TEST(Layout, WidthTable) {
  EXPECT_EQ(hp2ps_units("SYSTEM"), 30);
  EXPECT_EQ(hp2ps_units("Iil!"), 4);
  EXPECT_EQ(hp2ps_units("jrt*"), 8);
  EXPECT_EQ(hp2ps_units("a0m"), 3 + 4 + 5);
  EXPECT_EQ(hp2ps_units("caf\xc3\xa9"), 13);  // a non-ASCII character counts 4
}

TEST(Layout, ManpageExampleGeometry) {
  BandMatrix m = manpage();
  ChartLayout l = layout_chart(m, std::vector<double>(m.bands.size(), 0), {});
  EXPECT_NEAR(l.key_width, 80.0236, 1e-4);
  EXPECT_NEAR(l.graph_width, 512.976372, 1e-6);
  EXPECT_EQ(l.graph_height, 382);
  EXPECT_EQ(l.total_text, "648 bytes x seconds");
  EXPECT_EQ(texts(l.x_labels), (std::vector<std::string>{"0.0", "0.5", "1.0", "1.5", "2.0", "2.5"}));
  EXPECT_EQ(texts(l.y_labels), (std::vector<std::string>{"0", "50", "100", "150", "200", "250", "300"}));
  EXPECT_EQ(l.key_labels.front(), "reduce");
  ASSERT_EQ(l.pages.size(), 1u);
  // The first key box: lower-left corner at (562.98, 60.75).
  bool found = false;
  for (const Polyline& s : l.pages[0].shapes) {
    if (s.filled && s.points.size() == 4 && std::abs(s.points[0].x - 562.976) < 0.01 &&
        std::abs(s.points[0].y - 60.75) < 1e-9) {
      found = true;
    }
  }
  EXPECT_TRUE(found);
}

TEST(Layout, KeyPagesAndNoKey) {
  BandMatrix m = manpage();
  ChartStyle pages;
  pages.key_pages = true;
  ChartLayout l = layout_chart(m, std::vector<double>(m.bands.size(), 0), pages);
  EXPECT_EQ(l.pages.size(), 2u);
  EXPECT_EQ(l.graph_width, 593);
  ChartStyle none;
  none.no_key = true;
  ChartLayout n = layout_chart(m, std::vector<double>(m.bands.size(), 0), none);
  EXPECT_EQ(n.pages.size(), 1u);
  EXPECT_TRUE(n.key_labels.empty());
  EXPECT_EQ(n.graph_width, 593);
}

TEST(Layout, BigTitleAndTickQuirks) {
  BandMatrix m = manpage();
  m.info.header.job = std::string(36, 'x');
  ChartLayout l = layout_chart(m, std::vector<double>(m.bands.size(), 0), {});
  EXPECT_EQ(l.graph_height, 362);
  // Y step from the step, not the maximum: 3.5M peak -> 500k steps in k.
  for (Band& b : m.bands) {
    for (double& v : b.values) v *= 10000;
  }
  m.y_range = 3480000;
  ChartLayout big = layout_chart(m, std::vector<double>(m.bands.size(), 0), {});
  EXPECT_EQ(big.y_labels.front().text, "0k");
  EXPECT_EQ(big.y_labels.back().text, "3,000k");
}

// The title box's texts (the job, the total, the date) at every accepted
// width: none overlaps another, none leaves the box.
class TitleWidth : public testing::TestWithParam<double> {};

TEST_P(TitleWidth, TextsNeverOverlapNorLeaveTheBox) {
  BandMatrix m = manpage();
  for (const std::string& job : {std::string("a.out -p"), std::string("prog +RTS -hc -i0.05 -l -RTS arg1 x"),
                                 std::string(80, 'W')}) {
    m.info.header.job = job;
    m.total = 1234567890123;
    ChartStyle style;
    style.as_hp2ps = false;  // hp2ps's PostScript is always 648 pt wide
    style.width = GetParam();
    ChartLayout l = layout_chart(m, std::vector<double>(m.bands.size(), 0), style);
    double top = l.frame_height - kSpace;
    std::vector<const TextItem*> title;
    for (const TextItem& t : l.pages[0].texts) {
      if (t.y > top - 40 && !t.text.empty()) title.push_back(&t);
    }
    // The job and the total always; the date gives way on the narrowest.
    ASSERT_GE(title.size(), style.width >= 300 ? 3u : 2u) << job << " at width " << style.width;
    for (const TextItem* t : title) {
      EXPECT_GE(t->x, kSpace) << t->text;
      EXPECT_LE(t->x + t->width, l.frame_width - kSpace) << t->text << " at width " << style.width;
    }
    for (size_t i = 0; i < title.size(); ++i) {
      for (size_t j = i + 1; j < title.size(); ++j) {
        const TextItem &a = *title[i], &b = *title[j];
        bool apart = a.y != b.y || a.x + a.width <= b.x || b.x + b.width <= a.x;
        EXPECT_TRUE(apart) << "'" << a.text << "' and '" << b.text << "' at width " << style.width;
      }
    }
  }
}

// 216 pt (3 in) is the least --width; 225 pt is --width 300 (px).
INSTANTIATE_TEST_SUITE_P(Widths, TitleWidth, testing::Values(216.0, 225.0, 300.0, 450.0, 648.0, 1200.0));

TEST(Layout, TheTimeAxisSaysItsClockWhereAsked) {
  BandMatrix m = manpage();
  auto unit = [&](bool say) {
    ChartStyle style;
    style.as_hp2ps = !say;
    ChartLayout l = layout_chart(m, std::vector<double>(m.bands.size(), 0), style);
    for (const TextItem& t : l.pages[0].texts) {
      if (t.text.starts_with("seconds")) return t.text;
    }
    return std::string();
  };
  EXPECT_EQ(unit(false), "seconds") << "hp2ps's PostScript";
  EXPECT_EQ(unit(true), "seconds (mutator)");
  m.info.header.input_format = "eventlog";
  EXPECT_EQ(unit(true), "seconds (elapsed)");
}

// Stacks through a label -fprof-auto shares differ only in a source
// location deep inside a long name: the key keeps what tells them apart.
TEST(Key, TwoStacksDifferingOnlyInALocationGetTwoLabels) {
  BandMatrix m = manpage();
  std::string outer = "/applyEvent/Data.Stats.Pipeline.run/Data.Stats.Pipeline.main/Main.main/Main.CAF";
  m.bands[0].name = "applyEvent.\\[src/Data/Stats/MatchStats.hs:66:46-82]" + outer;
  m.bands[1].name = "applyEvent.\\[src/Data/Stats/MatchStats.hs:61:76-83]" + outer;
  m.bands[2].name = "applyEvent.\\[src/Data/Stats/MatchStats.hs:61:76-83]" + outer + "/x";
  for (double key_width : {60.0, 120.0, 353.0}) {
    ChartStyle style;
    style.max_key_width = key_width;
    ChartLayout l = layout_chart(m, std::vector<double>(m.bands.size(), 0), style);
    std::set<std::string> labels(l.key_labels.begin(), l.key_labels.end());
    EXPECT_EQ(labels.size(), l.key_labels.size()) << testing::PrintToString(l.key_labels);
  }
}

// --stable-colours may give two bands one fill: the later is outlined
// dashed, in the graph and in the key, and keeps its fill.
TEST(Key, BandsOfOneFillAreOutlinedApartWhenAsked) {
  BandMatrix m = manpage();
  std::vector<double> shades(m.bands.size(), exact_shade(243, 195, 0));
  for (bool mark : {false, true}) {
    ChartStyle style;
    style.mark_same_fills = mark;
    ChartLayout l = layout_chart(m, shades, style);
    std::map<std::string, size_t> dashed;
    for (const Polyline& s : l.pages[0].shapes) {
      if (!s.band.empty() && !s.dash.empty()) ++dashed[s.band];
    }
    if (!mark) {
      EXPECT_TRUE(dashed.empty()) << "hp2ps's outlines";
      continue;
    }
    EXPECT_FALSE(dashed.contains(m.bands[0].name)) << "the first of a fill keeps the plain outline";
    for (size_t b = 1; b < m.bands.size(); ++b) EXPECT_EQ(dashed[m.bands[b].name], 2u) << m.bands[b].name << ": shape and key box";
  }
}

// A -hi band's hover holds its IPE record with each field cut: a record of
// 64 KiB types (a crafted log; real ones are long too) costs a picture a
// few hundred bytes, not 450 KB a band.
TEST(Layout, AHoverHoldsARecordsFieldsCut) {
  BandMatrix m = manpage();
  const Band& b = m.bands[0];
  InfoTable t{"0x10", std::string(65536, 't'), "THUNK", std::string(65536, 'T'), "go", std::string(65536, 'M'), "M.hs:1:1", ""};
  m.info.info_tables[b.name] = t;
  std::string title = band_title(m, b);
  EXPECT_LT(title.size(), 2000u);
  EXPECT_NE(title.find("type " + std::string(kShownRecordField, 'T') + "\u2026"), std::string::npos);
  EXPECT_NE(title.find("THUNK"), std::string::npos);
  EXPECT_NE(title.find("M.hs:1:1"), std::string::npos);
}

// A mark's title names up to five marks, each name cut (kShownMarkName):
// a server's 1 KiB marker texts cost a picture a few hundred bytes a mark.
TEST(Layout, MarkTitlesCutTheirNames) {
  BandMatrix m = manpage();
  for (Mark& k : m.info.marks) k.name = std::string(1024, 'k');
  std::vector<double> shades(m.bands.size(), 0.5);
  ChartLayout layout = layout_chart(m, shades, ChartStyle{});
  size_t marks = 0;
  for (const Polyline& p : layout.pages[0].shapes) {
    if (p.part != "mark") continue;
    ++marks;
    EXPECT_LT(p.title.size(), 600u) << p.title.size();
    EXPECT_NE(p.title.find(std::string(kShownMarkName, 'k') + "\u2026"), std::string::npos);
  }
  EXPECT_EQ(marks, m.info.marks.size());
}

TEST(Layout, OverlongKeyNameIsShortenedInTheMiddle) {
  BandMatrix m = manpage();
  m.bands[0].name = "head" + std::string(400, 'L') + "tail";
  ChartLayout l = layout_chart(m, std::vector<double>(m.bands.size(), 0), {});
  EXPECT_GE(l.graph_width, 240);
  const std::string& label = l.key_labels[0];
  EXPECT_LT(label.size(), 400u);
  EXPECT_EQ(label.substr(0, 4), "head");
  EXPECT_EQ(label.substr(label.size() - 4), "tail");
  EXPECT_NE(label.find("\u2026"), std::string::npos);
}

// A chart's own key (not the drop-in's) cuts a -hi name's table before its
// label and place, and spells a retainer set as its members.
TEST(Layout, AChartsOwnKeyKeepsWhatANameIs) {
  BandMatrix m = manpage();
  m.bands[0].name = "main Chain.hs:17:31 (" + std::string(300, 'T') + "_con_info)";
  ChartStyle own;
  own.as_hp2ps = false;
  ChartLayout l = layout_chart(m, std::vector<double>(m.bands.size(), 0), own);
  EXPECT_EQ(l.key_labels[0], "main Chain.hs:17:31");
  ChartLayout drop_in = layout_chart(m, std::vector<double>(m.bands.size(), 0), {});
  EXPECT_NE(drop_in.key_labels[0].find("TTT"), std::string::npos) << "the drop-in keeps the RTS's name";
}

}  // namespace
}  // namespace hpng

namespace hpng {
namespace {

// hp2ps writes a key name whole, past its frame where the name is wider
// than its rough measure says (a landscape sheet has room below the
// frame): the drop-in's PostScript does too.
TEST(Layout, ThePostScriptKeyPrintsWhatHp2psPrints) {
  BandMatrix m = manpage();
  m.bands[0].name = "base:Control.Concurrent.Chan.ChItem";
  m.bands.resize(5);
  auto whole = [&](const ChartStyle& style) {
    std::vector<std::string> labels = layout_chart(m, std::vector<double>(m.bands.size(), 0), style).key_labels;
    return std::find(labels.begin(), labels.end(), m.bands[0].name) != labels.end();
  };
  EXPECT_TRUE(whole(ChartStyle{}));
}

TEST(Layout, SimplificationKeepsEndsPeaksAndTroughs) {
  BandMatrix m;
  for (int k = 0; k < 1000; ++k) m.times.push_back(k);
  m.bands = {{"a", std::vector<double>(1000, 1)}, {"b", std::vector<double>(1000, 2)}};
  m.bands[1].values[503] = 50;  // a one-sample spike
  m.bands[0].values[700] = 0;   // and a dip
  std::vector<size_t> keep = visible_samples(m, 10);
  EXPECT_LE(keep.size(), 22u);
  EXPECT_EQ(keep.front(), 0u);
  EXPECT_EQ(keep.back(), 999u);
  EXPECT_TRUE(std::is_sorted(keep.begin(), keep.end()));
  EXPECT_NE(std::find(keep.begin(), keep.end(), 503u), keep.end());
  EXPECT_NE(std::find(keep.begin(), keep.end(), 700u), keep.end());
  EXPECT_EQ(visible_samples(m, 600).size(), 1000u);  // few samples: all drawn
}

}  // namespace
}  // namespace hpng

namespace hpng {
namespace {

// Tick labels on generated profiles of many durations and drawn widths: no
// two read the same, none overlap another or the axis legend, and every
// axis keeps some.
struct Span {
  double seconds, width;
};

BandMatrix ramp(double seconds, double peak) {
  BandMatrix m;
  m.info.header = {"ramp", "today", "seconds", "bytes", "hp", "ramp.hp"};
  Band b{"a", {}};
  for (int k = 0; k <= 40; ++k) {
    m.times.push_back(seconds * k / 40);
    b.values.push_back(peak * k / 40);
  }
  m.bands = {b};
  m.x_range = seconds;
  m.y_range = peak;
  return m;
}

double legend_start(const ChartLayout& l, const std::string& legend) {
  for (const TextItem& t : l.pages.back().texts) {
    if (t.text == legend) return t.x;
  }
  ADD_FAILURE() << "no legend " << legend;
  return 0;
}

void expect_readable(const std::vector<AxisLabel>& labels, const std::string& axis) {
  ASSERT_FALSE(labels.empty()) << axis;
  for (size_t k = 1; k < labels.size(); ++k) {
    EXPECT_NE(labels[k].text, labels[k - 1].text) << axis << " repeats " << labels[k].text;
    EXPECT_GE(labels[k].from - labels[k - 1].to, 2.0) << axis << ": " << labels[k - 1].text << " touches " << labels[k].text;
  }
}

class Ticks : public testing::TestWithParam<Span> {};

TEST_P(Ticks, NeverRepeatNorOverlap) {
  for (double peak : {1.0, 7.0, 100.0, 12345.0, 3.5e6, 8e9, 1e15}) {
    SCOPED_TRACE("peak " + std::to_string(peak));
    ChartStyle style;
    style.width = GetParam().width;
    style.height = GetParam().width * 2 / 3;
    BandMatrix m = ramp(GetParam().seconds, peak);
    ChartLayout l = layout_chart(m, {0}, style);
    expect_readable(l.x_labels, "time axis");
    expect_readable(l.y_labels, "value axis");
    EXPECT_LE(l.x_labels.back().to, legend_start(l, "seconds"));
    for (const AxisLabel& a : l.x_labels) EXPECT_GE(a.from, 0);  // inside the frame
  }
}

INSTANTIATE_TEST_SUITE_P(Durations, Ticks,
                         testing::ValuesIn([] {
                           std::vector<Span> spans;
                           for (double s : {0.1, 0.2, 0.7, 2.82, 10.0, 59.0, 600.0, 3600.0, 36000.0, 1e6}) {
                             for (double w : {216.0, 400.0, 648.0, 1200.0}) spans.push_back({s, w});
                           }
                           return spans;
                         }()),
                         [](const testing::TestParamInfo<Span>& i) {
                           return test::identifier(std::to_string(i.param.seconds) + "s_" +
                                                   std::to_string(static_cast<int>(i.param.width)) + "pt");
                         });

TEST(Ticks, KeepHp2psTicksWhereTheyAreDistinct) {
  ChartLayout l = layout_chart(ramp(2.82, 348), {0}, {});
  EXPECT_EQ(texts(l.x_labels), (std::vector<std::string>{"0.0", "0.5", "1.0", "1.5", "2.0", "2.5"}));
  EXPECT_EQ(texts(l.y_labels), (std::vector<std::string>{"0", "50", "100", "150", "200", "250", "300"}));
}

TEST(Ticks, AShortRunGetsMoreDecimalsNotRepeats) {
  // hp2ps labels a 0.2 s run "0.0 0.0 0.0 0.1 0.1 0.1 ..." (0.02 s steps,
  // one decimal).
  ChartLayout l = layout_chart(ramp(0.2, 300), {0}, {});
  EXPECT_EQ(texts(l.x_labels), (std::vector<std::string>{"0.00", "0.02", "0.04", "0.06", "0.08", "0.10", "0.12",
                                                          "0.14", "0.16", "0.18"}));
}

TEST(Ticks, ALongRunOnANarrowGraphGetsAWiderStep) {
  // Ten hours in seconds: hp2ps's 5000 s step gives labels too wide for a
  // third of a page.
  ChartStyle style;
  style.width = 300;
  style.height = 200;
  ChartLayout l = layout_chart(ramp(36000, 300), {0}, style);
  ASSERT_GE(l.x_labels.size(), 2u);
  EXPECT_EQ(l.x_labels[1].text, "10000.0");
}

}  // namespace
}  // namespace hpng

namespace hpng {
namespace {

// Labels as drawn on the last page, with where each ends.
std::vector<const TextItem*> key_texts(const ChartLayout& l) {
  std::vector<const TextItem*> out;
  for (const TextItem& t : l.pages.back().texts) {
    if (std::find(l.key_labels.begin(), l.key_labels.end(), t.text) != l.key_labels.end()) out.push_back(&t);
  }
  return out;
}

BandMatrix long_stacks() {
  BandMatrix m = manpage();
  for (size_t b = 0; b < m.bands.size(); ++b) {
    m.bands[b].name = "inner" + std::to_string(b) + "/caller.of.inner/" + std::string(60, 'x') + "/main/Main.CAF";
  }
  return m;
}

TEST(Key, LongStacksKeepTheirEndsAndTheGraphKeepsMostOfThePage) {
  ChartStyle style;
  style.max_key_width = 0.4 * style.width;  // as for an eventlog (app/resolve.cc)
  BandMatrix m = long_stacks();
  ChartLayout l = layout_chart(m, std::vector<double>(7, 0), style);
  EXPECT_GE(l.graph_width, 0.5 * l.frame_width);
  ASSERT_EQ(key_texts(l).size(), 7u);
  for (const TextItem* t : key_texts(l)) {
    EXPECT_EQ(t->text.substr(0, 5), "inner") << t->text;
    EXPECT_NE(t->text.find("/\u2026/"), std::string::npos) << t->text;
    EXPECT_EQ(t->text.substr(t->text.size() - 14), "/main/Main.CAF") << t->text;
    EXPECT_LE(t->x + t->width, l.frame_width - 5) << t->text;  // inside the title box's edge
    // What a reader finds and copies is the whole name.
    EXPECT_EQ(t->search, m.bands[static_cast<size_t>(t->text[5] - '0')].name);
  }
}

TEST(Key, BelowTheGraphInColumnsThatNeitherOverlapNorLeaveTheFrame) {
  BandMatrix m = long_stacks();
  for (int b = 0; b < 23; ++b) m.bands.push_back({"band" + std::to_string(b), m.bands[0].values});
  ChartStyle style;
  style.key_pages = style.key_below = true;
  ChartLayout l = layout_chart(m, std::vector<double>(m.bands.size(), 0), style);
  ASSERT_EQ(l.pages.size(), 1u);
  EXPECT_GT(l.frame_height, 432);
  EXPECT_EQ(l.graph_width, 593);  // the whole width: no key beside it
  std::vector<const TextItem*> labels = key_texts(l);
  ASSERT_EQ(labels.size(), 30u);
  for (const TextItem* a : labels) {
    EXPECT_GE(a->x, 0);
    EXPECT_LE(a->x + a->width, l.frame_width - 5);
    EXPECT_LT(a->y + 10, 20 + (l.frame_height - 432));  // below the time axis's labels
    for (const TextItem* b : labels) {
      bool same_row = std::abs(a->y - b->y) < 10;
      if (a != b && same_row) {
        EXPECT_TRUE(a->x + a->width <= b->x || b->x + b->width <= a->x) << a->text << " / " << b->text;
      }
    }
  }
  EXPECT_EQ(l.key_labels.front(), "band22");  // the top band first
}

// Fonts load once a process: the missing-fonts case runs in a fresh one,
// this test binary again with only the inner test (disabled: it is run
// only so, by Fonts.MissingFontsAreNoFonts).
TEST(Fonts, DISABLED_MissingFontsAreNoFontsInner) {
  BandMatrix m = manpage();
  EXPECT_EQ(test::error_code([&] { layout_chart(m, std::vector<double>(m.bands.size(), 0.5), ChartStyle{}); }),
            Code::no_fonts);
}

TEST(Fonts, MissingFontsAreNoFonts) {
  std::string dir = test::scratch_dir();
  // (Not one of a sharded run's shards: the inner test alone.)
  test::CommandResult r = test::run_in(dir, "env -u GTEST_TOTAL_SHARDS -u GTEST_SHARD_INDEX HP2PS_NG_FONT_DIR=" + dir + "/nowhere " +
                                                std::filesystem::read_symlink("/proc/self/exe").string() +
                                                " --gtest_also_run_disabled_tests --gtest_filter=Fonts.DISABLED_MissingFontsAreNoFontsInner");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("[  PASSED  ] 1 test."), std::string::npos) << r.out;
}

}  // namespace
}  // namespace hpng
