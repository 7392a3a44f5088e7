// See percent.h.
#include "hpng/matrix/percent.h"

namespace hpng {

void to_percent(BandMatrix& m) {
  for (size_t k = 0; k < m.times.size(); ++k) {
    double total = 0;
    for (const Band& b : m.bands) total += b.values[k];
    if (total == 0) continue;
    for (Band& b : m.bands) b.values[k] = 100 * b.values[k] / total;
  }
  m.y_range = 100;
  m.percent = true;
}

}  // namespace hpng
