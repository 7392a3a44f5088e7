// --symbols: a -hi profile's bare addresses named from the program's own
// symbol table, on real GHC 9.6.6 builds and their profiles
// (tests/data/symbols): in the report, the JSON and the chart's names; a
// binary of another build names nothing and says so.
#include <gtest/gtest.h>

#include <regex>

#include "support/util.h"

namespace hpng {
namespace {

using namespace hpng::test;

const std::string kDir = HPNG_SYMBOLS;

CommandResult symbols(const std::string& program, const std::string& profile, const std::string& options) {
  return run_in(scratch_dir(), exe() + " --symbols " + shell_quote(kDir + "/" + program) + " " + options + " " +
                                   shell_quote(kDir + "/" + profile));
}

// The .hp of a -hi run has nothing but addresses: named, its suspects are
// the map's nodes and the numbers they hold, none a bare address.
TEST(SymbolsOption, AHiHpIsNamedFromItsBuild) {
  CommandResult r = symbols("growmap-plain", "growmap-plain.hi.hp", "--format txt -o -");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("  suspects    3 bands: containers-0.6.7:Data.Map.Internal.Bin * and 2 more\n"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("  symbols     3 bands, marked *, are named from the program's symbol table\n"), std::string::npos)
      << r.out;
  std::string suspects = r.out.substr(r.out.find("  suspects"), r.out.find("\n\n") - r.out.find("  suspects"));
  EXPECT_EQ(suspects.find("0x"), std::string::npos) << suspects;
  EXPECT_NE(r.err.find("that no IPE record or symbol of --symbols"), std::string::npos) << "thunks have none: " << r.err;
}

TEST(SymbolsOption, TheJsonSaysWhereANameCameFrom) {
  CommandResult r = symbols("growmap-plain", "growmap-plain.hi.eventlog", "-m0 -t0 --format json -o -");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(std::regex_search(r.out, std::regex("\"name\": \"ghc-prim:GHC.Types.:\"[^}]*\\}[^}]*\"table_name\": "
                                                  "\"ghczmprim_GHCziTypes_ZC_con_info\", \"closure_type\": \"CONSTR_2_0\"[^}]*"
                                                  "\"named_from\": \"symbols\"")))
      << r.out.substr(0, 3000);
}

TEST(SymbolsOption, AnotherBuildNamesNothingAndSaysSo) {
  CommandResult r = symbols("growmap-ipe", "growmap-plain.hi.hp", "--format csv -o -");
  ASSERT_EQ(r.status, 0) << r.err;
  std::string head = r.out.substr(0, r.out.find('\n'));
  EXPECT_TRUE(std::regex_match(head, std::regex("time(,0x[0-9a-f]+)+"))) << head;
  EXPECT_NE(r.err.find("--symbols " + kDir + "/growmap-ipe is not the build that made the profile"), std::string::npos)
      << r.err;
}

// A program is a regular file: a FIFO or a device is refused at once, not
// waited on or read for ever (the guard only stops a hang).
TEST(SymbolsOption, AFifoOrADeviceIsRefusedNotReadForEver) {
  std::string dir = scratch_dir();
  ASSERT_EQ(run_in(dir, "mkfifo prog").status, 0);
  for (const char* program : {"prog", "/dev/zero"}) {
    CommandResult r = run_in(dir, "timeout 10 " + exe() + " --symbols " + program + " -o x.svg " +
                                      shell_quote(kDir + "/growmap-plain.hi.hp"));
    EXPECT_EQ(r.status, 2) << program << ": " << r.err;
    EXPECT_NE(r.err.find("not a program's binary (an ELF file)"), std::string::npos) << r.err;
  }
  EXPECT_FALSE(file_exists(dir + "/x.svg"));
}

}  // namespace
}  // namespace hpng
