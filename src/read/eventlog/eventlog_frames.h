// Framing of a GHC eventlog, driven by the file's own header. All integers
// are big-endian. The file is "hdrb" "hetb", one declaration per event type
// ("etb\0", Word16 id, Word16 payload size or 0xFFFF for variable size,
// Word32 + description, Word32 + extra info, "ete\0"), "hete" "hdre"
// "datb", then events up to the Word16 0xFFFF end marker. An event is
// Word16 id, Word64 time in ns since the RTS started, for variable-size
// types a Word16 payload length, then the payload. Every event is stepped
// over by the size the header declares (or its length field), so unknown
// event types and fields that newer GHCs append are skipped, never fatal.
#pragma once
#include <cstdint>
#include <cstring>
#include <optional>
#include <string_view>
#include <vector>

#include "hpng/input/input.h"
#include "read/eventlog/eventlog_events.h"

namespace hpng {

struct Event {
  uint16_t id;
  uint64_t time;             // ns since the RTS started
  std::string_view payload;  // exactly the declared or stated size
  size_t offset;             // of the event's first byte in the file
  size_t payload_at;         // of the payload's first byte in the file
};

// An event time (ns) in seconds, the profile's sample unit.
inline double seconds(uint64_t ns) { return static_cast<double>(ns) / 1e9; }

class EventFrames {
 public:
  enum class Next { event, end_marker, more, undeclared };

  // Reads the header from `bytes`, the file's first. Returns false when they
  // end inside it (only before the end of the whole file); throws Error
  // (bad_eventlog) for a damaged header or one the whole file cuts short.
  bool read_header(const Input& in, std::string_view bytes, bool at_end);

  // The event at position(), in `bytes` (the file's from `base`): `more`
  // when they end inside it, `undeclared` for a type the header does not
  // declare (its size cannot be known, so nothing after it can be read).
  Next next(std::string_view bytes, size_t base, Event& e) {
    std::string_view s = bytes;
    size_t at = pos_ - base;
    if (at > s.size() || s.size() - at < 2) return Next::more;  // skipped past these bytes
    uint16_t id = be16(s.data() + at);
    if (id == 0xFFFF) return Next::end_marker;
    int size = sizes_[id];
    if (size == kUndeclared) return Next::undeclared;
    size_t head = size == kVariable ? 12 : 10;
    if (s.size() - at < head) return Next::more;
    size_t len = size == kVariable ? be16(s.data() + at + 10) : static_cast<size_t>(size);
    if (len > s.size() - at - head) return Next::more;
    if (id == kIpeId) {
      std::optional<size_t> written = ipe_length(s, at + head, len);
      if (!written) return Next::more;
      len = *written;
    }
    e = {id, be64(s.data() + at + 2), s.substr(at + head, len), base + at, base + at + head};
    pos_ = base + at + head + len;
    return Next::event;
  }

  size_t position() const { return pos_; }
  // Reading goes on at `pos` (a later byte of the file): past a damaged
  // stretch.
  void skip_to(size_t pos) { pos_ = pos; }
  bool declared(uint16_t id) const { return sizes_[id] != kUndeclared; }
  // The id of the event at position() (after next() said `undeclared`), in
  // `bytes` (the file's from `base`).
  uint16_t id_at(std::string_view bytes, size_t base) const { return static_cast<uint16_t>(be(bytes, pos_ - base, 2)); }

 private:
  static constexpr int kUndeclared = -2, kVariable = -1;
  static constexpr uint16_t kIpeId = 169;
  static constexpr uint64_t kLatest = uint64_t{1} << 53;  // ns: 104 days into a run
  static uint64_t be(std::string_view s, size_t at, size_t bytes) {
    uint64_t v = 0;
    for (size_t i = 0; i < bytes; ++i) v = (v << 8) | static_cast<unsigned char>(s[at + i]);
    return v;
  }
  // The fixed-width big-endian fields of every event, as single loads.
  static uint16_t be16(const char* p) {
    uint16_t v;
    std::memcpy(&v, p, 2);
    return __builtin_bswap16(v);
  }
  static uint64_t be64(const char* p) {
    uint64_t v;
    std::memcpy(&v, p, 8);
    return __builtin_bswap64(v);
  }
  // An IPE event's length is read from its content (the address and six
  // NUL-ended strings) where its length field is a byte off: every IPE event
  // of GHC 9.6 and 9.10 declares a byte more than it writes (a NUL after the
  // file name that is never written), and a byte less has been declared too
  // (GHC #24287). The content wins only when an event starts after it and
  // none where the field says (a record with a NUL appended is exact).
  // nullopt: the bytes end before that can be told.
  std::optional<size_t> ipe_length(std::string_view s, size_t payload, size_t declared) const {
    if (declared == s.size() - payload) return std::nullopt;  // the byte that may be the sixth NUL
    size_t written = events::ipe_written_length(s.substr(payload, declared + 1));
    if (written == 0 || written == declared || written + 1 < declared) return declared;
    std::optional<bool> by_content = heads_event(s, payload + written);
    if (!by_content || !*by_content) return by_content ? std::optional<size_t>(declared) : std::nullopt;
    if (be16(s.data() + payload + written) == 0xFFFF) return written;  // the field would end inside the marker
    std::optional<bool> by_field = heads_event(s, payload + declared);
    if (!by_field) return std::nullopt;
    return *by_field ? declared : written;
  }
  // An event header at `at`: the end marker, or a type the header declares
  // with a time below kLatest (read a byte out of place, a time's top byte
  // is an event id's). nullopt: the bytes end first.
  std::optional<bool> heads_event(std::string_view s, size_t at) const {
    if (at > s.size() || s.size() - at < 2) return std::nullopt;
    uint16_t id = be16(s.data() + at);
    if (id == 0xFFFF) return true;
    if (sizes_[id] == kUndeclared) return false;
    if (s.size() - at < 10) return std::nullopt;
    return be64(s.data() + at + 2) < kLatest;
  }
  bool marker(std::string_view s, size_t& at, std::string_view m, bool at_end, const char* what,
              const std::string& name) const;
  bool declaration(const Input& in, std::string_view s, size_t& at, bool at_end);

  std::vector<int> sizes_ = std::vector<int>(65536, kUndeclared);
  size_t pos_ = 0;  // in the file
};

}  // namespace hpng
