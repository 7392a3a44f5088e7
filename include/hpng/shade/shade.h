// Fill shades: the palettes bands are filled from (hp2ps's grey cycle and
// -c colour cycle, and named colour-blind-safe palettes), assigned by band
// name so that -p keeps a band's fill between runs.
#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "hpng/base/rgb.h"
#include "hpng/read/aux_file.h"
#include "hpng/matrix/band_matrix.h"

namespace hpng {

// A shade is one number, as the .aux stores it: from 0 to 1 a grey level,
// or with colour hp2ps's packed colour (R, G, B in tenths: 0.RRGGBB);
// from 2, an exact colour 2.RRRGGGBBB (channels 0-255, hp2ps-ng only).
struct Palette {
  std::string name;
  bool colour = false;        // shades from 0 to 1 are packed colours, not greys
  std::vector<double> cycle;  // the shades new bands take in turn
  bool spread = false;        // a colour map: spread over the new bands instead
};

// The palettes --palette names, in the order --help lists them.
std::vector<std::string> palette_names();
// What the palette called `name` looks like, in a few words.
std::string palette_meaning(const std::string& name);

// The palette called `name` (any case), or nothing.
std::optional<Palette> find_palette(std::string_view name);

// hp2ps's cycles: its greys, or with -c its colours.
Palette default_palette(bool colour);

// One shade per band of m, in band order: the .aux's where it names the
// band, else the palette's next.
std::vector<double> assign_shades(const BandMatrix& m, const Palette& palette, const AuxFile* aux);

// --stable-colours: each band's colour from its identity across builds (a
// fixed hash into stable_palette(), each colour in two shades), the same in
// every run, file, chart, flag set and build wherever no band of the chart
// with a smaller hash wants a fill within ΔE 15 (CIELAB) of it; of two that
// do, the same one keeps it everywhere and the other takes the next fill
// free in its chart. OTHER is light grey. Only where no fill is free do
// two bands share one: the layout outlines the later ones dashed
// (ChartStyle::mark_same_fills). A -hi band is identified by its record in
// `tables`.
std::vector<double> stable_shades(const std::vector<std::string>& names,
                                  const std::map<std::string, InfoTable>& tables = {});

// The colours --stable-colours takes from, as 0xRRGGBB.
std::vector<uint32_t> stable_palette();

// What a shade means, in grey or colour mode. Never the page's white: a
// white fill (hp2ps's grey 1.0 and -c cycle entry 8) is drawn light grey, so
// that a band is never mistaken for the background.
Rgb shade_rgb(double shade, bool colour);

// The .aux number of an exact colour.
double exact_shade(int r, int g, int b);

}  // namespace hpng
