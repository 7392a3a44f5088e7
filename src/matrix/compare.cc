// See compare.h.
#include "hpng/matrix/compare.h"

#include <algorithm>
#include <cmath>

#include "hpng/bands/band_stats.h"
#include "hpng/transform/match.h"

namespace hpng {

namespace {

// --sort-growth over several runs: each band's fastest growth in any of
// them (each run on its own clock, so one slope over all would mix times).
std::vector<double> fastest_growth(const std::vector<SampleSource>& shared, const BandStats& stats) {
  std::vector<double> out(stats.names.size(), -HUGE_VAL);
  for (const SampleSource& one : shared) {
    std::vector<double> s = band_slopes(one, stats);
    for (size_t b = 0; b < out.size(); ++b) out[b] = std::max(out[b], s[b]);
  }
  return out;
}

// The bands some run's own trace elimination keeps (-t decided per run:
// over all runs together, a short or small run's own bands would vanish).
std::vector<uint32_t> kept_by_any(const std::vector<BandStats>& own, size_t bands, double trace_percent) {
  std::vector<bool> kept(bands, false);
  for (const BandStats& s : own) {
    for (uint32_t b : trace_survivors(s, trace_percent)) kept[b] = true;
  }
  std::vector<uint32_t> out;
  for (uint32_t b = 0; b < bands; ++b) {
    if (kept[b]) out.push_back(b);
  }
  return out;
}

// What a run's own -t keeps, by band.
std::vector<bool> kept_by_own(const BandStats& own, double trace_percent) {
  std::vector<bool> kept(own.names.size(), false);
  for (uint32_t b : trace_survivors(own, trace_percent)) kept[b] = true;
  return kept;
}

// One run's chart: the bands drawn on their own in every chart (matched),
// OTHER of the rest that its own -t keeps; what its own -t drops is left
// out, unless drawn for another run, or unless another chart has an OTHER
// and this one's would be empty: every chart has the same bands, in one
// order, for one key and one set of fills. (The budget's warning is said
// once, for all the charts.)
Selection chart_selection(const Selection& shared, const std::vector<bool>& kept, bool other_anywhere) {
  Selection s{{}, shared.drawn, 0};
  for (uint32_t b : shared.other) {
    if (kept[b]) s.other.push_back(b);
  }
  if (s.other.empty() && other_anywhere) s.other = shared.other;
  return s;
}

bool any_kept(const std::vector<uint32_t>& bands, const std::vector<bool>& kept) {
  return std::any_of(bands.begin(), bands.end(), [&](uint32_t b) { return kept[b]; });
}

// The title's total is the run's own: without the bands drawn only for
// another run, which its own -t leaves out.
void own_total(BandMatrix& m, const BandStats& own, const std::vector<bool>& kept) {
  for (const Band& band : m.bands) {
    auto it = std::find(own.names.begin(), own.names.end(), band.name);
    if (it != own.names.end() && !kept[static_cast<size_t>(it - own.names.begin())]) m.total -= band.area;
  }
}

}  // namespace

std::vector<BandMatrix> shared_matrices(const std::vector<SampleSource>& sources,
                                        const std::vector<std::string>& names, const SelectOptions& select,
                                        size_t time_buckets, Warnings& warnings, size_t held_cells) {
  SampleSource all = one_after_another(sources);
  BandStats stats = collect_stats(all, warnings);
  OrderFigures keys = order_figures(all, stats, select.by_deviation, false);
  std::vector<SampleSource> shared;
  for (size_t k = 0; k < sources.size(); ++k) shared.push_back(on_shared_bands(sources[k], stats.names, names[k]));
  if (select.by_growth) keys.slopes = fastest_growth(shared, stats);
  std::vector<BandStats> own;
  for (const SampleSource& one : shared) own.push_back(collect_stats(one, warnings));
  Selection selection = select_among(stats, kept_by_any(own, stats.names.size(), select.trace_percent), select, keys);
  if (selection.over_budget > 0 || selection.past_budget > 0) warn_over_budget(selection, stats, warnings);
  std::vector<std::vector<bool>> kept;
  for (const BandStats& one : own) kept.push_back(kept_by_own(one, select.trace_percent));
  bool other_anywhere = std::any_of(kept.begin(), kept.end(), [&](const auto& k) { return any_kept(selection.other, k); });
  std::vector<BandMatrix> out;
  for (size_t k = 0; k < sources.size(); ++k) {
    out.push_back(build_matrix(shared[k], own[k], chart_selection(selection, kept[k], other_anywhere),
                               {time_buckets, nullptr, held_cells}, warnings));
    own_total(out.back(), own[k], kept[k]);
  }
  return out;
}

void share_scales(const std::vector<BandMatrix*>& ms) {
  double x = 0, y = 0;
  for (const BandMatrix* m : ms) x = std::max(x, m->x_range), y = std::max(y, m->y_range);
  for (BandMatrix* m : ms) m->x_range = x, m->y_range = y;
}

}  // namespace hpng
