// Runs over several profiles: --compare (one chart per input, alike, on one
// scale) and --diff (the difference of two runs). Each input goes through
// the same reader and transformations as a single profile.
#include <algorithm>

#include "hpng/compare.h"
#include "hpng/diff.h"
#include "hpng/export.h"
#include "hpng/output_file.h"
#include "hpng/shade.h"
#include "run_parts.h"

namespace hpng {

namespace {

struct Inputs {
  std::vector<std::string> paths;  // as opened
  std::vector<Input> loaded;
  std::vector<SampleSource> sources;
};

// Each input opened as hp2ps opens one (`prof` reads prof.hp); a missing
// or unreadable file names itself. The inputs' warnings go to `warnings`
// as their bands are matched (later reads repeat them).
Inputs open_inputs(const Options& o, Warnings& warnings) {
  Inputs in;
  std::vector<std::string> names{*o.files.input};
  names.insert(names.end(), o.more_inputs.begin(), o.more_inputs.end());
  for (const std::string& name : names) {
    FileOptions f;
    f.input = name;
    in.paths.push_back(input_path(f));
    in.loaded.push_back(load_input(in.paths.back()));
  }
  for (const Input& i : in.loaded) {
    InputFormat format = o.input_format == InputFormat::automatic ? sniff_format(i.head()) : o.input_format;
    in.sources.push_back(sample_source(i, format, o));
  }
  in.sources = matched_by_name(in.sources, warnings);
  return in;
}

// The output, checked against every input (none may be overwritten).
FilePlan output_plan(const Options& o, const Inputs& in, Warnings& warnings) {
  FileOptions f = o.files;
  f.no_aux = true;
  FilePlan plan;
  for (size_t k = 0; k < in.paths.size(); ++k) {
    f.input = in.paths[k];
    Warnings again;  // the same warnings for every input
    plan = plan_files(f, sniff_format(in.loaded[k].head()), o.style.eps_width > 0, k ? again : warnings);
  }
  return plan;
}

// Profiles in different units cannot share a scale or be subtracted.
void check_units(const std::vector<const BandMatrix*>& ms, const std::vector<std::string>& paths, const Options& o) {
  if (o.mixed_units) return;
  const ProfileHeader& first = ms[0]->info.header;
  for (size_t k = 1; k < ms.size(); ++k) {
    const ProfileHeader& h = ms[k]->info.header;
    if (h.value_unit == first.value_unit && h.sample_unit == first.sample_unit) continue;
    throw usage_error(paths[k] + " is in " + h.value_unit + " over " + h.sample_unit + ", " + paths[0] + " in " +
                      first.value_unit + " over " + first.sample_unit +
                      ": they cannot share a scale (--allow-mixed-units draws them anyway)");
  }
}

std::vector<const BandMatrix*> pointers(const std::vector<BandMatrix>& ms) {
  std::vector<const BandMatrix*> out;
  for (const BandMatrix& m : ms) out.push_back(&m);
  return out;
}

// With one job for all (the same program and flags), a chart is told apart
// by its file.
void name_charts(std::vector<BandMatrix>& ms, const std::vector<std::string>& paths) {
  bool same = std::all_of(ms.begin(), ms.end(), [&](const BandMatrix& m) { return m.info.header.job == ms[0].info.header.job; });
  for (size_t k = 0; same && k < ms.size(); ++k) ms[k].info.header.job = paths[k] + ": " + ms[k].info.header.job;
}

std::string compare_output(const Options& o, const Inputs& in, const FilePlan& plan, const PictureStyle& style,
                           Warnings& warnings) {
  bool chart = plan.format != OutputFormat::json && plan.format != OutputFormat::csv;
  size_t buckets = chart ? 8 * most_columns(style.chart) : 0;
  Warnings again;  // matching the bands reported them
  std::vector<BandMatrix> ms = shared_matrices(in.sources, in.paths, o.select, buckets, again);
  check_units(pointers(ms), in.paths, o);
  for (BandMatrix& m : ms) finish_matrix(m, o, warnings);
  share_scales(ms);
  for (BandMatrix& m : ms) fixed_scales(m, o, warnings);
  if (plan.format == OutputFormat::json) return matrices_json(ms, in.paths);
  if (plan.format == OutputFormat::csv) return matrices_csv(ms, in.paths);
  std::vector<double> shades = band_shades(ms[0], style.palette, o, nullptr);
  name_charts(ms, in.paths);
  std::string title = o.title ? *o.title : "compare: " + in.paths[0] + " ...";
  return render_layout(layout_charts(ms, shades, style.chart), title, plan, style.chart, o);
}

std::string diff_output(const Options& o, const Inputs& in, const FilePlan& plan, const PictureStyle& style,
                        Warnings& warnings) {
  SelectOptions every_band;  // the difference chooses its own bands
  every_band.trace_percent = 0;
  every_band.band_limit = 0;
  Warnings again;  // matching the bands reported them
  BandMatrix before = profile_matrix(in.sources[0], every_band, 0, again);
  BandMatrix after = profile_matrix(in.sources[1], every_band, 0, again);
  check_units({&before, &after}, in.paths, o);
  BandMatrix d = difference(before, after, o.select.band_limit);
  d.info.header.job = in.paths[1] + " minus " + in.paths[0];
  fixed_scales(d, o, warnings);
  if (plan.format == OutputFormat::json) return matrix_json(d);
  if (plan.format == OutputFormat::csv) return matrix_csv(d);
  std::vector<double> shades = band_shades(d, style.palette, o, nullptr);
  std::string title = style.chart.title ? *style.chart.title : d.info.header.job;
  return render_layout(layout_chart(d, shades, style.chart), title, plan, style.chart, o);
}

}  // namespace

RunSummary run_several(const Options& o, Warnings& warnings) {
  Inputs in = open_inputs(o, warnings);
  FilePlan plan = output_plan(o, in, warnings);
  if (plan.format == OutputFormat::eps && o.several == Several::compare) {
    throw usage_error("--compare draws a chart per input and EPS holds one picture: write PS, PDF, SVG or PNG");
  }
  PictureStyle style = picture_style(o, plan.format, sniff_format(in.loaded[0].head()), warnings);
  std::string out = o.several == Several::compare ? compare_output(o, in, plan, style, warnings)
                                                  : diff_output(o, in, plan, style, warnings);
  write_output(plan.output, out);
  return {};  // --watch, which reads the summary, takes one profile
}

}  // namespace hpng
