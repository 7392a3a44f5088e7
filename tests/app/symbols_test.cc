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

// A -finfo-table-map build keeps its IPE records in its own data: its .hp
// gets the labels, types and locations an eventlog of it would give.
TEST(SymbolsOption, AnIpeBuildsHpIsNamedFromTheRecordsInItsBinary) {
  CommandResult r = symbols("growmap-ipe", "growmap-ipe.hi.hp", "--format json -o -");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\"ipe\": {\"address\": \"0x40b368\", \"table_name\": \"I#_Main_0_con_info\", \"closure_type\": "
                       "\"CONSTR_0_1\", \"type\": \"Int\", \"label\": \"loop\", \"module\": \"Main\", \"src_loc\": "
                       "\"growmap.hs:17:63-79\", \"named_from\": \"binary\"}"),
            std::string::npos)
      << r.out.substr(0, 3000);
  EXPECT_NE(r.out.find("\"name\": \"loop growmap.hs:17:63 (I#_Main_0_con_info)\""), std::string::npos);
}

// A build, a -hi .hp of it, and an eventlog of it with its IPE records.
struct IpeBuild {
  const char *binary, *hp, *log;
  size_t log_lines;  // the IPE CSV's header and the bands the log names
};

void PrintTo(const IpeBuild& b, std::ostream* os) { *os << b.binary; }

class BinaryIpe : public testing::TestWithParam<IpeBuild> {};

// Every record the binary gives a band is the one the eventlog gives it:
// GHC 9.6's layout (entries inline) and 9.10's (apart), and a PIE placed
// where that run loaded it.
TEST_P(BinaryIpe, TheBinarysRecordsAreTheEventlogsOwn) {
  const IpeBuild& b = GetParam();
  std::string dir = scratch_dir(), hp = shell_quote(kDir + "/" + b.hp);
  CommandResult by_binary = run_in(dir, exe() + " -m0 -t0 --symbols " + shell_quote(kDir + "/" + b.binary) + " -o binary.csv " + hp);
  ASSERT_EQ(by_binary.status, 0) << by_binary.err;
  EXPECT_EQ(by_binary.err.find("do not place"), std::string::npos) << by_binary.err;
  ASSERT_EQ(run_in(dir, exe() + " -m0 -t0 --ipe " + shell_quote(kDir + "/" + b.log) + " -o log.csv " + hp).status, 0);
  std::string binary = read_file(dir + "/binary.ipe.csv"), log = read_file(dir + "/log.ipe.csv");
  size_t lines = 0;
  for (size_t at = 0, end; (end = log.find('\n', at)) != std::string::npos; at = end + 1, ++lines) {
    std::string line = log.substr(at, end - at + 1);
    EXPECT_NE(binary.find(line), std::string::npos) << line;
  }
  EXPECT_EQ(lines, b.log_lines) << log;
}

INSTANTIATE_TEST_SUITE_P(Ghc, BinaryIpe,
                         testing::Values(IpeBuild{"growmap-ipe", "growmap-ipe.hi.hp", "growmap-ipe.hi.eventlog", 7},
                                         IpeBuild{"growmap-ipe-9.10.3", "growmap-ipe-9.10.3.hi.hp",
                                                  "growmap-ipe-9.10.3.hi.eventlog", 8},
                                         IpeBuild{"growmap-pie-ipe", "growmap-pie-ipe.hi.hp", "growmap-pie-ipe.hi.eventlog", 5}),
                         [](const testing::TestParamInfo<IpeBuild>& i) { return identifier(i.param.binary); });

// A PIE is placed only where the profile's addresses are its own tables:
// another build's profile leaves it unplaced, and says so.
TEST(SymbolsOption, APieThatTheProfileDoesNotPlaceNamesNothing) {
  CommandResult r = symbols("growmap-pie-ipe", "growmap-dyn.hi.hp", "--format csv -o -");
  ASSERT_EQ(r.status, 0) << r.err;
  std::string head = r.out.substr(0, r.out.find('\n'));
  EXPECT_TRUE(std::regex_match(head, std::regex("time(,0x[0-9a-f]+)+"))) << head;
  EXPECT_NE(r.err.find("growmap-pie-ipe is a position-independent build (PIE) that the profile's addresses do not place"),
            std::string::npos)
      << r.err;
}

// A -dynamic build's RTS and libraries are shared objects: the warning says
// why their closures stay addresses, not that the binary is another build's.
TEST(SymbolsOption, ADynamicBuildSaysItsLibrariesAreNotNamed) {
  CommandResult r = symbols("growmap-dyn", "growmap-dyn.hi.hp", "--format csv -o /dev/null");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("growmap-dyn: its RTS and libraries are shared libraries (a -dynamic build)"), std::string::npos)
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
