// See elf_symbols.h (symbol_band_namer). Tables next to code, as every
// GHC of 9.x lays them out (../shared/docs/explain-workflow.md, 7.3): the
// symbol labels the entry code just after the table, the closure type is
// the 32-bit word 8 bytes before that (the layout's pointer and other
// words the two before it), and a plain build's constructor
// table is preceded by the offset of its description ("ghc-prim:GHC.Types.:")
// from the entry.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <set>
#include <unordered_map>

#include "hpng/read/elf_symbols.h"
#include "hpng/read/rts_abilities.h"
#include "hpng/read/symbols.h"
#include "read/binary/binary_ipe.h"
#include "read/ghc/closure_types.h"
#include "read/binary/elf_words.h"

namespace hpng {

namespace {

constexpr uint32_t kLastConstructor = 7;  // CONSTR_NOCAF
constexpr size_t kMostDescription = 4096;

// A constructor's description, as its table gives it (plain builds).
bool description_agrees(const ElfSymbols& elf, uint64_t table, uint64_t entry, const SymbolName& s) {
  std::optional<int64_t> offset = word_at<int64_t>(elf, table - 8);
  if (!offset) return false;
  std::optional<std::string_view> said = elf.string_at(entry + static_cast<uint64_t>(*offset), kMostDescription);
  if (!said) return false;
  std::string own = s.module + "." + s.name;  // the program's own unit is "main" there
  return *said == shown_name(s) || (s.unit.empty() && said->ends_with(":" + own));
}

// A table's name from the symbol just after it, where its bytes agree.
NamedBand symbol_name(const ElfSymbols& elf, std::string_view text, uint64_t table, uint64_t entry_offset) {
  NamedBand same{std::string(text), std::nullopt, ""};
  uint64_t entry = table + entry_offset;
  std::optional<std::string_view> symbol = elf.at(entry);
  std::optional<SymbolName> s = symbol ? decode_symbol(*symbol) : std::nullopt;
  if (!s) return same;
  std::optional<uint32_t> type = word_at<uint32_t>(elf, entry - 8);
  bool constructor = s->kind == SymbolKind::constructor;
  bool agrees = type && !closure_type_name(*type).empty() && *type != 0 &&
                (constructor ? *type <= kLastConstructor : s->rts || *type > kLastConstructor || s->kind != SymbolKind::info);
  // A constructor without fields is a static closure, never in a census:
  // another build's table that happens to sit there.
  std::optional<uint32_t> ptrs = word_at<uint32_t>(elf, entry - 16), words = word_at<uint32_t>(elf, entry - 12);
  if (agrees && constructor) agrees = ptrs && words && *ptrs + uint64_t{*words} > 0;
  if (agrees && constructor && entry_offset == 16) agrees = description_agrees(elf, table, entry, *s);
  if (!agrees) return {std::string(text), std::nullopt, "is not the build that made the profile (its tables contradict it)"};
  InfoTable t{std::string(text), std::string(*symbol), closure_type_name(*type), "", s->name, s->module, "", "symbols"};
  return {shown_name(*s), std::move(t), ""};
}

std::string hex(uint64_t v) {
  char out[24];
  std::snprintf(out, sizeof out, "0x%llx", static_cast<unsigned long long>(v));
  return out;
}

// A PIE's load base: the page-aligned offset at which the most of the
// profile's addresses are tables it knows, at least three of them and
// twice as many as at any other offset (a library's closures, dense in
// their pages, meet its tables by chance at two).
std::optional<uint64_t> load_base(const std::vector<uint64_t>& known, const std::vector<uint64_t>& addresses) {
  std::unordered_map<uint64_t, std::vector<uint64_t>> by_page_offset;
  for (uint64_t k : known) by_page_offset[k & 0xfff].push_back(k);
  std::map<uint64_t, size_t> hits;
  for (uint64_t a : addresses) {
    std::set<uint64_t> bases;
    for (uint64_t k : by_page_offset[a & 0xfff]) if (a > k) bases.insert(a - k);
    for (uint64_t b : bases) ++hits[b];
  }
  std::pair<uint64_t, size_t> best{0, 0};
  size_t second = 0;
  for (auto [base, n] : hits) {
    if (n > best.second) second = best.second, best = {base, n};
    else second = std::max(second, n);
  }
  if (best.second < 3 || best.second < 2 * second) return std::nullopt;
  return best.first;
}

// How far a table's symbol is past it: 32 in a profiled build (two more
// words), 16 in a plain one or where the RTS is not linked in (-dynamic).
uint64_t entry_offset(const RtsAbilities& rts) { return rts.ghc && rts.profiled ? 32 : 16; }

// Names a table from the IPE records the binary holds, if it has its
// record, else from its symbol; a PIE's addresses less its load base.
class SymbolNamer {
 public:
  // The file is checked to be an ELF program before its RTS is asked.
  explicit SymbolNamer(const std::string& path)
      : elf_(std::make_shared<const ElfSymbols>(path)),
        entry_offset_(entry_offset(rts_abilities(path))),
        ipe_(binary_ipe_records(elf_, entry_offset_)),
        stack_(elf_->value_of("stg_STACK_info")) {}
  const ElfSymbols& elf() const { return *elf_; }
  const BinaryIpe& ipe() const { return ipe_; }
  bool holds_rts() const { return stack_.has_value(); }

