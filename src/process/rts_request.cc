// See rts_request.h.
#include "process/rts_request.h"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdio>

namespace hpng {

std::vector<std::string> rts_options(const RtsRequest& r) {
  char every[32];
  std::snprintf(every, sizeof every, "-i%g", r.every);
  std::vector<std::string> o{std::string("-h") + r.breakdown};
  o.insert(o.end(), r.restrictions.begin(), r.restrictions.end());
  o.push_back(every);
  if (r.eventlog.empty()) return o;
  o.insert(o.end(), {"-l-agu", "-ol" + r.eventlog});
  if (!r.prefix.empty()) o.push_back("-po" + r.prefix);
  if (r.flush_interval) o.push_back("--eventlog-flush-interval=1");
  return o;
}

ProgramSpec with_rts_options(std::vector<std::string> argv, const std::vector<std::string>& options, bool ghc_binary,
                             std::vector<std::string> env, int terminal) {
  if (ghc_binary) {
    std::vector<std::string> rts{"+RTS"};
    rts.insert(rts.end(), options.begin(), options.end());
    rts.push_back("-RTS");
    argv.insert(argv.begin() + 1, rts.begin(), rts.end());
    return {std::move(argv), std::move(env), terminal};
  }
  std::string ours;
  for (const std::string& o : options) ours += (ours.empty() ? "" : " ") + o;
  std::string ghcrts = ours;
  for (auto it = env.begin(); it != env.end(); ++it) {
    if (!it->starts_with("GHCRTS=")) continue;
    ghcrts = it->substr(7) + " " + ours;  // the RTS reads them in order: ours win
    env.erase(it);
    break;
  }
  env.push_back("GHCRTS=" + ghcrts);
  return {std::move(argv), std::move(env), terminal};
}

std::string first_complaint(const std::string& printed, const std::string& name) {
  std::string prefix = name + ":";
  for (size_t at = 0; at < printed.size();) {
    size_t end = printed.find('\n', at);
    if (end == std::string::npos) end = printed.size();
    std::string line = printed.substr(at, end - at);
    at = end + 1;
    size_t colon = line.starts_with(prefix) ? prefix.size() - 1 : line.find(": ");
    std::string said = colon == std::string::npos ? line : line.substr(std::min(line.size(), colon + 2));
    while (!said.empty() && (said.back() == ' ' || said.back() == '\r')) said.pop_back();
    if (said.empty() || (colon == std::string::npos && line.back() == ':')) continue;
    return said.starts_with("Usage:") ? "" : said;
  }
  return "";
}

namespace {

// What `spec` prints (its output and errors) within 10 s of `clock`.
std::string printed_by(Launcher& launcher, Clock& clock, ProgramSpec spec) {
  int out = ::memfd_create("rts-answer", MFD_CLOEXEC);
  spec.output = out;
  std::unique_ptr<Program> p = launcher.start(spec);
  double until = clock.now() + 10;
  while (!p->ended() && clock.now() < until) clock.pause(0.01);
  if (!p->ended()) p->signal(SIGKILL);
  std::string printed(64 << 10, '\0');
  ssize_t n = out >= 0 ? ::pread(out, printed.data(), printed.size(), 0) : -1;
  if (out >= 0) ::close(out);
  printed.resize(n > 0 ? static_cast<size_t>(n) : 0);
  return printed;
}

}  // namespace

std::string rts_refusal(Launcher& launcher, Clock& clock, const std::string& path,
                        const std::vector<std::string>& options) {
  std::vector<std::string> argv{path, "+RTS"};
  argv.insert(argv.end(), options.begin(), options.end());
  argv.insert(argv.end(), {"-?", "-RTS"});
  return first_complaint(printed_by(launcher, clock, {argv, own_environment(), -1, -1}), path.substr(path.rfind('/') + 1));
}

RtsAnswer wrapped_rts_answer(Launcher& launcher, Clock& clock, const std::vector<std::string>& argv,
                             std::vector<std::string> options) {
  options.push_back("-?");
  std::string printed = printed_by(launcher, clock, with_rts_options(argv, options, false, own_environment(), -1));
  // "leaky: Usage: <prog> <args> ...": the name the RTS prefixes its lines with.
  size_t usage = printed.find(": Usage: <prog>");
  if (usage == std::string::npos) return {};
  size_t line = printed.rfind('\n', usage);
  std::string name = printed.substr(line == std::string::npos ? 0 : line + 1, usage - (line == std::string::npos ? 0 : line + 1));
  return {name, first_complaint(printed, name)};
}

}  // namespace hpng
