// The heap's own lines, from the GC events every eventlog has (profiled or
// not): HEAP_SIZE (the heap's size: the megablocks it holds), HEAP_LIVE
// (live bytes, after major collections), BLOCKS_SIZE (the heap counted in
// blocks, GHC 9.2 on), posted after collections with the heap's capability
// set; and HEAP_ALLOCATED, each capability's own running total, so that the
// program's allocation at a time is the sum of every capability's latest
// figure. Events come in file order, which is not time order across
// capabilities' blocks: lines are sorted when they are handed out.
#pragma once
#include <cstdint>
#include <map>
#include <tuple>
#include <vector>

#include "hpng/stream/samples.h"

namespace hpng {

class HeapSeries {
 public:
  // A figure of event `event` (49, 50, 51 or 91) at `time` seconds;
  // `capability` is that of the block it came in (-1: none).
  void add(uint16_t event, uint32_t capset, int capability, double time, uint64_t bytes);
  bool empty() const { return points_.empty(); }
  std::vector<Series> lines() const;

 private:
  struct Points {
    std::vector<double> times, values;
  };
  using Key = std::tuple<int, uint32_t, int>;  // kind (in output order), capset, capability
  void bound(Points& p);
  Series allocated(uint32_t capset, bool several_capsets) const;

  std::map<Key, Points> points_;
};

}  // namespace hpng
