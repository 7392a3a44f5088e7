// The .hp reader, table-driven: valid inputs with the profile they must give,
// and bad inputs with the exact position and message they must report.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "hpng/read/hp_reader.h"
#include "support/util.h"

namespace hpng {
namespace {

const std::string kHeader =
    "JOB \"j\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n";

test::FullProfile read(const std::string& text) {
  Input in{"t.hp", text};
  return test::read_full([&](SampleSink& sink, Warnings& w) { return read_hp(in, sink, w); });
}

std::string error_of(const std::string& text) {
  return test::error_message([&] { read(text); });
}

double value(const test::FullProfile& p, const std::string& band, size_t sample) {
  for (size_t b = 0; b < p.band_names.size(); ++b) {
    if (p.band_names[b] == band) return p.values[b][sample];
  }
  return -1;
}

TEST(HpReader, ReadsHeaderSamplesAndMarks) {
  test::FullProfile p = read(kHeader + "MARK 0.5\nBEGIN_SAMPLE 0.0\na 10\nb 20\nEND_SAMPLE 0.0\n"
                             "BEGIN_SAMPLE 1.5\na 30\nEND_SAMPLE 1.5\nBEGIN_SAMPLE 2.0\nEND_SAMPLE 2.0\n");
  EXPECT_EQ(p.info.header.job, "j");
  EXPECT_EQ(p.info.header.sample_unit, "seconds");
  EXPECT_EQ(p.times, (std::vector<double>{0, 1.5, 2}));
  EXPECT_EQ(p.band_names, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(value(p, "a", 1), 30);
  EXPECT_TRUE(std::isnan(value(p, "b", 1)));  // no point: not zero
  EXPECT_EQ(p.info.marks, (std::vector<Mark>{{0.5, ""}}));
  EXPECT_TRUE(p.warnings.empty());
}

TEST(HpReader, DoubledQuotesAndGhcNames) {
  test::FullProfile p = read("JOB \"prog \"\"quoted\"\" (x)\"\n" + kHeader.substr(kHeader.find("DATE")) +
                   "BEGIN_SAMPLE 0.0\n(123)Main.CAF\t5\n<Main.sat_s3hW>\t6\n(,)\t7\n123abc 8\nEND_SAMPLE 0.0\n");
  EXPECT_EQ(p.info.header.job, "prog \"quoted\" (x)");
  EXPECT_EQ(p.band_names, (std::vector<std::string>{"(123)Main.CAF", "<Main.sat_s3hW>", "(,)", "123abc"}));
}

TEST(HpReader, NameWithSpacesSplitsAtLastTab) {
  test::FullProfile p = read(kHeader + "BEGIN_SAMPLE 0.0\nfoo bar baz\t12\nEND_SAMPLE 0.0\n");
  ASSERT_EQ(p.band_names.size(), 1u);
  EXPECT_EQ(p.band_names[0], "foo bar baz");
  EXPECT_EQ(p.values[0][0], 12);
}

TEST(HpReader, CrlfAndOneLine) {
  test::FullProfile a = read("JOB \"j\"\r\nDATE \"d\"\r\nSAMPLE_UNIT \"s\"\r\nVALUE_UNIT \"b\"\r\nBEGIN_SAMPLE 0.0\r\na 1\r\nEND_SAMPLE 0.0\r\n");
  test::FullProfile b = read("JOB \"j\" DATE \"d\" SAMPLE_UNIT \"s\" VALUE_UNIT \"b\" BEGIN_SAMPLE 0.0 a 1 END_SAMPLE 0.0");
  EXPECT_EQ(a.band_names, b.band_names);
  EXPECT_EQ(a.values, b.values);
}

TEST(HpReader, DuplicateNameInSampleAddsAndIsRemembered) {
  test::FullProfile p = read(kHeader + "BEGIN_SAMPLE 0.0\na 5\na 7\nEND_SAMPLE 0.0\n");
  EXPECT_EQ(value(p, "a", 0), 12);
  EXPECT_EQ(p.extra_points, 1u);
}

// Bands are looked up by predicting the next from the previous sample's
// order; changes of order, missing bands and names that are prefixes of
// others must still find the right band.
TEST(HpReader, BandsInChangingOrder) {
  test::FullProfile p = read(kHeader +
                             "BEGIN_SAMPLE 0.0\na 1\nab 2\nabc 3\nEND_SAMPLE 0.0\n"
                             "BEGIN_SAMPLE 1.0\na 4\nabc 5\nEND_SAMPLE 1.0\n"
                             "BEGIN_SAMPLE 2.0\nabc 6\nab 7\na 8\nEND_SAMPLE 2.0\n"
                             "BEGIN_SAMPLE 3.0\nab 9\nEND_SAMPLE 3.0\n"
                             "BEGIN_SAMPLE 4.0\na 10\nab 11\nabc 12\nab 13\nEND_SAMPLE 4.0\n");
  ASSERT_EQ(p.band_names, (std::vector<std::string>{"a", "ab", "abc"}));
  auto nan = std::nan("");
  auto same = [](const std::vector<double>& got, const std::vector<double>& want) {
    for (size_t k = 0; k < want.size(); ++k) {
      if (std::isnan(want[k]) ? !std::isnan(got[k]) : got[k] != want[k]) return false;
    }
    return got.size() == want.size();
  };
  EXPECT_TRUE(same(p.values[0], {1, 4, 8, nan, 10}));
  EXPECT_TRUE(same(p.values[1], {2, nan, 7, 9, 24}));
  EXPECT_TRUE(same(p.values[2], {3, 5, 6, nan, 12}));
  EXPECT_EQ(p.extra_points, 1u);
}

// Names the order of the previous sample cannot predict are found by hash:
// thousands of them (the table grows many times), sharing long prefixes,
// differing only in one byte at or near an eight-byte boundary, or in
// length alone, each sample listing them in another order.
TEST(HpReader, ManyNamesInShuffledOrderKeepTheirIds) {
  std::vector<std::string> names;
  for (int i = 0; i < 3000; ++i) {
    std::string n = "Main.CAF/very.long.shared.prefix/" + std::string(static_cast<size_t>(i % 17), 'x');
    n[static_cast<size_t>(i % 3) * 8 + 7] = static_cast<char>('A' + i / 17 % 26);
    names.push_back(n + std::to_string(i / (17 * 26)));
  }
  std::string body;
  std::vector<size_t> order(names.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  for (int k = 0; k < 4; ++k) {
    body += "BEGIN_SAMPLE " + std::to_string(k) + ".0\n";
    for (size_t i : order) body += names[i] + "\t" + std::to_string(i + 1000 * static_cast<size_t>(k)) + "\n";
    body += "END_SAMPLE " + std::to_string(k) + ".0\n";
    for (size_t i = 0; i < order.size(); ++i) std::swap(order[i], order[(i * 7919 + static_cast<size_t>(k)) % order.size()]);
  }
  test::FullProfile p = read(kHeader + body);
  std::vector<std::string> distinct(names);
  std::sort(distinct.begin(), distinct.end());
  ASSERT_EQ(std::unique(distinct.begin(), distinct.end()), distinct.end()) << "the test's names must differ";
  ASSERT_EQ(p.band_names, names);  // first seen in sample 0, in its order
  for (size_t i = 0; i < names.size(); ++i) {
    for (size_t k = 0; k < 4; ++k) ASSERT_EQ(p.values[i][k], static_cast<double>(i + 1000 * k)) << names[i];
  }
  EXPECT_EQ(p.extra_points, 0u);
}

TEST(HpReader, DataBeforeBeginBelongsToNextSample) {
  test::FullProfile p = read(kHeader + "a 5\nBEGIN_SAMPLE 1.0\nb 1\nEND_SAMPLE 1.0\n");
  EXPECT_EQ(value(p, "a", 0), 5);
}

// A profile of 20,000 MARKs keeps a bounded number, evenly, and says so.
TEST(HpReader, MillionsOfMarksAreThinnedWithAWarning) {
  std::string text = kHeader;
  for (int k = 0; k < 20000; ++k) text += "MARK " + std::to_string(k) + ".0\n";
  test::FullProfile p = read(text + "BEGIN_SAMPLE 0.0\nEND_SAMPLE 0.0\nBEGIN_SAMPLE 20000.0\nEND_SAMPLE 20000.0\n");
  ASSERT_EQ(p.info.marks.size(), 5000u);  // halved twice: every fourth
  ASSERT_EQ(p.warnings.size(), 1u);
  EXPECT_EQ(p.warnings[0].code, Code::skipped);
  EXPECT_EQ(p.warnings[0].message, "20,000 MARKs: 5,000 of them are kept, evenly over the profile (a chart shows one a "
                                   "point; memory stays bounded)");
}

TEST(HpReader, HugeValuesAreKept) {
  test::FullProfile p = read(kHeader + "BEGIN_SAMPLE 0.0\na 4000000000\nb 123456789012345678901234567890\nEND_SAMPLE 0.0\n");
  EXPECT_EQ(value(p, "a", 0), 4e9);
  EXPECT_NEAR(value(p, "b", 0), 1.2345678901234568e29, 1e15);
}

TEST(HpReader, IncompleteFinalSampleIsDroppedWithWarning) {
  test::FullProfile p = read(kHeader + "BEGIN_SAMPLE 0.0\na 1\nEND_SAMPLE 0.0\nBEGIN_SAMPLE 1.0\na 2\nonly_here 3\n");
  EXPECT_EQ(p.times.size(), 1u);
  EXPECT_EQ(p.band_names, (std::vector<std::string>{"a"}));  // only_here vanished
  ASSERT_EQ(p.warnings.size(), 1u);
  EXPECT_EQ(p.warnings[0].code, Code::cut_short);
  EXPECT_EQ(p.warnings[0].line, 8u);  // the BEGIN_SAMPLE without END
  EXPECT_EQ(p.warnings[0].column, 1u);
  EXPECT_NE(p.warnings[0].message.find("incomplete final sample"), std::string::npos);
}

// The RTS ends every profile with an empty sample (its exit census): a
// profile without one comes from a killed or still running program.
TEST(HpReader, ProfileWithoutTheFinalEmptySampleWarns) {
  test::FullProfile p = read(kHeader + "BEGIN_SAMPLE 0.0\nEND_SAMPLE 0.0\nBEGIN_SAMPLE 1.0\na 2\nEND_SAMPLE 1.0\n");
  EXPECT_EQ(p.times.size(), 2u);
  ASSERT_EQ(p.warnings.size(), 1u);
  EXPECT_EQ(p.warnings[0].message, "the profile ends without the RTS's final (empty) sample: the program was killed, "
                                   "or is still running; its 2 samples are drawn");
  std::string killed = test::read_file(std::string(HPNG_TEST_CORPUS) + "/leakyavg/leakyavg.hc-killed.hp");
  ASSERT_FALSE(killed.empty());
  EXPECT_EQ(read(killed).warnings.size(), 1u);
  EXPECT_TRUE(read(test::read_file(std::string(HPNG_TEST_CORPUS) + "/leakyavg/leakyavg.hc.hp")).warnings.empty());
}

TEST(HpReader, FileCutMidLineIsDroppedWithWarning) {
  test::FullProfile p = read(kHeader + "BEGIN_SAMPLE 0.0\na 1\nEND_SAMPLE 0.0\nBEGIN_SAMPLE 1.0\n(12)Mai");
  EXPECT_EQ(p.times.size(), 1u);
  ASSERT_EQ(p.warnings.size(), 1u);
  EXPECT_NE(p.warnings[0].message.find("cut short"), std::string::npos);
}

struct BadCase {
  const char* input;  // after the header unless it starts with '!'
  const char* error;
};

TEST(HpReader, BadInputGivesPositionAndExpectation) {
  const BadCase cases[] = {
      {"!", "t.hp: JOB missing: the file is empty (expected a .hp heap profile)"},
      {"!JOB \"j\"\n", "t.hp: DATE missing (expected a .hp heap profile)"},
      {"", "t.hp: contains no samples (no BEGIN_SAMPLE ... END_SAMPLE block)"},
      {"BEGIN_SAMPLE 1\n", "t.hp:5:14: floating point number must follow BEGIN_SAMPLE (found '1'; times are written with a decimal point, e.g. 1.0)"},
      {"BEGIN_SAMPLE 0.0\na 1.5\n", "t.hp:6:3: integer must follow identifier 'a' (found '1.5'; values are whole numbers)"},
      {"BEGIN_SAMPLE 0.0\na -5\n", "t.hp:6:3: integer must follow identifier 'a' (found '-5'; values cannot be negative)"},
      {"BEGIN_SAMPLE 0.0\nfoo bar 12\n", "t.hp:6:5: integer must follow identifier 'foo' (found 'bar')"},
      {"BEGIN_SAMPLE 2.0\nEND_SAMPLE 2.0\nBEGIN_SAMPLE 1.0\n", "t.hp:7:1: samples out of sequence: this BEGIN_SAMPLE is earlier than the previous one"},
      {"BEGIN_SAMPLE 0.0\nMARK 1.0\n", "t.hp:6:1: MARK occurs within sample (marks go between samples)"},
      {"\"str\" 5\n", "t.hp:5:1: string unexpected: expected a keyword or a band name at the start of a line"},
      {"!JOB 5\n", "t.hp:1:5: string must follow JOB (found '5')"},
      {"!JOB \"abc\n", "t.hp:1:5: EOF when expecting \": the string that starts here has no closing quote"},
      {"# comment\n", "t.hp:5:3: integer must follow identifier '#' (found 'comment')"},
      {"!\x7f" "ELF\x01\x02\x00\x00 junk", "t.hp: this is a program (run it with +RTS -hT, or -hc on a profiled build, to get its profile), not a heap profile: hp2ps-ng reads .hp heap profiles (+RTS -hT, -hc, -hy, ...) and GHC eventlogs (+RTS -l)"},
      {"!garbage oops\n", "t.hp: this is a text file, not a heap profile: a .hp starts with a JOB \"program\" line (then "
                           "DATE, SAMPLE_UNIT, VALUE_UNIT and BEGIN_SAMPLE blocks), a GHC eventlog with the bytes hdrb"},
      {"!DATE \"d\"\ngarbage oops\n", "t.hp:2:9: integer must follow identifier 'garbage' (found 'oops')"},
  };
  for (const BadCase& c : cases) {
    std::string in = c.input[0] == '!' ? std::string(c.input + 1, c.input + 1 + std::char_traits<char>::length(c.input + 1)) : kHeader + c.input;
    if (std::string(c.input).find("ELF") != std::string::npos) in = std::string("\x7f" "ELF\x01\x02\x00\x00 junk", 13);
    EXPECT_EQ(error_of(in), c.error) << "input: " << c.input;
  }
}

}  // namespace
}  // namespace hpng
