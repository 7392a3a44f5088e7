// Test helpers; see util.h.
#include "util.h"

#include "hpng/read.h"

#include <dirent.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <algorithm>
#include <cmath>

namespace hpng::test {

std::string shell_quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'') out += "'\\''"; else out += c;
  }
  return out + "'";
}

std::string exe() { return shell_quote(HPNG_EXE); }

namespace {

// Every scratch directory of this process, removed when it exits (set
// HPNG_KEEP_SCRATCH=1 to keep them for a look).
struct ScratchDirs {
  std::vector<std::string> dirs;
  ~ScratchDirs() {
    if (std::getenv("HPNG_KEEP_SCRATCH")) return;
    for (const std::string& d : dirs) {
      std::string cmd = "rm -rf " + shell_quote(d) + " " + shell_quote(d + ".stdout") + " " + shell_quote(d + ".stderr");
      if (std::system(cmd.c_str()) != 0) std::fprintf(stderr, "could not remove %s\n", d.c_str());
    }
  }
};

ScratchDirs& scratch_dirs() {
  static ScratchDirs dirs;
  return dirs;
}

}  // namespace

std::string scratch_dir() {
  const char* base = std::getenv("TMPDIR");
  std::string tmpl = std::string(base && *base ? base : "/tmp") + "/hpng-test-XXXXXX";
  std::vector<char> buf(tmpl.begin(), tmpl.end());
  buf.push_back('\0');
  if (!mkdtemp(buf.data())) throw std::runtime_error("mkdtemp failed");
  scratch_dirs().dirs.push_back(buf.data());
  return buf.data();
}

std::string read_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

void write_file(const std::string& path, const std::string& data) {
  std::ofstream f(path, std::ios::binary);
  f << data;
}

bool file_exists(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0;
}

std::vector<std::string> list_dir(const std::string& dir) {
  std::vector<std::string> names;
  if (DIR* d = opendir(dir.c_str())) {
    while (dirent* e = readdir(d)) {
      std::string n = e->d_name;
      if (n != "." && n != "..") names.push_back(n);
    }
    closedir(d);
  }
  std::sort(names.begin(), names.end());
  return names;
}

CommandResult run_in(const std::string& dir, const std::string& command) {
  std::string out_path = dir + ".stdout", err_path = dir + ".stderr";  // beside dir, not in it
  std::string full = "cd " + shell_quote(dir) + " && (" + command + ") >" + shell_quote(out_path) + " 2>" +
                     shell_quote(err_path);
  int raw = std::system(full.c_str());
  CommandResult r{0, read_file(out_path), read_file(err_path)};
  ::unlink(out_path.c_str());
  ::unlink(err_path.c_str());
  if (WIFEXITED(raw)) r.status = WEXITSTATUS(raw); else r.status = 128 + WTERMSIG(raw);
  return r;
}

bool have_tool(const std::string& name) {
  return std::system(("command -v " + name + " >/dev/null 2>&1").c_str()) == 0;
}

}  // namespace hpng::test

namespace hpng::test {

namespace {

class CollectingSink : public SampleSink {
 public:
  void point(uint32_t key, double value) override { open.push_back({key, value}); }
  void end_sample() override {
    samples.push_back(std::move(open));
    open.clear();
  }
  std::vector<std::vector<std::pair<uint32_t, double>>> samples;
  std::vector<std::pair<uint32_t, double>> open;
};

}  // namespace

FullProfile read_full(const ReadPass& read) {
  CollectingSink sink;
  FullProfile f{read(sink), {}, 0};
  const Profile& p = f;
  f.values.assign(p.band_names.size(), std::vector<double>(p.times.size(), std::nan("")));
  for (size_t k = 0; k < sink.samples.size() && k < p.slot_of_sample.size(); ++k) {
    uint32_t slot = p.slot_of_sample[k];
    if (slot == kNoBand) continue;
    for (const auto& [key, value] : sink.samples[k]) {
      uint32_t b = key < p.band_of_key.size() ? p.band_of_key[key] : kNoBand;
      if (b == kNoBand) continue;
      double& cell = f.values[b][slot];
      if (std::isnan(cell)) {
        cell = value;
      } else {
        cell += value;
        ++f.extra_points;
      }
    }
  }
  return f;
}

BandMatrix select_in_memory(const std::string& name, const std::string& bytes, const SelectOptions& opts) {
  Input in{name, bytes};
  Warnings warnings;
  return select_bands(profile_reader(in, InputFormat::automatic, 0), opts, warnings);
}

}  // namespace hpng::test
