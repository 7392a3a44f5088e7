// Modes of several runs: --compare (one chart per input, alike: the bands
// matched across the inputs, chosen and ordered over all of them together,
// with the same fills, on one scale) and --diff (each band's AFTER minus
// BEFORE over time).
#include <algorithm>

#include "app/gates.h"
#include "app/modes.h"
#include "app/pipeline.h"
#include "hpng/layout/layout.h"
#include "hpng/matrix/compare.h"
#include "hpng/matrix/diff.h"
#include "hpng/output/export.h"
#include "hpng/output/markdown_report.h"
#include "hpng/output/output_file.h"
#include "hpng/output/text_report.h"

namespace hpng {

namespace {

std::vector<BandMatrix*> pointers(std::vector<BandMatrix>& ms) {
  std::vector<BandMatrix*> out;
  for (BandMatrix& m : ms) out.push_back(&m);
  return out;
}

std::vector<std::string> paths(const Job& job) {
  std::vector<std::string> out;
  for (const ProfileInput& in : job.inputs) out.push_back(shown_name(in));
  return out;
}

// With one job for all (the same program and flags), a chart is told apart
// by its file.
void name_charts(std::vector<BandMatrix>& ms, const std::vector<std::string>& paths) {
  bool same = std::all_of(ms.begin(), ms.end(), [&](const BandMatrix& m) { return m.info.header.job == ms[0].info.header.job; });
  for (size_t k = 0; same && k < ms.size(); ++k) ms[k].info.header.job = paths[k] + ": " + ms[k].info.header.job;
}

// The runs, to be drawn on one scale (`ms` and `names` outlive the write).
Finished compare_charts(const Job& job, const OutputPlan& plan, std::vector<BandMatrix>& ms,
                        const std::vector<std::string>& names) {
  Finished f;
  f.json = [&ms, &names](const Put& put) { matrices_json(ms, names, put); };
  f.csv = [&ms, &names, raw = plan.files.csv_raw](const Put& put) { matrices_csv(ms, names, put, raw); };
  f.report = [&ms, &names, &job] { return compare_report(ms, names, job.select.band_limit == 0); };
  f.markdown = [&ms, &names, &job](const std::string& picture) {
    return compare_markdown(ms, names, job.select.band_limit == 0, picture);
  };
  if (plan.is_chart()) name_charts(ms, names);
  // The charts share one file's vertex budget, so that it stays as small
  // as one chart's however many inputs.
  ChartStyle style = plan.chart;
  if (style.max_vertices > 0) style.max_vertices = std::max<size_t>(style.max_vertices / ms.size(), 500);
  f.layout = [&ms, style](const std::vector<double>& shades) { return layout_charts(ms, shades, style); };
  f.charts = pointers(ms), f.names = names, f.mode = "compare", f.title = "compare: " + names[0] + " ...";
  return f;
}

// The runs on one scale, to one output; what the gates judge of them.
std::vector<Judged> compare_to(const Job& job, const OutputPlan& plan, const std::vector<SampleSource>& sources,
                               Warnings& warnings) {
  // Every chart draws the bands chosen: they share one picture's budget.
  SelectOptions select = selection(job, plan);
  select.picture_budget /= job.inputs.size();
  std::vector<BandMatrix> ms = shared_matrices(sources, paths(job), select, plan.time_buckets, warnings, plan.held_cells);
  std::vector<Judged> runs;
  for (size_t k = 0; k < ms.size(); ++k) runs.push_back(judged(shown_name(job.inputs[k]), ms[k], job.gates.fail_on_leak));
  std::vector<std::string> names = paths(job);
  std::vector<BandMatrix*> charts = pointers(ms);
  check_units({charts.begin(), charts.end()}, job);
  check_alike({charts.begin(), charts.end()}, job, warnings);
  write_finished(compare_charts(job, plan, ms, names), plan, job, warnings);
  return runs;
}

}  // namespace

void run_compare(const Job& job, Warnings& warnings) {
  std::vector<SampleSource> sources = matched_streams(job, warnings);
  std::vector<Judged> runs;
  for (const OutputPlan& plan : job.outputs) {
    std::vector<Judged> judged_here = compare_to(job, plan, sources, warnings);
    if (runs.empty()) runs = judged_here;
  }
  check_gates(job.gates, runs, warnings);
}

namespace {

// The difference, for the output; the report reads the runs themselves
// (`before`, `after` and `d` outlive the write).
Finished diff_chart(const Job& job, const OutputPlan& plan, const BandMatrix& before, const BandMatrix& after,
                    BandMatrix& d) {
  Finished f;
  f.json = [&d](const Put& put) { matrix_json(d, put); };
  f.csv = [&d, raw = plan.files.csv_raw](const Put& put) { matrix_csv(d, put, raw); };
  f.report = [&before, &after, &job] {
    return diff_report(before, after, {shown_name(job.inputs[0]), shown_name(job.inputs[1])}, job.select.band_limit == 0);
  };
  f.markdown = [&before, &after, &job](const std::string& picture) {
    return diff_markdown(before, after, {shown_name(job.inputs[0]), shown_name(job.inputs[1])}, picture);
  };
  f.layout = [&d, &plan](const std::vector<double>& shades) { return layout_chart(d, shades, plan.chart); };
  f.charts = {&d}, f.names = {d.info.header.job}, f.mode = "diff", f.title = d.info.header.job;
  return f;
}

// The chart and the data are of the difference (a CSV's records too).
void write_diff(const Job& job, const BandMatrix& before, const BandMatrix& after, Warnings& warnings) {
  for (const OutputPlan& plan : job.outputs) {
    BandMatrix d = difference(before, after, job.select.band_limit, job.select.trace_percent);
    d.info.header.job = shown_name(job.inputs[1]) + " minus " + shown_name(job.inputs[0]);
    write_finished(diff_chart(job, plan, before, after, d), plan, job, warnings);
  }
}

}  // namespace

void run_diff(const Job& job, Warnings& warnings) {
  std::vector<SampleSource> sources = matched_streams(job, warnings);
  SelectOptions every_band;  // the difference chooses its own bands
  every_band.trace_percent = 0;
  every_band.band_limit = 0;
  BandMatrix before = profile_matrix(sources[0], every_band, 0, warnings);
  BandMatrix after = profile_matrix(sources[1], every_band, 0, warnings);
  check_units({&before, &after}, job);
  check_alike({&before, &after}, job, warnings);
  write_diff(job, before, after, warnings);
  bool verdict = job.gates.fail_on_leak;
  check_gates(job.gates, {judged(shown_name(job.inputs[0]), before, verdict), judged(shown_name(job.inputs[1]), after, verdict)},
              warnings, true);
}

}  // namespace hpng