  NamedBand name(std::string_view text) const {
    std::optional<uint64_t> address = info_table_address(text);
    if (!address || *address < base_ || *address - base_ > UINT64_MAX - 32) return {std::string(text), std::nullopt, ""};
    uint64_t table = *address - base_;
    if (std::optional<InfoTable> t = ipe_.names.table(hex(table))) {
      t->address = std::string(text), t->named_from = "binary";
      return {ipe_.names.name(hex(table)), std::move(t), ""};
    }
    NamedBand named = symbol_name(*elf_, hex(table), table, entry_offset_);
    if (named.table) named.table->address = std::string(text);
    if (!named.table) named.name = std::string(text);
    return named;
  }

  // See BandNamer::vet: a PIE placed, then the build that made the profile
  // names one of its addresses its RTS's STACK (every running program has
  // a stack on the heap), or, its RTS a shared library, some as its own.
  std::string vet(const std::vector<std::string>& texts) {
    std::vector<uint64_t> addresses;
    for (const std::string& t : texts) addresses.push_back(*info_table_address(t));
    if (elf_->position_independent()) {
      std::optional<uint64_t> base = load_base(known_tables(), addresses);
      if (!base) return "is a position-independent build (PIE) that the profile's addresses do not place (at least three "
                        "must be its own tables): another build, or a run whose bands are all in shared libraries";
      base_ = *base;
    }
    if (stack_) {
      bool stack = std::any_of(addresses.begin(), addresses.end(), [&](uint64_t a) { return a - base_ + entry_offset_ == *stack_; });
      return stack ? "" : "is not the build that made the profile (none of the profile's addresses is its RTS's STACK)";
    }
    bool own = std::any_of(texts.begin(), texts.end(), [&](const std::string& t) { return name(t).table.has_value(); });
    return own ? "" : "is not the build that made the profile (none of the profile's addresses is one of its own tables)";
  }

 private:
  std::vector<uint64_t> known_tables() const {
    std::vector<uint64_t> known = ipe_.names.addresses();
    for (uint64_t v : elf_->symbol_values()) if (v >= entry_offset_) known.push_back(v - entry_offset_);
    return known;
  }

  std::shared_ptr<const ElfSymbols> elf_;
  uint64_t entry_offset_;
  BinaryIpe ipe_;
  std::optional<uint64_t> stack_;  // the RTS's STACK entry, when the RTS is linked in
  uint64_t base_ = 0;              // where the run loaded a PIE (BandNamer::vet)
};

// What --symbols cannot name from the binary, said once.
std::string unread_note(const SymbolNamer& namer) {
  std::string note = namer.ipe().unread;
  if (!note.empty()) note += "; its bands are named from its symbols alone";
  if (!namer.holds_rts()) {
    note += std::string(note.empty() ? "" : "; ") +
            "its RTS and libraries are shared libraries (a -dynamic build), loaded where that run put them, which a "
            "profile does not say: only the program's own tables are named, a library's closures stay addresses";
  }
  return note;
}

}  // namespace

BandNamer symbol_band_namer(const std::string& path) {
  auto namer = std::make_shared<SymbolNamer>(path);
  size_t symbols = namer->elf().symbols() + namer->ipe().names.size();
  return {[namer](std::string_view text) { return namer->name(text); }, path, symbols, unread_note(*namer),
          [namer](const std::vector<std::string>& addresses) { return namer->vet(addresses); }};
}

}  // namespace hpng
