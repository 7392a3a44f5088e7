// See parity.h.
#include "support/parity.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <regex>
#include <set>

#include "hpng/read/eventlog_reader.h"
#include "hpng/read/hp_reader.h"
#include "support/util.h"

namespace hpng::test {

namespace {

// One band of one side over the samples compared (-1: no point).
using Values = std::vector<double>;
// Bands by the name both files agree on, each with every band's values
// (several bands when the .hp keeps stacks apart only by their "(id)").
using BandsByName = std::map<std::string, std::vector<Values>>;

std::vector<size_t> nonempty_samples(const FullProfile& p) {
  std::vector<size_t> out;
  for (size_t k = 0; k < p.times.size(); ++k) {
    bool any = false;
    for (const std::vector<double>& v : p.values) any = any || !std::isnan(v[k]);
    if (any) out.push_back(k);
  }
  return out;
}

// `rename` gives the name a band is compared under. Bands with no point in
// the samples compared (after a killed run's eventlog ends) are left out.
template <class Rename>
BandsByName bands_by_name(const FullProfile& p, const std::vector<size_t>& samples, Rename rename) {
  BandsByName out;
  for (size_t b = 0; b < p.band_names.size(); ++b) {
    Values v;
    for (size_t k : samples) v.push_back(std::isnan(p.values[b][k]) ? -1 : p.values[b][k]);
    if (std::count(v.begin(), v.end(), -1.0) < static_cast<std::ptrdiff_t>(v.size())) out[rename(p.band_names[b])].push_back(v);
  }
  for (auto& [name, bands] : out) std::sort(bands.begin(), bands.end());
  return out;
}

}  // namespace

// The RTS's -L cut of a -hc stack name.
std::string rts_cut(const std::string& name, size_t cut) {
  return cut && name.size() > cut ? name.substr(0, cut - 4) + "..." : name;
}

std::string xz_or_plain(const std::string& path) {
  if (file_exists(path)) return read_file(path);
  if (!file_exists(path + ".xz")) return "";
  std::string out;
  if (FILE* f = popen(("xz -dc " + shell_quote(path + ".xz")).c_str(), "r")) {
    char buf[65536];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) out.append(buf, n);
    pclose(f);
  }
  return out;
}

// Compares one run: the eventlog's bands correspond one to one with the
// .hp's, with equal values in every non-empty sample. Names: the .hp's
// -hc names without their "(id)", the eventlog's (read whole) without the
// "[...]" that tells shared labels apart and cut as the run's -L cut the
// .hp's. Returns the number of samples compared.
size_t check_parity(const std::string& stem, const std::string& hp_bytes, const std::string& log_bytes,
                    const std::function<std::string(const std::string&)>& hp_name) {
  SCOPED_TRACE(stem);
  bool hc = std::regex_search(stem, std::regex("(^|[.-])hc([.-]|$)"));
  size_t cut = !hc ? 0 : stem.find("L60") != std::string::npos ? 60 : 25;
  Input hp_in{stem + ".hp", hp_bytes}, log_in{stem + ".eventlog", log_bytes};
  FullProfile hp = read_full([&](SampleSink& s, Warnings& w) { return read_hp(hp_in, s, w); });
  FullProfile ev;
  try {
    ev = read_full([&](SampleSink& s, Warnings& w) { return read_eventlog(log_in, {}, s, w); });
  } catch (const Error& e) {  // header-only logs of killed or refused runs
    EXPECT_NE(std::string(e.what()).find("the eventlog ends before its first complete heap sample"), std::string::npos)
        << e.what();
    return 0;
  }
  std::vector<size_t> a = nonempty_samples(hp), b = nonempty_samples(ev);
  if (!ev.warnings.empty()) {  // a killed run: the eventlog has fewer samples
    EXPECT_LE(b.size(), a.size());
    a.resize(std::min(a.size(), b.size()));
  }
  EXPECT_EQ(a.size(), b.size());
  b.resize(std::min(a.size(), b.size()));
  a.resize(b.size());
  static const std::regex id_prefix("^\\([0-9]+\\)"), qualifier("\\[[^\\]]*\\]");
  BandsByName from_hp = bands_by_name(hp, a, [&](const std::string& n) {
    return hp_name ? hp_name(n) : hc ? std::regex_replace(n, id_prefix, "") : n;
  });
  BandsByName from_log = bands_by_name(ev, b, [&](const std::string& n) { return hc ? rts_cut(std::regex_replace(n, qualifier, ""), cut) : n; });
  std::set<std::string> ev_names(ev.band_names.begin(), ev.band_names.end());
  EXPECT_EQ(ev_names.size(), ev.band_names.size()) << "two eventlog bands share a name";
  size_t hp_bands = 0, ev_bands = 0;
  for (const auto& [name, bands] : from_hp) hp_bands += bands.size();
  for (const auto& [name, bands] : from_log) ev_bands += bands.size();
  EXPECT_EQ(hp_bands, ev_bands);
  for (const auto& [name, bands] : from_hp) {
    auto it = from_log.find(name);
    if (it == from_log.end()) {
      ADD_FAILURE() << "no eventlog band for '" << name << "'";
      continue;
    }
    EXPECT_EQ(bands, it->second) << name;
  }
  EXPECT_EQ(from_hp.size(), from_log.size());
  return b.size();
}

}  // namespace hpng::test
