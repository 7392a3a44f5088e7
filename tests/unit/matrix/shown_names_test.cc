// A band's name as the report, the Markdown and a chart's own key show it:
// -hr sets spelled as their members, names from symbols marked, and what a
// name loses first where it does not fit.
#include "hpng/matrix/shown_names.h"

#include <gtest/gtest.h>

#include "support/util.h"

namespace hpng {
namespace {

struct NameCase {
  std::string name, raw, shown;
};

class RetainerMembers : public ::testing::TestWithParam<NameCase> {};

TEST_P(RetainerMembers, SpellASetAsWhatHoldsIt) { EXPECT_EQ(retainer_members(GetParam().raw), GetParam().shown); }

INSTANTIATE_TEST_SUITE_P(Sets, RetainerMembers,
                         ::testing::Values(NameCase{"one", "(2)SYSTEM", "{SYSTEM}"},
                                           NameCase{"two", "(84)main,readings", "{main, readings}"},
                                           NameCase{"cut_by_L", "(98)tally,", "{tally, \u2026}"},
                                           NameCase{"many", "MANY", "MANY"},
                                           NameCase{"not_an_id", "(x)main", "(x)main"},
                                           NameCase{"no_members", "(12)", "(12)"},
                                           NameCase{"a_thunk_name", "(...)", "(...)"}),
                         [](const auto& info) { return info.param.name; });

class WithoutDetail : public ::testing::TestWithParam<NameCase> {};

TEST_P(WithoutDetail, LosesWhatMattersLeast) { EXPECT_EQ(without_detail(GetParam().raw), GetParam().shown); }

INSTANTIATE_TEST_SUITE_P(
    Names, WithoutDetail,
    ::testing::Values(NameCase{"hi_table", "main Chain.hs:17:31 (Cons_Main_4_con_info)", "main Chain.hs:17:31"},
                      NameCase{"package", "containers-0.6.7:Data.Map.Internal.Bin", "Data.Map.Internal.Bin"},
                      NameCase{"marked", "ghc-prim:GHC.Types.: *", "GHC.Types.: *"},
                      NameCase{"ccs_place", "pairs.(...)[Main.hs:20:5-43]/pairs/main", "pairs.(...)[Main.hs:20:5-43]/pairs/main"},
                      NameCase{"constructor", "Main:Leaf", "Main:Leaf"}),
    [](const auto& info) { return info.param.name; });

Band band(const std::string& name) {
  Band b;
  b.name = name;
  return b;
}

BandMatrix retainer_matrix(const std::vector<std::string>& names) {
  BandMatrix m;
  m.info.header.job = "p +RTS -hr";
  for (const std::string& n : names) m.bands.push_back(band(n));
  return m;
}

// Two sets with the same members (ids of different censuses) are told
// apart by their ids: no two bands read alike.
TEST(ShownNames, SetsThatWouldReadAlikeKeepTheirIds) {
  std::vector<std::string> shown = shown_names(retainer_matrix({"(89)main", "(94)main", "(2)SYSTEM"}));
  EXPECT_EQ(shown, (std::vector<std::string>{"{main} #89", "{main} #94", "{SYSTEM}"}));
}

// The RTS cut the label at -L bytes (25 by default) without a mark: the
// spelling shows the cut.
TEST(ShownNames, ASetCutByTheRtsSaysSo) {
  EXPECT_EQ(shown_names(retainer_matrix({"(116)SYSTEM,report,averag"})).front(), "{SYSTEM, report, averag\u2026}");
  BandMatrix longer = retainer_matrix({"(116)SYSTEM,report,averag"});
  longer.info.header.job = "p +RTS -hr -L40";
  EXPECT_EQ(shown_names(longer).front(), "{SYSTEM, report, averag}");
}

TEST(ShownNames, OnlyARetainerProfileIsSpelled) {
  BandMatrix m = retainer_matrix({"(2)SYSTEM"});
  m.info.header.job = "p +RTS -hc";
  EXPECT_EQ(shown_names(m).front(), "(2)SYSTEM");
}

TEST(ShownNames, ANameFromSymbolsIsMarked) {
  BandMatrix m;
  m.bands.push_back(band("ghc-prim:GHC.Types.:"));
  m.bands.push_back(band("main Chain.hs:1:2"));
  m.info.info_tables["ghc-prim:GHC.Types.:"].named_from = "symbols";
  m.info.info_tables["main Chain.hs:1:2"];
  EXPECT_EQ(shown_names(m), (std::vector<std::string>{"ghc-prim:GHC.Types.: *", "main Chain.hs:1:2"}));
}

}  // namespace
}  // namespace hpng
