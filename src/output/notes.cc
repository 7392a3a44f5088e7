// See notes.h.
#include "output/notes.h"

#include <algorithm>
#include <cctype>

#include "base/text.h"

namespace hpng {

namespace {

bool bare_address(const std::string& name) {
  return name.size() > 2 && name.starts_with("0x") &&
         std::all_of(name.begin() + 2, name.end(), [](unsigned char c) { return std::isxdigit(c) != 0; });
}

}  // namespace

UnnamedAddresses unnamed_addresses(const BandMatrix& m) {
  UnnamedAddresses u{0, m.bands.size(), 0};
  for (const Band& b : m.bands) {
    if (!bare_address(b.name) || m.info.info_tables.contains(b.name)) continue;
    ++u.bands;
    if (m.total > 0) u.share += b.area / m.total;
  }
  return u;
}

std::pair<std::string, std::string> unnamed_note(const UnnamedAddresses& u) {
  if (u.bands == 0) return {};
  std::string share = u.share < 0.005 && u.share > 0 ? "under 1%" : printed("%.0f%%", 100 * u.share);
  return {std::to_string(u.bands) + " of " + std::to_string(u.of) + " bands, " + share +
              " of the heap-time, are bare info-table addresses:",
          "no IPE record (libraries built without -finfo-table-map)"};
}

}  // namespace hpng
