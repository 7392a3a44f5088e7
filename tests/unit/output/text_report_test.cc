// The text report: its order (the suspects first by growth, then by peak),
// its figures in human units against a hand computation, 80 columns
// whatever the names, the top 20 unless -m0, --diff's changes growth first,
// an eventlog's heap lines, and the census at exit named.
#include "support/judged.h"
#include "hpng/output/text_report.h"

#include <gtest/gtest.h>

#include <wchar.h>

#include <algorithm>
#include <clocale>
#include <cstdlib>
#include <sstream>

#include "support/util.h"

namespace hpng {
namespace {

using namespace hpng::test;

std::string header() { return "JOB \"j\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n"; }

// Bands given by their values at 0, 1, 2, ... s, then the closing empty sample.
std::string profile(const std::vector<std::pair<std::string, std::vector<long long>>>& bands) {
  std::string hp = header();
  size_t n = bands[0].second.size();
  for (size_t k = 0; k <= n; ++k) {
    hp += "BEGIN_SAMPLE " + std::to_string(k) + ".0\n";
    for (const auto& [name, v] : bands) {
      if (k < n) hp += name + "\t" + std::to_string(v[k]) + "\n";
    }
    hp += "END_SAMPLE " + std::to_string(k) + ".0\n";
  }
  return hp;
}

BandMatrix every(const std::string& hp, const std::string& name = "p.hp") {
  SelectOptions o;
  o.trace_percent = 0, o.band_limit = 0;
  return test::select_in_memory(name, hp, o);
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// The table's rows, after its heading row.
std::vector<std::string> rows(const std::string& report) {
  std::vector<std::string> all = lines(report), out;
  size_t k = 0;
  while (k < all.size() && all[k].find("  shape") != 0) ++k;
  for (++k; k < all.size(); ++k) out.push_back(all[k]);
  return out;
}

// Screen columns as the C library counts them in a UTF-8 locale (wide East
// Asian characters and emoji two, combining marks none): an oracle apart
// from the report's own count.
size_t columns(const std::string& s) {
  static const bool utf8 = std::setlocale(LC_CTYPE, "C.UTF-8") != nullptr;
  EXPECT_TRUE(utf8) << "no C.UTF-8 locale";
  std::vector<wchar_t> wide(s.size() + 1);
  size_t n = std::mbstowcs(wide.data(), s.c_str(), wide.size());
  EXPECT_NE(n, static_cast<size_t>(-1)) << "not UTF-8: " << s;
  int w = ::wcswidth(wide.data(), n);
  EXPECT_GE(w, 0) << "a character with no width (a control): " << s;
  return static_cast<size_t>(std::max(w, 0));
}

TEST(TextReport, TooShortToJudgeThenByPeakWithHandFigures) {
  std::string hp = profile({{"big_released", {9000000, 9000000, 1000000, 1000000, 1000000}},
                            {"slow_leak", {1000000, 1500000, 2000000, 2500000, 3000000}},
                            {"fast_leak", {1000000, 2000000, 3000000, 4000000, 5000000}},
                            {"steady", {4000000, 4000000, 4000000, 4000000, 4000000}}});
  std::string r = report_of(every(hp), "p.hp", false);
  std::vector<std::string> t = rows(r);
  ASSERT_EQ(t.size(), 4u) << r;
  // Areas down to the closing sample at 5 s: fast 14.5, slow 9.5, big 16.5,
  // steady 18 of 58.5 MB s. Slopes: fast 1 MB/s, big -24/10 MB/s.
  EXPECT_EQ(t[0], "  -           9.0 MB 0.000 s   1.0 MB   -2.4 MB/s 28.2% big_released");
  EXPECT_EQ(t[1], "  -           5.0 MB  4.00 s   5.0 MB   +1.0 MB/s 24.8% fast_leak");
  EXPECT_EQ(t[2], "  -           4.0 MB 0.000 s   4.0 MB       0 B/s 30.8% steady");
  EXPECT_EQ(t[3], "  -           3.0 MB  4.00 s   3.0 MB +500.0 kB/s 16.2% slow_leak");
  EXPECT_NE(r.find("  peak        16.5 MB at 1.00 s\n"), std::string::npos) << r;  // 9 + 1.5 + 2 + 4
  EXPECT_NE(r.find("  final       13.0 MB (the last sample with data)\n"), std::string::npos) << r;
  EXPECT_NE(r.find("  suspects    too short to judge: 5 samples with data (10 needed)\n"), std::string::npos) << r;
}

// Twelve censuses: two ramps held to the end, one spike, one steady band.
TEST(TextReport, SuspectsFirstInTheVerdictsOrderEachWithItsShape) {
  std::vector<long long> fast, slow, spike(12, 100000), steady(12, 4000000);
  for (long long k = 0; k < 12; ++k) fast.push_back(1000000 * (k + 1)), slow.push_back(500000 * (k + 1));
  spike[5] = 9000000;
  std::string r = report_of(every(profile({{"spike", spike}, {"slow_leak", slow}, {"fast_leak", fast}, {"steady", steady}})),
                                 "p.hp", false);
  std::vector<std::string> t = rows(r);
  ASSERT_EQ(t.size(), 4u) << r;
  EXPECT_EQ(t[0].substr(0, 11), "  ramp-held") << r;
  EXPECT_TRUE(t[0].ends_with(" fast_leak")) << r;
  EXPECT_TRUE(t[1].ends_with(" slow_leak")) << r;
  EXPECT_EQ(t[2].substr(0, 8) + t[3].substr(0, 8), "  spike   steady") << r;
  EXPECT_NE(r.find("  suspects    2 bands: fast_leak, slow_leak\n"
                   "              fast_leak: ramp, held to the end (high)\n"
                   "              slow_leak: ramp, held to the end (high)\n"),
            std::string::npos)
      << r;
}

// A ramp whose last census is the RTS's teardown (a tenth of the one
// before) is held until the census before it, not "to the end": its final
// column says 0 B.
TEST(TextReport, ARampBeforeTheTeardownIsHeldUntilItsLastCensus) {
  std::vector<long long> leak, rest(13, 1000000);
  for (long long k = 0; k < 12; ++k) leak.push_back(1000000 * (k + 1));
  leak.push_back(0), rest.back() = 10000;
  std::string r = report_of(every(profile({{"leak", leak}, {"rest", rest}})), "p.hp", false);
  EXPECT_NE(r.find("              leak: ramp, held until 11.0 s (high)\n"), std::string::npos) << r;
  EXPECT_EQ(r.find("held to the end"), std::string::npos) << r;
}

TEST(TextReport, ABiographyIsReadForWhatItIs) {
  std::vector<long long> lag, use(12, 1000000);
  for (long long k = 0; k < 12; ++k) lag.push_back(2000000 * (k + 1));
  std::string r = report_of(every(profile({{"LAG", lag}, {"USE", use}, {"DRAG", std::vector<long long>(12, 0)}})),
                                 "p.hp", false);
  EXPECT_NE(r.find("  biography   lag 93%, use 7%, drag 0%, void 0% of the heap-time\n"
                   "              leak evidence: lag (made long before its first use)\n"),
            std::string::npos)
      << r;
  EXPECT_NE(r.find("  suspects    1 band: LAG\n"), std::string::npos) << r;
}

// A lazy accumulator forced on a deep stack: the finding, and each chain
// band's part where its course has no leak's shape.
TEST(TextReport, AThunkChainIsSaidWithEachBandsPart) {
  std::string hp = test::read_file(std::string(HPNG_CASES) + "/../thunk-chain/accum.hc.hp");
  std::string r = report_of(every(hp, "accum.hc.hp"), "accum.hc.hp", false);
  EXPECT_NE(r.find("  thunks      a chain of unevaluated thunks forced on a deep stack (24.4 MB)\n"), std::string::npos)
      << r;
  EXPECT_NE(r.find("  suspects    2 bands: (177)SYSTEM, (344)main.\\/main\n"), std::string::npos) << r;
  EXPECT_NE(r.find(": made the thunk chain\n"), std::string::npos) << r;
  std::string plain = report_of(every(profile({{"x", std::vector<long long>(12, 5000000)}})), "p.hp", false);
  EXPECT_EQ(plain.find("thunks"), std::string::npos) << plain;
}

TEST(TextReport, EveryLineFitsEightyColumnsAndNoControlCharacterPasses) {
  std::string stack = "go";
  for (int k = 0; k < 400; ++k) stack += "/f" + std::to_string(k);
  std::string hp = profile({{stack, {100, 200}},
                            {"evil\x1b[31mred\x7f\xc2\x9b", {50, 60}},
                            {std::string(5000, 'x'), {1, 2}},
                            {"huge", {0, 0}}});
  // A 36-digit value (a fuzzer's find: "123456789012345680.0 EB" made an
  // 87-column line).
  hp.replace(hp.find("huge\t0"), 6, "huge\t123456789012345678901234567890123456");
  hp.replace(hp.find("JOB \"j\""), 7, "JOB \"" + std::string(300, 'J') + "\"");
  std::string r = report_of(every(hp), std::string(200, 'p') + ".hp", true);
  for (const std::string& line : lines(r)) EXPECT_LE(columns(line), 80u) << line;
  // Units of any length (a fuzzer's find: "by(tes) \v" made 86 columns).
  std::string units = hp;
  units.replace(units.find("\"seconds\""), 9, "\"sec(s) \\u and more\"").replace(units.find("\"bytes\""), 7, "\"by(tes) \\v\"");
  for (const std::string& line : lines(report_of(every(units), "u.hp", true))) EXPECT_LE(columns(line), 80u) << line;
  for (char c : r) EXPECT_FALSE((static_cast<unsigned char>(c) < 0x20 && c != '\n') || c == 0x7f) << int(c);
  EXPECT_EQ(r.find("\xc2\x9b"), std::string::npos) << "a C1 control (CSI) reaches the terminal";
  EXPECT_NE(r.find(" go/\u2026/f396/f397/f398/f399\n"), std::string::npos) << "a stack keeps its first and last frames, as the key:\n" << r;
}

// Names in wide characters (CJK, emoji) are cut by screen columns, not by
// characters, and a bidi control (U+202E would reverse the rest of the
// line) is shown as its code.
TEST(TextReport, WideCharactersAreCutByColumnsAndBidiControlsShown) {
  std::string cjk, emoji;
  for (int k = 0; k < 40; ++k) cjk += "\u6f22\u5b57", emoji += "\U0001F600";
  std::string r = report_of(every(profile({{"Main." + cjk, {100, 200}}, {emoji + ".go", {90, 180}},
                                                {"evil\xe2\x80\xae-x\xe2\x81\xa6", {10, 20}}})),
                                 cjk + ".hp", true);
  for (const std::string& line : lines(r)) EXPECT_LE(columns(line), 80u) << line;
  EXPECT_NE(r.find("evil\\u202e-x\\u2066"), std::string::npos) << r;
  EXPECT_EQ(r.find("\xe2\x80\xae"), std::string::npos);
}

TEST(TextReport, TwentyBandsUnlessEveryOneIsAsked) {
  std::vector<std::pair<std::string, std::vector<long long>>> bands;
  for (int k = 0; k < 30; ++k) bands.push_back({"b" + std::to_string(k), {k + 1, k + 1}});
  BandMatrix m = every(profile(bands));
  std::string top = report_of(m, "p.hp", false), all = report_of(m, "p.hp", true);
  EXPECT_EQ(rows(top).size(), 21u) << top;
  EXPECT_EQ(rows(top).back(), "  (10 more bands: -m0 lists every one)");
  EXPECT_NE(rows(top)[0].find(" b29"), std::string::npos) << "the largest first";
  EXPECT_EQ(rows(all).size(), 30u);
}

// Names that one cut would make alike (-hi names that differ only in their
// table, at their end) keep what they are and the part that tells them
// apart; names alike even so are numbered. Real names of a GHC 9.6 -hi log.
TEST(TextReport, NoTwoBandsShareALabel) {
  std::string a = "main (programs/Journal.hs:21:17, Request_Main_1_con_info)";
  std::string b = "main (programs/Journal.hs:21:17, :_Main_1_con_info)";
  std::string c = "table (programs/Labels/A.hs:6:20-31, :_Labels.A_1_con_info)";
  std::string d = "table (programs/Labels/A.hs:6:12-31, Entry_Labels.A_1_con_info)";
  std::string r = report_of(every(profile({{a, {400, 400}}, {b, {300, 300}}, {c, {200, 200}}, {d, {100, 100}}})),
                                 "p.hp", false);
  EXPECT_NE(r.find(" main (\u2026Request_Main_1_c\u2026\n"), std::string::npos) << r;
  EXPECT_NE(r.find(" main (\u2026:_Main_1_con_inf\u2026\n"), std::string::npos) << r;
  EXPECT_NE(r.find(" table (\u202620-31, :_Labels\u2026\n"), std::string::npos) << r;
  EXPECT_NE(r.find(" table (\u202612-31, Entry_La\u2026\n"), std::string::npos) << r;
  std::string same(60, 'x');
  std::string twins = report_of(every(profile({{same + "a", {2, 2}}, {same + "b", {1, 1}}})), "p.hp", false);
  std::vector<std::string> rows = lines(twins);
  EXPECT_NE(rows[rows.size() - 1], rows[rows.size() - 2]);
}

// A -hi profile's bands that are bare addresses (no IPE record): how many,
// how much of the heap, and why.
TEST(TextReport, BareAddressesAreCountedAndExplained) {
  std::string r = report_of(every(profile({{"0x4a2b38", {3000, 3000}}, {"main (M.hs:3:1-9, go_info)", {1000, 1000}},
                                                {"0x4a2c00", {1000, 1000}}, {"0xfoo", {1, 1}}})),
                                 "p.hp", false);
  EXPECT_NE(r.find("  unnamed     2 of 4 bands (80% of the heap-time) are bare addresses:\n"
                   "              info tables no IPE record names (built without -finfo-table-map)\n"),
            std::string::npos)
      << r;
  EXPECT_EQ(report_of(every(profile({{"main", {1, 1}}})), "p.hp", false).find("unnamed"), std::string::npos);
}

std::string with_job(std::string hp, const std::string& job) {
  return hp.replace(hp.find("JOB \"j\""), 7, "JOB \"" + job + "\"");
}

// GHC's restriction (+RTS -hc -hbdrag,void) leaves only the closures in
// those phases: the largest band is who holds them.
TEST(TextReport, ARestrictedProfileSaysWhoHoldsThePhases) {
  std::string hp = profile({{"holder", {3000, 3000}}, {"other", {1000, 1000}}});
  EXPECT_NE(report_of(every(with_job(hp, "p +RTS -hc -hbdrag,void -i0.1")), "p.hp", false)
                .find("  restricted  -hbdrag,void\n"
                      "              only the closures these select are counted\n"
                      "              drag,void only: holder holds 75%\n"),
            std::string::npos);
  EXPECT_EQ(report_of(every(with_job(hp, "p +RTS -hb -i0.1")), "p.hp", false).find("restricted"), std::string::npos)
      << "-hb is no restriction";
  EXPECT_EQ(report_of(every(hp), "p.hp", false).find("restricted"), std::string::npos);
}

// A .hp's JOB carries the restrictions as the RTS took them: the last of
// each kind, GHCRTS's words first, none after a program argument's -h.
TEST(TextReport, ARestrictedProfileSaysItsRestriction) {
  std::string hp = profile({{"Map", {3000, 3000}}});
  EXPECT_NE(report_of(every(with_job(hp, "GrowMap -hcx +RTS -hc -hcreading -i0.05 -hcremember -hyMap -l")), "p.hp", false)
                .find("  restricted  -hcremember -hyMap\n              only the closures these select are counted\n"),
            std::string::npos);
  EXPECT_EQ(report_of(every(with_job(hp, "GrowMap -hcx +RTS -hc -l")), "p.hp", false).find("restricted"),
            std::string::npos);
}

// After a suspect, the command that explains it, copyable: the program's
// words as the shell reads them back; a plain build told what -prof adds.
TEST(TextReport, ASuspectGetsTheCommandThatExplainsIt) {
  std::vector<long long> ramp;
  for (long long k = 0; k < 12; ++k) ramp.push_back(1000000 * (k + 1));
  std::string hp = profile({{"Map", ramp}});
  EXPECT_NE(report_of(every(with_job(hp, "./leak it's 3 +RTS -hy -i0.1")), "p.hp", false)
                .find("  next        hp2ps-ng --record --explain -- ./leak 'it'\\''s' 3\n"
                      "              runs it again to say which code makes Map and what holds it\n"),
            std::string::npos);
  EXPECT_NE(report_of(every(with_job(hp, "leak")), "p.hp", false)
                .find("  next        hp2ps-ng --record --explain -- leak\n"
                      "              with ghc -prof -fprof-auto -rtsopts it says which code makes it\n"),
            std::string::npos);
  EXPECT_EQ(report_of(every(with_job(hp, "leak +RTS -hc -hyMap")), "p.hp", false).find("next"), std::string::npos)
      << "a restricted run is a step of the explanation already";
  EXPECT_EQ(report_of(every(with_job(profile({{"Map", std::vector<long long>(12, 5)}}), "leak")), "p.hp", false).find("next"),
            std::string::npos)
      << "no suspect, nothing to explain";
}

// A name cut to the table's column loses what matters least first: a -hi
// name its table, a closure its package.
TEST(TextReport, ANameLosesItsDetailBeforeWhatItIs) {
  std::string r = report_of(every(profile({{"main Chain.hs:17:31 (Cons_Main_4_con_info)", {3000, 3000}},
                                           {"containers-0.6.7:Data.Map.Internal.Bin", {2000, 2000}}})),
                            "p.hp", false);
  std::vector<std::string> t = rows(r);
  ASSERT_EQ(t.size(), 2u) << r;
  EXPECT_TRUE(t[0].ends_with(" main Chain.hs:17:31")) << r;
  EXPECT_TRUE(t[1].ends_with(" Data.Map.Internal.Bin")) << r;
}

// A retainer profile's names are read once for the reader: each set
// spelled as its members (its id means nothing beyond one census), what
// names them, the RTS's own retainers among them.
TEST(TextReport, RetainerSetsAreExplainedOnce) {
  std::string hp = profile({{"(2)SYSTEM", {3000, 3000}}, {"(84)main,readings", {1000, 1000}}});
  std::string r = report_of(every(with_job(hp, "p +RTS -hr -i0.1")), "p.hp", false);
  EXPECT_NE(r.find("  retainers   {a, b}: a set of retainers, named by their innermost cost centres\n"
                   "              #n: set n of one census, where a set recurs (the RTS's (n)a,b)\n"
                   "              SYSTEM: a thread's stack: an evaluation in progress holds it\n"),
            std::string::npos)
      << r;
  std::vector<std::string> t = rows(r);
  ASSERT_EQ(t.size(), 2u) << r;
  EXPECT_TRUE(t[0].ends_with(" {SYSTEM}")) << r;
  EXPECT_TRUE(t[1].ends_with(" {main, readings}")) << r;
  EXPECT_EQ(r.find("MAIN:"), std::string::npos) << "only the RTS's retainers that are there";
  EXPECT_EQ(report_of(every(with_job(hp, "p +RTS -hc")), "p.hp", false).find("retainers"), std::string::npos);
}

TEST(TextReport, DiffListsTheLargestChangesGrowthFirst) {
  BandMatrix before = every(profile({{"fixed", {9000000, 9000000}}, {"same", {5, 5}}, {"worse", {100, 100}}, {"gone", {1000, 1000}}}));
  BandMatrix after = every(profile({{"fixed", {1000000, 1000000}}, {"same", {5, 5}}, {"worse", {3100, 3100}}, {"new", {20, 20}}}));
  std::string r = diff_report(before, after, {verdict_of(before), verdict_of(after)}, {"a.hp", "b.hp"}, false);
  std::vector<std::string> all = lines(r);
  size_t head = 0;
  while (head < all.size() && all[head].find("      change") != 0) ++head;
  ASSERT_LT(head + 4, all.size()) << r;
  EXPECT_EQ(all[head + 1], "     +3.0 kB    100 B   3.1 kB  +3000% worse");
  EXPECT_EQ(all[head + 2], "       +20 B      0 B     20 B     new new");
  EXPECT_EQ(all[head + 3], "     -8.0 MB   9.0 MB   1.0 MB    -89% fixed");
  EXPECT_EQ(all[head + 4], "     -1.0 kB   1.0 kB      0 B    gone gone");
  EXPECT_EQ(head + 5, all.size()) << "an unchanged band is not listed:\n" << r;
  EXPECT_NE(r.find("  peak        -8.0 MB (-89%)\n"), std::string::npos) << r;  // 9,001,105 to 1,003,125
}

TEST(TextReport, AnEventlogGivesTheHeapsPeaksAndTheCensusAtExit) {
  std::string dir = std::string(HPNG_CASES) + "/../";
  std::string log = report_of(every(test::read_file(dir + "eventlog-small/leak-hT-N2.eventlog"), "l.eventlog"), "l", false);
  EXPECT_NE(log.find("  heap size   peak 315.6 MB at 1.81 s (HEAP_SIZE)\n"), std::string::npos) << log;
  EXPECT_NE(log.find("  live bytes  peak 122.7 MB at 1.81 s (HEAP_LIVE)\n"), std::string::npos) << log;
  EXPECT_NE(log.find("  end         judged at 1.81 s (at 1.84 s the heap was torn down at exit)\n"), std::string::npos) << log;
  EXPECT_NE(log.find("(elapsed time)"), std::string::npos);
  EXPECT_NE(log.find("  suspects    3 bands: ghc-prim:GHC.Types.:, ghc-prim:GHC.Types.I# and 1 more\n"), std::string::npos) << log;
  EXPECT_NE(log.find("  next        hp2ps-ng --record --explain -- ./LeakT\n"), std::string::npos) << log;
  std::string hp = report_of(every(test::read_file(dir + "leak-programs/steady-hT.hp")), "s.hp", false);
  EXPECT_EQ(hp.find("heap size"), std::string::npos) << "a .hp has no GC events";
  EXPECT_NE(hp.find("(the program's own time)"), std::string::npos);
}

}  // namespace
}  // namespace hpng
