// See long_names.h.
#include "hpng/transform/long_names.h"

#include "base/text.h"

namespace hpng {

namespace {

// Names pass on cut; the ids stay, so bands whose names agree in their
// first 64 KiB stay apart (and the length keeps their names apart too,
// unless that agrees as well).
class CutSink : public SampleSink {
 public:
  CutSink(SampleSink& out, Warnings& warnings, const std::string& source)
      : out_(out), warnings_(warnings), source_(source) {}
  void band(uint32_t id, std::string_view name) override {
    if (name.size() <= kLongestText) return out_.band(id, name);
    warn("a band name", name.size());
    out_.band(id, cut_long_text(name));
  }
  void sample(const Sample& s) override { out_.sample(s); }
  void warn(const char* what, size_t size) {
    warnings_.add({Code::long_text, source_, {}, 0, 0, "",
                   std::string(what) + " of " + group_digits(static_cast<double>(size)) + " bytes is cut to its first " +
                       group_digits(static_cast<double>(kLongestText)) + " in every output"});
  }

 private:
  SampleSink& out_;
  Warnings& warnings_;
  const std::string& source_;
};

void cut(std::string& text, const char* what, CutSink& sink) {
  if (text.size() <= kLongestText) return;
  sink.warn(what, text.size());
  text = cut_long_text(text);
}

}  // namespace

std::string cut_long_text(std::string_view text) {
  if (text.size() <= kLongestText) return std::string(text);
  return std::string(utf8_prefix(text, kLongestText)) + "\u2026 (" + group_digits(static_cast<double>(text.size())) +
         " bytes)";
}

SampleSource with_long_text_cut(SampleSource source, std::string name) {
  return [source = std::move(source), name = std::move(name)](SampleSink& out, Warnings& warnings) {
    CutSink sink(out, warnings, name);
    ProfileInfo info = source(sink, warnings);
    cut(info.header.job, "JOB", sink);
    cut(info.header.date, "DATE", sink);
    for (Mark& m : info.marks) cut(m.name, "a mark's name", sink);
    return info;
  };
}

}  // namespace hpng
