// Text beyond 64 KiB is cut as it leaves the reader, with a warning; the
// bands stay apart and short text passes as it was.
#include "hpng/transform/long_names.h"

#include <gtest/gtest.h>

#include "hpng/read/read.h"
#include "support/util.h"

namespace hpng {
namespace {

std::string profile(const std::string& job, const std::vector<std::string>& names) {
  std::string hp = "JOB \"" + job + "\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\nBEGIN_SAMPLE 0.0\n";
  for (size_t i = 0; i < names.size(); ++i) hp += names[i] + " " + std::to_string(i + 1) + "\n";
  return hp + "END_SAMPLE 0.0\nBEGIN_SAMPLE 1.0\nEND_SAMPLE 1.0\n";
}

test::FullProfile read_cut(const std::string& hp) {
  Input in{"p.hp", hp};
  return test::read_full(through(profile_source(in, InputFormat::hp), {long_text_step("p.hp")}));
}

TEST(LongText, NamesAndJobBeyondTheLimitAreCutWithAWarning) {
  std::string a(kLongestText + 1, 'a'), b = a + "b", shortname = "(12)Main.go";
  test::FullProfile p = read_cut(profile(std::string(3 * kLongestText, 'J'), {a, b, shortname}));
  ASSERT_EQ(p.band_names.size(), 3u);
  EXPECT_LT(p.band_names[0].size(), kLongestText + 32);
  EXPECT_TRUE(p.band_names[0].starts_with(std::string(kLongestText, 'a')));
  EXPECT_TRUE(p.band_names[0].ends_with("\u2026 (65,537 bytes)")) << p.band_names[0].substr(kLongestText);
  EXPECT_NE(p.band_names[0], p.band_names[1]) << "two long names that agree in their first 64 KiB stay apart";
  EXPECT_EQ(p.band_names[2], shortname);
  EXPECT_LT(p.info.header.job.size(), kLongestText + 32);
  ASSERT_FALSE(p.warnings.empty());
  for (const Diagnostic& w : p.warnings) EXPECT_EQ(w.code, Code::long_text) << describe(w);
  EXPECT_NE(describe(p.warnings[0]).find("a band name of 65,537 bytes is cut to its first 65,536"), std::string::npos)
      << describe(p.warnings[0]);
}

TEST(LongText, TextAtTheLimitPassesWhole) {
  std::string name(kLongestText, 'n');
  test::FullProfile p = read_cut(profile(std::string(kLongestText, 'J'), {name}));
  EXPECT_EQ(p.band_names[0], name);
  EXPECT_EQ(p.info.header.job.size(), kLongestText);
  EXPECT_TRUE(p.warnings.empty());
}

TEST(LongText, ACutNeverSplitsAUtf8Character) {
  std::string name = std::string(kLongestText - 1, 'x') + "\u00e9\u00e9";
  std::string cut = cut_long_text(name);
  EXPECT_EQ(cut.substr(0, kLongestText - 1), std::string(kLongestText - 1, 'x'));
  EXPECT_EQ(cut.substr(kLongestText - 1, 3), "\u2026");
}

}  // namespace
}  // namespace hpng
