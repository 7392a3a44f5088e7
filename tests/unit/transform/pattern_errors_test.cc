// Patterns RE2 refuses are reported with what is wrong and where, and what
// ECMAScript has and RE2 has not (back-references, lookaround) says so.
#include <gtest/gtest.h>
#include <re2/re2.h>

#include "transform/pattern_errors.h"

namespace hpng {
namespace {

std::string error_of(const std::string& pattern) {
  RE2::Options o;
  o.set_log_errors(false);
  RE2 re(pattern, o);
  return re.ok() ? "(valid)" : describe_pattern_error(pattern, re);
}

TEST(PatternErrors, SayWhatAndWhere) {
  EXPECT_EQ(error_of("fo(o"), "a '(' that is never closed at character 3");
  EXPECT_EQ(error_of("(a)(b(c)"), "a '(' that is never closed at character 4");
  EXPECT_EQ(error_of("a(b)c)"), "a ')' that closes no '(' at character 6");
  EXPECT_EQ(error_of("\\(x[(]c)"), "a ')' that closes no '(' at character 8");
  EXPECT_EQ(error_of("x[abc"), "a '[' that is never closed at character 2");
  EXPECT_EQ(error_of("*a"), "a repetition (*, +, ? or {}) with nothing before it to repeat at character 1");
  EXPECT_EQ(error_of("a|+b"), "a repetition (*, +, ? or {}) with nothing before it to repeat at character 3");
  EXPECT_EQ(error_of("ab\\"), "a '\\' with nothing after it at character 3");
  EXPECT_EQ(error_of("x[z-a]"), "a range whose start is after its end at character 3");
  EXPECT_EQ(error_of("a{2,1}"), "a repetition {n,m} that is not one, or above 1000 at character 2");
  EXPECT_EQ(error_of("a**"), "a repetition of a repetition at character 2");
  EXPECT_EQ(error_of("a(b|c)*[x-y]\\.d{2,3}(?:e)"), "(valid)");
}

TEST(PatternErrors, WhatEcmaScriptHasAndRe2HasNot) {
  EXPECT_EQ(error_of("(a)\\1"), "a back-reference: RE2 patterns have none (they match in linear time) at character 4");
  EXPECT_EQ(error_of("a(?=b)").rfind("a '(?' group RE2 does not have: lookahead", 0), 0u);
  EXPECT_NE(error_of("a(?!b)").find("at character 2"), std::string::npos);
  EXPECT_NE(error_of("(?<=a)b").find("at character 1"), std::string::npos);
}

}  // namespace
}  // namespace hpng
