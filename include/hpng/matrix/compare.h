// Several profiles drawn alike (--compare): one band list over all inputs,
// matched by name, so a band is drawn, or summed into OTHER, the same way in
// every chart, in the same order, with the same fill; and one scale.
#pragma once
#include <vector>

#include "hpng/bands/band_selection.h"
#include "hpng/matrix/band_matrix.h"
#include "hpng/stream/samples.h"

namespace hpng {

// One matrix per input: the selection decided over all of them together,
// each input read on the shared bands (`names`: the inputs', for messages).
// The reads' warnings go to `warnings` once.
std::vector<BandMatrix> shared_matrices(const std::vector<SampleSource>& sources,
                                        const std::vector<std::string>& names, const SelectOptions& select,
                                        size_t time_buckets, Warnings& warnings);

// Every matrix gets the widest time span and the highest value range of all.
void share_scales(std::vector<BandMatrix>& ms);

}  // namespace hpng
