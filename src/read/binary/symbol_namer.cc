// See elf_symbols.h (symbol_band_namer). Tables next to code, as every
// GHC of 9.x lays them out (../shared/docs/explain-workflow.md, 7.3): the
// symbol labels the entry code just after the table, the closure type is
// the 32-bit word 8 bytes before that (the layout's pointer and other
// words the two before it), and a plain build's constructor
// table is preceded by the offset of its description ("ghc-prim:GHC.Types.:")
// from the entry.
#include <cstdlib>
#include <cstring>
#include <memory>

#include "hpng/read/elf_symbols.h"
#include "hpng/read/rts_abilities.h"
#include "hpng/read/symbols.h"
#include "read/binary/closure_types.h"

namespace hpng {

namespace {

constexpr uint32_t kLastConstructor = 7;  // CONSTR_NOCAF
constexpr size_t kMostDescription = 4096;

template <class T>
std::optional<T> word_at(const ElfSymbols& elf, uint64_t address) {
  std::optional<std::string_view> b = elf.bytes_at(address, sizeof(T));
  if (!b) return std::nullopt;
  T v;
  std::memcpy(&v, b->data(), sizeof v);
  return v;
}

// A constructor's description, as its table gives it (plain builds).
bool description_agrees(const ElfSymbols& elf, uint64_t table, uint64_t entry, const SymbolName& s) {
  std::optional<int64_t> offset = word_at<int64_t>(elf, table - 8);
  if (!offset) return false;
  std::optional<std::string_view> said = elf.string_at(entry + static_cast<uint64_t>(*offset), kMostDescription);
  if (!said) return false;
  std::string own = s.module + "." + s.name;  // the program's own unit is "main" there
  return *said == shown_name(s) || (s.unit.empty() && said->ends_with(":" + own));
}

class SymbolNamer {
 public:
  // The file is checked to be an ELF program before its RTS is asked.
  explicit SymbolNamer(const std::string& path) : elf_(path), profiled_(rts_abilities(path).profiled) {}
  const ElfSymbols& elf() const { return elf_; }

  NamedBand name(std::string_view text) const {
    NamedBand same{std::string(text), std::nullopt, false};
    std::optional<uint64_t> table = info_table_address(text);
    if (!table || *table > UINT64_MAX - 32) return same;
    uint64_t entry = *table + (profiled_ ? 32 : 16);
    std::optional<std::string_view> symbol = elf_.at(entry);
    std::optional<SymbolName> s = symbol ? decode_symbol(*symbol) : std::nullopt;
    if (!s) return same;
    std::optional<uint32_t> type = word_at<uint32_t>(elf_, entry - 8);
    bool constructor = s->kind == SymbolKind::constructor;
    bool agrees = type && !closure_type_name(*type).empty() && *type != 0 &&
                  (constructor ? *type <= kLastConstructor : s->rts || *type > kLastConstructor || s->kind != SymbolKind::info);
    // A constructor without fields is a static closure, never in a census:
    // another build's table that happens to sit there.
    std::optional<uint32_t> ptrs = word_at<uint32_t>(elf_, entry - 16), words = word_at<uint32_t>(elf_, entry - 12);
    if (agrees && constructor) agrees = ptrs && words && *ptrs + uint64_t{*words} > 0;
    if (agrees && constructor && !profiled_) agrees = description_agrees(elf_, *table, entry, *s);
    if (!agrees) return {std::string(text), std::nullopt, true};
    InfoTable t{std::string(text), std::string(*symbol), closure_type_name(*type), "", s->name, s->module, "", "symbols"};
    return {shown_name(*s), std::move(t), false};
  }

 private:
  ElfSymbols elf_;
  bool profiled_;
};

}  // namespace

BandNamer symbol_band_namer(const std::string& path) {
  auto namer = std::make_shared<const SymbolNamer>(path);
  if (namer->elf().position_independent()) {
    throw usage_error(Code::bad_option, "--symbols " + path + ": a position-independent build (PIE or -dynamic), whose "
                                        "addresses in a profile are where that run loaded it, which the profile does not "
                                        "say: build without -pie (Debian's GHC does) to name bands from its symbols");
  }
  size_t symbols = namer->elf().symbols();
  return {[namer](std::string_view text) { return namer->name(text); }, path, symbols};
}

}  // namespace hpng
