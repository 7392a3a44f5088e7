// Invalid regular expressions are reported with what is wrong and where
// (std::regex itself says only a kind, and not always the right one).
#include <gtest/gtest.h>

#include "transform/regex_errors.h"

namespace hpng {
namespace {

std::string error_of(const std::string& pattern) {
  try {
    std::regex re(pattern, std::regex::ECMAScript);
  } catch (const std::regex_error& e) {
    return describe_regex_error(pattern, e.code());
  }
  return "(valid)";
}

TEST(RegexErrors, SayWhatAndWhere) {
  EXPECT_EQ(error_of("fo(o"), "a '(' that is never closed at character 3");
  EXPECT_EQ(error_of("a(b)c)"), "a ')' that closes no '(' at character 6");
  EXPECT_EQ(error_of("x[abc"), "a '[' that is never closed at character 2");
  EXPECT_EQ(error_of("*a"), "a repetition (*, +, ? or {}) with nothing before it to repeat at character 1");
  EXPECT_EQ(error_of("a|+b"), "a repetition (*, +, ? or {}) with nothing before it to repeat at character 3");
  EXPECT_EQ(error_of("ab\\"), "a '\\' with nothing after it at character 3");
  EXPECT_EQ(error_of("x[z-a]"), "a range whose start is after its end at character 3");
  EXPECT_EQ(error_of("a{2,1}"), "a repetition {n,m} that is not one at character 2");
  EXPECT_EQ(error_of("(?<n>a)"), "a '(?' group other than (?:...), (?=...) or (?!...) at character 1");
  EXPECT_EQ(error_of("a(b|c)*[x-y]\\.d{2,3}(?:e)"), "(valid)");
}

}  // namespace
}  // namespace hpng
