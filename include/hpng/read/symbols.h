// A GHC program's symbols, read: GHC's Z-encoding decoded, and what a
// symbol of an info table says of its closure (../shared/docs/
// explain-workflow.md, 7.5 and 7.6). "ghczmprim_GHCziTypes_ZC_con_info" is
// the constructor ":" of module GHC.Types in unit ghc-prim.
#pragma once
#include <optional>
#include <string>
#include <string_view>

namespace hpng {

// One Z-encoded part, decoded ("GHCziTypes" -> "GHC.Types", "ZC" -> ":",
// "Z2T" -> "(,)", "z0e9U" -> "é"); an unknown pair decodes to its letter,
// as GHC's own decoder does.
std::string z_decode(std::string_view part);

enum class SymbolKind {
  constructor,  // _con_info: a constructor's info table
  static_info,  // _static_info: a static closure's
  info,         // _info: a function's, a CAF's, or the RTS's (stg_STACK_info)
};

struct SymbolName {
  std::string unit;    // "ghc-prim", "containers-0.6.7"; "" for the program's own unit and the RTS
  std::string module;  // "GHC.Types"; "" for the RTS
  std::string name;    // ":", "$wgo", "STACK"
  std::string extra;   // a distinct constructor table's "Main_3" (module and number, encoded)
  SymbolKind kind = SymbolKind::info;
  bool rts = false;  // one of the RTS's own tables (stg_..._info)
};

// The symbol of an info table, read; none for any other symbol (a
// closure's, an entry's, C code's).
std::optional<SymbolName> decode_symbol(std::string_view symbol);

// As GHC's -hT names a closure of that table: "ghc-prim:GHC.Types.:",
// "Main.main", "STACK".
std::string shown_name(const SymbolName& s);

}  // namespace hpng
