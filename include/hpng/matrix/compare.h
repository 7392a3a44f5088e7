// Several profiles drawn alike (--compare): one band list over all inputs,
// matched by name, so a band is drawn, or summed into OTHER, the same way in
// every chart, in the same order, with the same fill; and one scale.
#pragma once
#include <vector>

#include "hpng/bands/band_selection.h"
#include "hpng/matrix/band_matrix.h"
#include "hpng/stream/samples.h"

namespace hpng {

// One matrix per input, each read on the shared bands (`names`: the
// inputs', for messages). Trace elimination (-t) is each run's own: the
// bands drawn on their own are chosen (ordered, limited by -m and the
// budget) over all runs among those some run's own -t keeps, and drawn in
// every chart, matched; each chart sums into OTHER the rest of what its own
// -t keeps and leaves out what it drops. Each chart's title total is its
// run's own (bands drawn only for another run, which its -t drops, do not
// count). The reads' warnings go to `warnings` once. `held_cells`: as
// MatrixOptions's, for each chart.
std::vector<BandMatrix> shared_matrices(const std::vector<SampleSource>& sources,
                                        const std::vector<std::string>& names, const SelectOptions& select,
                                        size_t time_buckets, Warnings& warnings,
                                        size_t held_cells = 0);

// Every matrix gets the widest time span and the highest value range of all.
void share_scales(const std::vector<BandMatrix*>& ms);

}  // namespace hpng
