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

// The report's and the gates' sizes: powers of 1000, one decimal, never
// "1000.0 kB" (999,960 bytes rounds up to the next prefix).
TEST(Text, SiAmounts) {
  EXPECT_EQ(si_amount(512, "bytes"), "512 B");
  EXPECT_EQ(si_amount(98104576, "bytes"), "98.1 MB");
  EXPECT_EQ(si_amount(999960, "bytes"), "1.0 MB");
  EXPECT_EQ(si_amount(999940, "bytes"), "999.9 kB");
  EXPECT_EQ(si_amount(12e6, "bytes", true), "+12.0 MB");
  EXPECT_EQ(si_amount(-2500, "bytes", true), "-2.5 kB");
  EXPECT_EQ(si_amount(0, "bytes", true), "0 B");
  EXPECT_EQ(si_amount(1234567, "words"), "1.2 M words");
  EXPECT_EQ(si_amount(2.5e26, "bytes"), "250.0 YB");
  // A crafted .hp's 36 digits: an exponent, as short as the rest.
  EXPECT_EQ(si_amount(1.2345678901234568e35, "bytes", true), "+1e+35 B");
  EXPECT_EQ(si_amount(-4e40, "words"), "-4e+40 words");
  EXPECT_EQ(printed("%.2f", 3.14159), "3.14");
}

auto at_most(size_t bytes) {
  return [bytes](const std::string& s) { return s.size() <= bytes; };
}

// Where a -hi band's source starts: the file without its folders, the
// span's first line and column (one line's span or several lines').
TEST(Text, ShortSourceLocations) {
  const std::pair<const char*, const char*> cases[] = {
      {"programs/MapCache.hs:17:31-39", "MapCache.hs:17:31"}, {"src/Data/Stats.hs:(20,38)-(23,58)", "Stats.hs:20:38"},
      {"Main.hs:5:1", "Main.hs:5:1"},                        {"libraries/base/GHC/Base.hs:1:1-9", "Base.hs:1:1"},
      {"no location", "no location"},                        {"x.hs:(1,2", "x.hs:1:2"}};  // the last a span cut short
  for (const auto& [given, said] : cases) EXPECT_EQ(short_source_location(given), said) << given;
}

// A cost-centre stack keeps its innermost name and its outer end; a -hi
// band's name is no stack though its path has slashes: its end (location,
// table name) is what tells it from its neighbours.
TEST(Text, ShortenedStacksAndInfoTableNames) {
  EXPECT_EQ(shorten_middle("chunk.go/chunk/main.loop.c/main.loop/main", at_most(30)), "chunk.go/\u2026/main.loop/main");
  std::string hi = "table (programs/Labels/A.hs:6:12-31, Entry_Labels.A_1_con_info)";
  std::string cut = shorten_middle(hi, at_most(40));
  EXPECT_TRUE(cut.starts_with("table (")) << cut;
  EXPECT_TRUE(cut.ends_with("A_1_con_info)")) << cut;
}

// Escapes that would clear the screen, write the clipboard (OSC 52), make
// a link (OSC 8) or start a C1 sequence are shown as codes; text stays.
TEST(Text, TerminalSafeShowsEveryControlCharacter) {
  EXPECT_EQ(terminal_safe("a\x1b[2Jb"), "a\\x1b[2Jb");
  EXPECT_EQ(terminal_safe("\x1b]52;c;SGk=\x07"), "\\x1b]52;c;SGk=\\x07");
  EXPECT_EQ(terminal_safe("tab\there\nnew\rret\x7f"), "tab\\x09here\\x0anew\\x0dret\\x7f");
  EXPECT_EQ(terminal_safe("csi\xc2\x9b" "31m"), "csi\\u009b" "31m");
  EXPECT_EQ(terminal_safe("caf\xc3\xa9 \xe2\x86\x92 ok"), "caf\xc3\xa9 \xe2\x86\x92 ok");
  EXPECT_EQ(terminal_safe("bad\xff"), "bad\xef\xbf\xbd");
}

// Every character XML 1.0 forbids is replaced, U+FFFE and U+FFFF included.
TEST(Text, MarkupEscapeLeavesNoCharacterXmlForbids) {
  EXPECT_EQ(markup_escape("a\xef\xbf\xbe b\xef\xbf\xbf c\xef\xbf\xbd"), "a\xef\xbf\xbd b\xef\xbf\xbd c\xef\xbf\xbd");
  EXPECT_EQ(markup_escape(std::string("x\x01\x1b\0y<&\"", 8)), "x   y&lt;&amp;&quot;");
  EXPECT_EQ(markup_escape("\xef\xbf"), "\xef\xbf\xbd\xef\xbf\xbd") << "a cut character is invalid UTF-8";
}

}  // namespace
}  // namespace hpng
