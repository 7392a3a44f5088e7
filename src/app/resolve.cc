// See job.h: the one place where options become the job.
#include "hpng/app/job.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <map>
#include <tuple>
#include <cerrno>
#include <cstring>
#include <cmath>
#include <cstdio>

#include "app/cli/options.h"
#include "hpng/read/elf_symbols.h"
#include "hpng/read/rts_abilities.h"
#include "process/private_folder.h"
#include "process/program.h"
#include "hpng/layout/columns.h"
#include "hpng/output/output_file.h"

namespace hpng {

namespace {

constexpr double kLeastWidth = 216, kLeastHeight = 144, kMostSide = 14400;  // points: 3 in, 2 in, 200 in
constexpr double kAspect = 432.0 / 648;  // hp2ps's frame, when only one side is given

// Sized in pixels, in one piece (no pages): the HTML page's chart is its SVG.
bool is_picture(OutputFormat f) { return f == OutputFormat::png || f == OutputFormat::svg || f == OutputFormat::html; }

// A pixel is a device pixel in PNG, a CSS pixel (3/4 of a point) in SVG and PDF.
double to_points(const Length& l, OutputFormat f, double dpi) {
  if (l.points) return l.value;
  return f == OutputFormat::png ? l.value * 72 / dpi : l.value * 0.75;
}

double checked_side(const char* option, const Length& l, double points, double least) {
  if (points >= least && points <= kMostSide) return points;
  char buf[200];
  std::snprintf(buf, sizeof buf, "%s %g%s is %.4g pt; the picture must be from %g to %g pt", option, l.value,
                l.points ? "pt" : "px", points, least, kMostSide);
  throw usage_error(Code::bad_size, buf);
}

void set_size(ChartStyle& style, const OutputRequest& o, OutputFormat f) {
  if (!o.width && !o.height) return;
  if (!is_picture(f) && f != OutputFormat::pdf) {
    throw usage_error(Code::conflicting_options, "--width and --height size PNG, SVG and PDF pictures; PostScript keeps hp2ps's page (-e scales EPS)");
  }
  std::optional<double> w, h;
  if (o.width) w = checked_side("--width", *o.width, to_points(*o.width, f, o.dpi), kLeastWidth);
  if (o.height) h = checked_side("--height", *o.height, to_points(*o.height, f, o.dpi), kLeastHeight);
  style.width = w ? *w : *h / kAspect;
  style.height = h ? *h : *w * kAspect;
}

// A PNG's frame beyond what render draws (100 megapixels, render.cc) is
// refused before anything is read.
void check_pixels(const ChartStyle& s, double dpi) {
  double w = std::ceil(s.width * dpi / 72), h = std::ceil(s.height.value_or(432) * dpi / 72);
  if (w * h <= 100e6) return;
  char buf[200];
  std::snprintf(buf, sizeof buf, "a PNG of %.0f x %.0f pixels (%.0f megapixels) is more than hp2ps-ng draws (100): "
                "lower --dpi or the size", w, h, w * h / 1e6);
  throw usage_error(Code::bad_size, buf);
}

// How the chart is drawn for this output: the options, settled against the
// output and input formats (resolution, vertex budget, where the key goes,
// the frame's size in points).
ChartStyle chart_style(const OutputRequest& o, size_t band_limit, const Palette& palette, OutputFormat out,
                       InputFormat in, Warnings& warnings) {
  ChartStyle s = o.style;
  // hp2ps: more than 20 bands put the key on pages of its own (-M); -m0
  // (and -l) draws no key, unless -M asks for one.
  if (band_limit > 20) s.key_pages = true;
  s.no_key = band_limit == 0 && !s.key_pages;
  s.colour = palette.colour;
  s.title = o.title;
  set_size(s, o, out);
  if (out == OutputFormat::png) check_pixels(s, o.dpi);
  // A picture has no pages: -M and -m above 20 put the key below the graph.
  s.key_below = s.key_pages && is_picture(out);
  s.as_hp2ps = in == InputFormat::hp && (out == OutputFormat::ps || out == OutputFormat::eps);
  // The HTML page's key is its own (a legend to select bands by, and the
  // table): the chart takes the key's room.
  if (out == OutputFormat::html) s.no_key = true;
  // An eventlog's names are whole stacks, not cut at 25 bytes as in a .hp:
  // its key may take at most two fifths of the width.
  if (in == InputFormat::eventlog) s.max_key_width = std::min(s.max_key_width, 0.4 * s.width);
  // How finely to draw: 144 columns an inch for vector outputs (a column
  // every 0.5 pt keeps every visible peak; 96 visibly lost some), one a
  // pixel for PNG. --exact draws every sample, but in a PNG at most eight
  // columns a pixel: a rasteriser's work grows with the edges each row of
  // pixels crosses, and 200,000 samples took 408 s (2 million: hours).
  double png_columns = o.exact ? 8 * o.dpi : o.dpi;
  s.columns_per_inch = out == OutputFormat::png ? png_columns : o.exact ? 0 : 144;
  // PostScript writes each vertex twice (to fill, then to stroke), in about
  // 35 bytes in all: 22,000 vertices keep it well under 1 MB with the text.
  s.max_vertices = out == OutputFormat::png || o.exact ? 0 : 22000;
  if (o.transparent && !is_picture(out)) {
    warnings.add({Code::option_ignored, "", {}, 0, 0, "",
                  "--transparent applies to SVG and PNG; " + std::string(format_name(out)) + " is drawn as it is"});
  }
  return s;
}

// `-o DIR/` (a trailing '/'), or -o naming a folder that is there: a
// folder, whatever the number of inputs.
bool names_folder(const std::string& out) {
  struct stat st;
  return out.ends_with('/') || (::stat(out.c_str(), &st) == 0 && S_ISDIR(st.st_mode));
}

// The folder -o names, made when it is missing (its parent must be there).
// Throws Error (cannot_write).
std::string made_folder(std::string dir) {
  while (dir.size() > 1 && dir.ends_with('/')) dir.pop_back();
  if (::mkdir(dir.c_str(), 0777) != 0 && errno != EEXIST) {
    throw file_error(Code::cannot_write, dir, std::string("cannot make the output folder: ") + std::strerror(errno));
  }
  struct stat st;
  if (::stat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) {
    throw file_error(Code::cannot_write, dir, "-o " + dir + "/ names a folder, and " + dir + " is a file");
  }
  return dir;
}

Mode mode_of(const Options& o) {
  if (o.record) return Mode::record;
  if (o.watch) return Mode::watch;
  if (o.compare) return Mode::compare;
  if (o.diff) return Mode::diff;
  bool into_folder = o.files.size() == 1 && o.files[0] != "-" && std::any_of(o.outputs.begin(), o.outputs.end(), names_folder);
  return o.files.size() > 1 || into_folder ? Mode::batch : Mode::one_profile;
}

InputFormat input_format(const Options& o) {
  return o.input_format == "hp" ? InputFormat::hp : o.input_format == "eventlog" ? InputFormat::eventlog : InputFormat::automatic;
}

// The output as asked: where it goes and how the chart is drawn there.
OutputRequest output_request(const Options& o) {
  OutputRequest r;
  if (!o.files.empty() && o.files[0] != "-") r.files.input = o.files[0];
  r.files.output = o.outputs.empty() ? "" : o.outputs[0];
  if (o.outputs.size() > 1) r.more_outputs.assign(o.outputs.begin() + 1, o.outputs.end());
  r.files.format = o.format;
  r.files.reuse_aux = o.reuse_aux, r.files.aux = o.aux, r.files.no_aux = o.no_aux, r.files.csv_raw = o.csv_raw;
  ChartStyle& s = r.style;
  r.colour = o.colour;
  s.big_title = o.big_title, s.small_title = o.small_title, s.key_pages = o.key_pages;
  s.marks = !o.no_marks, s.portrait = o.portrait, s.eps_width = o.eps_width, s.heap_lines = o.heap_lines;
  r.dpi = o.dpi, r.exact = o.exact, r.palette = o.palette, r.stable_colours = o.stable_colours;
  r.transparent = o.transparent, r.title = o.title, r.width = o.width, r.height = o.height, r.command = o.command;
  return r;
}

SelectOptions select_options(const Options& o) {
  SelectOptions s;
  s.trace_percent = o.trace, s.by_deviation = o.by_deviation, s.by_growth = o.by_growth, s.by_number = o.by_number;
  s.by_name = !o.sort_name ? NameOrder::none : *o.sort_name == "desc" ? NameOrder::descending : NameOrder::ascending;
  s.band_limit = o.max_bands;
  return s;
}

// Each input as hp2ps opens one (`prof` reads prof.hp), its format sniffed
// from its first bytes unless --input-format says. A missing or unreadable
// file names itself. Copies (pipes, compressed files) draw on the run's
// one `budget`.
ProfileInput open_input(const std::string& name, InputFormat format, bool watched, SpoolBudget& budget) {
  FileOptions f;
  f.input = name;
  if (name.empty() || name == "-") f.input.reset();  // standard input
  ProfileInput p{input_path(f), format, {}};
  if (watched) return p;  // opened at each update
  p.input = load_input(p.path, budget);
  if (p.format == InputFormat::automatic) p.format = sniff_format(p.input.head());
  return p;
}

// Standard input can be read once: named twice (--compare - -), the second
// was "empty".
std::vector<std::string> input_names(const Options& o) {
  std::vector<std::string> names = o.files;
  if (names.empty()) names.push_back("-");
  if (std::count_if(names.begin(), names.end(), [](const std::string& n) { return n.empty() || n == "-"; }) > 1) {
    throw usage_error(Code::bad_option, "standard input ('-') can be one of the inputs only: save the others to files");
  }
  return names;
}

// Several inputs write one output, checked against every input (none may
// be overwritten), and no .aux.
FilePlan several_files(const Job& job, const FileOptions& asked, Warnings& warnings) {
  FileOptions f = asked;
  f.no_aux = true;
  FilePlan plan;
  for (const ProfileInput& in : job.inputs) {
    f.input = in.path;
    plan = plan_files(f, in.format, job.asked.style.eps_width > 0, warnings);
  }
  if (plan.format == OutputFormat::eps && job.mode == Mode::compare) {
    throw usage_error(Code::conflicting_options,
                      "--compare draws a chart per input and EPS holds one picture: write PS, PDF, SVG or PNG");
  }
  // Each chart's text and frame cost about 23 KB of SVG: 32 keep a picture
  // under 1 MB (and are more than one page can be read from).
  constexpr size_t kMostCharts = 32;
  bool picture = !is_data_format(plan.format);
  if (job.mode == Mode::compare && picture && job.inputs.size() > kMostCharts) {
    throw usage_error(Code::bad_option, "--compare draws at most " + std::to_string(kMostCharts) + " charts in one picture, not " +
                                            std::to_string(job.inputs.size()) + ": compare fewer runs, or write JSON or CSV");
  }
  return plan;
}

// Every input, as the outputs must never overwrite it: the file opened, or
// under --watch the file the path names now.
std::vector<InputRef> input_refs(const Job& job) {
  std::vector<InputRef> refs;
  for (const ProfileInput& in : job.inputs) {
    refs.push_back({shown_name(in), in.input.file ? in.input.id() : file_id(in.path)});
  }
  refs.insert(refs.end(), job.side_inputs.begin(), job.side_inputs.end());
  return refs;
}

// A page is read in a browser, no hp2ps output: in hp2ps's greys its
// bands cannot be told apart, in hp2ps's -c cycle they are hard on the eye
// and not colour-blind safe. So unless a palette is asked for, a page is
// in Paul Tol's muted colours (nine, colour-blind safe, none grey; a page
// of several runs in the stable colours); every other format keeps
// hp2ps's choice, the drop-in's pixels (greys, -c its cycle). --record's
// pictures are no drop-in: in the page's colours too, unless -c asks for
// hp2ps's.
bool page_default(const OutputRequest& o, OutputFormat f) {
  return f == OutputFormat::html && !o.palette && !o.stable_colours;
}

Palette palette_of(const Job& job, OutputFormat f) {
  const OutputRequest& o = job.asked;
  if (o.palette) return *find_palette(*o.palette);
  bool recorded = job.mode == Mode::record && !o.colour && !o.stable_colours;
  return page_default(o, f) || recorded ? *find_palette("tol-muted") : default_palette(o.colour);
}

// --record names -hi bands left as addresses from the program it runs,
// where it can: a binary without symbols keeps them.
BandNamer own_symbols(const std::string& program) {
  try {
    return symbol_band_namer(program);
  } catch (const Error&) {
    return {};
  }
}

// A file an earlier recording left: its RTS options name hp2ps-ng's
// private folder ("-ol/tmp/hp2ps-ng-record.x/eventlog", "-po..."), in the
// eventlog's header or the .prof's first lines. A new recording may
// replace it; any other regular file of that name is the user's.
bool recording_leftover(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return false;
  std::string head(1 << 16, '\0');
  ssize_t n = ::read(fd, head.data(), head.size());
  ::close(fd);
  return n > 0 && head.substr(0, static_cast<size_t>(n)).find(kPrivatePrefix) != std::string::npos;
}

// Free for a recording: not there, an earlier recording's, or no regular
// file (which check_record_files refuses, naming it).
bool free_for_recording(const std::string& path) {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0) return true;
  return !S_ISREG(st.st_mode) || recording_leftover(path);
}

// The stem a recording's files take: PROG, else PROG.2, PROG.3, ... the
// first whose eventlog, .hp and .prof (what an RTS leaves) are each free,
// said when it is not PROG. On an RTS without -po (GHC 9.0) the RTS itself
// writes ./PROG.hp: a user's is refused before the program runs.
std::string recording_stem(const RecordPlan& r, Warnings& warnings) {
  if (!r.profile_prefix && !free_for_recording(r.name + ".hp")) {
    throw usage_error(Code::output_is_input, "./" + r.name + ".hp is not a recording's, and this program's RTS writes its "
                                             ".hp there whatever hp2ps-ng asks (GHC before 9.2 has no -po): move it, or "
                                             "record in another folder");
  }
  for (int n = 1; n <= 1000; ++n) {
    std::string stem = n == 1 ? r.name : r.name + "." + std::to_string(n);
    if (free_for_recording(stem + ".eventlog") && free_for_recording(stem + ".hp") && free_for_recording(stem + ".prof")) {
      if (n > 1) {
        warnings.add({Code::kept_beside, r.name + ".eventlog", {}, 0, 0, "",
                      "a file of this name (or its .hp, .prof) is not a recording's: left as it is, this recording is "
                      "kept as " + stem + ".*"});
      }
      return stem;
    }
  }
  throw usage_error(Code::output_is_input, r.name + ".eventlog to " + r.name + ".1000.eventlog are all the user's: record "
                                           "in another folder");
}

// --record: the program's profile is kept in the current folder as the RTS
// names it (PROG.eventlog, PROG.hp) and drawn once the program has ended;
// the outputs default to PROG.html (PROG.svg with --format svg, ...), the
// title to the program and its arguments. The baseline is an input like
// any other, and is not where this run keeps its profile.
void resolve_record(Job& job, const Options& o, SpoolBudget& budget, Warnings& warnings) {
  RecordPlan r;
  r.asked = {.argv = o.program, .breakdown = o.breakdown.value_or("T")[0], .every = o.every.value_or(kRecordEvery),
             .every_given = o.every.has_value(), .baseline = o.baseline, .explain = o.explain, .run_for = o.run_for};
  const RecordRequest& asked = r.asked;
  r.program = find_program(asked.argv[0]).value_or("");
  r.name = asked.argv[0].substr(asked.argv[0].rfind('/') + 1);
  if (!r.program.empty()) {
    RtsAbilities a = rts_abilities(r.program);
    r.ghc = a.ghc, r.eventlog = a.eventlog, r.flush_interval = a.flush_interval, r.profile_prefix = a.profile_prefix;
    r.profiled = a.profiled, r.info_tables = a.info_tables;
    if (a.ghc && !o.symbols) job.read.symbols = own_symbols(r.program);
  }
  // The RTS without an eventlog writes ./PROG.hp itself: that is followed.
  std::string stem = recording_stem(r, warnings);
  std::string keep = !r.eventlog ? r.name + ".hp" : asked.explain ? explain_profile(r.name, 1) : stem + ".eventlog";
  // The heap's own lines (GC events) show the heap even when censuses are
  // few (a program that waits): drawn unless shares are asked for.
  if (r.eventlog && !o.percent) job.asked.style.heap_lines = true;
  job.inputs.push_back({keep, r.eventlog ? InputFormat::eventlog : InputFormat::hp, {}});
  FileOptions& files = job.asked.files;
  std::string page = r.name + "." + format_extension(files.format.value_or(OutputFormat::html));
  if (files.output.empty()) files.output = page;
  else if (names_folder(files.output)) files.output = made_folder(files.output) + "/" + page;
  if (!job.asked.title) {
    std::string title;
    for (const std::string& a : asked.argv) title += (title.empty() ? "" : " ") + a;
    job.asked.title = title == asked.argv[0] ? r.name : r.name + title.substr(asked.argv[0].size());
  }
  if (asked.baseline) {
    r.baseline = open_input(*asked.baseline, input_format(o), false, budget);
    if (r.baseline->input.id() && r.baseline->input.id() == file_id(keep)) {
      throw usage_error(Code::output_is_input, "--baseline " + *asked.baseline + " is where this run keeps its profile (" +
                                                   keep + "): copy it elsewhere first");
    }
    job.side_inputs.push_back({*asked.baseline, r.baseline->input.id()});
  }
  job.record = std::move(r);
}

// Whether two paths name one place: the same name in the same folder,
// whatever path names the folder (the file itself may not be there yet).
bool same_place(const std::string& a, const std::string& b) {
  auto split = [](const std::string& p) {
    size_t slash = p.rfind('/');
    return std::make_pair(slash == std::string::npos ? std::string(".") : p.substr(0, slash + 1), p.substr(slash + 1));
  };
  auto [dir_a, name_a] = split(a);
  auto [dir_b, name_b] = split(b);
  std::optional<FileId> da = file_id(dir_a);
  return name_a == name_b && da && da == file_id(dir_b);
}

// A batch's -o that is its Markdown summary: FILE.md, or - with --format
// markdown (a CI step's summary: >> $GITHUB_STEP_SUMMARY).
bool names_summary(const std::string& out, const Options& o) {
  if (out == "-") return o.format == OutputFormat::markdown;
  return !names_folder(out) && (out.ends_with(".md") || out.ends_with(".markdown"));
}

// Where a batch's run of `in` writes its output: hp2ps's name, in the
// folder -o names.
std::string batch_output(const Job& job, const std::string& input, InputFormat format) {
  FileOptions f = job.asked.files;
  f.input = input == "-" ? std::nullopt : std::optional(input), f.output.clear();
  Warnings ignored;
  std::string out = plan_files(f, format, job.asked.style.eps_width > 0, ignored).output;
  return job.folder.empty() ? out : job.folder + "/" + out.substr(out.rfind('/') + 1);
}

// Every file a batch's run of `in` writes: its output, .aux and records.
std::vector<std::string> batch_files(const Job& job, const std::string& input, InputFormat format) {
  FileOptions f = job.asked.files;
  f.input = input, f.output = batch_output(job, input, format);
  Warnings ignored;
  FilePlan plan = plan_files(f, format, job.asked.style.eps_width > 0, ignored);
  std::vector<std::string> out{plan.output};
  for (const std::string& more : {plan.write_aux, plan.write_records}) {
    if (!more.empty()) out.push_back(more);
  }
  return out;
}

// Where a file named `path` is or would be: its folder's identity and its
// name (as same_place compares them); none where the folder is not there.
std::optional<std::tuple<uint64_t, uint64_t, std::string>> place_of(const std::string& path) {
  size_t slash = path.rfind('/');
  std::optional<FileId> dir = file_id(slash == std::string::npos ? "." : path.substr(0, slash + 1));
  if (!dir) return std::nullopt;
  return std::make_tuple(dir->dev, dir->ino, path.substr(slash + 1));
}

// Every file a batch writes against every other and every profile, in
// O(n log n) before anything is written: two profiles whose outputs would
// be one file (a.hp and sub/a.hp both write ./a.ps), one that would be the
// summary, or an output that is another profile (a link out/a.ps ->
// ../b.hp, p.hp's .aux when p.aux is a profile too) are refused. An input's
// output name needs its format: its first bytes.
void check_distinct_outputs(const Job& job) {
  std::map<std::tuple<uint64_t, uint64_t, std::string>, std::string> written;  // place -> whose
  std::map<std::pair<uint64_t, uint64_t>, std::string> inputs;                // identity -> which
  for (const ProfileInput& in : job.inputs) {
    if (std::optional<FileId> id = in.path == "-" ? std::nullopt : file_id(in.path)) inputs.emplace(std::pair(id->dev, id->ino), in.path);
  }
  auto add = [&](const std::string& out, const std::string& whose) {
    std::optional<FileId> id = file_id(out);
    if (auto hit = id ? inputs.find({id->dev, id->ino}) : inputs.end(); hit != inputs.end()) {
      throw file_error(Code::output_is_input, out, "is the input " + shown_path(hit->second) + " (the same file): refusing to overwrite it");
    }
    std::optional<std::tuple<uint64_t, uint64_t, std::string>> place = place_of(landing(out));
    if (!place) return;
    auto [at, fresh] = written.emplace(*place, whose);
    if (!fresh) {
      throw usage_error(Code::bad_option, "two outputs would be one file, " + shown_path(out) + " (" + shown_path(at->second) +
                                              " and " + shown_path(whose) + "): name each once, or draw them in two runs");
    }
  };
  if (!job.summary.empty() && job.summary != "-") add(job.summary, "the summary");
  if (!job.summary.empty() && job.folder.empty()) return;  // only the summary is written
  for (const ProfileInput& in : job.inputs) {
    if (in.path == "-") continue;
    InputFormat format = in.format;
    struct stat st;
    bool regular = ::stat(in.path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
    if (format == InputFormat::automatic && !regular) {
      // A pipe or FIFO is read once, by its run (read here, the run found
      // it empty; a FIFO without a writer would wait here): named by its name.
      format = in.path.ends_with(".eventlog") ? InputFormat::eventlog : InputFormat::hp;
    } else if (format == InputFormat::automatic) {
      try {
        format = sniff_format(file_head(in.path));  // the head alone: its run keeps a compressed one within --max-input
      } catch (const Error&) {
        continue;  // its run says why it cannot be read
      }
    }
    for (const std::string& out : batch_files(job, in.path, format)) add(out, in.path);
  }
}

// Several profiles, each drawn as its own run: each is opened by its run
// (job_for_input). Each -o is the folder their outputs go to, or the
// Markdown summary of them all (then, without a folder, none is drawn).
void resolve_batch(Job& job, const Options& o) {
  for (const std::string& name : input_names(o)) job.inputs.push_back({name, input_format(o), {}});
  for (const std::string& out : o.outputs) {
    if (names_summary(out, o) && job.summary.empty()) {
      job.summary = out;
    } else if (names_folder(out) && job.folder.empty()) {
      job.folder = made_folder(out);
    } else {
      throw usage_error(Code::bad_option, "with several profiles, each drawn on its own, -o names the folder their outputs "
                                          "go to (a trailing / makes one) or the Markdown summary of them all (FILE.md, or "
                                          "- with --format markdown), one of each: " + shown_path(out) + " is neither, or "
                                          "a second (--compare draws them into one file)");
    }
  }
  if (!job.summary.empty()) {
    FilePlan summary;
    summary.output = job.summary, summary.format = OutputFormat::markdown;
    check_outputs(summary, input_refs(job));
  }
  check_distinct_outputs(job);
}

// --record writes its profile where it keeps it only once the program has
// ended: no output may be that file, or the profile would be drawn over.
// Everything it will write is checked before the program starts: a
// recording is not run to be lost.
void check_record_files(const std::string& keep, const FilePlan& files) {
  for (const std::string& out : {files.output, files.write_aux, files.write_records}) {
    if (!out.empty() && same_place(out, keep)) {
      throw usage_error(Code::output_is_input, out + " is where --record keeps the program's profile: write elsewhere");
    }
  }
  check_writable(keep, "the program's profile", true);
  check_writable(files.output, "the output, written again as the program runs,", true);
  if (!files.write_aux.empty()) check_writable(files.write_aux, "the .aux", true);
  if (!files.write_records.empty()) check_writable(files.write_records, "the IPE records", true);
}

}  // namespace

std::string shown_name(const ProfileInput& in) { return in.path == "-" ? "stdin" : in.path; }

namespace {

OutputPlan plan_output(const Job& job, const FileOptions& asked, InputFormat format, Warnings& warnings) {
  bool several = job.mode == Mode::compare || job.mode == Mode::diff;
  FilePlan files = several ? several_files(job, asked, warnings)
                           : plan_files(asked, format, job.asked.style.eps_width > 0, warnings);
  if ((files.format == OutputFormat::text || files.format == OutputFormat::markdown) && job.matrix.percent) {
    throw usage_error(Code::conflicting_options, "the report gives sizes and growth: --percent does not apply");
  }
  return plan_for(job, std::move(files), format, warnings);
}

}  // namespace

std::vector<OutputPlan> plan_outputs(const Job& job, InputFormat format, Warnings& warnings) {
  std::vector<OutputPlan> plans{plan_output(job, job.asked.files, format, warnings)};
  for (const std::string& out : job.asked.more_outputs) {
    FileOptions more = job.asked.files;
    more.output = out, more.aux.reset(), more.no_aux = true;  // the first output's .aux is the run's
    for (const OutputPlan& p : plans) {
      if (same_place(p.files.output, out)) throw usage_error(Code::bad_option, "-o " + shown_path(out) + " is given twice");
    }
    plans.push_back(plan_output(job, more, format, warnings));
    if (!plans[0].files.read_aux.empty()) plans.back().aux = plans[0].aux;  // -p's order for every output
  }
  std::vector<FilePlan> files;
  for (const OutputPlan& p : plans) files.push_back(p.files);
  check_distinct_files(files);
  return plans;
}

OutputPlan plan_for(const Job& job, FilePlan files, InputFormat format, Warnings& warnings) {
  OutputPlan plan;
  plan.files = std::move(files);
  check_outputs(plan.files, input_refs(job));
  if (job.asked.files.reuse_aux && !plan.files.read_aux.empty()) plan.aux = read_aux(load_input(plan.files.read_aux));
  plan.palette = palette_of(job, plan.files.format);
  bool several = job.mode == Mode::compare || job.mode == Mode::diff;
  plan.stable_colours = job.asked.stable_colours || (page_default(job.asked, plan.files.format) && several);
  plan.chart = chart_style(job.asked, job.select.band_limit, plan.palette, plan.files.format, format, warnings);
  plan.chart.mark_same_fills = plan.stable_colours;
  OutputFormat f = plan.files.format;
  plan.percent = job.matrix.percent && f != OutputFormat::text && f != OutputFormat::markdown;
  // A simplified chart needs only the samples its columns can show: eight
  // buckets a column, so that their extremes survive.
  plan.time_buckets = plan.is_chart() ? 8 * most_columns(plan.chart) : 0;
  // JSON, CSV and the report of one profile or of --compare read every
  // sample a band or a block at a time: a large matrix is spilled. --diff
  // resamples it whole.
  bool spills = job.mode == Mode::one_profile || job.mode == Mode::compare;
  plan.held_cells = spills && !plan.is_chart() ? kHeldCells : 0;
  return plan;
}

Job job_for_input(const Job& batch, size_t k, Warnings& warnings) {
  Job one = batch;
  one.mode = Mode::one_profile;
  SpoolBudget budget{batch.watch_copy_limit, 0, kFifoWait};
  const ProfileInput& in = batch.inputs[k];
  one.inputs = {open_input(in.path, in.format, false, budget)};
  FileOptions& files = one.asked.files;
  files.input = in.path == "-" ? std::nullopt : std::optional(in.path);
  files.output.clear(), one.asked.more_outputs.clear();  // the batch's -o: its folder, its summary
  if (!batch.summary.empty() && batch.folder.empty()) return one;  // judged for the summary, not drawn
  if (!batch.folder.empty()) files.output = batch_output(batch, in.path, one.inputs[0].format);
  one.outputs = plan_outputs(one, one.inputs[0].format, warnings);
  return one;
}

SelectOptions selection(const Job& job, const OutputPlan& plan) {
  SelectOptions s = job.select;
  s.aux = plan.aux ? &*plan.aux : nullptr;
  // A vector picture under 1 MB however many bands (-m0 on 100,000): a
  // band's shape and hover text cost about 500 bytes in SVG, 270 in
  // PostScript; a key entry about 2,500 more (its text as glyphs). PNG's
  // size does not grow with the bands.
  // A band's shape: up to 4 vertices a column of the least the layout
  // draws (the vertex budget takes columns from every band down to that
  // floor before a band goes to OTHER), about 13 bytes each in SVG and 18 in
  // PostScript, 3 in PDF's compressed stream (measured: 1,356 bands of 300
  // samples). hp2ps's own PostScript of a .hp draws every band it keeps,
  // whatever the file's size, and so does its drop-in.
  OutputFormat f = plan.files.format;
  if (plan.is_chart() && f != OutputFormat::png) {
    s.picture_budget = 800'000;
    s.band_cost = plan.chart.no_key ? 600 : 3200;
    s.vertex_cost = f == OutputFormat::svg ? 13 : f == OutputFormat::pdf ? 3 : 18;
    s.shape_vertices = 4 * kLeastColumns;
    s.keep_every_band = plan.chart.as_hp2ps;
  }
  // The HTML page: under 1 MB in all, the chart's SVG, the data (page_data.h)
  // and the table. A band's shape there is at most about 400 vertices (two
  // samples a column; the 22,000 vertices shared by 55 bands or more give
  // each fewer than 200 columns) at 13 bytes, with its figures: 6 KB; its
  // name is in the shape's title and data-band and in the data.
  if (f == OutputFormat::html) s.picture_budget = 500'000, s.band_cost = 6000, s.name_copies = 3, s.vertex_cost = 0;
  return s;
}

Job resolve_job(const Options& o, Warnings& warnings) {
  Job job;
  job.mode = mode_of(o);
  SpoolBudget budget{o.max_input};
  if (input_names(o).size() > 1) budget.fifo_wait = kFifoWait;
  job.asked = output_request(o);
  if (o.record) resolve_record(job, o, budget, warnings);
  else if (job.mode == Mode::batch) resolve_batch(job, o);
  else for (const std::string& name : input_names(o)) job.inputs.push_back(open_input(name, input_format(o), job.mode == Mode::watch, budget));
  job.read.eventlog.ccs_length = o.ccs_length, job.read.eventlog.heap_lines = job.asked.style.heap_lines;
  job.read.window = {.from = o.from, .to = o.to};
  job.read.filter = compile_band_filter(o.include, o.exclude, o.merge);
  if (o.ipe) {
    Input log = load_input(*o.ipe, budget);
    job.side_inputs.push_back({*o.ipe, log.file ? log.id() : file_id(*o.ipe)});
    job.read.ipe = ipe_band_namer(log);
  }
  if (o.symbols) {
    job.side_inputs.push_back({*o.symbols, file_id(*o.symbols)});
    job.read.symbols = symbol_band_namer(*o.symbols);
  }
  job.select = select_options(o);
  job.matrix = {.x_max = o.x_max, .y_max = o.y_max, .percent = o.percent, .mixed_units = o.mixed_units};
  job.watch_interval = o.watch.value_or(o.record ? kRecordRedraw : kWatchEvery);
  job.watch_pid = o.watch_pid;
  job.watch_copy_limit = o.max_input;
  job.gates = {.max_peak = o.max_peak, .max_growth = o.max_growth, .fail_on_leak = o.fail_on_leak,
               .allow_unjudged = o.allow_unjudged};
  if (job.mode != Mode::watch && job.mode != Mode::batch) job.outputs = plan_outputs(job, job.inputs[0].format, warnings);
  if (job.record) {
    FilePlan report;
    // On stderr, as time(1) reports: the program's stdout is its own.
    report.input = job.inputs[0].path, report.output = "/dev/stderr", report.format = OutputFormat::text;
    job.record->report = plan_for(job, report, job.inputs[0].format, warnings);
    for (const OutputPlan& out : job.outputs) check_record_files(job.inputs[0].path, out.files);
    for (size_t n = 2; job.record->asked.explain && n <= kMostExplainRuns; ++n) {
      std::string kept = explain_profile(job.record->name, n);
      for (const OutputPlan& out : job.outputs) {
        check_record_files(kept, out.files);
        check_record_files(kept.substr(0, kept.rfind('.')) + ".prof", out.files);
      }
    }
  }
  return job;
}

}  // namespace hpng
