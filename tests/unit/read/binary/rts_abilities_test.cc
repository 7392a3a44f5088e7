// What a program's binary says of its RTS, from the RTS's usage text linked
// into it (the lines below are GHC 9.0.2's and 9.6.6's own); the real
// builds of --explain's test program where ghc made them.
#include <gtest/gtest.h>

#include "hpng/read/rts_abilities.h"
#include "support/util.h"

namespace hpng {
namespace {

using namespace hpng::test;

RtsAbilities of(const std::string& bytes) {
  std::string path = scratch_dir() + "/prog";
  // Padded past the reader's block, so that a line across two blocks is found.
  write_file(path, std::string(3 << 19, '\0') + "GHCRTS" + bytes + std::string(1000, '\0'));
  return rts_abilities(path);
}

TEST(RtsAbilities, AProfiledRtsListsItsBreakdowns) {
  RtsAbilities prof = of("     break-down: c = cost centre stack (default)\n                 i = info table\n");
  EXPECT_TRUE(prof.ghc && prof.profiled && prof.info_tables);
  RtsAbilities old = of("     break-down: c = cost centre stack (default)\n");  // GHC 9.0: no -hi
  EXPECT_TRUE(old.profiled);
  EXPECT_FALSE(old.info_tables);
}

TEST(RtsAbilities, APlainRtsOffersHiFromGhc92) {
  RtsAbilities plain = of("  -hT      Produce a heap profile grouped by closure type\n");
  EXPECT_FALSE(plain.profiled);
  EXPECT_FALSE(plain.info_tables);
  EXPECT_TRUE(of("  -hi      Produce a heap profile grouped by info table address\n").info_tables);
}

TEST(RtsAbilities, NotAGhcBinaryIsTakenForTodaysProfiledOne) {
  std::string script = scratch_dir() + "/script";
  write_file(script, "#!/bin/sh\nexec ./prog \"$@\"\n");
  RtsAbilities wrapper = rts_abilities(script);
  EXPECT_FALSE(wrapper.ghc);
  EXPECT_TRUE(wrapper.profiled && wrapper.info_tables);
}

#ifdef HPNG_RECORD_PROGRAMS
TEST(RtsAbilities, RealBuildsOfTheMachinesGhc) {
  std::string dir = HPNG_RECORD_PROGRAMS;
  if (!file_exists(dir + "/plain-growmap") || !file_exists(dir + "/explain-growmap")) GTEST_SKIP() << "not built";
  EXPECT_FALSE(rts_abilities(dir + "/plain-growmap").profiled);
  EXPECT_TRUE(rts_abilities(dir + "/explain-growmap").profiled);
}
#endif

}  // namespace
}  // namespace hpng
