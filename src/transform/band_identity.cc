// See band_identity.h.
#include "hpng/transform/band_identity.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <tuple>
#include <unordered_set>

#include "base/text.h"

namespace hpng {

namespace {

using NameMap = std::unordered_map<std::string, std::string>;

bool all_digits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// What the eventlog reader adds in brackets to a shared label (cost_centres):
// a source location ("M.hs:12:5-9", "src/M.lhs:(1,1)-(3,2)") or "cc 12".
// A type in a name ("[Char]") is neither.
bool is_added_tag(std::string_view text) {
  if (text.starts_with("cc ")) return all_digits(text.substr(3));
  for (std::string_view ext : {".hs:", ".lhs:", ".hsc:"}) {
    size_t at = text.find(ext);
    if (at == std::string_view::npos || at + ext.size() >= text.size()) continue;
    char next = text[at + ext.size()];
    if (std::isdigit(static_cast<unsigned char>(next)) || next == '(') return true;
  }
  return false;
}

// Where the added tags are: [begin, end) of each "[...]", brackets included.
std::vector<std::pair<size_t, size_t>> added_tags(std::string_view name) {
  std::vector<std::pair<size_t, size_t>> out;
  for (size_t open = name.find('['); open != std::string_view::npos; open = name.find('[', open + 1)) {
    size_t close = name.find(']', open);
    if (close == std::string_view::npos) break;
    if (is_added_tag(name.substr(open + 1, close - open - 1))) out.push_back({open, close + 1});
  }
  return out;
}

// A band's place in its source, for pairing the bands of two builds: each
// tag's file and numbers, in the stack's order.
using Place = std::vector<std::pair<std::string, std::vector<long>>>;

Place place_of(std::string_view name) {
  Place p;
  for (auto [b, e] : added_tags(name)) {
    std::string_view tag = name.substr(b + 1, e - b - 2);
    size_t colon = tag.find(':');
    std::vector<long> numbers;
    for (size_t i = colon == std::string_view::npos ? tag.size() : colon; i < tag.size(); ++i) {
      if (!std::isdigit(static_cast<unsigned char>(tag[i]))) continue;
      size_t j = i;
      while (j < tag.size() && std::isdigit(static_cast<unsigned char>(tag[j]))) ++j;
      numbers.push_back(std::stol(std::string(tag.substr(i, std::min<size_t>(j - i, 15)))));
      i = j;
    }
    p.push_back({std::string(tag.substr(0, colon)), numbers});
  }
  return p;
}

bool is_cut(const std::string& name) { return name.size() > 3 && name.ends_with("..."); }

// A name the RTS cut ("f/main.tab...") becomes the one whole name of
// another run that it begins (an eventlog's stacks are whole), where there
// is exactly one.
std::string whole_name(const std::string& bare, const std::vector<std::vector<std::string>>& all) {
  if (!is_cut(bare)) return bare;
  std::string_view start(bare.data(), bare.size() - 3);
  std::unordered_set<std::string> found;
  for (const std::vector<std::string>& names : all) {
    for (const std::string& n : names) {
      if (!is_cut(n) && n.starts_with(start)) found.insert(n);
    }
  }
  return found.size() == 1 ? *found.begin() : bare;
}

// What tells apart two -hi bands of one identity in every build: the
// rest of their records (the table names and addresses change).
std::string record_kind(const InfoTable& t) { return t.type + '\n' + t.closure_type + '\n' + t.module; }

struct Entry {
  std::string name;  // as read
  std::string bare;  // without the id, a cut name made whole
  Place place;
  std::string kind;  // a -hi band's record_kind
  size_t order;      // as announced
};

// A band's entry and identity: by its record where it has one.
std::pair<std::string, Entry> entry_of(const RunNames& run, size_t i, std::string whole) {
  auto t = run.tables.find(run.names[i]);
  if (t != run.tables.end()) return {record_identity(t->second), {run.names[i], whole, {}, record_kind(t->second), i}};
  Place place = place_of(whole);
  return {band_identity(whole), {run.names[i], std::move(whole), std::move(place), "", i}};
}

// Each run's entries by identity, each group in source order.
using Groups = std::vector<std::map<std::string, std::vector<Entry>>>;

Groups grouped(const std::vector<RunNames>& runs) {
  std::vector<std::vector<std::string>> bare(runs.size());
  for (size_t r = 0; r < runs.size(); ++r) {
    for (const std::string& n : runs[r].names) bare[r].push_back(without_id(n));
  }
  Groups groups(runs.size());
  for (size_t r = 0; r < runs.size(); ++r) {
    for (size_t i = 0; i < runs[r].names.size(); ++i) {
      auto [identity, entry] = entry_of(runs[r], i, whole_name(bare[r][i], bare));
      groups[r][identity].push_back(std::move(entry));
    }
    for (auto& [identity, es] : groups[r]) {
      std::stable_sort(es.begin(), es.end(),
                       [](const Entry& a, const Entry& b) { return std::tie(a.place, a.kind) < std::tie(b.place, b.kind); });
    }
  }
  return groups;
}

// The name of rank `i` among the bands of `identity`: the first run's that
// has that many.
std::string rank_name(const Groups& groups, const std::string& identity, size_t i) {
  for (const auto& g : groups) {
    auto it = g.find(identity);
    if (it != g.end() && it->second.size() > i) return it->second[i].bare;
  }
  return identity;
}

// Names given twice in one run become NAME, NAME (2), ...: never added up.
void keep_apart(NameMap& map, const std::vector<std::string>& order, const std::string& source, Warnings& warnings) {
  std::map<std::string, size_t> seen;
  for (const std::string& name : order) {
    std::string& given = map[name];
    size_t n = ++seen[given];
    if (n == 1) continue;
    warnings.add({Code::ambiguous_names, source, {}, 0, 0, given,
                  "two or more bands read '" + given + "' once their (id) is dropped (the RTS cut their names): "
                  "they are kept apart as '" + given + "', '" + given + " (2)', ..., matched across runs in order"});
    given += " (" + std::to_string(n) + ")";
  }
}

}  // namespace

std::string without_id(std::string_view name) {
  if (name.empty() || name[0] != '(') return std::string(name);
  size_t i = 1;
  while (i < name.size() && name[i] >= '0' && name[i] <= '9') ++i;
  if (i == 1 || i >= name.size() || name[i] != ')') return std::string(name);
  return std::string(name.substr(i + 1));
}

std::string band_identity(std::string_view name) {
  std::string bare = without_id(name), out;
  size_t at = 0;
  for (auto [b, e] : added_tags(bare)) {
    out.append(bare, at, b - at);
    at = e;
  }
  return out.append(bare, at, std::string::npos);
}

namespace {

// "NAME (2)" -> 2, as keep_apart numbers names; else 1.
size_t apart_number(const std::string& name, size_t& stem) {
  stem = name.size();
  if (!name.ends_with(")")) return 1;
  size_t open = name.rfind(" (");
  if (open == std::string::npos || !all_digits(std::string_view(name).substr(open + 2, name.size() - open - 3))) return 1;
  stem = open;
  return std::stoul(name.substr(open + 2, std::min<size_t>(name.size() - open - 3, 9)));
}

// The .hp's id, 0 without one.
unsigned long id_number(const std::string& name) {
  size_t close = name.find(')');
  if (name.empty() || name[0] != '(' || close == std::string::npos || !all_digits(std::string_view(name).substr(1, close - 1))) return 0;
  return std::stoul(name.substr(1, std::min<size_t>(close - 1, 18)));
}

}  // namespace

std::string record_identity(const InfoTable& t) {
  const std::string& what = !t.label.empty() ? t.label : !t.type.empty() ? t.type : t.closure_type;
  if (!t.src_loc.empty() && t.src_loc != ":") return what + " " + short_source_location(t.src_loc);
  return t.module.empty() ? what : what + " (" + t.module + ")";
}

std::vector<RankedIdentity> ranked_identities(const std::vector<std::string>& names, const InfoTables& tables) {
  struct Key {
    Place place;
    std::string kind;
    unsigned long id;
    size_t apart, order;
    bool operator<(const Key& o) const {
      return std::tie(place, kind, id, apart, order) < std::tie(o.place, o.kind, o.id, o.apart, o.order);
    }
  };
  std::vector<RankedIdentity> out;
  std::map<std::string, std::vector<std::pair<Key, size_t>>> groups;
  for (size_t i = 0; i < names.size(); ++i) {
    auto t = tables.find(names[i]);
    if (t != tables.end()) {
      out.push_back({record_identity(t->second), 0});
      groups[out.back().identity].push_back({{{}, record_kind(t->second), 0, 1, i}, i});
      continue;
    }
    size_t stem = 0, apart = apart_number(names[i], stem);
    std::string bare = without_id(std::string_view(names[i]).substr(0, stem));
    out.push_back({band_identity(bare), 0});
    groups[out.back().identity].push_back({{place_of(bare), "", id_number(names[i]), apart, i}, i});
  }
  for (auto& [identity, members] : groups) {
    std::sort(members.begin(), members.end());
    for (size_t r = 0; r < members.size(); ++r) out[members[r].second].rank = r;
  }
  return out;
}

std::vector<NameMap> matched_names(const std::vector<RunNames>& runs, Warnings& warnings) {
  Groups groups = grouped(runs);
  std::map<std::string, size_t> most;  // identity -> the most bands of it in one run
  for (const auto& g : groups) {
    for (const auto& [identity, es] : g) most[identity] = std::max(most[identity], es.size());
  }
  std::vector<NameMap> maps(runs.size());
  for (size_t r = 0; r < runs.size(); ++r) {
    std::vector<std::string> ranked;  // this run's names, each identity's in rank order
    for (const auto& [identity, es] : groups[r]) {
      for (size_t i = 0; i < es.size(); ++i) {
        maps[r][es[i].name] = most[identity] == 1 ? identity : rank_name(groups, identity, i);
        ranked.push_back(es[i].name);
      }
    }
    keep_apart(maps[r], ranked, runs[r].source, warnings);
  }
  return maps;
}

}  // namespace hpng
