// --ipe: a .hp written with -hi names its bands by info-table address
// ("0x4a3f10"); an eventlog of the same build holds the records that say
// what each table is. This stage renames the bands as it passes them on.
#pragma once
#include <string>

#include "hpng/read/eventlog_reader.h"
#include "hpng/stream/samples.h"

namespace hpng {

// Each band named by `namer`; a band whose new name another band already
// took keeps its own, so bands stay apart.
SampleSource with_band_names(SampleSource source, BandNamer namer);

// Without --ipe: a profile every band of which is an address (a -hi .hp)
// gets a warning (unnamed_bands) that says how to name them. `name`: the
// input's, for the warning.
SampleSource with_address_hint(SampleSource source, std::string name);

}  // namespace hpng
