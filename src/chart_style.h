// How the chart is drawn for this output: the options, settled against the
// output and input formats (resolution, vertex budget, where the key goes,
// the frame's size in points, the palette).
#pragma once
#include "hpng/run.h"
#include "hpng/shade.h"

namespace hpng {

struct PictureStyle {
  ChartStyle chart;
  Palette palette;
};

// Throws a usage Error for a size the output cannot take; warns where an
// option does nothing for this output.
PictureStyle picture_style(const Options& o, OutputFormat out, InputFormat in, Warnings& warnings);

}  // namespace hpng
