// Fill shades. A shade is one number: a grey
// level, or with -c a colour packed as hp2ps packs it (R, G and B in tenths,
// in decimal digits 1-2, 3-4 and 5-6). Shades are assigned by name so -p
// keeps them; the palette cycle restarts for every run.
#include "hpng/shade.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <unordered_map>
#include <unordered_set>

namespace hpng {

namespace {

constexpr double kGreys[] = {0.0, 0.2, 0.6, 0.3, 0.9, 0.4, 1.0, 0.7, 0.5, 0.8};

// hp2ps's colour cycle as it actually prints it; entry 15's green is 0.9
// (a truncation in hp2ps) and kept, so pictures match hp2ps's.
constexpr Rgb kColours[] = {
    {0, 0, 0},      {0, 0, 1},     {0, 1, 0},      {0, 1, 1},     {1, 0, 0},     {1, 0, 1},
    {1, 1, 0},      {1, 1, 1},     {0, 0, .5},     {0, .5, 0},    {0, .5, 1},    {0, 1, .5},
    {.5, 0, 0},     {.5, 0, 1},    {.5, .9, 0},    {.5, 1, 1},    {1, 0, .5},    {1, .5, 0},
    {1, .5, 1},     {1, 1, .5},    {0, .5, .5},    {.5, 0, .5},   {.5, .5, 0},   {.5, .5, 1},
    {.5, 1, .5},    {1, .5, .5},   {.5, .5, .5}};

double pack(const Rgb& c) { return c.r / 10 + c.g / 1000 + c.b / 100000; }

double palette(size_t i, bool colour) {
  if (colour) return pack(kColours[i % std::size(kColours)]);
  return kGreys[i % std::size(kGreys)];
}

}  // namespace

std::vector<double> assign_shades(const BandMatrix& m, bool colour, const AuxFile* aux) {
  std::unordered_map<std::string, double> table;
  if (aux) {
    for (const auto& [name, shade] : aux->shade) table.emplace(name, shade);  // first wins
  }
  std::unordered_set<std::string> used_now;
  std::vector<double> shades;
  size_t next = 0;
  for (const Band& b : m.bands) {
    auto it = table.find(b.name);
    bool repeat = !used_now.insert(b.name).second;  // e.g. input band "OTHER"
    if (it != table.end() && !repeat) {
      shades.push_back(it->second);
      continue;
    }
    double s = palette(next++, colour);
    if (it == table.end()) table.emplace(b.name, s);
    shades.push_back(s);
  }
  return shades;
}

Rgb shade_rgb(double shade, bool colour) {
  if (!colour) {
    double g = std::clamp(shade, 0.0, 1.0);
    return {g, g, g};
  }
  // Decode the six decimal digits; round first so 0.10101 is not read as
  // 0.1010099999 (hp2ps's truncation turned such values into 0.9).
  int64_t n = static_cast<int64_t>(std::floor(std::clamp(shade, 0.0, 1.0) * 1e6 + 0.5));
  auto channel = [](int64_t d) { return std::min(1.0, static_cast<double>(d % 100) / 10); };
  return {channel(n / 10000), channel(n / 100), channel(n)};
}

}  // namespace hpng
