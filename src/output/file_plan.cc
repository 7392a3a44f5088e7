// See file_plan.h.
#include "hpng/output/file_plan.h"

#include <sys/stat.h>

#include <algorithm>
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

// The output's base name in the current directory.
std::string base_name(const FileOptions& f, InputFormat format) {
  std::string arg = *f.input;
  if (format == InputFormat::eventlog) return last_component(arg);
  std::string base = last_component(arg.ends_with(".hp") ? arg.substr(0, arg.size() - 3) : arg);
  return input_path(f) == arg && !arg.ends_with(".hp") ? without_extension(base) : base;
}

OutputFormat format_of(const FileOptions& f, bool eps, Warnings& warnings) {
  std::string ext = f.output.empty() || f.output == "-" ? "" : lower(extension(f.output));
  std::optional<OutputFormat> by_name = ext.empty() ? std::nullopt : known_format(ext);
  if (!ext.empty() && !by_name && !f.format) {
    throw usage_error(Code::unknown_extension, "-o " + f.output + ": hp2ps-ng writes .ps, .eps, .pdf, .svg, .png, .json and .csv files, not ." +
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
  bool data = plan.format == OutputFormat::json || plan.format == OutputFormat::csv;
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

}  // namespace

std::string input_path(const FileOptions& f) {
  if (!f.input) return "-";
  const std::string& arg = *f.input;
  std::string path = arg.ends_with(".hp") ? arg.substr(0, arg.size() - 3) : arg;
  if (arg.ends_with(".hp") || exists(path + ".hp") || !exists(arg)) return path + ".hp";
  return arg;
}

FilePlan plan_files(const FileOptions& f, InputFormat input_format, bool eps, Warnings& warnings) {
  if (f.no_aux && (f.aux || f.reuse_aux)) throw usage_error(Code::conflicting_options, "--no-aux goes with neither --aux nor -p");
  FilePlan plan;
  plan.input = input_path(f);
  plan.format = format_of(f, eps, warnings);
  std::string base = f.input ? base_name(f, input_format) : "";
  plan.output = f.output.empty() ? default_output(f, base, plan.format, eps) : f.output;
  plan_aux(f, base, plan);
  for (const std::string& out : {plan.output, plan.write_aux}) {
    if (out != "-" && out == plan.input) throw usage_error(Code::output_is_input, "refusing to overwrite the input file " + out);
  }
  if (!plan.write_aux.empty() && plan.write_aux == plan.output) {
    throw usage_error(Code::output_is_input, "the .aux and the output are both " + plan.output);
  }
  return plan;
}

}  // namespace hpng
