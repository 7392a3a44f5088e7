// --stable-colours (shade.h): a band's colour is a pure function of its
// identity across builds (transform/band_identity.h: its name without the .hp's
// (id) and the source locations a rebuild moves), so it is the same in
// every run, file, chart, flag set and build.
#include <cstdint>

#include "hpng/shade/shade.h"
#include "hpng/transform/band_identity.h"

namespace hpng {

namespace {

// Kelly's colours of maximum contrast, without white, black and grey
// (OTHER's) and three too like another (orange yellow, greenish yellow,
// violet): every two are at least 44 apart in RGB and 24 in CIELAB (ΔE76),
// also from OTHER's grey; the tests check it.
constexpr uint32_t kStable[] = {0xF3C300, 0x875692, 0xF38400, 0xA1CAF1, 0xBE0032, 0xC2B280, 0x008856, 0xE68FAC,
                                0x0067A5, 0xF99379, 0xB3446C, 0x882D17, 0x8DB600, 0x654522, 0xE25822, 0x2B3D26};

// FNV-1a: a fixed, portable hash, so that colours never depend on the
// machine or the standard library.
uint64_t name_hash(const std::string& name) {
  uint64_t h = 1469598103934665603ULL;
  for (unsigned char c : name) h = (h ^ c) * 1099511628211ULL;
  return h;
}

double shade_of(uint32_t rgb) { return exact_shade(static_cast<int>(rgb >> 16), (rgb >> 8) & 0xFF, rgb & 0xFF); }

}  // namespace

std::vector<uint32_t> stable_palette() { return {std::begin(kStable), std::end(kStable)}; }

std::vector<double> stable_shades(const std::vector<std::string>& names, const InfoTables& tables) {
  std::vector<double> shades;
  std::vector<RankedIdentity> ids = ranked_identities(names, tables);
  for (size_t i = 0; i < names.size(); ++i) {
    if (names[i] == "OTHER") {  // the rest of the profile: a neutral grey
      shades.push_back(exact_shade(204, 204, 204));
      continue;
    }
    // Stacks of one identity (two locations of a shared label) take the
    // colours after the identity's, in their source order.
    shades.push_back(shade_of(kStable[(name_hash(ids[i].identity) + ids[i].rank) % std::size(kStable)]));
  }
  return shades;
}

}  // namespace hpng
