// --format html end to end: the page is one self-contained file under 1 MB
// for every mode and input, names every band the way the JSON does, never
// lets a name out of its text, and says how it was made. What the page
// does in a browser is tests/browser/page_test.mjs's.
#include <gtest/gtest.h>

#include <regex>
#include <set>

#include "support/util.h"

namespace hpng {
namespace {

using namespace hpng::test;

const std::string kInputs = std::string(HPNG_GOLDEN) + "/inputs/";

struct PageCase {
  std::string name, flags;
};

void PrintTo(const PageCase& c, std::ostream* os) { *os << c.name << ": " << c.flags; }

std::string page_of(const std::string& dir, const std::string& flags) {
  CommandResult r = run_in(dir, exe() + " " + flags + " --no-aux -o page.html");
  EXPECT_EQ(r.status, 0) << flags << ": " << r.err;
  return read_file(dir + "/page.html");
}

size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

std::set<std::string> data_bands(const std::string& page) {
  std::set<std::string> names;
  std::regex attr("data-band=\"([^\"]*)\"");
  for (auto it = std::sregex_iterator(page.begin(), page.end(), attr); it != std::sregex_iterator(); ++it) {
    names.insert((*it)[1]);
  }
  return names;
}

class Page : public testing::TestWithParam<PageCase> {};

TEST_P(Page, IsOneSelfContainedFileUnderAMegabyte) {
  std::string dir = scratch_dir();
  std::string page = page_of(dir, GetParam().flags);
  EXPECT_EQ(page.rfind("<!DOCTYPE html>\n<html lang=\"en\">", 0), 0u);
  EXPECT_LT(page.size(), 1000000u);
  EXPECT_EQ(count(page, "<svg"), 1u) << "the chart, inline";
  EXPECT_EQ(count(page, "<script"), 2u) << "the data and the script, nothing more";
  EXPECT_EQ(count(page, "</script"), 2u);
  std::regex external("https?://(?!www\\.w3\\.org/)|\\s(src|href)=|@import|url\\((?!#)");
  EXPECT_FALSE(std::regex_search(page, external)) << "the page fetches nothing";
  EXPECT_EQ(page_of(dir, GetParam().flags), page) << "the same command gives the same bytes";
}

TEST_P(Page, EveryBandDrawnCarriesItsName) {
  std::string dir = scratch_dir();
  std::string page = page_of(dir, GetParam().flags);
  size_t data = page.find("id=\"hpng-data\"");
  ASSERT_NE(data, std::string::npos);
  std::set<std::string> drawn = data_bands(page.substr(0, data));
  EXPECT_FALSE(drawn.empty());
  for (const std::string& name : drawn) {
    std::string text = std::regex_replace(std::regex_replace(name, std::regex("&quot;"), "\""), std::regex("&amp;"), "&");
    std::string json;  // as the data spells it (no control characters here)
    for (char c : text) json += c == '"' || c == '\\' ? std::string("\\") + c : std::string(1, c);
    std::string quoted = "\"name\":\"" + json + "\"";
    EXPECT_NE(page.find(quoted, data), std::string::npos) << name << " is drawn but not in the data";
  }
}

INSTANTIATE_TEST_SUITE_P(
    Modes, Page,
    testing::Values(PageCase{"hp", "-c " + kInputs + "leakyavg.hc.hp"},
                    PageCase{"eventlog_heap_lines", "-c --heap-lines " + kInputs + "leak-hT-N2.eventlog"},
                    PageCase{"eventlog_long_names", "-c -m0 " + kInputs + "leak-hc.eventlog"},
                    PageCase{"compare", "-c --compare " + kInputs + "banksim.hc.hp " + kInputs + "banksim.hc-i0.001.hp"},
                    PageCase{"diff", "-c --diff " + kInputs + "banksim.hc.hp " + kInputs + "banksim.hc-i0.001.hp"},
                    PageCase{"percent_window", "--percent --from 0.5 --to 2 " + kInputs + "logreport.hc-L60.hp"},
                    PageCase{"many_bands_no_limit", "-m0 " + kInputs + "many-bands-25.hp"}),
    [](const testing::TestParamInfo<PageCase>& i) { return i.param.name; });

// Each band's fill in the page's data, in drawing order, by chart.
std::vector<std::vector<std::pair<std::string, std::string>>> fills(const std::string& page) {
  std::vector<std::vector<std::pair<std::string, std::string>>> charts;
  std::regex band("\"name\":\"((?:[^\"\\\\]|\\\\.)*)\",\"fill\":\"#([0-9a-f]{6})\"");
  for (size_t at = page.find("{\"input\":"); at != std::string::npos; at = page.find("{\"input\":", at + 1)) {
    size_t end = page.find("\"marks\":", at);
    std::string chart = page.substr(at, end - at);
    charts.emplace_back();
    for (auto it = std::sregex_iterator(chart.begin(), chart.end(), band); it != std::sregex_iterator(); ++it) {
      charts.back().emplace_back((*it)[1], (*it)[2]);
    }
  }
  return charts;
}

bool grey(const std::string& hex) { return hex.substr(0, 2) == hex.substr(2, 2) && hex.substr(2, 2) == hex.substr(4, 2); }

class PageColours : public testing::TestWithParam<PageCase> {};

// A page made without a colour flag is in colour: no band but OTHER grey.
// A page of one run has no two bands with one fill while Paul Tol's muted
// 9 have another; a page of several runs is in the stable colours, a band
// one colour in every chart. The SVG of the same command (as its
// PostScript) stays hp2ps's greys.
TEST_P(PageColours, AreColourBlindSafeAndDistinctWithoutFlags) {
  std::string dir = scratch_dir();
  std::string page = page_of(dir, GetParam().flags);
  bool several = GetParam().name == "compare" || GetParam().name == "diff";
  auto charts = fills(page);
  ASSERT_FALSE(charts.empty());
  std::map<std::string, std::string> fill_of;
  for (const auto& bands : charts) {
    std::set<std::string> distinct;
    size_t named = 0;
    for (const auto& [name, fill] : bands) {
      if (name == "OTHER") continue;
      EXPECT_FALSE(grey(fill)) << name << " is grey: #" << fill;
      EXPECT_EQ(fill_of.emplace(name, fill).first->second, fill) << name << " changes colour from chart to chart";
      distinct.insert(fill), ++named;
    }
    if (!several) {
      EXPECT_EQ(distinct.size(), std::min<size_t>(named, 9)) << GetParam().flags;
    }
  }
  ASSERT_EQ(run_in(dir, exe() + " " + GetParam().flags + " --no-aux -o p.svg").status, 0);
  std::string svg = read_file(dir + "/p.svg");
  std::regex rgb("fill:rgb\\(([0-9.]+)%,([0-9.]+)%,([0-9.]+)%\\)");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), rgb); it != std::sregex_iterator(); ++it) {
    EXPECT_TRUE((*it)[1] == (*it)[2] && (*it)[2] == (*it)[3]) << "a picture keeps hp2ps's greys: " << (*it)[0];
  }
}

