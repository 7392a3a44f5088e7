// The eventlog reader: assembles heap samples from the events that
// eventlog_frames.h steps through and eventlog_events.h decodes. A census
// is HEAP_PROF_SAMPLE_BEGIN (or, for -hb, HEAP_BIO_PROF_SAMPLE_BEGIN), one
// event per band (HEAP_PROF_SAMPLE_COST_CENTRE for -hc, _STRING for every
// other breakdown), then HEAP_PROF_SAMPLE_END (GHC 8.10 on; before that a
// sample ends at the next BEGIN, or at the end-of-data marker). These all
// live in the RTS's global buffer, written in posting order, so file order
// is census order even when a census spans blocks. A sample is placed at
// its census time: the event's time, or for -hb the time the event records
// (biographical censuses are all written at exit, so they are held and
// delivered in time order at the end). Choices made here:
//  * like the .hp, the profile gets an empty sample at time 0 and one at the
//    last event's time, so the picture has hp2ps's frame;
//  * -hc bands are one per cost-centre stack, named as the RTS names them in
//    a .hp but without the "(id)" prefix the eventlog cannot know (and with
//    shared labels told apart: cost_centres.h), uncut unless --ccs-length;
//  * a log cut short keeps its complete samples, with a warning: without its
//    end marker, a sample is complete only when its END (or, before GHC
//    8.10, the next BEGIN) came;
//  * a second HEAP_PROF_BEGIN with the same breakdown continues the profile;
//    one with another breakdown ends it (the rest is ignored, with a warning);
//  * traceMarker events are marks, wherever in the log they are (a
//    capability's block is often written before the global one);
//  * -hi bands are named from the log's IPE records (ipe_names.h).
#include "hpng/read/eventlog_reader.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "base/text.h"
#include "read/eventlog/cost_centres.h"
#include "read/eventlog/eventlog_events.h"
#include "read/eventlog/eventlog_frames.h"
#include "read/eventlog/eventlog_job.h"
#include "read/eventlog/heap_series.h"
#include "read/eventlog/ipe_names.h"
#include "stream/name_table.h"

namespace hpng {

namespace {

// A key per distinct label (string samples) or stack (cost-centre samples,
// by their raw ids), numbered in first-seen order across both; a band per
// key, announced when a complete sample first has it. A name that another
// band already has (a --ccs-length cut that made two stacks alike, a cost
// centre never defined) gets " (2)", " (3)", ...: bands are never merged.
class BandKeys {
 public:
  uint32_t key(std::string_view text, bool is_stack) {
    NameTable& table = is_stack ? stacks_ : labels_;
    std::vector<uint32_t>& key_of = is_stack ? key_of_stack_ : key_of_label_;
    uint32_t name = table.find_or_add(text);
    if (name == key_of.size()) {  // new
      key_of.push_back(static_cast<uint32_t>(keys_.size()));
      keys_.push_back({is_stack, name});
      band_of_key_.push_back(kNone);
    }
    return key_of[name];
  }
  void start_sample() {
    labels_.start_sample();
    stacks_.start_sample();
  }
  // A HEAP_PROF_SAMPLE_STRING payload whose label is the predicted one:
  // its key, else kNone.
  uint32_t predicted_label(std::string_view payload) {
    size_t length = 0;
    std::string_view label = payload.substr(std::min<size_t>(payload.size(), events::kBandLabelAt));
    uint32_t name = labels_.predicted(label, [](char c) { return c == '\0'; }, length);
    if (name == NameTable::kNone) return kNone;
    labels_.take(name);
    return key_of_label_[name];
  }
  static constexpr uint32_t kNone = UINT32_MAX;
  // `ipe`: a -hi profile's records (each band's goes into `tables`), else null.
  uint32_t band(uint32_t key, const CostCentres& ccs, size_t cut, const IpeNames* ipe,
                std::map<std::string, InfoTable>& tables, SampleSink& sink) {
    if (band_of_key_[key] != kNone) return band_of_key_[key];
    const Key& k = keys_[key];
    std::string name = k.is_stack ? ccs.stack_name(stacks_.name(k.name), cut)
                       : ipe      ? ipe->name(labels_.name(k.name))
                                  : std::string(labels_.name(k.name));
    if (!names_.insert(name).second) name = with_free_suffix(unsuffixed(name));
    if (std::optional<InfoTable> t = ipe && !k.is_stack ? ipe->table(labels_.name(k.name)) : std::nullopt) {
      tables[name] = std::move(*t);
    }
    uint32_t id = bands_++;
    sink.band(id, name);
    return band_of_key_[key] = id;
  }

