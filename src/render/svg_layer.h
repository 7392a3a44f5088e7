// SVG for reports and the web, added to what Cairo wrote: a document
// title, a hover title (<title>) on every shape the layout gave one (the
// bands, their key boxes, heap lines, marks), and an invisible layer of the
// page's text as real <text>, so that a browser can find and copy names.
// Cairo's glyph outlines stay what the eye sees: they look the same in
// every viewer with no font to load, where a web font would cost several
// hundred kilobytes and fall back to another font wherever it is blocked.
#pragma once
#include <string>

#include "hpng/layout/picture.h"

namespace hpng {

// `svg` is Cairo's drawing of `layout`: pages stacked top to bottom, frame
// points times `scale`, every page's shapes drawn before any text. False if
// it is not what Cairo writes. With `page_attributes` (the HTML page's
// script finds shapes by them), a band's shapes also carry data-band="NAME"
// and every shape placed by time data-part ("band", "line", "mark") and
// data-graph (its page).
bool add_svg_layer(std::string& svg, const ChartLayout& layout, double scale, const std::string& document_title,
                   bool page_attributes = false);

}  // namespace hpng
