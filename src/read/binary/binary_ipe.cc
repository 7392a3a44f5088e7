// See binary_ipe.h. Every pointer and index a buffer holds is checked
// against the file: a cut or hostile buffer names nothing, never crashes.
#include "read/binary/binary_ipe.h"

#include <optional>
#include <vector>

#include "read/binary/elf_words.h"

namespace hpng {

namespace {

constexpr uint64_t kMostEntries = uint64_t{1} << 24;
constexpr size_t kMostString = 1 << 16;
constexpr uint64_t kInlineEntry = 40, kApartEntry = 24;  // sizeof(IpeBufferEntry), 9.2-9.8 and 9.10+

// One module's buffer, as its layout places it.
struct Buffer {
  bool apart = false;  // 9.10+: tables, entries and strings each an array of their own
  uint64_t count = 0, tables = 0, entries = 0, strings = 0, strings_size = 0;
  uint32_t module = 0;
};

bool holds(const ElfSymbols& elf, uint64_t address, uint64_t n) { return n < SIZE_MAX && elf.bytes_at(address, n).has_value(); }

// 9.10+: next, compressed, count, tables, entries, entries_size,
// string_table, string_table_size, unit_id, module_name.
std::optional<Buffer> apart_buffer(const ElfSymbols& elf, uint64_t node, std::string& unread) {
  std::optional<std::string_view> w = elf.bytes_at(node, 8 * 8 + 8);
  if (!w) return std::nullopt;
  auto word = [&](int k) { return *word_at<uint64_t>(elf, node + 8 * static_cast<uint64_t>(k)); };
  Buffer b{true, word(2), word(3), word(4), word(6), word(7), *word_at<uint32_t>(elf, node + 68)};
  if (word(1) > 1 || b.count == 0 || b.count > kMostEntries || word(5) != b.count * kApartEntry) return std::nullopt;
  if (word(1) == 1) {
    unread = "its IPE records are compressed (a GHC built with libzstd), which hp2ps-ng does not read";
    return std::nullopt;
  }
  if (!holds(elf, b.tables, 8 * b.count) || !holds(elf, b.entries, word(5)) || !holds(elf, b.strings, b.strings_size)) {
    return std::nullopt;
  }
  return b;
}

// 9.2-9.8: next, string_table, count, then the entries.
std::optional<Buffer> inline_buffer(const ElfSymbols& elf, uint64_t node) {
  std::optional<uint64_t> strings = word_at<uint64_t>(elf, node + 8), count = word_at<uint64_t>(elf, node + 16);
  if (!strings || !count || *count == 0 || *count > kMostEntries) return std::nullopt;
  Buffer b{false, *count, 0, node + 24, *strings, kMostString, 0};
  if (!holds(elf, b.entries, b.count * kInlineEntry) || !elf.bytes_at(b.strings, 1)) return std::nullopt;
  return b;
}

std::string text_at(const ElfSymbols& elf, const Buffer& b, uint32_t index) {
  if (index >= b.strings_size && b.apart) return "";
  std::optional<std::string_view> s = elf.string_at(b.strings + index, kMostString);
  return s ? std::string(*s) : "";
}

// Entry `k` of `b` as an eventlog's IPE event gives it (its closure type
// in words, its source location "file:span"), and the closure type its
// table's own bytes say.
struct Entry {
  events::IpeRecord record;
  std::optional<uint32_t> table_type;
};

std::optional<Entry> entry(const ElfSymbols& elf, const Buffer& b, uint64_t k, uint64_t entry_offset) {
  uint64_t at = b.entries + k * (b.apart ? kApartEntry : kInlineEntry);
  std::optional<uint64_t> code = word_at<uint64_t>(elf, b.apart ? b.tables + 8 * k : at);
  if (!code || *code < entry_offset) return std::nullopt;
  if (!b.apart) at += 8;
  auto index = [&](int n) { return *word_at<uint32_t>(elf, at + 4 * static_cast<uint64_t>(n)); };
  events::IpeRecord r;
  r.address = *code - entry_offset;
  r.table_name = text_at(elf, b, index(0));
  r.closure_type = b.apart ? std::to_string(index(1)) : text_at(elf, b, index(1));
  r.type = text_at(elf, b, index(2));
  r.label = text_at(elf, b, index(3));
  r.module = text_at(elf, b, b.apart ? b.module : index(4));
  r.src_loc = text_at(elf, b, index(b.apart ? 4 : 5)) + ":" + text_at(elf, b, index(b.apart ? 5 : 6));
  return Entry{std::move(r), word_at<uint32_t>(elf, *code - 8)};
}

// A buffer is taken when most of its entries' closure types are their
// tables' own (a return frame's record says another): a layout misread, or
// another GHC's, agrees with almost none.
bool agrees(const ElfSymbols& elf, const Buffer& b, uint64_t entry_offset) {
  uint64_t agree = 0;
  for (uint64_t k = 0; k < b.count; ++k) {
    std::optional<Entry> e = entry(elf, b, k, entry_offset);
    agree += e && e->table_type && std::to_string(*e->table_type) == e->record.closure_type;
  }
  return agree * 2 > b.count;
}

// An eventlog's IPE payload: the address (big-endian) and six NUL-ended strings.
std::string payload(const events::IpeRecord& r) {
  std::string p(8, '\0');
  for (int i = 0; i < 8; ++i) p[static_cast<size_t>(i)] = static_cast<char>(r.address >> (56 - 8 * i));
  for (const std::string* s : {&r.table_name, &r.closure_type, &r.type, &r.label, &r.module, &r.src_loc}) {
    p += *s;
    p += '\0';
  }
  return p;
}

}  // namespace

BinaryIpe binary_ipe_records(std::shared_ptr<const ElfSymbols> elf, uint64_t entry_offset) {
  BinaryIpe out;
  auto buffers = std::make_shared<std::vector<Buffer>>();
  std::string why;
  // Entries looked at in all: a hostile file's buffers that share their
  // bytes cost no more than one of every entry it can hold.
  uint64_t left = kMostEntries;
  for (uint64_t node : elf->ipe_buffers()) {
    std::optional<Buffer> b = apart_buffer(*elf, node, why);
    if (!b && why.empty()) b = inline_buffer(*elf, node);
    if (!b || b->count > left) continue;
    left -= b->count;
    if (agrees(*elf, *b, entry_offset)) buffers->push_back(*b);
  }
  for (uint64_t n = 0; n < buffers->size(); ++n) {
    for (uint64_t k = 0; k < (*buffers)[n].count; ++k) {
      std::optional<Entry> e = entry(*elf, (*buffers)[n], k, entry_offset);
      if (e) out.names.add(e->record, n << 32 | k, 0);
    }
  }
  if (buffers->empty() && !elf->ipe_buffers().empty()) {
    out.unread = why.empty() ? "its IPE records are in a layout hp2ps-ng does not know (it reads those of GHC 9.2 to "
                               "9.8 and of 9.10 on)"
                             : why;
  }
  out.names.reading([elf, buffers, entry_offset](uint64_t at, uint32_t) {
    uint64_t n = at >> 32;
    std::optional<Entry> e = n < buffers->size() ? entry(*elf, (*buffers)[n], at & 0xffffffff, entry_offset) : std::nullopt;
    return e ? payload(e->record) : std::string();
  });
  return out;
}

}  // namespace hpng
