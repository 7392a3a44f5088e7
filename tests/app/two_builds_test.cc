// Two builds of one program (tests/data/two-builds: the fix is two lines
// longer at the top, so every source location moved): compared and
// differenced, each stack is one band, in the .hp (names cut by -L) and in
// the eventlog (shared labels told apart by location); a stable colour is
// the same across the builds, the files and -m.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <regex>
#include <set>

#include "hpng/shade/shade.h"
#include "hpng/transform/band_identity.h"
#include "support/colour.h"
#include "support/util.h"

namespace hpng {
namespace {

using namespace hpng::test;

const std::string kBuilds = std::string(HPNG_CASES) + "/../two-builds/";

struct Output {
  std::string out, err;
};

Output run(const std::string& args) {
  CommandResult r = run_in(scratch_dir(), hang_guard() + exe() + " " + args);
  EXPECT_EQ(r.status, 0) << args << ": " << r.err;
  return {r.out, r.err};
}

// The "name" fields of a JSON text, in order.
std::vector<std::string> names_in(const std::string& json, const std::string& key = "\"name\": ") {
  std::vector<std::string> out;
  std::regex name(key + "\"((?:[^\"\\\\]|\\\\.)*)\"");
  for (auto it = std::sregex_iterator(json.begin(), json.end(), name); it != std::sregex_iterator(); ++it) {
    out.push_back((*it)[1]);
  }
  return out;
}

// The bands' names of a one-profile JSON export (before its "total").
std::vector<std::string> band_names(const std::string& json) {
  size_t from = json.find("\"bands\": ["), to = json.find("\"total\": ", from);
  return names_in(json.substr(from, to - from));
}

std::string file(const std::string& build, const std::string& ext) {
  return kBuilds + build + ".hc." + (ext == "hp" ? "hp" : "eventlog.xz");
}

class TwoBuilds : public testing::TestWithParam<std::string> {};

TEST_P(TwoBuilds, TheirDiffHasEachStackOnce) {
  std::string ext = GetParam();
  std::vector<std::string> own = band_names(run("-m0 -t0 --format json -o - " + file("before", ext)).out);
  ASSERT_EQ(own.size(), 13u);
  Output d = run("-m0 -t0 --diff --format json -o - " + file("before", ext) + " " + file("after", ext));
  std::vector<std::string> diffed = band_names(d.out);
  EXPECT_EQ(diffed.size(), own.size()) << "a stack drawn twice, or two added up";
  EXPECT_EQ(std::set<std::string>(diffed.begin(), diffed.end()).size(), diffed.size());
  if (ext == "hp") {
    EXPECT_NE(d.err.find("kept apart as 'chunk.go/chunk/main.l...', 'chunk.go/chunk/main.l... (2)'"), std::string::npos) << d.err;
  } else {
    EXPECT_NE(std::find(diffed.begin(), diffed.end(), "chunk.go[Main.hs:12:22-50]/chunk/main.loop.c/main.loop/main"), diffed.end())
        << "the first run's location tells the two chunk.go stacks apart";
  }
}

TEST_P(TwoBuilds, CompareKeepsEveryStackOfEachRunApart) {
  std::string ext = GetParam();
  std::string json = run("-m0 -t0 --compare --format json -o - " + file("before", ext) + " " + file("after", ext)).out;
  size_t bands = json.find("\"bands\": [");
  ASSERT_NE(bands, std::string::npos);
  size_t end = json.rfind(']', json.find("\"inputs\": [", bands));
  ASSERT_NE(end, std::string::npos);
  std::vector<std::string> shared = names_in(json.substr(bands + 10, end - bands - 10), "");
  EXPECT_EQ(shared.size(), 13u);
  EXPECT_EQ(std::set<std::string>(shared.begin(), shared.end()).size(), shared.size());
}

INSTANTIATE_TEST_SUITE_P(Formats, TwoBuilds, testing::Values("hp", "eventlog"));

uint32_t hex_rgb(const std::string& hex) { return static_cast<uint32_t>(std::stoul(hex.substr(1), nullptr, 16)); }

// The fill a band of `identity` has alone in its chart, as a page writes it.
std::string own_fill(const std::string& identity) {
  Rgb c = shade_rgb(stable_shades({identity})[0], true);
  char out[8];
  auto byte = [](double v) { return static_cast<unsigned>(std::lround(v * 255)); };
  std::snprintf(out, sizeof out, "#%02x%02x%02x", byte(c.r), byte(c.g), byte(c.b));
  return out;
}

// The fills of a page's bands, by identity.
std::map<std::string, std::string> fills(const std::string& args) {
  std::string page = run("--stable-colours --no-aux " + args + " -o -" + " --format html").out;
  std::map<std::string, std::string> out;
  std::regex band("\"name\":\"((?:[^\"\\\\]|\\\\.)*)\",\"fill\":\"(#[0-9a-f]{6})\"");
  for (auto it = std::sregex_iterator(page.begin(), page.end(), band); it != std::sregex_iterator(); ++it) {
    std::string name = std::regex_replace((*it)[1].str(), std::regex("\\\\\\\\"), "\\");
    if (name != "OTHER") out[band_identity(name)] = (*it)[2];
  }
  return out;
}

// A band's colour is a function of its identity: the same in both builds,
// in the .hp and the eventlog, and at every band limit, whatever other
// bands a chart holds, save where a band with a smaller hash wants a fill
// like it (then it takes another, in that chart only).
TEST(StableColours, TheSameInBothBuildsEveryFileAndBandLimit) {
  std::vector<std::map<std::string, std::string>> runs = {
      fills("-m5 " + file("before", "hp")), fills("-m0 -t0 " + file("after", "hp")),
      fills("-m0 -t0 " + file("before", "eventlog")), fills("-m4 " + file("after", "eventlog"))};
  std::map<std::string, int> runs_with;
  size_t bands = 0, own = 0;
  for (const auto& r : runs) {
    EXPECT_GE(r.size(), 2u);
    for (const auto& [identity, fill] : r) {
      ++runs_with[identity], ++bands;
      if (fill == own_fill(identity) && ++own) continue;
      const std::string& self = identity;  // (a lambda may not capture a structured binding before C++20's clang 16)
      bool gave_way = std::any_of(r.begin(), r.end(), [&](const auto& other) {
        return other.first != self && delta_e(hex_rgb(own_fill(other.first)), hex_rgb(own_fill(self))) < 15;
      });
      EXPECT_TRUE(gave_way) << identity << " changed colour with its own fill free";
    }
  }
  EXPECT_GT(own, bands * 3 / 4) << "most bands have their own fill";
  // In both builds of a file, and across the two files where a name is whole.
  EXPECT_GE(runs_with["chunk.go/chunk/main.l..."], 2);
  EXPECT_GE(runs_with["chunk.go/chunk/main.loop.c/main.loop/main"], 2);
  EXPECT_GE(runs_with["main.loop/main"], 2);
  EXPECT_GE(runs_with["PINNED"], 2);
}

}  // namespace
}  // namespace hpng
