// Decoding the payloads of the eventlog events hp2ps-ng uses, one small
// function per event type. Fields are big-endian; a String is UTF-8 bytes
// and a NUL, a Text runs to the end of the payload. Reading is bounded by
// the payload: a field past its end reads as zero (and marks the read
// short), and a String without its NUL ends at the payload's end. Fields a
// newer GHC appends are never read, so they cannot upset anything.
#pragma once
#include <array>
#include <cstdint>
#include <cstring>
#include <ctime>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hpng::events {

enum Id : uint16_t {
  kStartGc = 9,
  kEndGc = 10,
  kBlockMarker = 18,
  kRtsIdentifier = 29,
  kProgramArgs = 30,
  kWallClockTime = 43,
  kHeapAllocated = 49,
  kHeapSize = 50,
  kHeapLive = 51,
  kHeapInfoGhc = 52,
  kUserMarker = 58,
  kBlocksSize = 91,
  kHeapProfBegin = 160,
  kHeapProfCostCentre = 161,
  kHeapProfSampleBegin = 162,
  kHeapProfSampleCostCentre = 163,
  kHeapProfSampleString = 164,
  kHeapProfSampleEnd = 165,
  kHeapBioProfSampleBegin = 166,
  kIpe = 169,
};

struct Fields {
  std::string_view p;
  size_t at = 0;
  bool short_read = false;

  uint64_t uint(size_t bytes) {
    if (at > p.size() || p.size() - at < bytes) {
      short_read = true;
      at = p.size();
      return 0;
    }
    uint64_t v = 0;
    for (size_t i = 0; i < bytes; ++i) v = (v << 8) | static_cast<unsigned char>(p[at + i]);
    at += bytes;
    return v;
  }
  std::string_view string() {
    size_t start = at, nul = p.find('\0', at);
    at = nul == std::string_view::npos ? p.size() : nul + 1;
    return p.substr(start, (nul == std::string_view::npos ? p.size() : nul) - start);
  }
  std::string_view rest() {
    std::string_view r = p.substr(std::min(at, p.size()));
    at = p.size();
    return r;
  }
};

// HEAP_PROF_BEGIN: Word8 profile id, Word64 sampling period (ns), Word32
// breakdown (1 -hc, 2 -hm, 3 -hd, 4 -hy, 5 -hr, 6 -hb, 7 -hT, ...), then
// seven filter Strings, the restrictions as the RTS stored them ("" where
// none): -hm, -hd, -hy, -hc, -hC, -hr and -hb, in that order.
struct HeapProfBegin {
  uint64_t period_ns;
  uint32_t breakdown;
  std::array<std::string, 7> filters;
  const std::string& bio_filter() const { return filters[6]; }
};
inline constexpr const char* kFilterFlags[] = {"-hm", "-hd", "-hy", "-hc", "-hC", "-hr", "-hb"};
inline HeapProfBegin heap_prof_begin(std::string_view payload) {
  Fields f{payload};
  f.uint(1);
  HeapProfBegin b{f.uint(8), static_cast<uint32_t>(f.uint(4)), {}};
  for (std::string& filter : b.filters) filter = f.string();
  return b;
}

constexpr uint32_t kBreakdownBiography = 6, kBreakdownInfoTable = 8;

// HEAP_PROF_COST_CENTRE: Word32 id, Strings label, module, source location,
// Word8 flags.
struct CostCentre {
  uint32_t id;
  std::string label, module, src_loc;
};
inline CostCentre cost_centre(std::string_view payload) {
  Fields f{payload};
  CostCentre c{static_cast<uint32_t>(f.uint(4)), "", "", ""};
  c.label = f.string();
  c.module = f.string();
  c.src_loc = f.string();
  return c;
}

// A band of a census: its bytes and what names it (a label, or a stack's
// raw ids). Both band events start with Word8 profile id, Word64 bytes.
struct BandSample {
  double value;
  std::string_view key;
};

// HEAP_PROF_SAMPLE_COST_CENTRE: ..., Word8 depth, depth x Word32 cost-centre
// ids, innermost first (MAIN itself not listed: depth 0 is the MAIN stack).
// Empty for an event shorter than its stack.
inline std::optional<BandSample> stack_sample(std::string_view payload) {
  Fields f{payload};
  f.uint(1);
  double value = static_cast<double>(f.uint(8));
  size_t depth = static_cast<size_t>(f.uint(1));
  if (f.short_read || depth * 4 > payload.size() - f.at) return std::nullopt;
  return BandSample{value, payload.substr(f.at, depth * 4)};
}

// The bytes of a band event before what names the band.
constexpr size_t kBandLabelAt = 9;

// Its bytes, the Word64 after the profile id (0 if the payload is short);
// one load, as every band of every census comes through here.
inline uint64_t band_value(std::string_view payload) {
  if (payload.size() < 9) return 0;
  uint64_t v;
  std::memcpy(&v, payload.data() + 1, 8);
  return __builtin_bswap64(v);
}

