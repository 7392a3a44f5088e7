// Golden files: for each case of golden/cases.txt, every format it lists
// (SVG and PostScript unless it says) must equal golden/expected byte for
// byte. The expected
// files were looked at as PNGs before they were committed; after a
// deliberate change, regenerate them with golden/regenerate.sh, look at
// golden/review/*.png, and commit. (Correctness is checked elsewhere against
// the real hp2ps: these catch unintended changes.)
#include <gtest/gtest.h>

#include <cctype>
#include <ostream>
#include <sstream>

#include "support/util.h"

namespace hpng {
namespace {

using namespace hpng::test;

struct GoldenCase {
  std::string name, input, flags, formats;
};

void PrintTo(const GoldenCase& c, std::ostream* os) { *os << c.name << ": " << c.flags << " " << c.input; }

std::vector<GoldenCase> golden_cases() {
  std::vector<GoldenCase> cases;
  std::istringstream lines(read_file(std::string(HPNG_GOLDEN) + "/cases.txt"));
  std::string line;
  while (std::getline(lines, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream f(line);
    GoldenCase c;
    std::getline(f, c.name, '\t');
    std::getline(f, c.input, '\t');
    std::getline(f, c.flags, '\t');
    std::getline(f, c.formats, '\t');
    if (c.formats.empty()) c.formats = "svg ps";
    cases.push_back(c);
  }
  return cases;
}

class Golden : public testing::TestWithParam<GoldenCase> {};

TEST_P(Golden, OutputsEqualReviewedFiles) {
  const GoldenCase& c = GetParam();
  std::string root = HPNG_GOLDEN;
  SCOPED_TRACE(c.name + ": hp2ps-ng " + c.flags + " " + c.input);
  std::string dir = scratch_dir();
  // Run in golden/inputs, so that inputs are named as cases.txt names them
  // (--diff and --compare show them in their titles).
  std::string in;
  std::istringstream inputs(c.input);
  for (std::string name; inputs >> name;) in += " " + shell_quote(name);
  std::istringstream formats(c.formats);
  for (std::string ext; formats >> ext;) {
    std::string out = shell_quote(dir + "/out." + ext);
    ASSERT_EQ(run_in(root + "/inputs", exe() + " " + c.flags + " --no-aux --format " + ext + " -o " + out + in).status, 0);
    std::string want = read_file(root + "/expected/" + c.name + "." + ext);
    EXPECT_FALSE(want.empty());
    EXPECT_TRUE(read_file(dir + "/out." + ext) == want)
        << "golden/expected/" << c.name << "." << ext << " differs from the output; if the change is "
        << "intended, run golden/regenerate.sh build, look at golden/review/" << c.name << ".png, and commit";
  }
}

INSTANTIATE_TEST_SUITE_P(Cases, Golden, testing::ValuesIn(golden_cases()),
                         [](const testing::TestParamInfo<GoldenCase>& i) {
                           return identifier(i.param.name);
                         });

TEST(GoldenSet, HasItsCases) { EXPECT_GE(golden_cases().size(), 12u); }

}  // namespace
}  // namespace hpng
