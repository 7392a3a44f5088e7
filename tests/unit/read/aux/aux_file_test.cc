// The .aux file: hp2ps's format read and written, colours kept through -p.
#include <gtest/gtest.h>

#include "hpng/output/aux_writer.h"
#include "hpng/read/aux_file.h"
#include "hpng/matrix/band_matrix.h"
#include "hpng/shade/shade.h"
#include "support/util.h"

namespace hpng {
namespace {

TEST(Aux, ReadsHp2psFormat) {
  AuxFile a = read_aux(Input{"p.aux", "X_RANGE 2.82\nY_RANGE 348.00\nORDER reduce 1\nORDER (12)f 2\nSHADE reduce 0.00\n"});
  EXPECT_EQ(*a.x_range, 2.82);
  EXPECT_EQ(*a.y_range, 348);
  ASSERT_EQ(a.order.size(), 2u);
  EXPECT_EQ(a.order[1].first, "(12)f");
  EXPECT_EQ(a.shade[0].second, 0);
}

TEST(Aux, ReadsDigitLedAndSpacedNames) {
  AuxFile a = read_aux(Input{"p.aux", "ORDER 123abc 2\nORDER foo bar 3\nSHADE foo bar 0.20\n"});
  ASSERT_EQ(a.order.size(), 2u);
  EXPECT_EQ(a.order[0].first, "123abc");
  EXPECT_EQ(a.order[1].first, "foo bar");
  EXPECT_EQ(a.shade[0].first, "foo bar");
}

TEST(Aux, ErrorsNameLineAndExpectation) {
  auto err = [](const std::string& text) { return test::error_message([&] { read_aux(Input{"p.aux", text}); }); };
  EXPECT_EQ(err("X_RANGE 5\n"), "p.aux:1:1: floating point number must follow X_RANGE");
  EXPECT_EQ(err("\nORDER a b\n"), "p.aux:2:1: identifier and integer must follow ORDER");
  EXPECT_EQ(err("SHADE a 1\n"), "p.aux:1:1: identifier and floating point number must follow SHADE");
  EXPECT_EQ(err("FOO\n"), "p.aux:1:1: identifier 'FOO' unexpected: expected X_RANGE, Y_RANGE, ORDER or SHADE");
  EXPECT_EQ(err(""), "(no error)");
}

// Any band name comes back through the .aux the same: one plain word as
// hp2ps writes it, anything else quoted.
class AuxNames : public ::testing::TestWithParam<std::string> {};

TEST_P(AuxNames, RoundTripThroughTheAux) {
  BandMatrix m;
  m.bands.push_back({"before", {}});
  m.bands.push_back({GetParam(), {}});
  m.bands.push_back({"after", {}});
  std::string text = write_aux(m, {0.1, 0.2, 0.3});
  AuxFile back = read_aux(Input{"p.aux", text});
  ASSERT_EQ(back.order.size(), 3u) << text;
  EXPECT_EQ(back.order[1].first, GetParam()) << text;
  EXPECT_EQ(back.order[1].second, 2);
  EXPECT_EQ(back.order[2].first, "after");
  ASSERT_EQ(back.shade.size(), 3u) << text;
  EXPECT_EQ(back.shade[1].first, GetParam()) << text;
}

INSTANTIATE_TEST_SUITE_P(
    Names, AuxNames,
    ::testing::Values(" ", "a b", "a 5 b", "lead ", " trail", "two\nlines", "tab\there", "\"quoted\"", "\"",
                      "back\\slash\\n", std::string("nul\0byte", 8), "\x01\x7f", "caf\xc3\xa9",
                      "\xff\xfe not utf-8", "(12)Main.go/Main.CAF", "1.5", "ORDER x 1", "-\"x\" 2"),
    [](const ::testing::TestParamInfo<std::string>& p) { return "case" + std::to_string(p.index); });

TEST(Aux, PlainNamesAreWrittenAsHp2psWritesThem) {
  BandMatrix m;
  m.bands.push_back({"(12)Main.go/Main.CAF", {}});
  EXPECT_EQ(write_aux(m, {0.0}), "X_RANGE 1.00\nY_RANGE 1.00\nORDER (12)Main.go/Main.CAF 1\nSHADE (12)Main.go/Main.CAF 0.00\n");
}

TEST(Aux, ABadQuoteIsReadAsAnOlderPlainName) {
  AuxFile a = read_aux(Input{"p.aux", "ORDER \"open 1\nORDER \"a\"b 2\nORDER \"\\q\" 3\n"});
  ASSERT_EQ(a.order.size(), 3u);
  EXPECT_EQ(a.order[0].first, "\"open");
  EXPECT_EQ(a.order[1].first, "\"a\"b");
  EXPECT_EQ(a.order[2].first, "\"\\q\"");
}

TEST(Aux, ColourShadesSurviveARoundTrip) {
  BandMatrix m;
  for (int i = 0; i < 27; ++i) m.bands.push_back({"b" + std::to_string(i), {}});
  std::vector<double> shades = assign_shades(m, default_palette(true), nullptr);
  AuxFile back = read_aux(Input{"p.aux", write_aux(m, shades)});
  ASSERT_EQ(back.shade.size(), 27u);
  for (int i = 0; i < 27; ++i) {
    Rgb want = shade_rgb(shades[i], true), got = shade_rgb(back.shade[i].second, true);
    EXPECT_EQ(want.r, got.r);
    EXPECT_EQ(want.g, got.g);
    EXPECT_EQ(want.b, got.b);
  }
  // hp2ps's palette as it prints it: entry 2 is blue, entry 15 (.5 .9 0).
  Rgb blue = shade_rgb(shades[1], true), e15 = shade_rgb(shades[14], true);
  EXPECT_EQ(blue.b, 1);
  EXPECT_EQ(blue.r + blue.g, 0);
  EXPECT_EQ(e15.r, 0.5);
  EXPECT_EQ(e15.g, 0.9);
}

TEST(Aux, ShadesByNameFromAuxAndRepeatedNamesDiffer) {
  BandMatrix m;
  m.bands = {{"OTHER", {}}, {"x", {}}, {"OTHER", {}}};
  AuxFile aux;
  aux.shade = {{"x", 0.5}};
  std::vector<double> s = assign_shades(m, default_palette(false), &aux);
  EXPECT_EQ(s[0], 0.0);
  EXPECT_EQ(s[1], 0.5);
  EXPECT_EQ(s[2], 0.2);  // not OTHER's black again
}

}  // namespace
}  // namespace hpng
