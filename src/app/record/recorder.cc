// See recorder.h.
#include "app/record/recorder.h"

#include <sys/stat.h>
#include <unistd.h>

#include <optional>

#include "app/pipeline.h"
#include "base/text.h"
#include "app/record/recorded_program.h"
#include "process/rts_request.h"
#include "process/watch_files.h"

namespace hpng {

std::vector<std::string> Recorder::options(const RunPlan& run, PrivateFolder& folder) const {
  RtsRequest rts{.breakdown = run.breakdown, .restrictions = run.restrictions, .every = run.every, .eventlog = "",
                 .prefix = "", .flush_interval = r_.flush_interval};
  if (r_.eventlog) rts.eventlog = folder.fifo();
  if (r_.eventlog && r_.profile_prefix) rts.prefix = folder.stem();
  return rts_options(rts);
}

Recording Recorder::record(const RunPlan& run) {
  Recording rec = run_once(run);
  if (!rec.left_profile) throw nothing_recorded(r_, rec.end, run.keep);
  return rec;
}

namespace {

// A page among the outputs is redrawn while the program runs: said as it
// starts, once, so that it can be opened then.
void say_live_pages(const Job& job) {
  std::string pages;
  for (const OutputPlan& out : job.outputs) {
    if (out.files.format == OutputFormat::html) pages += (pages.empty() ? "" : ", ") + out.files.output;
  }
  if (pages.empty()) return;
  write_output(job.record->report.files.output,
               terminal_safe(job.record->name + " is running: open " + pages + " to watch it live (redrawn every " +
                             printed("%g", std::max(job.watch_interval, 1.0)) + " s until it ends)") + "\n");
}

}  // namespace

Recording Recorder::run_once(const RunPlan& run) {
  StopsAreRequests requests;  // from now until the end: a stop is never lost
  PrivateFolder folder;
  std::vector<std::string> opts = options(run, folder);
  if (r_.ghc) {
    std::string complaint = rts_refusal(launcher_, clock_, r_.program, opts);
    if (!complaint.empty()) throw refused(r_, run.breakdown, complaint);
  }
  FileState before = file_state(run.keep);  // an earlier run's is never drawn as this one's
  // An RTS without -po (GHC 9.0) writes ./PROG.hp beside the eventlog, which
  // nobody asked for: removed after the run (a user's is refused before).
  std::string stray = r_.eventlog && !r_.profile_prefix ? "./" + (r_.rts_name.empty() ? r_.name : r_.rts_name) + ".hp" : "";
  bool stray_before = !stray.empty() && file_state(stray).exists;
  ProgramSpec spec = with_rts_options(r_.asked.argv, opts, r_.ghc, own_environment(), foreground_terminal());
  spec.input = run.input;
  if (run.input >= 0) ::lseek(run.input, 0, SEEK_SET);  // each run reads it from its start
  if (run.doing.empty() && !r_.asked.explain) say_live_pages(job_);
  std::unique_ptr<Program> program = launcher_.start(spec);
  RecordedProgram followed(r_, run, *program, clock_, warnings_);
  // The FIFO holds what a program that ended at once wrote: followed all the same.
  if (r_.eventlog || !program->ended()) follow(run, folder, followed);
  Recording rec{run, followed.wait(), followed.seconds(), followed.stopped_by(), {}, false, {}};
  followed.close_bar();
  rec.moved = folder.move_out("./" + run.keep.substr(0, run.keep.rfind('.')));
  if (!stray.empty() && !stray_before) ::unlink(stray.c_str());
  FileState after = file_state(run.keep);
  rec.left_profile = after.exists && after != before && after.size > 0;
  return rec;
}

// What the watch meets on the way (a profile not drawable yet, a program
// that wrote nothing) is judged once the program has ended, from what it
// left; the command line's and the outputs' errors, and a recording cut
// (its copy in $TMPDIR or the FIFO failed), end the run here: a fragment
// is never drawn or judged as the run.
void Recorder::follow(const RunPlan& run, PrivateFolder& folder, Followed& followed) {
  Warnings quiet;  // what still holds is said again when what the program left is drawn
  std::string path = r_.eventlog ? folder.fifo() : run.keep;
  try {
    follow_profile(job_, path, followed, quiet);
  } catch (const Error& e) {
    if (e.diagnostic().file == path && (e.code() == Code::cannot_write || e.code() == Code::cannot_read)) {
      throw file_error(Code::cannot_write, run.keep,
                       "the recording is cut: " + e.diagnostic().message + "; what came before is kept here, neither "
                       "drawn nor judged");
    }
    if (e.kind() == ErrorKind::usage || e.kind() == ErrorKind::output) throw;
    // Past --max-input the FIFO is no longer read: an RTS holding its own
    // read end then blocks on its next write for ever, so the program is
    // stopped as a stop hp2ps-ng was sent, and what came before is drawn.
    if (e.code() == Code::too_large) {
      Diagnostic d = e.diagnostic();
      d.file = run.keep;  // the FIFO's private path means nothing to the user
      d.message += "; the program's eventlog was no longer read, the program is stopped, what came before is drawn";
      warnings_.add(d);
      followed.stop({kStoppedByLimit, false});
    }
  }
}

namespace {

// Standard input a second run can read as the first did: none (closed, or
// a device that is not a terminal: /dev/null) or a file, read again from
// where the first run began. A pipe or a terminal cannot be given twice.
// And standard output a second run's lines do no harm to: a terminal, a
// device (/dev/null) or none; a pipe or a file would get them twice.
struct Replay {
  bool possible = false;
  off_t from = -1;  // a file's offset to go back to; -1: nothing to seek
};

bool output_repeatable() {
  struct stat st {};
  return ::fstat(STDOUT_FILENO, &st) != 0 || S_ISCHR(st.st_mode);
}

Replay replayable() {
  struct stat st {};
  if (!output_repeatable()) return {};
  if (::fstat(STDIN_FILENO, &st) != 0) return {true, -1};
  if (S_ISCHR(st.st_mode)) return {!::isatty(STDIN_FILENO), -1};
  if (S_ISREG(st.st_mode)) return {true, ::lseek(STDIN_FILENO, 0, SEEK_CUR)};
  return {};
}

// What its censuses measured; none where its profile cannot be read (the
// finishing step says why).
Censused censuses_recorded(const Job& job, const Recording& rec) {
  Warnings quiet;
  try {
    ProfileInput in{rec.run.keep, job.inputs[0].format, load_input(rec.run.keep)};
    return censused(judged_matrix(profile_stream(in, job.read), job, quiet), rec.run.every);
  } catch (const Error&) {
    return {};
  }
}

// A script cannot be asked what its program's RTS takes before it runs, so
// it is given GHC 9.2's options in GHCRTS; a GHC 9.0 program refuses them
// and prints its usage. Asked what it refused, it is recorded again
// without them, said; its RTS's own ./NAME.hp is then kept away as a 9.0
// program's is (a user's there is refused). A program linked without
// -eventlog refuses -l: its own ./NAME.hp is then the recording. Each
// retry drops options, so the retries end.
std::optional<Job> older_rts_job(const Job& job, const Recording& rec, Launcher& launcher, Clock& clock,
                                 Warnings& warnings) {
  const RecordPlan& r = *job.record;
  if (r.ghc || rec.left_profile || !rec.end.failed() || !r.eventlog) return std::nullopt;
  RtsRequest probe{.breakdown = rec.run.breakdown, .restrictions = rec.run.restrictions, .every = rec.run.every,
                   .eventlog = "/dev/null", .prefix = r.profile_prefix ? "/dev/null" : "", .flush_interval = r.flush_interval};
  RtsAnswer a = wrapped_rts_answer(launcher, clock, r.asked.argv, rts_options(probe));
  bool no_eventlog = a.complaint.find("requires the program to be built with -eventlog") != std::string::npos;
  bool newer_options = a.complaint.find("--eventlog-flush-interval") != std::string::npos ||
                       a.complaint.find("-po") != std::string::npos;
  if (a.name.empty() || !(no_eventlog || (newer_options && (r.flush_interval || r.profile_prefix)))) return std::nullopt;
  struct stat st;
  if (::lstat(("./" + a.name + ".hp").c_str(), &st) == 0) {
    throw usage_error(Code::output_is_input, "./" + a.name + ".hp is not a recording's, and the program " + r.asked.argv[0] +
                                                 " runs has an RTS that writes its .hp there whatever hp2ps-ng asks (GHC "
                                                 "before 9.2 has no -po): move it, or record in another folder");
  }
  Job older_job = job;
  RecordPlan& o = *older_job.record;
  o.flush_interval = false, o.profile_prefix = false, o.rts_name = a.name;
  if (no_eventlog) {
    o.eventlog = false;
    older_job.inputs[0] = {a.name + ".hp", InputFormat::hp, {}};
    // A .hp has no GC events: no heap lines are asked of it.
    older_job.asked.style.heap_lines = older_job.read.eventlog.heap_lines = o.report.chart.heap_lines = false;
    for (OutputPlan& out : older_job.outputs) out.chart.heap_lines = false;
  }
  warnings.add({Code::older_rts, r.asked.argv[0], {}, 0, 0, "",
                "runs " + a.name + ", whose RTS (GHC before 9.2) refused what --record gives it in GHCRTS and printed "
                "the usage above (\"" + excerpt(a.complaint, 200) + "\"): recorded again " +
                    (no_eventlog ? "from its own ./" + a.name + ".hp (it was linked without -eventlog)"
                                 : std::string("without --eventlog-flush-interval and -po"))});
  return older_job;
}

// A run again is given ten times the first run's time, a minute at least,
// then stopped and judged as far as it got: each census costs a major
// collection, and GHC 9.6 censused the same work (0.26-0.45 s of mutator
// time) at -i0.009 from 31 to 137 times, in 20 to 95 s, after a first run
// of 3 s. Stopped at 20 s, such a run was judged before its leak showed.
constexpr double kRerunTimes = 10, kRerunLeast = 60;

}  // namespace

// A run too short to judge is run again, more often censused, where that
// is cheap and the program can be given its input again (rerun_every).
void record_program(const Job& job, Launcher& launcher, Clock& clock, Warnings& warnings) {
  Replay replay = replayable();
  Recorder recorder(job, launcher, clock, warnings);
  Recording rec = recorder.run_once(asked_run(job));
  if (std::optional<Job> older = older_rts_job(job, rec, launcher, clock, warnings)) {
    record_program(*older, launcher, clock, warnings);
    return;
  }
  if (!rec.left_profile) throw nothing_recorded(*job.record, rec.end, rec.run.keep);
  for (Censused c = censuses_recorded(job, rec); std::optional<double> every = rerun_every(*job.record, rec, c, replay.possible);
       c = censuses_recorded(job, rec)) {
    RunPlan again = rec.run;
    again.every = *every;
    again.stop_after = std::max(kRerunLeast, kRerunTimes * (rec.before.empty() ? rec.seconds : rec.before.front().seconds));
    again.doing = "run " + std::to_string(rec.before.size() + 2) + ": censused more often, run " +
                  std::to_string(rec.before.size() + 1) + " was too short to judge";
    if (replay.from >= 0) ::lseek(STDIN_FILENO, replay.from, SEEK_SET);
    Recording next = recorder.record(again);
    next.before = std::move(rec.before);
    next.before.push_back({rec.run.every, rec.seconds, c.censuses});
    rec = std::move(next);
  }
  finish_recording(job, rec, warnings);
}



}  // namespace hpng
