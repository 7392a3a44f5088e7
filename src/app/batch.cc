// Several profiles, each drawn as its own run would draw it (hp2ps-ng
// a.hp b.eventlog c.hp.gz): the same output names, the same bytes, its own
// .aux and gates. The libraries are loaded once, by this process; then two
// worker processes (a process a core: Pango may not be used from two
// threads) take the profiles in turn from a shared counter, each loading
// the fonts once for all its profiles (loaded here, before the fork, a
// thread Pango starts to load them could hold a lock the workers wait on
// for ever). What each run says (its warnings, and its error if it
// failed) comes back to this process, which hands it on in the profiles'
// order; one profile's error leaves the others drawn, and the exit status
// is the worst.
#include <signal.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <thread>

#include "app/modes.h"
#include "hpng/output/output_file.h"

namespace hpng {

namespace {

// One profile's run: what it said (its error last), its gates' results
// and its summary's row.
struct BatchRun {
  std::vector<Diagnostic> said;
  std::vector<GateResult> gates;
  SummaryRow row;
};

BatchRun one_run(const Job& batch, size_t k) {
  BatchRun run;
  Warnings said;
  run.row.input = shown_name(batch.inputs[k]);
  try {
    Job job = job_for_input(batch, k, said);
    DrawnProfile drawn = draw_one_profile(job, said);
    run.gates = std::move(drawn.gates);
    if (drawn.row) run.row = std::move(*drawn.row);
  } catch (const Error& e) {
    Diagnostic d = e.diagnostic();
    d.error = true;
    said.add(d);
    run.row.error = e.what();
  } catch (const std::bad_alloc&) {
    said.add({Code::too_large, run.row.input, {}, 0, 0, "", "out of memory", true});
    run.row.error = "out of memory";
  }
  run.said = {said.begin(), said.end()};
  return run;
}

// A run as bytes, and back: a worker's report to this process.
struct Writer {
  std::string out;
  void number(uint64_t v) { out.append(reinterpret_cast<const char*>(&v), 8); }
  void text(const std::string& s) {
    number(s.size());
    out.append(s);
  }
};

struct Reader {
  std::string_view b;
  bool ok = true;  // every field was there
  uint64_t number() {
    uint64_t v = 0;
    if (b.size() < 8) return ok = false, v;
    std::memcpy(&v, b.data(), 8);
    b.remove_prefix(8);
    return v;
  }
  std::string text() {
    uint64_t n = number();
    if (n > b.size()) return ok = false, std::string();
    std::string s(b.substr(0, n));
    b.remove_prefix(n);
    return s;
  }
};

std::string encoded(size_t k, const BatchRun& run) {
  Writer w;
  w.number(k), w.number(run.said.size());
  for (const Diagnostic& d : run.said) {
    for (uint64_t v : {static_cast<uint64_t>(d.code), uint64_t{d.byte.has_value()}, uint64_t{d.byte.value_or(0)},
                       uint64_t{d.line}, uint64_t{d.column}, uint64_t{d.error}}) {
      w.number(v);
    }
    w.text(d.file), w.text(d.text), w.text(d.message);
  }
  w.number(run.gates.size());
  for (const GateResult& g : run.gates) w.text(g.gate), w.text(g.run), w.number(static_cast<uint64_t>(g.outcome)), w.text(g.brief), w.text(g.words);
  const SummaryRow& r = run.row;
  for (const std::string* t : {&r.input, &r.error, &r.peak, &r.final, &r.growth, &r.verdict, &r.section}) w.text(*t);
  w.number(r.suspects.size());
  for (const std::string& n : r.suspects) w.text(n);
  return w.out;
}

BatchRun decoded(Reader& r) {
  BatchRun run;
  for (size_t i = 0, n = r.number(); i < n && r.ok; ++i) {
    uint64_t code = r.number(), has = r.number(), byte = r.number(), line = r.number(), column = r.number();
    bool error = r.number() != 0;
    Diagnostic d{static_cast<Code>(code), r.text(), has ? std::optional<size_t>(byte) : std::nullopt, line, column};
    d.text = r.text(), d.message = r.text(), d.error = error;
    run.said.push_back(std::move(d));
  }
  for (size_t i = 0, n = r.number(); i < n && r.ok; ++i) {
    GateResult g{r.text(), r.text(), GateOutcome::passed, "", ""};
    g.outcome = static_cast<GateOutcome>(r.number());
    g.brief = r.text(), g.words = r.text();
    run.gates.push_back(std::move(g));
  }
  SummaryRow& row = run.row;
  for (std::string* t : {&row.input, &row.error, &row.peak, &row.final, &row.growth, &row.verdict, &row.section}) *t = r.text();
  for (size_t i = 0, n = r.number(); i < n && r.ok; ++i) row.suspects.push_back(r.text());
  return run;
}

void decode(std::string_view bytes, std::vector<std::optional<BatchRun>>& runs) {
  for (Reader r{bytes}; r.b.size() >= 16;) {
    size_t k = r.number();
    BatchRun run = decoded(r);
    if (r.ok && k < runs.size()) runs[k] = std::move(run);
  }
}

// A worker: the next profile of the shared counter until none is left, its
// report to `out`. Only what a forked child may do: no threads are left.
[[noreturn]] void work(const Job& batch, std::atomic<size_t>& next, int out) {
  for (size_t k; (k = next.fetch_add(1)) < batch.inputs.size();) {
    std::string report = encoded(k, one_run(batch, k));
    for (size_t done = 0; done < report.size();) {
      ssize_t w = ::write(out, report.data() + done, report.size() - done);
      if (w <= 0) ::_exit(3);
      done += static_cast<size_t>(w);
    }
  }
  ::_exit(0);
}

std::string read_back(int fd) {
  std::string all;
  char buf[1 << 16];
  for (ssize_t n; (n = ::pread(fd, buf, sizeof buf, static_cast<off_t>(all.size()))) > 0;) all.append(buf, static_cast<size_t>(n));
  return all;
}

// The runs in `workers` processes; none for a run a worker did not live
// to report.
std::vector<std::optional<BatchRun>> in_workers(const Job& batch, size_t workers) {
  auto* next = static_cast<std::atomic<size_t>*>(
      ::mmap(nullptr, sizeof(std::atomic<size_t>), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0));
  std::vector<std::optional<BatchRun>> runs(batch.inputs.size());
  if (next == MAP_FAILED) return runs;  // each run in this process instead
  new (next) std::atomic<size_t>(0);
  std::vector<std::pair<pid_t, int>> running;
  pid_t parent = ::getpid();
  for (size_t w = 0; w < workers; ++w) {
    int out = ::memfd_create("hp2ps-ng-batch", MFD_CLOEXEC);
    pid_t pid = out < 0 ? -1 : ::fork();
    if (pid == 0) {
      // A worker ends with this process (a SIGTERM to it mid-batch left
      // both drawing, orphaned), its temporary files removed as its own.
      ::prctl(PR_SET_PDEATHSIG, SIGTERM);
      if (::getppid() != parent) ::_exit(3);
      work(batch, *next, out);
    }
    if (pid > 0) running.emplace_back(pid, out);
    else if (out >= 0) ::close(out);
  }
  for (auto [pid, out] : running) {
    ::waitpid(pid, nullptr, 0);
    decode(read_back(out), runs);
    ::close(out);
  }
  ::munmap(next, sizeof(std::atomic<size_t>));
  return runs;
}

// A profile's gates in one line: failed, an error (exit status 3); all
// passed, a note. The whole sentences are the single run's.
void say_gates(const std::string& name, const std::vector<GateResult>& gates, Warnings& warnings) {
  if (gates.empty()) return;
  std::string line;
  bool fails = false;
  for (const GateResult& g : gates) {
    line += (line.empty() ? "" : "; ") + g.gate + " " + outcome_word(g.outcome) + ": " + g.brief;
    fails = fails || gate_fails(g.outcome);
  }
  if (fails) warnings.add({Code::over_limit, name, {}, 0, 0, "", line, true});
  else warnings.add({Code::gate_within, "", {}, 0, 0, "", "gates: " + name + ": " + line});
}

}  // namespace

void run_batch(const Job& batch, Warnings& warnings) {
  size_t workers = std::min<size_t>({2, std::thread::hardware_concurrency(), batch.inputs.size()});
  std::vector<std::optional<BatchRun>> runs(batch.inputs.size());
  if (workers > 1) runs = in_workers(batch, workers);
  std::vector<SummaryRow> rows;
  std::vector<GateResult> gates;
  for (size_t k = 0; k < runs.size(); ++k) {
    if (!runs[k]) runs[k] = one_run(batch, k);  // one core, or a worker that died: here
    for (const Diagnostic& d : runs[k]->said) warnings.add(d);
    say_gates(runs[k]->row.input, runs[k]->gates, warnings);
    rows.push_back(std::move(runs[k]->row));
    gates.insert(gates.end(), runs[k]->gates.begin(), runs[k]->gates.end());
  }
  if (!batch.summary.empty()) write_output(batch.summary, batch_markdown(rows, gates));
}

}  // namespace hpng
