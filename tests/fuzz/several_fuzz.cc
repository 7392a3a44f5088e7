// Fuzz target: two profiles through --compare and --diff, from bytes to a
// rendered page in memory. Byte 0 picks the flags, bytes 1-2 (little
// endian) the length of the first profile; the rest is the first profile,
// then the second (each sniffed: .hp or eventlog).
#include <algorithm>
#include <cstdint>
#include <string>

#include "support/judged.h"
#include "hpng/matrix/band_matrix.h"
#include "hpng/matrix/compare.h"
#include "hpng/matrix/diff.h"
#include "hpng/transform/match.h"
#include "hpng/output/export.h"
#include "hpng/layout/layout.h"
#include "hpng/read/read.h"
#include "hpng/render/render.h"
#include "hpng/shade/shade.h"

namespace {

void compare(const std::vector<hpng::SampleSource>& sources, uint8_t f, hpng::Warnings& warnings) {
  hpng::SelectOptions o;
  o.trace_percent = (f & 1) ? 0 : 1;
  o.band_limit = (f & 2) ? 3 : 20;
  std::vector<hpng::BandMatrix> ms = hpng::shared_matrices(sources, {"a", "b"}, o, (f & 4) ? 3 : 0, warnings);
  hpng::share_scales({&ms[0], &ms[1]});
  hpng::ChartStyle style;
  style.colour = true;
  std::vector<std::string> names;
  for (const hpng::Band& b : ms[0].bands) names.push_back(b.name);
  std::vector<double> shades = (f & 8) ? hpng::assign_shades(ms[0], hpng::default_palette(true), nullptr)
                                       : hpng::stable_shades(names);
  hpng::render_chart(hpng::layout_charts(ms, shades, style), style, {hpng::OutputFormat::svg, 96, "c", "fuzz", false});
  (void)hpng::matrices_json(ms, hpng::test::verdicts_of(ms), {"a", "b"});
}

void diff(const std::vector<hpng::SampleSource>& sources, uint8_t f, hpng::Warnings& warnings) {
  hpng::SelectOptions all;
  all.trace_percent = 0;
  all.band_limit = 0;
  hpng::BandMatrix before = hpng::profile_matrix(sources[0], all, 0, warnings);
  hpng::BandMatrix after = hpng::profile_matrix(sources[1], all, 0, warnings);
  hpng::BandMatrix d = hpng::difference(before, after, (f & 2) ? 3 : 20);
  hpng::ChartStyle style;
  style.colour = true;
  style.columns_per_inch = (f & 4) ? 1 : 144;  // few columns: the signed simplification
  std::vector<double> shades = hpng::assign_shades(d, hpng::default_palette(true), nullptr);
  hpng::OutputFormat fmt = (f & 16) ? hpng::OutputFormat::svg : hpng::OutputFormat::ps;
  hpng::render_chart(hpng::layout_chart(d, shades, style), style, {fmt, 96, "d", "fuzz", false});
  (void)hpng::matrix_csv(d);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 3 || size > (1u << 15)) return -1;
  uint8_t f = data[0];
  size_t first = std::min<size_t>(size - 3, data[1] | (size_t{data[2]} << 8));
  const char* bytes = reinterpret_cast<const char*>(data) + 3;
  hpng::Input a{"a", std::string(bytes, first)}, b{"b", std::string(bytes + first, size - 3 - first)};
  try {
    hpng::Warnings warnings;
    std::vector<hpng::SampleSource> sources = hpng::matched_by_name(
        {hpng::profile_source(a, hpng::InputFormat::automatic), hpng::profile_source(b, hpng::InputFormat::automatic)},
        warnings);
    if (f & 128) diff(sources, f, warnings);
    else compare(sources, f, warnings);
  } catch (const hpng::Error&) {
  }
  return 0;
}
