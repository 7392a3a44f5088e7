// Mode --record, top to bottom: the RTS asked whether it takes the options
// (refused before anything runs, in the user's terms); the program started
// in a process group of its own, its eventlog sent to a FIFO in a private
// folder (a GHC before 9.4 linked without -eventlog writes only its .hp,
// which is followed instead); the profile followed as --watch follows one,
// a live line on the terminal's last row; stops passed to the program by
// the stop policy; once it has ended, the profile kept, read once and
// written to every output, the text report printed, the gates judged.
#include <cmath>
#include <csignal>

#include "app/modes.h"
#include "base/text.h"
#include "hpng/matrix/band_shape.h"
#include "hpng/output/output_file.h"
#include "process/private_folder.h"
#include "process/program.h"
#include "process/rts_request.h"
#include "process/status_bar.h"
#include "process/watch_files.h"
#include "stream/stream_cache.h"

namespace hpng {

namespace {

// The stop policy: what each stop asks of the program, and how long it is
// given before the next step follows unasked. SIGINT first: a GHC program
// ends on it as on ^C, writing out the eventlog its RTS holds (SIGTERM
// loses it).
struct StopStep {
  int signal;
  double grace;  // seconds
};
constexpr StopStep kStopPolicy[] = {{SIGINT, 5}, {SIGTERM, 3}, {SIGKILL, 0}};
constexpr size_t kSteps = std::size(kStopPolicy);
// Stops this close together are one (timeout signals hp2ps-ng, then its
// whole group, hp2ps-ng again).
constexpr double kSameStop = 1;

// The program as the watch follows it: its end, its stops, the live line.
class RecordedProgram final : public Followed {
 public:
  RecordedProgram(const Job& job, Program& program, Clock& clock, Warnings& warnings)
      : job_(job), r_(*job.record), program_(program), clock_(clock), warnings_(warnings), start_(clock.now()) {}
  bool ended() override {
    escalate();
    if (!census_) bar_.show(r_.name + "  " + printed("%.1f", clock_.now() - start_) + " s  " + waiting_for());
    return program_.ended();
  }
  bool stop(const StopRequest& request) override {
    if (!request.from_terminal || next_step_ > 0) step(false);
    return false;
  }
  void keep(const Input& bytes) override;
  bool earlier_file() const override { return !r_.eventlog; }
  void read(const BandMatrix& m, const GrowingProfile::Latest& latest) override;
  void drawn(const Drawn&, double) override { bar_.show(line_); }
  // After the watch: the program's end, stops still passed on.
  const ProgramEnd& wait();
  double seconds() const { return clock_.now() - start_; }
  bool census() const { return census_; }
  void close_bar() { bar_.close(); }

 private:
  std::string waiting_for() const {
    return r_.eventlog && !r_.flush_interval ? "waiting for the RTS's first block of its eventlog (GHC 9.0 writes it in blocks)"
                                            : "waiting for the first census";
  }
  void step(bool unasked);
  void escalate() {
    if (next_step_ > 0 && next_step_ < kSteps && clock_.now() - stepped_at_ >= kStopPolicy[next_step_ - 1].grace) step(true);
  }

