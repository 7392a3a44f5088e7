// --compare and --diff on the command line: every format, standard input
// as one of the runs, a missing input named, units that cannot share a
// scale, the combinations that make no sense, fixed scales.
#include <gtest/gtest.h>

#include "support/util.h"

namespace hpng {
namespace {

using namespace hpng::test;

std::string small(const std::string& name) { return read_file(std::string(HPNG_CASES) + "/../eventlog-small/" + name); }
std::string real(const std::string& path) { return read_file(std::string(HPNG_TEST_CORPUS) + "/" + path); }

class CompareCli : public testing::Test {
 protected:
  void SetUp() override {
    dir = scratch_dir();
    write_file(dir + "/a.hp", real("banksim/banksim.hc.hp"));
    write_file(dir + "/b.hp", real("banksim/banksim.hc-i0.001.hp"));
    write_file(dir + "/log.eventlog", small("leak-hc.eventlog"));
    write_file(dir + "/hc.hp", small("leak-hc.hp"));
  }
  CommandResult ng(const std::string& args) { return run_in(dir, hang_guard() + exe() + " " + args); }
  std::string dir;
};

TEST_F(CompareCli, EveryFormatIsWrittenWithOneChartPerInput) {
  for (const char* ext : {"ps", "pdf", "svg", "png", "json", "csv"}) {
    CommandResult r = ng(std::string("--compare -c a.hp b.hp -o out.") + ext);
    ASSERT_EQ(r.status, 0) << ext << ": " << r.err;
  }
  std::string ps = read_file(dir + "/out.ps");
  EXPECT_NE(ps.find("%%Pages: 2"), std::string::npos);
  std::string json = read_file(dir + "/out.json");
  EXPECT_NE(json.find("\"file\": \"a.hp\""), std::string::npos);
  EXPECT_NE(json.find("\"file\": \"b.hp\""), std::string::npos);
  std::string csv = read_file(dir + "/out.csv");
  EXPECT_EQ(csv.rfind("input,time,", 0), 0u);
  EXPECT_NE(csv.find("\nb.hp,"), std::string::npos);
}

TEST_F(CompareCli, DiffWritesTheDifferenceMatrixAndAChart) {
  ASSERT_EQ(ng("--diff hc.hp log.eventlog -o d.json").status, 0);
  EXPECT_NE(read_file(dir + "/d.json").find("\"difference\": true"), std::string::npos);
  CommandResult r = ng("--diff -c a.hp b.hp -o d.svg");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(read_file(dir + "/d.svg").find("b.hp minus a.hp"), std::string::npos);
}

// Among several runs, "-" is standard input (hp2ps's lone "-", an empty
// cluster of letters, means nothing only where one profile is read).
TEST_F(CompareCli, StandardInputIsOneOfTheRuns) {
  CommandResult r = ng("--compare - b.hp -o out.json < a.hp");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(read_file(dir + "/out.json").find("\"file\": \"stdin\""), std::string::npos);
  r = run_in(dir, "cat b.hp | " + exe() + " --diff -c a.hp - -o d.svg");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(read_file(dir + "/d.svg").find("stdin minus a.hp"), std::string::npos);
}

TEST_F(CompareCli, AMissingInputAmongSeveralIsNamed) {
  CommandResult r = ng("--compare a.hp missing.hp -o out.svg");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("missing.hp"), std::string::npos) << r.err;
  EXPECT_FALSE(file_exists(dir + "/out.svg"));
}

TEST_F(CompareCli, DifferentUnitsAreRefusedUnlessAllowed) {
  std::string hp = real("banksim/banksim.hc.hp");
  hp.replace(hp.find("VALUE_UNIT \"bytes\""), 18, "VALUE_UNIT \"closures\"");
  write_file(dir + "/c.hp", hp);
  CommandResult r = ng("--diff a.hp c.hp -o d.svg");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("c.hp is in closures over seconds"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("--allow-mixed-units"), std::string::npos) << r.err;
  EXPECT_FALSE(file_exists(dir + "/d.svg"));
  EXPECT_EQ(ng("--diff --allow-mixed-units a.hp c.hp -o d.svg").status, 0);
}

TEST_F(CompareCli, CombinationsThatMakeNoSenseAreUsageErrors) {
  const std::pair<const char*, const char*> cases[] = {
      {"--diff a.hp b.hp hc.hp -o x.ps", "--diff takes two profiles"},
      {"--compare a.hp -o x.ps", "--compare takes two or more"},
      {"--compare a.hp b.hp", "name it with -o"},
      {"--compare --diff a.hp b.hp -o x.ps", "use one or the other"},
      {"--compare -p a.hp b.hp -o x.ps", "no .aux"},
      {"--diff --percent a.hp b.hp -o x.ps", "--percent does not apply"},
      {"--diff -d a.hp b.hp -o x.ps", "-d, -i, --sort-growth and --sort-number do not apply"},
      {"--compare a.hp b.hp -o x.eps", "EPS holds one picture"},
      {"--stable-colours --palette viridis a.hp", "use one or the other"},
      {"--percent --y-max 5 a.hp", "--y-max does not apply"},
  };
  for (const auto& [args, message] : cases) {
    CommandResult r = ng(args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_NE(r.err.find(message), std::string::npos) << args << ": " << r.err;
  }
}

TEST_F(CompareCli, FixedScalesSpanAtLeastWhatIsAsked) {
  ASSERT_EQ(ng("--x-max 10 --y-max 1e9 a.hp -o a.json").status, 0);
  std::string json = read_file(dir + "/a.json");
  EXPECT_NE(json.find("\"x_range\": 10, \"y_range\": 1000000000"), std::string::npos) << json.substr(json.find("total"), 80);
  CommandResult r = ng("--y-max 5 a.hp -o small.svg");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.err.find("beyond --y-max 5"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace hpng
