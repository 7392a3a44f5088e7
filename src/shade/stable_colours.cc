// --stable-colours (shade.h): a band's colour is a function of its
// identity across builds (transform/band_identity.h: its name without the .hp's
// (id) and the source locations a rebuild moves), so it is the same in
// every run, file, chart, flag set and build, wherever no band before it
// in its chart holds a fill like it.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
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


// CIE 1976 L*a*b* of an sRGB colour (D65), where distance is what the
// eye tells apart: fills under kLeastDeltaE apart read as one.
struct Lab {
  double l, a, b;
};
constexpr double kLeastDeltaE = 15;
constexpr uint32_t kOtherGrey = 0xCCCCCC;

Lab lab_of(uint32_t rgb) {
  auto linear = [](uint32_t c) {
    double u = c / 255.0;
    return u <= 0.04045 ? u / 12.92 : std::pow((u + 0.055) / 1.055, 2.4);
  };
  double r = linear(rgb >> 16), g = linear((rgb >> 8) & 0xFF), b = linear(rgb & 0xFF);
  double x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047, y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  double z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  auto f = [](double t) { return t > 0.008856 ? std::cbrt(t) : 7.787 * t + 16.0 / 116; };
  return {116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))};
}

bool free_among(uint32_t fill, const std::vector<Lab>& given) {
  Lab c = lab_of(fill);
  return std::all_of(given.begin(), given.end(),
                     [&](const Lab& g) { return std::hypot(c.l - g.l, c.a - g.a, c.b - g.b) >= kLeastDeltaE; });
}

// Fill `k` of the 32 (16 hues, each in two shades).
uint32_t fill(size_t k) { return tint(kStable[k % std::size(kStable)], k >= std::size(kStable), 0); }

// A band's first choice: the fill its identity hashes to, tinted by rank.
uint32_t first_choice(uint64_t h, size_t rank, size_t& k) {
  k = h % std::size(kStable) + ((h / std::size(kStable)) % 2 == 1 ? std::size(kStable) : 0);
  return tint(kStable[k % std::size(kStable)], k >= std::size(kStable), rank);
}

// The next free fill of the 32 after a band's first choice `k`; with none
// free, the first choice itself, shared.
uint32_t next_free(size_t k, uint32_t first, const std::vector<Lab>& given) {
  for (size_t step = 1; step < 2 * std::size(kStable); ++step) {
    uint32_t next = fill((k + step) % (2 * std::size(kStable)));
    if (free_among(next, given)) return next;
  }
  return first;
}

}  // namespace

// A band's colour is the one its identity hashes to (of the 16 hues, each
// in two shades) whenever no band of its chart with a smaller hash holds
// a fill within ΔE 15 of it: so of two bands that want alike fills, the
// same one keeps its fill in every chart. Every band's first choice is
// given first, by hash (OTHER's grey before all); a band whose choice was
// taken then gets the next free fill of the 32 after it. Bands of one
// identity take lighter tints of it by rank; two that find no free fill
// share one, and the chart outlines the later one dashed
// (ChartStyle::mark_same_fills).
std::vector<double> stable_shades(const std::vector<std::string>& names, const InfoTables& tables) {
  std::vector<RankedIdentity> ids = ranked_identities(names, tables);
  struct Want {
    uint64_t hash;
    size_t rank, band, k = 0;
    uint32_t first = 0;
    std::optional<uint32_t> given;
  };
  std::vector<Want> wants;
  std::vector<Lab> given;
  std::vector<uint32_t> rgb(names.size(), kOtherGrey);  // OTHER, the rest of the profile: a neutral grey
  if (std::find(names.begin(), names.end(), "OTHER") != names.end()) given.push_back(lab_of(kOtherGrey));
  for (size_t i = 0; i < names.size(); ++i) {
    if (names[i] != "OTHER") wants.push_back({name_hash(ids[i].identity), ids[i].rank, i, 0, 0, std::nullopt});
  }
  std::sort(wants.begin(), wants.end(), [](const Want& a, const Want& b) {
    return std::tie(a.hash, a.rank, a.band) < std::tie(b.hash, b.rank, b.band);
  });
  for (Want& w : wants) {
    w.first = first_choice(w.hash, w.rank, w.k);
    if (free_among(w.first, given)) w.given = w.first, given.push_back(lab_of(w.first));
  }
  for (Want& w : wants) {
    if (!w.given) w.given = next_free(w.k, w.first, given), given.push_back(lab_of(*w.given));
    rgb[w.band] = *w.given;
  }
  std::vector<double> shades;
  for (uint32_t c : rgb) shades.push_back(shade_of(c));
  return shades;
}

}  // namespace hpng
