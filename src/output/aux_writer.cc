// Writing the .aux (aux_writer.h): X_RANGE and Y_RANGE, then ORDER and
// SHADE per band, bottom first, as hp2ps writes them and -p reads them back.
#include "hpng/output/aux_writer.h"

#include <cmath>
#include <cstdio>

namespace hpng {

namespace {

// Greys as hp2ps wrote them, with two decimals. A packed colour has six
// significant decimals (shade.h): written from those digits alone, with two
// more nudging it up so that hp2ps's truncating decoder reads the same
// channels back. What is read back is written again the same, byte for
// byte, however often -p runs. An exact colour (from 2, shade.h) has nine.
std::string shade_text(double shade) {
  char buf[64];
  if (shade >= 2) {
    std::snprintf(buf, sizeof buf, "%.9f", shade);
    return buf;
  }
  double hundredths = shade * 100;
  if (std::fabs(hundredths - std::round(hundredths)) < 1e-9) {
    std::snprintf(buf, sizeof buf, "%.2f", shade);
  } else {
    std::snprintf(buf, sizeof buf, "%.6f01", std::round(shade * 1e6) / 1e6);
  }
  return buf;
}

}  // namespace

std::string write_aux(const BandMatrix& m, const std::vector<double>& shades) {
  char buf[64];
  std::string out;
  std::snprintf(buf, sizeof buf, "X_RANGE %.2f\n", m.x_range);
  out += buf;
  std::snprintf(buf, sizeof buf, "Y_RANGE %.2f\n", m.y_range);
  out += buf;
  for (size_t i = 0; i < m.bands.size(); ++i) {
    out += "ORDER " + m.bands[i].name + " " + std::to_string(i + 1) + "\n";
  }
  for (size_t i = 0; i < m.bands.size(); ++i) {
    out += "SHADE " + m.bands[i].name + " " + shade_text(shades[i]) + "\n";
  }
  return out;
}

}  // namespace hpng
