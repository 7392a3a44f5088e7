// JSON and CSV of the band/time matrix after processing: what would be
// drawn, in drawing order, unscaled; with an eventlog's heap lines (GC
// events) and facts about the run beside the bands, never among them.
#include "hpng/output/export.h"

#include "output/json_text.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <span>

#include "base/text.h"
#include "hpng/verdict/verdict.h"
#include "output/report_words.h"

namespace hpng {

namespace {

template <class T, class Append>
void append_list(std::string& out, const std::vector<T>& v, Append append) {
  out += '[';
  for (size_t i = 0; i < v.size(); ++i) {
    if (i) out += ", ";
    append(out, v[i]);
  }
  out += ']';
}

void append_array(std::string& out, const std::vector<double>& v) { append_list(out, v, append_number); }

// The text of an export, handed on in pieces of about 1 MiB: an export of
// every sample of a large profile is never held whole.
class Chunks {
 public:
  explicit Chunks(const Put& put) : put_(put) {}
  std::string out;
  void pass_on_full() {
    if (out.size() >= kPiece) pass_on();
  }
  void pass_on() {
    put_(out);
    out.clear();
  }

 private:
  static constexpr size_t kPiece = size_t{1} << 20;
  const Put& put_;
};

// A long array (every sample's time or value), passed on as it grows;
// `first`: the place of the piece's first number in the array.
void append_piece(Chunks& c, size_t first, std::span<const double> v) {
  for (size_t i = 0; i < v.size(); ++i) {
    if (first + i) c.out += ", ";
    append_number(c.out, v[i]);
    if (i % 4096 == 4095) c.pass_on_full();
  }
}

std::string collected(const Produce& produce) {
  std::string all;
  produce([&](std::string_view piece) { all += piece; });
  return all;
}

void append_field(std::string& out, const char* key, const std::string& value) {
  out += ", \"";
  out += key;
  out += "\": ";
  append_json_string(out, value);
}

void append_marks(std::string& out, const std::vector<Mark>& marks) {
  std::vector<double> times;
  bool named = false;
  for (const Mark& m : marks) times.push_back(m.time), named = named || !m.name.empty();
  out += ",\n \"marks\": ";
  append_array(out, times);
  if (!named) return;
  out += ",\n \"mark_names\": ";
  append_list(out, marks, [](std::string& o, const Mark& m) { append_json_string(o, m.name); });
}

void append_series(std::string& out, const std::vector<Series>& series) {
  out += ",\n \"series\": [";
  for (size_t i = 0; i < series.size(); ++i) {
    out += i ? ",\n   {\"name\": " : "\n   {\"name\": ";
    append_json_string(out, series[i].name);
    append_field(out, "event", series[i].event);
    out += ", \"unit\": \"bytes\", \"times\": ";
    append_array(out, series[i].times);
    out += ", \"values\": ";
    append_array(out, series[i].values);
    out += '}';
  }
  out += ']';
}

// What the bands are, by the breakdown's flag: said in words, so that a
// reader of -he's bands (named 1, 2, ...) knows they are eras, whose
// meaning is their order (--sort-number).
const char* bands_are(const std::string& flag) {
  static const std::pair<const char*, const char*> kinds[] = {
      {"-hc", "cost-centre stacks"}, {"-hm", "modules"},       {"-hd", "closure descriptions"},
      {"-hy", "type descriptions"},  {"-hr", "retainer sets"}, {"-hb", "biographies"},
      {"-hT", "closure types"},      {"-hi", "info tables"},   {"-he", "eras"}};
  for (const auto& [f, kind] : kinds) {
    if (flag == f) return kind;
  }
  return "";
}

void append_run(std::string& out, const RunInfo& run) {
  out += ",\n \"run\": {\"rts\": ";
  append_json_string(out, run.rts);
  out += ", \"program_args\": ";
  append_list(out, run.program_args, append_json_string);
  append_field(out, "breakdown", run.breakdown);
  if (*bands_are(run.breakdown)) append_field(out, "bands_are", bands_are(run.breakdown));
  out += ", \"sampling_interval\": ";
  append_number(out, run.sampling_interval);
  if (run.generations > 0) {
    out += ",\n   \"heap\": {\"generations\": ";
    append_number(out, static_cast<double>(run.generations));
    const std::pair<const char*, uint64_t> sizes[] = {{"max_heap_bytes", run.max_heap},
                                                      {"allocation_area_bytes", run.allocation_area},
                                                      {"megablock_bytes", run.megablock},
                                                      {"block_bytes", run.block}};
    for (const auto& [key, v] : sizes) {
      out += ", \"" + std::string(key) + "\": ";
      append_number(out, static_cast<double>(v));
    }
    out += '}';
  }
  out += '}';
}

// A text field that a spreadsheet would take for a formula (a leading =, +,
// -, @, tab or return: a cost centre or IPE label can be "=HYPERLINK(...)")
// gets a leading ', as OWASP advises, unless `raw`. Numbers never come here.
void append_csv_field(std::string& out, const std::string& text, bool raw) {
  std::string s = to_valid_utf8(text);
  if (!raw && !s.empty() && std::string_view("=+-@\t\r").find(s[0]) != std::string_view::npos) s.insert(0, 1, '\'');
  if (s.find_first_of(",\"\r\n") == std::string::npos) {
    out += s;
    return;
  }
  out += '"';
  for (char c : s) {
    out += c;
    if (c == '"') out += '"';
  }
  out += '"';
}

// A series' value at time t: the last one reported at or before t, or
// nothing (an empty field) before its first.
void append_series_at(std::string& out, const Series& s, size_t& next, double t) {
  while (next < s.times.size() && s.times[next] <= t) ++next;
  if (next > 0) append_number(out, s.values[next - 1]);
}

// The band's shape: only when the run is long enough to judge.
void append_shape(std::string& out, const BandShape& s, const ProfileHeader& h) {
  out += ", \"shape\": \"";
  out += shape_token(s.kind);
  out += "\", \"shape_words\": ";
  append_json_string(out, shape_words(s, h));
  out += ", \"confidence\": ";
  append_number(out, std::round(100 * s.confidence) / 100);
}

// `"key": value, ` for each.
template <size_t N>
void append_numbers(std::string& out, const std::pair<const char*, double> (&fields)[N]) {
  for (const auto& [key, value] : fields) {
    out += '"';
    out += key;
    out += "\": ";
    append_number(out, value);
    out += ", ";
  }
}

void append_figures(std::string& out, const BandFigures& f, const BandShape* shape, const ProfileHeader& h) {
  const std::pair<const char*, double> fields[] = {{"peak", f.peak}, {"peak_time", f.peak_time}, {"final", f.final},
                                                   {"mean", f.mean}, {"area", f.area}, {"stddev", f.stddev},
                                                   {"slope", f.slope}, {"r2", f.r2}};
  out += ",\n    \"stats\": {";
  append_numbers(out, fields);
  out += "\"trend\": \"";
  out += trend_name(f.trend);
  out += '"';
  if (shape) append_shape(out, *shape, h);
  out += '}';
}

// Names of bands of `m`, as a JSON array.
void append_band_names(std::string& out, const BandMatrix& m, const std::vector<size_t>& bands) {
  out += '[';
  for (size_t k = 0; k < bands.size(); ++k) {
    if (k) out += ", ";
    append_json_string(out, m.bands[bands[k]].name);
  }
  out += ']';
}

void append_biography(std::string& out, const Biography& b) {
  const std::pair<const char*, double> shares[] = {
      {"lag", b.lag}, {"use", b.use}, {"inherent_use", b.inherent_use}, {"drag", b.drag}, {"void", b.void_}};
  out += ",\n \"biography\": {";
  append_numbers(out, shares);
  out += b.void_builds ? "\"void_builds\": true, " : "\"void_builds\": false, ";
  out += "\"evidence\": ";
  out += b.evidence() ? "true}" : "false}";
}

// The leak verdict (verdict.h): the suspects, most suspicious first
// (none when the run is too short to judge), a thunk chain's bands (the
// stack's first), the heap's live bytes' course where the log has them,
// and a -hb profile's reading.
void append_verdict(std::string& out, const BandMatrix& m, const Verdict& v) {
  out += ",\n \"judged\": ";
  out += v.judged() ? "true" : "false";
  out += ", \"censuses\": " + std::to_string(v.censuses) + ", \"suspects\": ";
  append_band_names(out, m, v.suspects);
  if (v.chain.found()) {
    out += ",\n \"thunk_chain\": {\"stack_peak\": ";
    append_number(out, v.chain.stack_peak);
    out += ", \"bands\": ";
    append_band_names(out, m, v.chain.bands());
    out += '}';
  }
  if (v.live) {  // the heap's live bytes, judged as a band
    out += ",\n \"live_bytes\": {\"leaks\": ";
    out += v.live_leaks() ? "true" : "false";
    append_shape(out, *v.live, m.info.header);
    out += '}';
  }
  if (v.biographical) append_biography(out, v.biography);
}

// A -hi band's IPE record.
void append_info_table(std::string& out, const InfoTable& t) {
  const std::pair<const char*, const std::string*> fields[] = {
      {"address", &t.address}, {"table_name", &t.table_name}, {"closure_type", &t.closure_type}, {"type", &t.type},
      {"label", &t.label},     {"module", &t.module},         {"src_loc", &t.src_loc}};
  out += ",\n    \"ipe\": {";
  for (const auto& [key, value] : fields) {
    if (key != fields[0].first) out += ", ";
    out += '"';
    out += key;
    out += "\": ";
    append_json_string(out, *value);
  }
  out += ", \"named_from\": ";
  append_json_string(out, t.named_from.empty() ? "ipe" : t.named_from);  // an IPE record, or --symbols
  out += '}';
}

// The profile's own peak, of every band as read (y_range is the stack drawn,
// after trace elimination): what --max-peak compares.
void append_peak(std::string& out, const ProfilePeak& p) {
  append_member(out, "peak_total", p.total);
  append_member(out, "peak_time", p.time);
  append_member(out, "final_total", p.final_total);
}

// The axes as drawn: --x-max, --y-max and --compare widen them; a
// difference's reaches below zero.
void append_axes(std::string& out, const BandMatrix& m) {
  out += ", \"x_range\": ";
  append_number(out, m.x_range);
  if (m.y_low < 0) {
    out += ", \"y_low\": ";
    append_number(out, m.y_low);
  }
  out += ", \"y_range\": ";
  append_number(out, m.y_range);
}

// The profile's header fields, the first of a matrix's JSON.
void append_header_fields(std::string& out, const BandMatrix& m) {
  const ProfileHeader& h = m.info.header;
  out += "\"job\": ";
  append_json_string(out, h.job);
  append_field(out, "date", h.date);
  append_field(out, "sample_unit", h.sample_unit);
  append_field(out, "value_unit", h.value_unit);
  append_field(out, "input_format", h.input_format);
  // What GHC's restrictions left the profile counting (+RTS -hyMap ...).
  std::vector<std::string> restrictions = restrictions_of(m.info);
  if (!restrictions.empty()) {
    out += ", \"restrictions\": ";
    append_list(out, restrictions, append_json_string);
  }
  if (m.percent) out += ", \"percent\": true";
  if (m.difference) out += ", \"difference\": true";
}

// Each band: its name, its values (which may come in pieces), then its
// figures and its IPE record.
void append_bands(Chunks& c, const BandMatrix& m, const std::vector<BandFigures>& figures, const Verdict* verdict) {
  std::string& out = c.out;
  auto close_band = [&](size_t i) {
    out += ']';
    if (!figures.empty()) append_figures(out, figures[i], verdict && verdict->judged() ? &verdict->shapes[i] : nullptr, m.info.header);
    auto table = m.info.info_tables.find(m.bands[i].name);
    if (table != m.info.info_tables.end()) append_info_table(out, table->second);
    out += '}';
    c.pass_on_full();
  };
  each_band_values(m, [&](size_t i, size_t first, std::span<const double> piece) {
    if (first == 0) {
      if (i) close_band(i - 1);
      out += i ? ",\n   {\"name\": " : "\n   {\"name\": ";
      append_json_string(out, m.bands[i].name);
      out += ", \"values\": [";
    }
    append_piece(c, first, piece);
  });
  if (!m.bands.empty()) close_band(m.bands.size() - 1);
}

// A matrix's JSON fields, without the braces around them.
void json_fields(Chunks& c, const BandMatrix& m, const Verdict* verdict) {
  std::string& out = c.out;
  append_header_fields(out, m);
  out += ",\n \"times\": [";
  each_time(m, [&](size_t first, std::span<const double> piece) { append_piece(c, first, piece); });
  out += "],\n \"bands\": [";
  std::vector<BandFigures> figures = m.difference ? std::vector<BandFigures>() : band_figures(m);
  append_bands(c, m, figures, verdict);
  out += "],\n \"total\": ";
  append_number(out, std::trunc(m.total));
  if (!m.difference) append_peak(out, m.peak);
  if (verdict) append_verdict(out, m, *verdict);
  append_axes(out, m);
  append_marks(out, m.info.marks);
  append_series(out, m.info.series);
  if (m.info.run) append_run(out, *m.info.run);
}

}  // namespace

void matrix_json(const BandMatrix& m, const Verdict* verdict, const Put& put) {
  Chunks c(put);
  c.out += '{';
  json_fields(c, m, verdict);
  c.out += "}\n";
  c.pass_on();
}

std::string matrix_json(const BandMatrix& m, const Verdict* verdict) {
  return collected([&](const Put& put) { matrix_json(m, verdict, put); });
}

// Series columns follow the bands, named "GC: <series>" so that no one
// takes them for bands.
void matrix_csv(const BandMatrix& m, const Put& put, bool raw) {
  Chunks c(put);
  std::string& out = c.out;
  out = "time";
  for (const Band& b : m.bands) {
    out += ',';
    append_csv_field(out, b.name, raw);
  }
  for (const Series& s : m.info.series) {
    out += ',';
    append_csv_field(out, "GC: " + s.name, raw);
  }
  out += '\n';
  std::vector<size_t> next(m.info.series.size(), 0);
  each_sample_block(m, [&](size_t, std::span<const double> times, const std::vector<std::span<const double>>& rows) {
    for (size_t i = 0; i < times.size(); ++i) {
      double t = times[i];
      append_number(out, t);
      for (std::span<const double> row : rows) {
        out += ',';
        append_number(out, row[i]);
      }
      for (size_t j = 0; j < m.info.series.size(); ++j) {
        out += ',';
        append_series_at(out, m.info.series[j], next[j], t);
      }
      out += '\n';
      c.pass_on_full();
    }
  });
  c.pass_on();
}

std::string matrix_csv(const BandMatrix& m, bool raw) {
  return collected([&](const Put& put) { matrix_csv(m, put, raw); });
}

// --compare: each input's matrix (all on the same bands, in the same
// order), with the file it came from, and the shared band list once.
namespace {

std::vector<std::string> shared_names(const std::vector<BandMatrix>& ms) {
  std::vector<std::string> names;
  for (const Band& b : ms.empty() ? std::span<const Band>() : std::span<const Band>(ms[0].bands)) names.push_back(b.name);
  return names;
}

}  // namespace

void matrices_json(const std::vector<BandMatrix>& ms, const std::vector<Verdict>& verdicts,
                   const std::vector<std::string>& inputs, const Put& put, const std::string& explain) {
  Chunks c(put);
  c.out += explain.empty() ? "{" : "{\"explain\": " + explain + ",\n ";
  c.out += "\"bands\": ";
  append_list(c.out, shared_names(ms), append_json_string);
  c.out += ",\n \"inputs\": [";
  for (size_t i = 0; i < ms.size(); ++i) {
    c.out += i ? ",\n  {\"file\": " : "\n  {\"file\": ";
    append_json_string(c.out, inputs[i]);
    c.out += ", ";
    json_fields(c, ms[i], verdicts.empty() ? nullptr : &verdicts[i]);
    c.out += '}';
  }
  c.out += "]}\n";
  c.pass_on();
}

// --compare: one table, each row marked with its input; the heap's lines
// are left to JSON, as the inputs need not have the same ones.
void matrices_csv(const std::vector<BandMatrix>& ms, const std::vector<std::string>& inputs, const Put& put, bool raw) {
  Chunks c(put);
  std::string& out = c.out;
  out = "input,time";
  for (const std::string& name : shared_names(ms)) {
    out += ',';
    append_csv_field(out, name, raw);
  }
  out += '\n';
  for (size_t i = 0; i < ms.size(); ++i) {
    each_sample_block(ms[i], [&](size_t, std::span<const double> times, const std::vector<std::span<const double>>& rows) {
      for (size_t k = 0; k < times.size(); ++k) {
        append_csv_field(out, inputs[i], raw);
        out += ',';
        append_number(out, times[k]);
        for (std::span<const double> row : rows) {
          out += ',';
          append_number(out, row[k]);
        }
        out += '\n';
        c.pass_on_full();
      }
    });
  }
  c.pass_on();
}

std::string matrices_json(const std::vector<BandMatrix>& ms, const std::vector<Verdict>& verdicts,
                          const std::vector<std::string>& inputs) {
  return collected([&](const Put& put) { matrices_json(ms, verdicts, inputs, put); });
}

std::string matrices_csv(const std::vector<BandMatrix>& ms, const std::vector<std::string>& inputs, bool raw) {
  return collected([&](const Put& put) { matrices_csv(ms, inputs, put, raw); });
}

std::string records_csv(const std::vector<const BandMatrix*>& ms, const std::vector<std::string>& inputs, bool raw) {
  std::string rows;
  for (size_t i = 0; i < ms.size(); ++i) {
    for (const Band& b : ms[i]->bands) {
      auto it = ms[i]->info.info_tables.find(b.name);
      if (it == ms[i]->info.info_tables.end()) continue;
      const InfoTable& t = it->second;
      append_csv_field(rows, inputs[i], raw);
      for (const std::string* field :
           {&b.name, &t.address, &t.table_name, &t.closure_type, &t.type, &t.label, &t.module, &t.src_loc}) {
        rows += ',';
        append_csv_field(rows, *field, raw);
      }
      rows += '\n';
    }
  }
  return rows.empty() ? "" : "input,band,address,table_name,closure_type,type,label,module,src_loc\n" + rows;
}

}  // namespace hpng
