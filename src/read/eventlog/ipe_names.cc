// See ipe_names.h.
#include "read/eventlog/ipe_names.h"

#include <algorithm>
#include <cstdio>
#include <functional>

#include "base/text.h"
#include "read/ghc/closure_types.h"
#include "read/eventlog/eventlog_frames.h"

namespace hpng {

namespace {

// GHC writes a source location it does not know as ":" (the file and the
// span joined, both empty), and often an empty label with it.
bool known_location(const std::string& src_loc) { return !src_loc.empty() && src_loc != ":"; }

// "chainLen.next MapCache.hs:17:31"; without a location, "Foo_con_info
// (Main)".
std::string plain_name(const events::IpeRecord& r) {
  const std::string& what = r.label.empty() ? r.table_name : r.label;
  if (known_location(r.src_loc)) return what + " " + short_source_location(r.src_loc);
  return r.module.empty() ? what : what + " (" + r.module + ")";
}

uint64_t name_hash(const std::string& plain) { return std::hash<std::string>{}(plain); }

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

// GHC's closure types (rts/include/rts/storage/ClosureTypes.h), by number.
std::string closure_type_text(const std::string& number) {
  if (number.empty() || number.size() > 3 || number.find_first_not_of("0123456789") != std::string::npos) return number;
  std::string name = closure_type_name(static_cast<uint32_t>(std::stoul(number)));
  return name.empty() ? number : name;
}

}  // namespace

RecordBytes log_records(const Input& log) {
  return [&log](uint64_t at, uint32_t size) {
    std::string payload;
    read_windows(log, [&](std::string_view bytes, size_t, bool) {
      payload = bytes;
      return log.size();
    }, at, at + size);
    return payload;
  };
}

// One entry an address, the first met (a stable sort keeps the order met
// among equal addresses), and the names' hashes sorted for counting.
void IpeNames::settle() const {
  if (settled_) return;
  auto by_address = [](const Seen& a, const Seen& b) { return a.address < b.address; };
  std::stable_sort(seen_.begin(), seen_.end(), by_address);
  seen_.erase(std::unique(seen_.begin(), seen_.end(), [](const Seen& a, const Seen& b) { return a.address == b.address; }),
              seen_.end());
  name_hashes_.clear();
  for (const Seen& e : seen_) name_hashes_.push_back(e.name_hash);
  std::sort(name_hashes_.begin(), name_hashes_.end());
  settled_ = true;
}

size_t IpeNames::size() const {
  settle();
  return seen_.size();
}

void IpeNames::add(const events::IpeRecord& r, uint64_t at, uint32_t size) {
  settled_ = false;
  seen_.push_back({r.address, name_hash(plain_name(r)), at, size});
}

// Read back from the log (and kept from then on: only the bands' records
// are asked for).
const events::IpeRecord* IpeNames::record(std::string_view pointer_text) const {
  std::optional<uint64_t> address = address_of(pointer_text);
  if (!address) return nullptr;
  if (auto it = records_.find(*address); it != records_.end()) return &it->second;
  settle();
  auto at = std::lower_bound(seen_.begin(), seen_.end(), *address, [](const Seen& e, uint64_t a) { return e.address < a; });
  if (at == seen_.end() || at->address != *address) return nullptr;
  std::string payload = bytes_ ? bytes_(at->at, at->size) : "";
  std::optional<events::IpeRecord> r = events::ipe(payload);
  if (!r || r->address != *address) return nullptr;  // (the file is no longer what was read)
  return &records_.emplace(*address, std::move(*r)).first->second;
}

std::vector<uint64_t> IpeNames::addresses() const {
  settle();
  std::vector<uint64_t> out;
  for (const Seen& e : seen_) out.push_back(e.address);
  return out;
}

std::optional<InfoTable> IpeNames::table(std::string_view pointer_text) const {
  const events::IpeRecord* r = record(pointer_text);
  if (!r) return std::nullopt;
  char hex[24];
  std::snprintf(hex, sizeof hex, "0x%llx", static_cast<unsigned long long>(r->address));
  return InfoTable{hex, r->table_name, closure_type_text(r->closure_type), r->type, r->label, r->module, r->src_loc, ""};
}

std::string IpeNames::name(std::string_view pointer_text) const {
  const events::IpeRecord* r = record(pointer_text);
  if (!r) return std::string(pointer_text);
  settle();
  std::string plain = plain_name(*r);
  auto [from, to] = std::equal_range(name_hashes_.begin(), name_hashes_.end(), name_hash(plain));
  // The table's name tells apart bands that would read the same.
  if (to - from == 1 || r->label.empty()) return plain;
  if (!known_location(r->src_loc) && !r->module.empty()) return r->label + " (" + r->module + ", " + r->table_name + ")";
  return plain + " (" + r->table_name + ")";
}

}  // namespace hpng
