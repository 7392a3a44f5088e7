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

#include "read/eventlog/censuses.h"
#include "read/eventlog/eventlog_events.h"
#include "read/eventlog/eventlog_frames.h"
#include "read/eventlog/ipe_names.h"
#include "read/eventlog/run_facts.h"

namespace hpng {

// The log's frames read event by event, each handed to the censuses or the
// run's facts; damage stepped over, and what the log's end means judged.
class EventlogParser {
 public:
  // `use`: what is done with the IPE records (censuses.h); `known`: the
  // log's records, read before.
  EventlogParser(const EventlogOptions& opts, IpeUse use, IpeNames known = {})
      : opts_(opts), censuses_(opts.ccs_length, use, opts.hold_budget, std::move(known)) {}
  size_t feed(const Input& in, std::string_view bytes, size_t base, bool at_end, SampleSink& sink,
              Warnings& warnings);
  ProfileInfo info() const;
  IpeNames take_ipe_records() { return censuses_.take_ipe_records(); }
  bool deliver_named() { return censuses_.deliver_named(); }
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
  void finish();
  void no_complete_sample();

  const EventlogOptions opts_;
  const Input* in_ = nullptr;  // this feed's
  std::string source_;         // the file's name, kept for info()
  std::string_view bytes_;     // this feed's, from base_ in the file
  size_t base_ = 0;
  Warnings* warnings_ = nullptr;
  EventFrames frames_;
  bool header_read_ = false, ended_ = false;
  size_t stopped_at_ = SIZE_MAX;  // an undeclared event type: reading stopped
  uint64_t last_ts_ = 0;          // the latest event time
  Censuses censuses_;
  RunFacts facts_;
};

// Bytes inside a block that are no events (an undeclared type, or an event
// running past the block's end): GHC 9.6-9.10 wrote such stretches (GHC
// #25165, #26222). The block's marker says where the next block starts:
// reading goes on there, and a census the stretch cut is dropped.
bool EventlogParser::skip_damage(size_t at) {
  if (at >= facts_.block_end()) return false;
  warn(Code::skipped, at, "bytes " + std::to_string(at) + " to " + std::to_string(facts_.block_end()) +
                              " of this block are not events (the log is damaged there); skipped to the next block" +
                              (censuses_.in_sample() ? ", with the heap sample they cut" : ""));
  censuses_.drop_open();
  frames_.skip_to(facts_.block_end());
  return true;
}

void EventlogParser::read_events(bool at_end) {
  for (Event e; stopped_at_ == SIZE_MAX;) {
    switch (frames_.next(bytes_, base_, e)) {
      case EventFrames::Next::event:
        if (e.offset < facts_.block_end() && frames_.position() > facts_.block_end() && skip_damage(e.offset)) break;
        last_ts_ = std::max(last_ts_, e.time);
        if (!censuses_.take(e)) facts_.take(e);
        break;
      case EventFrames::Next::end_marker: ended_ = true; return;
      case EventFrames::Next::more:
        // At the file's end, an event that runs past it from inside a block
        // whose end is in the file is damage, not a cut-off log: the log
        // goes on at the next block.
        if (at_end && facts_.block_end() < base_ + bytes_.size() && skip_damage(frames_.position())) break;
        return;
      case EventFrames::Next::undeclared:
        if (!skip_damage(frames_.position())) stopped_at_ = frames_.position();
        if (stopped_at_ != SIZE_MAX) return;
        break;
    }
  }
}

// What is true of a log without a complete heap sample. With --heap-lines
// and the GC's figures, the lines are drawn alone.
void EventlogParser::no_complete_sample() {
  std::string why;
  if (!ended_ && stopped_at_ == SIZE_MAX) {
    why = "the eventlog ends before its first complete heap sample: the program may still be running, or was "
          "killed before the RTS wrote its census out (it writes events in blocks, when one is full and at exit)";
  } else if (!censuses_.seen_begin()) {
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
  if (!facts_.has_heap_figures()) fail(why);
  if (!opts_.heap_lines) fail(why + "; it has the GC's heap sizes, which --heap-lines draws");
  warnings_->add({Code::no_data, in_->name, {}, 0, 0, "", why + "; only the heap's own lines are drawn"});
  censuses_.deliver_empty(seconds(last_ts_));
}

void EventlogParser::finish() {
  censuses_.end_open_sample(ended_, frames_.declared(events::kHeapProfSampleEnd));
  size_t closed = censuses_.closed();
  if (stopped_at_ != SIZE_MAX && closed > 0) {
    warn(Code::skipped, stopped_at_, "event type " + std::to_string(frames_.id_at(bytes_, base_)) +
                          " is not declared in the header (is the file damaged?); reading stopped here");
  }
  if (!ended_ && closed > 0) {
    warn(Code::unfinished, frames_.position(), "the eventlog ends without its end marker (was the program killed?); the " +
                                 std::to_string(closed) + " complete heap samples are drawn");
  }
  if (closed == 0) return no_complete_sample();
  const events::HeapProfBegin& begin = censuses_.begin();
  if (!begin.bio_filter().empty() && begin.breakdown != events::kBreakdownBiography) {
    warn(Code::held_censuses, 0, "a biography filter (-hb" + begin.bio_filter() + ") makes the RTS write every census at exit without its "
            "time; samples are spaced by the sampling interval instead");
  }
  facts_.marks().warn_if_thinned(in_->name, "traceMarker marks", "the log", *warnings_);
  censuses_.deliver_held();
  censuses_.deliver_empty(seconds(last_ts_));  // the .hp's closing empty sample
}

size_t EventlogParser::feed(const Input& in, std::string_view bytes, size_t base, bool at_end, SampleSink& sink,
                            Warnings& warnings) {
  in_ = &in;
  source_ = in.name;
  bytes_ = bytes;
  base_ = base;
  warnings_ = &warnings;
  censuses_.set_feed(in, sink, warnings);
  if (!header_read_) header_read_ = frames_.read_header(in, bytes, at_end);
  if (header_read_ && !ended_) read_events(at_end);
  if (at_end) finish();
  // Past a damaged stretch the next event may lie beyond these bytes.
  return ended_ ? in.size() : std::min(frames_.position(), base + bytes.size());
}

ProfileInfo EventlogParser::info() const {
  ProfileInfo p = facts_.info(source_, ended_);
  p.info_tables = censuses_.tables();
  p.cost_centres = censuses_.top_cost_centres();
  p.run->sampling_interval = seconds(censuses_.begin().period_ns);
  p.run->breakdown = censuses_.breakdown_flag();
  if (double gc = facts_.gc_seconds(); gc >= 0) p.run->mutator_seconds = std::max(0.0, seconds(last_ts_) - gc);
  const events::HeapProfBegin& begin = censuses_.begin();
  for (size_t k = 0; k < begin.filters.size(); ++k) {
    if (!begin.filters[k].empty()) p.run->restrictions.push_back(events::kFilterFlags[k] + begin.filters[k]);
  }
  p.run->ipe_records = censuses_.ipe_records();
  return p;
}

EventlogReader::EventlogReader(const EventlogOptions& opts)
    : parser_(std::make_unique<EventlogParser>(opts, IpeUse::as_they_come)) {}
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

namespace {

class NoSink final : public SampleSink {
  void band(uint32_t, std::string_view) override {}
  void sample(const Sample&) override {}
};

// The IPE records of a whole log, read as the reader reads it (damage
// stepped over), whatever its heap profile: --ipe's log may profile
// otherwise, or not at all. Nothing of it is judged.
IpeNames every_ipe_record(const Input& in) {
  EventlogParser parser({}, IpeUse::every_record);
  NoSink none;
  Warnings ignored;
  read_windows(in, [&](std::string_view bytes, size_t base, bool) {
    return parser.feed(in, bytes, base, false, none, ignored);
  });
  return parser.take_ipe_records();
}

}  // namespace

BandNamer ipe_band_namer(const Input& eventlog) {
  if (sniff_format(eventlog.head()) != InputFormat::eventlog) {
    throw usage_error(Code::bad_option, "--ipe " + eventlog.name +
                                            ": not an eventlog: --ipe takes the eventlog of a -hi run of the same build "
                                            "(+RTS -hi -l)");
  }
  IpeNames names = every_ipe_record(eventlog);
  if (names.empty()) {
    throw usage_error(Code::bad_option, "--ipe " + eventlog.name +
                                            ": no IPE records in it (build the program with -finfo-table-map and run it "
                                            "with +RTS -hi -l; the eventlog's header must come from GHC 9.2 or later)");
  }
  size_t records = names.size();
  // The records are read back from the log: the namer keeps it open.
  auto shared = std::make_shared<const IpeNames>(std::move(names));
  return {[shared, log = eventlog](std::string_view text) {
            shared->reading(log_records(log));
            return NamedBand{shared->name(text), shared->table(text), ""};
          },
          eventlog.name, records, "", {}};
}

// A whole file, read once; a -hi profile is held until the log's end
// names its bands (censuses.h), or when it outgrows what is held for it,
// read again with the records the first read found.
ProfileInfo read_eventlog(const Input& in, const EventlogOptions& opts, SampleSink& sink, Warnings& warnings) {
  auto read = [&](EventlogParser& parser) {
    read_windows(in, [&](std::string_view bytes, size_t base, bool at_end) {
      return parser.feed(in, bytes, base, at_end, sink, warnings);
    });
  };
  EventlogParser parser(opts, IpeUse::at_end);
  read(parser);
  if (parser.deliver_named()) return parser.info();
  EventlogParser again(opts, IpeUse::at_end, parser.take_ipe_records());
  read(again);
  return again.info();
}

}  // namespace hpng
