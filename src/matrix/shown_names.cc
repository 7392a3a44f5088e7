// See shown_names.h.
#include "hpng/matrix/shown_names.h"

#include <cctype>
#include <map>
#include <optional>

#include "base/text.h"

#include "hpng/stream/samples.h"

namespace hpng {

namespace {

constexpr std::string_view kSymbolMark = " *";

std::string set_id(const std::string& name) { return name.substr(1, name.find(')') - 1); }

// The RTS cuts a set's whole label at -L bytes (25 unless the job says),
// without a mark.
size_t label_limit(const std::string& job) {
  size_t at = job.rfind(" -L");
  if (job.find("+RTS") == std::string::npos || at == std::string::npos) return 25;
  std::optional<double> n = decimal_number(job.substr(at + 3, job.find(' ', at + 3) - at - 3));
  return n && *n >= 1 ? static_cast<size_t>(*n) : 25;
}

std::string spelled_set(const std::string& name, size_t limit) {
  std::string members = retainer_members(name);
  if (name.size() != limit || members == name || members.ends_with("\u2026}")) return members;
  return members.substr(0, members.size() - 1) + "\u2026}";
}

}  // namespace

std::string retainer_members(const std::string& name) {
  size_t close = name.find(')');
  if (name.size() < 4 || name[0] != '(' || close == std::string::npos || close < 2 || close + 1 == name.size()) return name;
  for (size_t i = 1; i < close; ++i) {
    if (!std::isdigit(static_cast<unsigned char>(name[i]))) return name;
  }
  // A member left empty is where -L cut the name ("(98)tally,").
  std::string out = "{";
  for (size_t from = close + 1;;) {
    size_t comma = name.find(',', from);
    std::string member = name.substr(from, comma == std::string::npos ? std::string::npos : comma - from);
    out += member.empty() ? "\u2026" : member;
    if (comma == std::string::npos) break;
    out += ", ", from = comma + 1;
  }
  return out + "}";
}

bool named_from_symbols(const BandMatrix& m, const std::string& band) {
  auto t = m.info.info_tables.find(band);
  return t != m.info.info_tables.end() && t->second.named_from == "symbols";
}

std::vector<std::string> shown_names(const BandMatrix& m) {
  bool sets = breakdown_of(m.info) == "-hr";
  size_t limit = label_limit(m.info.header.job);
  std::vector<std::string> out;
  std::map<std::string, int> spelled;
  for (const Band& b : m.bands) {
    out.push_back(sets ? spelled_set(b.name, limit) : b.name);
    ++spelled[out.back()];
  }
  for (size_t i = 0; i < out.size(); ++i) {
    if (spelled[out[i]] > 1 && out[i] != m.bands[i].name) out[i] += " #" + set_id(m.bands[i].name);
    if (named_from_symbols(m, m.bands[i].name)) out[i] += kSymbolMark;
  }
  return out;
}

std::string without_detail(const std::string& name) {
  if (name.ends_with(kSymbolMark)) return without_detail(name.substr(0, name.size() - kSymbolMark.size())) + std::string(kSymbolMark);
  size_t open = name.rfind(" (");
  if (open != std::string::npos && name.ends_with("_info)")) return name.substr(0, open);
  // A unit id ("containers-0.6.7", "ghc-prim"), never a cost centre's
  // place ("pairs.(...)[Main.hs:20:5-43]/pairs").
  size_t colon = name.find(':');
  if (colon == std::string::npos || colon == 0 || colon + 1 == name.size()) return name;
  if (!std::islower(static_cast<unsigned char>(name[0]))) return name;
  for (size_t i = 0; i < colon; ++i) {
    unsigned char c = static_cast<unsigned char>(name[i]);
    if (!std::isalnum(c) && c != '-' && c != '.' && c != '_') return name;
  }
  return name.find(' ') == std::string::npos ? name.substr(colon + 1) : name;
}

}  // namespace hpng
