// The band/time matrix every output draws or exports: the selected bands'
// values at each kept sample time, OTHER summed, in drawing order, with the
// axis ranges and the title total. Built by one more read of the stream,
// which adds each point into the row of the band it is drawn in.
#pragma once
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "hpng/read/aux_file.h"
#include "hpng/bands/band_selection.h"
#include "hpng/bands/band_stats.h"
#include "hpng/matrix/sample_pieces.h"

namespace hpng {

// The values of a matrix too large to hold (matrix/spilled_rows.h).
class SpilledRows;

// A matrix of every sample beyond this many values (16 MiB) is spilled
// where its output allows (OutputPlan::held_cells).
constexpr size_t kHeldCells = size_t{1} << 21;

struct Band {
  std::string name;
  std::vector<double> values;  // one per time, unscaled, 0 where no point; none when spilled
  // Over every sample, however many are kept: the highest value and its
  // time, and the trapezoid area (its part of the title total).
  double peak = 0, peak_time = 0, area = 0;
};

struct BandMatrix {
  ProfileInfo info;           // header, marks, the heap's own lines, the run
  std::vector<double> times;  // every sample's, or those time_buckets kept
  size_t samples = 0;         // every sample read, however many are kept
  std::vector<Band> bands;    // drawing order: index 0 is the bottom band
  double x_range = 1;  // span of the x axis (hp2ps's X)
  // Where the x axis starts when it is not at the first time kept (--percent
  // leaves out samples with nothing in them, the opening one among them).
  std::optional<double> axis_start;
  double y_range = 1;  // top of the y axis (hp2ps's Y)
  double y_low = 0;    // its bottom: below 0 only in a difference
  double total = 0;    // trapezoid area of the stacked total (title figure)
  ProfilePeak peak;    // of every band as read, before trace elimination (--max-peak)
  bool percent = false;  // values are shares of each sample's total (percent.h)
  bool difference = false;  // values are one run's minus another's (diff.h)
  // Set: the times and bands' values are here, not in `times` and
  // Band::values (an export of every sample of a large profile; only the
  // exports, the text report and band_figures.h read such a matrix, through
  // the functions below).
  std::shared_ptr<const SpilledRows> spilled;
};

// Each band's values in order, held or spilled: fn(band, first, piece)
// with `piece` its values from sample `first` on (a held matrix's, or a
// spilled one's group of bands, whole; a spilled one's of more samples
// than the cells it holds, a block at a time).
void each_band_values(const BandMatrix& m, const BandPieceFn& fn);

// The samples in blocks, in order (a held matrix: one block).
void each_sample_block(const BandMatrix& m, const SampleBlockFn& fn);

// The samples' times, in pieces as each_band_values gives values.
void each_time(const BandMatrix& m, const PieceFn& fn);

// The first and last sample's times (0 with none).
double first_time(const BandMatrix& m);
double last_time(const BandMatrix& m);

// The time at the x axis's origin.
inline double axis_start(const BandMatrix& m) { return m.axis_start.value_or(m.times.front()); }

struct MatrixOptions {
  // 0: every sample; else the reduction of time_buckets.h. The ranges and
  // the title total always come from every sample.
  size_t time_buckets = 0;
  const AuxFile* aux = nullptr;  // -p: its ranges can only enlarge ours
  // With time_buckets 0: a matrix beyond this many values is spilled (0:
  // held whatever its size). Only for an output that reads it through
  // each_band_values and each_sample_block.
  size_t held_cells = 0;
};

// The warning (bands_in_other) that a picture's budget put `sel.over_budget`
// bands in OTHER; build_matrix says it for the selection it is given.
void warn_over_budget(const Selection& sel, const BandStats& stats, Warnings& warnings);

// One more read of the stream, into the selected bands' rows. Throws Error
// (too_large) when the matrix would exceed 2^27 values (1 GiB).
BandMatrix build_matrix(const SampleSource& source, const BandStats& stats, const Selection& selection,
                        const MatrixOptions& opts, Warnings& warnings);

// The stages after the statistics (collect_stats, the first read): -d's
// deviations (a read), the selection, and the matrix (a read); select.aux
// also enlarges the ranges. The reads after the first replay what it
// recorded, on one thread.
BandMatrix matrix_from_stats(const SampleSource& source, const BandStats& stats, const SelectOptions& select,
                             size_t time_buckets, Warnings& warnings, size_t held_cells = 0);

// Every stage from the statistics to the matrix, reading the stream as often
// as they need (twice; three times with -d).
BandMatrix profile_matrix(const SampleSource& source, const SelectOptions& select, size_t time_buckets,
                          Warnings& warnings, size_t held_cells = 0);

}  // namespace hpng
