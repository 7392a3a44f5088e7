// The stream every later stage reads: complete samples, in time order, each
// with its time and its data points. Readers produce it from either input
// format, and nothing after them knows which format was read; a
// transformation (time window, band filter) wraps a source and passes on a
// stream of the same shape. A reader does not keep the data points, so a
// profile far larger than memory can be read, again and again: band
// selection reads the stream once per statistic it needs.
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "hpng/base/diag.h"

namespace hpng {

struct DataPoint {
  uint32_t band;  // 0, 1, 2, ... in the order bands were announced
  double value;   // a band may have several points in one sample: they add
};

struct Sample {
  double time;
  std::span<const DataPoint> points;
};

struct ProfileHeader {
  std::string job, date, sample_unit, value_unit;
  std::string input_format;  // "hp" or "eventlog"
  std::string source;        // the input's name, for messages
};

struct Mark {
  double time;
  std::string name;  // an eventlog's traceMarker text; a .hp's MARKs have none
  friend bool operator==(const Mark&, const Mark&) = default;
};

// A line of the heap's own figures over time, from the eventlog's GC events
// (a .hp has none): bytes at the times the RTS reported them.
struct Series {
  std::string name;   // "heap size", "live bytes", "blocks size", "allocated"
  std::string event;  // "HEAP_SIZE", ... : what it was read from
  std::vector<double> times, values;
};

// What an eventlog says about the run besides the heap profile.
struct RunInfo {
  std::string rts;                        // RTS_IDENTIFIER, e.g. "GHC-9.0.2 rts_p"
  std::vector<std::string> program_args;  // argv, with the +RTS options
  double sampling_interval = 0;           // -i, seconds (0: not known)
  std::string breakdown;                  // "-hc", "-hT", ...
  std::vector<std::string> restrictions;  // HEAP_PROF_BEGIN's filters as flags ("-hyMap"), in its order
  // HEAP_INFO_GHC: the RTS's heap configuration; all 0 when not known.
  uint64_t generations = 0, max_heap = 0, allocation_area = 0, megablock = 0, block = 0;
  size_t ipe_records = 0;  // info-table provenance records (-finfo-table-map builds)
  // The run's elapsed seconds less its collections (GC_START to GC_END):
  // about GHC's census clock, which also stops while the program waits.
  // -1: the log has no GC events.
  double mutator_seconds = -1;
};

// The marks of a profile as a reader meets them, in bounded memory: at most
// kMostMarks (a chart shows one a point of its width, so far fewer), each
// name cut to kMostMarkName bytes. Past that, every other mark kept is
// dropped and from then on every second one met is kept (then every
// fourth, ...): evenly over the file, the same ones on every read. A server
// that marks every request writes millions (3 million took 982 MB).
class MarkList {
 public:
  static constexpr size_t kMostMarks = 8192, kMostMarkName = 1024;
  void add(double time, std::string_view name);
  // Those kept, in time order.
  std::vector<Mark> sorted() const;
  size_t read() const { return read_; }
  size_t kept() const { return kept_.size(); }
  bool thinned() const { return read_ > kept_.size(); }
  // Once thinned, says so (skipped) of `source`: "N <what>: M of them are
  // kept, evenly over <over> ...".
  void warn_if_thinned(const std::string& source, const std::string& what, const std::string& over,
                       Warnings& warnings) const;

