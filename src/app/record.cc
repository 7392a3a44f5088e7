// Mode --record: runs a GHC program with heap profiling asked for in
// GHCRTS, follows its profile as --watch follows one (an eventlog sent to a
// FIFO; a GHC before 9.4 linked without -eventlog writes only its .hp, which
// is followed instead), and once it has ended draws what it wrote: the
// outputs, the profile kept beside them, the text report on standard
// output, then the gates. Stop signals are passed on to the program (a
// terminal's ^C reaches it already) and what it wrote is drawn.
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>

#include "app/modes.h"
#include "process/program.h"
#include "process/watch_files.h"
#include "base/text.h"
#include "hpng/output/output_file.h"

namespace hpng {

namespace {

std::string base_name(const std::string& path) { return path.substr(path.rfind('/') + 1); }

// A private folder for the FIFO, removed with what is in it.
class FifoFolder {
 public:
  FifoFolder() {
    const char* tmp = std::getenv("TMPDIR");
    std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/hp2ps-ng-record.XXXXXX";
    // The RTS reads GHCRTS split at spaces: a folder with one cannot be named there.
    if (pattern.find_first_of(" \t\n") != std::string::npos) pattern = "/tmp/hp2ps-ng-record.XXXXXX";
    if (!::mkdtemp(pattern.data())) throw file_error(Code::cannot_write, pattern, "cannot make a folder for the program's eventlog");
    dir_ = pattern;
  }
  ~FifoFolder() {
    ::unlink(fifo_.c_str());
    ::unlink(hp_.c_str());
    ::rmdir(dir_.c_str());
  }
  // Where the RTS's own .hp goes (-po), so that it does not replace a file
  // of the user's: removed with the folder.
  std::string stem(const std::string& name) {
    hp_ = dir_ + "/" + name + ".hp";
    return dir_ + "/" + name;
  }
  const std::string& fifo(const std::string& name) {
    fifo_ = dir_ + "/" + name;
    if (::mkfifo(fifo_.c_str(), 0600) != 0) throw file_error(Code::cannot_write, fifo_, "cannot make the FIFO for the program's eventlog");
    return fifo_;
  }

