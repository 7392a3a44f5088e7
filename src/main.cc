// hp2ps-ng's entry point: the only place that parses argv, prints
// diagnostics and decides the exit status (0 success, 1 bad input or a
// failed write, 2 usage error).
#include <CLI/CLI.hpp>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstring>

#include "cli.h"

namespace {

void print(const char* severity, const std::string& text) {
  std::fprintf(stderr, "hp2ps-ng: %s: %s\n", severity, text.c_str());
}

// A regular input is mapped and read more than once; if it shrinks
// meanwhile (the program being profiled rewrote it), reading the lost pages
// raises SIGBUS. Report that instead of dying: nothing has been written yet,
// as outputs are written whole once reading is over.
char bus_message[1024];
size_t bus_message_length = 0;

extern "C" void on_bus_error(int) {
  ssize_t ignored = ::write(STDERR_FILENO, bus_message, bus_message_length);
  (void)ignored;
  ::_exit(1);
}

void report_shrinking_input(const std::string& name) {
  std::snprintf(bus_message, sizeof bus_message,
                "hp2ps-ng: error: %s: the file was cut short while it was being read (is a program rewriting it?)\n",
                name.c_str());
  bus_message_length = std::strlen(bus_message);
  std::signal(SIGBUS, on_bus_error);
}

}  // namespace

int main(int argc, char** argv) {
  // A file-size limit (ulimit -f) must make a write fail with an error we
  // report, not kill the process halfway through.
  std::signal(SIGXFSZ, SIG_IGN);
  std::vector<std::string> notes;
  std::string help;
  hpng::Options opts;
  try {
    opts = hpng::parse_command_line(argc, argv, notes, help);
  } catch (const CLI::CallForHelp&) {
    std::fputs(help.c_str(), stdout);
    return 0;
  } catch (const CLI::CallForVersion& v) {
    std::printf("%s\n", v.what());
    return 0;
  } catch (const CLI::Error& e) {
    print("error", std::string(e.what()) + " (see --help)");
    return 2;
  } catch (const hpng::Error& e) {
    print("error", e.what());
    return hpng::exit_status(e.kind());
  }
  for (const std::string& n : notes) print("warning", n);
  if (!opts.input && ::isatty(STDIN_FILENO)) {
    std::fputs("hp2ps-ng: reading a heap profile from standard input (see --help)\n", stderr);
  }

  report_shrinking_input(opts.input.value_or("stdin"));
  hpng::Warnings warnings;
  int status = 0;
  try {
    hpng::run(opts, warnings);
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
