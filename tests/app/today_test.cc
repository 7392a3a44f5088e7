// The drop-in on real runs of today's GHCs (tests/corpus/ghc-today): for
// every .hp, `hp2ps-ng NAME` and `hp2ps-ng -m0 NAME` order the bands as that
// GHC's hp2ps did (its .aux), and the PostScript passes GHC's own testsuite
// check (testlib.py's check_hp_ok: Ghostscript reads it); the -hi workflow
// on real logs: --ipe names a real -hi .hp, a -hi log draws, pages, reports
// and diffs with its bands named; --sort-number orders real eras.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <sstream>

#include "support/today.h"
#include "support/util.h"

namespace hpng {
namespace {

using namespace hpng::test;

const std::string& kRoot = today_root();

std::string base_name(const std::string& stem) { return stem.substr(stem.rfind('/') + 1); }

// The ORDER lines of an .aux: the bands drawn, bottom first, as hp2ps
// numbers them (its SHADE lines differ only in a colour run's precision).
std::string order_lines(const std::string& aux) {
  std::istringstream in(aux);
  std::string out;
  for (std::string line; std::getline(in, line);) {
    if (line.starts_with("ORDER ")) out += line + "\n";
  }
  return out;
}

class TodayHp : public testing::TestWithParam<std::string> {};

TEST_P(TodayHp, DrawnAsThatGhcsHp2psDrawsIt) {
  const std::string& stem = GetParam();
  std::string name = base_name(stem), dir = scratch_dir();
  write_file(dir + "/" + name + ".hp", read_file(kRoot + "/" + stem + ".hp"));
  for (const char* flags : {"m0", "default"}) {  // the default's PostScript is kept for Ghostscript
    SCOPED_TRACE(flags);
    std::string args = std::string(flags) == "m0" ? " -m0 " : " ";
    CommandResult r = run_in(dir, exe() + args + name);
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.err.find("OTHER"), std::string::npos) << r.err;
    EXPECT_EQ(order_lines(read_file(dir + "/" + name + ".aux")),
              order_lines(read_file(kRoot + "/" + stem + "." + flags + ".aux")));
  }
  if (!have_tool("gs")) GTEST_SKIP() << "Ghostscript not installed";
  // GHC's testsuite: `hp2ps NAME` (above), then Ghostscript must read NAME.ps.
  CommandResult gs = run_in(dir, "gs -dNODISPLAY -dBATCH -dQUIET -dNOPAUSE " + name + ".ps");
  EXPECT_EQ(gs.status, 0) << gs.out << gs.err;
}

INSTANTIATE_TEST_SUITE_P(Today, TodayHp, testing::ValuesIn(today_stems()),
                         [](const testing::TestParamInfo<std::string>& i) { return identifier(i.param); });

// A -hi .hp has only the addresses: --ipe with the log of the same run
// names every band whose address has a record there.
class TodayHi : public testing::TestWithParam<std::string> {};

TEST_P(TodayHi, IpeNamesTheHpFromTheLogOfTheSameRun) {
  const std::string& stem = GetParam();
  std::string dir = scratch_dir();
  write_file(dir + "/p.hp", read_file(kRoot + "/" + stem + ".hp"));
  write_file(dir + "/p.eventlog", read_file(kRoot + "/" + stem + ".eventlog"));
  CommandResult named = run_in(dir, exe() + " -t0 -m0 --ipe p.eventlog --format csv -o - p.hp");
  CommandResult log = run_in(dir, exe() + " -t0 -m0 --format csv -o - p.eventlog");
  ASSERT_EQ(named.status, 0) << named.err;
  ASSERT_EQ(log.status, 0) << log.err;
  std::string header = named.out.substr(0, named.out.find('\n'));
  // The same run's log names its own bands the same, in the same order (and
  // then has its GC series).
  std::string log_header = log.out.substr(0, log.out.find('\n'));
  EXPECT_EQ(header, log_header.substr(0, log_header.find(",GC: ")));
  EXPECT_EQ(log.err.find("has no IPE records"), std::string::npos) << log.err;
}

// The -hi log itself, as a user draws it: PostScript, the page, the report;
// the bands named (the program's own), the library closures said once.
TEST_P(TodayHi, ALogDrawsPagesAndReportsWithItsBandsNamed) {
  const std::string& stem = GetParam();
  std::string dir = scratch_dir();
  write_file(dir + "/p.eventlog", read_file(kRoot + "/" + stem + ".eventlog"));
  CommandResult ps = run_in(dir, exe() + " -c p.eventlog");
  EXPECT_EQ(ps.status, 0) << ps.err;
  EXPECT_EQ(ps.err.find("is not events"), std::string::npos) << ps.err;
  EXPECT_EQ(ps.err.find("has no IPE records"), std::string::npos) << ps.err;
  CommandResult html = run_in(dir, exe() + " --format html -o p.html p.eventlog");
  EXPECT_EQ(html.status, 0) << html.err;
  CommandResult text = run_in(dir, exe() + " --format text -o - p.eventlog");
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("eventlog, -hi, "), std::string::npos) << text.out;
  // Bands named by their source ("programs/Journal.hs:13:25-42") on the
  // page; none in Short.hs's, whose bands are all closures of base.
  bool named = read_file(dir + "/p.html").find("programs/") != std::string::npos;
  EXPECT_EQ(named, stem.find("/short/") == std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(Today, TodayHi, testing::ValuesIn(today_hi_stems()),
                         [](const testing::TestParamInfo<std::string>& i) { return identifier(i.param); });

// Two builds (9.6.6's and 9.10.3's) of one program: --diff matches the -hi
// bands by their records, not by the addresses every build changes.
TEST(TodayHi, DiffOfTwoBuildsNamesTheBands) {
  std::string dir = scratch_dir();
  write_file(dir + "/a.eventlog", read_file(kRoot + "/ghc-9.6.6/journal/journal.hi.eventlog"));
  write_file(dir + "/b.eventlog", read_file(kRoot + "/ghc-9.10.3/journal/journal.hi.eventlog"));
  CommandResult r = run_in(dir, exe() + " --diff a.eventlog b.eventlog --format text -o -");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("Journal.hs:"), std::string::npos) << r.out;
}

// Real eras (GHC 9.10, +RTS -he): --sort-number stacks them 1, 2, 3, ...
// from the bottom, in the .hp and the eventlog alike.
TEST(TodayEras, SortNumberStacksErasInOrder) {
  for (const char* kind : {"hp", "eventlog"}) {
    SCOPED_TRACE(kind);
    std::string dir = scratch_dir(), file = std::string("eras.he.") + kind;
    write_file(dir + "/" + file, read_file(kRoot + "/ghc-9.10.3/eras/" + file));
    CommandResult r = run_in(dir, exe() + " --sort-number -t0 --format csv -o - " + file);
    ASSERT_EQ(r.status, 0) << r.err;
    std::string header = r.out.substr(0, r.out.find('\n'));
    std::vector<int> eras;
    std::istringstream in(header);
    std::string f;
    std::getline(in, f, ',');  // time
    while (std::getline(in, f, ',') && !f.starts_with("GC: ")) eras.push_back(std::stoi(f));  // then the log's GC series
    ASSERT_GE(eras.size(), 3u) << header;
    EXPECT_TRUE(std::is_sorted(eras.begin(), eras.end())) << header;
  }
}

}  // namespace
}  // namespace hpng