INSTANTIATE_TEST_SUITE_P(
    WithoutFlags, PageColours,
    testing::Values(PageCase{"hp", kInputs + "leakyavg.hc.hp"}, PageCase{"eventlog", kInputs + "leak-hT-N2.eventlog"},
                    PageCase{"many_bands", "-m0 " + kInputs + "many-bands-25.hp"},
                    PageCase{"compare", "--compare " + kInputs + "banksim.hc.hp " + kInputs + "banksim.hc-i0.001.hp"},
                    PageCase{"diff", "--diff " + kInputs + "banksim.hc.hp " + kInputs + "banksim.hc-i0.001.hp"}),
    [](const testing::TestParamInfo<PageCase>& i) { return i.param.name; });

// 1,500 bands of long names over 300 samples, every one drawn (-m0): the
// page keeps its budget by drawing fewer bands, as SVG does.
TEST(PageSize, StaysUnderAMegabyteWithManyBandsAndSamples) {
  std::string dir = scratch_dir();
  std::string hp = "JOB \"many\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n";
  for (int s = 0; s < 300; ++s) {
    hp += "BEGIN_SAMPLE " + std::to_string(s) + ".0\n";
    for (int b = 0; b < 1500; ++b) hp += "(" + std::to_string(b) + ")stack/of/cost/centres/" + std::to_string(b) + "/Main.CAF " + std::to_string((b % 97 + 1) * (s + 1)) + "\n";
    hp += "END_SAMPLE " + std::to_string(s) + ".0\n";
  }
  write_file(dir + "/many.hp", hp);
  std::string page = page_of(dir, "-m0 many.hp");
  EXPECT_LT(page.size(), 1000000u);
  EXPECT_GT(data_bands(page).size(), 20u) << "still many bands drawn";
}

