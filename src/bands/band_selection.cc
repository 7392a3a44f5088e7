// See band_selection.h. Every sort is hp2ps's unstable selection sort,
// because its treatment of ties is what decides the band order users see.
// Deliberate departure: an all-zero profile keeps its bands (hp2ps divided
// by zero and lost them all).
#include "hpng/bands/band_selection.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <optional>
#include <cstring>
#include <numeric>
#include <unordered_map>

namespace hpng {

namespace {

using Order = std::vector<uint32_t>;

// hp2ps's selection sort: for i = 0..n-2, the leftmost of the best keys in
// i..n-1 (a scan takes a later key only when strictly better) is swapped
// into i. The same permutation in O(n log n): a tournament tree over the
// positions names each range's leftmost best, and a swap updates two
// leaves, so 400,000 bands take a fraction of a second, not minutes.
template <class Better>
class Tournament {
 public:
  Tournament(Order& order, Better better) : order_(order), better_(better), leaves_(1) {
    while (leaves_ < order.size()) leaves_ *= 2;
    tree_.assign(2 * leaves_, kNone);
    for (size_t p = 0; p < order.size(); ++p) tree_[leaves_ + p] = p;
    for (size_t k = leaves_ - 1; k > 0; --k) tree_[k] = winner(tree_[2 * k], tree_[2 * k + 1]);
  }
  // The key at position p is placed: it leaves the tournament.
  void retire(size_t p) { set(p, kNone); }
  // The key at position p is another now.
  void changed(size_t p) { set(p, p); }
  size_t best() const { return tree_[1]; }

 private:
  static constexpr size_t kNone = SIZE_MAX;
  size_t winner(size_t l, size_t r) const {
    if (l == kNone) return r;
    if (r == kNone) return l;
    return better_(order_[r], order_[l]) ? r : l;  // the left one unless the right is strictly better
  }
  void set(size_t p, size_t v) {
    size_t k = leaves_ + p;
    tree_[k] = v;
    for (k /= 2; k > 0; k /= 2) tree_[k] = winner(tree_[2 * k], tree_[2 * k + 1]);
  }
  Order& order_;
  Better better_;
  size_t leaves_;
  std::vector<size_t> tree_;  // per node: the position that wins its range
};

template <class Better>
void selection_sort(Order& order, Better better) {
  if (order.size() < 2) return;
  Tournament<Better> t(order, better);
  for (size_t i = 0; i + 1 < order.size(); ++i) {
    size_t m = t.best();
    std::swap(order[i], order[m]);
    t.retire(i);
    if (m != i) t.changed(m);
  }
}

// hp2ps keeps names in 513 hash buckets, in bucket order; inside a bucket
// the most recently first-seen name comes first (new names are inserted at
// the front of the bucket's list).
Order initial_order(const std::vector<std::string>& names) {
  Order order(names.size());
  std::iota(order.begin(), order.end(), 0);
  std::vector<uint32_t> bucket(order.size());
  for (uint32_t b : order) bucket[b] = hp2ps_hash_bucket(names[b]);
  std::sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
    return bucket[a] != bucket[b] ? bucket[a] < bucket[b] : a > b;
  });
  return order;
}

// Sorts by total (smallest first) and drops the smallest bands while their
// cumulative share of the grand total stays below theta percent.
Order trace_eliminate(const std::vector<int64_t>& totals, Order order, double theta) {
  selection_sort(order, [&](uint32_t a, uint32_t b) { return totals[a] < totals[b]; });
  double grand = 0;
  for (uint32_t b : order) grand += static_cast<double>(totals[b]);
  if (grand == 0) return order;  // all zero: nothing to eliminate
  double c = 0;
  size_t keep_from = order.size();
  for (size_t i = 0; i < order.size(); ++i) {
    c += 100.0 * static_cast<double>(totals[order[i]]) / grand;
    if (c >= theta) {
      keep_from = i;
      break;
    }
  }
  return Order(order.begin() + static_cast<std::ptrdiff_t>(keep_from), order.end());
}

// Byte order, as C's strcmp.
void order_by_name(const std::vector<std::string>& names, Order& order, NameOrder how) {
  auto cmp = [&](uint32_t a, uint32_t b) { return std::strcmp(names[a].c_str(), names[b].c_str()); };
  if (how == NameOrder::ascending) {
    selection_sort(order, [&](uint32_t a, uint32_t b) { return cmp(a, b) < 0; });
  } else {
    selection_sort(order, [&](uint32_t a, uint32_t b) { return cmp(a, b) > 0; });
  }
}

// The number a name is, whole ("12", "-3", "2.5"), if it is one.
std::optional<double> number_in(const std::string& name) {
  double v = 0;
  auto [end, ec] = std::from_chars(name.data(), name.data() + name.size(), v);
  if (ec != std::errc() || end != name.data() + name.size() || !std::isfinite(v)) return std::nullopt;
  return v;
}

