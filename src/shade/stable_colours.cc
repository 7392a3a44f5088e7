// --stable-colours (shade.h): a band's colour comes from its name alone, so
// it is the same in every run, file and chart, whatever else was profiled.
#include <cmath>
#include <cstdint>

#include "hpng/shade/shade.h"

namespace hpng {

namespace {

struct Hsv {
  double h, s, v;
  int tone;  // which of the saturation/value pairs
};

// Three tones, so that two names whose hues meet can still differ.
constexpr double kTones[][2] = {{0.55, 0.95}, {0.70, 0.78}, {0.42, 0.68}};
constexpr double kNearHue = 30;  // degrees: closer neighbours of one tone look alike
constexpr int kMostTries = 16;

// FNV-1a: a fixed, portable hash, so that colours never depend on the
// machine or the standard library.
uint64_t name_hash(const std::string& name, int salt) {
  uint64_t h = 1469598103934665603ULL;
  auto add = [&h](unsigned char c) { h = (h ^ c) * 1099511628211ULL; };
  for (unsigned char c : name) add(c);
  for (int i = 0; i < salt; ++i) add(0x1f);
  return h;
}

Hsv colour_of(const std::string& name, int salt) {
  uint64_t h = name_hash(name, salt);
  int tone = static_cast<int>((h >> 32) % 3);
  return {static_cast<double>(h % 3600) / 10, kTones[tone][0], kTones[tone][1], tone};
}

bool alike(const Hsv& a, const Hsv& b) {
  double d = std::fabs(a.h - b.h);
  return a.tone == b.tone && std::min(d, 360 - d) < kNearHue;
}

double to_shade(const Hsv& c) {
  double h = c.h / 60, chroma = c.v * c.s, x = chroma * (1 - std::fabs(std::fmod(h, 2) - 1)), m = c.v - chroma;
  double r = 0, g = 0, b = 0;
  int sector = static_cast<int>(h) % 6;
  if (sector == 0) r = chroma, g = x;
  else if (sector == 1) r = x, g = chroma;
  else if (sector == 2) g = chroma, b = x;
  else if (sector == 3) g = x, b = chroma;
  else if (sector == 4) r = x, b = chroma;
  else r = chroma, b = x;
  auto byte = [m](double u) { return static_cast<int>(std::lround((u + m) * 255)); };
  return exact_shade(byte(r), byte(g), byte(b));
}

}  // namespace

std::vector<double> stable_shades(const std::vector<std::string>& names) {
  std::vector<double> shades;
  Hsv below{0, 0, 0, -1};
  for (const std::string& name : names) {
    if (name == "OTHER") {  // the rest of the profile: a neutral grey
      shades.push_back(exact_shade(204, 204, 204));
      below = {0, 0, 0, -1};
      continue;
    }
    // A colour too like the band's neighbour below moves on along the
    // name's own sequence, the same way every time.
    Hsv c = colour_of(name, 0);
    for (int salt = 1; salt < kMostTries && alike(c, below); ++salt) c = colour_of(name, salt);
    shades.push_back(to_shade(c));
    below = c;
  }
  return shades;
}

}  // namespace hpng
