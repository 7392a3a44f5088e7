// Golden files: for each case of golden/cases.txt, the SVG and PostScript
// hp2ps-ng writes must equal golden/expected byte for byte. The expected
// files were looked at as PNGs before they were committed; after a
// deliberate change, regenerate them with golden/regenerate.sh, look at
// golden/review/*.png, and commit. (Correctness is checked elsewhere against
// the real hp2ps: these catch unintended changes.)
#include <gtest/gtest.h>

#include <sstream>

#include "util.h"

namespace hpng {
namespace {

using namespace hpng::test;

TEST(Golden, OutputsEqualReviewedFiles) {
  std::string root = HPNG_GOLDEN;
  std::istringstream cases(read_file(root + "/cases.txt"));
  std::string line;
  int n = 0;
  while (std::getline(cases, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream f(line);
    std::string name, input, flags;
    std::getline(f, name, '\t');
    std::getline(f, input, '\t');
    std::getline(f, flags, '\t');
    SCOPED_TRACE(name + ": hp2ps-ng " + flags + " " + input);
    std::string dir = scratch_dir();
    std::string in = shell_quote(root + "/inputs/" + input);
    ASSERT_EQ(run_in(dir, exe() + " " + flags + " -o out.svg " + in).status, 0);
    ASSERT_EQ(run_in(dir, exe() + " " + flags + " --format ps -o out.ps " + in).status, 0);
    for (const char* ext : {"svg", "ps"}) {
      std::string want = read_file(root + "/expected/" + name + "." + ext);
      EXPECT_FALSE(want.empty());
      EXPECT_TRUE(read_file(dir + "/out." + ext) == want)
          << "golden/expected/" << name << "." << ext << " differs from the output; if the change is "
          << "intended, run golden/regenerate.sh build, look at golden/review/" << name << ".png, and commit";
    }
    ++n;
  }
  EXPECT_GE(n, 12);
}

}  // namespace
}  // namespace hpng
