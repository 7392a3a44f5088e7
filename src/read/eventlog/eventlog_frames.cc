// The eventlog header: see eventlog_frames.h for the layout.
#include "read/eventlog/eventlog_frames.h"

#include <string>

#include "hpng/base/diag.h"
#include "hpng/input/file_kind.h"

namespace hpng {

namespace {

[[noreturn]] void fail(const std::string& name, size_t at, const std::string& msg) {
  throw Error({Code::bad_eventlog, name, at, 0, 0, "", msg});
}

}  // namespace

// Four marker bytes at `at`: true and past them; false when the bytes so far
// end first (before the end of the whole file).
bool EventFrames::marker(std::string_view s, size_t& at, std::string_view m, bool at_end, const char* what,
                         const std::string& name) const {
  if (s.size() - at < 4) {
    if (!at_end) return false;
    fail(name, at, std::string("the eventlog header is cut short: expected ") + what);
  }
  if (s.substr(at, 4) != m) {
    std::string other = at == 0 ? not_a_profile(s.substr(0, 4096), false) : "";
    if (!other.empty()) throw file_error(Code::not_a_profile, name, other);
    fail(name, at, std::string("expected ") + what);
  }
  at += 4;
  return true;
}

// One "etb" ... "ete" declaration at `at`.
bool EventFrames::declaration(const Input& in, std::string_view s, size_t& at, bool at_end) {
  size_t start = at;
  auto room = [&](uint64_t n, const std::string& too_long) {
    if (s.size() - at >= n) return true;
    if (!at_end) return false;
    fail(in.name, start, too_long);
  };
  const std::string cut = "the eventlog header is cut short inside an event-type declaration";
  if (!marker(s, at, std::string_view("etb\0", 4), at_end,
              "an event-type declaration (\"etb\") or the end of the list (\"hete\")", in.name) ||
      !room(8, cut)) {
    return false;
  }
  uint16_t id = static_cast<uint16_t>(be(s, at, 2));
  uint16_t size = static_cast<uint16_t>(be(s, at + 2, 2));
  uint64_t desc = be(s, at + 4, 4);
  at += 8;
  std::string type = "event type " + std::to_string(id);
  if (!room(desc, type + " declares a " + std::to_string(desc) + "-byte description, past the end of the file")) {
    return false;
  }
  at += desc;
  if (!room(4, cut)) return false;
  uint64_t extra = be(s, at, 4);
  at += 4;
  if (!room(extra, type + " declares " + std::to_string(extra) + " bytes of extra information, past the end of the file")) {
    return false;
  }
  at += extra;
  if (!marker(s, at, std::string_view("ete\0", 4), at_end, "the end of an event-type declaration (\"ete\")", in.name)) {
    return false;
  }
  if (id == 0xFFFF) fail(in.name, start, "event type 65535 is reserved for the end-of-data marker");
  sizes_[id] = size == 0xFFFF ? kVariable : size;
  return true;
}

bool EventFrames::read_header(const Input& in, std::string_view s, bool at_end) {
  size_t at = 0;
  if (!marker(s, at, "hdrb", at_end, "the eventlog header marker \"hdrb\"", in.name) ||
      !marker(s, at, "hetb", at_end, "the event-type list marker \"hetb\"", in.name)) {
    return false;
  }
  for (;;) {
    if (s.size() - at >= 4 && s.substr(at, 4) == "hete") break;
    if (!declaration(in, s, at, at_end)) return false;
  }
  at += 4;
  if (!marker(s, at, "hdre", at_end, "the end of the eventlog header (\"hdre\")", in.name) ||
      !marker(s, at, "datb", at_end, "the start of the event data (\"datb\")", in.name)) {
    return false;
  }
  pos_ = at;
  return true;
}

}  // namespace hpng
