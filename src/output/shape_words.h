// A band's shape (band_shape.h) and a time in the words of the text
// report, the JSON's "shape_words" and the page's table, made in one place
// so that the three read alike.
#pragma once
#include <string>

#include "hpng/matrix/band_shape.h"

namespace hpng {

// Seven columns at most (up to 99999 s), never an exponent: 0.052 s,
// 4.97 s, 1234 s.
std::string report_time(double t, const std::string& sample_unit);

// "ramp, held to the end", "ramp, released at once at 3.20 s", "sawtooth,
// floor rising 1.2 MB/cycle", ...
std::string shape_words(const BandShape& s, const ProfileHeader& h);

// "high", "medium" or "low".
const char* confidence_word(double confidence);

// The -hb reading: each phase's share of the heap-time ("lag 12%, use
// 30%, ..."), and whether it is leak evidence.
std::string biography_shares(const Biography& b);
std::string biography_reading(const Biography& b);

}  // namespace hpng
