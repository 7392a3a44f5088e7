// See samples.h.
#include "hpng/stream/samples.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <sstream>

#include "base/text.h"

namespace hpng {

void MarkList::add(double time, std::string_view name) {
  if (read_++ % stride_ != 0) return;
  size_t cut = std::min(name.size(), kMostMarkName);
  while (cut > 0 && cut < name.size() && (static_cast<unsigned char>(name[cut]) & 0xC0) == 0x80) --cut;  // whole characters
  kept_.push_back({time, std::string(name.substr(0, cut))});
  if (kept_.size() < kMostMarks) return;
  for (size_t i = 1; 2 * i < kept_.size(); ++i) kept_[i] = std::move(kept_[2 * i]);
  kept_.resize(kept_.size() / 2);
  stride_ *= 2;
}

std::vector<Mark> MarkList::sorted() const {
  std::vector<Mark> out = kept_;
  std::stable_sort(out.begin(), out.end(), [](const Mark& a, const Mark& b) { return a.time < b.time; });
  return out;
}

void MarkList::warn_if_thinned(const std::string& source, const std::string& what, const std::string& over,
                               Warnings& warnings) const {
  if (!thinned()) return;
  warnings.add({Code::skipped, source, {}, 0, 0, "",
                group_digits(static_cast<double>(read_)) + " " + what + ": " + group_digits(static_cast<double>(kept())) +
                    " of them are kept, evenly over " + over + " (a chart shows one a point; memory stays bounded)"});
}

std::string breakdown_of(const ProfileInfo& info) {
  if (info.run) return info.run->breakdown;
  const std::string& job = info.header.job;
  size_t rts = job.find("+RTS");
  for (size_t at = job.find(" -h", rts); rts != std::string::npos && at != std::string::npos; at = job.find(" -h", at + 1)) {
    if (at + 3 < job.size() && std::isalpha(static_cast<unsigned char>(job[at + 3]))) return job.substr(at + 1, 3);
  }
  return "";
}

bool profiled_build(const ProfileInfo& info) { return info.header.job.find(" +RTS") != std::string::npos; }

CommandWords split_rts_words(const std::vector<std::string>& argv) {
  CommandWords words;
  bool in_rts = false, literal = false;
  for (const std::string& a : argv) {
    if (!literal && (a == "+RTS" || a == "-RTS" || a == "--RTS")) {
      in_rts = a == "+RTS", literal = a == "--RTS";
    } else {
      (in_rts ? words.rts : words.program).push_back(a);
    }
  }
  return words;
}

std::optional<uint64_t> info_table_address(std::string_view band) {
  if (!band.starts_with("0x") || band.size() < 3 || band.size() > 18) return std::nullopt;
  if (band.find_first_not_of("0123456789abcdef", 2) != std::string_view::npos) return std::nullopt;
  return std::strtoull(std::string(band.substr(2)).c_str(), nullptr, 16);
}

std::vector<std::string> program_words(const ProfileInfo& info) {
  if (info.run && !info.run->program_args.empty()) return split_rts_words(info.run->program_args).program;
  std::vector<std::string> words;
  std::istringstream in(info.header.job.substr(0, info.header.job.find(" +RTS")));
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

std::vector<std::string> restrictions_of(const ProfileInfo& info) {
  if (info.run) return info.run->restrictions;
  const std::string& job = info.header.job;
  size_t rts = job.find(" +RTS ");
  if (rts == std::string::npos) return {};
  std::vector<std::string> words;
  std::istringstream in(job.substr(rts + 6));
  for (std::string w; in >> w;) {
    bool restricts = w.size() > 3 && w.starts_with("-h") && std::string_view("cCmdyrb").find(w[2]) != std::string_view::npos;
    if (!restricts) continue;
    std::erase_if(words, [&](const std::string& was) { return was[2] == w[2]; });  // a repeat replaces it
    words.push_back(w);
  }
  return words;
}

Error profile_changed(const std::string& source) {
  return file_error(Code::input_changed, source, "the profile changed while it was being read (is a program rewriting it?)");
}

}  // namespace hpng
