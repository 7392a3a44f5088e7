// Every output format opens in a real reader: Ghostscript for PS and EPS,
// pdftoppm for PDF, xmllint and rsvg-convert for SVG, and the PNG decodes.
// A reader that is not installed skips its test (CI installs them all).
#include <gtest/gtest.h>

#include "support/util.h"

namespace hpng {
namespace {

using namespace hpng::test;

std::string rendered(const std::string& flags, const std::string& out) {
  std::string dir = scratch_dir();
  write_file(dir + "/prof.hp", read_file(std::string(HPNG_CASES) + "/manpage-example.hp"));
  CommandResult r = run_in(dir, exe() + " " + flags + " -o " + out + " prof.hp");
  EXPECT_EQ(r.status, 0) << r.err;
  return dir;
}

TEST(Formats, PostScriptAndEpsOpenInGhostscript) {
  if (!have_tool("gs")) GTEST_SKIP() << "gs not installed";
  for (const char* flags : {"-c", "-g", "-M", "-e6in"}) {
    std::string dir = rendered(flags, "out.ps");
    CommandResult r = run_in(dir, "gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=png16m -r20 -sOutputFile=p%d.png out.ps");
    EXPECT_EQ(r.status, 0) << flags << ": " << r.err;
    EXPECT_TRUE(file_exists(dir + "/p1.png")) << flags;
  }
  std::string dir = rendered("", "out.eps");
  EXPECT_NE(read_file(dir + "/out.eps").find("%!PS-Adobe-3.0 EPSF-3.0"), std::string::npos);
  EXPECT_NE(read_file(dir + "/out.eps").find("%%BoundingBox: 0 0 648 432"), std::string::npos);
  EXPECT_EQ(run_in(dir, "gs -q -dSAFER -dBATCH -dNOPAUSE -dEPSCrop -sDEVICE=png16m -r20 -sOutputFile=e.png out.eps").status, 0);
}

TEST(Formats, PdfOpensInPdftoppm) {
  if (!have_tool("pdftoppm")) GTEST_SKIP() << "pdftoppm not installed";
  std::string dir = rendered("-c -M", "out.pdf");
  CommandResult r = run_in(dir, "pdftoppm -r 20 -png out.pdf page && ls page-1.png page-2.png");
  EXPECT_EQ(r.status, 0) << r.err;
}

TEST(Formats, SvgIsValidXmlAndRenders) {
  if (!have_tool("xmllint") || !have_tool("rsvg-convert")) GTEST_SKIP() << "xmllint or rsvg-convert not installed";
  std::string dir = rendered("-c", "out.svg");
  EXPECT_EQ(run_in(dir, "xmllint --noout out.svg").status, 0);
  CommandResult r = run_in(dir, "rsvg-convert -o out.png out.svg");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(read_file(dir + "/out.png").substr(1, 3), "PNG");
}

TEST(Formats, PngHasTheRequestedResolution) {
  std::string dir = rendered("--dpi 144", "out.png");
  std::string png = read_file(dir + "/out.png");
  ASSERT_GT(png.size(), 24u);
  EXPECT_EQ(png.substr(1, 3), "PNG");
  auto be32 = [&](size_t at) {
    return (static_cast<unsigned char>(png[at]) << 24) | (static_cast<unsigned char>(png[at + 1]) << 16) |
           (static_cast<unsigned char>(png[at + 2]) << 8) | static_cast<unsigned char>(png[at + 3]);
  };
  EXPECT_EQ(be32(16), 1296u);  // 648 pt at 144 dpi
  EXPECT_EQ(be32(20), 864u);
}

}  // namespace
}  // namespace hpng
