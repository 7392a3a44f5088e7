// See band_filter.h.
#include "hpng/transform/band_filter.h"

#include <re2/re2.h>

#include "transform/band_remap.h"
#include "transform/pattern_errors.h"

namespace hpng {

namespace {

// RE2 matches in time linear in the name, without recursion, whatever the
// pattern: a long name or a pathological pattern costs no more.
bool matches(const Pattern& re, std::string_view name) { return re2::RE2::PartialMatch(name, *re); }

bool any_matches(const std::vector<Pattern>& res, std::string_view name) {
  for (const Pattern& re : res) {
    if (matches(re, name)) return true;
  }
  return false;
}

// The name a band goes on under, or none.
std::optional<std::string> filtered_name(const BandFilter& f, std::string_view name) {
  if (!f.include.empty() && !any_matches(f.include, name)) return std::nullopt;
  if (any_matches(f.exclude, name)) return std::nullopt;
  for (const auto& [re, merged] : f.merge) {
    if (matches(re, name)) return merged;
  }
  return std::string(name);
}

class FilterStep : public StreamStep {
 public:
  FilterStep(SampleSink& out, std::shared_ptr<const BandFilter> f) : StreamStep(out), f_(std::move(f)) {}
  void band(uint32_t id, std::string_view name) override {
    remap_.declare(id, filtered_name(*f_, name));
    if (examples_.size() < 3) examples_.emplace_back(name);
    ++bands_;
  }
  void sample(const Sample& s) override { remap_.pass_on(s, out()); }
  void finish(ProfileInfo& info, Warnings&) const override {
    if (bands_ > 0 && remap_.bands_passed_on() == 0) nothing_left(info);
  }
  std::unique_ptr<StreamStep> copy_to(SampleSink& out) const override { return copied(*this, out); }

 private:
  [[noreturn]] void nothing_left(const ProfileInfo& info) const {
    std::string some;
    for (const std::string& e : examples_) some += (some.empty() ? "" : ", ") + ("'" + excerpt(e, 60) + "'");
    throw file_error(Code::empty_filter, info.header.source,
                     "no band is left by --include and --exclude (the profile has " + std::to_string(bands_) +
                         " bands, e.g. " + some + ")");
  }

  BandRemap remap_;
  std::shared_ptr<const BandFilter> f_;
  size_t bands_ = 0;
  std::vector<std::string> examples_;
};

Pattern compile(const std::string& option, const std::string& pattern) {
  re2::RE2::Options o;
  o.set_log_errors(false);
  auto re = std::make_shared<const re2::RE2>(pattern, o);
  if (!re->ok()) {
    throw Error({Code::bad_pattern, "", {}, 0, 0, excerpt(pattern, 200),
                 option + ": '" + excerpt(pattern, 200) + "' is not a valid regular expression (RE2 syntax): " +
                     describe_pattern_error(pattern, *re)});
  }
  return re;
}

}  // namespace

BandFilter compile_band_filter(const std::vector<std::string>& include, const std::vector<std::string>& exclude,
                               const std::vector<std::string>& merge) {
  BandFilter f;
  for (const std::string& p : include) f.include.push_back(compile("--include", p));
  for (const std::string& p : exclude) f.exclude.push_back(compile("--exclude", p));
  for (const std::string& m : merge) {
    size_t eq = m.rfind('=');
    if (eq == std::string::npos || eq + 1 == m.size()) {
      throw usage_error(Code::bad_option, "--merge '" + m + "': expected REGEX=NAME, e.g. --merge 'Data\\.Map=Map'");
    }
    f.merge.emplace_back(compile("--merge", m.substr(0, eq)), m.substr(eq + 1));
  }
  return f;
}

StepMaker filter_step(BandFilter filter) {
  auto shared = std::make_shared<const BandFilter>(std::move(filter));
  return [shared](SampleSink& out) { return std::make_unique<FilterStep>(out, shared); };
}

}  // namespace hpng
