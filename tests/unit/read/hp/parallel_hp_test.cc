// A large .hp is parsed in two halves on two cores and the halves' records
// joined: what comes out must be what one reader gives, sample for sample,
// band for band, with the same warnings and the same errors, also where the
// halves cannot be joined and one reader takes over.
#include <gtest/gtest.h>

#include <functional>
#include <regex>

#include "hpng/read/hp_reader.h"
#include "hpng/read/read.h"
#include "read/hp/parallel_hp.h"
#include "support/util.h"

namespace hpng {
namespace {

using namespace hpng::test;


// Stream, header, marks and warnings of one read, or its error.
std::string everything(const std::function<ProfileInfo(SampleSink&, Warnings&)>& read) {
  Transcript t;
  Warnings w;
  try {
    ProfileInfo info = read(t, w);
    t.text += info.header.job + "|" + info.header.date + "|" + info.header.sample_unit + "|" + info.header.value_unit;
    for (const Mark& m : info.marks) t.text += " mark " + std::to_string(m.time);
  } catch (const Error& e) {
    return std::string("error: ") + e.what();
  }
  for (const Diagnostic& d : w) t.text += "\nwarning: " + describe(d);
  return t.text;
}

// Samples of a real profile, over and over with shifted times, to `size`.
std::string samples(size_t size, double& time) {
  std::string hp = read_file(std::string(HPNG_TEST_CORPUS) + "/logreport/logreport.hc.hp");
  std::string body = hp.substr(hp.find("BEGIN_SAMPLE"));
  body = body.substr(0, body.rfind("BEGIN_SAMPLE"));
  std::string out;
  while (out.size() < size) {
    out += std::regex_replace(body, std::regex("(BEGIN|END)_SAMPLE ([0-9.]+)"), "$1_SAMPLE " + std::to_string(time) + "$2");
    time += 10;
  }
  return out;
}

const std::string kHeader = "JOB \"logreport +RTS -hc\"\nDATE \"Sun Nov 22 2026\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n";

struct Case {
  const char* name;
  std::function<std::string()> make;  // the file
};

std::ostream& operator<<(std::ostream& os, const Case& c) { return os << c.name; }

class TwoHalves : public testing::TestWithParam<Case> {};

TEST_P(TwoHalves, ReadAsOneReaderReadsIt) {
  std::string bytes = GetParam().make();
  ASSERT_GT(bytes.size(), 8u << 20);  // large enough to be read in halves
  std::string dir = scratch_dir();
  write_file(dir + "/p.hp", bytes);
  Input file = load_input(dir + "/p.hp"), memory{dir + "/p.hp", bytes};
  std::string want = everything([&](SampleSink& s, Warnings& w) { return read_hp(memory, s, w); });
  SampleSource halves = profile_source(file, InputFormat::hp);
  EXPECT_EQ(everything(halves), want);
  EXPECT_EQ(everything(halves), want);  // and again, from the record
}

const Case kCases[] = {
    {"Plain", [] { double t = 0; return kHeader + "MARK 0.5\n" + samples(12 << 20, t) + "MARK 10000.0\nBEGIN_SAMPLE 99999.0\nEND_SAMPLE 99999.0\n"; }},
    {"KilledInTheLastSample", [] { double t = 0; std::string s = kHeader + samples(12 << 20, t); return s.substr(0, s.size() - 300); }},
    {"BandsOnlyInTheSecondHalf", [] {
       double t = 0;
       std::string a = kHeader + samples(6 << 20, t), b = samples(6 << 20, t);
       return a + std::regex_replace(b, std::regex("\\(([0-9]+)\\)"), "(9$1)") + "BEGIN_SAMPLE 99999.0\nEND_SAMPLE 99999.0\n";
     }},
    {"TimeGoesBackAtTheMiddle", [] {
       double t = 100000, u = 0;
       return kHeader + samples(6 << 20, t) + samples(6 << 20, u);  // the second half starts earlier: an error
     }},
    {"ErrorInTheSecondHalf", [] {
       double t = 0;
       std::string s = kHeader + samples(12 << 20, t);
       size_t at = s.find("\n", s.size() * 3 / 4);
       return s.substr(0, at + 1) + "a 1.5\n" + s.substr(at + 1);
     }},
    {"ErrorInTheFirstHalf", [] {
       double t = 0;
       std::string s = kHeader + samples(12 << 20, t);
       size_t at = s.find("\n", s.size() / 4);
       return s.substr(0, at + 1) + "BEGIN_SAMPLE oops\n" + s.substr(at + 1);
     }},
    {"HeaderAgainInTheSecondHalf", [] {
       double t = 0;
       std::string a = kHeader + samples(7 << 20, t), b = samples(6 << 20, t);
       return a + "JOB \"another job\"\n" + b;
     }},
    {"DataBeforeTheMiddleBegin", [] {  // points before a BEGIN belong to it: the first half does not end cleanly
       double t = 0;
       std::string s = kHeader + samples(12 << 20, t);
       size_t at = s.find("\nBEGIN_SAMPLE ", s.size() / 2);
       return s.substr(0, at + 1) + "stray\t7\n" + s.substr(at + 1);
     }},
};

// Found by the hp_halves fuzzer: the second half starts with a sample out
// of sequence, cut by an error before it completes. One reader reports the
// sequence first; so must the halves (which then give way to one reader).
TEST(TwoHalvesOfASmallFile, ASecondHalfStartingEarlierIsReportedFirstEvenWhenItsSampleIsCut) {
  std::string bytes = read_file(std::string(HPNG_CASES) + "/../../fuzz/regressions/halves-cut-sample-out-of-sequence.hp");
  Input in{"p.hp", bytes};
  std::string want = everything([&](SampleSink& s, Warnings& w) { return read_hp(in, s, w); });
  EXPECT_NE(want.find("out of sequence"), std::string::npos) << want;
  EXPECT_EQ(everything(recorded_hp_source(in, size_t{1} << 20, 0)), want);
}

// A JOB inside the last, cut sample, after the split: the single reader
// takes it as the job, and so must the halves (hp_halves_fuzz's find).
TEST(TwoHalvesOfASmallFile, AHeaderStatementAfterTheSplitIsTheOneReadersToo) {
  std::string bytes = read_file(std::string(HPNG_CASES) + "/../../fuzz/regressions/halves-job-in-a-cut-last-sample.hp");
  Input in{"p.hp", bytes};
  std::string want = everything([&](SampleSink& s, Warnings& w) { return read_hp(in, s, w); });
  EXPECT_EQ(everything(recorded_hp_source(in, size_t{1} << 20, 0)), want);
}

INSTANTIATE_TEST_SUITE_P(Files, TwoHalves, testing::ValuesIn(kCases),
                         [](const testing::TestParamInfo<Case>& i) { return std::string(i.param.name); });

}  // namespace
}  // namespace hpng
