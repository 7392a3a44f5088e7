// What an eventlog says of its run beside the heap profile: the job and
// date (rebuilt as the RTS writes them into the .hp of the same run), the
// RTS and the heap's parameters, traceMarker marks, and the heap's own lines
// from the GC's figures, which need the capability of the block each came in.
#pragma once
#include <cstddef>
#include <ctime>
#include <optional>
#include <string>
#include <vector>

#include "hpng/stream/samples.h"
#include "read/eventlog/eventlog_frames.h"
#include "read/eventlog/heap_series.h"

namespace hpng {

// The profiling RTS writes the program's name (argv[0]'s last component),
// its arguments, then " +RTS" and the RTS options; a non-profiling RTS only
// the name. `args` is PROGRAM_ARGS: argv as the process got it, with the
// +RTS ... -RTS words.
std::string rts_job(const std::vector<std::string>& args, bool profiled_rts);

// ctime() without the seconds ("Sun Nov 22 10:19 2026"), in UTC so that the
// output does not depend on the reader's time zone.
std::string rts_date(time_t unix_seconds);

class RunFacts {
 public:
  // Takes `e` when it is one of the run's events; false otherwise.
  bool take(const Event& e);
  // Where the block the events come in ends (0 before the first block).
  size_t block_end() const { return block_end_; }
  bool has_heap_figures() const { return !heap_.empty(); }
  const MarkList& marks() const { return marks_; }
  // Seconds spent collecting (GC_START to GC_END), -1 with no such events.
  double gc_seconds() const { return gc_seen_ ? static_cast<double>(gc_ns_) / 1e9 : -1; }
  // The profile's facts as far as the run gives them: header, marks, heap
  // lines, run; `source` names the file, `ended` its end marker.
  ProfileInfo info(const std::string& source, bool ended) const;

 private:
  void gc_event(const Event& e);
  void gc_span(const Event& e);

  RunInfo run_;
  std::string date_ = "(no date)";
  MarkList marks_;
  HeapSeries heap_;
  int capability_ = -1;  // of the current block (-1: none)
  size_t block_end_ = 0;
  // A collection's start by capability + 1 (0: the global buffer's); each
  // collection stops the world, so spans of different capabilities never
  // overlap and their sum is the time spent collecting.
  std::vector<std::optional<uint64_t>> gc_started_;
  uint64_t gc_ns_ = 0;
  bool gc_seen_ = false;
};

}  // namespace hpng
