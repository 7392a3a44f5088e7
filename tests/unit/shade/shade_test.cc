// Fills: no band is ever the page's white; named palettes give their
// published colours, distinct from band to band; exact colours survive a
// .aux round trip (tests/app/picture_test.cc: through the command line).
#include <gtest/gtest.h>

#include <cmath>

#include "hpng/output/aux_writer.h"
#include "hpng/read/aux_file.h"
#include "hpng/shade/shade.h"
#include "support/util.h"

namespace hpng {
namespace {

using namespace hpng::test;

BandMatrix bands(size_t n) {
  BandMatrix m;
  for (size_t b = 0; b < n; ++b) m.bands.push_back({"b" + std::to_string(b), {}});
  return m;
}

bool same(const Rgb& a, const Rgb& b) {
  return std::abs(a.r - b.r) < 1e-9 && std::abs(a.g - b.g) < 1e-9 && std::abs(a.b - b.b) < 1e-9;
}

Rgb hex(uint32_t c) { return {(c >> 16) / 255.0, ((c >> 8) & 0xFF) / 255.0, (c & 0xFF) / 255.0}; }

class Palettes : public testing::TestWithParam<std::string> {};

TEST_P(Palettes, NoBandIsThePageWhiteAndNeighboursDiffer) {
  Palette p = *find_palette(GetParam());
  BandMatrix m = bands(30);
  std::vector<double> shades = assign_shades(m, p, nullptr);
  for (size_t b = 0; b < shades.size(); ++b) {
    Rgb c = shade_rgb(shades[b], p.colour);
    EXPECT_FALSE(same(c, {1, 1, 1})) << "band " << b;
    if (b > 0) {
      EXPECT_FALSE(same(c, shade_rgb(shades[b - 1], p.colour))) << "band " << b;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Named, Palettes, testing::ValuesIn(palette_names()),
                         [](const testing::TestParamInfo<std::string>& i) { return identifier(i.param); });

TEST(Palette, Hp2psWhiteIsDrawnLightGrey) {
  EXPECT_TRUE(same(shade_rgb(1.0, false), {0.95, 0.95, 0.95}));      // grey cycle entry 7
  EXPECT_TRUE(same(shade_rgb(0.101010, true), {0.95, 0.95, 0.95}));  // colour cycle entry 8
  EXPECT_TRUE(same(shade_rgb(0.9, false), {0.9, 0.9, 0.9}));
}

TEST(Palette, NamedPalettesAreTheirPublishedColours) {
  std::vector<double> okabe = assign_shades(bands(2), *find_palette("Okabe-Ito"), nullptr);
  EXPECT_TRUE(same(shade_rgb(okabe[0], true), hex(0xE69F00)));
  EXPECT_TRUE(same(shade_rgb(okabe[1], true), hex(0x56B4E9)));
  std::vector<double> bright = assign_shades(bands(8), *find_palette("tol-bright"), nullptr);
  EXPECT_TRUE(same(shade_rgb(bright[0], true), hex(0x4477AA)));
  EXPECT_TRUE(same(shade_rgb(bright[7], true), hex(0x4477AA)));  // seven colours, then again
  EXPECT_TRUE(same(shade_rgb(assign_shades(bands(1), *find_palette("tol-muted"), nullptr)[0], true), hex(0xCC6677)));
}

TEST(Palette, ViridisIsSpreadOverTheBands) {
  std::vector<double> v = assign_shades(bands(3), *find_palette("viridis"), nullptr);
  EXPECT_TRUE(same(shade_rgb(v[0], true), hex(0x440154)));
  EXPECT_TRUE(same(shade_rgb(v[2], true), hex(0xFDE725)));
  Rgb mid = shade_rgb(v[1], true);  // halfway: between stops 0x26828E and 0x1F9E89
  EXPECT_NEAR(mid.g, (0x82 + 0x9E) / 2.0 / 255, 1.0 / 255);
}

TEST(Palette, ExactColoursSurviveTheAux) {
  BandMatrix m = bands(9);
  m.x_range = m.y_range = 1;
  std::vector<double> shades = assign_shades(m, *find_palette("tol-muted"), nullptr);
  AuxFile back = read_aux(Input{"p.aux", write_aux(m, shades)});
  ASSERT_EQ(back.shade.size(), 9u);
  for (size_t b = 0; b < 9; ++b) EXPECT_TRUE(same(shade_rgb(back.shade[b].second, false), shade_rgb(shades[b], true)));
  EXPECT_EQ(write_aux(m, shades), write_aux(m, assign_shades(m, default_palette(false), &back)));  // -p, any palette
}

}  // namespace
}  // namespace hpng