  const Job& job_;
  const RecordPlan& r_;
  Program& program_;
  Clock& clock_;
  Warnings& warnings_;
  StatusBar bar_;
  double start_, stepped_at_ = 0;
  size_t next_step_ = 0;
  bool census_ = false;
  std::string line_;
};

// The next step of the stop policy, said; a stop right after the last is
// the same stop.
void RecordedProgram::step(bool unasked) {
  if (next_step_ >= kSteps || program_.ended()) return;
  if (!unasked && next_step_ > 0 && clock_.now() - stepped_at_ < kSameStop) return;
  const StopStep& s = kStopPolicy[next_step_];
  if (next_step_ > 0) {
    const StopStep& last = kStopPolicy[next_step_ - 1];
    std::string why = unasked ? "it did not end " + printed("%g", last.grace) + " s after " + signal_name(last.signal)
                              : "asked again";
    warnings_.add({Code::stop_escalated, r_.asked.argv[0], {}, 0, 0, "", "sending it " + signal_name(s.signal) + ": " + why});
  }
  program_.signal(s.signal);
  stepped_at_ = clock_.now();
  ++next_step_;
}

const ProgramEnd& RecordedProgram::wait() {
  while (!ended()) {
    if (std::optional<StopRequest> r = take_stop_request()) stop(*r);
    clock_.pause(0.05);
  }
  return program_.end();
}

// The FIFO's bytes, kept where the RTS would have written them. A write
// that fails loses the recording: an error, never a fragment judged.
void RecordedProgram::keep(const Input& bytes) {
  if (bytes.size() == 0) return;  // nothing recorded: an earlier run's file stays
  try {
    write_output(job_.inputs[0].path, [&bytes](const Put& put) {
      read_windows(bytes, [&put](std::string_view b, size_t base, bool) {
        put(b);
        return base + b.size();
      });
    });
  } catch (const Error& e) {
    throw file_error(Code::cannot_write, job_.inputs[0].path,
                     "cannot keep the program's eventlog (" + si_amount(static_cast<double>(bytes.size()), "bytes") +
                         " recorded): " + e.diagnostic().message + "; the recording is lost");
  }
}

// "leaky  3.2 s  150 censuses  heap 12.3 MB (peak 14.0 MB)  growing:
// ARR_WORDS": the last census read (not a closing sample), and the band
// that grew most over the last quarter of the time up to it.
void RecordedProgram::read(const BandMatrix& m, const GrowingProfile::Latest& latest) {
  census_ = latest.samples > 1;  // the first is the RTS's empty one at 0
  std::string unit = m.info.header.value_unit;
  line_ = r_.name + "  " + printed("%.1f", seconds()) + " s  " +
          group_digits(static_cast<double>(latest.samples > 0 ? latest.samples - 1 : 0)) + " censuses  heap " +
          si_amount(latest.total, unit) + " (peak " + si_amount(latest.peak, unit) + ")";
  if (m.spilled || m.times.empty()) return;
  size_t last = std::upper_bound(m.times.begin(), m.times.end(), latest.time) - m.times.begin();
  if (last == 0) return;
  double from = m.times[last - 1] - (m.times[last - 1] - m.times.front()) / 4, most = 0;
  size_t k = std::lower_bound(m.times.begin(), m.times.end(), from) - m.times.begin();
  std::string growing;
  for (const Band& b : m.bands) {
    if (b.values[last - 1] - b.values[k] > most) most = b.values[last - 1] - b.values[k], growing = b.name;
  }
  if (!growing.empty()) line_ += "  growing: " + growing;
}

// What the RTS's refusal asks of the user, in one sentence.
Error refused(const RecordPlan& r, const std::string& complaint) {
  std::string said = "its RTS refused the options --record gives it (\"" + excerpt(complaint, 200) + "\")";
  if (complaint.find("Most RTS options are disabled") != std::string::npos) {
    said = "was linked without -rtsopts, which --record needs to ask for a heap profile: rebuild it with ghc "
           "-rtsopts (cabal: ghc-options: -rtsopts)";
  } else if (complaint.find("requires the program to be built with -prof") != std::string::npos) {
    said = "cannot give --breakdown " + std::string(1, r.asked.breakdown) + " (its RTS says \"" + excerpt(complaint, 200) +
           "\"): rebuild it with ghc -prof -fprof-auto, or record it with --breakdown T, which needs no "
           "profiled build";
  } else if (complaint.find("unknown RTS option") != std::string::npos && r.asked.breakdown == 'e') {
    said = "cannot give --breakdown e: eras (-he) came with GHC 9.10 (its RTS says \"" + excerpt(complaint, 200) + "\")";
  }
  return file_error(Code::cannot_record, r.asked.argv[0], said);
}

// The program left no profile: why, in the user's terms.
Error nothing_recorded(const RecordPlan& r, const ProgramEnd& end, const std::string& keep) {
  const std::string& name = r.asked.argv[0];
  if (!end.started) return file_error(Code::program_failed, name, describe_end(end));
  if (end.failed()) return file_error(Code::program_failed, name, describe_end(end) + " before writing a heap profile");
  return file_error(Code::no_samples, keep,
                    "the program ended without writing a heap profile: is " + name + " a GHC program, or a script that "
                    "runs one without passing on its arguments?");
}

// Few censuses for the time the program ran: GHC's census interval is of
// the program's own work (its mutator time), so one that waits (for input,
// a timer, the network) is censused rarely, -threaded or not (seen on GHC
// 9.0.2 and 9.6.6: bench/README.md, "--every").
std::string waiting_note(const RecordPlan& r, const ProgramEnd& end, double seconds, size_t censuses) {
  std::string cpu = end.cpu_seconds > 0 ? ", working " + printed("%.2f", end.cpu_seconds) + " s of it (CPU)," : "";
  return r.name + " ran " + printed("%.1f", seconds) + " s" + cpu + " and was censused " + std::to_string(censuses) +
         (censuses == 1 ? " time" : " times") + " (" + printed("%.0f", seconds / r.asked.every) + " at -i" +
         printed("%g", r.asked.every) + " over the whole run): GHC takes a census every -i seconds of the program's own "
         "work, not of its waits, so a program that waits is censused rarely; a smaller --every censuses it more often; "
         "the heap's live bytes are drawn all the same, from every major collection";
}

// The largest 1, 2 or 5 times a power of ten not above x (> 0).
double nice_below(double x) {
  double p = std::pow(10, std::floor(std::log10(x)));
  return x >= 5 * p ? 5 * p : x >= 2 * p ? 2 * p : p;
}

// Too few censuses to judge a run that worked throughout: a shorter
// interval for the next run, one that gives about twice what judging needs.
std::string short_run_note(const RecordPlan& r, double seconds, size_t censuses) {
  double every = std::max(0.001, nice_below(seconds / (2 * kLeastCensuses)));
  if (every >= r.asked.every) return "";
  return r.name + " ran " + printed("%.1f", seconds) + " s and was censused " + std::to_string(censuses) +
         (censuses == 1 ? " time" : " times") + " at -i" + printed("%g", r.asked.every) + ", too few to judge (" +
         std::to_string(kLeastCensuses) + " needed): --every " + printed("%g", every) + " censuses it about " +
         printed("%.0f", seconds / every) + " times (each census costs the program a major collection)";
}

// What the censuses of a run say of how it was censused, or "".
std::string census_note(const RecordPlan& r, const ProgramEnd& end, double seconds, size_t censuses) {
  if (seconds >= 1 && static_cast<double>(censuses) < seconds / r.asked.every / 4) {
    return waiting_note(r, end, seconds, censuses);
  }
  return censuses < kLeastCensuses ? short_run_note(r, seconds, censuses) : "";
}

std::string summary(const Job& job, const ProgramEnd& end, double seconds, const std::vector<std::string>& moved) {
  const RecordPlan& r = *job.record;
  std::string wrote;
  for (const OutputPlan& out : job.outputs) wrote += (wrote.empty() ? "" : ", ") + out.files.output;
  std::string line = r.name + " " + describe_end(end) + " after " + printed("%.1f", seconds) + " s; wrote " + wrote +
                     ", kept its profile as " + job.inputs[0].path;
  for (const std::string& m : moved) line += ", its " + m.substr(m.rfind('.') + 1) + " as " + m;
  return r.eventlog ? line : line + " (its RTS writes no eventlog, a GHC before 9.4 linked without -eventlog: its .hp was followed)";
}

// The baseline's peak, which --max-growth compares this run's with.
Judged baseline(const Job& job, Warnings& warnings) {
  const OutputPlan& plan = job.outputs[0];
  const ProfileInput& base = *job.record->baseline;
  BandMatrix m = chart_matrix(profile_stream(base, job.read), selection(job, plan), plan, warnings);
  if (m.samples <= 2) {
    throw file_error(Code::no_samples, shown_name(base), "the baseline holds no census (an empty recording): there is "
                                                         "nothing to compare --max-growth with");
  }
  return judged(shown_name(base), m, false);
}

// --max-peak and --fail-on-leak against this run; --max-growth against
// the baseline's peak. Every limit exceeded is said; a failed program's
// are warnings (its failure is the run's status).
void judge(const Job& job, const Judged& run, const ProgramEnd& end, Warnings& warnings) {
  std::string over;
  auto check = [&](const Gates& g, const std::vector<Judged>& runs, bool before_after) {
    try {
      check_gates(g, runs, warnings, before_after);
    } catch (const Error& e) {
      over += (over.empty() ? "" : "; ") + e.diagnostic().message;
    }
  };
  check({job.gates.max_peak, std::nullopt, job.gates.fail_on_leak}, {run}, false);
  if (job.record->baseline && job.gates.max_growth) check({std::nullopt, job.gates.max_growth}, {baseline(job, warnings), run}, true);
  if (over.empty()) return;
  if (!end.failed()) throw Error({Code::over_limit, "", {}, 0, 0, "", over});
  warnings.add({Code::over_limit, "", {}, 0, 0, "", over});
}

// The recorder: one run of the program, read top to bottom in record().
class Recorder {
 public:
  Recorder(const Job& job, Launcher& launcher, Clock& clock, Warnings& warnings)
      : job_(job), r_(*job.record), launcher_(launcher), clock_(clock), warnings_(warnings) {}
  void record();

