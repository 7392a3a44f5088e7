// How far apart two colours look: CIE 1976 L*a*b* (D65) and ΔE76, computed
// here apart from the code's own, for the stable colours' tests.
#pragma once
#include <array>
#include <cmath>
#include <cstdint>

namespace hpng::test {

inline std::array<double, 3> lab(uint32_t rgb) {
  auto linear = [](double u) {
    u /= 255;
    return u <= 0.04045 ? u / 12.92 : std::pow((u + 0.055) / 1.055, 2.4);
  };
  double r = linear(rgb >> 16), g = linear((rgb >> 8) & 0xFF), b = linear(rgb & 0xFF);
  double x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047, y = 0.2126 * r + 0.7152 * g + 0.0722 * b,
         z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  auto f = [](double t) { return t > 0.008856 ? std::cbrt(t) : 7.787 * t + 16.0 / 116; };
  return {116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))};
}

inline double delta_e(uint32_t x, uint32_t y) {
  std::array<double, 3> a = lab(x), b = lab(y);
  return std::hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

}  // namespace hpng::test
