// See explainer.h.
#include "app/record/explainer.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>

#include "app/gates.h"
#include "app/pipeline.h"
#include "app/record/explanation_words.h"
#include "base/text.h"
#include "hpng/input/input.h"
#include "hpng/output/output_file.h"

namespace hpng {

namespace {

// Standard input read once, whole, into a file every run reads from its
// start: a terminal cannot be read again, so it is refused.
int spooled_input(size_t most) {
  if (::isatty(STDIN_FILENO)) {
    throw usage_error(Code::bad_option, "--explain runs the program up to four times, each with the same standard "
                                        "input, and a terminal cannot be read again: give its input from a file or a "
                                        "pipe (< FILE), or none (< /dev/null)");
  }
  int fd = ::memfd_create("explain-input", MFD_CLOEXEC);
  if (fd < 0) throw file_error(Code::cannot_write, "standard input", std::string("cannot spool it: ") + std::strerror(errno));
  std::string buf(1 << 16, '\0');
  for (size_t total = 0;;) {
    ssize_t n = ::read(STDIN_FILENO, buf.data(), buf.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    total += static_cast<size_t>(n);
    if (total > most || ::write(fd, buf.data(), static_cast<size_t>(n)) != n) {
      ::close(fd);
      throw file_error(Code::too_large, "standard input",
                       total > most ? "beyond --max-input (" + si_amount(static_cast<double>(most), "bytes") +
                                          "), which bounds what --explain keeps to give every run"
                                    : std::string("cannot spool it: ") + std::strerror(errno));
    }
  }
  return fd;
}

// A GHC whose -hb dies past about 30 censuses (life_run).
bool bio_censuses_bounded(const std::string& rts) {
  return rts.starts_with("GHC-8.") || rts.starts_with("GHC-9.0.");
}

std::string whole_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

size_t censuses_of(const BandMatrix& m) { return censused(m, 0).censuses; }

}  // namespace

Explainer::Explainer(const Job& job, Launcher& launcher, Clock& clock, Warnings& warnings)
    : job_(job), launcher_(launcher), clock_(clock), warnings_(warnings), every_(job.record->asked.every) {
  input_ = spooled_input(job.watch_copy_limit);
}

Explainer::~Explainer() {
  if (input_ >= 0) ::close(input_);
}

RunPlan Explainer::plan(char breakdown, std::vector<std::string> restrictions, double every,
                        const std::string& purpose) const {
  size_t n = done_.answer.runs.size() + 1;
  const std::string& name = job_.record->name;
  // A GHC before 9.4 without -eventlog writes its own PROG.hp, where the RTS names it.
  std::string keep = job_.record->eventlog ? explain_profile(name, n) : name + ".hp";
  return {.breakdown = breakdown, .every = every, .keep = keep,
          .restrictions = std::move(restrictions), .doing = "run " + std::to_string(n) + ": " + purpose, .input = input_,
          .stop_after = {}};
}

// One run, recorded and read (what its read said held until it is kept).
// None when it did not answer: the RTS refused it (the step skipped,
// said), or it failed, was stopped or left nothing (the explanation ends
// there, said).
std::optional<Explainer::Answered> Explainer::run(const RunPlan& plan, const std::string& purpose) {
  ExplainedRun said{.breakdown = std::string("-h") + plan.breakdown, .rts_options = plan.restrictions,
                    .purpose = purpose, .censuses = 0, .profile = plan.keep, .seconds = 0, .said = ""};
  said.rts_options.insert(said.rts_options.begin(), said.breakdown);
  said.rts_options.push_back("-i" + printed("%g", plan.every));
  std::optional<Answered> answered;
  try {
    Recording rec = Recorder(job_, launcher_, clock_, warnings_).run_once(plan);
    // A stop passed on ends the explanation, whether or not the run left a profile.
    if (!rec.left_profile && !rec.stopped_by) throw nothing_recorded(*job_.record, rec.end, plan.keep);
    said.seconds = rec.seconds;
    if (rec.stopped_by) done_.stopped = true, said.said = "stopped by " + signal_name(rec.stopped_by);
    else if (rec.end.failed()) done_.failed = true, said.said = job_.record->name + " " + describe_end(rec.end);
    if (rec.left_profile) answered = read_run(plan, purpose, said, std::move(rec));
  } catch (const Error& e) {
    if (e.kind() == ErrorKind::usage || e.kind() == ErrorKind::output) throw;
    // A program that failed is said as such, not as the profile it left.
    // A run stopped before its RTS wrote a readable profile is stopped, not failed.
    if (said.said.empty()) said.said = e.code() == Code::cannot_record ? "skipped: " + e.diagnostic().message : e.diagnostic().message;
    done_.failed = done_.failed || (e.code() != Code::cannot_record && !done_.stopped);
  }
  if (!said.said.empty()) {
    warnings_.add({Code::explain_cut, job_.record->asked.argv[0], {}, 0, 0, "", said.breakdown + " run (" + purpose + "): " + said.said});
  }
  done_.answer.runs.push_back(std::move(said));
  return answered;
}

// A run's profile read and judged; none (its censuses counted) where the
// run failed.
std::optional<Explainer::Answered> Explainer::read_run(const RunPlan& plan, const std::string& purpose,
                                                       ExplainedRun& said, Recording rec) {
  ProfileInput in{plan.keep, job_.record->eventlog ? InputFormat::eventlog : InputFormat::hp, load_input(plan.keep)};
  Warnings read;
  BandMatrix m = judged_matrix(profile_stream(in, job_.read), job_, read);
  said.censuses = censuses_of(m);
  if (m.info.run && rts_.empty()) rts_ = m.info.run->rts;
  Verdict v = verdict_of(m);
  // Each chart titled by its run: what it asked, and how.
  m.info.header.job = job_.record->name + ": " + purpose + " (" + join_words(said.rts_options) + ")";
  if (!said.said.empty() && !done_.stopped) return std::nullopt;  // a stopped run's censuses are the program's own
  return Answered{std::move(m), std::move(v), std::move(rec), {read.begin(), read.end()}, plan.keep};
}

// An answering run's chart kept, and what its read said.
const Explainer::Answered& Explainer::kept(const Answered& a) {
  for (const Diagnostic& d : a.read) warnings_.add(d);
  done_.charts.push_back(a.matrix);
  done_.names.push_back(a.profile);
  done_.verdicts.push_back(a.verdict);
  return a;
}

// Run 1, again with a shorter interval while it had under twice the
// censuses a verdict needs (a program that works little between its
// collections; a shape seen in few is a guess): about 30 over the mutator
// time the run before showed; twice at most.
std::optional<Explainer::Answered> Explainer::first_run(char breakdown, const std::string& purpose) {
  std::optional<Answered> first = run(plan(breakdown, {}, every_, purpose), purpose);
  for (int tries = 0; tries < 2 && first && censuses_of(first->matrix) < 2 * kLeastCensuses; ++tries) {
    double every = every_for(censused(first->matrix, every_).clock);
    if (every >= every_) break;
    every_ = every;
    std::string again_purpose = purpose + ", censused more often";
    std::optional<Answered> again = run(plan(breakdown, {}, every_, again_purpose), again_purpose);
    if (!again) break;  // the explanation ends here, with what the run before found
    first = std::move(again);
    if (done_.stopped) break;
  }
  if (first) kept(*first);
  return first;
}

std::string Explainer::prof_of(const Recording& rec) const {
  for (const std::string& m : rec.moved) {
    if (m.ends_with(".prof")) return whole_file(m);
  }
  return whole_file(job_.record->name + ".prof");  // GHC 9.0 writes it where it runs
}

// Runs 2 to 4 for the leaking type.
void Explainer::explain_type(const std::string& type) {
  Explanation& a = done_.answer;
  std::vector<std::string> by_type;
  if (type.find(',') == std::string::npos) by_type.push_back("-hy" + type);
  else a.note += "`" + type + "` holds a comma, which no RTS restriction can name: the later runs are not restricted by type. ";
  std::optional<Answered> makers = run(plan('c', by_type, every_, "who makes " + type), "who makes " + type);
  if (!makers) return;
  a.made_by = shares_of(kept(*makers).matrix);
  if (done_.stopped) return;
  std::vector<std::string> words = restriction(type, main_makers(a.made_by));
  if (words.empty() || !words.front().starts_with("-hc")) {
    a.note += "no cost centre that an RTS restriction can name makes it: build with -fprof-auto (or add SCCs). ";
    return;
  }
  std::vector<std::string> held = words;
  held.push_back("-L200");  // retainer names cut at 25 bytes would be ambiguous
  double rarely = std::max(every_, std::floor(every_ * static_cast<double>(censuses_of(makers->matrix)) / 25 * 1000) / 1000);
  if (std::optional<Answered> holders = run(plan('r', held, rarely, "who holds " + type), "who holds " + type)) {
    a.held_by = shares_of(kept(*holders).matrix, prof_of(holders->rec));
  }
  if (done_.stopped || (!a.runs.back().said.empty() && !a.runs.back().said.starts_with("skipped"))) return;
  if (std::optional<Answered> life = life_run(words, type, censuses_of(makers->matrix))) {
    if (kept(*life).verdict.biographical) a.biography = life->verdict.biography;
  }
}

// Run 4. GHC 9.0's -hb dies of SIGSEGV past about 30 censuses, all its data
// lost (written at exit), and a loaded machine gives a run more censuses
// than the one before: about 12 over run 2's length, and once more at a
// third of that where it died all the same.
std::optional<Explainer::Answered> Explainer::life_run(const std::vector<std::string>& words, const std::string& type,
                                                       size_t censuses) {
  std::string purpose = "how " + type + " lives";
  if (!bio_censuses_bounded(rts_)) return run(plan('b', words, every_, purpose), purpose);
  double every = std::max(every_, std::ceil(every_ * static_cast<double>(censuses) / 12 * 1000) / 1000);
  bool failed = done_.failed;
  std::optional<Answered> life = run(plan('b', words, every, purpose), purpose);
  if (life || done_.stopped || done_.answer.runs.back().said.find("SIGSEGV") == std::string::npos) return life;
  done_.failed = failed;
  return run(plan('b', words, 3 * every, purpose + ", censused less often"), purpose + ", censused less often");
}

// Run 1 by type; runs 2 to 4 for its suspect.
void Explainer::profiled_build() {
  std::optional<Answered> first = first_run('y', "which type leaks");
  if (!first && !job_.record->ghc) {
    done_.answer.note += job_.record->name + " is not a GHC binary, so it was taken for a profiled build: if it runs "
                         "one built without -prof, give that program to --explain itself. ";
  }
  if (first) done_.answer.suspect = suspect_of(first->verdict, first->matrix);
  if (done_.answer.suspect && !done_.stopped) explain_type(done_.answer.suspect->band);
  else if (first && !first->verdict.judged()) done_.answer.note += "run 1 was censused too few times to judge. ";
}

// No restriction, cost centre, retainer or biography without -prof: -hi
// names where each closure is made where -finfo-table-map recorded it
// (GHC 9.2 on); else, or where the leak's closures have no record (a
// library's), -hT names their closure type.
void Explainer::plain_build() {
  Explanation& a = done_.answer;
  std::optional<Answered> first;
  PlainBuild build = PlainBuild::types_only;
  if (job_.record->info_tables) first = first_run('i', "which closures leak");
  if (first && !first->matrix.info.info_tables.empty()) {
    const BandMatrix& m = first->matrix;
    build = m.info.run && m.info.run->ipe_records > 0 ? PlainBuild::library_closures : PlainBuild::types_only;
    std::optional<Suspect> s = suspect_of(first->verdict, m);
    auto table = s ? m.info.info_tables.find(s->band) : m.info.info_tables.end();
    if (table != m.info.info_tables.end()) {
      // An IPE record says where it is made; a symbol (--record's own) names its type, as -hT would.
      bool recorded = table->second.named_from != "symbols";
      a.suspect = s;
      if (recorded) a.made_by = made_at(m, s->band);
      a.note += plain_build_note(recorded ? PlainBuild::where_made : build);
      return;
    }
  }
  if (done_.stopped || done_.failed) {
    if (first) a.suspect = suspect_of(first->verdict, first->matrix);  // by address: all there is
    return;
  }
  first = first_run('T', "which closure type leaks");
  if (first) a.suspect = suspect_of(first->verdict, first->matrix);
  if (first && !a.suspect && !first->verdict.judged()) a.note += "run 1 was censused too few times to judge. ";
  if (a.suspect) a.note += plain_build_note(build);
}

Explained Explainer::explain() {
  StopsAreRequests requests;  // a stop between two runs ends the explanation, not hp2ps-ng
  if (job_.record->profiled) profiled_build();
  else plain_build();
  std::string& note = done_.answer.note;
  if (done_.stopped) note += "stopped before the runs were done: this is what the runs before found. ";
  note += next_step(done_.answer);
  while (!note.empty() && note.back() == ' ') note.pop_back();  // each part ends with one, for the next
  return std::move(done_);
}

}  // namespace hpng

namespace hpng {

namespace {

// --fail-on-leak: a leak found fails it, as run 1's verdict says.
void judge_explained(const Job& job, const Explained& e, Warnings& warnings) {
  if (e.charts.empty()) return;
  std::string over = exceeded_gates(job.gates, {judged(e.names[0], e.charts[0], &e.verdicts[0])}, warnings);
  if (!over.empty()) warnings.add({Code::over_limit, "", {}, 0, 0, "", over, !e.stopped});
}

}  // namespace

void explain_program(const Job& job, Launcher& launcher, Clock& clock, Warnings& warnings) {
  Explained e = Explainer(job, launcher, clock, warnings).explain();
  std::string text = explanation_text(e.answer, job.record->name);
  if (e.charts.empty()) {
    write_output(job.record->report.files.output, text);
    throw file_error(Code::program_failed, job.record->asked.argv[0], "no run of --explain left a profile to draw");
  }
  for (OutputPlan plan : job.outputs) {
    plan.chart.title.reset();  // each chart is titled by its run, the page by the program
    Finished f{.kind = Charts::compare, .charts = e.charts, .names = e.names, .verdicts = e.verdicts, .before = nullptr,
               .after = nullptr, .run_verdicts = {}, .title = *job.asked.title, .reload_seconds = 0,
               .answer = {text, explanation_markdown(text), explanation_json(e.answer)}, .gates = {}, .run = {}};
    write_finished(f, plan, job, warnings);
  }
  write_output(job.record->report.files.output, text);
  judge_explained(job, e, warnings);
  if (!e.failed) return;
  Diagnostic failed = file_error(Code::program_failed, job.record->asked.argv[0],
                                 "a run failed (" + e.answer.runs.back().said + "); what the runs before found is said").diagnostic();
  failed.error = true;
  warnings.add(failed);
}

// --record, one recording or an explanation's runs.
void run_record(const Job& job, Warnings& warnings) {
  if (job.record->asked.explain) return explain_program(job, system_launcher(), system_clock(), warnings);
  record_program(job, system_launcher(), system_clock(), warnings);
}

}  // namespace hpng
