// Text measurement shared by layout and render: one Pango context over the
// bundled fonts, with hinting off so widths do not depend on the device.
#pragma once
#include <pango/pangocairo.h>

#include <string>

namespace hpng {

// The Pango context every measurement and drawing uses (bundled fonts only).
PangoContext* text_context();

// A layout of `text` at `size` points in the bundled sans font.
PangoLayout* make_text_layout(PangoContext* ctx, const std::string& text, double size);

double text_width(const std::string& text, double size);

}  // namespace hpng
