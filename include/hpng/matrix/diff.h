// Stage on two matrices: --diff, the difference of two runs. For each band
// (matched by name; a band one run lacks counts as zero there), AFTER minus
// BEFORE over time. Two runs never sample at the same instants, so each
// run's band is taken as its chart draws it, a straight line from sample to
// sample and nothing before its first sample or after its last, and the
// difference is taken at every sample time of either run: what the eye
// compares between two charts on one time scale, with no sample dropped.
#pragma once
#include "hpng/matrix/band_matrix.h"

namespace hpng {

// `before` and `after` hold every band and every sample. The result's bands
// are ordered by how much they changed (the area between the two runs'
// curves), the most changed last (the top of the key); summed into OTHER
// are the bands that did not change, those whose change is under
// `trace_percent` of all the change (-t on the change), and the least
// changed beyond `band_limit` (0: none). Its total is the change in the
// title's total; its y axis runs from the lowest stack of shrinking bands
// to the highest of growing ones, with room above zero to label it.
BandMatrix difference(const BandMatrix& before, const BandMatrix& after, int band_limit, double trace_percent = 0);

}  // namespace hpng
