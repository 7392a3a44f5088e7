// Modes of several runs: --compare (one chart per input, alike: the bands
// matched across the inputs, chosen and ordered over all of them together,
// with the same fills, on one scale) and --diff (each band's AFTER minus
// BEFORE over time).
#include <algorithm>

#include "app/gates.h"
#include "app/modes.h"
#include "app/pipeline.h"
#include "hpng/matrix/compare.h"
#include "hpng/matrix/diff.h"

namespace hpng {

namespace {

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

// Each run as the data outputs see it (the bands chosen over all the runs,
// every sample), judged once: the verdicts every output speaks of, and
// what the gates judge.
struct JudgedRuns {
  std::vector<Verdict> verdicts;
  std::vector<Judged> runs;
};

JudgedRuns judge_runs(const Job& job, const std::vector<SampleSource>& sources, Warnings& warnings) {
  JudgedRuns out;
  if (!needs_verdict(job) && !job.gates.max_peak) return out;
  std::vector<BandMatrix> ms = shared_matrices(sources, paths(job), job.select, 0, warnings, kHeldCells);
  for (size_t k = 0; k < ms.size(); ++k) {
    out.verdicts.push_back(verdict_of(ms[k]));
    out.runs.push_back(judged(shown_name(job.inputs[k]), ms[k], job.gates.fail_on_leak ? &out.verdicts[k] : nullptr));
  }
  return out;
}

// The runs on one scale, to one output.
void compare_to(const Job& job, const OutputPlan& plan, const std::vector<SampleSource>& sources,
                const std::vector<Verdict>& verdicts, Warnings& warnings) {
  // Every chart draws the bands chosen: they share one picture's budget.
  SelectOptions select = selection(job, plan);
  select.picture_budget /= job.inputs.size();
  Finished f{.kind = Charts::compare,
             .charts = shared_matrices(sources, paths(job), select, plan.time_buckets, warnings, plan.held_cells),
             .names = paths(job), .verdicts = {}, .before = nullptr, .after = nullptr, .run_verdicts = {},
             .title = "compare: " + shown_name(job.inputs[0]) + " ...", .reload_seconds = 0, .answer = {}, .gates = {}, .run = {}};
  for (size_t k = 0; k < verdicts.size(); ++k) f.verdicts.push_back(on_bands(verdicts[k], f.charts[k]));
  std::vector<const BandMatrix*> charts;
  for (const BandMatrix& m : f.charts) charts.push_back(&m);
  check_units(charts, job);
  check_alike(charts, job, warnings);
  if (plan.is_chart()) name_charts(f.charts, f.names);
  write_finished(f, plan, job, warnings);
}

}  // namespace

void run_compare(const Job& job, Warnings& warnings) {
  std::vector<SampleSource> sources = matched_streams(job, warnings);
  JudgedRuns judged_runs = judge_runs(job, sources, warnings);
  for (const OutputPlan& plan : job.outputs) compare_to(job, plan, sources, judged_runs.verdicts, warnings);
  check_gates(job.gates, judged_runs.runs, warnings);
}

namespace {

// The chart and the data are of the difference (a CSV's records too); the
// report reads the runs themselves.
void write_diff(const Job& job, const BandMatrix& before, const BandMatrix& after, const std::vector<Verdict>& verdicts,
                Warnings& warnings) {
  for (const OutputPlan& plan : job.outputs) {
    BandMatrix d = difference(before, after, job.select.band_limit, job.select.trace_percent);
    d.info.header.job = shown_name(job.inputs[1]) + " minus " + shown_name(job.inputs[0]);
    Finished f{.kind = Charts::diff, .charts = {}, .names = {d.info.header.job}, .verdicts = {}, .before = &before,
               .after = &after, .run_verdicts = verdicts, .title = d.info.header.job, .reload_seconds = 0, .answer = {}, .gates = {}, .run = {}};
    f.charts.push_back(std::move(d));
    write_finished(f, plan, job, warnings);
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
  std::vector<Verdict> verdicts = {verdict_of(before), verdict_of(after)};
  write_diff(job, before, after, verdicts, warnings);
  const Verdict* b = job.gates.fail_on_leak ? &verdicts[0] : nullptr;
  const Verdict* a = job.gates.fail_on_leak ? &verdicts[1] : nullptr;
  check_gates(job.gates, {judged(shown_name(job.inputs[0]), before, b), judged(shown_name(job.inputs[1]), after, a)},
              warnings, true);
}

}  // namespace hpng
