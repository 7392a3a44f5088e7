// Fill shades (shade.h). Shades are assigned by name so -p keeps them; the
// palette restarts for every run.
#include "hpng/shade/shade.h"

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

// Colour-blind-safe palettes, as their authors publish them: Okabe and Ito
// (2008; black last, as it hides the bands' black outlines), Paul Tol's
// "bright" and "muted" qualitative schemes, and ten stops of the viridis
// map (as R's viridis(10) lists them).
constexpr uint32_t kOkabeIto[] = {0xE69F00, 0x56B4E9, 0x009E73, 0xF0E442, 0x0072B2, 0xD55E00, 0xCC79A7, 0x000000};
constexpr uint32_t kTolBright[] = {0x4477AA, 0xEE6677, 0x228833, 0xCCBB44, 0x66CCEE, 0xAA3377, 0xBBBBBB};
constexpr uint32_t kTolMuted[] = {0xCC6677, 0x332288, 0xDDCC77, 0x117733, 0x88CCEE,
                                  0x882255, 0x44AA99, 0x999933, 0xAA4499};
constexpr uint32_t kViridis[] = {0x440154, 0x482878, 0x3E4A89, 0x31688E, 0x26828E,
                                 0x1F9E89, 0x35B779, 0x6DCD59, 0xB4DE2C, 0xFDE725};

double pack(const Rgb& c) { return c.r / 10 + c.g / 1000 + c.b / 100000; }

double hex_shade(uint32_t rgb) { return exact_shade(rgb >> 16, (rgb >> 8) & 0xFF, rgb & 0xFF); }

template <size_t N>
std::vector<double> hex_cycle(const uint32_t (&table)[N]) {
  std::vector<double> out;
  for (uint32_t c : table) out.push_back(hex_shade(c));
  return out;
}

std::vector<Palette> palettes() {
  std::vector<double> greys(std::begin(kGreys), std::end(kGreys)), colours;
  for (const Rgb& c : kColours) colours.push_back(pack(c));
  return {{"greys", false, greys, false},
          {"hp2ps", true, colours, false},
          {"okabe-ito", true, hex_cycle(kOkabeIto), false},
          {"tol-bright", true, hex_cycle(kTolBright), false},
          {"tol-muted", true, hex_cycle(kTolMuted), false},
          {"viridis", true, hex_cycle(kViridis), true}};
}

Rgb decode_exact(double shade) {
  int64_t n = static_cast<int64_t>(std::llround((std::min(shade, 3.0) - 2) * 1e9));
  auto channel = [](int64_t v) { return static_cast<double>(std::clamp<int64_t>(v % 1000, 0, 255)) / 255; };
  return {channel(n / 1000000), channel(n / 1000), channel(n)};
}

// Where a colour map is spread over `count` bands, band i takes the map at
// i / (count - 1), between its stops.
double spread_shade(const std::vector<double>& stops, size_t i, size_t count) {
  double t = count > 1 ? static_cast<double>(i) / static_cast<double>(count - 1) : 0;
  double at = t * static_cast<double>(stops.size() - 1);
  size_t lo = std::min(static_cast<size_t>(at), stops.size() - 2);
  double f = at - static_cast<double>(lo);
  Rgb a = decode_exact(stops[lo]), b = decode_exact(stops[lo + 1]);
  auto mix = [f](double x, double y) { return static_cast<int>(std::lround((x + (y - x) * f) * 255)); };
  return exact_shade(mix(a.r, b.r), mix(a.g, b.g), mix(a.b, b.b));
}

}  // namespace

double exact_shade(int r, int g, int b) { return 2 + r / 1e3 + g / 1e6 + b / 1e9; }

std::vector<std::string> palette_names() {
  std::vector<std::string> names;
  for (const Palette& p : palettes()) names.push_back(p.name);
  return names;
}

std::string palette_meaning(const std::string& name) {
  if (name == "greys") return "hp2ps's grey shades";
  if (name == "hp2ps") return "hp2ps's colours (-c)";
  if (name == "viridis") return "a colour map, colour-blind safe";
  return "colour-blind safe colours";
}

std::optional<Palette> find_palette(std::string_view name) {
  std::string lower(name);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (Palette& p : palettes()) {
    if (p.name == lower) return std::move(p);
  }
  return std::nullopt;
}

Palette default_palette(bool colour) { return *find_palette(colour ? "hp2ps" : "greys"); }

std::vector<double> assign_shades(const BandMatrix& m, const Palette& palette, const AuxFile* aux) {
  std::unordered_map<std::string, double> table;
  if (aux) {
    for (const auto& [name, shade] : aux->shade) table.emplace(name, shade);  // first wins
  }
  std::unordered_set<std::string> used_now;
  std::vector<bool> fresh;  // takes the palette's next shade
  for (const Band& b : m.bands) {
    bool repeat = !used_now.insert(b.name).second;  // e.g. input band "OTHER"
    fresh.push_back(repeat || !table.contains(b.name));
  }
  size_t count = static_cast<size_t>(std::count(fresh.begin(), fresh.end(), true)), next = 0;
  std::vector<double> shades;
  for (size_t i = 0; i < m.bands.size(); ++i) {
    if (!fresh[i]) {
      shades.push_back(table.at(m.bands[i].name));
      continue;
    }
    size_t k = next++;
    double s = palette.spread ? spread_shade(palette.cycle, k, count) : palette.cycle[k % palette.cycle.size()];
    table.emplace(m.bands[i].name, s);
    shades.push_back(s);
  }
  return shades;
}

Rgb shade_rgb(double shade, bool colour) {
  Rgb c;
  if (shade >= 2) {
    c = decode_exact(shade);
  } else if (!colour) {
    double g = std::clamp(shade, 0.0, 1.0);
    c = {g, g, g};
  } else {
    // Decode the six decimal digits; round first so 0.10101 is not read as
    // 0.1010099999 (hp2ps's truncation turned such values into 0.9).
    int64_t n = static_cast<int64_t>(std::floor(std::clamp(shade, 0.0, 1.0) * 1e6 + 0.5));
    auto channel = [](int64_t d) { return std::min(1.0, static_cast<double>(d % 100) / 10); };
    c = {channel(n / 10000), channel(n / 100), channel(n)};
  }
  if (c.r >= 0.99 && c.g >= 0.99 && c.b >= 0.99) return {0.95, 0.95, 0.95};
  return c;
}

}  // namespace hpng
