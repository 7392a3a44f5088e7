// The bundled fonts, loaded once for measuring and drawing text.
#pragma once

namespace hpng {

// Starts loading the bundled fonts on the other core, for the layout to find
// them ready; it waits for them if they are not. On a one-core machine does
// nothing (the layout loads them).
void preload_fonts();

}  // namespace hpng
