// Fuzz target: the whole pipeline from bytes to a rendered page in memory.
// The first byte picks the flags and the output format.
#include <cstdint>
#include <string>

#include "hpng/band_matrix.h"
#include "hpng/export.h"
#include "hpng/read.h"
#include "hpng/layout.h"
#include "hpng/render.h"
#include "hpng/shade.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1 || size > (1u << 14)) return -1;
  uint8_t f = data[0];
  hpng::Input in{"fuzz.hp", std::string(reinterpret_cast<const char*>(data) + 1, size - 1)};
  try {
    hpng::SelectOptions o;
    o.trace_percent = (f & 1) ? 0 : 1;
    o.by_deviation = f & 2;
    o.by_name = (f & 4) ? hpng::NameOrder::descending : hpng::NameOrder::none;
    o.band_limit = (f & 8) ? 0 : 20;
    size_t buckets = (f & 128) ? 3 : 0;  // reduced while read, even for a few samples
    hpng::Warnings warnings;
    hpng::BandMatrix m = hpng::profile_matrix(hpng::profile_source(in, hpng::InputFormat::hp), o, buckets, warnings);
    hpng::ChartStyle style;
    style.colour = f & 16;
    style.key_pages = f & 32;
    style.no_key = o.band_limit == 0 && !style.key_pages;
    std::vector<double> shades = hpng::assign_shades(m, style.colour, nullptr);
    hpng::ChartLayout layout = hpng::layout_chart(m, shades, style);
    hpng::OutputFormat fmt = (f & 64) ? hpng::OutputFormat::svg : hpng::OutputFormat::ps;
    (void)hpng::render_chart(layout, style, {fmt, 96, m.info.header.job, "fuzz"});
    (void)hpng::matrix_json(m);
  } catch (const hpng::Error&) {
  }
  return 0;
}
