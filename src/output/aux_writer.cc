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

// A name written as it is, as hp2ps writes every name of a .hp (which has
// no spaces): one word, not starting with a quote. Others (eventlog labels
// hold spaces, one may be a single space, a --merge result a newline) are
// written quoted, with C's escapes, so that any name comes back through -p
// the same (aux_file.cc).
bool plain_name(const std::string& name) {
  if (name.empty() || name.front() == '"') return false;
  for (unsigned char c : name) {
    if (c <= 0x20 || c == 0x7f) return false;
  }
  return true;
}

std::string aux_name(const std::string& name) {
  if (plain_name(name)) return name;
  std::string out = "\"";
  for (unsigned char c : name) {
    if (c == '"' || c == '\\') {
      out += '\\', out += static_cast<char>(c);
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c < 0x20 || c == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + '"';
}

// "X_RANGE 12.34\n" for any finite value, however many digits (--y-max
// 1e60 has 61 before the point: a fixed buffer cut the line).
std::string range_line(const char* key, double v) {
  int n = std::snprintf(nullptr, 0, "%s %.2f\n", key, v);
  std::string line(static_cast<size_t>(n), '\0');
  std::snprintf(line.data(), line.size() + 1, "%s %.2f\n", key, v);
  return line;
}

}  // namespace

std::string write_aux(const BandMatrix& m, const std::vector<double>& shades) {
  std::string out = range_line("X_RANGE", m.x_range) + range_line("Y_RANGE", m.y_range);
  for (size_t i = 0; i < m.bands.size(); ++i) {
    out += "ORDER " + aux_name(m.bands[i].name) + " " + std::to_string(i + 1) + "\n";
  }
  for (size_t i = 0; i < m.bands.size(); ++i) {
    out += "SHADE " + aux_name(m.bands[i].name) + " " + shade_text(shades[i]) + "\n";
  }
  return out;
}

}  // namespace hpng
