// Helpers for tests: running the hp2ps-ng executable, scratch directories,
// reading files.
#pragma once
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "hpng/matrix/band_matrix.h"
#include "hpng/base/diag.h"
#include "hpng/stream/samples.h"

namespace hpng::test {

struct CommandResult {
  int status;          // exit status, or 128 + signal
  std::string out, err;
};

// Runs `command` with /bin/sh in `dir`; stdin from `stdin_file` if given.
CommandResult run_in(const std::string& dir, const std::string& command);

// The hp2ps-ng executable, quoted for the shell.
std::string exe();

// "timeout N " for commands that must not hang: N is generous (20 s) and
// ten times that in sanitizer builds, which run about ten times slower. It
// catches hangs; no test measures time.
std::string hang_guard();

// A fresh empty directory under the system temporary directory.
std::string scratch_dir();

std::string read_file(const std::string& path);
void write_file(const std::string& path, const std::string& data);
bool file_exists(const std::string& path);
std::vector<std::string> list_dir(const std::string& dir);
std::string shell_quote(const std::string& s);
// A test-name fragment: every character but [A-Za-z0-9] becomes '_'.
std::string identifier(const std::string& s);
bool have_tool(const std::string& name);

// The message of the Error that read() throws, or "(no error)".
template <class Read>
std::string error_message(Read read) {
  try {
    read();
  } catch (const Error& e) {
    return e.what();
  }
  return "(no error)";
}

// The code of the Error that run() throws, or none.
template <class Run>
std::optional<Code> error_code(Run run) {
  try {
    run();
  } catch (const Error& e) {
    return e.diagnostic().code;
  }
  return std::nullopt;
}

// Every sample of a profile, for tests of the readers and transformations:
// values[band][k] is the sum of the band's points in sample k (NaN: no
// point), and extra_points counts the points beyond a band's first in a
// sample.
struct FullProfile {
  ProfileInfo info;
  std::vector<std::string> band_names;
  std::vector<double> times;
  std::vector<std::vector<double>> values;
  size_t extra_points = 0;
  Warnings warnings;
};
FullProfile read_full(const SampleSource& read);

// Everything a stream says, as text, for comparing two ways of reading.
class Transcript : public SampleSink {
 public:
  void band(uint32_t id, std::string_view name) override;
  void sample(const Sample& s) override;
  std::string text;
};

// profile_matrix over the input named `name` holding `bytes` (format
// sniffed); the reader's warnings are dropped.
BandMatrix select_in_memory(const std::string& name, const std::string& bytes, const SelectOptions& opts = {},
                            size_t time_buckets = 0, size_t held_cells = 0);

// A .hp whose bands take the values given (bytes), one sample a second from
// 0 s, then the closing empty sample.
std::string hp_of(const std::map<std::string, std::vector<double>>& bands);

// Runs `body` in a child process, which then exits 0; its wait status. The
// child dumps no core (SIGQUIT, SIGXCPU and SIGXFSZ would by default).
int in_child(const std::function<void()>& body);

}  // namespace hpng::test
