// The eventlog reader (docs: eventlog-format.md). It is driven by the file's
// own header: every event is stepped over by the size the header declares
// (or its 16-bit length field), so unknown event types and fields that newer
// GHCs append are skipped, never fatal. Heap samples are assembled from the
// events in file order (they all live in the RTS's global buffer, written in
// posting order), may span blocks, and are placed at their census time: the
// event time, or for -hb the time recorded in the event. Data points stream
// to the SampleSink as they are read; only the samples' times and the band
// keys are kept. Choices made here:
//  * like the .hp, the profile gets an empty sample at time 0 and one at the
//    last event's time, so the picture has hp2ps's frame;
//  * -hc bands are named as the RTS names them in a .hp, without the
//    "(id)" prefix the eventlog cannot know, and uncut unless --ccs-length;
//  * a log cut short keeps its complete samples, with a warning;
//  * a second HEAP_PROF_BEGIN with the same breakdown continues the profile;
//    one with another breakdown ends it (the rest is ignored, with a warning);
//  * DATE is the WALL_CLOCK_TIME in UTC, so output does not depend on the
//    reader's time zone.
#include "hpng/eventlog_reader.h"

#include <algorithm>
#include <cmath>
#include <ctime>
#include <numeric>
#include <string_view>
#include <unordered_map>

#include "name_table.h"

namespace hpng {

namespace {

constexpr int kUndeclared = -2, kVariable = -1;

enum EventId : uint16_t {
  kBlockMarker = 18,
  kRtsIdentifier = 29,
  kProgramArgs = 30,
  kWallClockTime = 43,
  kUserMarker = 58,
  kHeapProfBegin = 160,
  kHeapProfCostCentre = 161,
  kHeapProfSampleBegin = 162,
  kHeapProfSampleCostCentre = 163,
  kHeapProfSampleString = 164,
  kHeapProfSampleEnd = 165,
  kHeapBioProfSampleBegin = 166,
};

// Bounded big-endian reading of one payload; reading past the end yields
// zeros and sets `short_read`, never touches memory beyond the payload.
struct Fields {
  const unsigned char* p;
  size_t n, at = 0;
  bool short_read = false;

  uint64_t uint(size_t bytes) {
    if (at > n || n - at < bytes) {
      short_read = true;
      at = n;
      return 0;
    }
    uint64_t v = 0;
    for (size_t i = 0; i < bytes; ++i) v = (v << 8) | p[at + i];
    at += bytes;
    return v;
  }
  // A NUL-terminated string; a missing NUL ends it at the payload's end.
  std::string_view view() {
    size_t start = at;
    while (at < n && p[at] != 0) ++at;
    std::string_view s(reinterpret_cast<const char*>(p) + start, at - start);
    if (at < n) ++at;
    return s;
  }
  std::string string() { return std::string(view()); }
  std::string rest() {
    std::string s(reinterpret_cast<const char*>(p) + at, n - at);
    at = n;
    return s;
  }
};

struct CostCentre {
  std::string label, module;
};

class EventlogParser {
 public:
  EventlogParser(const Input& in, const EventlogOptions& opts, SampleSink& sink)
      : in_(in), s_(reinterpret_cast<const unsigned char*>(in.data().data())), n_(in.data().size()), opts_(opts),
        sink_(sink) {}
  Profile parse();

 private:
  [[noreturn]] void fail(size_t offset, const std::string& msg) const {
    throw InputError({in_.name, "byte " + std::to_string(offset), msg});
  }
  void warn(size_t offset, const std::string& msg) {
    p_.warnings.push_back({in_.name, "byte " + std::to_string(offset), msg});
  }
  uint64_t read_be(size_t at, size_t bytes) const {
    uint64_t v = 0;
    for (size_t i = 0; i < bytes; ++i) v = (v << 8) | s_[at + i];
    return v;
  }
  void expect_marker(const char* marker, const char* what);
  void read_header();
  bool read_events();  // false when the log ended without its end marker
  // Inlined into the event loop: as a call, with Fields by value, it took
  // half the reading time.
  [[gnu::always_inline]] inline void handle(uint16_t id, uint64_t ts, Fields f, size_t at);
  void open_sample(double time, size_t at);
  void close_sample();
  uint32_t key_for(std::string_view text, bool is_stack);
  std::string stack_name(std::string_view raw_ids) const;
  void set_job(const std::vector<std::string>& args);
  void finish(bool complete);

