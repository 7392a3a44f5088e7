// --stable-colours (shade.h): a band's colour is a pure function of its
// identity across builds (transform/band_identity.h: its name without the .hp's
// (id) and the source locations a rebuild moves), so it is the same in
// every run, file, chart, flag set and build.
#include <algorithm>
#include <cstdint>
#include <tuple>

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

namespace {

// Each band's colour in the palette: the one its identity hashes to
// (stacks of one identity, two locations of a shared label, take the
// colours after the identity's, in their source order), unless another
// band of the chart wants it too. Of those, the one whose identity hashes
// lowest (then by name) keeps it, the same band in every chart; the others
// take the colours no band of the chart wants, in that order, while any is
// left. So a band keeps its colour in every chart where no other band
// wants it, and only when the palette runs out do two bands share a fill.
std::vector<size_t> stable_slots(const std::vector<std::string>& names, const InfoTables& tables) {
  constexpr size_t n = std::size(kStable);
  std::vector<RankedIdentity> ids = ranked_identities(names, tables);
  std::vector<size_t> slot(names.size()), order;
  std::vector<uint64_t> key(names.size());
  std::vector<bool> wanted(n), taken(n);
  for (size_t i = 0; i < names.size(); ++i) {
    key[i] = name_hash(ids[i].identity) + ids[i].rank;
    slot[i] = key[i] % n;
    if (names[i] != "OTHER") order.push_back(i), wanted[slot[i]] = true;
  }
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return std::tie(key[a], names[a]) < std::tie(key[b], names[b]); });
  std::vector<size_t> losers;
  for (size_t i : order) {
    if (taken[slot[i]]) losers.push_back(i);
    taken[slot[i]] = true;
  }
  size_t next = 0;
  for (size_t i : losers) {
    while (next < n && wanted[next]) ++next;
    if (next < n) slot[i] = next++;
  }
  return slot;
}

}  // namespace

std::vector<double> stable_shades(const std::vector<std::string>& names, const InfoTables& tables) {
  std::vector<double> shades;
  std::vector<size_t> slot = stable_slots(names, tables);
  for (size_t i = 0; i < names.size(); ++i) {
    // OTHER, the rest of the profile: a neutral grey.
    shades.push_back(names[i] == "OTHER" ? exact_shade(204, 204, 204) : shade_of(kStable[slot[i]]));
  }
  return shades;
}

}  // namespace hpng
