// See heap_series.h.
#include "read/eventlog/heap_series.h"

#include <algorithm>
#include <numeric>
#include <set>

namespace hpng {

namespace {

struct Kind {
  uint16_t event;
  const char* name;
  const char* event_name;
};

constexpr Kind kKinds[] = {{50, "heap size", "HEAP_SIZE"},
                           {51, "live bytes", "HEAP_LIVE"},
                           {91, "blocks size", "BLOCKS_SIZE"},
                           {49, "allocated", "HEAP_ALLOCATED"}};
constexpr int kAllocated = 3;

// A line holds at most this many points: past it, each pair of neighbours
// (in time order) keeps its larger figure, so peaks survive at half the
// resolution; a page shows far fewer points than this anyway.
constexpr size_t kMaxPoints = size_t{1} << 16;

void sort_by_time(std::vector<double>& times, std::vector<double>& values) {
  std::vector<size_t> order(times.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return times[a] < times[b]; });
  std::vector<double> t, v;
  for (size_t i : order) t.push_back(times[i]), v.push_back(values[i]);
  times = std::move(t), values = std::move(v);
}

std::string line_name(int kind, uint32_t capset, bool several_capsets) {
  std::string name = kKinds[kind].name;
  return several_capsets ? name + " (capset " + std::to_string(capset) + ")" : name;
}

}  // namespace

void HeapSeries::add(uint16_t event, uint32_t capset, int capability, double time, uint64_t bytes) {
  int kind = 0;
  while (kKinds[kind].event != event) ++kind;
  Points& p = points_[{kind, capset, kind == kAllocated ? capability : 0}];
  p.times.push_back(time);
  p.values.push_back(static_cast<double>(bytes));
  if (p.times.size() > kMaxPoints) bound(p);
}

void HeapSeries::bound(Points& p) {
  sort_by_time(p.times, p.values);
  size_t half = 0;
  for (size_t i = 0; i + 1 < p.times.size(); i += 2, ++half) {
    bool second = p.values[i + 1] > p.values[i];
    p.times[half] = p.times[i + second];
    p.values[half] = p.values[i + second];
  }
  p.times.resize(half);
  p.values.resize(half);
}

// Every capability's points in time order, each adding its change to the
// running total.
Series HeapSeries::allocated(uint32_t capset, bool several_capsets) const {
  std::vector<double> times, deltas;
  for (const auto& [key, p] : points_) {
    if (std::get<0>(key) != kAllocated || std::get<1>(key) != capset) continue;
    std::vector<double> t = p.times, v = p.values;
    sort_by_time(t, v);
    for (size_t i = 0; i < t.size(); ++i) times.push_back(t[i]), deltas.push_back(v[i] - (i ? v[i - 1] : 0));
  }
  sort_by_time(times, deltas);
  Series s{line_name(kAllocated, capset, several_capsets), kKinds[kAllocated].event_name, times, {}};
  double total = 0;
  for (double d : deltas) s.values.push_back(total += d);
  return s;
}

std::vector<Series> HeapSeries::lines() const {
  std::map<int, std::set<uint32_t>> capsets;
  for (const auto& [key, p] : points_) capsets[std::get<0>(key)].insert(std::get<1>(key));
  std::vector<Series> out;
  for (const auto& [kind, sets] : capsets) {
    for (uint32_t capset : sets) {
      if (kind == kAllocated) {
        out.push_back(allocated(capset, sets.size() > 1));
        continue;
      }
      const Points& p = points_.at({kind, capset, 0});
      Series s{line_name(kind, capset, sets.size() > 1), kKinds[kind].event_name, p.times, p.values};
      sort_by_time(s.times, s.values);
      out.push_back(std::move(s));
    }
  }
  return out;
}

}  // namespace hpng