// HEAP_PROF_SAMPLE_STRING: ..., String label.
inline std::optional<BandSample> string_sample(std::string_view payload) {
  Fields f{payload};
  f.uint(1);
  BandSample b{static_cast<double>(f.uint(8)), {}};
  b.key = f.string();
  if (f.short_read) return std::nullopt;
  return b;
}

// HEAP_BIO_PROF_SAMPLE_BEGIN: Word64 era, Word64 census time (ns). The
// census time, not the event's (all are written at exit), places a sample.
inline std::optional<uint64_t> bio_census_time(std::string_view payload) {
  Fields f{payload};
  f.uint(8);
  uint64_t t = f.uint(8);
  if (f.short_read) return std::nullopt;
  return t;
}

// IPE: Word64 info-table address, then Strings table name, closure type (a
// decimal number as text), type description, label, module, source
// location ("file:span"). Fields a newer GHC appends are not read. Empty
// for an event shorter than its address.
struct IpeRecord {
  uint64_t address = 0;
  std::string table_name, closure_type, type, label, module, src_loc;
};
inline std::optional<IpeRecord> ipe(std::string_view payload) {
  Fields f{payload};
  IpeRecord r;
  r.address = f.uint(8);
  if (f.short_read) return std::nullopt;
  for (std::string* s : {&r.table_name, &r.closure_type, &r.type, &r.label, &r.module, &r.src_loc}) *s = f.string();
  return r;
}

// The bytes an IPE payload's content takes: the address and six NUL-ended
// strings, found in `p` (0 when it holds fewer than six NULs after the
// address).
inline size_t ipe_written_length(std::string_view p) {
  if (p.size() < 8) return 0;
  size_t at = 8;
  for (int i = 0; i < 6; ++i) {
    size_t nul = p.find('\0', at);
    if (nul == std::string_view::npos) return 0;
    at = nul + 1;
  }
  return at;
}

// True when the RTS way of an RTS_IDENTIFIER ("GHC-9.0.2 rts_p") has a "p"
// (profiling) component: rts_p, rts_thr_p, rts_debug_p, ...
inline bool profiled_way(std::string_view ident) {
  size_t space = ident.find(' ');
  std::string_view way = space == std::string_view::npos ? std::string_view() : ident.substr(space + 1);
  for (size_t start = 0; start <= way.size();) {
    size_t end = std::min(way.find('_', start), way.size());
    if (way.substr(start, end - start) == "p") return true;
    start = end + 1;
  }
  return false;
}

// PROGRAM_ARGS: Word32 capset, then each argument as a String.
inline std::vector<std::string> program_args(std::string_view payload) {
  Fields f{payload};
  f.uint(4);
  std::vector<std::string> args;
  while (f.at < f.p.size()) args.emplace_back(f.string());
  return args;
}

// WALL_CLOCK_TIME: Word32 capset, Word64 Unix seconds, Word32 ns.
inline std::optional<time_t> wall_clock_seconds(std::string_view payload) {
  Fields f{payload};
  f.uint(4);
  time_t secs = static_cast<time_t>(f.uint(8));
  if (f.short_read) return std::nullopt;
  return secs;
}

// BLOCK_MARKER: Word32 block size (from this event's first byte), Word64
// end time, Word16 capability (0xFFFF: the RTS's global buffer). The
// events of the block belong to that capability.
struct Block {
  uint64_t size;
  uint16_t capability;
};
inline Block block(std::string_view payload) {
  Fields f{payload};
  Block b{f.uint(4), 0};
  f.uint(8);
  b.capability = static_cast<uint16_t>(f.uint(2));
  return b;
}

// HEAP_ALLOCATED, HEAP_SIZE, HEAP_LIVE, BLOCKS_SIZE: Word32 heap capset,
// Word64 bytes.
struct HeapFigure {
  uint32_t capset;
  uint64_t bytes;
};
inline std::optional<HeapFigure> heap_figure(std::string_view payload) {
  Fields f{payload};
  HeapFigure h{static_cast<uint32_t>(f.uint(4)), f.uint(8)};
  if (f.short_read) return std::nullopt;
  return h;
}

// HEAP_INFO_GHC: Word32 heap capset, Word16 generations, Word64 max heap
// size (0: unlimited), Word64 allocation area, Word64 megablock size,
// Word64 block size.
struct HeapInfo {
  uint64_t generations, max_heap, allocation_area, megablock, block;
};
inline std::optional<HeapInfo> heap_info(std::string_view payload) {
  Fields f{payload};
  f.uint(4);
  HeapInfo h{};
  h.generations = f.uint(2);
  h.max_heap = f.uint(8);
  h.allocation_area = f.uint(8);
  h.megablock = f.uint(8);
  h.block = f.uint(8);
  if (f.short_read) return std::nullopt;
  return h;
}

// USER_MARKER: Text, the marker's name (traceMarker).
inline std::string_view marker_name(std::string_view payload) { return payload; }

// RTS_IDENTIFIER's text, "GHC-9.0.2 rts_p".
inline std::string_view rts_identifier(std::string_view payload) {
  Fields f{payload};
  f.uint(4);
  return f.rest();
}

}  // namespace hpng::events