TEST(PageSize, StaysUnderAMegabyteWithHugeNames) {
  std::string dir = scratch_dir();
  std::string hp = "JOB \"wide\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n";
  for (int s = 0; s < 3; ++s) {
    hp += "BEGIN_SAMPLE " + std::to_string(s) + ".0\n";
    for (int b = 0; b < 25; ++b) hp += std::string(100000, static_cast<char>('a' + b)) + " " + std::to_string(1000 + b) + "\n";
    hp += "END_SAMPLE " + std::to_string(s) + ".0\n";
  }
  write_file(dir + "/wide.hp", hp);
  EXPECT_LT(page_of(dir, "-c wide.hp").size(), 1000000u);
}

// A name is text wherever the page puts it: the chart, the data, the
// hover titles. None can close an element or start a script.
TEST(PageText, NamesNeverBecomeMarkup) {
  std::string dir = scratch_dir();
  const char* names[] = {"</script><script>alert(1)</script>", "<svg onload=alert(2)>", "a\"b'c&d", "<!--x"};
  std::string hp = "JOB \"</title><script>alert(3)</script>\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n";
  for (int s = 0; s < 3; ++s) {
    hp += "BEGIN_SAMPLE " + std::to_string(s) + ".0\n";
    for (const char* n : names) hp += std::string(n) + "\t" + std::to_string(100 * (s + 1)) + "\n";
    hp += "END_SAMPLE " + std::to_string(s) + ".0\n";
  }
  write_file(dir + "/evil.hp", hp);
  std::string page = page_of(dir, "evil.hp");
  EXPECT_EQ(count(page, "<script"), 2u);
  EXPECT_EQ(page.find("<script>alert"), std::string::npos);
  EXPECT_EQ(page.find("<svg onload"), std::string::npos);
  EXPECT_EQ(page.find("<!--x"), std::string::npos);
  EXPECT_NE(page.find("\\u003c/script>\\u003cscript>alert(1)"), std::string::npos) << "the data keeps the name whole";
  EXPECT_NE(page.find("data-band=\"a&quot;b'c&amp;d\""), std::string::npos);
}

TEST(PageText, SaysHowItWasMadeAndWhatTheReadWarned) {
  std::string dir = scratch_dir();
  std::string hp = read_file(kInputs + "leakyavg.hc.hp");
  write_file(dir + "/it's cut.hp", hp.substr(0, hp.rfind("BEGIN_SAMPLE")));  // no closing sample
  std::string page = page_of(dir, "-c 'it'\\''s cut.hp'");
  EXPECT_NE(page.find("<pre><code>hp2ps-ng -c 'it'\\''s cut.hp' --no-aux -o page.html</code></pre>"), std::string::npos);
  EXPECT_NE(page.find("<li>it's cut.hp: the profile ends without the RTS's final (empty) sample"), std::string::npos);
  EXPECT_NE(page.find("<dt>Finished</dt><dd>no:"), std::string::npos);
  EXPECT_NE(page.find("<dt>Breakdown</dt><dd>-hc (from the job's RTS options)</dd>"), std::string::npos);
  // A job without RTS options says no breakdown.
  write_file(dir + "/plain.hp", "JOB \"plain\"" + hp.substr(hp.find('\n')));
  EXPECT_NE(page_of(dir, "plain.hp").find("<dt>Breakdown</dt><dd>not recorded in a .hp file</dd>"), std::string::npos);
}

// A real GHC 9.6 -hi log whose library closures have no record: the page
// says so under the chart, with their share of the heap; a -hc page does not.
TEST(PageText, BareAddressesAreExplainedUnderTheChart) {
  std::string dir = scratch_dir();
  std::string page = page_of(dir, std::string(HPNG_TODAY_CORPUS) + "/ghc-9.6.6/cache/cache.hi.eventlog");
  std::regex note("<p class=\"note unnamed\">[0-9]+ of [0-9]+ bands \\([0-9]+% of the heap-time\\) are bare addresses: "
                  "info tables no IPE record names \\(built without -finfo-table-map\\)</p>");
  EXPECT_TRUE(std::regex_search(page, note));
  EXPECT_EQ(page_of(dir, kInputs + "leakyavg.hc.hp").find("note unnamed"), std::string::npos);
}

