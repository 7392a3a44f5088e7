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
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <thread>

#include "app/modes.h"

namespace hpng {

namespace {

// One profile's run: what it said, its error last.
std::vector<Diagnostic> one_run(const Job& batch, size_t k) {
  Warnings said;
  try {
    run_one_profile(job_for_input(batch, k, said), said);
  } catch (const Error& e) {
    Diagnostic d = e.diagnostic();
    d.error = true;
    said.add(d);
  } catch (const std::bad_alloc&) {
    said.add({Code::too_large, shown_name(batch.inputs[k]), {}, 0, 0, "", "out of memory", true});
  }
  return {said.begin(), said.end()};
}

// A run's diagnostics as bytes, and back: a worker's report to this process.
void put_text(std::string& out, const std::string& s) {
  uint32_t n = static_cast<uint32_t>(s.size());
  out.append(reinterpret_cast<const char*>(&n), 4).append(s);
}

std::string encoded(size_t k, const std::vector<Diagnostic>& said) {
  std::string out;
  uint64_t head[2] = {k, said.size()};
  out.append(reinterpret_cast<const char*>(head), sizeof head);
  for (const Diagnostic& d : said) {
    uint64_t fields[6] = {static_cast<uint64_t>(d.code), d.byte.has_value(), d.byte.value_or(0), d.line, d.column, d.error};
    out.append(reinterpret_cast<const char*>(fields), sizeof fields);
    put_text(out, d.file), put_text(out, d.text), put_text(out, d.message);
  }
  return out;
}

struct Reader {
  std::string_view b;
  uint64_t number() {
    uint64_t v;
    std::memcpy(&v, b.data(), 8);
    b.remove_prefix(8);
    return v;
  }
  std::string text() {
    uint32_t n;
    std::memcpy(&n, b.data(), 4);
    std::string s(b.substr(4, n));
    b.remove_prefix(4 + n);
    return s;
  }
};

void decode(std::string_view bytes, std::vector<std::optional<std::vector<Diagnostic>>>& runs) {
  for (Reader r{bytes}; r.b.size() >= 16;) {
    size_t k = r.number(), n = r.number();
    std::vector<Diagnostic> said;
    for (size_t i = 0; i < n; ++i) {
      uint64_t code = r.number(), has = r.number(), byte = r.number(), line = r.number(), column = r.number();
      bool error = r.number() != 0;
      Diagnostic d{static_cast<Code>(code), r.text(), has ? std::optional<size_t>(byte) : std::nullopt, line, column};
      d.text = r.text(), d.message = r.text(), d.error = error;
      said.push_back(std::move(d));
    }
    if (k < runs.size()) runs[k] = std::move(said);
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

// The runs in `workers` processes; each run's diagnostics, none for a run
// a worker did not live to report.
std::vector<std::optional<std::vector<Diagnostic>>> in_workers(const Job& batch, size_t workers) {
  auto* next = static_cast<std::atomic<size_t>*>(
      ::mmap(nullptr, sizeof(std::atomic<size_t>), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0));
  std::vector<std::optional<std::vector<Diagnostic>>> runs(batch.inputs.size());
  if (next == MAP_FAILED) return runs;  // each run in this process instead
  new (next) std::atomic<size_t>(0);
  std::vector<std::pair<pid_t, int>> running;
  for (size_t w = 0; w < workers; ++w) {
    int out = ::memfd_create("hp2ps-ng-batch", MFD_CLOEXEC);
    pid_t pid = out < 0 ? -1 : ::fork();
    if (pid == 0) work(batch, *next, out);
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

}  // namespace

void run_batch(const Job& batch, Warnings& warnings) {
  size_t workers = std::min<size_t>({2, std::thread::hardware_concurrency(), batch.inputs.size()});
  std::vector<std::optional<std::vector<Diagnostic>>> runs(batch.inputs.size());
  if (workers > 1) runs = in_workers(batch, workers);
  for (size_t k = 0; k < runs.size(); ++k) {
    if (!runs[k]) runs[k] = one_run(batch, k);  // one core, or a worker that died: here
    for (const Diagnostic& d : *runs[k]) warnings.add(d);
  }
}

}  // namespace hpng
