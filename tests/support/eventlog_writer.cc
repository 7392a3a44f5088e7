// See eventlog_writer.h. Layouts follow docs/eventlog-format.md.
#include "support/eventlog_writer.h"

namespace hpng::test {

std::string EventlogWriter::be(uint64_t v, int bytes) {
  std::string s;
  for (int i = bytes - 1; i >= 0; --i) s += static_cast<char>((v >> (8 * i)) & 0xFF);
  return s;
}

EventlogWriter& EventlogWriter::declare(uint16_t id, int size, uint32_t extra_info) {
  sizes_[id] = size;
  std::string desc = "event " + std::to_string(id);
  header_ += std::string("etb\0", 4) + u16(id) + u16(size < 0 ? 0xFFFF : static_cast<uint64_t>(size)) +
             u32(desc.size()) + desc + u32(extra_info) + std::string(extra_info, 'x') + std::string("ete\0", 4);
  return *this;
}

EventlogWriter& EventlogWriter::declare_standard(bool with_sample_end) {
  declare(18, 14).declare(29, -1).declare(30, -1).declare(43, 16).declare(58, -1);
  declare(49, 12).declare(50, 12).declare(51, 12).declare(52, 38).declare(91, 12);
  declare(160, -1).declare(161, -1).declare(162, 8).declare(163, -1).declare(164, -1).declare(166, 16);
  if (with_sample_end) declare(165, 8);
  return *this;
}

EventlogWriter& EventlogWriter::event(uint16_t id, uint64_t ts, const std::string& payload) {
  events_ += u16(id) + u64(ts);
  if (sizes_[id] == -1) events_ += u16(payload.size());
  events_ += payload;
  return *this;
}

EventlogWriter& EventlogWriter::ipe(uint64_t ts, const Ipe& r, IpeLength length, const std::string& appended) {
  std::string payload = u64(r.address) + str(r.table_name) + str(r.closure_type) + str(r.type) + str(r.label) +
                        str(r.module) + str(r.src_file + ":" + r.src_span) + appended;
  size_t declared = payload.size() + (length == IpeLength::one_more) - (length == IpeLength::one_short);
  events_ += u16(169) + u64(ts) + u16(declared) + payload;
  return *this;
}

EventlogWriter& EventlogWriter::heap_prof_begin(uint64_t ts, uint32_t breakdown, const std::string& bio_filter) {
  return event(160, ts, u8(0) + u64(100000000) + u32(breakdown) + str("") + str("") + str("") + str("") + str("") +
                            str("") + str(bio_filter));
}
EventlogWriter& EventlogWriter::cost_centre(uint32_t id, const std::string& label, const std::string& module) {
  return event(161, 0, u32(id) + str(label) + str(module) + str("<src>") + u8(label == "CAF" ? 0x63 : 0));
}
EventlogWriter& EventlogWriter::sample_begin(uint64_t ts) { return event(162, ts, u64(0)); }
EventlogWriter& EventlogWriter::bio_sample_begin(uint64_t ts, uint64_t t) { return event(166, ts, u64(7) + u64(t)); }
EventlogWriter& EventlogWriter::sample_end(uint64_t ts) { return event(165, ts, u64(0)); }
EventlogWriter& EventlogWriter::sample_string(uint64_t ts, uint64_t value, const std::string& label,
                                              const std::string& trailing) {
  return event(164, ts, u8(0) + u64(value) + str(label) + trailing);
}
EventlogWriter& EventlogWriter::sample_stack(uint64_t ts, uint64_t value, const std::vector<uint32_t>& ids) {
  std::string p = u8(0) + u64(value) + u8(ids.size());
  for (uint32_t id : ids) p += u32(id);
  return event(163, ts, p);
}
EventlogWriter& EventlogWriter::block_marker(uint64_t ts, uint16_t cap) {
  return event(18, ts, u32(24) + u64(ts) + u16(cap));
}
EventlogWriter& EventlogWriter::program_args(const std::vector<std::string>& args) {
  std::string p = u32(0);
  for (const std::string& a : args) p += str(a);
  return event(30, 0, p);
}
EventlogWriter& EventlogWriter::rts_identifier(const std::string& text) { return event(29, 0, u32(0) + text); }
EventlogWriter& EventlogWriter::wall_clock(uint64_t secs) { return event(43, 0, u32(1) + u64(secs) + u32(0)); }
EventlogWriter& EventlogWriter::user_marker(uint64_t ts, const std::string& name) { return event(58, ts, name); }
EventlogWriter& EventlogWriter::heap_figure(uint16_t id, uint64_t ts, uint64_t bytes, uint32_t capset) {
  return event(id, ts, u32(capset) + u64(bytes));
}
EventlogWriter& EventlogWriter::heap_info(uint64_t generations, uint64_t max_heap, uint64_t alloc_area) {
  return event(52, 0, u32(0) + u16(generations) + u64(max_heap) + u64(alloc_area) + u64(1048576) + u64(4096));
}

std::string EventlogWriter::bytes(bool end_marker) const {
  return "hdrbhetb" + header_ + "hetehdredatb" + events_ + (end_marker ? std::string("\xff\xff", 2) : "");
}

}  // namespace hpng::test
