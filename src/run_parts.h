// The steps run.cc's single-profile pipeline shares with the runs of
// several profiles (run_several.cc).
#pragma once
#include <string>
#include <vector>

#include "chart_style.h"
#include "hpng/band_matrix.h"
#include "hpng/file_plan.h"
#include "hpng/run.h"
#include "hpng/samples.h"

namespace hpng {

// The reader, then the transformations asked for (window, band filter).
SampleSource sample_source(const Input& in, InputFormat format, const Options& o);

// --percent, --heap-lines: what is drawn over or instead of the values.
void finish_matrix(BandMatrix& m, const Options& o, Warnings& warnings);

// --x-max, --y-max.
void fixed_scales(BandMatrix& m, const Options& o, Warnings& warnings);

// The fills: --stable-colours, else the palette (and the .aux's).
std::vector<double> band_shades(const BandMatrix& m, const Palette& palette, const Options& o, const AuxFile* aux);

// The picture's bytes; `title` is the document's (PS %%Title, PDF, SVG).
std::string render_layout(const ChartLayout& layout, const std::string& title, const FilePlan& plan,
                          const ChartStyle& style, const Options& o);

// --compare, --diff.
RunSummary run_several(const Options& o, Warnings& warnings);

}  // namespace hpng
