// Looks like hp2ps, measured: for every real profile, our -c PostScript and
// hp2ps's -c PostScript (bundled from the shared corpus) are rasterised by
// Ghostscript at 72 dpi on the same A4 page; of the pixels inked in either
// image, at least 95% must have the same colour (each channel within 32/255).
// Skips where gs is not installed (CI installs it).
#include <gtest/gtest.h>

#include <cmath>

#include <cstdio>
#include <regex>

#include "hpng/layout/columns.h"
#include "hpng/layout/layout.h"
#include "hpng/render/render.h"
#include "hpng/shade/shade.h"
#include "support/util.h"

namespace hpng {
namespace {

using namespace hpng::test;

struct Image {
  int w = 0, h = 0;
  std::string rgb;
};

// First page of a PostScript file as a raw RGB image.
Image rasterise(const std::string& dir, const std::string& ps, int dpi = 72) {
  CommandResult r = run_in(dir, "gs -q -dSAFER -dBATCH -dNOPAUSE -dFirstPage=1 -dLastPage=1 -sDEVICE=ppmraw -r" +
                                    std::to_string(dpi) + " -sPAPERSIZE=a4 -sOutputFile=- " + shell_quote(ps));
  Image img;
  std::smatch m;
  if (r.status != 0 || !std::regex_search(r.out, m, std::regex("^P6\\s+(?:#[^\\n]*\\n\\s*)*(\\d+)\\s+(\\d+)\\s+255\\s"))) {
    ADD_FAILURE() << "gs failed on " << ps << ": " << r.err;
    return img;
  }
  img.w = std::stoi(m[1]);
  img.h = std::stoi(m[2]);
  img.rgb = r.out.substr(static_cast<size_t>(m.length(0)), static_cast<size_t>(img.w) * img.h * 3);
  return img;
}

double agreement(const Image& a, const Image& b, size_t& inked) {
  size_t same = 0;
  inked = 0;
  for (size_t i = 0; i + 2 < a.rgb.size() && i + 2 < b.rgb.size(); i += 3) {
    bool white_a = a.rgb.compare(i, 3, "\xff\xff\xff") == 0, white_b = b.rgb.compare(i, 3, "\xff\xff\xff") == 0;
    if (white_a && white_b) continue;
    ++inked;
    int worst = 0;
    for (size_t k = 0; k < 3; ++k) {
      worst = std::max(worst, std::abs(static_cast<unsigned char>(a.rgb[i + k]) - static_cast<unsigned char>(b.rgb[i + k])));
    }
    if (worst <= 32) ++same;
  }
  return inked ? 100.0 * static_cast<double>(same) / static_cast<double>(inked) : 100.0;
}

// Each real profile with hp2ps's -c PostScript: "prog/stem".
std::vector<std::string> colour_runs() {
  std::vector<std::string> runs;
  std::string root = HPNG_TEST_CORPUS;
  for (const std::string& prog : list_dir(root)) {
    for (const std::string& f : list_dir(root + "/" + prog)) {
      if (f.ends_with(".c.ps")) runs.push_back(prog + "/" + f.substr(0, f.size() - 5));
    }
  }
  return runs;
}

class HpsPixels : public testing::TestWithParam<std::string> {};

TEST_P(HpsPixels, ColourPostScriptAgreesWithHp2ps) {
  if (!have_tool("gs")) GTEST_SKIP() << "gs not installed";
  std::string stem = std::string(HPNG_TEST_CORPUS) + "/" + GetParam();
  std::string dir = scratch_dir();
  CommandResult r = run_in(dir, exe() + " -c -o ours.ps " + shell_quote(stem + ".hp"));
  ASSERT_EQ(r.status, 0) << r.err;
  Image ours = rasterise(dir, "ours.ps"), theirs = rasterise(dir, stem + ".c.ps");
  ASSERT_EQ(ours.w, theirs.w);
  ASSERT_EQ(ours.h, theirs.h);
  size_t inked = 0;
  double pct = agreement(ours, theirs, inked);
  std::printf("%-45s %6.2f%% of %zu inked pixels agree\n", GetParam().c_str(), pct, inked);
  RecordProperty("agreement_percent", std::to_string(pct));
  EXPECT_GE(pct, 95.0);
}

INSTANTIATE_TEST_SUITE_P(Corpus, HpsPixels, testing::ValuesIn(colour_runs()),
                         [](const testing::TestParamInfo<std::string>& i) {
                           return identifier(i.param);
                         });

TEST(Pixels, AllCorpusProfilesAreThere) { EXPECT_GE(colour_runs().size(), 45u); }

// Curves simplified to the output's resolution look the same as every
// sample drawn: on the largest corpus profile (7,009 samples) at 300 dpi,
// and the simplified PostScript, PDF and SVG are far smaller.
TEST(Pixels, SimplifiedCurvesLookLikeExactOnesAt300Dpi) {
  if (!have_tool("gs")) GTEST_SKIP() << "gs not installed";
  std::string dir = scratch_dir();
  std::string hp = shell_quote(std::string(HPNG_TEST_CORPUS) + "/logreport/logreport.hc-L60-i0.001-large.hp");
  for (const char* f : {"ps", "pdf", "svg"}) {
    ASSERT_EQ(run_in(dir, exe() + " -c -o simple." + f + " " + hp).status, 0);
    ASSERT_EQ(run_in(dir, exe() + " -c --exact -o exact." + f + " " + hp).status, 0);
    size_t simple = read_file(dir + "/simple." + f).size(), exact = read_file(dir + "/exact." + f).size();
    std::printf("%s: %zu bytes simplified, %zu exact\n", f, simple, exact);
    EXPECT_LT(simple, 1000000u);
    EXPECT_LT(simple * 3, exact);
  }
  Image a = rasterise(dir, "simple.ps", 300), b = rasterise(dir, "exact.ps", 300);
  size_t inked = 0;
  double pct = agreement(a, b, inked);
  std::printf("simplified vs exact at 300 dpi: %.3f%% of %zu inked pixels agree\n", pct, inked);
  EXPECT_GE(pct, 99.5);
}

// A profile with far more samples than the page has columns is reduced while
// it is read (per time bucket, its lowest and highest samples). The
// reduction must not change the simplified picture, and the picture must
// stay close to every sample drawn; dense noise, as here, is where
// simplification differs most (the real profile above agrees on 99.9%).
TEST(Pixels, ProfilesReducedWhileReadLookLikeExactOnes) {
  if (!have_tool("gs")) GTEST_SKIP() << "gs not installed";
  std::string dir = scratch_dir();
  std::string hp = "JOB \"gen\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n";
  for (int k = 0; k < 40000; ++k) {
    std::string t = std::to_string(k * 0.001);
    long smooth = static_cast<long>(50000 * (1.5 + std::sin(k / 3000.0)));
    long noisy = 20000 + (k * 7919L) % 15000;
    long step = k < 15000 ? 10000 : k < 30000 ? 60000 : 25000;
    hp += "BEGIN_SAMPLE " + t + "\nsmooth\t" + std::to_string(smooth) + "\nnoisy\t" + std::to_string(noisy) +
          "\nstep\t" + std::to_string(step) + "\n" + (k % 4999 == 0 ? "spike\t90000\n" : "") + "END_SAMPLE " + t + "\n";
  }
  write_file(dir + "/gen.hp", hp);
  ChartStyle style;
  style.colour = true;
  for (const auto& [name, buckets] : {std::pair{"whole", size_t{0}}, std::pair{"reduced", 8 * most_columns(style)}}) {
    BandMatrix m = test::select_in_memory("gen.hp", hp, {}, buckets);
    std::printf("%s: %zu samples in the matrix\n", name, m.times.size());
    std::vector<double> shades = assign_shades(m, default_palette(true), nullptr);
    write_file(dir + "/" + name + ".ps", render_chart(layout_chart(m, shades, style), style, {OutputFormat::ps, 96, m.info.header.job, name}));
  }
  ASSERT_EQ(run_in(dir, exe() + " -c --exact -o exact.ps gen.hp").status, 0);
  Image whole_img = rasterise(dir, "whole.ps", 300), reduced_img = rasterise(dir, "reduced.ps", 300);
  Image exact_img = rasterise(dir, "exact.ps", 300);
  size_t inked = 0;
  double same = agreement(reduced_img, whole_img, inked);
  std::printf("reduced vs whole matrix, simplified, at 300 dpi: %.3f%% of %zu inked pixels agree\n", same, inked);
  EXPECT_GE(same, 99.9);
  double near = agreement(reduced_img, exact_img, inked);
  std::printf("reduced vs exact at 300 dpi: %.3f%% of %zu inked pixels agree\n", near, inked);
  EXPECT_GE(near, 99.0);
}

}  // namespace
}  // namespace hpng