// --sort-number: names that are numbers (a -he profile's eras) in numeric
// order, 2 before 10, from the bottom; the others above them by name.
void order_by_number(const std::vector<std::string>& names, Order& order) {
  std::vector<std::optional<double>> number(names.size());
  for (uint32_t b : order) number[b] = number_in(names[b]);
  selection_sort(order, [&](uint32_t a, uint32_t b) {
    if (number[a].has_value() != number[b].has_value()) return number[a].has_value();
    if (number[a]) return *number[a] < *number[b];
    return std::strcmp(names[a].c_str(), names[b].c_str()) < 0;
  });
}

// -p: the .aux's ORDER numbers (the first for a name wins); bands it does
// not list count 0 and so come first.
void order_by_aux(const std::vector<std::string>& names, Order& order, const AuxFile& aux) {
  std::unordered_map<std::string, long long> rank;
  for (const auto& [name, n] : aux.order) rank.emplace(name, n);
  std::vector<long long> key(names.size(), 0);
  for (uint32_t b : order) {
    auto it = rank.find(names[b]);
    if (it != rank.end()) key[b] = it->second;
  }
  selection_sort(order, [&](uint32_t a, uint32_t b) { return key[a] < key[b]; });
}

// The first band of `order` whose cost, with those above it and OTHER's,
// passes the picture's budget, plus one: the bands below it join OTHER.
size_t first_within_budget(const BandStats& stats, const Order& order, const SelectOptions& opts) {
  if (opts.picture_budget == 0) return 0;
  size_t shape = opts.band_cost + opts.vertex_cost * std::min(2 * stats.samples, opts.shape_vertices);
  size_t spent = shape;  // OTHER's
  for (size_t i = order.size(); i-- > 0;) {
    spent += shape + opts.name_copies * stats.names[order[i]].size();
    if (spent > opts.picture_budget) return i + 1;
  }
  return 0;
}

}  // namespace

uint32_t hp2ps_hash_bucket(const std::string& name) {
  uint32_t h = 0;  // 32-bit two's-complement arithmetic, chars signed
  for (char c : name) h = 3 * h + static_cast<uint32_t>(static_cast<int32_t>(static_cast<signed char>(c)));
  uint32_t magnitude = (h & 0x80000000u) ? 0u - h : h;
  return magnitude % 513;
}

// With a limit of n and more bands, the bottom bands of the current order
// beyond n - 1 are summed into OTHER, which goes at the very bottom.
namespace {

// The selection from bands already through trace elimination, smallest
// total first: ordered, then split by the band limit and the budget.
Selection select_from(Order order, const BandStats& stats, const SelectOptions& opts, const OrderFigures& keys) {
  if (opts.by_deviation) {
    selection_sort(order, [&](uint32_t a, uint32_t b) { return keys.deviations[a] < keys.deviations[b]; });
  }
  if (opts.by_growth) selection_sort(order, [&](uint32_t a, uint32_t b) { return keys.slopes[a] < keys.slopes[b]; });
  if (opts.by_name != NameOrder::none) order_by_name(stats.names, order, opts.by_name);
  if (opts.by_number) order_by_number(stats.names, order);
  if (opts.aux) order_by_aux(stats.names, order, *opts.aux);
  size_t limit = opts.band_limit > 0 ? static_cast<size_t>(opts.band_limit) : 0;
  size_t by_limit = limit && order.size() > limit ? order.size() - limit + 1 : 0;
  size_t by_budget = std::max(by_limit, first_within_budget(stats, order, opts));
  size_t first_drawn = opts.keep_every_band ? by_limit : by_budget;
  auto split = order.begin() + static_cast<std::ptrdiff_t>(first_drawn);
  return {Order(order.begin(), split), Order(split, order.end()), first_drawn - by_limit, by_budget - first_drawn};
}

}  // namespace

std::vector<uint32_t> trace_survivors(const BandStats& stats, double trace_percent) {
  return trace_eliminate(stats.totals, initial_order(stats.names), trace_percent);
}

Selection select_among(const BandStats& stats, const std::vector<uint32_t>& survivors, const SelectOptions& opts,
                       const OrderFigures& keys) {
  std::vector<bool> kept(stats.names.size(), false);
  for (uint32_t b : survivors) kept[b] = true;
  Order start;
  for (uint32_t b : initial_order(stats.names)) {
    if (kept[b]) start.push_back(b);
  }
  return select_from(trace_eliminate(stats.totals, start, 0), stats, opts, keys);  // 0 %: sorted, none dropped
}

Selection select_bands(const BandStats& stats, const SelectOptions& opts, const OrderFigures& keys) {
  return select_from(trace_survivors(stats, opts.trace_percent), stats, opts, keys);
}

}  // namespace hpng
