// See long_names.h.
#include "hpng/transform/long_names.h"

#include "base/text.h"

namespace hpng {

namespace {

// Names pass on cut; the ids stay, so bands whose names agree in their
// first 64 KiB stay apart (and the length keeps their names apart too,
// unless that agrees as well).
class CutStep : public StreamStep {
 public:
  CutStep(SampleSink& out, std::string source) : StreamStep(out), source_(std::move(source)) {}
  void band(uint32_t id, std::string_view name) override {
    if (name.size() <= kLongestText) return out().band(id, name);
    warn(warnings(), "a band name", name.size());
    out().band(id, cut_long_text(name));
  }
  void sample(const Sample& s) override { out().sample(s); }
  void finish(ProfileInfo& info, Warnings& warnings) const override {
    cut(info.header.job, "JOB", warnings);
    cut(info.header.date, "DATE", warnings);
    for (Mark& m : info.marks) cut(m.name, "a mark's name", warnings);
  }
  std::unique_ptr<StreamStep> copy_to(SampleSink& out) const override { return copied(*this, out); }

 private:
  void warn(Warnings& warnings, const char* what, size_t size) const {
    warnings.add({Code::long_text, source_, {}, 0, 0, "",
                  std::string(what) + " of " + group_digits(static_cast<double>(size)) + " bytes is cut to its first " +
                      group_digits(static_cast<double>(kLongestText)) + " in every output"});
  }
  void cut(std::string& text, const char* what, Warnings& warnings) const {
    if (text.size() <= kLongestText) return;
    warn(warnings, what, text.size());
    text = cut_long_text(text);
  }

  std::string source_;
};

}  // namespace

std::string cut_long_text(std::string_view text) {
  if (text.size() <= kLongestText) return std::string(text);
  return std::string(utf8_prefix(text, kLongestText)) + "\u2026 (" + group_digits(static_cast<double>(text.size())) +
         " bytes)";
}

StepMaker long_text_step(std::string name) {
  return [name](SampleSink& out) { return std::make_unique<CutStep>(out, name); };
}

}  // namespace hpng