 private:
  struct Key {
    bool is_stack;
    uint32_t name;  // in labels_ or stacks_
  };
  // "base (n)" for the least n from 2 not taken. Every n below the one
  // remembered for a base is taken (names are never removed), so the search
  // starts there: 40,000 stacks cut to one name cost 40,000 tries, not 800
  // million.
  std::string with_free_suffix(const std::string& base) {
    int& n = next_suffix_.try_emplace(base, 2).first->second;
    std::string name;
    do name = base + " (" + std::to_string(n++) + ")";
    while (!names_.insert(name).second);
    return name;
  }
  std::string unsuffixed(const std::string& name) const {
    size_t open = name.rfind(" (");
    return open != std::string::npos && name.back() == ')' && names_.count(name.substr(0, open)) ? name.substr(0, open) : name;
  }
  NameTable labels_, stacks_;
  std::vector<uint32_t> key_of_label_, key_of_stack_, band_of_key_;
  std::vector<Key> keys_;
  std::unordered_set<std::string> names_;
  std::unordered_map<std::string, int> next_suffix_;
  uint32_t bands_ = 0;
};

struct HeldSample {
  double time;
  std::vector<DataPoint> points;  // by key
};

std::string breakdown_flag(uint32_t code) {
  static const char* const flags[] = {"", "-hc", "-hm", "-hd", "-hy", "-hr", "-hb", "-hT", "-hi", "-he"};
  return code < std::size(flags) && code > 0 ? flags[code] : "breakdown " + std::to_string(code);
}

double seconds(uint64_t ns) { return static_cast<double>(ns) / 1e9; }

}  // namespace

class EventlogParser {
 public:
  explicit EventlogParser(const EventlogOptions& opts) : opts_(opts) {}
  // With the log's records found before reading (ipe_records): those met
  // while reading are not kept again.
  EventlogParser(const EventlogOptions& opts, IpeNames ipe) : opts_(opts), ipe_(std::move(ipe)), ipe_given_(true) {}
  size_t feed(const Input& in, std::string_view bytes, size_t base, bool at_end, SampleSink& sink,
              Warnings& warnings);
  ProfileInfo info() const;
  // On a copy, so that this parser reads on: finish() changes what it holds.
  void end_here(const Input& in, std::string_view bytes, size_t base, SampleSink& sink, Warnings& warnings) const {
    EventlogParser(*this).feed(in, bytes, base, true, sink, warnings);
  }

 private:
  void warn(Code code, size_t offset, const std::string& msg) {
    warnings_->add({code, in_->name, offset, 0, 0, "", msg});
  }
  [[noreturn]] void fail(const std::string& msg) const { throw file_error(Code::no_samples, in_->name, msg); }
  void read_events(bool at_end);
  bool skip_damage(size_t at);
  // Inlined into the event loop: as a call it took half the reading time.
  [[gnu::always_inline]] inline void handle(const Event& e);
  void run_event(const Event& e);
  void gc_event(const Event& e);
  void profile_begin(const Event& e);
  void open_sample(double time, size_t at);
  void stack_point(const Event& e);
  void string_point(const Event& e);
  void close_sample();
  void deliver(double time, std::vector<DataPoint>& points);
  void finish();
  void end_open_sample();
  void no_complete_sample();
  void deliver_held();

