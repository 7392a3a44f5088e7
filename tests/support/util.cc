// Test helpers; see util.h.
#include "support/util.h"

#include "hpng/read/read.h"

#include <gtest/gtest.h>

#include <dirent.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <algorithm>
#include <cctype>
#include <cmath>

namespace hpng::test {

std::string shell_quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'') out += "'\\''"; else out += c;
  }
  return out + "'";
}

std::string identifier(const std::string& s) {
  std::string out = s;
  for (char& c : out) c = std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return out;
}

std::string exe() { return shell_quote(HPNG_EXE); }

std::string hang_guard() {
#ifdef HPNG_SANITIZED
  return "timeout 200 ";
#else
  return "timeout 20 ";
#endif
}

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

int in_child(const std::function<void()>& body) {
  pid_t pid = ::fork();
  if (pid == 0) {
    struct rlimit none = {0, 0};
    ::setrlimit(RLIMIT_CORE, &none);
    body();
    ::_exit(0);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  return status;
}

std::string hp_of(const std::map<std::string, std::vector<double>>& bands) {
  std::string hp = "JOB \"j\"\nDATE \"d\"\nSAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n";
  size_t n = bands.begin()->second.size();
  for (size_t k = 0; k <= n; ++k) {
    hp += "BEGIN_SAMPLE " + std::to_string(k) + ".0\n";
    for (const auto& [name, values] : bands) {
      if (k < n) hp += name + " " + std::to_string(static_cast<long long>(values[k])) + "\n";
    }
    hp += "END_SAMPLE " + std::to_string(k) + ".0\n";
  }
  return hp;
}

}  // namespace hpng::test

namespace hpng::test {

namespace {

class CollectingSink : public SampleSink {
 public:
  explicit CollectingSink(FullProfile& p) : p_(p) {}
  void band(uint32_t id, std::string_view name) override {
    EXPECT_EQ(id, p_.band_names.size()) << "bands are announced in order";
    p_.band_names.emplace_back(name);
    p_.values.emplace_back(p_.times.size(), std::nan(""));
  }
  void sample(const Sample& s) override {
    EXPECT_TRUE(p_.times.empty() || s.time >= p_.times.back()) << "times go back at " << s.time;
    p_.times.push_back(s.time);
    for (std::vector<double>& v : p_.values) v.push_back(std::nan(""));
    for (const DataPoint& p : s.points) {
      double& cell = p_.values.at(p.band).back();
      if (std::isnan(cell)) {
        cell = p.value;
      } else {
        cell += p.value;
        ++p_.extra_points;
      }
    }
  }

 private:
  FullProfile& p_;
};

}  // namespace

FullProfile read_full(const SampleSource& read) {
  FullProfile f;
  CollectingSink sink(f);
  f.info = read(sink, f.warnings);
  return f;
}

void Transcript::band(uint32_t id, std::string_view name) {
  text += "band " + std::to_string(id) + " " + std::string(name) + "\n";
}

void Transcript::sample(const Sample& s) {
  text += "sample " + std::to_string(s.time);
  for (const DataPoint& p : s.points) text += " " + std::to_string(p.band) + ":" + std::to_string(p.value);
  text += "\n";
}

BandMatrix select_in_memory(const std::string& name, const std::string& bytes, const SelectOptions& opts,
                            size_t time_buckets, size_t held_cells) {
  Input in{name, bytes};
  Warnings warnings;
  return profile_matrix(profile_source(in, InputFormat::automatic), opts, time_buckets, warnings, held_cells);
}

}  // namespace hpng::test
