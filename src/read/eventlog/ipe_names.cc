// See ipe_names.h.
#include "read/eventlog/ipe_names.h"

#include "read/eventlog/eventlog_frames.h"

namespace hpng {

namespace {

std::string plain_name(const events::IpeRecord& r) {
  const std::string& what = r.label.empty() ? r.table_name : r.label;
  const std::string& where = r.src_loc.empty() ? r.module : r.src_loc;
  return where.empty() ? what : what + " (" + where + ")";
}

// "0x4a3f10" (glibc's %p), or bare hex digits: the address, else nothing.
std::optional<uint64_t> address_of(std::string_view text) {
  if (text.starts_with("0x")) text.remove_prefix(2);
  if (text.empty() || text.size() > 16) return std::nullopt;
  uint64_t v = 0;
  for (char c : text) {
    int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
    if (d < 0) return std::nullopt;
    v = v << 4 | static_cast<uint64_t>(d);
  }
  return v;
}

}  // namespace

void IpeNames::add(events::IpeRecord r) {
  uint64_t address = r.address;
  std::string plain = plain_name(r);
  if (records_.emplace(address, std::move(r)).second) ++uses_[plain];
}

std::string IpeNames::name(std::string_view pointer_text) const {
  std::optional<uint64_t> address = address_of(pointer_text);
  auto it = address ? records_.find(*address) : records_.end();
  if (it == records_.end()) return std::string(pointer_text);
  std::string plain = plain_name(it->second);
  if (uses_.at(plain) == 1 || plain == it->second.table_name) return plain;
  std::string with_table = plain.back() == ')' ? plain.substr(0, plain.size() - 1) + ", " : plain + " (";
  return with_table + it->second.table_name + ")";
}

IpeNames ipe_records(const Input& in, bool whole_log) {
  IpeNames names;
  EventFrames frames;
  bool header = false;
  read_windows(in, [&](std::string_view bytes, size_t base, bool at_end) -> size_t {
    if (!header && !(header = frames.read_header(in, bytes, at_end))) return 0;
    if (!frames.declared(events::kIpe)) return in.size();
    for (Event e;;) {
      EventFrames::Next next = frames.next(bytes, base, e);
      if (next == EventFrames::Next::more) return frames.position();
      if (next != EventFrames::Next::event) return in.size();
      if (e.id == events::kIpe) {
        if (std::optional<events::IpeRecord> r = events::ipe(e.payload)) names.add(std::move(*r));
      } else if (!whole_log && e.id == events::kHeapProfBegin &&
                 events::heap_prof_begin(e.payload).breakdown != events::kBreakdownInfoTable) {
        return in.size();
      }
    }
  });
  return names;
}

}  // namespace hpng
