// hp2ps-ng's entry point: the only place that parses argv, prints
// diagnostics and decides the exit status (0 success, 1 bad input or a
// failed write, 2 usage error, 3 a limit exceeded, 4 --record's program
// failed or cannot be recorded). Messages start with the name the program
// was invoked by, so that installed as `hp2ps` it speaks as hp2ps does.
#include <CLI/CLI.hpp>
#include <unistd.h>

#include <algorithm>
#include <cstdio>

#include "app/cli/cli.h"
#include "base/text.h"
#include "process/signals.h"
#include "hpng/app/run.h"

namespace {

std::string program = "hp2ps-ng";

const char* severity(const hpng::Diagnostic& d) {
  return d.error ? "error" : hpng::kind_of(d.code) == hpng::ErrorKind::note ? nullptr : "warning";
}

// How bad an exit status is: usage, then a profile that could not be read
// or written (never hidden behind a gate), then a failed program, then a
// limit exceeded.
int badness(int status) {
  constexpr int kOrder[] = {0, 3, 4, 1, 2};  // from least bad
  for (int k = 0; k < 5; ++k) {
    if (kOrder[k] == status) return k;
  }
  return 5;
}

// The worst exit status of the errors among a run's diagnostics (several
// profiles' runs: each says its own).
int worst(const hpng::Warnings& warnings, int status) {
  for (const hpng::Diagnostic& d : warnings) {
    int s = hpng::exit_status(d.code);
    if (d.error && badness(s) > badness(status)) status = s;
  }
  return status;
}

// Messages quote profiles and paths: shown safe for a terminal. A note
// has no severity.
void print(const char* severity, const std::string& text) {
  if (!severity) return (void)std::fprintf(stderr, "%s: %s\n", program.c_str(), hpng::terminal_safe(text).c_str());
  std::fprintf(stderr, "%s: %s: %s\n", program.c_str(), severity, hpng::terminal_safe(text).c_str());
}

// 0 and the options, or the exit status of a command line that does not
// run (help, version, usage errors).
int parse(int argc, char** argv, hpng::Options& opts) {
  hpng::Warnings warnings;  // said before the run starts, as hp2ps-ng reads the line
  std::string help;
  try {
    opts = hpng::parse_command_line(argc, argv, warnings, help);
  } catch (const CLI::CallForHelp&) {
    std::fputs(help.c_str(), stdout);
    return -1;
  } catch (const hpng::Error& e) {
    print("error", e.what());
    return hpng::exit_status(e.code());
  }
  for (const hpng::Diagnostic& w : warnings) print(severity(w), hpng::describe(w));
  return 0;
}

// --watch on a terminal: one status line, rewritten in place; warnings
// clear it first. Off a terminal, only warnings and errors. Its warnings
// are printed as they come (it runs until stopped); a one-shot run's once
// it is over, after its error if it failed. (--record's live line is its
// own: process/status_bar.h.)
class Terminal {
 public:
  explicit Terminal(bool watch) : watch_(watch), tty_(::isatty(STDERR_FILENO)) {}
  ~Terminal() {
    if (shown_) std::fputc('\n', stderr);
  }
  void listen(hpng::Warnings& warnings) {
    if (watch_) warnings.on_add = [this](const hpng::Diagnostic& d) { clear(), print("warning", hpng::describe(d)); };
  }
  hpng::StatusLine status() {
    return [this](const std::string& line) {
      if (!tty_) return;
      clear();
      std::fprintf(stderr, "%s", hpng::terminal_safe(line).c_str());
      shown_ = true;
    };
  }
  // Several profiles' runs say their own errors here, each an error.
  void after(const hpng::Warnings& warnings) {
    if (watch_) return;
    for (const hpng::Diagnostic& w : warnings) print(severity(w), hpng::describe(w));
  }
  void clear() {
    if (shown_) std::fputs("\r\033[K", stderr);
    shown_ = false;
  }

 private:
  bool watch_, tty_, shown_ = false;
};

}  // namespace

int main(int argc, char** argv) {
  if (argc > 0 && *argv[0]) program = std::string(argv[0]).substr(std::string(argv[0]).rfind('/') + 1);
  hpng::Options opts;
  if (int status = parse(argc, argv, opts)) return status < 0 ? 0 : status;
  hpng::own_signals();  // before any input is copied or output written
  if (opts.files.empty() && !opts.record && ::isatty(STDIN_FILENO)) {
    std::fprintf(stderr, "%s: reading a heap profile from standard input (end it with ^D; -h for help)\n", program.c_str());
  }
  hpng::Warnings warnings;
  Terminal terminal(opts.watch.has_value());
  terminal.listen(warnings);
  int status = 0;
  try {
    hpng::run(hpng::resolve_job(opts, warnings), warnings, terminal.status());
  } catch (const hpng::Error& e) {
    terminal.clear();
    print("error", e.what());
    status = hpng::exit_status(e.code());
  } catch (const std::bad_alloc&) {
    print("error", "out of memory");
    status = 1;
  }
  terminal.after(warnings);
  return worst(warnings, status);
}
