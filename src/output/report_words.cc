// See report_words.h.
#include "output/report_words.h"

#include <algorithm>
#include <cctype>
#include <cmath>

#include "base/text.h"

namespace hpng {

namespace {

std::string percent(double share) { return printed("%.0f%%", 100 * share); }

bool bare_address(const std::string& name) {
  return name.size() > 2 && name.starts_with("0x") &&
         std::all_of(name.begin() + 2, name.end(), [](unsigned char c) { return std::isxdigit(c) != 0; });
}


}  // namespace

std::string short_time_unit(const std::string& sample_unit) { return sample_unit == "seconds" ? "s" : sample_unit; }

std::string report_time(double t, const std::string& sample_unit) {
  double a = std::fabs(t);
  return printed(a < 1 ? "%.3f" : a < 100 ? "%#.3g" : "%.0f", t) + " " + short_time_unit(sample_unit);
}

std::string shape_words(const BandShape& s, const ProfileHeader& h) {
  switch (s.kind) {
    case ShapeKind::none: return "empty";
    case ShapeKind::steady: return "steady";
    case ShapeKind::ramp_held: return s.when > 0 ? "ramp, held until " + report_time(s.when, h.sample_unit) : "ramp, held to the end";
    case ShapeKind::ramp_drop: return "ramp, released at once at " + report_time(s.when, h.sample_unit);
    case ShapeKind::ramp_fall: return "ramp, then released over " + report_time(s.when, h.sample_unit);
    case ShapeKind::floor_up: return "sawtooth, floor rising " + si_amount(s.per_cycle, h.value_unit) + "/cycle";
    case ShapeKind::sawtooth: return "sawtooth, flat floor";
    case ShapeKind::plateau: return "plateau, built by " + report_time(s.when, h.sample_unit);
    case ShapeKind::spike: return "spike at " + report_time(s.when, h.sample_unit);
    case ShapeKind::varies: return "varies";
  }
  return "varies";
}

const char* confidence_word(double confidence) {
  return confidence >= 0.75 ? "high" : confidence >= 0.4 ? "medium" : "low";
}

std::string verdict_words(const Verdict& v, size_t band, const ProfileHeader& h) {
  const BandShape& s = v.shapes[band];
  const ThunkChain& c = v.chain;
  if (!leak_shape(s.kind) && c.found()) {
    if (band == c.stack) return "the stack forcing a thunk chain";
    if (band == c.maker) return "made the thunk chain";
    if (std::find(c.held.begin(), c.held.end(), band) != c.held.end()) return "in the thunk chain";
  }
  return shape_words(s, h) + " (" + confidence_word(s.confidence) + ")";
}

std::string live_only_words(const Verdict& v) {
  return v.judged() ? "the leak is spread over bands none of which holds it alone"
                    : "the censuses are too few to say which band holds them";
}

std::string thunk_chain_words(const BandMatrix& m, const Verdict& v) {
  if (!v.chain.found()) return "";
  return "a chain of unevaluated thunks forced on a deep stack (" +
         si_amount(v.chain.stack_peak, m.info.header.value_unit) + ")";
}

std::string biography_shares(const Biography& b) {
  std::string inherent = b.inherent_use > 0 ? ", inherent " + percent(b.inherent_use) : "";
  return "lag " + percent(b.lag) + ", use " + percent(b.use) + inherent + ", drag " + percent(b.drag) + ", void " +
         percent(b.void_) + " of the heap-time";
}

// Under 66 columns: the report's field is one line. Drag under 5 % of the
// heap-time is not named beside a void that builds up.
std::string biography_reading(const Biography& b) {
  if (b.dragging()) {
    if (!b.void_builds || b.void_ < 0.05) return "leak evidence: drag (held after its last use)";
    return b.drag >= 0.05 ? "leak evidence: drag, and void (never used) that builds up"
                          : "leak evidence: void (never used) that builds up";
  }
  if (b.lagging()) return "leak evidence: lag (made long before its first use)";
  if (b.void_only()) return "no leak evidence: its void (never used) is not a suspect";
  return "no leak evidence: little lag, drag or void";
}

UnnamedAddresses unnamed_addresses(const BandMatrix& m) {
  UnnamedAddresses u{0, m.bands.size(), 0};
  for (const Band& b : m.bands) {
    if (!bare_address(b.name) || m.info.info_tables.contains(b.name)) continue;
    ++u.bands;
    if (m.total > 0) u.share += b.area / m.total;
  }
  return u;
}

std::pair<std::string, std::string> unnamed_note(const UnnamedAddresses& u) {
  if (u.bands == 0) return {};
  std::string share = u.share < 0.005 && u.share > 0 ? "under 1%" : printed("%.0f%%", 100 * u.share);
  // Two lines that fit the report's 80 columns after its 14-column label.
  return {std::to_string(u.bands) + " of " + std::to_string(u.of) + " bands (" + share +
              " of the heap-time) are bare addresses:",
          "info tables no IPE record names (built without -finfo-table-map)"};
}

std::vector<size_t> report_order(const std::vector<BandFigures>& f, const Verdict& v) {
  std::vector<size_t> order = v.suspects;
  std::vector<size_t> rest;
  for (size_t b = 0; b < f.size(); ++b) {
    if (std::find(v.suspects.begin(), v.suspects.end(), b) == v.suspects.end()) rest.push_back(b);
  }
  std::stable_sort(rest.begin(), rest.end(), [&](size_t a, size_t b) { return f[a].peak > f[b].peak; });
  order.insert(order.end(), rest.begin(), rest.end());
  return order;
}

std::vector<std::pair<std::string, std::string>> heap_peaks(const BandMatrix& m) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const Series& s : m.info.series) {
    if ((s.name != "heap size" && s.name != "live bytes") || s.values.empty()) continue;
    size_t top = static_cast<size_t>(std::max_element(s.values.begin(), s.values.end()) - s.values.begin());
    out.emplace_back(s.name, "peak " + si_amount(s.values[top], "bytes") + " at " +
                                 report_time(s.times[top], m.info.header.sample_unit) + " (" + s.event + ")");
  }
  return out;
}

std::string profile_words(const BandMatrix& m) {
  const ProfileHeader& h = m.info.header;
  bool log = h.input_format == "eventlog";
  std::string what = log ? "eventlog" : ".hp";
  if (m.info.run && !m.info.run->breakdown.empty()) what += ", " + m.info.run->breakdown;
  return what + ", " + std::to_string(m.samples) + " samples over " + report_time(last_time(m) - first_time(m), h.sample_unit) +
         (log ? " (elapsed time)" : " (the program's own time)");
}

}  // namespace hpng
