// --ipe: a .hp written with -hi names its bands by info-table address
// ("0x4a3f10"); an eventlog of the same build holds the records that say
// what each table is. This stage renames the bands as it passes them on.
#pragma once
#include <string>

#include "hpng/stream/stream_steps.h"

namespace hpng {

// Each band named by `namer`; a band whose new name another band already
// took keeps its own, so bands stay apart. Bands still named by an address
// get a warning (unnamed_bands): none named (the wrong log), or some left
// (library closures). Without a namer (no --ipe), a profile with bands that
// are addresses (a -hi .hp, or a -hi log's library closures) gets that
// warning, which says why and how to name them. `name`: the input's, for
// the warning.
StepMaker naming_step(BandNamer namer, std::string name);

}  // namespace hpng