 private:
  std::string dir_, fifo_, hp_;
};

// The RTS options: the breakdown, the census interval, and the eventlog
// (GC and user events: heap sizes and markers, without the scheduler's
// flood) into the FIFO, flushed each second where the RTS can.
std::string rts_options(const RecordPlan& r, const std::string& fifo, const std::string& stem) {
  std::string o = std::string("-h") + r.asked.breakdown + " -i" + printed("%g", r.asked.every);
  if (!r.eventlog) return o;
  o += " -l-agu -ol" + fifo;
  if (r.profile_prefix) o += " -po" + stem;
  return r.flush_interval ? o + " --eventlog-flush-interval=1" : o;
}

// The status line: "leaky  3.2 s  150 censuses  heap 12.3 MB (peak 14.0 MB)  growing: ARR_WORDS".
std::string status_line(const std::string& name, const Drawn& d, double seconds, const std::string& unit) {
  std::string line = name + "  " + printed("%.1f", seconds) + " s  " + group_digits(static_cast<double>(d.samples)) +
                     " censuses  heap " + si_amount(d.now, unit) + " (peak " + si_amount(d.peak, unit) + ")";
  return d.growing.empty() ? line : line + "  growing: " + d.growing;
}

// The FIFO's bytes, kept where the RTS would have written them.
void keep_bytes(const Input& in, const std::string& path) {
  if (in.size() == 0) return;  // nothing recorded: an earlier run's file stays
  write_output(path, [&in](const Put& put) {
    read_windows(in, [&put](std::string_view bytes, size_t base, bool) {
      put(bytes);
      return base + bytes.size();
    });
  });
}

// A GHC program ends on SIGINT as on ^C, writing out the eventlog the RTS
// holds; on SIGTERM it dies at once, and what the RTS held is lost. So the
// first stop of either kind is passed on as SIGINT (a terminal's ^C reached
// it already), a later one as SIGTERM.
struct StopRelay {
  Program& program;
  int stops = 0;
  void operator()(int, bool from_terminal) {
    if (++stops == 1 && from_terminal) return;
    program.signal(stops == 1 ? SIGINT : SIGTERM);
  }
};

// Waits for the program, passing stops on (the watch may end before it
// does: a program that closed its eventlog and still runs).
const ProgramEnd& wait_for(Program& program, StopRelay& relay) {
  while (!program.ended()) {
    if (std::optional<StopRequest> r = take_stop_request()) relay(r->signal, r->from_terminal);
    pause_for(0.05);
  }
  return program.wait();
}

// Follows the program's profile while it runs. What the watch meets on the
// way (a profile not drawable yet, a program that wrote nothing) is judged
// once the program has ended, from what it left; only the command line's
// and the outputs' errors end the run here.
void follow(const Job& job, Program& program, StopRelay& relay, const std::string& followed, const StatusLine& status,
            Warnings& warnings) {
  Job watch = job;
  watch.inputs[0].path = followed;
  auto start = std::chrono::steady_clock::now();
  std::string name = base_name(job.record->asked.argv[0]);
  WatchHooks hooks;
  hooks.source_ended = [&] { return program.ended(); };
  hooks.on_stop = [&relay](int signal, bool from_terminal) { relay(signal, from_terminal); };
  hooks.status = [&](const Drawn& d) {
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return status_line(name, d, seconds, d.units.substr(0, d.units.find(" x ")));
  };
  if (job.record->eventlog) hooks.keep = [&](const Input& in) { keep_bytes(in, job.inputs[0].path); };
  hooks.earlier_file = !job.record->eventlog;
  Warnings quiet;  // what still holds is said again when what the program left is drawn
  try {
    follow_profile(watch, quiet, status, hooks);
  } catch (const Error& e) {
    if (e.kind() == ErrorKind::usage || e.kind() == ErrorKind::output) throw;
    // Past --max-input the FIFO is closed: the program writes no more of its
    // eventlog (it may end on that), and what came before is drawn.
    if (e.code() == Code::too_large) {
      Diagnostic d = e.diagnostic();
      d.message += "; the program's eventlog was no longer read, what came before is drawn";
      warnings.add(d);
    }
  }
}

// The program left no profile: why, in the user's terms.
Error nothing_recorded(const RecordPlan& r, const ProgramEnd& end, const std::string& keep) {
  std::string name = r.asked.argv[0];
  if (!end.started) return file_error(Code::program_failed, name, describe_end(end));
  if (end.exit_code == 1) {
    return file_error(Code::program_failed, name,
                      "exited with status 1 without writing a heap profile: if it said \"Most RTS options are disabled\", "
                      "it was linked without -rtsopts, which --record needs to ask for a profile; rebuild it with "
                      "ghc -rtsopts (cabal: ghc-options: -rtsopts). If it said that -l requires -eventlog (a GHC "
                      "before 9.4), record the program's binary itself, not a script that runs it, or link it with "
                      "-eventlog");
  }
  if (end.failed()) return file_error(Code::program_failed, name, describe_end(end) + " before writing a heap profile");
  return file_error(Code::no_samples, keep, "the program ended without writing a heap profile: is " + name +
                                                " a GHC program? (it was given GHCRTS=\"" + rts_options(r, "FIFO", "STEM") + "\")");
}

// --max-peak against this run; --max-growth against the baseline's peak.
// Every limit passed is said; a failed program's are warnings (its failure
// is the run's status).
void judge(const Job& job, const Judged& run, const ProgramEnd& end, Warnings& warnings) {
  std::vector<std::string> passed;
  auto check = [&](const Gates& g, const std::vector<Judged>& runs, bool before_after) {
    try {
      check_gates(g, runs, before_after);
    } catch (const Error& e) {
      passed.push_back(e.diagnostic().message);
    }
  };
  check({job.gates.max_peak, std::nullopt}, {run}, false);
  if (job.record->baseline && job.gates.max_growth) {
    Job base = job;
    base.mode = Mode::one_profile;
    base.inputs = {*job.record->baseline};
    const OutputPlan& plan = *job.output;
    BandMatrix m = chart_matrix(profile_stream(base.inputs[0], job.read), selection(base, plan), plan, warnings);
    check({std::nullopt, job.gates.max_growth}, {judged(shown_name(base.inputs[0]), m), run}, true);
  }
  std::string all;
  for (const std::string& p : passed) all += (all.empty() ? "" : "; ") + p;
  if (all.empty()) return;
  if (!end.failed()) throw usage_error(Code::over_limit, all);
  warnings.add({Code::over_limit, "", {}, 0, 0, "", all});
}

// The report of what was kept, on standard output, after a line that says
// how the program ended and what was written.
void report(const Job& drawn, const std::string& summary, Warnings& warnings) {
  write_output("-", summary + "\n");
  Job text = drawn;
  text.asked.files.output = "-";
  text.asked.files.format = OutputFormat::text;
  text.output = plan_output(text, drawn.inputs[0].format, warnings);
  draw_one_profile(text, warnings);
}

// What the program left, drawn; when it failed and left no sample, its
// failure is the error, the reader's words its detail.
Judged draw_kept(const Job& drawn, const ProgramEnd& end, Warnings& warnings) {
  try {
    return draw_one_profile(drawn, warnings);
  } catch (const Error& e) {
    if (!end.failed() || e.kind() != ErrorKind::input) throw;
    throw file_error(Code::program_failed, drawn.record->asked.argv[0],
                     describe_end(end) + " before its profile could be drawn (" + e.what() + ")");
  }
}

std::string summary(const Job& job, const ProgramEnd& end, double seconds) {
  std::string out = job.output->files.output;
  std::string line = base_name(job.record->asked.argv[0]) + " " + describe_end(end) + " after " +
                     printed("%.1f", seconds) + " s; wrote " + out + ", kept its profile as " + job.inputs[0].path;
  return job.record->eventlog ? line : line + " (its RTS writes no eventlog, a GHC before 9.4 linked without -eventlog: its .hp was followed)";
}

}  // namespace

void run_record(const Job& job, Warnings& warnings, const StatusLine& status) {
  const RecordPlan& r = *job.record;
  const std::string& keep = job.inputs[0].path;
  std::optional<FifoFolder> folder;
  std::string followed = keep, stem;
  // Names of our own: the RTS reads GHCRTS split at spaces, and a program's
  // name may hold one.
  if (r.eventlog) folder.emplace(), followed = folder->fifo("eventlog"), stem = folder->stem("profile");
  FileState before = file_state(keep);
  StopSignals signals;  // until the program has ended, a stop is passed on to it
  auto start = std::chrono::steady_clock::now();
  Program program(r.asked.argv, rts_options(r, followed, stem));
  StopRelay relay{program};
  if (!program.ended()) follow(job, program, relay, followed, status, warnings);  // a failed watch closed the FIFO
  const ProgramEnd& end = wait_for(program, relay);
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  FileState after = file_state(keep);
  if (!after.exists || after == before || after.size == 0) throw nothing_recorded(r, end, keep);
  Job drawn = job;
  drawn.mode = Mode::one_profile;
  drawn.inputs[0].input = load_input(keep);
  Judged run = draw_kept(drawn, end, warnings);
  report(drawn, summary(job, end, seconds), warnings);
  judge(job, run, end, warnings);
  if (end.failed()) {
    throw file_error(Code::program_failed, r.asked.argv[0], describe_end(end) + "; what it wrote is drawn");
  }
}

}  // namespace hpng
