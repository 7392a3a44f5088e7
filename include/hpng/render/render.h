// Drawing: paints a ChartLayout onto a Cairo surface. The output format only
// picks the surface; the drawing is the same for all of them.
#pragma once
#include <string>

#include "hpng/layout/chart_style.h"
#include "hpng/layout/picture.h"
#include "hpng/base/output_format.h"

namespace hpng {

struct RenderOptions {
  OutputFormat format = OutputFormat::ps;
  double dpi = kDefaultDpi;   // PNG only
  std::string title;          // PS %%Title, PDF metadata, SVG <title>
  std::string target;         // the output's name, for messages
  bool transparent = false;   // SVG and PNG: no white page behind the chart
  bool page_attributes = false;  // SVG: shapes say their band and graph (svg_layer.h), for the HTML page
};

// The finished file's bytes. Throws Error (cannot_render) if Cairo reports a
// failure.
std::string render_chart(const ChartLayout& layout, const ChartStyle& style,
                         const RenderOptions& opts);

}  // namespace hpng
