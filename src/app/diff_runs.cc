// Mode --diff: each band's AFTER minus BEFORE over time.
#include "app/gates.h"
#include "app/modes.h"
#include "app/pipeline.h"
#include "hpng/layout/layout.h"
#include "hpng/matrix/diff.h"
#include "hpng/output/export.h"
#include "hpng/output/output_file.h"
#include "hpng/output/text_report.h"

namespace hpng {

namespace {

// JSON and CSV are written as they are made (`d` outlives the write).
Produce diff_output(const Job& job, BandMatrix& d, Warnings& warnings) {
  const OutputPlan& plan = *job.output;
  apply_scales(d, job.matrix, warnings);
  if (plan.files.format == OutputFormat::json) return [&d](const Put& put) { matrix_json(d, put); };
  if (plan.files.format == OutputFormat::csv) return [&d, raw = plan.files.csv_raw](const Put& put) { matrix_csv(d, put, raw); };
  std::vector<double> shades = band_shades(d, plan);
  std::string title = plan.chart.title ? *plan.chart.title : d.info.header.job;
  if (plan.files.format == OutputFormat::html) {
    return whole(page_output({&d}, {d.info.header.job}, layout_chart(d, shades, plan.chart), shades, title, "diff", plan,
                             job, warnings));
  }
  return whole(render_picture(layout_chart(d, shades, plan.chart), title, plan, job));
}

// The report reads the runs themselves; the chart and the data their
// difference (a CSV's records too).
void write_diff(const Job& job, const BandMatrix& before, const BandMatrix& after, Warnings& warnings) {
  const FilePlan& files = job.output->files;
  if (files.format == OutputFormat::text) {
    write_output(files.output, diff_report(before, after, {shown_name(job.inputs[0]), shown_name(job.inputs[1])},
                                           job.select.band_limit == 0));
    return;
  }
  BandMatrix d = difference(before, after, job.select.band_limit, job.select.trace_percent);
  d.info.header.job = shown_name(job.inputs[1]) + " minus " + shown_name(job.inputs[0]);
  write_output(files.output, diff_output(job, d, warnings));
  write_records_file(files, {&d}, {d.info.header.job});
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
  check_gates(job.gates, {judged(shown_name(job.inputs[0]), before), judged(shown_name(job.inputs[1]), after)}, true);
}

}  // namespace hpng
