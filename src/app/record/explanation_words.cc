// See explanation.h.
#include "app/record/explanation_words.h"

#include <algorithm>
#include <cmath>

#include "base/text.h"
#include "output/json_text.h"

namespace hpng {

namespace {

// "made by    ": a title in the block's first column.
std::string column(const std::string& title) { return "  " + title + std::string(title.size() < 11 ? 11 - title.size() : 1, ' '); }

std::string percent(double share) { return printed("%.1f", share * 100) + " %"; }

// The words that are not empty, joined.
std::string joined(const std::vector<std::string>& words, const char* between) {
  std::string out;
  for (const std::string& w : words) {
    if (!w.empty()) out += (out.empty() ? "" : between) + w;
  }
  return out;
}

// "  made by    98.1 %  remember/loop/main  (Store, Store.hs:8:1-30)".
std::string share_lines(const char* title, const std::vector<Share>& shares, bool holders) {
  std::string out;
  for (size_t i = 0; i < shares.size() && i < 5; ++i) {
    const Share& s = shares[i];
    std::string where = joined({s.top.module, s.top.src_loc}, ", ");
    if (holders) where = retainer_meaning(s.name) + (s.members.empty() ? "" : "; {" + joined(s.members, ", ") + "}");
    out += column(i ? "" : title) + printed("%6.1f %%  ", s.share * 100) + s.name +
           (where.empty() ? "" : "  (" + where + ")") + "\n";
  }
  return out;
}

std::string run_lines(const Explanation& e) {
  std::string out;
  double total = 0;
  for (size_t i = 0; i < e.runs.size(); ++i) {
    const ExplainedRun& r = e.runs[i];
    total += r.seconds;
    out += column(i ? "" : "runs") + std::to_string(i + 1) + ". " + r.purpose + ": " +
           joined(r.rts_options, " ") + "; " + std::to_string(r.censuses) + " censuses, " + printed("%.1f", r.seconds) +
           " s, " + r.profile + (r.said.empty() ? "" : "; " + r.said) + "\n";
  }
  return out + column("") + printed("%.1f", total) + " s in all\n";
}

// Each line shown as a terminal prints it (names from a profile may hold
// control characters), the line breaks kept.
std::string safe_lines(const std::string& text) {
  std::string out;
  for (size_t at = 0; at < text.size();) {
    size_t end = text.find('\n', at);
    out += terminal_safe(std::string_view(text).substr(at, end - at)) + "\n";
    at = end + 1;
  }
  return out;
}

}  // namespace

std::string explanation_text(const Explanation& e, const std::string& program) {
  std::string out = "explanation  " + program + ": " + explanation_sentence(e) + "\n";
  if (e.suspect) {
    out += "  band       " + e.suspect->band + ", " + shape_token(e.suspect->shape) + ", peak " +
           si_amount(e.suspect->peak, "bytes") + "\n";
  }
  out += share_lines("made by", e.made_by, false) + share_lines("held by", e.held_by, true);
  if (const std::optional<Biography>& b = e.biography) {
    out += "  biography  lag " + percent(b->lag) + ", use " + percent(b->use) + ", drag " + percent(b->drag) +
           ", void " + percent(b->void_) + ", inherent use " + percent(b->inherent_use) + "\n";
  }
  out += run_lines(e);
  if (!e.note.empty()) out += "  next       " + e.note + "\n";
  return safe_lines(out);
}

std::string explanation_markdown(const std::string& text) {
  size_t longest = 0, run = 0;
  for (char c : text) longest = std::max(longest, run = c == '`' ? run + 1 : 0);
  std::string fence(std::max<size_t>(3, longest + 1), '`');
  return "## Explanation\n\n" + fence + "text\n" + text + fence + "\n\n";
}

namespace {

void append_share(std::string& out, const Share& s, bool holder) {
  out += "{\"name\": ";
  append_json_string(out, s.name);
  append_member(out, "share", s.share);
  append_member(out, "peak", s.peak);
  if (holder) {
    out += ", \"members\": [";
    for (size_t i = 0; i < s.members.size(); ++i) {
      if (i) out += ", ";
      append_json_string(out, s.members[i]);
    }
    out += "], \"meaning\": ";
    append_json_string(out, retainer_meaning(s.name));
  } else {
    for (auto [key, value] : {std::pair{"cost_centre", &s.top.label}, {"module", &s.top.module}, {"src_loc", &s.top.src_loc}}) {
      out += std::string(", \"") + key + "\": ";
      append_json_string(out, *value);
    }
  }
  out += '}';
}

void append_shares(std::string& out, const char* key, const std::vector<Share>& shares, bool holders) {
  out += std::string(",\n  \"") + key + "\": [";
  for (size_t i = 0; i < shares.size(); ++i) {
    out += i ? ",\n    " : "\n    ";
    append_share(out, shares[i], holders);
  }
  out += "]";
}

void append_biography(std::string& out, const std::optional<Biography>& b) {
  out += ",\n  \"biography\": ";
  if (!b) {
    out += "null";
    return;
  }
  const std::pair<const char*, double> phases[] = {
      {"lag", b->lag}, {"use", b->use}, {"drag", b->drag}, {"void", b->void_}, {"inherent_use", b->inherent_use}};
  out += '{';
  for (const auto& [key, share] : phases) {
    out += std::string(key == phases[0].first ? "\"" : ", \"") + key + "\": ";
    append_number(out, share);
  }
  out += '}';
}

void append_run(std::string& out, const ExplainedRun& r) {
  out += "{\"breakdown\": ";
  append_json_string(out, r.breakdown);
  out += ", \"rts_options\": [";
  for (size_t i = 0; i < r.rts_options.size(); ++i) {
    if (i) out += ", ";
    append_json_string(out, r.rts_options[i]);
  }
  out += "], \"purpose\": ";
  append_json_string(out, r.purpose);
  out += ", \"censuses\": " + std::to_string(r.censuses) + ", \"profile\": ";
  append_json_string(out, r.profile);
  append_member(out, "seconds", std::round(r.seconds * 1000) / 1000);
  out += ", \"said\": ";
  append_json_string(out, r.said);
  out += '}';
}

}  // namespace

std::string explanation_json(const Explanation& e) {
  std::string out = "{\"band\": ";
  if (e.suspect) append_json_string(out, e.suspect->band);
  else out += "null";
  out += ", \"shape\": ";
  if (e.suspect) append_json_string(out, shape_token(e.suspect->shape));
  else out += "null";
  append_member(out, "peak", e.suspect ? e.suspect->peak : 0);
  append_shares(out, "made_by", e.made_by, false);
  append_shares(out, "held_by", e.held_by, true);
  append_biography(out, e.biography);
  out += ",\n  \"runs\": [";
  for (size_t i = 0; i < e.runs.size(); ++i) {
    out += i ? ",\n    " : "\n    ";
    append_run(out, e.runs[i]);
  }
  out += "],\n  \"sentence\": ";
  append_json_string(out, explanation_sentence(e));
  out += ",\n  \"note\": ";
  append_json_string(out, e.note);
  return out + "}";
}

}  // namespace hpng
