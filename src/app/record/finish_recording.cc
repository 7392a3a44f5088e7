// See recorder.h: a recording's finishing step, from its value.
#include "app/record/recorder.h"

#include "base/text.h"
#include "hpng/output/output_file.h"

namespace hpng {

namespace {

// The baseline's peak, which --max-growth compares this run's with.
Judged baseline(const Job& job, Warnings& warnings) {
  const ProfileInput& base = *job.record->baseline;
  BandMatrix m = chart_matrix(profile_stream(base, job.read), selection(job, job.outputs[0]), job.outputs[0], warnings);
  if (m.samples <= 2) {
    throw file_error(Code::no_samples, shown_name(base), "the baseline holds no census (an empty recording): there is "
                                                         "nothing to compare --max-growth with");
  }
  return judged(shown_name(base), m, nullptr);
}

// A baseline of another breakdown or clock, said as --diff says it.
void check_alike(const Judged& base, const Judged& run, Warnings& warnings) {
  if (!base.breakdown.empty() && !run.breakdown.empty() && base.breakdown != run.breakdown) {
    warnings.add({Code::unlike_runs, base.name, {}, 0, 0, "",
                  "a " + base.breakdown + " profile, where this run is " + run.breakdown +
                      ": its peak is of other things than this run's"});
  }
  if (base.clock != run.clock) {
    warnings.add({Code::unlike_runs, base.name, {}, 0, 0, "",
                  "is timed in " + base.clock + " and this run in " + run.clock + ": the peaks' times are of two clocks"});
  }
}

// --max-peak and --fail-on-leak against this run; --max-growth against
// the baseline's peak.
void judge(const Job& job, const Judged& run, const Recording& rec, Warnings& warnings) {
  Gates of_run = job.gates, of_growth;
  of_run.max_growth.reset(), of_growth.max_growth = job.gates.max_growth;
  std::string over = exceeded_gates(of_run, {run}, warnings);
  if (job.record->baseline && job.gates.max_growth) {
    Judged base = baseline(job, warnings);
    check_alike(base, run, warnings);
    std::string grew = exceeded_gates(of_growth, {base, run}, warnings, true);
    over += (over.empty() || grew.empty() ? "" : "; ") + grew;
  }
  if (!over.empty()) warnings.add({Code::over_limit, "", {}, 0, 0, "", over, !rec.failed()});
}

// Every output, then the summary, then the report, both where the report
// goes (stderr). The census note is a warning, said before any output is
// drawn: the page shows it too.
Judged draw_recording(const Job& job, const Recording& rec, Warnings& warnings) {
  ProfileInput in{rec.run.keep, job.inputs[0].format, load_input(rec.run.keep)};
  std::vector<const OutputPlan*> outputs;
  for (const OutputPlan& out : job.outputs) outputs.push_back(&out);
  Warnings read;  // the reader's, said once the census note is known
  JudgedProfile p = judge_profile(profile_stream(in, job.read), job, outputs.size() + 1, read);
  p.run = job.record->name + " " + ended_words(*job.record, rec);
  Censused c = censused(*p.matrix, rec.run.every);
  std::string note = census_note(*job.record, rec, c);
  // A run with no census: its note says so once, in --every's terms.
  if (!note.empty() && c.censuses == 0) warnings.hold_back(Code::no_data, rec.run.keep);
  for (const Diagnostic& d : read) warnings.add(d);
  if (!note.empty()) warnings.add({Code::few_censuses, rec.run.keep, {}, 0, 0, "", note});
  draw_judged(p, job, outputs, warnings);
  write_output(job.record->report.files.output, terminal_safe(summary(job, rec)) + "\n");
  draw_judged(p, job, {&job.record->report}, warnings);
  return *p.judged;
}

}  // namespace

void finish_recording(const Job& job, const Recording& rec, Warnings& warnings) {
  const std::string& program = job.record->asked.argv[0];
  std::optional<Judged> run;
  try {
    run = draw_recording(job, rec, warnings);
  } catch (const Error& e) {
    if (e.kind() != ErrorKind::input || (!rec.failed() && !rec.stopped_by)) throw;
    if (rec.failed()) {
      throw file_error(Code::program_failed, program,
                       describe_end(rec.end) + " before its profile could be drawn (" + e.what() + ")");
    }
    // Stopped before its RTS wrote a census: nothing drawn is no pass.
    throw file_error(e.code(), program, stopped_words(*job.record, rec) + " before its RTS wrote a profile that can be drawn (" +
                                            e.what() + "): nothing was drawn or judged");
  }
  judge(job, *run, rec, warnings);
  if (!rec.failed()) return;
  Diagnostic failed = file_error(Code::program_failed, program, describe_end(rec.end) + "; what it wrote is drawn").diagnostic();
  failed.error = true;
  warnings.add(failed);
}

}  // namespace hpng
