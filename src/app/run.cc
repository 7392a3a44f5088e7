// See run.h: the dispatch, and the first mode, one profile to its outputs
// as hp2ps draws it.
#include "hpng/app/run.h"

#include "app/gates.h"
#include "app/modes.h"
#include "app/pipeline.h"
#include "hpng/output/markdown_report.h"
#include "stream/stream_cache.h"

namespace hpng {

namespace {

// The judged matrix serves the first output that reads every sample as
// the verdict does (JSON, CSV, the report): it is not built twice.
bool reads_as_judged(const OutputPlan& plan) { return !plan.is_chart() && plan.held_cells == kHeldCells; }

}  // namespace

JudgedProfile judge_profile(SampleSource source, const Job& job, size_t outputs, Warnings& warnings) {
  JudgedProfile p;
  bool judging = needs_verdict(job);
  p.source = outputs > 1 || judging ? cached(std::move(source)) : std::move(source);
  std::string name = shown_name(job.inputs[0]);
  if (!judging) return p;
  p.matrix = judged_matrix(p.source, job, warnings);
  p.verdict = verdict_of(*p.matrix);
  p.judged = judged(name, *p.matrix, job.gates.fail_on_leak ? &*p.verdict : nullptr);
  p.gates = gate_results(job.gates, {*p.judged});
  return p;
}

void draw_judged(JudgedProfile& p, const Job& job, const std::vector<const OutputPlan*>& plans, Warnings& warnings) {
  for (const OutputPlan* plan : plans) {
    bool reuse = p.matrix && reads_as_judged(*plan);
    BandMatrix m = reuse ? std::move(*p.matrix) : chart_matrix(p.source, selection(job, *plan), *plan, warnings);
    if (reuse) p.matrix.reset();
    if (!p.judged) p.judged = judged(shown_name(job.inputs[0]), m, nullptr);
    draw_profile(std::move(m), p.verdict, job, *plan, warnings, {.reload_seconds = 0, .gates = p.gates, .run = p.run});
  }
}

DrawnProfile draw_one_profile(const Job& job, Warnings& warnings) {
  std::vector<const OutputPlan*> plans;
  for (const OutputPlan& plan : job.outputs) plans.push_back(&plan);
  JudgedProfile p = judge_profile(profile_stream(job.inputs[0], job.read), job, plans.size(), warnings);
  DrawnProfile drawn;
  if (!job.summary.empty()) drawn.row = summary_row(*p.matrix, *p.verdict, shown_name(job.inputs[0]));
  draw_judged(p, job, plans, warnings);
  drawn.judged = std::move(*p.judged);
  drawn.gates = std::move(p.gates);
  return drawn;
}

void run_one_profile(const Job& job, Warnings& warnings) { say_gate_results(draw_one_profile(job, warnings).gates, warnings); }

void run(const Job& job, Warnings& warnings, const StatusLine& status) {
  switch (job.mode) {
    case Mode::one_profile: return run_one_profile(job, warnings);
    case Mode::compare: return run_compare(job, warnings);
    case Mode::diff: return run_diff(job, warnings);
    case Mode::watch: return run_watch(job, warnings, status);
    case Mode::record: return run_record(job, warnings);
    case Mode::batch: return run_batch(job, warnings);
  }
}

}  // namespace hpng