// A -hb page reads its phases as the text report does, under the chart.
TEST(PageText, ABiographyIsReadUnderTheChart) {
  std::string dir = scratch_dir(), hb = std::string(HPNG_CASES) + "/../eventlog-small/leak-hb.hp";
  std::string page = page_of(dir, hb);
  EXPECT_NE(page.find("<p class=\"note biography\">lag 2%, use 0%, drag 11%, void 87% of the heap-time; leak evidence: "
                      "drag, and void (never used) that builds up</p>"),
            std::string::npos);
  CommandResult report = run_in(dir, exe() + " --format text -o - " + hb);
  EXPECT_NE(report.out.find("  biography   lag 2%, use 0%, drag 11%, void 87% of the heap-time\n"), std::string::npos)
      << report.out;
  EXPECT_EQ(page_of(dir, kInputs + "leakyavg.hc.hp").find("note biography"), std::string::npos);
  // With -t0 GHC's INHERENT_USE band is kept, and is a phase like the rest.
  CommandResult all = run_in(dir, exe() + " -t0 --format text -o - " + hb);
  EXPECT_NE(all.out.find("% INHERENT_USE\n"), std::string::npos) << all.out;
  EXPECT_NE(all.out.find("  biography   lag 1%, use 1%, inherent 0%, drag 11%, void 87% of the heap-time\n"), std::string::npos)
      << all.out;
}

// The answer on the first screen: the findings above the chart, the key
// right under it, the bands' table after.
TEST(PageText, TheFindingsComeFirstAndTheKeyUnderTheChart) {
  std::string dir = scratch_dir();
  std::string page = page_of(dir, kInputs + "leakyavg.hc.hp");
  size_t findings = page.find("<ul id=\"findings\""), chart = page.find("<div id=\"chart\">"),
         key = page.find("<div id=\"legend\""), bands = page.find("<h2 id=\"bands-h\">");
  ASSERT_NE(findings, std::string::npos);
  EXPECT_LT(findings, chart);
  EXPECT_LT(chart, key);
  EXPECT_LT(key, bands);
  EXPECT_NE(page.find("<li class=\"suspect\">Suspect (314)perSensor.\\/perSensor"), std::string::npos);
  EXPECT_NE(page.find("ramp, then released over 0.056 s (high), peak "), std::string::npos);
  std::string steady = page_of(dir, std::string(HPNG_CASES) + "/../leak-programs/steady-hT.hp");
  EXPECT_NE(steady.find("<li>No leak found: no band of weight was built up and held</li>"), std::string::npos);
  std::string short_run = page_of(dir, kInputs + "many-bands-25.hp");
  EXPECT_NE(short_run.find("<li>Too short to judge: 3 samples with data (10 needed)</li>"), std::string::npos);
  // A diff's values are differences: no verdict, no finding, no note of one.
  std::string diff = page_of(dir, "--diff " + kInputs + "banksim.hc.hp " + kInputs + "banksim.hc-i0.001.hp");
  EXPECT_EQ(diff.find("id=\"findings\""), std::string::npos);
  EXPECT_EQ(diff.find("note thunks"), std::string::npos);
}

TEST(PageText, AnEventlogGivesItsRun) {
  std::string dir = scratch_dir();
  std::string page = page_of(dir, kInputs + "leak-hT-N2.eventlog");
  EXPECT_NE(page.find("<dt>Breakdown</dt><dd>-hT</dd>"), std::string::npos);
  EXPECT_NE(page.find("<dt>GHC and RTS</dt><dd>GHC-9.0.2"), std::string::npos);
  EXPECT_NE(page.find("<dt>Sampling interval</dt>"), std::string::npos);
}

TEST(PageFormat, ChosenByExtensionOrFormatAndWrittenToStdout) {
  std::string dir = scratch_dir();
  CommandResult r = run_in(dir, exe() + " --format html -o - " + kInputs + "marks.hp");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_EQ(page_of(dir, kInputs + "marks.hp").rfind("<!DOCTYPE html>", 0), 0u) << "by the name page.html";
}

}  // namespace
}  // namespace hpng
