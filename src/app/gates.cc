// See gates.h.
#include "app/gates.h"


#include "base/text.h"

namespace hpng {

namespace {

// "98.1 MB (98,104,576 bytes)" for bytes, else the number and the unit.
std::string amount(double v, const std::string& unit) {
  if (unit != "bytes") return group_digits(v) + " " + unit;
  if (v < 999.95) return printed("%.0f bytes", v);
  return si_amount(v, unit) + " (" + group_digits(v) + " bytes)";
}

std::string over_peak(const Judged& r, double limit) {
  const ProfilePeak& p = r.peak;
  return r.name + ": the peak total is " + amount(p.total, r.value_unit) + " at " + printed("%g", p.time) + " " +
         r.sample_unit + ", " + amount(p.total - limit, r.value_unit) + " (" + printed("%.1f", (p.total / limit - 1) * 100) +
         "%) above --max-peak " + amount(limit, r.value_unit);
}

std::string over_growth(const Judged& before, const Judged& after, double limit) {
  double b = before.peak.total, a = after.peak.total;
  std::string growth = b > 0 ? printed("%.1f", (a / b - 1) * 100) + "%" : "from nothing";
  return after.name + ": the peak total grew " + growth + ", from " + amount(b, after.value_unit) + " in " + before.name +
         " to " + amount(a, after.value_unit) + " at " + printed("%g", after.peak.time) + " " + after.sample_unit +
         ", above --max-growth " + printed("%g", limit) + "%";
}

}  // namespace

void check_gates(const Gates& gates, const std::vector<Judged>& runs, bool before_after) {
  std::string passed;
  auto add = [&](const std::string& line) { passed += (passed.empty() ? "" : "; ") + line; };
  for (const Judged& r : runs) {
    if (gates.max_peak && r.peak.total > *gates.max_peak) add(over_peak(r, *gates.max_peak));
  }
  if (before_after && gates.max_growth && runs.size() == 2) {
    double b = runs[0].peak.total, a = runs[1].peak.total;
    if (a > b * (1 + *gates.max_growth / 100)) add(over_growth(runs[0], runs[1], *gates.max_growth));
  }
  if (!passed.empty()) throw usage_error(Code::over_limit, passed);
}

}  // namespace hpng
