// The pipeline, read top to bottom. File naming follows hp2ps: `prof` and
// `prof.hp` both read prof.hp and write ./prof.<ext> and ./prof.aux in the
// current directory; with no file, standard input goes to standard output
// and no .aux is read or written.
#include "hpng/run.h"

#include <sys/stat.h>

#include "hpng/atomic_file.h"
#include "hpng/aux_file.h"
#include "hpng/export.h"
#include "hpng/read.h"
#include "hpng/shade.h"

namespace hpng {

namespace {

bool exists(const std::string& p) {
  struct stat st;
  return ::stat(p.c_str(), &st) == 0;
}

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

struct Names {
  std::string input;  // path to open
  std::string base;   // output base name, in the current directory
};

// hp2ps: strip a final ".hp", open path + ".hp", write base.* here. An
// existing file given with another extension (an eventlog) is read as is.
Names resolve_names(const std::string& arg) {
  std::string path = ends_with(arg, ".hp") ? arg.substr(0, arg.size() - 3) : arg;
  std::string base = path.substr(path.rfind('/') == std::string::npos ? 0 : path.rfind('/') + 1);
  if (ends_with(arg, ".hp") || exists(path + ".hp") || !exists(arg)) return {path + ".hp", base};
  size_t dot = base.rfind('.');
  return {arg, dot == std::string::npos || dot == 0 ? base : base.substr(0, dot)};
}

OutputFormat choose_format(const Options& o) {
  bool eps = o.style.eps_width > 0;  // hp2ps -e: EPS, whatever PostScript name
  if (o.format) return eps && *o.format == OutputFormat::ps ? OutputFormat::eps : *o.format;
  if (!o.output.empty() && o.output != "-") {
    size_t dot = o.output.rfind('.');
    size_t slash = o.output.rfind('/');
    if (dot != std::string::npos && (slash == std::string::npos || dot > slash)) {
      try {
        return parse_format(o.output.substr(dot + 1));
      } catch (const UsageError&) {
      }
    }
  }
  return eps ? OutputFormat::eps : OutputFormat::ps;
}

}  // namespace

void run(const Options& o, Warnings& warnings) {
  bool file_mode = o.input.has_value();
  Names names = file_mode ? resolve_names(*o.input) : Names{"-", ""};

  // 1. The input, and with -p the previous run's .aux (file mode only, as
  // in hp2ps).
  Input in = load_input(names.input);
  std::optional<AuxFile> aux;
  if (o.reuse_aux && file_mode) aux = read_aux(load_input(names.base + ".aux"));

  // 2. Where to and how: the output decides how much of the profile the
  // matrix must hold.
  OutputFormat format = choose_format(o);
  std::string out_path = !o.output.empty() ? o.output
                         : file_mode       ? names.base + "." + (format == OutputFormat::eps && o.style.eps_width > 0
                                                                    ? "ps"  // hp2ps -e still writes .ps
                                                                    : format_extension(format))
                                           : "-";
  if (out_path != "-" && out_path == names.input) {
    throw UsageError("refusing to overwrite the input file " + out_path);
  }
  bool chart = format != OutputFormat::json && format != OutputFormat::csv;
  ChartStyle style = o.style;
  // Vector outputs: 144 columns an inch (a column every 0.5 pt) keeps every
  // visible peak (96 visibly lost some); PNG: one column a pixel.
  style.columns_per_inch = o.exact ? 0 : format == OutputFormat::png ? o.dpi : 144;

  // 3. Read the profile (as often as selection needs) and select the bands;
  // a simplified chart needs only the samples its columns can show (eight
  // buckets a column, so the columns' lowest and highest samples survive).
  SelectOptions select = o.select;
  select.aux = aux ? &*aux : nullptr;
  select.time_buckets = chart ? 8 * most_columns(style) : 0;
  BandMatrix matrix = select_bands(profile_reader(in, o.input_format, o.ccs_length), select, warnings);
  std::vector<double> shades = assign_shades(matrix, o.style.colour, select.aux);

  // 4. Render or export.
  std::string bytes;
  if (format == OutputFormat::json) {
    bytes = matrix_json(matrix);
  } else if (format == OutputFormat::csv) {
    bytes = matrix_csv(matrix);
  } else {
    ChartLayout layout = layout_chart(matrix, shades, style);
    bytes = render_chart(layout, style, {format, o.dpi, matrix.job, out_path == "-" ? "stdout" : out_path});
  }

  // 5. Write the output, then the .aux (file mode), each atomically.
  write_file_atomic(out_path, bytes);
  if (file_mode) write_file_atomic(names.base + ".aux", write_aux(matrix, shades));
}

}  // namespace hpng