 private:
  std::vector<std::string> options();
  void follow(RecordedProgram& followed);
  Judged draw_kept(const ProgramEnd& end, double seconds, const std::string& summary_line);

  const Job& job_;
  const RecordPlan& r_;
  Launcher& launcher_;
  Clock& clock_;
  Warnings& warnings_;
  PrivateFolder folder_;
};

std::vector<std::string> Recorder::options() {
  RtsRequest rts{r_.asked.breakdown, r_.asked.every, "", "", r_.flush_interval};
  if (r_.eventlog) rts.eventlog = folder_.fifo();
  if (r_.eventlog && r_.profile_prefix) rts.prefix = folder_.stem();
  return rts_options(rts);
}

void Recorder::record() {
  StopsAreRequests requests;  // from now until the end: a stop is never lost
  std::vector<std::string> opts = options();
  if (r_.ghc) {
    std::string complaint = rts_refusal(launcher_, clock_, r_.program, opts);
    if (!complaint.empty()) throw refused(r_, complaint);
  }
  FileState before = file_state(job_.inputs[0].path);  // an earlier run's is never drawn as this one's
  std::unique_ptr<Program> program =
      launcher_.start(with_rts_options(r_.asked.argv, opts, r_.ghc, own_environment(), foreground_terminal()));
  RecordedProgram followed(job_, *program, clock_, warnings_);
  // The FIFO holds what a program that ended at once wrote: followed all the same.
  if (r_.eventlog || !program->ended()) follow(followed);
  const ProgramEnd& end = followed.wait();
  followed.close_bar();
  std::vector<std::string> moved = folder_.move_out("./" + r_.name);
  FileState after = file_state(job_.inputs[0].path);
  if (!after.exists || after == before || after.size == 0) throw nothing_recorded(r_, end, job_.inputs[0].path);
  Judged run = draw_kept(end, followed.seconds(), summary(job_, end, followed.seconds(), moved));
  judge(job_, run, end, warnings_);
  if (end.failed()) throw file_error(Code::program_failed, r_.asked.argv[0], describe_end(end) + "; what it wrote is drawn");
}

// What the watch meets on the way (a profile not drawable yet, a program
// that wrote nothing) is judged once the program has ended, from what it
// left; the command line's and the outputs' errors, and a recording cut
// (its copy in $TMPDIR or the FIFO failed), end the run here: a fragment
// is never drawn or judged as the run.
void Recorder::follow(RecordedProgram& followed) {
  Warnings quiet;  // what still holds is said again when what the program left is drawn
  std::string path = r_.eventlog ? folder_.fifo() : job_.inputs[0].path;
  try {
    follow_profile(job_, path, followed, quiet);
  } catch (const Error& e) {
    if (e.diagnostic().file == path && (e.code() == Code::cannot_write || e.code() == Code::cannot_read)) {
      throw file_error(Code::cannot_write, job_.inputs[0].path,
                       "the recording is cut: " + e.diagnostic().message + "; what came before is kept here, neither "
                       "drawn nor judged");
    }
    if (e.kind() == ErrorKind::usage || e.kind() == ErrorKind::output) throw;
    // Past --max-input the FIFO is closed: the program writes no more of its
    // eventlog (it may end on that), and what came before is drawn.
    if (e.code() == Code::too_large) {
      Diagnostic d = e.diagnostic();
      d.message += "; the program's eventlog was no longer read, what came before is drawn";
      warnings_.add(d);
    }
  }
}

// The kept profile, read once, to every output (the report on standard
// output after the summary); when the program failed and left no sample,
// its failure is the error, the reader's words its detail.
Judged Recorder::draw_kept(const ProgramEnd& end, double seconds, const std::string& summary_line) {
  const std::string& keep = job_.inputs[0].path;
  ProfileInput in{keep, job_.inputs[0].format, load_input(keep)};
  SampleSource source = cached(profile_stream(in, job_.read));
  std::optional<Judged> run;
  std::string note;  // said before any output is drawn: the page shows it too
  try {
    std::vector<const OutputPlan*> plans;
    for (const OutputPlan& out : job_.outputs) plans.push_back(&out);
    plans.push_back(&r_.report);
    for (const OutputPlan* plan : plans) {
      BandMatrix m = chart_matrix(source, selection(job_, *plan), *plan, warnings_);
      if (!run) {
        run = judged(shown_name(in), m, job_.gates.fail_on_leak);
        note = census_note(r_, end, seconds, m.samples > 2 ? m.samples - 2 : 0);
        if (!note.empty()) warnings_.add({Code::few_censuses, keep, {}, 0, 0, "", note});
      }
      if (plan == &r_.report) {
        write_output("-", terminal_safe(summary_line) + "\n" + (note.empty() ? "" : terminal_safe(note) + "\n"));
      }
      draw_profile(std::move(m), job_, *plan, warnings_);
    }
  } catch (const Error& e) {
    if (!end.failed() || e.kind() != ErrorKind::input) throw;
    throw file_error(Code::program_failed, r_.asked.argv[0],
                     describe_end(end) + " before its profile could be drawn (" + e.what() + ")");
  }
  return *run;
}

}  // namespace

void record_program(const Job& job, Launcher& launcher, Clock& clock, Warnings& warnings) {
  Recorder(job, launcher, clock, warnings).record();
}

void run_record(const Job& job, Warnings& warnings) { record_program(job, system_launcher(), system_clock(), warnings); }

}  // namespace hpng
