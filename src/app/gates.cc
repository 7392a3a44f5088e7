// See gates.h.
#include "app/gates.h"

#include "base/text.h"
#include "hpng/verdict/verdict.h"

namespace hpng {

namespace {

// "98.1 MB (98,104,576 bytes)" for bytes, else the number and the unit.
std::string amount(double v, const std::string& unit) {
  if (unit != "bytes") return group_digits(v) + " " + unit;
  if (v < 999.95) return printed("%.0f bytes", v);
  return si_amount(v, unit) + " (" + group_digits(v) + " bytes)";
}

// "at 2.37 seconds of the program's own time"
std::string at(const Judged& r) { return "at " + printed("%g", r.peak.time) + " " + r.sample_unit + " (" + r.clock + ")"; }

std::string over_peak(const Judged& r, double limit) {
  const ProfilePeak& p = r.peak;
  return r.name + ": the peak total is " + amount(p.total, r.value_unit) + " " + at(r) + ", " +
         amount(p.total - limit, r.value_unit) + " (" + printed("%.1f", (p.total / limit - 1) * 100) + "%) above --max-peak " +
         amount(limit, r.value_unit);
}

std::string growth(double b, double a) { return b > 0 ? printed("%.1f", (a / b - 1) * 100) + "%" : "from nothing"; }

std::string over_growth(const Judged& before, const Judged& after, double limit) {
  double b = before.peak.total, a = after.peak.total;
  return after.name + ": the peak total grew " + growth(b, a) + ", from " + amount(b, after.value_unit) + " in " +
         before.name + " to " + amount(a, after.value_unit) + " " + at(after) + ", above --max-growth " +
         printed("%g", limit) + "%";
}

std::string leaks(const Judged& r) {
  std::string list;
  for (const std::string& s : r.suspects) list += (list.empty() ? "" : "; ") + s;
  return r.name + ": the verdict names " + std::to_string(r.suspects.size()) + " suspect band" +
         (r.suspects.size() == 1 ? "" : "s") + " (--fail-on-leak): " + list;
}

// Not judged is not a pass: a CI job that cannot judge says so.
std::string unjudged(const Judged& r) {
  return r.name + ": could not judge (" + r.unjudged + "), so --fail-on-leak cannot pass it: profile it longer or at a "
         "shorter interval (+RTS -i; --record's --every); --allow-unjudged passes it";
}

void within(Warnings& warnings, const std::string& line) { warnings.add({Code::gate_within, "", {}, 0, 0, "", line}); }

}  // namespace

Judged judged(std::string name, const BandMatrix& m, const Verdict* verdict) {
  const ProfileHeader& h = m.info.header;
  Judged j{std::move(name), m.peak, h.value_unit, h.sample_unit,
           h.input_format == "eventlog" ? "elapsed" : "the program's own time", breakdown_of(m.info), {}, ""};
  if (!verdict) return j;
  const Verdict& v = *verdict;
  // Too few censuses say nothing, unless the heap's live bytes or a stack
  // of megabytes do.
  if (!v.judged() && !v.live && !v.chain.found()) {
    j.unjudged = std::to_string(v.censuses) + (v.censuses == 1 ? " census" : " censuses") + ", " +
                 std::to_string(kLeastCensuses) + " needed";
  }
  for (size_t b : v.suspects) j.suspects.push_back(m.bands[b].name + " (" + shape_token(v.shapes[b].kind) + ")");
  if (j.suspects.empty() && v.live_leaks()) j.suspects.push_back(std::string("the heap's live bytes (") + shape_token(v.live->kind) + ")");
  return j;
}

namespace {

// "at 0.0667 s": a brief's time, the clock left to the sentence.
std::string brief_at(const Judged& r) {
  return "at " + printed("%.3g", r.peak.time) + " " + (r.sample_unit == "seconds" ? "s" : r.sample_unit);
}

GateResult peak_gate(double limit, const Judged& r) {
  std::string gate = "--max-peak " + si_amount(limit, r.value_unit);
  std::string peak = si_amount(r.peak.total, r.value_unit) + " " + brief_at(r);
  if (r.peak.total > limit) {
    return {gate, r.name, GateOutcome::failed,
            "peak " + peak + ", " + printed("%.1f", (r.peak.total / limit - 1) * 100) + "% above", over_peak(r, limit)};
  }
  return {gate, r.name, GateOutcome::passed, "peak " + peak,
          "gate --max-peak " + amount(limit, r.value_unit) + ": " + r.name + "'s peak " + amount(r.peak.total, r.value_unit) + " " + at(r) + ", within"};
}

GateResult leak_gate(const Gates& gates, const Judged& r) {
  std::string gate = "--fail-on-leak";
  if (!r.suspects.empty()) {
    std::string list;
    for (const std::string& s : r.suspects) list += (list.empty() ? "" : "; ") + s;
    return {gate, r.name, GateOutcome::failed, std::to_string(r.suspects.size()) + " suspect" +
            (r.suspects.size() == 1 ? "" : "s") + ": " + list, leaks(r)};
  }
  if (r.unjudged.empty()) return {gate, r.name, GateOutcome::passed, "no suspect band", "gate " + gate + ": " + r.name + ": no suspect band, within"};
  std::string why = "could not judge: " + r.unjudged;
  if (!gates.allow_unjudged) return {gate, r.name, GateOutcome::not_judged, why, unjudged(r)};
  return {gate, r.name, GateOutcome::passed_unjudged, why + "; passed by --allow-unjudged",
          "gate " + gate + ": " + r.name + ": could not judge (" + r.unjudged + "), passed by --allow-unjudged"};
}

GateResult growth_gate(double limit, const Judged& before, const Judged& after) {
  std::string gate = "--max-growth " + printed("%g", limit) + "%";
  double b = before.peak.total, a = after.peak.total;
  std::string brief = "peak grew " + growth(b, a) + " over " + before.name + "'s";
  if (a > b * (1 + limit / 100)) return {gate, after.name, GateOutcome::failed, brief, over_growth(before, after, limit)};
  return {gate, after.name, GateOutcome::passed, brief, "gate " + gate + ": " + after.name + "'s " + brief + ", within"};
}

}  // namespace

std::vector<GateResult> gate_results(const Gates& gates, const std::vector<Judged>& runs, bool before_after) {
  std::vector<GateResult> out;
  for (const Judged& r : runs) {
    if (gates.max_peak) out.push_back(peak_gate(*gates.max_peak, r));
    if (gates.fail_on_leak) out.push_back(leak_gate(gates, r));
  }
  if (before_after && gates.max_growth && runs.size() == 2) out.push_back(growth_gate(*gates.max_growth, runs[0], runs[1]));
  return out;
}

void say_gate_results(const std::vector<GateResult>& results, Warnings& warnings) {
  std::string over;
  for (const GateResult& g : results) {
    if (gate_fails(g.outcome)) over += (over.empty() ? "" : "; ") + g.words;
    else within(warnings, g.words);
  }
  if (!over.empty()) warnings.add({Code::over_limit, "", {}, 0, 0, "", over, true});
}

std::string exceeded_gates(const Gates& gates, const std::vector<Judged>& runs, Warnings& warnings, bool before_after) {
  std::string over;
  for (const GateResult& g : gate_results(gates, runs, before_after)) {
    if (gate_fails(g.outcome)) over += (over.empty() ? "" : "; ") + g.words;
    else within(warnings, g.words);
  }
  return over;
}

void check_gates(const Gates& gates, const std::vector<Judged>& runs, Warnings& warnings, bool before_after) {
  say_gate_results(gate_results(gates, runs, before_after), warnings);
}

}  // namespace hpng
