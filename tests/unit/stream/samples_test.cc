// What a profile says of the run that wrote it, alike from a .hp and from
// the eventlog of the same run (GHC 9.0.2: growmap 100000 +RTS -hc -hyMap
// -hcremember -l, and a restriction that matches nothing).
#include <gtest/gtest.h>

#include "hpng/matrix/band_matrix.h"
#include "hpng/read/read.h"
#include "hpng/stream/samples.h"
#include "support/util.h"

namespace hpng {
namespace {

const std::string kDir = std::string(HPNG_CASES) + "/../eventlog-small/";

ProfileInfo info_of(const std::string& file, Warnings& said) {
  Input in{file, test::read_file(kDir + file)};
  return profile_matrix(profile_source(in, InputFormat::automatic), {}, 0, said).info;
}

ProfileInfo info_of(const std::string& file) {
  Warnings dropped;
  return info_of(file, dropped);
}

TEST(ProfileFacts, RestrictionsAreReadFromEitherFormat) {
  EXPECT_EQ(restrictions_of(info_of("restricted-hc.eventlog")), (std::vector<std::string>{"-hyMap", "-hcremember"}));
  EXPECT_EQ(restrictions_of(info_of("restricted-hc.hp")), (std::vector<std::string>{"-hyMap", "-hcremember"}));
  EXPECT_TRUE(restrictions_of(info_of("leak-hc.eventlog")).empty());
  EXPECT_TRUE(restrictions_of(info_of("leak-hc.hp")).empty());
}

TEST(ProfileFacts, TheProgramsWordsLeaveOutTheRtsOptions) {
  EXPECT_EQ(program_words(info_of("restricted-hc.eventlog")), (std::vector<std::string>{"./growmap", "100000"}));
  EXPECT_EQ(program_words(info_of("restricted-hc.hp")), (std::vector<std::string>{"growmap", "100000"}));
  EXPECT_TRUE(profiled_build(info_of("restricted-hc.eventlog")));
  EXPECT_TRUE(profiled_build(info_of("restricted-hc.hp")));
  EXPECT_FALSE(profiled_build(info_of("leak-hT-N2.eventlog"))) << "rts_thr_l";
}

// GHC writes every census of a restriction that matches nothing, empty:
// the warning says so, not that the program was killed.
TEST(ProfileFacts, ARestrictionThatSelectedNothingIsSaid) {
  Warnings w;
  info_of("restricted-none.hp", w);
  ASSERT_EQ(w.size(), 1u);
  EXPECT_EQ(w[0].code, Code::no_data);
  EXPECT_NE(w[0].message.find("the restrictions -hmStore -hcremember selected nothing"), std::string::npos)
      << w[0].message;
}

}  // namespace
}  // namespace hpng
