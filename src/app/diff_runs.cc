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

// The difference, finished for the output; the report reads the runs
// themselves (`before`, `after` and `d` outlive the write).
Finished diff_chart(const Job& job, const BandMatrix& before, const BandMatrix& after, BandMatrix& d,
                    Warnings& warnings) {
  const OutputPlan& plan = *job.output;
  apply_scales(d, job.matrix, warnings);
  Finished f;
  f.json = [&d](const Put& put) { matrix_json(d, put); };
  f.csv = [&d, raw = plan.files.csv_raw](const Put& put) { matrix_csv(d, put, raw); };
  f.report = [&before, &after, &job] {
    return diff_report(before, after, {shown_name(job.inputs[0]), shown_name(job.inputs[1])}, job.select.band_limit == 0);
  };
  if (plan.is_chart()) f.shades = band_shades(d, plan);
  f.layout = [&d, shades = f.shades, &plan] { return layout_chart(d, shades, plan.chart); };
  f.charts = {&d}, f.names = {d.info.header.job}, f.mode = "diff", f.title = d.info.header.job;
  return f;
}

// The chart and the data are of the difference (a CSV's records too).
void write_diff(const Job& job, const BandMatrix& before, const BandMatrix& after, Warnings& warnings) {
  const FilePlan& files = job.output->files;
  BandMatrix d = difference(before, after, job.select.band_limit, job.select.trace_percent);
  d.info.header.job = shown_name(job.inputs[1]) + " minus " + shown_name(job.inputs[0]);
  write_output(files.output, emit(diff_chart(job, before, after, d, warnings), *job.output, job, warnings));
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
