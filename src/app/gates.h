// The gates a pipeline sets (--max-peak, --max-growth), judged once the
// output is written: a run that passes a limit still leaves its picture.
#pragma once
#include <string>
#include <vector>

#include "hpng/app/options.h"
#include "hpng/matrix/band_matrix.h"

namespace hpng {

// One input as judged: its name for the message, its peak and its units.
struct Judged {
  std::string name;
  ProfilePeak peak;
  std::string value_unit, sample_unit;
};

inline Judged judged(std::string name, const BandMatrix& m) {
  return {std::move(name), m.peak, m.info.header.value_unit, m.info.header.sample_unit};
}

// --max-peak against each input; with `before_after` (--diff) and
// --max-growth, the second's peak against the first's. Throws Error
// (over_limit, exit status 3) saying every limit passed, by how much and
// when.
void check_gates(const Gates& gates, const std::vector<Judged>& runs, bool before_after = false);

}  // namespace hpng
