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

namespace hpng {
namespace {

using namespace hpng::test;

// The text report end to end: chosen by the name or by --format, on files
// and standard input, for one profile, --compare and --diff; no .aux; with
// a gate it is written and the exit status is 3.
std::string leak_folder() {
  std::string dir = scratch_dir(), data = std::string(HPNG_SOURCE_DIR) + "/tests/data/leak-programs/";
  write_file(dir + "/leak.hp", read_file(data + "leak-hT.hp"));
  write_file(dir + "/release.hp", read_file(data + "release-hT.hp"));
  write_file(dir + "/leak.eventlog", read_file(data + "leak-hT.eventlog"));
  return dir;
}

TEST(TextFormat, ByNameOrFormatFromFilesAndStandardInput) {
  std::string dir = leak_folder();
  ASSERT_EQ(run_in(dir, exe() + " -o r.txt leak.hp").status, 0);
  std::string report = read_file(dir + "/r.txt");
  EXPECT_EQ(report.rfind("  input       leak.hp\n", 0), 0u) << report;
  EXPECT_NE(report.find("  suspects    4 bands: "), std::string::npos) << report;
  EXPECT_FALSE(file_exists(dir + "/r.aux")) << "a report has no .aux";
  CommandResult piped = run_in(dir, "cat leak.eventlog | " + exe() + " --format text");
  EXPECT_EQ(piped.status, 0) << piped.err;
  EXPECT_NE(piped.out.find("  input       stdin\n"), std::string::npos) << piped.out;
  EXPECT_NE(piped.out.find("  heap size   peak "), std::string::npos) << piped.out;
}

TEST(TextFormat, CompareHasASectionPerRunAndDiffTheChanges) {
  std::string dir = leak_folder();
  CommandResult c = run_in(dir, exe() + " --compare leak.hp release.hp --format text -o -");
  ASSERT_EQ(c.status, 0) << c.err;
  EXPECT_NE(c.out.find("run 1 of 2\n  input       leak.hp\n"), std::string::npos) << c.out;
  EXPECT_NE(c.out.find("run 2 of 2\n  input       release.hp\n"), std::string::npos) << c.out;
  CommandResult d = run_in(dir, exe() + " --diff leak.hp release.hp --format text -o -");
  ASSERT_EQ(d.status, 0) << d.err;
  EXPECT_NE(d.out.find("  bands whose peak changed most, growth first\n"), std::string::npos) << d.out;
  EXPECT_NE(d.out.find("  peak        -230.7 MB (-91%)\n"), std::string::npos) << d.out;
}

TEST(TextFormat, AGatePassedStillWritesTheReport) {
  std::string dir = leak_folder();
  CommandResult r = run_in(dir, exe() + " --max-peak 100M -o gate.txt leak.hp");
  EXPECT_EQ(r.status, 3) << r.err;
  EXPECT_NE(read_file(dir + "/gate.txt").find("  peak        253.9 MB at 0.202 s\n"), std::string::npos);
  EXPECT_EQ(run_in(dir, exe() + " --max-peak 300M -o ok.txt leak.hp").status, 0);
}

TEST(TextFormat, MinusM0ListsEveryBand) {
  std::string dir = leak_folder();
  CommandResult top = run_in(dir, exe() + " -t0 -m30 --format text -o - leak.eventlog");
  CommandResult all = run_in(dir, exe() + " -t0 -m0 --format text -o - leak.eventlog");
  EXPECT_NE(top.out.find(" more bands: -m0 lists every one)"), std::string::npos) << top.out;
  EXPECT_EQ(all.out.find(" more bands: -m0"), std::string::npos) << all.out;
  EXPECT_GT(all.out.size(), top.out.size());
}

}  // namespace
}  // namespace hpng

namespace hpng {
namespace {

using namespace hpng::test;

// A name a spreadsheet would run as a formula ({-# SCC "=HYPERLINK(...)" #-},
// an IPE label) starts with ' in CSV, as OWASP advises (the tab and return
// leads: export_test.cc); numbers are never touched; --csv-raw writes
// the names as read.
TEST(Formats, CsvNeutralisesFormulasUnlessRaw) {
  std::string dir = scratch_dir();
  write_file(dir + "/f.hp", "JOB \"j\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n"
                            "BEGIN_SAMPLE 0.0\nEND_SAMPLE 0.0\nBEGIN_SAMPLE 1.0\n=HYPERLINK(\"x\") 60\n+1 50\n-x 40\n"
                            "@SUM(A1) 30\nplain 10\nEND_SAMPLE 1.0\n");
  CommandResult csv = run_in(dir, exe() + " -t0 --format csv -o - f.hp");
  ASSERT_EQ(csv.status, 0) << csv.err;
  EXPECT_EQ(csv.out.substr(0, csv.out.find('\n')), "time,plain,'@SUM(A1),'-x,'+1,\"'=HYPERLINK(\"\"x\"\")\"");
  EXPECT_NE(csv.out.find("\n1,10,30,40,50,60\n"), std::string::npos) << csv.out;
  CommandResult raw = run_in(dir, exe() + " -t0 --csv-raw --format csv -o - f.hp");
  EXPECT_EQ(raw.out.substr(0, raw.out.find('\n')), "time,plain,@SUM(A1),-x,+1,\"=HYPERLINK(\"\"x\"\")\"");
  CommandResult compare = run_in(dir, "cp f.hp ./=f.hp && " + exe() + " -t0 --compare f.hp =f.hp --format csv -o -");
  EXPECT_NE(compare.out.find("\n'=f.hp,1,"), std::string::npos) << "the input column too:\n" << compare.out;
}

}  // namespace
}  // namespace hpng
