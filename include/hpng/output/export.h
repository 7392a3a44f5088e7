// The band/time matrix as data, for pipelines and dashboards.
#pragma once
#include <string>
#include <vector>

#include "hpng/matrix/band_matrix.h"

namespace hpng {

std::string matrix_json(const BandMatrix& m);
std::string matrix_csv(const BandMatrix& m);

// --compare: one matrix per input (named by `inputs`), on one band list.
std::string matrices_json(const std::vector<BandMatrix>& ms, const std::vector<std::string>& inputs);
std::string matrices_csv(const std::vector<BandMatrix>& ms, const std::vector<std::string>& inputs);

}  // namespace hpng
