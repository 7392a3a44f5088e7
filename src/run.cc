// The pipeline, read top to bottom. File naming follows hp2ps: `prof` and
// `prof.hp` both read prof.hp and write ./prof.<ext> and ./prof.aux in the
// current directory; with no file, standard input goes to standard output
// and no .aux is read or written.
#include "hpng/run.h"

#include <sys/stat.h>

#include "hpng/atomic_file.h"
#include "hpng/aux_file.h"
#include "hpng/band_matrix.h"
#include "hpng/export.h"
#include "hpng/percent.h"
#include "hpng/read.h"
#include "hpng/shade.h"

namespace hpng {

namespace {

bool exists(const std::string& p) {
  struct stat st;
  return ::stat(p.c_str(), &st) == 0;
}

struct Names {
  std::string input;  // path to open
  std::string base;   // output base name, in the current directory
};

// hp2ps: strip a final ".hp", open path + ".hp", write base.* here. An
// existing file given with another extension (an eventlog) is read as is.
Names resolve_names(const std::string& arg) {
  std::string path = arg.ends_with(".hp") ? arg.substr(0, arg.size() - 3) : arg;
  std::string base = path.substr(path.rfind('/') == std::string::npos ? 0 : path.rfind('/') + 1);
  if (arg.ends_with(".hp") || exists(path + ".hp") || !exists(arg)) return {path + ".hp", base};
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
      } catch (const Error&) {
      }
    }
  }
  return eps ? OutputFormat::eps : OutputFormat::ps;
}

// The reader, then the transformations asked for: the window first, so
// that a filter sees only the window's bands.
SampleSource sample_source(const Input& in, const Options& o) {
  SampleSource source = profile_source(in, o.input_format, o.ccs_length);
  if (o.window.from || o.window.to) source = in_window(std::move(source), o.window);
  if (!o.filter.empty()) source = filter_bands(std::move(source), o.filter);
  return source;
}

std::string render_or_export(const BandMatrix& m, const std::vector<double>& shades, OutputFormat format,
                             ChartStyle style, const Options& o, const std::string& out_path) {
  if (format == OutputFormat::json) return matrix_json(m);
  if (format == OutputFormat::csv) return matrix_csv(m);
  ChartLayout layout = layout_chart(m, shades, style);
  return render_chart(layout, style, {format, o.dpi, m.header.job, out_path == "-" ? "stdout" : out_path});
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
  if (out_path != "-" && out_path == names.input) throw usage_error("refusing to overwrite the input file " + out_path);
  bool chart = format != OutputFormat::json && format != OutputFormat::csv;
  ChartStyle style = o.style;
  // Vector outputs: 144 columns an inch (a column every 0.5 pt) keeps every
  // visible peak (96 visibly lost some); PNG: one column a pixel.
  style.columns_per_inch = o.exact ? 0 : format == OutputFormat::png ? o.dpi : 144;

  // 3. Read, transform, select: a simplified chart needs only the samples
  // its columns can show (eight buckets a column, so the columns' lowest
  // and highest samples survive).
  size_t buckets = chart ? 8 * most_columns(style) : 0;
  SelectOptions select = o.select;
  select.aux = aux ? &*aux : nullptr;
  BandMatrix matrix = profile_matrix(sample_source(in, o), select, buckets, warnings);
  std::vector<double> shades = assign_shades(matrix, o.style.colour, aux ? &*aux : nullptr);
  std::string aux_text = write_aux(matrix, shades);  // the byte figures, also with --percent
  if (o.percent) to_percent(matrix);

  // 4. Render or export, then write the output and the .aux (file mode),
  // each atomically.
  write_file_atomic(out_path, render_or_export(matrix, shades, format, style, o, out_path));
  if (file_mode) write_file_atomic(names.base + ".aux", aux_text);
}

}  // namespace hpng
