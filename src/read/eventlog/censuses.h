// The heap profile's censuses, assembled from their events into samples
// (eventlog_reader.cc says how the RTS writes them): HEAP_PROF_BEGIN, a
// census's BEGIN, its points, its END; the cost centres -hc stacks name and
// the IPE records -hi bands are named by. Bands are announced, and samples
// delivered, to the feed's sink.
#pragma once
#include <algorithm>
#include <map>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "hpng/input/input.h"
#include "hpng/stream/samples.h"
#include "read/eventlog/cost_centres.h"
#include "read/eventlog/eventlog_events.h"
#include "read/eventlog/eventlog_frames.h"
#include "read/eventlog/ipe_names.h"
#include "stream/name_table.h"
#include "stream/stream_record.h"

namespace hpng {

// Band names kept apart: a name that another band already has (a
// --ccs-length cut that made two stacks alike, a cost centre never
// defined, two IPE records of one name) gets " (2)", " (3)", ...: bands
// are never merged.
class UniqueNames {
 public:
  std::string unique(std::string name);

 private:
  std::string with_free_suffix(const std::string& base);
  std::string unsuffixed(const std::string& name) const;
  std::unordered_set<std::string> names_;
  std::unordered_map<std::string, int> next_suffix_;
};

// A key per distinct label (string samples) or stack (cost-centre samples,
// by their raw ids), numbered in first-seen order across both; a band per
// key, announced when a complete sample first has it, by a unique name.
class BandKeys {
 public:
  static constexpr uint32_t kNone = UINT32_MAX;
  uint32_t key(std::string_view text, bool is_stack);
  void start_sample();
  // A HEAP_PROF_SAMPLE_STRING payload whose label is the predicted one:
  // its key, else kNone.
  inline uint32_t predicted_label(std::string_view payload);
  // `ipe`: a -hi profile's records (each band's goes into `tables`), else null.
  uint32_t band(uint32_t key, const CostCentres& ccs, size_t cut, const IpeNames* ipe,
                std::map<std::string, InfoTable>& tables, SampleSink& sink) {
    return band_of_key_[key] != kNone ? band_of_key_[key] : new_band(key, ccs, cut, ipe, tables, sink);
  }

 private:
  struct Key {
    bool is_stack;
    uint32_t name;  // in labels_ or stacks_
  };
  uint32_t new_band(uint32_t key, const CostCentres& ccs, size_t cut, const IpeNames* ipe,
                    std::map<std::string, InfoTable>& tables, SampleSink& sink);

 public:
  const std::map<std::string, CostCentreInfo>& tops() const { return tops_; }

 private:

  NameTable labels_, stacks_;
  std::vector<uint32_t> key_of_label_, key_of_stack_, band_of_key_;
  std::vector<Key> keys_;
  UniqueNames names_;
  uint32_t bands_ = 0;
  std::map<std::string, CostCentreInfo> tops_;  // each stack band's innermost cost centre
};

// What is done with a log's IPE records.
enum class IpeUse {
  as_they_come,  // a -hi band is named by the records met before it (a log read as it grows)
  at_end,        // a -hi profile is held, and its bands named once the whole log is read
  every_record,  // every record kept, whatever the profile (--ipe's log)
};

// A one-shot read of a -hi log: the censuses recorded as they come, by
// label, then replayed with every band named, since the IPE records that
// name them may come after them (the RTS posts them at start-up next to
// the first censuses). A record beyond its budget is dropped: the log is
// then read again with its records known from the start.
class HeldForNames {
 public:
  explicit HeldForNames(size_t budget) : record_(budget), recording_(nullptr, record_) {}
  SampleSink& sink() { return recording_; }
  bool over() const { return record_.over(); }
  void replay(SampleSink& sink, const IpeNames& ipe, std::map<std::string, InfoTable>& tables) const;

 private:
  StreamRecord record_;
  RecordingSink recording_;
};

class Censuses {
 public:
  // `ccs_length`: -hc names cut as the RTS's -L (0: whole). `known`: the
  // log's IPE records, read before (a held profile beyond its budget);
  // else they are taken as they come.
  Censuses(int ccs_length, IpeUse use, size_t hold_budget, IpeNames known = {})
      : ccs_length_(ccs_length), hold_budget_(hold_budget), use_(use), ipe_(std::move(known)), ipe_known_(!ipe_.empty()) {}
  // This feed's input (for messages), sink and warnings.
  void set_feed(const Input& in, SampleSink& sink, Warnings& warnings);
  // Takes `e` when it is one of the profile's events; false otherwise.
  [[gnu::always_inline]] inline bool take(const Event& e);

