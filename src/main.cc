// hp2ps-ng's entry point: the only place that parses argv, prints
// diagnostics and decides the exit status (0 success, 1 bad input or a
// failed write, 2 usage error). Messages start with the name the program
// was invoked by, so that installed as `hp2ps` it speaks as hp2ps does.
#include <CLI/CLI.hpp>
#include <unistd.h>

#include <csignal>
#include <cstdio>

#include "cli.h"
#include "hpng/watch.h"

namespace {

std::string program = "hp2ps-ng";

void print(const char* severity, const std::string& text) {
  std::fprintf(stderr, "%s: %s: %s\n", program.c_str(), severity, text.c_str());
}

// 0 and the options, or the exit status of a command line that does not
// run (help, version, usage errors).
int parse(int argc, char** argv, hpng::Options& opts) {
  std::vector<std::string> notes;
  std::string help;
  try {
    opts = hpng::parse_command_line(argc, argv, notes, help);
  } catch (const CLI::CallForHelp&) {
    std::fputs(help.c_str(), stdout);
    return -1;
  } catch (const CLI::CallForVersion& v) {
    std::printf("%s\n", v.what());
    return -1;
  } catch (const CLI::Error& e) {
    print("error", std::string(e.what()) + " (see --help)");
    return 2;
  } catch (const hpng::Error& e) {
    print("error", e.what());
    return hpng::exit_status(e.kind());
  }
  for (const std::string& n : notes) print("warning", n);
  return 0;
}

// --watch on a terminal: one status line, rewritten in place; warnings
// clear it first. Off a terminal, only warnings and errors.
void run_watch(const hpng::Options& opts) {
  bool tty = ::isatty(STDERR_FILENO);
  bool shown = false;
  auto clear = [&] {
    if (shown) std::fputs("\r\033[K", stderr);
    shown = false;
  };
  hpng::WatchReport report{[&](const hpng::Diagnostic& d) { clear(), print("warning", hpng::describe(d)); },
                           [&](const std::string& line) {
                             if (!tty) return;
                             clear();
                             std::fprintf(stderr, "%s", line.c_str());
                             shown = true;
                           }};
  hpng::watch(opts, {*opts.watch, opts.watch_pid}, report);
  if (shown) std::fputc('\n', stderr);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 0 && *argv[0]) program = std::string(argv[0]).substr(std::string(argv[0]).rfind('/') + 1);
  // A file-size limit (ulimit -f) must make a write fail with an error we
  // report, not kill the process halfway through.
  std::signal(SIGXFSZ, SIG_IGN);
  hpng::Options opts;
  if (int status = parse(argc, argv, opts)) return status < 0 ? 0 : status;
  if (!opts.files.input && ::isatty(STDIN_FILENO)) {
    std::fprintf(stderr, "%s: reading a heap profile from standard input (see --help)\n", program.c_str());
  }
  hpng::Warnings warnings;
  int status = 0;
  try {
    if (opts.watch) run_watch(opts);
    else hpng::run(opts, warnings);
  } catch (const hpng::Error& e) {
    print("error", e.what());
    status = hpng::exit_status(e.kind());
  } catch (const std::bad_alloc&) {
    print("error", "out of memory");
    status = 1;
  }
  for (const hpng::Diagnostic& w : warnings) print("warning", hpng::describe(w));
  return status;
}
