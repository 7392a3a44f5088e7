// A colour, each channel 0 to 1: what a shade means once decoded
// (shade.h), and what the picture is drawn in (picture.h).
#pragma once

namespace hpng {

struct Rgb {
  double r, g, b;
};

}  // namespace hpng