  const EventlogOptions opts_;
  const Input* in_ = nullptr;  // this feed's
  std::string source_;         // the file's name, kept for info()
  std::string_view bytes_;  // this feed's, from base_ in the file
  size_t base_ = 0;
  SampleSink* sink_ = nullptr;
  Warnings* warnings_ = nullptr;
  EventFrames frames_;
  bool header_read_ = false, ended_ = false;
  size_t stopped_at_ = SIZE_MAX;  // an undeclared event type: reading stopped
  CostCentres ccs_;
  IpeNames ipe_;  // found before reading, else as they come
  bool ipe_given_ = false;
  std::map<std::string, InfoTable> tables_;  // the -hi bands' records
  BandKeys keys_;
  bool seen_begin_ = false, profile_ended_ = false;
  events::HeapProfBegin begin_{0, 0, ""};
  bool in_sample_ = false;
  double open_time_ = 0;
  size_t open_at_ = 0;
  std::vector<DataPoint> open_;     // by key until delivered
  std::vector<HeldSample> held_;    // biographical censuses
  size_t closed_ = 0;               // complete censuses
  size_t delivered_ = 0;            // samples delivered, the empty ones too
  double last_time_ = 0;            // of the last sample delivered
  uint64_t last_ts_ = 0;            // the latest event time
  int capability_ = -1;             // of the current block (-1: none)
  size_t block_end_ = 0;
  HeapSeries heap_;
  RunInfo run_;
  std::string date_ = "(no date)";
  MarkList marks_;
};

void EventlogParser::profile_begin(const Event& e) {
  if (profile_ended_) return;
  events::HeapProfBegin b = events::heap_prof_begin(e.payload);
  if (seen_begin_ && b.breakdown != begin_.breakdown) {
    warn(Code::skipped, e.offset, "the heap profile restarts with breakdown " + std::to_string(b.breakdown) + " (was " +
                       std::to_string(begin_.breakdown) + "); only the first profile is drawn");
    if (in_sample_) close_sample();
    profile_ended_ = true;
    return;
  }
  seen_begin_ = true;
  begin_ = std::move(b);
}

void EventlogParser::open_sample(double time, size_t at) {
  if (profile_ended_) return;
  if (in_sample_) close_sample();  // an open sample without END is closed by this one
  in_sample_ = true;
  keys_.start_sample();
  open_time_ = time;
  open_at_ = at;
}

void EventlogParser::stack_point(const Event& e) {
  std::optional<events::BandSample> s = events::stack_sample(e.payload);
  if (!s) {
    warn(Code::skipped, e.offset, "a cost-centre sample event is shorter than its stack; skipped");
    return;
  }
  open_.push_back({keys_.key(s->key, true), s->value});
}

// Most labels are the one the previous census had here: compared first,
// up to the NUL that must follow it, before any decoding.
void EventlogParser::string_point(const Event& e) {
  if (uint32_t key = keys_.predicted_label(e.payload); key != BandKeys::kNone) {
    open_.push_back({key, static_cast<double>(events::band_value(e.payload))});
    return;
  }
  std::optional<events::BandSample> s = events::string_sample(e.payload);
  if (s) open_.push_back({keys_.key(s->key, false), s->value});
}

// A biography filter (-hc -hbdrag,void) makes the RTS write every census at
// exit with plain SAMPLE_BEGINs, whose times are all the exit time: such
// censuses are spaced by the sampling interval instead (warned at the end).
void EventlogParser::close_sample() {
  in_sample_ = false;
  ++closed_;
  if (begin_.breakdown == events::kBreakdownBiography) {
    held_.push_back({open_time_, std::move(open_)});
    open_.clear();
    return;
  }
  double time = open_time_;
  if (!begin_.bio_filter.empty()) {
    time = static_cast<double>(closed_) * (begin_.period_ns ? seconds(begin_.period_ns) : 0.1);
  }
  deliver(time, open_);
  open_.clear();
}

// Points come in by key and go out by band. The first sample delivered is
// preceded by the empty one at time 0; times never go back.
void EventlogParser::deliver(double time, std::vector<DataPoint>& points) {
  if (delivered_++ == 0) {
    sink_->sample({0, {}});
    ++delivered_;
  }
  size_t cut = static_cast<size_t>(opts_.ccs_length);
  const IpeNames* ipe = begin_.breakdown == events::kBreakdownInfoTable ? &ipe_ : nullptr;
  for (DataPoint& p : points) p.band = keys_.band(p.band, ccs_, cut, ipe, tables_, *sink_);
  last_time_ = std::max(last_time_, time);
  sink_->sample({last_time_, points});
}

// Events about the run rather than the heap profile.
void EventlogParser::run_event(const Event& e) {
  switch (e.id) {
    case events::kRtsIdentifier: run_.rts = events::rts_identifier(e.payload); break;
    case events::kProgramArgs: run_.program_args = events::program_args(e.payload); break;
    case events::kWallClockTime:
      if (std::optional<time_t> secs = events::wall_clock_seconds(e.payload)) date_ = rts_date(*secs);
      break;
    case events::kHeapInfoGhc:
      if (std::optional<events::HeapInfo> h = events::heap_info(e.payload); h && run_.generations == 0) {
        run_.generations = h->generations, run_.max_heap = h->max_heap, run_.allocation_area = h->allocation_area;
        run_.megablock = h->megablock, run_.block = h->block;
      }
      break;
    case events::kIpe:
      // Records name only -hi bands (a -hT log of a -finfo-table-map build
      // has a million that name nothing).
      if (ipe_given_ || (seen_begin_ && begin_.breakdown != events::kBreakdownInfoTable)) break;
      if (std::optional<events::IpeRecord> r = events::ipe(e.payload)) ipe_.add(std::move(*r));
      break;
    case events::kUserMarker: marks_.add(seconds(e.time), events::marker_name(e.payload)); break;
    case events::kBlockMarker: {
      events::Block b = events::block(e.payload);
      capability_ = b.capability == 0xFFFF ? -1 : b.capability;
      block_end_ = e.offset + b.size;
      break;
    }
    default: gc_event(e);
  }
}

void EventlogParser::gc_event(const Event& e) {
  if (e.id != events::kHeapSize && e.id != events::kHeapLive && e.id != events::kBlocksSize &&
      e.id != events::kHeapAllocated) {
    return;  // scheduler, GC phases, IPE, ...: not needed here
  }
  if (std::optional<events::HeapFigure> h = events::heap_figure(e.payload)) {
    heap_.add(e.id, h->capset, e.offset < block_end_ ? capability_ : -1, seconds(e.time), h->bytes);
  }
}

void EventlogParser::handle(const Event& e) {
  switch (e.id) {
    case events::kHeapProfBegin: profile_begin(e); break;
    case events::kHeapProfCostCentre: ccs_.define(events::cost_centre(e.payload)); break;
    case events::kHeapProfSampleBegin: open_sample(seconds(e.time), e.offset); break;
    case events::kHeapBioProfSampleBegin:
      open_sample(seconds(events::bio_census_time(e.payload).value_or(e.time)), e.offset);
      break;
    case events::kHeapProfSampleCostCentre:
      if (in_sample_) stack_point(e);
      break;
    case events::kHeapProfSampleString:
      if (in_sample_) string_point(e);
      break;
    case events::kHeapProfSampleEnd:
      if (in_sample_) close_sample();
      break;
    default: run_event(e);
  }
}

// Bytes inside a block that are no events (an undeclared type, or an event
// running past the block's end): GHC 9.6-9.10 wrote such stretches (GHC
// #25165, #26222). The block's marker says where the next block starts:
// reading goes on there, and a census the stretch cut is dropped.
bool EventlogParser::skip_damage(size_t at) {
  if (at >= block_end_) return false;
  warn(Code::skipped, at, "bytes " + std::to_string(at) + " to " + std::to_string(block_end_) +
                              " of this block are not events (the log is damaged there); skipped to the next block" +
                              (in_sample_ ? ", with the heap sample they cut" : ""));
  if (in_sample_) in_sample_ = false, open_.clear();
  frames_.skip_to(block_end_);
  return true;
}

void EventlogParser::read_events(bool at_end) {
  for (Event e; stopped_at_ == SIZE_MAX;) {
    switch (frames_.next(bytes_, base_, e)) {
      case EventFrames::Next::event:
        if (e.offset < block_end_ && frames_.position() > block_end_ && skip_damage(e.offset)) break;
        last_ts_ = std::max(last_ts_, e.time);
        handle(e);
        break;
      case EventFrames::Next::end_marker: ended_ = true; return;
      case EventFrames::Next::more:
        // At the file's end, an event that runs past it from inside a block
        // whose end is in the file is damage, not a cut-off log: the log
        // goes on at the next block.
        if (at_end && block_end_ < base_ + bytes_.size() && skip_damage(frames_.position())) break;
        return;
      case EventFrames::Next::undeclared:
        if (!skip_damage(frames_.position())) stopped_at_ = frames_.position();
        if (stopped_at_ != SIZE_MAX) return;
        break;
    }
  }
}

void EventlogParser::deliver_held() {
  std::stable_sort(held_.begin(), held_.end(), [](const HeldSample& a, const HeldSample& b) { return a.time < b.time; });
  for (HeldSample& h : held_) deliver(h.time, h.points);
  held_.clear();
}

// A census whose END never came: complete only in a pre-8.10 log (no END
// events) that reached its end marker; otherwise the log was cut inside it.
void EventlogParser::end_open_sample() {
  if (!in_sample_) return;
  if (ended_ && !frames_.declared(events::kHeapProfSampleEnd)) return close_sample();
  warn(Code::cut_short, open_at_, ended_ ? "the last heap sample has no HEAP_PROF_SAMPLE_END; ignored"
                        : "the log ends inside a heap sample (was the program killed?); that sample is ignored");
  in_sample_ = false;
  open_.clear();
}

// What is true of a log without a complete heap sample. With --heap-lines
// and the GC's figures, the lines are drawn alone.
void EventlogParser::no_complete_sample() {
  std::string why;
  if (!ended_ && stopped_at_ == SIZE_MAX) {
    why = "the eventlog ends before its first complete heap sample: the program may still be running, or was "
          "killed before the RTS wrote its census out (it writes events in blocks, when one is full and at exit)";
  } else if (!seen_begin_) {
    why = "no heap profile in this eventlog: run the program with +RTS -hT -l (or -hc -l, -hy -l, ... on a "
          "profiled build)";
  } else {
    why = "the heap profile in this eventlog has no complete samples (the program ended before its first census: "
          "run it longer or with a smaller -i)";
  }
  if (stopped_at_ != SIZE_MAX) {
    why += "; reading stopped at byte " + std::to_string(stopped_at_) + ": event type " +
           std::to_string(frames_.id_at(bytes_, base_)) + " is not declared in the header (an eventlog from an older GHC, "
           "or a damaged one?)";
  }
  if (heap_.empty()) fail(why);
  if (!opts_.heap_lines) fail(why + "; it has the GC's heap sizes, which --heap-lines draws");
  warnings_->add({Code::no_data, in_->name, {}, 0, 0, "", why + "; only the heap's own lines are drawn"});
  std::vector<DataPoint> none;
  deliver(seconds(last_ts_), none);
}

void EventlogParser::finish() {
  end_open_sample();
  if (stopped_at_ != SIZE_MAX && closed_ > 0) {
    warn(Code::skipped, stopped_at_, "event type " + std::to_string(frames_.id_at(bytes_, base_)) +
                          " is not declared in the header (is the file damaged?); reading stopped here");
  }
  if (!ended_ && closed_ > 0) {
    warn(Code::unfinished, frames_.position(), "the eventlog ends without its end marker (was the program killed?); the " +
                                 std::to_string(closed_) + " complete heap samples are drawn");
  }
  if (closed_ == 0) return no_complete_sample();
  if (!begin_.bio_filter.empty() && begin_.breakdown != events::kBreakdownBiography) {
    warn(Code::held_censuses, 0, "a biography filter (-hb" + begin_.bio_filter + ") makes the RTS write every census at exit without its "
            "time; samples are spaced by the sampling interval instead");
  }
  if (marks_.thinned()) {
    warnings_->add({Code::skipped, in_->name, {}, 0, 0, "",
                    group_digits(static_cast<double>(marks_.read())) + " traceMarker marks: " +
                        group_digits(static_cast<double>(marks_.kept())) +
                        " of them are kept, evenly over the log (a chart shows one a point; memory stays bounded)"});
  }
  deliver_held();
  std::vector<DataPoint> none;
  deliver(seconds(last_ts_), none);  // the .hp's closing empty sample
}

size_t EventlogParser::feed(const Input& in, std::string_view bytes, size_t base, bool at_end, SampleSink& sink,
                            Warnings& warnings) {
  in_ = &in;
  source_ = in.name;
  bytes_ = bytes;
  base_ = base;
  sink_ = &sink;
  warnings_ = &warnings;
  if (!header_read_) header_read_ = frames_.read_header(in, bytes, at_end);
  if (header_read_ && !ended_) read_events(at_end);
  if (at_end) finish();
  // Past a damaged stretch the next event may lie beyond these bytes.
  return ended_ ? in.size() : std::min(frames_.position(), base + bytes.size());
}

ProfileInfo EventlogParser::info() const {
  bool profiled = events::profiled_way(run_.rts);
  ProfileInfo p{{rts_job(run_.program_args, profiled), date_, "seconds", "bytes", "eventlog", source_},
                marks_.sorted(), heap_.lines(), run_, ended_, tables_};
  p.run->sampling_interval = seconds(begin_.period_ns);
  p.run->breakdown = seen_begin_ ? breakdown_flag(begin_.breakdown) : "";
  p.run->ipe_records = ipe_.size();
  return p;
}

EventlogReader::EventlogReader(const EventlogOptions& opts) : parser_(std::make_unique<EventlogParser>(opts)) {}
EventlogReader::~EventlogReader() = default;

size_t EventlogReader::feed(const Input& in, std::string_view bytes, size_t base, bool at_end, SampleSink& sink,
                            Warnings& warnings) {
  return parser_->feed(in, bytes, base, at_end, sink, warnings);
}
void EventlogReader::end_here(const Input& in, std::string_view bytes, size_t base, SampleSink& sink,
                              Warnings& warnings) const {
  parser_->end_here(in, bytes, base, sink, warnings);
}
ProfileInfo EventlogReader::info() const { return parser_->info(); }

BandNamer ipe_band_namer(const Input& eventlog) {
  if (sniff_format(eventlog.head()) != InputFormat::eventlog) {
    throw usage_error(Code::bad_option, "--ipe " + eventlog.name +
                                            ": not an eventlog: --ipe takes the eventlog of a -hi run of the same build "
                                            "(+RTS -hi -l)");
  }
  IpeNames names = ipe_records(eventlog, true);
  if (names.empty()) {
    throw usage_error(Code::bad_option, "--ipe " + eventlog.name +
                                            ": no IPE records in it (build the program with -finfo-table-map and run it "
                                            "with +RTS -hi -l; the eventlog's header must come from GHC 9.2 or later)");
  }
  size_t records = names.size();
  return {[names = std::move(names)](std::string_view text) { return NamedBand{names.name(text), names.table(text)}; },
          eventlog.name, records};
}

// A whole file: a -hi log's IPE records are found first, wherever they are.
ProfileInfo read_eventlog(const Input& in, const EventlogOptions& opts, SampleSink& sink, Warnings& warnings) {
  EventlogParser parser(opts, ipe_records(in));
  read_windows(in, [&](std::string_view bytes, size_t base, bool at_end) {
    return parser.feed(in, bytes, base, at_end, sink, warnings);
  });
  return parser.info();
}

}  // namespace hpng