 private:
  std::vector<Mark> kept_;
  size_t read_ = 0, stride_ = 1;
};

// A -hi band's info-table provenance: its eventlog's IPE record, the
// closure type by GHC's name (THUNK_STATIC, not 21).
struct InfoTable {
  std::string address, table_name, closure_type, type, label, module, src_loc;
  std::string named_from;  // "" for an IPE record, "symbols" for the program's symbol table (--symbols)
  friend bool operator==(const InfoTable&, const InfoTable&) = default;
};

// A record's field where a picture's hover or a page shows it is cut at
// this many bytes, so that records of 64 KiB types cost no more than long
// ones (the JSON keeps them whole); a mark's name likewise: a page's 500
// marks and a picture's mark titles (a group of marks a point of its
// width, five names each) stay in a few hundred kB whatever the names.
constexpr size_t kShownRecordField = 256, kShownMarkName = 64;

// --ipe: the names an eventlog's IPE records give -hi bands (the reader
// makes it, the transform applies it), for a .hp of the same build, which
// has only the addresses: a band's text ("0x4a3f10") to its name, the text
// itself where no record has its address, with its record; the log and how
// many records it has, for the messages about bands it does not name.
struct NamedBand {
  std::string name;
  std::optional<InfoTable> table;
  std::string refused;  // why a name the source has is not given (another build's table), else ""
};
struct BandNamer {
  std::function<NamedBand(std::string_view)> name;
  std::string log;
  size_t records = 0;
  std::string unread;  // what of the source could not be read and why, said once as a warning ("" for none)
  // Whether the source fits a profile of these address bands (placing a
  // PIE where that run loaded it): "" when it does, else why not. Unset:
  // it fits any.
  std::function<std::string(const std::vector<std::string>& addresses)> vet;
  explicit operator bool() const { return static_cast<bool>(name); }
};

// A -hc band's innermost cost centre as an eventlog defines it
// (HEAP_PROF_COST_CENTRE): what the RTS's -hc and -hm restrict by, which a
// .hp's band name cannot be split into (labels may hold '/').
struct CostCentreInfo {
  std::string label, module, src_loc;
  friend bool operator==(const CostCentreInfo&, const CostCentreInfo&) = default;
};

// What a whole read says about the profile besides its samples.
struct ProfileInfo {
  ProfileHeader header;
  std::vector<Mark> marks;      // in time order
  std::vector<Series> series;   // eventlogs only
  std::optional<RunInfo> run;   // eventlogs only
  // The RTS finished the profile: a .hp's closing empty sample, an
  // eventlog's end-of-data marker (else the program still runs, or died).
  bool finished = false;
  std::map<std::string, InfoTable> info_tables;  // -hi bands with an IPE record, by band name
  std::map<std::string, CostCentreInfo> cost_centres;  // an eventlog's -hc bands, by band name
};

// "-hc", "-hy", ...: an eventlog's, or the first -h option among a .hp's
// JOB's RTS options (the program's command line); empty when not said.
std::string breakdown_of(const ProfileInfo& info);
// A profiled build's RTS wrote the profile: its JOB carries the RTS options
// (a plain RTS's gives the program's name alone; an eventlog's job is made
// the same way).
bool profiled_build(const ProfileInfo& info);
// A command line split as the RTS reads it: +RTS starts RTS options, -RTS
// ends them, --RTS makes every later word a program argument.
struct CommandWords {
  std::vector<std::string> program, rts;
};
CommandWords split_rts_words(const std::vector<std::string>& argv);
// The program and its arguments as run, without the RTS's options: an
// eventlog's PROGRAM_ARGS, else the words of a .hp's JOB before them.
std::vector<std::string> program_words(const ProfileInfo& info);
// "0x43d9f8", as a -hi census prints an info table's address (C's %p).
std::optional<uint64_t> info_table_address(std::string_view band);

// The restrictions that selected what the profile counts ("-hcremember",
// "-hyMap"): an eventlog's HEAP_PROF_BEGIN filters, or a .hp's JOB's RTS
// words (the last of each kind, as the RTS takes them); empty when none.
std::vector<std::string> restrictions_of(const ProfileInfo& info);

class SampleSink {
 public:
  virtual ~SampleSink() = default;
  // A band, announced once, before the first sample with a point of it; ids
  // count up from 0 in the order bands are first seen in complete samples.
  virtual void band(uint32_t id, std::string_view name) = 0;
  // Times never decrease from one sample to the next.
  virtual void sample(const Sample& s) = 0;
};

// One whole read of a profile into a sink: every call delivers the same
// bands and samples. Warnings go to the list it is given.
using SampleSource = std::function<ProfileInfo(SampleSink&, Warnings&)>;

// Every read of a profile gives the same stream, unless the file was
// rewritten between reads: then a later read has bands the first did not.
Error profile_changed(const std::string& source);

}  // namespace hpng
