// --ipe: a .hp written with -hi names its bands by info-table address
// ("0x4a3f10"); an eventlog of the same build holds the records that say
// what each table is. This stage renames the bands as it passes them on.
#pragma once
#include <string>

#include "hpng/stream/stream_steps.h"

namespace hpng {

// Each band named by `ipe`, then a band still named by an address by
// `symbols`; a band whose new name another band already took keeps its
// own, so bands stay apart. Bands still named by an address get a warning
// (unnamed_bands): none named (the wrong log), or some left (library
// closures, thunks without a symbol). Without a namer (no --ipe), a profile
// with bands that are addresses (a -hi .hp, or a -hi log's library
// closures) gets that warning, which says why and how to name them; tables
// that --symbols' binary contradicts, another. `name`: the input's, for
// the warnings.
StepMaker naming_step(BandNamer ipe, BandNamer symbols, std::string name);

// `symbols`, trusted for the profile `raw` reads only where its vet
// accepts the profile's addresses (a binary of another build has valid
// tables at some of them too, which name wrongly; a PIE is placed there).
// Decided at the first band named, by one read of `raw` more; untrusted,
// it names nothing and says why (NamedBand::refused).
BandNamer vetted_symbols(BandNamer symbols, SampleSource raw);

}  // namespace hpng
