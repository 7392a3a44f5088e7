// GHC's Z-encoding read back: the doc's cases (../shared/docs/
// explain-workflow.md, 7.5 and 7.6), then every info-table symbol of two
// real programs (GHC 9.0.2's and 9.6.6's, tests/data/symbols), each
// decoded and encoded again into exactly itself.
#include <gtest/gtest.h>

#include <cstdio>
#include <sstream>

#include "hpng/read/symbols.h"
#include "support/util.h"

namespace hpng {
namespace {

struct Named {
  const char* symbol;
  const char* shown;
};
void PrintTo(const Named& n, std::ostream* os) { *os << n.symbol; }

class SymbolNames : public ::testing::TestWithParam<Named> {};

TEST_P(SymbolNames, ReadAsGhcNamesTheClosure) {
  std::optional<SymbolName> s = decode_symbol(GetParam().symbol);
  ASSERT_TRUE(s);
  EXPECT_EQ(shown_name(*s), GetParam().shown);
}

INSTANTIATE_TEST_SUITE_P(
    Symbols, SymbolNames,
    ::testing::Values(Named{"ghczmprim_GHCziTypes_ZC_con_info", "ghc-prim:GHC.Types.:"},
                      Named{"ghczmprim_GHCziTypes_ZMZN_con_info", "ghc-prim:GHC.Types.[]"},
                      Named{"containerszm0zi6zi7_DataziMapziInternal_Bin_con_info", "containers-0.6.7:Data.Map.Internal.Bin"},
                      Named{"ghczmprim_GHCziTypes_Izh_Main_3_con_info", "ghc-prim:GHC.Types.I#"},
                      Named{"base_GHCziIOziHandleziTypes_Handlezuzu_con_info", "base:GHC.IO.Handle.Types.Handle__"},
                      Named{"ZZenc_Cafz0e9U_con_info", "Zenc.Café"}, Named{"ZZenc_ZZz0e8Ubre_con_info", "Zenc.Zèbre"},
                      Named{"ZZenc_ZCztZC_con_info", "Zenc.:*:"}, Named{"ZZenc_zlzdzdzg_info", "Zenc.<$$>"},
                      Named{"ZZenc_foozq_info", "Zenc.foo'"}, Named{"ZZenc_zzigZZag_info", "Zenc.zigZag"},
                      Named{"ZZenc_zdwnaz0efUve_info", "Zenc.$wnaïve"},
                      Named{"ghczmprim_GHCziTupleziPrim_Z2T_con_info", "ghc-prim:GHC.Tuple.Prim.(,)"},
                      Named{"ghczmprim_GHCziTuple_Z0T_con_info", "ghc-prim:GHC.Tuple.()"},
                      Named{"base_DataziData_zdfDataZLZR11_info", "base:Data.Data.$fData()11"},
                      Named{"Main_main_info", "Main.main"}, Named{"stg_STACK_info", "STACK"},
                      Named{"stg_MUT_VAR_CLEAN_info", "MUT_VAR_CLEAN"}),
    [](const auto& info) {
      std::string id;
      for (char c : std::string(info.param.symbol)) id += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
      return id;
    });

TEST(Symbols, OnlyInfoTablesAreRead) {
  EXPECT_FALSE(decode_symbol("ghczmprim_GHCziTypes_ZC_closure"));
  EXPECT_FALSE(decode_symbol("hs_word2float64"));
  EXPECT_FALSE(decode_symbol("__stg_EAGER_BLACKHOLE_info"));
  EXPECT_FALSE(decode_symbol("_info"));
  std::optional<SymbolName> distinct = decode_symbol("ghczmprim_GHCziTypes_Izh_Main_3_con_info");
  ASSERT_TRUE(distinct);
  EXPECT_EQ(distinct->kind, SymbolKind::constructor);
  EXPECT_EQ(distinct->extra, "Main_3");
}

// GHC's encoding, the decoder's inverse (the doc's table): a tuple name
// whole, then each character as itself, a pair, or a code point.
std::string z_encode(const std::string& decoded) {
  bool tuple = decoded.size() >= 2 && decoded.front() == '(' && decoded.back() == ')' &&
               decoded.find_first_not_of(',', 1) == decoded.size() - 1;
  if (tuple) return "Z" + std::to_string(decoded == "()" ? 0 : decoded.size() - 1) + "T";
  if (decoded == "(# #)") return "Z1H";
  static const std::string kFrom = "z&|^$=>#.<-!+'\\/*_%Z()[]:", kTo = "zabcdeghilmnpqrstuvZLRMNC";
  std::string out;
  for (size_t i = 0; i < decoded.size();) {
    unsigned char c = static_cast<unsigned char>(decoded[i]);
    size_t at = kFrom.find(static_cast<char>(c));
    if (c < 0x80 && at != std::string::npos) {
      out += std::string(1, at < 19 ? 'z' : 'Z') + kTo[at], ++i;
    } else if (c < 0x80 && std::isalnum(c)) {
      out += static_cast<char>(c), ++i;
    } else {  // a code point, in hexadecimal, a 0 before a leading letter
      int n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0x80 ? 2 : 1;
      unsigned long cp = n == 1 ? c : c & (0x3F >> (n - 1));
      for (int k = 1; k < n; ++k) cp = (cp << 6) | (static_cast<unsigned char>(decoded[i + k]) & 0x3F);
      char hex[16];
      std::snprintf(hex, sizeof hex, "%lx", cp);
      out += std::string("z") + (std::isalpha(static_cast<unsigned char>(hex[0])) ? "0" : "") + hex + "U";
      i += n;
    }
  }
  return out;
}

std::string encoded(const SymbolName& s) {
  std::string suffix = s.kind == SymbolKind::constructor ? "_con_info" : s.kind == SymbolKind::static_info ? "_static_info" : "_info";
  std::string unit = s.unit.empty() ? "" : z_encode(s.unit) + "_";
  return unit + z_encode(s.module) + "_" + z_encode(s.name) + (s.extra.empty() ? "" : "_" + s.extra) + suffix;
}

class RealSymbols : public ::testing::TestWithParam<std::string> {};

TEST_P(RealSymbols, DecodeIntoWhatEncodesBackExactly) {
  std::string file = std::string(HPNG_CASES) + "/../symbols/" + GetParam() + "-info-symbols.txt.xz";
  test::CommandResult list = test::run_in(test::scratch_dir(), "xz -dc " + test::shell_quote(file));
  ASSERT_EQ(list.status, 0) << list.err;
  std::istringstream in(list.out);
  size_t read = 0, haskell = 0;
  for (std::string symbol; std::getline(in, symbol); ++read) {
    std::optional<SymbolName> s = decode_symbol(symbol);
    if (!s || s->rts) continue;
    ++haskell;
    EXPECT_EQ(encoded(*s), symbol) << shown_name(*s);
  }
  EXPECT_GT(read, 1000u);
  EXPECT_GT(haskell, read * 3 / 4) << "most info tables are Haskell closures, the rest the RTS's";
}

INSTANTIATE_TEST_SUITE_P(Symbols, RealSymbols, ::testing::Values("ghc-9.0.2", "ghc-9.6.6"),
                         [](const auto& info) { return std::string(info.param).replace(3, 1, "_").replace(5, 1, "_").replace(7, 1, "_"); });

}  // namespace
}  // namespace hpng
