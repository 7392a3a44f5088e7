// --stable-colours (shade.h): a band's colour is a pure function of its
// identity across builds (transform/band_identity.h: its name without the .hp's
// (id) and the source locations a rebuild moves), so it is the same in
// every run, file, chart, flag set and build, whatever other bands the
// chart holds.
#include <algorithm>
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

// FNV-1a, then splitmix64's finisher (FNV's low bits alone tell names
// that differ at their end apart poorly): a fixed, portable hash, so that
// colours never depend on the machine or the standard library.
uint64_t name_hash(const std::string& name) {
  uint64_t h = 1469598103934665603ULL;
  for (unsigned char c : name) h = (h ^ c) * 1099511628211ULL;
  h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9ULL;
  h = (h ^ (h >> 27)) * 0x94d049bb133111ebULL;
  return h ^ (h >> 31);
}

double shade_of(uint32_t rgb) { return exact_shade(static_cast<int>(rgb >> 16), (rgb >> 8) & 0xFF, rgb & 0xFF); }

}  // namespace

std::vector<uint32_t> stable_palette() { return {std::begin(kStable), std::end(kStable)}; }

namespace {

// `rgb` moved towards white: by 40 % for the second shade of a hue (which
// a bit of the identity's hash picks), and a fifth more for each rank of
// bands of one identity (two stacks through one shared label), in source
// order.
uint32_t tint(uint32_t rgb, bool second, size_t rank) {
  double t = (second ? 0.4 : 0) + std::min<size_t>(rank, 2) * 0.2;
  uint32_t out = 0;
  for (int shift : {16, 8, 0}) {
    double c = (rgb >> shift) & 0xFF;
    out |= static_cast<uint32_t>(c + (255 - c) * t + 0.5) << shift;
  }
  return out;
}

}  // namespace

// A band's colour is the one its identity hashes to (of the 16 hues, each
// in two shades), whatever else the chart holds: so it is the same in
// every run, file and chart. Bands of one identity take lighter tints of
// it by rank; two identities that hash to one colour share it, and the
// chart outlines the later one dashed (ChartStyle::mark_same_fills).
std::vector<double> stable_shades(const std::vector<std::string>& names, const InfoTables& tables) {
  std::vector<RankedIdentity> ids = ranked_identities(names, tables);
  std::vector<double> shades;
  for (size_t i = 0; i < names.size(); ++i) {
    uint64_t h = name_hash(ids[i].identity);
    uint32_t hue = kStable[h % std::size(kStable)];
    bool second = (h / std::size(kStable)) % 2 == 1;
    // OTHER, the rest of the profile: a neutral grey.
    shades.push_back(names[i] == "OTHER" ? exact_shade(204, 204, 204) : shade_of(tint(hue, second, ids[i].rank)));
  }
  return shades;
}

}  // namespace hpng
