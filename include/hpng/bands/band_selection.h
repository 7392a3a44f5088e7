// Band selection: hp2ps's processing of the per-band figures, stage by
// stage in hp2ps's order: a hash-seeded start order, trace elimination
// (which also sorts by total), -d, -i (or our --sort-growth or
// --sort-number), -p, then the band limit and OTHER.
// A pure function of the figures: which bands are drawn, in which order,
// and which are summed into OTHER.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "hpng/read/aux_file.h"
#include "hpng/bands/band_stats.h"

namespace hpng {

enum class NameOrder { none, ascending, descending };

// hp2ps's defaults: 20 bands (-m), trace elimination at 1 % (-t).
constexpr int kDefaultBands = 20;
constexpr double kDefaultTrace = 1;

struct SelectOptions {
  double trace_percent = kDefaultTrace;  // -t
  bool by_deviation = false;   // -d
  NameOrder by_name = NameOrder::none;  // -i, -i-
  bool by_growth = false;      // --sort-growth: by slope, the fastest-growing on top
  bool by_number = false;      // --sort-number: by the number a name is (-he's eras), the least at the bottom
  int band_limit = kDefaultBands;         // -m; 0 = no limit
  const AuxFile* aux = nullptr;  // -p
  // A vector picture's own limit, so that its file stays small however many
  // bands: the bands drawn may cost at most `picture_budget` bytes, each
  // `band_cost` plus its name's length times `name_copies` (the times the
  // file spells it) plus its shape, `vertex_cost` bytes for each vertex the
  // layout draws it with (two a sample, at most `shape_vertices`); past it
  // the bottom bands of the order join OTHER, as past -m's limit. 0: no
  // budget. `keep_every_band` (hp2ps's PostScript, which draws them all):
  // the bands past it are drawn all the same, and only counted.
  size_t picture_budget = 0, band_cost = 0, name_copies = 1;
  size_t vertex_cost = 0, shape_vertices = 0;
  bool keep_every_band = false;
};

struct Selection {
  std::vector<uint32_t> other;  // bands summed into OTHER (none: no OTHER band)
  std::vector<uint32_t> drawn;  // bands drawn on their own, bottom first
  size_t over_budget = 0;       // of `other`, those there only for the picture's budget
  size_t past_budget = 0;       // with keep_every_band: of `drawn`, those past the budget
  size_t rows() const { return drawn.size() + (other.empty() ? 0 : 1); }
};

// `keys` (order_figures) are needed with opts.by_deviation or by_growth only.
Selection select_bands(const BandStats& stats, const SelectOptions& opts, const OrderFigures& keys = {});

// hp2ps's trace elimination (-t) alone: the bands it keeps.
std::vector<uint32_t> trace_survivors(const BandStats& stats, double trace_percent);

// select_bands after trace elimination: among `survivors` (--compare: the
// bands some run's own -t keeps), ordered and limited by `opts`, whose
// trace_percent is not applied again.
Selection select_among(const BandStats& stats, const std::vector<uint32_t>& survivors, const SelectOptions& opts,
                       const OrderFigures& keys = {});

// hp2ps's 513-bucket hash: the order bands start in before any sort, which
// decides how ties end up.
uint32_t hp2ps_hash_bucket(const std::string& name);

}  // namespace hpng
