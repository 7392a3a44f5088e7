// hp2ps-ng's entry point: the only place that parses argv, prints
// diagnostics and decides the exit status (0 success, 1 bad input or a
// failed write, 2 usage error, 3 a gate passed, 4 --record's program
// failed). Messages start with the name the program was invoked by, so
// that installed as `hp2ps` it speaks as hp2ps does.
#include <CLI/CLI.hpp>
#include <sys/ioctl.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>

#include "app/cli.h"
#include "base/text.h"
#include "hpng/app/run.h"

namespace {

std::string program = "hp2ps-ng";

// Messages quote profiles and paths: shown safe for a terminal.
void print(const char* severity, const std::string& text) {
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
  } catch (const CLI::CallForVersion& v) {
    std::printf("%s\n", v.what());
    return -1;
  } catch (const hpng::Error& e) {
    print("error", e.what());
    return hpng::exit_status(e.code());
  }
  for (const hpng::Diagnostic& w : warnings) print("warning", hpng::describe(w));
  return 0;
}

// --watch on a terminal: one status line, rewritten in place; warnings
// clear it first. Off a terminal, only warnings and errors. Its warnings
// are printed as they come (it runs until stopped); a one-shot run's once
// it is over, after its error if it failed. --record shares the terminal
// with its program, whose half-written line the status must not overwrite:
// its line is the terminal's last, kept out of the scrolling region.
class Terminal {
 public:
  Terminal(bool watch, bool record) : watch_(watch), record_(record), tty_(::isatty(STDERR_FILENO)) {}
  ~Terminal() {
    if (shown_ && !record_) std::fputc('\n', stderr);
    if (rows_) std::fprintf(stderr, "\0337\033[r\033[%d;1H\033[2K\0338", rows_);
  }
  void listen(hpng::Warnings& warnings) {
    if (watch_) warnings.on_add = [this](const hpng::Diagnostic& d) { clear(), print("warning", hpng::describe(d)); };
  }
  hpng::StatusLine status() {
    return [this](const std::string& line) {
      if (!tty_) return;
      if (record_) return last_line(hpng::terminal_safe(line));
      clear();
      std::fprintf(stderr, "%s", hpng::terminal_safe(line).c_str());
      shown_ = true;
    };
  }
  void after(const hpng::Warnings& warnings) {
    if (watch_) return;
    for (const hpng::Diagnostic& w : warnings) print("warning", hpng::describe(w));
  }
  void clear() {
    if (shown_) std::fputs("\r\033[K", stderr);
    shown_ = false;
  }

 private:
  // One write: the line on the last row, the cursor put back where the
  // program left it. The region is set again when the terminal's size changes.
  void last_line(const std::string& line) {
    struct winsize ws = {};
    if (::ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) != 0 || ws.ws_row < 3 || ws.ws_col < 10) return;
    std::string out;
    if (ws.ws_row != rows_) {
      if (!rows_) out += "\n\033[A";  // a free row below the cursor before the region takes it
      out += "\0337\033[1;" + std::to_string(ws.ws_row - 1) + "r\0338";
      rows_ = ws.ws_row;
    }
    out += "\0337\033[" + std::to_string(rows_) + ";1H\033[2K" + line.substr(0, ws.ws_col - 1) + "\0338";
    std::fwrite(out.data(), 1, out.size(), stderr);
  }

  bool watch_, record_, tty_, shown_ = false;
  int rows_ = 0;  // the terminal's rows when the region was set; 0: not set
};

}  // namespace

int main(int argc, char** argv) {
  if (argc > 0 && *argv[0]) program = std::string(argv[0]).substr(std::string(argv[0]).rfind('/') + 1);
  // A file-size limit (ulimit -f) must make a write fail with an error we
  // report, not kill the process halfway through.
  std::signal(SIGXFSZ, SIG_IGN);
  hpng::Options opts;
  if (int status = parse(argc, argv, opts)) return status < 0 ? 0 : status;
  if (!opts.output.files.input && !opts.record && ::isatty(STDIN_FILENO)) {
    std::fprintf(stderr, "%s: reading a heap profile from standard input (see --help)\n", program.c_str());
  }
  hpng::Warnings warnings;
  Terminal terminal(opts.watch.has_value(), opts.record.has_value());
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
  return status;
}
