// See censuses.h.
#include "read/eventlog/censuses.h"

#include <algorithm>

namespace hpng {

uint32_t BandKeys::key(std::string_view text, bool is_stack) {
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

void BandKeys::start_sample() {
  labels_.start_sample();
  stacks_.start_sample();
}

// A key's band the first time a delivered sample has it (band() is the
// loop's path, inline).
uint32_t BandKeys::new_band(uint32_t key, const CostCentres& ccs, size_t cut, const IpeNames* ipe,
                            std::map<std::string, InfoTable>& tables, SampleSink& sink) {
  const Key& k = keys_[key];
  std::string name = names_.unique(k.is_stack ? ccs.stack_name(stacks_.name(k.name), cut)
                                   : ipe      ? ipe->name(labels_.name(k.name))
                                              : std::string(labels_.name(k.name)));
  if (std::optional<InfoTable> t = ipe && !k.is_stack ? ipe->table(labels_.name(k.name)) : std::nullopt) {
    tables[name] = std::move(*t);
  }
  if (const events::CostCentre* top = k.is_stack ? ccs.top(stacks_.name(k.name)) : nullptr) {
    tops_[name] = {top->label, top->module, top->src_loc};
  }
  uint32_t id = bands_++;
  sink.band(id, name);
  return band_of_key_[key] = id;
}

// "base (n)" for the least n from 2 not taken. Every n below the one
// remembered for a base is taken (names are never removed), so the search
// starts there: 40,000 stacks cut to one name cost 40,000 tries, not 800
// million.
std::string UniqueNames::unique(std::string name) {
  return names_.insert(name).second ? name : with_free_suffix(unsuffixed(name));
}

std::string UniqueNames::with_free_suffix(const std::string& base) {
  int& n = next_suffix_.try_emplace(base, 2).first->second;
  std::string name;
  do name = base + " (" + std::to_string(n++) + ")";
  while (!names_.insert(name).second);
  return name;
}

std::string UniqueNames::unsuffixed(const std::string& name) const {
  size_t open = name.rfind(" (");
  return open != std::string::npos && name.back() == ')' && names_.count(name.substr(0, open)) ? name.substr(0, open) : name;
}

void Censuses::set_feed(const Input& in, SampleSink& sink, Warnings& warnings) {
  in_ = &in, sink_ = &sink, warnings_ = &warnings;
  ipe_.reading(log_records(in));
}

std::string Censuses::breakdown_flag() const {
  static const char* const flags[] = {"", "-hc", "-hm", "-hd", "-hy", "-hr", "-hb", "-hT", "-hi", "-he"};
  if (!seen_begin_) return "";
  uint32_t code = begin_.breakdown;
  return code < std::size(flags) && code > 0 ? flags[code] : "breakdown " + std::to_string(code);
}

// Records name only -hi bands (a -hT log of a -finfo-table-map build has a
// million that name nothing).
void Censuses::ipe_record(const Event& e) {
  if (ipe_known_) return;
  if (use_ != IpeUse::every_record && seen_begin_ && begin_.breakdown != events::kBreakdownInfoTable) return;
  if (std::optional<events::IpeRecord> r = events::ipe(e.payload)) {
    ipe_.add(*r, e.payload_at, static_cast<uint32_t>(e.payload.size()));
  }
}

void Censuses::profile_begin(const Event& e) {
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
  bool hold = use_ == IpeUse::at_end && !ipe_known_ && begin_.breakdown == events::kBreakdownInfoTable;
  if (hold && !held_for_names_) held_for_names_ = std::make_shared<HeldForNames>(hold_budget_);
}

void Censuses::open_sample(double time, size_t at) {
  if (profile_ended_) return;
  if (in_sample_) close_sample();  // an open sample without END is closed by this one
  in_sample_ = true;
  keys_.start_sample();
  open_time_ = time;
  open_at_ = at;
}

void Censuses::stack_point(const Event& e) {
  std::optional<events::BandSample> s = events::stack_sample(e.payload);
  if (!s) {
    warn(Code::skipped, e.offset, "a cost-centre sample event is shorter than its stack; skipped");
    return;
  }
  open_.push_back({keys_.key(s->key, true), s->value});
}

// A biography filter (-hc -hbdrag,void) makes the RTS write every census at
// exit with plain SAMPLE_BEGINs, whose times are all the exit time: such
// censuses are spaced by the sampling interval instead (warned at the end).
void Censuses::close_sample() {
  in_sample_ = false;
  ++closed_;
  if (begin_.breakdown == events::kBreakdownBiography) {
    held_.push_back({open_time_, std::move(open_)});
    open_.clear();
    return;
  }
  double time = open_time_;
  if (!begin_.bio_filter().empty()) {
    time = static_cast<double>(closed_) * (begin_.period_ns ? seconds(begin_.period_ns) : 0.1);
  }
  if (time < last_time_ && !went_back_) {
    // The .hp reader refuses such a census (as hp2ps does); a log is drawn, said.
    went_back_ = true;
    warn(Code::skipped, open_at_, "samples out of sequence: this census (at " + std::to_string(time) +
                                      " s) is earlier than the previous one (at " + std::to_string(last_time_) +
                                      " s); it and any later such census are drawn at the previous one's time");
  }
  deliver(time, open_);
  open_.clear();
}

// Points come in by key and go out by band. The first sample delivered is
// preceded by the empty one at time 0; times never go back.
// A held profile's bands go by their labels, named when it is replayed.
void Censuses::deliver(double time, std::vector<DataPoint>& points) {
  SampleSink& sink = held_for_names_ ? held_for_names_->sink() : *sink_;
  if (delivered_++ == 0) {
    sink.sample({0, {}});
    ++delivered_;
  }
  size_t cut = static_cast<size_t>(ccs_length_);
  bool named_now = begin_.breakdown == events::kBreakdownInfoTable && !held_for_names_;
  for (DataPoint& p : points) p.band = keys_.band(p.band, ccs_, cut, named_now ? &ipe_ : nullptr, tables_, sink);
  last_time_ = std::max(last_time_, time);
  sink.sample({last_time_, points});
}

bool Censuses::deliver_named() {
  if (!held_for_names_) return true;
  if (held_for_names_->over()) return false;
  held_for_names_->replay(*sink_, ipe_, tables_);
  return true;
}

namespace {

// Labels to names, as the replay announces them.
class NamingSink final : public SampleSink {
 public:
  NamingSink(SampleSink& out, const IpeNames& ipe, std::map<std::string, InfoTable>& tables)
      : out_(out), ipe_(ipe), tables_(tables) {}
  void band(uint32_t id, std::string_view label) override {
    std::string name = names_.unique(ipe_.name(label));
    if (std::optional<InfoTable> t = ipe_.table(label)) tables_[name] = std::move(*t);
    out_.band(id, name);
  }
  void sample(const Sample& s) override { out_.sample(s); }

 private:
  SampleSink& out_;
  const IpeNames& ipe_;
  std::map<std::string, InfoTable>& tables_;
  UniqueNames names_;
};

}  // namespace

void HeldForNames::replay(SampleSink& sink, const IpeNames& ipe, std::map<std::string, InfoTable>& tables) const {
  NamingSink named(sink, ipe, tables);
  record_.replay(named);
}

void Censuses::deliver_held() {
  std::stable_sort(held_.begin(), held_.end(), [](const HeldSample& a, const HeldSample& b) { return a.time < b.time; });
  for (HeldSample& h : held_) deliver(h.time, h.points);
  held_.clear();
}

// A census whose END never came: complete only in a pre-8.10 log (no END
// events) that reached its end marker; otherwise the log was cut inside it.
void Censuses::end_open_sample(bool ended, bool ends_declared) {
  if (!in_sample_) return;
  if (ended && !ends_declared) return close_sample();
  warn(Code::cut_short, open_at_, ended ? "the last heap sample has no HEAP_PROF_SAMPLE_END; ignored"
                        : "the log ends inside a heap sample (was the program killed?); that sample is ignored");
  drop_open();
}

void Censuses::deliver_empty(double time) {
  std::vector<DataPoint> none;
  deliver(time, none);
}

}  // namespace hpng