  bool in_sample() const { return in_sample_; }
  // A damaged stretch cut the open census: it is dropped.
  void drop_open() { in_sample_ = false, open_.clear(); }
  // The open census at the log's end: complete when `ended` (the end
  // marker) in a log without END events (`ends_declared`), else dropped.
  void end_open_sample(bool ended, bool ends_declared);
  // -hb's censuses, held to the end, delivered in time order.
  void deliver_held();
  // An empty sample at `time` (the .hp's closing one).
  void deliver_empty(double time);
  size_t closed() const { return closed_; }  // complete censuses
  bool seen_begin() const { return seen_begin_; }
  const events::HeapProfBegin& begin() const { return begin_; }
  // The breakdown as its +RTS flag ("-hT"), or "" before HEAP_PROF_BEGIN.
  std::string breakdown_flag() const;
  size_t ipe_records() const { return ipe_.size(); }
  IpeNames take_ipe_records() { return std::move(ipe_); }
  // A held -hi profile (IpeUse::at_end) delivered named; false when it
  // outgrew its budget (nothing was delivered: read the log again).
  bool deliver_named();
  const std::map<std::string, InfoTable>& tables() const { return tables_; }
  const std::map<std::string, CostCentreInfo>& top_cost_centres() const { return keys_.tops(); }

 private:
  struct HeldSample {
    double time;
    std::vector<DataPoint> points;  // by key
  };
  void warn(Code code, size_t offset, const std::string& msg) {
    warnings_->add({code, in_->name, offset, 0, 0, "", msg});
  }
  void profile_begin(const Event& e);
  void ipe_record(const Event& e);
  void open_sample(double time, size_t at);
  void stack_point(const Event& e);
  inline void string_point(const Event& e);
  void close_sample();
  void deliver(double time, std::vector<DataPoint>& points);

  const int ccs_length_;
  const Input* in_ = nullptr;  // this feed's
  SampleSink* sink_ = nullptr;
  Warnings* warnings_ = nullptr;
  CostCentres ccs_;
  const size_t hold_budget_;
  const IpeUse use_;
  IpeNames ipe_;
  const bool ipe_known_;
  std::shared_ptr<HeldForNames> held_for_names_;  // (a growing read, whose censuses are copied, holds none)
  std::map<std::string, InfoTable> tables_;  // the -hi bands' records
  BandKeys keys_;
  bool seen_begin_ = false, profile_ended_ = false;
  events::HeapProfBegin begin_{0, 0, {}};
  bool in_sample_ = false;
  double open_time_ = 0;
  size_t open_at_ = 0;
  std::vector<DataPoint> open_;   // by key until delivered
  std::vector<HeldSample> held_;  // biographical censuses
  size_t closed_ = 0;             // complete censuses
  size_t delivered_ = 0;          // samples delivered, the empty ones too
  double last_time_ = 0;          // of the last sample delivered
  bool went_back_ = false;        // a census earlier than the one before it was met (said once)
};

// The event loop's own path, inlined into it (in another file, as calls,
// they cost a fifth more reading time): every census point of every
// breakdown but -hc is a string sample.
inline uint32_t BandKeys::predicted_label(std::string_view payload) {
  size_t length = 0;
  std::string_view label = payload.substr(std::min<size_t>(payload.size(), events::kBandLabelAt));
  uint32_t name = labels_.predicted(label, [](char c) { return c == '\0'; }, length);
  if (name == NameTable::kNone) return kNone;
  labels_.take(name);
  return key_of_label_[name];
}

// Most labels are the one the previous census had here: compared first,
// up to the NUL that must follow it, before any decoding.
inline void Censuses::string_point(const Event& e) {
  if (uint32_t key = keys_.predicted_label(e.payload); key != BandKeys::kNone) {
    open_.push_back({key, static_cast<double>(events::band_value(e.payload))});
    return;
  }
  std::optional<events::BandSample> s = events::string_sample(e.payload);
  if (s) open_.push_back({keys_.key(s->key, false), s->value});
}

// Inlined into the event loop: as a call it took half the reading time.
bool Censuses::take(const Event& e) {
  switch (e.id) {
    case events::kHeapProfBegin: profile_begin(e); return true;
    case events::kHeapProfCostCentre: ccs_.define(events::cost_centre(e.payload)); return true;
    case events::kHeapProfSampleBegin: open_sample(seconds(e.time), e.offset); return true;
    case events::kHeapBioProfSampleBegin:
      open_sample(seconds(events::bio_census_time(e.payload).value_or(e.time)), e.offset);
      return true;
    case events::kHeapProfSampleCostCentre:
      if (in_sample_) stack_point(e);
      return true;
    case events::kHeapProfSampleString:
      if (in_sample_) string_point(e);
      return true;
    case events::kHeapProfSampleEnd:
      if (in_sample_) close_sample();
      return true;
    case events::kIpe: ipe_record(e); return true;
    default: return false;
  }
}

}  // namespace hpng
