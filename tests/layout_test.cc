// Layout numbers for the manual page's example (behaviour reference 7) and
// the width-table and tick rules of section 3.
#include <gtest/gtest.h>

#include <algorithm>

#include "util.h"
#include "hpng/layout.h"

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

TEST(Layout, WidthTable) {
  EXPECT_EQ(hp2ps_units("SYSTEM"), 30);
  EXPECT_EQ(hp2ps_units("Iil!"), 4);
  EXPECT_EQ(hp2ps_units("jrt*"), 8);
  EXPECT_EQ(hp2ps_units("a0m"), 3 + 4 + 5);
  EXPECT_EQ(hp2ps_units("caf\xc3\xa9"), 13);  // a non-ASCII character counts 4
}

TEST(Layout, GroupDigits) {
  EXPECT_EQ(group_digits(648), "648");
  EXPECT_EQ(group_digits(8000000000), "8,000,000,000");
  EXPECT_EQ(group_digits(1000), "1,000");
}

TEST(Layout, ManpageExampleGeometry) {
  BandMatrix m = manpage();
  ChartLayout l = layout_chart(m, std::vector<double>(m.bands.size(), 0), {});
  EXPECT_NEAR(l.key_width, 80.0236, 1e-4);
  EXPECT_NEAR(l.graph_width, 512.976372, 1e-6);
  EXPECT_EQ(l.graph_height, 382);
  EXPECT_EQ(l.total_text, "648 bytes x seconds");
  EXPECT_EQ(l.x_labels, (std::vector<std::string>{"0.0", "0.5", "1.0", "1.5", "2.0", "2.5"}));
  EXPECT_EQ(l.y_labels, (std::vector<std::string>{"0", "50", "100", "150", "200", "250", "300"}));
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
  EXPECT_EQ(big.y_labels.front(), "0k");
  EXPECT_EQ(big.y_labels.back(), "3,000k");
}

TEST(Layout, OverlongKeyNameGetsEllipsis) {
  BandMatrix m = manpage();
  m.bands[0].name = std::string(400, 'L');
  ChartLayout l = layout_chart(m, std::vector<double>(m.bands.size(), 0), {});
  EXPECT_GE(l.graph_width, 200);
  EXPECT_LT(l.key_labels[0].size(), 400u);
  EXPECT_EQ(l.key_labels[0].substr(l.key_labels[0].size() - 3), "\u2026");
}

}  // namespace
}  // namespace hpng

namespace hpng {
namespace {

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
