// See file_plan.h.
#include "hpng/output/file_plan.h"

#include <limits.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <cctype>

#include "hpng/output/output_file.h"

namespace hpng {

namespace {

bool exists(const std::string& p) {
  struct stat st;
  return ::stat(p.c_str(), &st) == 0;
}

std::string last_component(const std::string& p) { return p.substr(p.rfind('/') == std::string::npos ? 0 : p.rfind('/') + 1); }

// The text after the last '.' of the last component, or empty (a leading
// dot, as in ".profile", starts no extension).
std::string extension(const std::string& path) {
  std::string name = last_component(path);
  size_t dot = name.rfind('.');
  return dot == std::string::npos || dot == 0 ? "" : name.substr(dot + 1);
}

std::string without_extension(const std::string& path) {
  std::string ext = extension(path);
  return ext.empty() ? path : path.substr(0, path.size() - ext.size() - 1);
}

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

// The output's base name in the current directory: a compressed input's
// is its uncompressed name's (prog.hp.gz gives prog.ps, Main.eventlog.zst
// Main.eventlog.ps, as prog.hp and Main.eventlog do).
std::string base_name(const FileOptions& f, InputFormat format) {
  std::string arg = *f.input;
  for (const char* suffix : {".gz", ".xz", ".zst"}) {
    if (arg.size() > std::strlen(suffix) && arg.ends_with(suffix)) arg.resize(arg.size() - std::strlen(suffix));
  }
  if (format == InputFormat::eventlog) return last_component(arg);
  std::string base = last_component(arg.ends_with(".hp") ? arg.substr(0, arg.size() - 3) : arg);
  return input_path(f) == *f.input && !arg.ends_with(".hp") ? without_extension(base) : base;
}

OutputFormat format_of(const FileOptions& f, bool eps, Warnings& warnings) {
  std::string ext = f.output.empty() || f.output == "-" ? "" : lower(extension(f.output));
  std::optional<OutputFormat> by_name = ext.empty() ? std::nullopt : known_format(ext);
  if (!ext.empty() && !by_name && !f.format) {
    throw usage_error(Code::unknown_extension, "-o " + shown_path(f.output) + ": hp2ps-ng writes .ps, .eps, .pdf, .svg, .png, .json, .csv, .txt, .html and .md files, not ." +
                      ext + " (give --format to write that name anyway)");
  }
  if (f.format && by_name && *by_name != *f.format && !(eps && *by_name == OutputFormat::ps)) {
    warnings.add({Code::format_mismatch, f.output, {}, 0, 0, "",
                  std::string("writing ") + format_name(*f.format) + " although the name says " + format_name(*by_name) +
                      " (--format decides)"});
  }
  OutputFormat chosen = f.format.value_or(by_name.value_or(OutputFormat::ps));
  return eps && chosen == OutputFormat::ps ? OutputFormat::eps : chosen;  // hp2ps -e: EPS, whatever name
}

std::string default_output(const FileOptions& f, const std::string& base, OutputFormat format, bool eps) {
  if (!f.input) return "-";
  if (format == OutputFormat::eps && eps) return base + ".ps";  // hp2ps -e still writes .ps
  return base + "." + format_extension(format);
}

void plan_aux(const FileOptions& f, const std::string& base, FilePlan& plan) {
  bool data = is_data_format(plan.format);
  if (f.no_aux) return;
  if (f.aux) {
    plan.read_aux = plan.write_aux = *f.aux;
    return;
  }
  if (!f.input) return;  // filter mode, as in hp2ps
  bool file = is_file_output(plan.output);
  std::string beside = file ? without_extension(plan.output) + ".aux" : "./" + base + ".aux";
  plan.read_aux = f.reuse_aux ? beside : "";
  if (file && !data) plan.write_aux = beside;
  plan.aux_optional = !f.output.empty();  // the user chose where the picture goes
}

// What an output names: standard output's file for "-" (`-o - >> x`), else
// the file the path leads to.
std::optional<FileId> output_id(const std::string& path) {
  struct stat st;
  if (path != "-") return file_id(path);
  if (::fstat(STDOUT_FILENO, &st) != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
  return FileId{st.st_dev, st.st_ino};
}

// Standard output, whatever names it: "-", /dev/stdout, /dev/fd/1.
std::optional<FileId> stdout_id() {
  struct stat st;
  if (::fstat(STDOUT_FILENO, &st) != 0) return std::nullopt;
  return FileId{st.st_dev, st.st_ino};
}

// A path not there yet, as its folder's real path and its name.
std::string where_new(const std::string& path) {
  size_t slash = path.rfind('/');
  std::string dir = slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
  char real[PATH_MAX];
  return (::realpath(dir.c_str(), real) ? std::string(real) : dir) + "/" + last_component(path);
}

// Two names of one file: one identity, or for files not there yet one
// folder and name (a dangling link's, the name it points to).
bool same_file(const std::string& a, const std::string& b) {
  if (a == "-" || b == "-") {  // a pipe or a terminal has an identity too
    std::optional<FileId> out = stdout_id();
    return a == b || (out && out == file_id(a == "-" ? b : a));
  }
  std::optional<FileId> x = output_id(a), y = output_id(b);
  if (x || y) return x == y;
  return where_new(landing(a)) == where_new(landing(b));
}

}  // namespace

std::string landing(std::string path) {
  for (int hop = 0; hop < 40; ++hop) {
    char to[PATH_MAX];
    ssize_t n = ::readlink(path.c_str(), to, sizeof to);
    if (n <= 0 || n == sizeof to) break;
    std::string target(to, static_cast<size_t>(n));
    size_t slash = path.rfind('/');
    path = target.starts_with('/') || slash == std::string::npos ? target : path.substr(0, slash + 1) + target;
  }
  return path;
}

std::string input_path(const FileOptions& f) {
  if (!f.input) return "-";
  const std::string& arg = *f.input;
  std::string path = arg.ends_with(".hp") ? arg.substr(0, arg.size() - 3) : arg;
  if (arg.ends_with(".hp") || exists(path + ".hp") || !exists(arg)) return path + ".hp";
  return arg;
}

FilePlan plan_files(const FileOptions& f, InputFormat input_format, bool eps, Warnings& warnings) {
  FilePlan plan;
  plan.input = input_path(f);
  plan.format = format_of(f, eps, warnings);
  plan.csv_raw = f.csv_raw;
  std::string base = f.input ? base_name(f, input_format) : "";
  plan.output = f.output.empty() ? default_output(f, base, plan.format, eps) : f.output;
  plan_aux(f, base, plan);
  if (plan.format == OutputFormat::csv && is_file_output(plan.output)) {
    plan.write_records = without_extension(plan.output) + ".ipe.csv";
  }
  return plan;
}

void check_distinct_files(const std::vector<FilePlan>& plans) {
  std::vector<std::string> files;
  for (const FilePlan& p : plans) {
    for (const std::string& f : {p.output, p.write_aux, p.write_records}) {
      if (f.empty()) continue;
      for (const std::string& other : files) {
        if (same_file(f, other)) {
          throw usage_error(Code::bad_option, shown_path(other) + " and " + shown_path(f) + " are one file: each output "
                                              "(its .aux and a CSV's records too) needs a file of its own");
        }
      }
      files.push_back(f);
    }
  }
}

void check_outputs(const FilePlan& plan, const std::vector<InputRef>& inputs) {
  for (const std::string& out : {plan.output, plan.write_aux, plan.write_records}) {
    std::optional<FileId> id = out.empty() ? std::nullopt : output_id(out);
    for (const InputRef& in : inputs) {
      if (id && id == in.id) {
        throw file_error(Code::output_is_input, out, "is the input " + shown_path(in.name) + " (the same file): refusing to overwrite it");
      }
    }
  }
  if (!plan.write_aux.empty() && same_file(plan.write_aux, plan.output)) {
    throw file_error(Code::output_is_input, plan.write_aux, "is the output " + shown_path(plan.output) + " (the same file): refusing to overwrite it "
                                                          "with the .aux (--aux names another file)");
  }
}

}  // namespace hpng
