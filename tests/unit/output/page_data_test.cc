// The page's data (src/output/html/DATA.md): a -hi band's record is there
// for the table's columns, each field cut as the hover cuts it, so that a
// page of records with 64 KiB types stays small.
#include "output/page_data.h"

#include <gtest/gtest.h>

#include "hpng/layout/layout.h"
#include "support/util.h"

namespace hpng {
namespace {

TEST(PageData, ARecordsFieldsAreThereCut) {
  BandMatrix m = test::select_in_memory("hi.hp", test::hp_of({{"0x4a2b38", {1000, 2000, 3000}}}));
  m.info.info_tables["0x4a2b38"] = {"0x4a2b38", "go_info", "THUNK", std::string(65536, 'T'), "go", "Main", "M.hs:3:1-9", ""};
  std::vector<double> shades(m.bands.size(), 0.5);
  ChartLayout layout = layout_chart(m, shades, ChartStyle{});
  std::string data = page_data({PageChart{&m, "hi.hp", std::vector<Rgb>(m.bands.size(), Rgb{0, 0, 0}), nullptr}}, layout, "profile", false);
  EXPECT_LT(data.size(), 4000u);
  EXPECT_NE(data.find("\"ipe\":{\"closure_type\":\"THUNK\",\"type\":\"" + std::string(kShownRecordField, 'T') + "\u2026\","
                      "\"module\":\"Main\",\"src_loc\":\"M.hs:3:1-9\"}"),
            std::string::npos)
      << data.substr(0, 600);
}

TEST(PageData, MarkNamesAreThereCut) {
  BandMatrix m = test::select_in_memory("m.hp", test::hp_of({{"a", {1000, 2000, 3000}}}));
  m.info.marks = {{0.5, std::string(1024, 'k')}, {1.5, "short"}};
  ChartLayout layout = layout_chart(m, std::vector<double>(m.bands.size(), 0.5), ChartStyle{});
  std::string data = page_data({PageChart{&m, "m.hp", std::vector<Rgb>(m.bands.size(), Rgb{0, 0, 0}), nullptr}}, layout, "profile", false);
  EXPECT_NE(data.find("[0.5,\"" + std::string(kShownMarkName, 'k') + "\u2026\"],[1.5,\"short\"]"), std::string::npos)
      << data.substr(data.find("\"marks\""), 200);
}

}  // namespace
}  // namespace hpng
