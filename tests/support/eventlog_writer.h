// A small eventlog writer for tests: makes the logs GHC 9.0.2 cannot
// (other breakdowns, old and new layouts, damaged files) byte by byte.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace hpng::test {

class EventlogWriter {
 public:
  // Declares an event type: size in bytes, or -1 for variable size.
  EventlogWriter& declare(uint16_t id, int size, uint32_t extra_info = 0);
  // The usual GHC 9.0.2 heap-profiling declarations (160-166, 18, 29, 30,
  // 43, 58) with their standard sizes.
  EventlogWriter& declare_standard(bool with_sample_end = true);

  // Payload builders.
  static std::string u8(uint64_t v) { return be(v, 1); }
  static std::string u16(uint64_t v) { return be(v, 2); }
  static std::string u32(uint64_t v) { return be(v, 4); }
  static std::string u64(uint64_t v) { return be(v, 8); }
  static std::string str(const std::string& s) { return s + std::string(1, '\0'); }
  static std::string be(uint64_t v, int bytes);

  // Appends bytes that are no event (a damaged stretch).
  EventlogWriter& raw(const std::string& bytes) {
    events_ += bytes;
    return *this;
  }
  // Appends an event; variable-size types get their length field.
  EventlogWriter& event(uint16_t id, uint64_t ts, const std::string& payload);

  // Common events.
  EventlogWriter& heap_prof_begin(uint64_t ts, uint32_t breakdown, const std::string& bio_filter = "");
  EventlogWriter& cost_centre(uint32_t id, const std::string& label, const std::string& module);
  EventlogWriter& sample_begin(uint64_t ts);
  EventlogWriter& bio_sample_begin(uint64_t ts, uint64_t census_time);
  EventlogWriter& sample_end(uint64_t ts);
  EventlogWriter& sample_string(uint64_t ts, uint64_t value, const std::string& label, const std::string& trailing = "");
  EventlogWriter& sample_stack(uint64_t ts, uint64_t value, const std::vector<uint32_t>& ids);
  EventlogWriter& block_marker(uint64_t ts, uint16_t cap);
  EventlogWriter& program_args(const std::vector<std::string>& args);
  EventlogWriter& rts_identifier(const std::string& text);
  EventlogWriter& wall_clock(uint64_t unix_seconds);
  EventlogWriter& user_marker(uint64_t ts, const std::string& name);
  // HEAP_ALLOCATED (49), HEAP_SIZE (50), HEAP_LIVE (51), BLOCKS_SIZE (91).
  EventlogWriter& heap_figure(uint16_t id, uint64_t ts, uint64_t bytes, uint32_t capset = 0);
  EventlogWriter& heap_info(uint64_t generations, uint64_t max_heap, uint64_t alloc_area);
  // IPE (169, declared variable), as GHC 9.6 and 9.10 write it: the source
  // file and span joined by ':', and a length field one more than the bytes
  // written (every IPE event of their real logs: tests/corpus/ghc-today).
  // `length`: that, or a length field that is exact or a byte short;
  // `appended`: fields a newer GHC might add after the six strings.
  struct Ipe {
    uint64_t address;
    std::string table_name, closure_type, type, label, module, src_file, src_span;
  };
  enum class IpeLength { one_more, exact, one_short };
  EventlogWriter& ipe(uint64_t ts, const Ipe& r, IpeLength length = IpeLength::one_more, const std::string& appended = "");
  // A block of `capability` (0xFFFF: the global buffer) holding what `body`
  // writes, its marker's size set to fit.
  template <class Body>
  EventlogWriter& block(uint64_t ts, uint16_t capability, Body body) {
    size_t at = events_.size();
    block_marker(ts, capability);
    body(*this);
    events_.replace(at + 10, 4, u32(events_.size() - at));  // after the id and time
    return *this;
  }
  size_t size() const { return header_.size() + 20 + events_.size(); }  // of bytes(false)

  // The whole file; `end_marker` false leaves it as a killed program does.
  std::string bytes(bool end_marker = true) const;

 private:
  std::vector<int> sizes_ = std::vector<int>(65536, -2);
  std::string header_, events_;
};

}  // namespace hpng::test
