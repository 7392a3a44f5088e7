// See pipeline.h.
#include "app/pipeline.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <cstdio>

#include "hpng/bands/band_stats.h"
#include "hpng/layout/fonts.h"
#include "hpng/layout/layout.h"
#include "hpng/matrix/compare.h"
#include "hpng/matrix/percent.h"
#include "hpng/output/aux_writer.h"
#include "hpng/output/export.h"
#include "hpng/output/html_page.h"
#include "hpng/output/markdown_report.h"
#include "hpng/output/output_file.h"
#include "hpng/output/text_report.h"
#include "hpng/read/read.h"
#include "hpng/render/render.h"
#include "hpng/shade/heap_lines.h"
#include "hpng/transform/band_names.h"
#include "hpng/transform/long_names.h"
#include "hpng/transform/match.h"
#include "hpng/transform/window.h"

namespace hpng {

StreamSteps stream_steps(const ReadPlan& read, const std::string& name) {
  StreamSteps steps;
  if (read.window.from || read.window.to) steps.push_back(window_step(read.window));
  // The names first, so that patterns match what is drawn.
  steps.push_back(naming_step(read.ipe, read.symbols, name));
  if (!read.filter.empty()) steps.push_back(filter_step(read.filter));
  // After the filter: patterns match a name whole.
  steps.push_back(long_text_step(name));
  return steps;
}

SampleSource profile_stream(const ProfileInput& in, const ReadPlan& read) {
  SampleSource raw = profile_source(in.input, in.format, read.eventlog);
  if (!read.symbols) return through(raw, stream_steps(read, in.input.name));
  ReadPlan vetted = read;
  vetted.symbols = vetted_symbols(read.symbols, raw);
  return through(raw, stream_steps(vetted, in.input.name));
}

std::vector<SampleSource> matched_streams(const Job& job, Warnings& warnings) {
  std::vector<SampleSource> sources;
  for (const ProfileInput& in : job.inputs) sources.push_back(profile_stream(in, job.read));
  return matched_by_name(sources, warnings);
}

void check_units(const std::vector<const BandMatrix*>& ms, const Job& job) {
  if (job.matrix.mixed_units) return;
  const ProfileHeader& first = ms[0]->info.header;
  for (size_t k = 1; k < ms.size(); ++k) {
    const ProfileHeader& h = ms[k]->info.header;
    if (h.value_unit == first.value_unit && h.sample_unit == first.sample_unit) continue;
    std::string path = shown_name(job.inputs[k]), first_path = shown_name(job.inputs[0]);
    throw usage_error(Code::mixed_units, path + " is in " + h.value_unit + " over " + h.sample_unit + ", " +
                                             first_path + " in " + first.value_unit + " over " + first.sample_unit +
                                             ": they cannot share a scale (--allow-mixed-units draws them anyway)");
  }
}

namespace {

std::string clock_of(const ProfileHeader& h) {
  return h.input_format == "eventlog" ? "an eventlog (elapsed seconds)" : "a .hp (the program's own, mutator, seconds)";
}

}  // namespace

void check_alike(const std::vector<const BandMatrix*>& ms, const Job& job, Warnings& warnings) {
  const ProfileInfo& first = ms[0]->info;
  std::string first_name = shown_name(job.inputs[0]);
  for (size_t k = 1; k < ms.size(); ++k) {
    const ProfileInfo& info = ms[k]->info;
    std::string name = shown_name(job.inputs[k]), was = breakdown_of(first), is = breakdown_of(info);
    if (!was.empty() && !is.empty() && was != is) {
      warnings.add({Code::unlike_runs, name, {}, 0, 0, "",
                    "a " + is + " profile, where " + first_name + " is " + was +
                        ": its bands are other things, matched only where a name is the same"});
    }
    if (info.header.input_format != first.header.input_format) {
      warnings.add({Code::unlike_runs, name, {}, 0, 0, "",
                    "is " + clock_of(info.header) + " and " + first_name + " " + clock_of(first.header) +
                        ": one time axis holds two clocks"});
    }
  }
}

BandMatrix chart_matrix(const SampleSource& source, const SelectOptions& select, const OutputPlan& plan,
                        Warnings& warnings) {
  // The first read parses on both cores; what follows replays its record
  // on one, which leaves a core free for the fonts.
  BandStats stats = collect_stats(source, warnings);
  if (plan.is_chart()) preload_fonts();
  return matrix_from_stats(source, stats, select, plan.time_buckets, warnings, plan.held_cells);
}

namespace {

// A profile's range beyond the least asked for stays: cutting it off would
// hide what it shows.
void apply_scales(BandMatrix& m, const MatrixPlan& p, Warnings& warnings) {
  auto fix = [&](double& range, const std::optional<double>& least, const char* option, const std::string& unit) {
    if (!least) return;
    if (range > *least) {
      char buf[160];
      std::snprintf(buf, sizeof buf, "the profile reaches %.6g %s, beyond %s %.6g: its axis goes to %.6g", range,
                    unit.c_str(), option, *least, range);
      warnings.add({Code::beyond_scale, m.info.header.source, {}, 0, 0, "", buf});
    }
    range = std::max(range, *least);
  };
  fix(m.x_range, p.x_max, "--x-max", m.info.header.sample_unit);
  fix(m.y_range, p.y_max, "--y-max", m.info.header.value_unit);
}

void finish_matrix(BandMatrix& m, const OutputPlan& plan, Warnings& warnings) {
  if (plan.percent) to_percent(m);
  if (!plan.chart.heap_lines) return;
  if (drawn_lines(m).empty()) {
    warnings.add({Code::option_ignored, m.info.header.source, {}, 0, 0, "",
                  "no heap lines to draw: they come from an eventlog's GC events (HEAP_SIZE, HEAP_LIVE, BLOCKS_SIZE), "
                  "which this profile does not have"});
  }
  fit_heap_lines(m);
}

std::vector<double> band_shades(const BandMatrix& m, const OutputPlan& plan) {
  if (!plan.stable_colours) return assign_shades(m, plan.palette, plan.aux ? &*plan.aux : nullptr);
  std::vector<std::string> names;
  for (const Band& b : m.bands) names.push_back(b.name);
  return stable_shades(names, m.info.info_tables);
}

std::string render_picture(const ChartLayout& layout, const std::string& title, const OutputPlan& plan,
                           const Job& job) {
  const FilePlan& f = plan.files;
  return render_chart(layout, plan.chart,
                      {f.format, job.asked.dpi, title, f.output == "-" ? "stdout" : f.output, job.asked.transparent});
}

// The verdict an output shows of chart k: none for differences, or for
// --percent's shares.
const Verdict* shown_verdict(const Finished& f, size_t k) {
  return k < f.verdicts.size() && has_verdict(f.charts[k]) ? &f.verdicts[k] : nullptr;
}

std::vector<Verdict> shown_verdicts(const Finished& f) {
  return shown_verdict(f, 0) ? f.verdicts : std::vector<Verdict>();
}

// The layout of the charts; several share one file's vertex budget, so
// that it stays as small as one chart's however many inputs.
ChartLayout layout_of(const Finished& f, const std::vector<double>& shades, const OutputPlan& plan) {
  if (f.kind != Charts::compare) return layout_chart(f.charts[0], shades, plan.chart);
  ChartStyle style = plan.chart;
  if (style.max_vertices > 0) style.max_vertices = std::max<size_t>(style.max_vertices / f.charts.size(), 500);
  return layout_charts(f.charts, shades, style);
}

const char* page_mode(Charts kind) {
  return kind == Charts::compare ? "compare" : kind == Charts::diff ? "diff" : "profile";
}

std::string page_output(const Finished& f, const std::vector<double>& shades, const std::string& title,
                        const OutputPlan& plan, const Job& job, const Warnings& warnings) {
  ChartLayout layout = layout_of(f, shades, plan);
  HtmlPage page{title, page_mode(f.kind), {}, &layout, {}, {warnings.begin(), warnings.end()}, job.asked.command,
                plan.chart.heap_lines, f.reload_seconds, f.answer.text, f.run};
  page.svg = render_chart(layout, plan.chart, {OutputFormat::svg, job.asked.dpi, title, plan.files.output, false, true});
  for (size_t k = 0; k < f.charts.size(); ++k) {
    PageChart c{&f.charts[k], f.names[k], {}, shown_verdict(f, k)};
    for (size_t b = 0; b < f.charts[k].bands.size(); ++b) c.fills.push_back(shade_rgb(shades[b], plan.chart.colour));
    page.charts.push_back(std::move(c));
  }
  return html_page(page);
}

void write_records_file(const FilePlan& plan, const Finished& f) {
  if (plan.write_records.empty()) return;
  std::vector<const BandMatrix*> ms;
  for (const BandMatrix& m : f.charts) ms.push_back(&m);
  std::string records = records_csv(ms, f.names, plan.csv_raw);
  if (!records.empty()) write_output(plan.write_records, records);
}

// A Markdown report shows the run's picture, if another -o writes one a
// browser shows (SVG, PNG): its path from the report's folder. Not on
// standard output or in $GITHUB_STEP_SUMMARY: a job's summary page cannot
// show a local file.
std::string picture_beside(const OutputPlan& report, const Job& job) {
  const char* summary = std::getenv("GITHUB_STEP_SUMMARY");
  std::optional<FileId> page = summary ? file_id(summary) : std::nullopt;
  if (!is_file_output(report.files.output) || (page && page == file_id(report.files.output))) return "";
  for (const OutputPlan& p : job.outputs) {
    OutputFormat f = p.files.format;
    if ((f != OutputFormat::svg && f != OutputFormat::png) || !is_file_output(p.files.output)) continue;
    namespace fs = std::filesystem;
    fs::path from = fs::absolute(report.files.output).parent_path();
    return fs::absolute(p.files.output).lexically_relative(from).generic_string();
  }
  return "";
}

std::vector<std::string> run_names(const Job& job) { return {shown_name(job.inputs[0]), shown_name(job.inputs.back())}; }

std::string report_of(const Finished& f, const Job& job) {
  bool every_band = job.select.band_limit == 0;
  switch (f.kind) {
    case Charts::profile: return profile_report(f.charts[0], f.verdicts[0], f.names[0], every_band);
    case Charts::compare: return f.answer.text + compare_report(f.charts, f.verdicts, f.names, every_band);
    case Charts::diff: return diff_report(*f.before, *f.after, f.run_verdicts, run_names(job), every_band);
  }
  return "";
}

std::string markdown_of(const Finished& f, const OutputPlan& plan, const Job& job) {
  bool every_band = job.select.band_limit == 0;
  std::string picture = picture_beside(plan, job);
  switch (f.kind) {
    case Charts::profile: return profile_markdown(f.charts[0], f.verdicts[0], f.names[0], every_band, picture, f.gates, f.run);
    case Charts::compare: return f.answer.markdown + compare_markdown(f.charts, f.verdicts, f.names, every_band, picture);
    case Charts::diff: return diff_markdown(*f.before, *f.after, run_names(job), picture);
  }
  return "";
}

Produce data_of(const Finished& f, const OutputPlan& plan) {
  bool raw = plan.files.csv_raw;
  if (f.kind == Charts::compare) {
    if (plan.files.format == OutputFormat::csv) return [&f, raw](const Put& put) { matrices_csv(f.charts, f.names, put, raw); };
    return [&f](const Put& put) { matrices_json(f.charts, shown_verdicts(f), f.names, put, f.answer.json); };
  }
  if (plan.files.format == OutputFormat::csv) return [&f, raw](const Put& put) { matrix_csv(f.charts[0], put, raw); };
  return [&f](const Put& put) { matrix_json(f.charts[0], shown_verdict(f, 0), put); };
}

// The writer for the output's format.
Produce emit(const Finished& f, const std::vector<double>& shades, const OutputPlan& plan, const Job& job,
             const Warnings& warnings) {
  const std::string& title = plan.chart.title ? *plan.chart.title : f.title;
  switch (plan.files.format) {
    case OutputFormat::json:
    case OutputFormat::csv: return data_of(f, plan);
    case OutputFormat::text: return whole(report_of(f, job));
    case OutputFormat::markdown: return whole(markdown_of(f, plan, job));
    case OutputFormat::html: return whole(page_output(f, shades, title, plan, job, warnings));
    default: return whole(render_picture(layout_of(f, shades, plan), title, plan, job));
  }
}

// hp2ps's rule: a .aux that cannot be written is an error. When the user
// chose where the picture goes (-o), the picture is what was asked for: a
// warning.
void write_aux_file(const FilePlan& plan, const std::string& text, Warnings& warnings) {
  try {
    write_output(plan.write_aux, text);
  } catch (const Error& e) {
    if (!plan.aux_optional) throw;
    warnings.add({Code::aux_not_written, plan.write_aux, {}, 0, 0, "",
                  e.diagnostic().message + "; the output was written, the .aux was not"});
  }
}

}  // namespace

BandMatrix judged_matrix(const SampleSource& source, const Job& job, Warnings& warnings) {
  SelectOptions select = job.select;
  const OutputPlan* first = job.outputs.empty() ? nullptr : &job.outputs[0];
  select.aux = first && first->aux ? &*first->aux : nullptr;
  return profile_matrix(source, select, 0, warnings, kHeldCells);
}

bool speaks_of_verdict(const OutputPlan& plan) {
  OutputFormat f = plan.files.format;
  return f == OutputFormat::json || f == OutputFormat::text || f == OutputFormat::markdown || f == OutputFormat::html;
}

bool needs_verdict(const Job& job) {
  bool gates = job.gates.fail_on_leak || job.gates.max_peak || job.gates.max_growth;
  return gates || job.record || !job.summary.empty() ||
         std::any_of(job.outputs.begin(), job.outputs.end(), speaks_of_verdict);
}

void write_finished(Finished& f, const OutputPlan& plan, const Job& job, Warnings& warnings) {
  std::vector<double> shades = band_shades(f.charts[0], plan);
  for (BandMatrix& m : f.charts) apply_scales(m, job.matrix, warnings);
  std::string aux = plan.files.write_aux.empty() ? "" : write_aux(f.charts[0], shades);
  for (BandMatrix& m : f.charts) finish_matrix(m, plan, warnings);
  if (f.charts.size() > 1) {
    std::vector<BandMatrix*> ms;
    for (BandMatrix& m : f.charts) ms.push_back(&m);
    share_scales(ms);
  }
  write_output(plan.files.output, emit(f, shades, plan, job, warnings));
  if (!plan.files.write_aux.empty()) write_aux_file(plan.files, aux, warnings);
  write_records_file(plan.files, f);
}

Drawn draw_profile(BandMatrix m, const std::optional<Verdict>& verdict, const Job& job, const OutputPlan& plan,
                   Warnings& warnings, const ProfileSays& says) {
  Finished f{.kind = Charts::profile, .charts = {}, .names = {shown_name(job.inputs[0])}, .verdicts = {}, .before = nullptr,
             .after = nullptr, .run_verdicts = {}, .title = m.info.header.job, .reload_seconds = says.reload_seconds, .answer = {}, .gates = says.gates, .run = says.run};
  if (verdict) f.verdicts.push_back(on_bands(*verdict, m));
  f.charts.push_back(std::move(m));
  write_finished(f, plan, job, warnings);
  const BandMatrix& drawn_m = f.charts[0];
  const ProfileHeader& h = drawn_m.info.header;
  Drawn drawn;
  drawn.samples = drawn_m.samples, drawn.last_time = last_time(drawn_m), drawn.total = drawn_m.total;
  drawn.units = h.value_unit + " x " + h.sample_unit, drawn.finished = drawn_m.info.finished;
  return drawn;
}

}  // namespace hpng
