// Pictures for reports: SVG a reader can hover and search (a hover title on
// every band and key entry with the whole name, the page's text as real
// text), an opaque page unless --transparent, searchable PDF text, the key
// below the graph in pictures with many bands, --title, --width/--height,
// and files that stay small whatever the input.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <functional>
#include <regex>
#include <sstream>

#include "app/cli/cli.h"
#include "hpng/app/job.h"
#include "support/util.h"

namespace hpng {
namespace {

using namespace hpng::test;

const std::string kLongNames = std::string(HPNG_CASES) + "/../eventlog-small/leak-hc.eventlog";
const std::string kLongest =
    "accumulateAVeryLongNameForTruncation.go/accumulateAVeryLongNameForTruncation/main.m1/main/Main.CAF";

struct Drawn {
  std::string dir, out;  // the scratch folder, and the output's bytes
};

Drawn draw(const std::string& input, const std::string& flags, const std::string& output) {
  std::string dir = scratch_dir();
  CommandResult r = run_in(dir, exe() + " " + flags + " -o " + output + " " + shell_quote(input));
  EXPECT_EQ(r.status, 0) << r.err;
  return {dir, file_exists(dir + "/" + output) ? read_file(dir + "/" + output) : ""};
}

std::vector<std::string> band_names(const std::string& input, const std::string& flags) {
  std::string all = draw(input, flags, "bands.json").out;
  size_t from = all.find("\"bands\": [");
  std::string json = all.substr(from, all.find("\n \"", from) - from);  // not the heap's series
  std::vector<std::string> names;
  std::regex name("\\{\"name\": \"([^\"]*)\"");
  for (std::sregex_iterator it(json.begin(), json.end(), name), end; it != end; ++it) names.push_back((*it)[1]);
  return names;
}

// The elements of one kind that carry a hover title starting with `text`.
size_t titled(const std::string& svg, const std::string& element, const std::string& text) {
  std::regex titled_element("<" + element + " [^>]*>[^<]*<title>([^<]*)</title>");
  size_t n = 0;
  for (std::sregex_iterator it(svg.begin(), svg.end(), titled_element), end; it != end; ++it) {
    if ((*it)[1].str().rfind(text + "\n", 0) == 0) ++n;
  }
  return n;
}

// The page's text as a browser finds it: every <text> element's words.
std::string searchable_text(const std::string& svg) {
  std::string all;
  std::regex text("<text [^>]*>([^<]*)");
  for (std::sregex_iterator it(svg.begin(), svg.end(), text), end; it != end; ++it) all += (*it)[1].str() + "\n";
  return all;
}

TEST(Svg, EveryBandAndKeyEntryHasAHoverTitleWithItsWholeName) {
  std::vector<std::string> names = band_names(kLongNames, "");
  ASSERT_EQ(names.size(), 3u);
  std::string svg = draw(kLongNames, "", "out.svg").out;
  for (const std::string& name : names) {
    EXPECT_EQ(titled(svg, "path", name), 2u) << name << ": its band and its key box";
    EXPECT_EQ(titled(svg, "text", name), 1u) << name << ": its key label";
  }
  // The title has all of the name and the band's figures, as the JSON
  // export's values give them (peak; trapezoid area over the total).
  EXPECT_NE(svg.find("<title>" + kLongest +
                     "\npeak 115,659,736 bytes at 3.3021 seconds\n44.7% of the total, 195,619,212 bytes x seconds"),
            std::string::npos);
}

TEST(Svg, NamesTitleAndAxesAreSearchableText) {
  std::string svg = draw(kLongNames, "", "out.svg").out;
  std::string text = searchable_text(svg);
  for (const std::string& name : band_names(kLongNames, "")) {
    EXPECT_NE(text.find(name + "\n"), std::string::npos) << name;
  }
  for (const char* words : {"LeakCC +RTS -hc -l -i0.002 -A32m", "437,810,699 bytes x seconds", "seconds", "bytes", "2.5", "100M"}) {
    EXPECT_NE(text.find(std::string(words) + "\n"), std::string::npos) << words;
  }
  EXPECT_NE(svg.find("fill-opacity=\"0\""), std::string::npos) << "the text layer is invisible";
}

TEST(Svg, AHeadlessBrowserFindsBandNames) {
  if (!have_tool("chromium")) GTEST_SKIP() << "chromium not installed";
  Drawn d = draw(kLongNames, "", "out.svg");
  std::string names = "[\"" + kLongest + "\", \"main.strs/main/Main.CAF\", \"not a band\"]";
  write_file(d.dir + "/find.html",
             "<!DOCTYPE html><html><body>" + d.out.substr(d.out.find("<svg")) +
                 "<pre id='found'></pre><script>document.getElementById('found').textContent = 'FOUND ' + "
                 "JSON.stringify(" + names + ".map(n => { getSelection().removeAllRanges(); return find(n); }));"
                 "</script></body></html>");
  CommandResult r = run_in(d.dir, hang_guard() + "chromium --headless --no-sandbox --disable-gpu --dump-dom find.html");
  EXPECT_NE(r.out.find("FOUND [true,true,false]"), std::string::npos) << r.out.substr(r.out.rfind("<pre")) << r.err;
}

TEST(Svg, WhitePageUnlessTransparent) {
  std::string page = "<rect x=\"0\" y=\"0\" width=\"648\" height=\"432\" style=\"fill:rgb(100%,100%,100%)";
  EXPECT_NE(draw(kLongNames, "", "out.svg").out.find(page), std::string::npos);
  EXPECT_EQ(draw(kLongNames, "--transparent", "out.svg").out.find("<rect"), std::string::npos);
}

TEST(Svg, ValidAndOpensInRsvg) {
  if (!have_tool("xmllint") || !have_tool("rsvg-convert")) GTEST_SKIP() << "xmllint or rsvg-convert not installed";
  for (const char* flags : {"", "--transparent", "-c -m30 --title 'a <b> & \"c\"'", "--heap-lines"}) {
    Drawn d = draw(kLongNames, flags, "out.svg");
    EXPECT_EQ(run_in(d.dir, "xmllint --noout out.svg").status, 0) << flags;
    EXPECT_EQ(run_in(d.dir, "rsvg-convert -o out.png out.svg").status, 0) << flags;
  }
}

// `bands` bands named by `name` over `samples` samples, with a mark every
// two seconds.
std::string generated(int bands, int samples, const std::function<std::string(int)>& name) {
  std::string hp = "JOB \"big\"\nDATE \"today\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n";
  for (int k = 0; k < samples; k += 2) hp += "MARK " + std::to_string(k) + ".0\n";
  for (int k = 0; k < samples; ++k) {
    hp += "BEGIN_SAMPLE " + std::to_string(k) + ".0\n";
    for (int b = 0; b < bands; ++b) hp += name(b) + " " + std::to_string(1000 + (k * 7919 + b * 104729) % 5000) + "\n";
    hp += "END_SAMPLE " + std::to_string(k) + ".0\n";
  }
  return hp + "BEGIN_SAMPLE " + std::to_string(samples) + ".0\nEND_SAMPLE " + std::to_string(samples) + ".0\n";
}

TEST(Svg, UnderOneMegabyteWhateverTheInput) {
  std::string dir = scratch_dir();
  // 40,000 samples and 20,000 marks; 25 bands of 100,000-byte names.
  write_file(dir + "/long.hp", generated(25, 40000, [](int b) { return "band" + std::to_string(b); }));
  write_file(dir + "/wide.hp", generated(25, 3, [](int b) { return std::string(100000, static_cast<char>('a' + b)); }));
  for (const char* flags : {"-c", "-c -m30"}) {
    for (const char* input : {"long.hp", "wide.hp"}) {
      Drawn d = draw(dir + "/" + input, flags, "out.svg");
      EXPECT_LT(d.out.size(), 1000000u) << flags << " " << input;
      EXPECT_NE(d.out.find("</title></path>"), std::string::npos) << flags << " " << input;
      std::printf("%s %s: %zu bytes\n", input, flags, d.out.size());
    }
  }
}

// Between a few samples and many, where every sample is still drawn: each
// is two vertices of every band drawn exactly, and the largest such count
// is where the files were largest (PostScript of 2 MB at 1,500 samples).
TEST(Picture, UnderOneMegabyteAtEverySampleCount) {
  std::string dir = scratch_dir();
  for (int samples : {300, 540, 550, 700, 1000, 1100, 1105, 2000}) {
    write_file(dir + "/p.hp", generated(25, samples, [](int b) { return "(" + std::to_string(100 + b) + ")M.f/Main.CAF"; }));
    for (const char* out : {"out.ps", "out.svg"}) {
      Drawn d = draw(dir + "/p.hp", "-c", out);
      EXPECT_LT(d.out.size(), 1000000u) << samples << " samples, " << out;
      std::printf("%d samples, %s: %zu bytes\n", samples, out, d.out.size());
    }
  }
}

TEST(Svg, SameBytesEveryRun) {
  EXPECT_EQ(draw(kLongNames, "-c --heap-lines", "a.svg").out, draw(kLongNames, "-c --heap-lines", "a.svg").out);
}

TEST(Pdf, TextIsSearchable) {
  if (!have_tool("pdftotext")) GTEST_SKIP() << "pdftotext not installed";
  Drawn d = draw(std::string(HPNG_CASES) + "/manpage-example.hp", "-c", "out.pdf");
  CommandResult r = run_in(d.dir, "pdftotext out.pdf -");
  ASSERT_EQ(r.status, 0) << r.err;
  for (const char* words : {"a.out -p", "648 bytes x seconds", "intersect", "reduce", "SYSTEM", "seconds"}) {
    EXPECT_NE(r.out.find(words), std::string::npos) << words << " in:\n" << r.out;
  }
}

uint32_t be32(const std::string& s, size_t at) {
  return (static_cast<uint32_t>(static_cast<unsigned char>(s[at])) << 24) |
         (static_cast<uint32_t>(static_cast<unsigned char>(s[at + 1])) << 16) |
         (static_cast<uint32_t>(static_cast<unsigned char>(s[at + 2])) << 8) | static_cast<unsigned char>(s[at + 3]);
}

TEST(Png, OpaqueUnlessTransparent) {
  // IHDR's colour type: 2 is RGB, 6 RGB with alpha.
  EXPECT_EQ(draw(kLongNames, "", "out.png").out[25], 2);
  EXPECT_EQ(draw(kLongNames, "--transparent", "out.png").out[25], 6);
}

// --exact draws every sample of a vector picture, but a PNG's in at most
// eight columns a pixel: a rasteriser's work grows with the edges each row
// of pixels crosses (200,000 samples one by one took 408 s).
double columns_per_inch(const std::string& flags) {
  std::vector<std::string> args{"hp2ps-ng"};
  std::istringstream in(flags + " -o " + scratch_dir() + "/out " + kLongNames);
  for (std::string w; in >> w;) args.push_back(w);
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  std::string help;
  Warnings warnings;
  Job job = resolve_job(parse_command_line(static_cast<int>(argv.size()), argv.data(), warnings, help), warnings);
  return job.outputs[0].chart.columns_per_inch;
}

TEST(Png, ExactDrawsAtMostEightColumnsAPixel) {
  EXPECT_EQ(columns_per_inch("--exact --format png"), 8 * 96);
  EXPECT_EQ(columns_per_inch("--exact --format png --dpi 300"), 8 * 300);
  EXPECT_EQ(columns_per_inch("--format png"), 96);
  EXPECT_EQ(columns_per_inch("--exact --format svg"), 0);
  EXPECT_EQ(columns_per_inch("--exact --format ps"), 0);
  EXPECT_EQ(columns_per_inch("--format svg"), 144);
}

TEST(Picture, ManyBandsPutTheKeyBelowTheGraphOnOnePicture) {
  std::string input = std::string(HPNG_CASES) + "/many-bands-25.hp";
  std::vector<std::string> names = band_names(input, "-m30");
  ASSERT_GT(names.size(), 20u);
  Drawn svg = draw(input, "-c -m30", "out.svg");
  std::smatch size;
  ASSERT_TRUE(std::regex_search(svg.out, size, std::regex("width=\"648pt\" height=\"([0-9.]+)pt\"")));
  EXPECT_GT(std::stod(size[1]), 432);   // the key's strip below the graph
  EXPECT_LT(std::stod(size[1]), 600);   // and not two key pages
  std::string text = searchable_text(svg.out);
  for (const std::string& n : names) EXPECT_NE(text.find(n + "\n"), std::string::npos) << n;
  Drawn png = draw(input, "-c -m30", "out.png");
  EXPECT_EQ(be32(png.out, 16), 864u);
  EXPECT_EQ(be32(png.out, 20), static_cast<uint32_t>(std::ceil(std::stod(size[1]) * 96 / 72)));
  // PostScript keeps hp2ps's key pages: two of them, then the graph.
  EXPECT_NE(draw(input, "-c -m30", "out.ps").out.find("%%Pages: 3"), std::string::npos);
}

TEST(Picture, TitleReplacesTheJob) {
  Drawn svg = draw(kLongNames, "--title 'Leak, before the fix'", "out.svg");
  EXPECT_NE(searchable_text(svg.out).find("Leak, before the fix\n"), std::string::npos);
  EXPECT_EQ(searchable_text(svg.out).find("LeakCC +RTS"), std::string::npos);
  EXPECT_NE(svg.out.find("<title>Leak, before the fix</title>"), std::string::npos);
  EXPECT_NE(draw(kLongNames, "--title 'Leak, before the fix'", "out.ps").out.find("%%Title: Leak, before the fix"),
            std::string::npos);
}

TEST(Picture, WidthAndHeightInPixelsOrPoints) {
  std::string png = draw(kLongNames, "--width 1200", "out.png").out;
  EXPECT_EQ(be32(png, 16), 1200u);
  EXPECT_EQ(be32(png, 20), 800u);  // hp2ps's 3:2 when one side is given
  // 375 x 180 pt: a frame this narrow takes the two-line title box.
  png = draw(kLongNames, "--width 1000 --height 480 --dpi 192", "out.png").out;
  EXPECT_EQ(be32(png, 16), 1000u);
  EXPECT_EQ(be32(png, 20), 480u);
  std::string svg = draw(kLongNames, "--width 800pt --height 500pt", "out.svg").out;
  EXPECT_NE(svg.find("width=\"800pt\" height=\"500pt\""), std::string::npos);
  svg = draw(kLongNames, "--height 600", "out.svg").out;  // CSS pixels: 3/4 of a point
  EXPECT_NE(svg.find("width=\"675pt\" height=\"450pt\""), std::string::npos);
}

TEST(Picture, BadSizesAreUsageErrors) {
  std::string dir = scratch_dir();
  write_file(dir + "/p.hp", read_file(std::string(HPNG_CASES) + "/manpage-example.hp"));
  struct Case {
    const char* flags;
    const char* message;
  } cases[] = {{"--width 12cm -o p.png", "--width takes a size in pixels or points, e.g. 1200, 1200px or 800pt (got '12cm')"},
               {"--width 100 -o p.png", "--width 100px is 75 pt; the picture must be from 216 to 14400 pt"},
               {"--height 1e9 -o p.svg", "--height takes a size"},
               {"--width 900 -o p.ps", "--width and --height size PNG, SVG and PDF pictures"}};
  for (const Case& c : cases) {
    CommandResult r = run_in(dir, exe() + " " + c.flags + " p.hp");
    EXPECT_EQ(r.status, 2) << c.flags;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << c.flags << ": " << r.err;
  }
  CommandResult huge = run_in(dir, exe() + " --width 14000pt --dpi 600 -o p.png p.hp");
  EXPECT_EQ(huge.status, 2) << "a size the options ask for is a usage error, before anything is read";
  EXPECT_NE(huge.err.find("a PNG of 116667 x 77778 pixels (9074 megapixels) is more than hp2ps-ng draws (100): lower --dpi "
                          "or the size"), std::string::npos) << huge.err;
  EXPECT_EQ(list_dir(dir), std::vector<std::string>{"p.hp"});
}

TEST(Picture, TransparentWarnsWhereItDoesNothing) {
  Drawn d = draw(kLongNames, "--transparent", "out.ps");
  CommandResult r = run_in(d.dir, exe() + " --transparent -o again.pdf " + shell_quote(kLongNames));
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.err.find("--transparent applies to SVG and PNG; PDF is drawn as it is"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace hpng

namespace hpng {
namespace {

using namespace hpng::test;

// A JOB is the program's command line: any length, any bytes. Every format
// takes it (PostScript's DSC title is cut to its 255-byte line, PDF's
// title repaired to UTF-8), and each file opens in its viewer.
struct TitleCase {
  std::string name;
  std::string job;    // written into the JOB line
  std::string flags;  // and the output
  std::string open;   // the viewer's command on `out`
};

std::ostream& operator<<(std::ostream& os, const TitleCase& c) { return os << c.name; }

class AnyJob : public ::testing::TestWithParam<TitleCase> {};

TEST_P(AnyJob, EveryFormatTakesItAndOpens) {
  const TitleCase& c = GetParam();
  std::string tool = c.open.substr(0, c.open.find(' '));
  if (!have_tool(tool)) GTEST_SKIP() << tool << " not installed";
  std::string dir = scratch_dir();
  write_file(dir + "/p.hp", "JOB \"" + c.job + "\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n"
                            "BEGIN_SAMPLE 0.0\nEND_SAMPLE 0.0\nBEGIN_SAMPLE 1.0\na 10\nEND_SAMPLE 1.0\nBEGIN_SAMPLE 2.0\nEND_SAMPLE 2.0\n");
  CommandResult r = run_in(dir, exe() + " " + c.flags + " p.hp");
  ASSERT_EQ(r.status, 0) << r.err;
  CommandResult v = run_in(dir, c.open);
  EXPECT_EQ(v.status, 0) << v.err;
}

const std::string kLongJob = "prog " + std::string(400, 'x') + " +RTS -hc -RTS";
const std::string kBadUtf8 = "prog \xff\xfe caf\xc3 \x01 end";

INSTANTIATE_TEST_SUITE_P(
    Cases, AnyJob,
    ::testing::Values(TitleCase{"long_job_ps", kLongJob, "-o out.ps", "gs -q -dNOPAUSE -dBATCH -sDEVICE=nullpage out.ps"},
                      TitleCase{"long_job_eps", kLongJob, "-e6in -o out.eps", "gs -q -dNOPAUSE -dBATCH -sDEVICE=nullpage out.eps"},
                      TitleCase{"long_title_ps", "p", "--title " + std::string(300, 't') + " -o out.ps",
                                "gs -q -dNOPAUSE -dBATCH -sDEVICE=nullpage out.ps"},
                      TitleCase{"long_job_pdf", kLongJob, "-o out.pdf", "pdftoppm -r 10 -png out.pdf page"},
                      TitleCase{"bad_utf8_pdf", kBadUtf8, "-o out.pdf", "pdftoppm -r 10 -png out.pdf page"},
                      TitleCase{"bad_utf8_ps", kBadUtf8, "-o out.ps", "gs -q -dNOPAUSE -dBATCH -sDEVICE=nullpage out.ps"},
                      TitleCase{"bad_utf8_svg", kBadUtf8, "-o out.svg", "xmllint --noout out.svg"},
                      TitleCase{"long_job_svg", kLongJob, "-o out.svg", "xmllint --noout out.svg"},
                      TitleCase{"bad_utf8_html", kBadUtf8, "-o out.html",
                                "chromium --headless --no-sandbox --disable-gpu --dump-dom out.html | grep -q 'data-band=\"a\"'"},
                      TitleCase{"long_job_html", kLongJob, "-o out.html",
                                "chromium --headless --no-sandbox --disable-gpu --dump-dom out.html | grep -q '<tr data-band=\"a\"'"}),
    [](const auto& info) { return info.param.name; });


// --palette on the command line: kept by a later -p, and an unknown name
// a usage error naming them all.
TEST(Palette, ReusedAuxKeepsThePaletteAcrossRuns) {
  std::string dir = scratch_dir();
  write_file(dir + "/p.hp", read_file(std::string(HPNG_CASES) + "/manpage-example.hp"));
  ASSERT_EQ(run_in(dir, exe() + " --palette okabe-ito -o first.svg p.hp").status, 0);
  ASSERT_EQ(run_in(dir, exe() + " -p -o first.svg p.hp").status, 0);  // reads first.aux, no --palette
  std::string again = read_file(dir + "/first.svg");
  EXPECT_NE(again.find("fill:rgb(90.196078%,62.352941%,0%)"), std::string::npos) << "#E69F00 kept";
}

TEST(Palette, UnknownNameIsAUsageErrorListingThem) {
  CommandResult r = run_in(scratch_dir(), exe() + " --palette rainbow x.hp");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("'rainbow' is not a palette (greys, hp2ps, okabe-ito, tol-bright, tol-muted, viridis)"),
            std::string::npos)
      << r.err;
}

}  // namespace
}  // namespace hpng
