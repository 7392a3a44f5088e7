// See thunk_chain.h. Thresholds from the labelled corpora
// (tests/corpus/leaks, today's): the leaking programs' stacks reached
// 7-24 MB (25-80 % of the peak), the healthy ones' at most 1.3 MB.
#include "hpng/verdict/thunk_chain.h"

#include <optional>
#include <string_view>

namespace hpng {

namespace {

bool thunk_like(std::string_view n) {
  return n.starts_with("THUNK") || n == "AP" || n.starts_with("AP_") || n == "*" ||
         (n.size() > 2 && n.front() == '<' && n.back() == '>');
}

// "SYSTEM", or a .hp's "(177)SYSTEM".
bool system_band(std::string_view n) {
  if (n.starts_with('(') && n.find(')') != std::string_view::npos) n.remove_prefix(n.find(')') + 1);
  return n == "SYSTEM";
}

bool stack_in_system(const BandMatrix& m) {
  std::string by = breakdown_of(m.info);
  return by == "-hc" || by == "-hm";
}

std::optional<size_t> stack_band(const BandMatrix& m) {
  for (size_t b = 0; b < m.bands.size(); ++b) {
    if (m.bands[b].name == "STACK" || (system_band(m.bands[b].name) && stack_in_system(m))) return b;
  }
  return std::nullopt;
}

// Every band's value at the first sample where `band` is at its peak.
std::vector<double> at_peak_of(const BandMatrix& m, size_t band) {
  std::vector<double> at(m.bands.size());
  bool found = false;
  each_sample_block(m, [&](size_t, std::span<const double> times, const std::vector<std::span<const double>>& rows) {
    for (size_t i = 0; i < times.size() && !found; ++i) {
      if (rows[band][i] < m.bands[band].peak) continue;
      for (size_t b = 0; b < rows.size(); ++b) at[b] = rows[b][i];
      found = true;
    }
  });
  return at;
}

// In -hc and -hm: the cost centre or module holding most beside the stack.
std::optional<size_t> maker(const BandMatrix& m, size_t stack) {
  if (!stack_in_system(m)) return std::nullopt;
  std::vector<double> at = at_peak_of(m, stack);
  std::optional<size_t> most;
  for (size_t b = 0; b < at.size(); ++b) {
    if (b != stack && (!most || at[b] > at[*most])) most = b;
  }
  if (most && at[*most] >= kThunkShare * m.peak.total) return most;
  return std::nullopt;
}

}  // namespace

std::vector<size_t> ThunkChain::bands() const {
  std::vector<size_t> out;
  if (stack) out.push_back(*stack);
  out.insert(out.end(), held.begin(), held.end());
  if (maker) out.push_back(*maker);
  return out;
}

ThunkChain thunk_chain(const BandMatrix& m) {
  ThunkChain c;
  std::optional<size_t> stack = stack_band(m);
  if (!stack || m.info.header.value_unit != "bytes") return c;
  double peak = m.bands[*stack].peak;
  if (peak < kLeastStack || peak < kStackShare * m.peak.total) return c;
  c.stack = stack, c.stack_peak = peak;
  for (size_t b = 0; b < m.bands.size(); ++b) {
    double share = m.bands[b].peak / m.peak.total;
    const std::string& n = m.bands[b].name;
    if ((n == "BLACKHOLE" && share >= kBlackholeShare) || (thunk_like(n) && share >= kThunkShare)) c.held.push_back(b);
  }
  c.maker = maker(m, *stack);
  return c;
}

}  // namespace hpng
