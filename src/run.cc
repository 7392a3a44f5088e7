// The pipeline, read top to bottom; file naming is file_plan.h's.
#include "hpng/run.h"

#include <algorithm>
#include <cstdio>

#include "hpng/aux_file.h"
#include "hpng/band_matrix.h"
#include "hpng/export.h"
#include "hpng/heap_lines.h"
#include "hpng/layout.h"
#include "hpng/output_file.h"
#include "hpng/percent.h"
#include "hpng/read.h"
#include "hpng/render.h"
#include "hpng/shade.h"
#include "run_parts.h"

namespace hpng {

// The reader, then the transformations asked for: the window first, so
// that a filter sees only the window's bands.
SampleSource sample_source(const Input& in, InputFormat format, const Options& o) {
  SampleSource source = profile_source(in, format, {o.ccs_length, o.style.heap_lines});
  if (o.window.from || o.window.to) source = in_window(std::move(source), o.window);
  if (!o.filter.empty()) source = filter_bands(std::move(source), o.filter);
  return source;
}

namespace {

void draw_heap_lines(BandMatrix& m, Warnings& warnings) {
  if (drawn_lines(m).empty()) {
    warnings.push_back({m.info.header.source, "", "no heap lines to draw: they come from an eventlog's GC events "
                                                   "(HEAP_SIZE, HEAP_LIVE, BLOCKS_SIZE), which this profile does not have"});
  }
  fit_heap_lines(m);
}

std::string render_or_export(const BandMatrix& m, const std::vector<double>& shades, const FilePlan& plan,
                             const ChartStyle& style, const Options& o) {
  if (plan.format == OutputFormat::json) return matrix_json(m);
  if (plan.format == OutputFormat::csv) return matrix_csv(m);
  return render_layout(layout_chart(m, shades, style), style.title ? *style.title : m.info.header.job, plan, style, o);
}

// hp2ps's rule: a .aux that cannot be written is an error. When the user
// chose where the picture goes (-o), the picture is what was asked for: a
// warning.
void write_aux_file(const FilePlan& plan, const std::string& text, Warnings& warnings) {
  try {
    write_output(plan.write_aux, text);
  } catch (const Error& e) {
    if (!plan.aux_optional) throw;
    warnings.push_back({plan.write_aux, "", e.diagnostic().message + "; the output was written, the .aux was not"});
  }
}

}  // namespace

std::string render_layout(const ChartLayout& layout, const std::string& title, const FilePlan& plan,
                          const ChartStyle& style, const Options& o) {
  return render_chart(layout, style, {plan.format, o.dpi, title, plan.output == "-" ? "stdout" : plan.output, o.transparent});
}

void finish_matrix(BandMatrix& m, const Options& o, Warnings& warnings) {
  if (o.percent) to_percent(m);
  if (o.style.heap_lines) draw_heap_lines(m, warnings);
}

// --x-max, --y-max: the axes reach at least this far; a profile that goes
// further keeps its own range (cutting it off would hide what it shows).
void fixed_scales(BandMatrix& m, const Options& o, Warnings& warnings) {
  auto fix = [&](double& range, const std::optional<double>& least, const char* option, const std::string& unit) {
    if (!least) return;
    if (range > *least) {
      char buf[160];
      std::snprintf(buf, sizeof buf, "the profile reaches %.6g %s, beyond %s %.6g: its axis goes to %.6g", range,
                    unit.c_str(), option, *least, range);
      warnings.push_back({m.info.header.source, "", buf});
    }
    range = std::max(range, *least);
  };
  fix(m.x_range, o.x_max, "--x-max", m.info.header.sample_unit);
  fix(m.y_range, o.y_max, "--y-max", m.info.header.value_unit);
}

std::vector<double> band_shades(const BandMatrix& m, const Palette& palette, const Options& o, const AuxFile* aux) {
  if (!o.stable_colours) return assign_shades(m, palette, aux);
  std::vector<std::string> names;
  for (const Band& b : m.bands) names.push_back(b.name);
  return stable_shades(names);
}

namespace {

RunSummary summary(const BandMatrix& m) {
  const ProfileHeader& h = m.info.header;
  return {m.samples, m.times.empty() ? 0 : m.times.back(), m.total, h.value_unit + " x " + h.sample_unit,
          m.info.finished};
}

}  // namespace

RunSummary run(const Options& o, Warnings& warnings) {
  if (o.several != Several::none) return run_several(o, warnings);
  return run_with(o, [&o](const Input& in, InputFormat format, const SelectOptions& select, size_t buckets,
                          Warnings& w, const std::function<void()>& read) {
    return profile_matrix(sample_source(in, format, o), select, buckets, w, read);
  }, warnings);
}

RunSummary run_with(const Options& o, const MatrixMaker& make, Warnings& warnings) {
  // 1. The input, what it is, and where everything goes.
  Input in = load_input(input_path(o.files));
  InputFormat format = o.input_format == InputFormat::automatic ? sniff_format(in.head()) : o.input_format;
  FilePlan plan = plan_files(o.files, format, o.style.eps_width > 0, warnings);
  std::optional<AuxFile> aux;
  if (o.files.reuse_aux && !plan.read_aux.empty()) aux = read_aux(load_input(plan.read_aux));

  // 2. How to draw for this output; a simplified chart needs only the
  // samples its columns can show (eight buckets a column, so their extremes
  // survive).
  bool chart = plan.format != OutputFormat::json && plan.format != OutputFormat::csv;
  PictureStyle style = picture_style(o, plan.format, format, warnings);
  size_t buckets = chart ? 8 * most_columns(style.chart) : 0;

  // 3. Read, transform, select, build the matrix, shade.
  SelectOptions select = o.select;
  select.aux = aux ? &*aux : nullptr;
  BandMatrix matrix = make(in, format, select, buckets, warnings, [chart] {
    if (chart) preload_fonts();
  });
  std::vector<double> shades = band_shades(matrix, style.palette, o, select.aux);
  std::string aux_text = write_aux(matrix, shades);  // the bands' figures, whatever is drawn over them
  finish_matrix(matrix, o, warnings);
  fixed_scales(matrix, o, warnings);

  // 4. Render or export; write the output, then the .aux, each whole.
  write_output(plan.output, render_or_export(matrix, shades, plan, style.chart, o));
  if (!plan.write_aux.empty()) write_aux_file(plan, aux_text, warnings);
  return summary(matrix);
}

}  // namespace hpng
