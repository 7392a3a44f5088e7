// Several runs read as one (--compare, --diff): their bands matched by name
// across the runs, and the runs' streams combined on one band list.
#pragma once
#include <string>
#include <vector>

#include "hpng/stream/samples.h"

namespace hpng {

// The inputs with their bands named so that runs match: by a band's
// identity across builds, its name without the .hp's "(314)" id (ids
// number one build's stacks; an eventlog has none) and without the source
// locations the eventlog reader adds to labels -fprof-auto shares (they
// move with every line added above); a name the RTS cut with -L
// ("f/main.tab...") as the whole name of another input that it begins,
// where there is exactly one. Where a run has several bands of one
// identity, they are paired across runs in the order of their source
// locations and keep a location to tell them apart; two bands of one run
// are never added up (transform/band_identity.h). Reads each input once;
// the reads' warnings go to `warnings`.
std::vector<SampleSource> matched_by_name(const std::vector<SampleSource>& sources, Warnings& warnings);

// The inputs as one stream, for hp2ps's statistics over all of them: each
// input's samples after the previous input's (times shifted so they never
// decrease), its bands matched to earlier inputs' by name.
SampleSource one_after_another(std::vector<SampleSource> sources);

// One input, its bands numbered by `names` (the shared list), all announced
// before its first sample; a band this input lacks is a row of zeros.
// `name` is the input's, for messages.
SampleSource on_shared_bands(SampleSource source, std::vector<std::string> names, std::string name);

}  // namespace hpng
