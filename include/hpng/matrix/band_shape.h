// The course of each band over a run, named as a leak hunter reads it, and
// the verdict drawn from the courses: which bands leak. In Haskell, memory
// built up over a large part of the run and held until the end of a phase
// is the space leak, whether it is then kept to the exit, dropped at once
// when a final print forces it, or consumed slowly; a heap that rises and
// falls per unit of work is healthy while its floor stays flat.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "hpng/matrix/band_figures.h"
#include "hpng/matrix/thunk_chain.h"

namespace hpng {

enum class ShapeKind {
  none,       // never held anything
  steady,     // standard deviation at most a tenth of the mean
  ramp_held,  // a sustained ramp, still at 70 % of its peak or more at the end
  ramp_drop,  // a sustained ramp, then down to 30 % of its peak within a tenth of the run
  ramp_fall,  // a sustained ramp, then released more slowly
  floor_up,   // a sawtooth whose floor (the lows between its falls) rises
  sawtooth,   // three falls of 30 % of its peak or more, the floor flat
  plateau,    // at 80 % of its peak within the first 30 % of the run, and kept
  spike,      // at half its peak or more in under a tenth of the samples
  varies,     // anything else
};
const char* shape_token(ShapeKind k);  // "ramp-held", ...: the JSON's and the report's
bool leak_shape(ShapeKind k);

struct BandShape {
  ShapeKind kind = ShapeKind::none;
  double confidence = 0;  // 0..1: how clearly the samples show it
  double when = 0;        // ramp_drop: the time of the fall; plateau: built by; ramp_fall: its length
  double per_cycle = 0;   // floor_up: the floor's rise per cycle (the band's unit)
};

// Below this many samples with data no course is judged: a few censuses
// show a slope, not a shape.
constexpr size_t kLeastCensuses = 10;

// A -hb profile's bands are the phases of a closure's life (LAG, USE, DRAG,
// VOID, and INHERENT_USE: closures in use by their kind, as GHC writes it);
// their shares of the heap-time (area) say what the heap holds.
struct Biography {
  double lag = 0, use = 0, inherent_use = 0, drag = 0, void_ = 0;  // shares, 0..1
  bool void_builds = false;  // VOID is a suspect: built up over the run, of weight (set by the verdict)
  bool dragging() const;     // drag, and void that builds up, large enough to call a leak
  bool lagging() const;      // lag large enough to call a leak
  bool void_only() const;    // much void that does not build up: no evidence (an optimised build's)
  bool evidence() const { return dragging() || lagging(); }
};

struct Verdict {
  size_t censuses = 0;  // samples with data (band_figures.h's span)
  bool judged() const { return censuses >= kLeastCensuses; }
  std::vector<BandShape> shapes;  // per band, in the matrix's order (none when not judged)
  std::vector<size_t> suspects;   // bands, the most suspicious first (then the thunk chain's)
  ThunkChain chain;               // found whether judged or not: its stack says it
  bool biographical = false;      // every band is a phase (LAG, USE, INHERENT_USE, DRAG, VOID)
  Biography biography;
  // The heap's live bytes (an eventlog's HEAP_LIVE events), judged as a
  // band is: what the heap did even where censuses are too few to say.
  std::optional<BandShape> live;
  bool live_leaks() const { return live && leak_shape(live->kind); }
};

// Whether `m` can have a verdict: its values are amounts of one run (not a
// --diff's differences, not --percent's shares, whose courses say nothing
// of what the heap held).
inline bool has_verdict(const BandMatrix& m) { return !m.difference && !m.percent; }

// `f`: band_figures(m).
Verdict leak_verdict(const BandMatrix& m, const std::vector<BandFigures>& f);

// The shape of one series over time (the heap's live bytes), judged as a
// band's course is; none below kLeastSeriesPoints points (the RTS gives
// live bytes at major collections only, which a program that waits has
// few of).
constexpr size_t kLeastSeriesPoints = 6;
std::optional<BandShape> series_shape(const std::vector<double>& times, const std::vector<double>& values);

}  // namespace hpng