  const Input& in_;
  const unsigned char* s_;
  size_t n_, pos_ = 0, released_ = 0;
  const EventlogOptions& opts_;
  SampleSink& sink_;
  std::vector<int> sizes_ = std::vector<int>(65536, kUndeclared);
  Profile p_;
  std::unordered_map<uint32_t, CostCentre> cost_centres_;
  // A key per distinct label (string samples) or stack (cost-centre samples,
  // by their raw ids), numbered in first-seen order across both.
  struct Key {
    bool is_stack;
    uint32_t name;          // in labels_ or stacks_
    uint32_t first_sample;  // the sample it was first seen in
  };
  NameTable labels_, stacks_;
  std::vector<uint32_t> key_of_label_, key_of_stack_;
  std::vector<Key> keys_;
  std::vector<double> sample_times_;        // complete samples, file order
  double open_time_ = 0;
  bool in_sample_ = false;
  bool seen_begin_ = false, profile_ended_ = false;
  uint32_t breakdown_ = 0;
  std::string bio_filter_;
  uint64_t period_ns_ = 0;
  uint64_t last_ts_ = 0;
  bool profiled_rts_ = false;
  std::vector<std::string> args_;
  size_t open_at_ = 0;
};

void EventlogParser::expect_marker(const char* marker, const char* what) {
  if (n_ - pos_ < 4 || pos_ > n_) fail(pos_, std::string("the eventlog header is cut short: expected ") + what);
  if (std::string_view(reinterpret_cast<const char*>(s_) + pos_, 4) != std::string_view(marker, 4)) {
    fail(pos_, std::string("expected ") + what);
  }
  pos_ += 4;
}

void EventlogParser::read_header() {
  expect_marker("hdrb", "the eventlog header marker \"hdrb\"");
  expect_marker("hetb", "the event-type list marker \"hetb\"");
  for (;;) {
    if (n_ - pos_ >= 4 && std::string_view(reinterpret_cast<const char*>(s_) + pos_, 4) == "hete") {
      pos_ += 4;
      break;
    }
    size_t at = pos_;
    expect_marker("etb\0", "an event-type declaration (\"etb\") or the end of the list (\"hete\")");
    if (n_ - pos_ < 8) fail(at, "the eventlog header is cut short inside an event-type declaration");
    uint16_t id = static_cast<uint16_t>(read_be(pos_, 2));
    uint16_t size = static_cast<uint16_t>(read_be(pos_ + 2, 2));
    uint64_t desc = read_be(pos_ + 4, 4);
    pos_ += 8;
    if (desc > n_ - pos_) fail(at, "event type " + std::to_string(id) + " declares a " + std::to_string(desc) + "-byte description, past the end of the file");
    pos_ += desc;
    if (n_ - pos_ < 4) fail(at, "the eventlog header is cut short inside an event-type declaration");
    uint64_t extra = read_be(pos_, 4);
    pos_ += 4;
    if (extra > n_ - pos_) fail(at, "event type " + std::to_string(id) + " declares " + std::to_string(extra) + " bytes of extra information, past the end of the file");
    pos_ += extra;
    expect_marker("ete\0", "the end of an event-type declaration (\"ete\")");
    if (id == 0xFFFF) fail(at, "event type 65535 is reserved for the end-of-data marker");
    sizes_[id] = size == 0xFFFF ? kVariable : size;
  }
  expect_marker("hdre", "the end of the eventlog header (\"hdre\")");
  expect_marker("datb", "the start of the event data (\"datb\")");
}

bool EventlogParser::read_events() {
  for (;;) {
    size_t at = pos_;
    if (n_ - pos_ < 2) return false;
    uint16_t id = static_cast<uint16_t>(read_be(pos_, 2));
    if (id == 0xFFFF) return true;
    int size = sizes_[id];
    if (size == kUndeclared) {
      if (sample_times_.empty() && !in_sample_) fail(at, "event type " + std::to_string(id) + " is not declared in the header (is the file damaged?)");
      warn(at, "event type " + std::to_string(id) + " is not declared in the header (is the file damaged?); reading stopped here");
      return false;
    }
    size_t head = size == kVariable ? 12 : 10;
    if (n_ - pos_ < head) return false;
    uint64_t ts = read_be(pos_ + 2, 8);
    size_t len = size == kVariable ? static_cast<size_t>(read_be(pos_ + 10, 2)) : static_cast<size_t>(size);
    if (len > n_ - pos_ - head) return false;
    pos_ += head + len;
    if (pos_ - released_ > (size_t{8} << 20)) {  // keep the mapped input from piling up
      released_ = pos_ - (size_t{4} << 20);
      in_.release(released_);
    }
    last_ts_ = std::max(last_ts_, ts);
    handle(id, ts, Fields{s_ + at + head, len}, at);
  }
}

void EventlogParser::open_sample(double time, size_t at) {
  if (in_sample_) close_sample();  // an open sample without END is closed by this one
  in_sample_ = true;
  labels_.start_sample();
  stacks_.start_sample();
  open_time_ = time;
  open_at_ = at;
}

void EventlogParser::close_sample() {
  sample_times_.push_back(open_time_);
  sink_.end_sample();
  in_sample_ = false;
}

// `text`: a label, or a stack's raw ids, as a view of the event's payload.
uint32_t EventlogParser::key_for(std::string_view text, bool is_stack) {
  NameTable& table = is_stack ? stacks_ : labels_;
  std::vector<uint32_t>& key_of = is_stack ? key_of_stack_ : key_of_label_;
  uint32_t name = table.find_or_add(text);
  if (name == key_of.size()) {  // new
    key_of.push_back(static_cast<uint32_t>(keys_.size()));
    keys_.push_back({is_stack, name, static_cast<uint32_t>(sample_times_.size())});
  }
  return key_of[name];
}

// The RTS's .hp name of a cost-centre stack: labels innermost first joined
// by '/', a CAF as <module>.CAF, the MAIN stack (depth 0) as MAIN.
std::string EventlogParser::stack_name(std::string_view raw_ids) const {
  std::vector<uint32_t> ids(raw_ids.size() / 4);
  for (size_t i = 0; i < ids.size(); ++i) {
    for (size_t j = 0; j < 4; ++j) ids[i] = (ids[i] << 8) | static_cast<unsigned char>(raw_ids[4 * i + j]);
  }
  if (ids.empty()) return "MAIN";
  std::string name;
  for (size_t i = 0; i < ids.size(); ++i) {
    auto it = cost_centres_.find(ids[i]);
    std::string label = it == cost_centres_.end() ? "<cost centre " + std::to_string(ids[i]) + ">" : it->second.label;
    if (it != cost_centres_.end() && label == "CAF") {
      name += it->second.module + ".CAF";
      continue;
    }
    name += label;
    if (i + 1 < ids.size()) name += '/';
  }
  size_t limit = static_cast<size_t>(opts_.ccs_length);
  if (limit >= 4 && name.size() > limit) name = name.substr(0, limit - 4) + "...";
  return name;
}

void EventlogParser::handle(uint16_t id, uint64_t ts, Fields f, size_t at) {
  switch (id) {
    case kRtsIdentifier: {
      f.uint(4);
      std::string ident = f.rest();  // "GHC-9.0.2 rts_p": is the way profiled?
      std::string way = ident.substr(ident.find(' ') == std::string::npos ? ident.size() : ident.find(' ') + 1);
      size_t start = 0;
      while (start <= way.size()) {
        size_t end = way.find('_', start);
        if (end == std::string::npos) end = way.size();
        if (way.compare(start, end - start, "p") == 0) profiled_rts_ = true;
        start = end + 1;
      }
      break;
    }
    case kProgramArgs: {
      f.uint(4);
      args_.clear();
      while (f.at < f.n) args_.push_back(f.string());
      break;
    }
    case kWallClockTime: {
      f.uint(4);
      time_t secs = static_cast<time_t>(f.uint(8));
      if (f.short_read) break;
      struct tm tm;
      char buf[64];
      if (gmtime_r(&secs, &tm) && std::strftime(buf, sizeof buf, "%a %b %e %H:%M %Y", &tm)) p_.date = buf;
      break;
    }
    case kUserMarker:
      if (seen_begin_) p_.marks.push_back(static_cast<double>(ts) / 1e9);
      break;
    case kHeapProfBegin: {
      f.uint(1);
      uint64_t period = f.uint(8);
      uint32_t breakdown = static_cast<uint32_t>(f.uint(4));
      std::string filters[7];
      for (std::string& s : filters) s = f.string();
      if (seen_begin_ && breakdown != breakdown_) {
        warn(at, "the heap profile restarts with breakdown " + std::to_string(breakdown) + " (was " +
                     std::to_string(breakdown_) + "); only the first profile is drawn");
        if (in_sample_) close_sample();
        profile_ended_ = true;
        break;
      }
      seen_begin_ = true;
      breakdown_ = breakdown;
      period_ns_ = period;
      bio_filter_ = filters[6];
      break;
    }
    case kHeapProfCostCentre: {
      uint32_t cc = static_cast<uint32_t>(f.uint(4));
      std::string label = f.string();
      std::string module = f.string();
      cost_centres_[cc] = {label, module};  // a redefinition: the last wins
      break;
    }
    case kHeapProfSampleBegin:
      if (!profile_ended_) open_sample(static_cast<double>(ts) / 1e9, at);
      break;
    case kHeapBioProfSampleBegin: {
      f.uint(8);
      uint64_t t = f.uint(8);
      if (!profile_ended_) open_sample(static_cast<double>(f.short_read ? ts : t) / 1e9, at);
      break;
    }
    case kHeapProfSampleCostCentre: {
      if (!in_sample_) break;
      f.uint(1);
      double value = static_cast<double>(f.uint(8));
      size_t depth = static_cast<size_t>(f.uint(1));
      if (f.short_read || depth * 4 > f.n - f.at) {
        warn(at, "a cost-centre sample event is shorter than its stack; skipped");
        break;
      }
      sink_.point(key_for({reinterpret_cast<const char*>(f.p) + f.at, depth * 4}, true), value);
      break;
    }
    case kHeapProfSampleString: {
      if (!in_sample_) break;
      f.uint(1);
      double value = static_cast<double>(f.uint(8));
      std::string_view label = f.view();
      if (f.short_read) break;
      sink_.point(key_for(label, false), value);
      break;
    }
    case kHeapProfSampleEnd:
      if (in_sample_) close_sample();
      break;
    default:  // block markers, scheduler, GC, IPE, ...: not needed here
      break;
  }
}

void EventlogParser::set_job(const std::vector<std::string>& args) {
  if (args.empty()) {
    p_.job = "(unknown program)";
    return;
  }
  std::string prog = args[0].substr(args[0].rfind('/') == std::string::npos ? 0 : args[0].rfind('/') + 1);
  if (!profiled_rts_) {
    p_.job = prog;
    return;
  }
  // The profiling RTS writes the program's own arguments, then +RTS and the
  // RTS options (+RTS ... -RTS blocks; --RTS ends option processing).
  std::string job = prog, rts;
  bool in_rts = false, literal = false;
  for (size_t i = 1; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (!literal && a == "--RTS") {
      literal = true;
    } else if (!literal && a == "+RTS") {
      in_rts = true;
    } else if (!literal && a == "-RTS") {
      in_rts = false;
    } else {
      (in_rts ? rts : job) += " " + a;
    }
  }
  p_.job = job + " +RTS" + rts;
}

void EventlogParser::finish(bool complete) {
  if (!seen_begin_) {
    throw InputError({in_.name, "", "no heap profile in this eventlog: run the program with +RTS -hT -l "
                                    "(or -hc -l, -hy -l, ... on a profiled build)"});
  }
  if (in_sample_) {  // its END never came: the log was cut inside a census
    if (sizes_[kHeapProfSampleEnd] != kUndeclared) {
      warn(open_at_, "the last heap sample is incomplete (no HEAP_PROF_SAMPLE_END); ignored");
    } else {
      close_sample();  // logs without END events end their samples by the next
    }
  }
  size_t n = sample_times_.size();
  if (!complete) {
    warn(pos_, "the eventlog ends without its end marker (was the program killed?); the " + std::to_string(n) +
                   " complete heap samples are drawn");
  }
  if (n == 0) {
    throw InputError({in_.name, "", "the heap profile in this eventlog has no complete samples (the program "
                                    "ended before its first census: run it longer or with a smaller -i)"});
  }
  if (!bio_filter_.empty() && breakdown_ != 6) {
    warn(0, "a biography filter (-hb" + bio_filter_ + ") makes the RTS write every census at exit without its "
            "time; samples are spaced by the sampling interval instead");
    double step = period_ns_ ? static_cast<double>(period_ns_) / 1e9 : 0.1;
    for (size_t i = 0; i < n; ++i) sample_times_[i] = static_cast<double>(i + 1) * step;
  }
  // Samples in time order (-hb samples come out of order), after the .hp's
  // empty first sample at 0; its empty last one comes at the last event.
  std::vector<uint32_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](uint32_t a, uint32_t b) { return sample_times_[a] < sample_times_[b]; });
  p_.times.push_back(0);
  p_.slot_of_sample.resize(n);
  for (uint32_t r = 0; r < n; ++r) {
    p_.slot_of_sample[order[r]] = r + 1;
    p_.times.push_back(sample_times_[order[r]]);
  }
  p_.times.push_back(std::max(static_cast<double>(last_ts_) / 1e9, p_.times.back()));
  // Names: stacks resolved now that every cost centre has been seen. Two
  // keys with one name share a band, as repeated names do in a .hp. Keys
  // first seen in a dropped sample have no band.
  std::unordered_map<std::string, uint32_t> by_name;
  p_.band_of_key.assign(keys_.size(), kNoBand);
  for (size_t k = 0; k < keys_.size(); ++k) {
    const Key& key = keys_[k];
    if (key.first_sample >= n) continue;
    std::string name = key.is_stack ? stack_name(stacks_.name(key.name)) : std::string(labels_.name(key.name));
    auto [it, added] = by_name.emplace(name, static_cast<uint32_t>(p_.band_names.size()));
    if (added) p_.band_names.push_back(name);
    p_.band_of_key[k] = it->second;
  }
  set_job(args_);
}

Profile EventlogParser::parse() {
  p_.input_format = "eventlog";
  p_.source = in_.name;
  p_.sample_unit = "seconds";
  p_.value_unit = "bytes";
  p_.date = "(no date)";
  read_header();
  bool complete = read_events();
  finish(complete);
  return std::move(p_);
}

}  // namespace

Profile read_eventlog(const Input& in, const EventlogOptions& opts, SampleSink& sink) {
  return EventlogParser(in, opts, sink).parse();
}

}  // namespace hpng
