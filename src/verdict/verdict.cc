// See verdict.h. A band is a suspect when its course has a leak's shape,
// clearly enough, and it holds enough of the heap to matter; thresholds
// from the labelled corpus (tests/corpus/leaks).
#include "hpng/verdict/verdict.h"

#include <algorithm>
#include <map>
#include <string_view>

namespace hpng {

namespace {

using Rows = std::vector<std::span<const double>>;

const char* const kPhases[] = {"LAG", "USE", "INHERENT_USE", "DRAG", "VOID"};
bool in_use(const std::string& phase) { return phase == "USE" || phase == "INHERENT_USE"; }

bool biographical(const BandMatrix& m) {
  return !m.bands.empty() && std::all_of(m.bands.begin(), m.bands.end(), [](const Band& b) {
    return std::any_of(std::begin(kPhases), std::end(kPhases), [&](const char* p) { return b.name == p; });
  });
}

// A band matters when it holds 5 % of the censused heap or more, or at its peak
// a tenth of the profile's peak or more, and (in bytes) reaches 1 MB: a
// 2 kB buffer that grew, or 200 kB of callbacks a program keeps by design,
// is no lead however large its share of a small heap.
constexpr double kLeastLeak = 1e6;

bool matters(const Band& b, double share_of_heap, const BandMatrix& m) {
  bool share = share_of_heap >= 0.05 || b.peak >= 0.1 * m.peak.total;
  return share && (m.info.header.value_unit != "bytes" || b.peak >= kLeastLeak);
}

// In a -hb profile USE and INHERENT_USE are memory being used: only the
// other phases leak, and INHERENT_USE (arrays, MVars: used by being there)
// where it is built up and held (a queue's MVars, a pinned input a slice
// keeps), not where it falls with its phase.
// (A large share of drag or void alone is no suspect: a working set has
// parts never used; the report says the shares.) A shape seen on too few
// points (confidence under a half: a ramp of four censuses aliased from a
// sawtooth) is no suspect either.
constexpr double kLeastConfidence = 0.5;

bool suspect(const Verdict& v, const BandMatrix& m, const std::vector<double>& shares, size_t b) {
  const BandShape& s = v.shapes[b];
  bool held = s.kind == ShapeKind::ramp_held || s.kind == ShapeKind::floor_up;
  if (v.biographical && in_use(m.bands[b].name) && !(m.bands[b].name == "INHERENT_USE" && held)) return false;
  return leak_shape(s.kind) && s.confidence >= kLeastConfidence && matters(m.bands[b], shares[b], m);
}

void order_suspects(Verdict& v, const BandMatrix& m, const std::vector<double>& shares) {
  for (size_t b = 0; b < m.bands.size(); ++b) {
    if (suspect(v, m, shares, b)) v.suspects.push_back(b);
  }
  auto weight = [&](size_t b) { return shares[b] * std::max(v.shapes[b].confidence, 0.1); };
  std::stable_sort(v.suspects.begin(), v.suspects.end(), [&](size_t a, size_t b) { return weight(a) > weight(b); });
}

}  // namespace

// Drag and void: held after their last use, or never used; lag: made long
// before their first use (thunks waiting). Thresholds from the labelled
// corpus (tests/corpus/leaks). Void counts only when it builds up over the
// run (VOID a suspect): GHC 9.0's -O builds record few uses, and healthy
// programs had 63-93 % void, flat or small.
bool Biography::dragging() const { return drag + (void_builds ? void_ : 0) >= 0.3; }
bool Biography::lagging() const { return lag >= 0.5; }
bool Biography::void_only() const { return !void_builds && void_ >= 0.3 && !evidence(); }

namespace {

// Each band's share of the heap summed over every census: the heap-time in
// the program's own clock, whatever the format (see Courses).
std::vector<double> census_shares(const BandMatrix& m) {
  std::vector<double> sums(m.bands.size());
  each_sample_block(m, [&](size_t, std::span<const double> times, const Rows& rows) {
    for (size_t b = 0; b < rows.size(); ++b) {
      for (size_t i = 0; i < times.size(); ++i) sums[b] += rows[b][i];
    }
  });
  double all = 0;
  for (double x : sums) all += x;
  for (double& x : sums) x = all > 0 ? x / all : 0;
  return sums;
}

// A -hb profile's shares (every band a phase), else none.
std::optional<Biography> biography_of(const BandMatrix& m, const std::vector<double>& shares) {
  if (!biographical(m)) return std::nullopt;
  Biography bio;
  double* share[] = {&bio.lag, &bio.use, &bio.inherent_use, &bio.drag, &bio.void_};
  for (size_t b = 0; b < m.bands.size(); ++b) {
    for (size_t p = 0; p < std::size(kPhases); ++p) {
      if (m.bands[b].name == kPhases[p]) *share[p] += shares[b];
    }
  }
  return bio;
}

}  // namespace

Verdict verdict_of(const BandMatrix& m) {
  Verdict v;
  for (const Band& b : m.bands) v.bands.push_back(b.name);
  for (const Series& s : m.info.series) {
    if (s.name == "live bytes") v.live = series_shape(s.times, s.values);
  }
  std::vector<BandFigures> f = band_figures(m);
  v.censuses = span_with_data(m).size();
  v.chain = thunk_chain(m);
  std::vector<double> shares = census_shares(m);
  std::optional<Biography> bio = biography_of(m, shares);
  v.biographical = bio.has_value();
  if (bio) v.biography = *bio;
  if (!v.judged()) return v;
  v.shapes = band_shapes(m, f, v.biographical);
  order_suspects(v, m, shares);
  for (size_t b : v.chain.bands()) {
    if (std::find(v.suspects.begin(), v.suspects.end(), b) == v.suspects.end()) v.suspects.push_back(b);
  }
  // Void builds up when VOID is judged a suspect: a leak's shape, of weight.
  v.biography.void_builds = v.biographical && std::any_of(v.suspects.begin(), v.suspects.end(), [&](size_t b) {
    return m.bands[b].name == "VOID";
  });
  return v;
}

namespace {

using Places = std::map<std::string_view, size_t>;

std::optional<size_t> moved(const Places& at, const Verdict& v, std::optional<size_t> b) {
  if (!b) return std::nullopt;
  auto it = at.find(v.bands[*b]);
  return it == at.end() ? std::nullopt : std::optional(it->second);
}

std::vector<size_t> moved(const Places& at, const Verdict& v, const std::vector<size_t>& bands) {
  std::vector<size_t> out;
  for (size_t b : bands) {
    if (std::optional<size_t> k = moved(at, v, b)) out.push_back(*k);
  }
  return out;
}

}  // namespace

Verdict on_bands(const Verdict& v, const BandMatrix& m) {
  bool same = v.bands.size() == m.bands.size() &&
              std::equal(m.bands.begin(), m.bands.end(), v.bands.begin(), [](const Band& b, const std::string& n) { return b.name == n; });
  if (same) return v;
  Places at, was;
  for (size_t b = 0; b < m.bands.size(); ++b) at.emplace(m.bands[b].name, b);
  for (size_t b = 0; b < v.bands.size(); ++b) was.emplace(v.bands[b], b);
  Verdict out = v;
  out.bands.clear();
  out.shapes.clear();
  for (const Band& b : m.bands) {
    out.bands.push_back(b.name);
    auto it = was.find(b.name);
    if (v.judged()) out.shapes.push_back(it == was.end() ? BandShape{} : v.shapes[it->second]);
  }
  out.suspects = moved(at, v, v.suspects);
  out.chain.stack = moved(at, v, v.chain.stack);
  out.chain.maker = moved(at, v, v.chain.maker);
  out.chain.held = moved(at, v, v.chain.held);
  return out;
}

}  // namespace hpng
