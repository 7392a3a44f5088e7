// The band/time matrix as data, for pipelines and dashboards.
#pragma once
#include <string>

#include "hpng/band_matrix.h"

namespace hpng {

std::string matrix_json(const BandMatrix& m);
std::string matrix_csv(const BandMatrix& m);

}  // namespace hpng
