// See run_facts.h.
#include "read/eventlog/run_facts.h"

#include "read/eventlog/eventlog_events.h"

namespace hpng {

std::string rts_job(const std::vector<std::string>& args, bool profiled_rts) {
  if (args.empty()) return "(unknown program)";
  std::string prog = args[0].substr(args[0].rfind('/') == std::string::npos ? 0 : args[0].rfind('/') + 1);
  if (!profiled_rts) return prog;
  CommandWords words = split_rts_words({args.begin() + 1, args.end()});
  std::string job = prog;
  for (const std::string& a : words.program) job += " " + a;
  job += " +RTS";
  for (const std::string& a : words.rts) job += " " + a;
  return job;
}

std::string rts_date(time_t unix_seconds) {
  struct tm tm;
  char buf[64];
  if (!gmtime_r(&unix_seconds, &tm) || !std::strftime(buf, sizeof buf, "%a %b %e %H:%M %Y", &tm)) return "(no date)";
  return buf;
}

bool RunFacts::take(const Event& e) {
  switch (e.id) {
    case events::kRtsIdentifier: run_.rts = events::rts_identifier(e.payload); return true;
    case events::kProgramArgs: run_.program_args = events::program_args(e.payload); return true;
    case events::kWallClockTime:
      if (std::optional<time_t> secs = events::wall_clock_seconds(e.payload)) date_ = rts_date(*secs);
      return true;
    case events::kHeapInfoGhc:
      if (std::optional<events::HeapInfo> h = events::heap_info(e.payload); h && run_.generations == 0) {
        run_.generations = h->generations, run_.max_heap = h->max_heap, run_.allocation_area = h->allocation_area;
        run_.megablock = h->megablock, run_.block = h->block;
      }
      return true;
    case events::kUserMarker: marks_.add(seconds(e.time), events::marker_name(e.payload)); return true;
    case events::kBlockMarker: {
      events::Block b = events::block(e.payload);
      capability_ = b.capability == 0xFFFF ? -1 : b.capability;
      block_end_ = e.offset + b.size;
      return true;
    }
    case events::kHeapSize: case events::kHeapLive: case events::kBlocksSize: case events::kHeapAllocated:
      gc_event(e);
      return true;
    case events::kStartGc: case events::kEndGc: gc_span(e); return true;
    default: return false;
  }
}

void RunFacts::gc_event(const Event& e) {
  if (std::optional<events::HeapFigure> h = events::heap_figure(e.payload)) {
    heap_.add(e.id, h->capset, e.offset < block_end_ ? capability_ : -1, seconds(e.time), h->bytes);
  }
}

void RunFacts::gc_span(const Event& e) {
  size_t slot = static_cast<size_t>(e.offset < block_end_ ? capability_ + 1 : 0);
  if (slot >= gc_started_.size()) gc_started_.resize(slot + 1);
  std::optional<uint64_t>& started = gc_started_[slot];
  if (e.id == events::kStartGc) {
    started = e.time;
  } else if (started) {
    gc_ns_ += e.time > *started ? e.time - *started : 0;
    gc_seen_ = true;
    started.reset();
  }
}

ProfileInfo RunFacts::info(const std::string& source, bool ended) const {
  bool profiled = events::profiled_way(run_.rts);
  return {{rts_job(run_.program_args, profiled), date_, "seconds", "bytes", "eventlog", source},
          marks_.sorted(), heap_.lines(), run_, ended, {}, {}};
}

}  // namespace hpng
