// The renderer through its interface: what it refuses.
#include <gtest/gtest.h>

#include "hpng/layout/layout.h"
#include "hpng/render/render.h"
#include "hpng/shade/shade.h"
#include "support/util.h"

namespace hpng {
namespace {

// A format that is not a picture reaches the renderer only by a mistake of
// ours: it is refused with the renderer's code, not drawn as something else.
TEST(Render, AFormatThatIsNotAPictureIsCannotRender) {
  BandMatrix m = test::select_in_memory("m.hp", "JOB \"j\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n"
                                                "BEGIN_SAMPLE 0.0\na 5\nEND_SAMPLE 0.0\nBEGIN_SAMPLE 1.0\na 7\nEND_SAMPLE 1.0\n");
  ChartStyle style;
  ChartLayout layout = layout_chart(m, assign_shades(m, default_palette(false), nullptr), style);
  for (OutputFormat f : {OutputFormat::json, OutputFormat::csv, OutputFormat::html}) {
    EXPECT_EQ(test::error_code([&] { render_chart(layout, style, {f, 96, "j", "x"}); }), Code::cannot_render)
        << format_name(f);
  }
  EXPECT_EQ(test::error_code([&] { render_chart(layout, style, {OutputFormat::svg, 96, "j", "x"}); }), std::nullopt);
}

}  // namespace
}  // namespace hpng
