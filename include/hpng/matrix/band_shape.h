// The course of each band over a run, named as a leak hunter reads it (the
// verdict, verdict/verdict.h, judges which courses leak). In Haskell,
// memory built up over a large part of the run and held until the end of a
// phase is the space leak, whether it is then kept to the exit, dropped at
// once when a final print forces it, or consumed slowly; a heap that rises
// and falls per unit of work is healthy while its floor stays flat.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "hpng/matrix/band_figures.h"

namespace hpng {

enum class ShapeKind {
  none,       // never held anything
  steady,     // standard deviation at most a tenth of the mean
  ramp_held,  // a sustained ramp, still at 70 % of its peak or more at the end
  ramp_drop,  // a sustained ramp, then down to 30 % of its peak within a tenth of the run
  ramp_fall,  // a sustained ramp, then released more slowly
  floor_up,   // a sawtooth whose floor (the lows between its falls) rises
  sawtooth,   // three falls of 30 % of its peak or more, the floor flat
  plateau,    // at 80 % of its peak within the first 30 % of the run, and kept (or a ramp held flat
              // longer than it took to build: a bounded cache)
  spike,      // at half its peak or more in under a tenth of the samples
  varies,     // anything else
};
const char* shape_token(ShapeKind k);  // "ramp-held", ...: the JSON's and the report's
bool leak_shape(ShapeKind k);

struct BandShape {
  ShapeKind kind = ShapeKind::none;
  double confidence = 0;  // 0..1: how clearly the samples show it
  double when = 0;        // ramp_drop: the time of the fall; plateau: built by; ramp_fall: its length;
                          // ramp_held: held until (the judged census, before the teardown), 0: to the end
  double per_cycle = 0;   // floor_up: the floor's rise per cycle (the band's unit)
};

// Below this many samples with data no course is judged: a few censuses
// show a slope, not a shape.
constexpr size_t kLeastCensuses = 10;

// Each band's course judged, in the matrix's order, from its first sample
// with data to the one band_figures judges as the end; empty below
// kLeastCensuses samples with data. `heap_phases`: a -hb profile, whose
// bands' falls are closures passing to another phase of their lives, so the
// heap's own course says where a job's phases are. `f`: band_figures(m).
std::vector<BandShape> band_shapes(const BandMatrix& m, const std::vector<BandFigures>& f, bool heap_phases);

// The shape of one series over time (the heap's live bytes), judged as a
// band's course is; none below kLeastSeriesPoints points (the RTS gives
// live bytes at major collections only, which a program that waits has
// few of).
constexpr size_t kLeastSeriesPoints = 6;
std::optional<BandShape> series_shape(const std::vector<double>& times, const std::vector<double>& values);

}  // namespace hpng
