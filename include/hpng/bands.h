// Band selection: hp2ps's processing, stage by stage (trace elimination,
// -d, -i, -p ordering, band limit and OTHER), then the band/time matrix
// that every output draws. Only the drawn bands are ever held in memory: the
// profile is read once for the statistics selection needs, once more for
// -d, and once for the drawn rows.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "hpng/aux_file.h"
#include "hpng/profile.h"

namespace hpng {

enum class NameOrder { none, ascending, descending };

struct SelectOptions {
  double trace_percent = 1.0;  // -t
  bool by_deviation = false;   // -d
  NameOrder by_name = NameOrder::none;  // -i, -i-
  int band_limit = 20;         // -m; 0 = no limit
  const AuxFile* aux = nullptr;  // -p
  // 0: the matrix holds every sample. Else, when there are more samples
  // than twice this, the time axis is cut into this many equal buckets and
  // the matrix holds per bucket the samples where the stacked total is
  // lowest and highest, plus the first and last: enough for a drawing
  // simplified to fewer columns than buckets (layout.h, visible_samples).
  size_t time_buckets = 0;
};

struct Band {
  std::string name;
  std::vector<double> values;  // one per time, unscaled, 0 where no point
};

struct BandMatrix {
  std::string job, date, sample_unit, value_unit, input_format;
  std::vector<double> times;  // every sample's, or those time_buckets kept
  std::vector<Band> bands;  // drawing order: index 0 is the bottom band
  std::vector<double> marks;
  double x_range = 1;  // span of the x axis (hp2ps's X)
  double y_range = 1;  // top of the y axis (hp2ps's Y)
  double total = 0;    // trapezoid area of the stacked total (title figure),
                       // ranges and total always from every sample
};

// hp2ps's 513-bucket hash: the order bands start in before any sort, which
// decides how ties end up.
uint32_t hp2ps_hash_bucket(const std::string& name);

// Runs every stage and returns the matrix to draw. The first read's
// warnings are appended to `warnings`. Throws InputError when the drawn
// rows would exceed kMaxMatrixCells.
BandMatrix select_bands(const ReadPass& read, const SelectOptions& opts, Warnings& warnings);

}  // namespace hpng
