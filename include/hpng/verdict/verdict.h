// The verdict: which bands of a profile leak, judged once per profile from
// its courses (matrix/band_shape.h), its -hb phases, its stack (a thunk
// chain) and the heap's live bytes, and handed as a value to every output
// and gate that speaks of it.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "hpng/matrix/band_matrix.h"
#include "hpng/matrix/band_shape.h"
#include "hpng/verdict/thunk_chain.h"

namespace hpng {

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
  std::vector<std::string> bands;  // the judged matrix's, in its order: what the indices below count
  size_t censuses = 0;  // samples with data (band_figures.h's span)
  bool judged() const { return censuses >= kLeastCensuses; }
  std::vector<BandShape> shapes;  // per band (none when not judged)
  std::vector<size_t> suspects;   // bands, the most suspicious first (then the thunk chain's)
  ThunkChain chain;               // found whether judged or not: its stack says it
  bool biographical = false;      // every band is a phase (LAG, USE, INHERENT_USE, DRAG, VOID)
  Biography biography;
  // The heap's live bytes (an eventlog's HEAP_LIVE events), judged as a
  // band is: what the heap did even where censuses are too few to say.
  // A suspect only while it was held (memory released is no leak).
  std::optional<BandShape> live;
  bool live_leaks() const { return live && (live->kind == ShapeKind::ramp_held || live->kind == ShapeKind::floor_up); }
};

// Whether `m` can have a verdict: its values are amounts of one run (not a
// --diff's differences, not --percent's shares, whose courses say nothing
// of what the heap held).
inline bool has_verdict(const BandMatrix& m) { return !m.difference && !m.percent; }

// The verdict on `m` (has_verdict(m)).
Verdict verdict_of(const BandMatrix& m);

// The verdict said of `m`'s bands, matched by name: an output whose
// selection differs from the judged matrix's (a page's budget sends bands
// to OTHER) speaks of the same verdict; a suspect it does not draw is not
// named there.
Verdict on_bands(const Verdict& v, const BandMatrix& m);

}  // namespace hpng
