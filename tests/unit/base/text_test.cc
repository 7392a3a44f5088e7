// Text helpers shared by the writers: UTF-8 repair and cutting, and hp2ps's
// digit grouping.
#include <gtest/gtest.h>

#include "base/text.h"

namespace hpng {
namespace {

TEST(Text, GroupDigits) {
  EXPECT_EQ(group_digits(648), "648");
  EXPECT_EQ(group_digits(8000000000), "8,000,000,000");
  EXPECT_EQ(group_digits(1000), "1,000");
  EXPECT_EQ(group_digits(-1234567.9), "-1,234,567");  // truncated, as hp2ps prints it
}

TEST(Text, InvalidUtf8BecomesReplacementCharacters) {
  EXPECT_EQ(to_valid_utf8("caf\xc3\xa9"), "caf\xc3\xa9");
  EXPECT_EQ(to_valid_utf8("a\xff" "b"), "a\xef\xbf\xbd" "b");
}

TEST(Text, PrefixNeverSplitsACharacter) {
  EXPECT_EQ(utf8_prefix("caf\xc3\xa9", 4), "caf");
  EXPECT_EQ(utf8_prefix("caf\xc3\xa9", 5), "caf\xc3\xa9");
}

}  // namespace
}  // namespace hpng
