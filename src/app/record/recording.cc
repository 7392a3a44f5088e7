// See recording.h.
#include "app/record/recording.h"

#include <algorithm>
#include <cmath>

#include "base/text.h"
#include "hpng/matrix/band_shape.h"
#include "hpng/verdict/verdict.h"

namespace hpng {

RunPlan asked_run(const Job& job) {
  return {.breakdown = job.record->asked.breakdown, .every = job.record->asked.every, .keep = job.inputs[0].path,
          .restrictions = {}, .doing = "", .input = -1, .stop_after = {}};
}

Error refused(const RecordPlan& r, char breakdown, const std::string& complaint) {
  std::string said = "its RTS refused the options --record gives it (\"" + excerpt(complaint, 200) + "\")";
  if (complaint.find("Most RTS options are disabled") != std::string::npos) {
    said = "was linked without -rtsopts, which --record needs to ask for a heap profile: rebuild it with ghc "
           "-rtsopts (cabal: ghc-options: -rtsopts)";
  } else if (complaint.find("requires the program to be built with -prof") != std::string::npos) {
    said = "cannot give --breakdown " + std::string(1, breakdown) + " (its RTS says \"" + excerpt(complaint, 200) +
           "\"): rebuild it with ghc -prof -fprof-auto, or record it with --breakdown T, which needs no "
           "profiled build";
  } else if (complaint.find("unknown RTS option") != std::string::npos && breakdown == 'e') {
    said = "cannot give --breakdown e: eras (-he) came with GHC 9.10 (its RTS says \"" + excerpt(complaint, 200) + "\")";
  }
  return file_error(Code::cannot_record, r.asked.argv[0], said);
}

Error nothing_recorded(const RecordPlan& r, const ProgramEnd& end, const std::string& keep) {
  const std::string& name = r.asked.argv[0];
  if (!end.started) return file_error(Code::program_failed, name, describe_end(end));
  if (end.failed()) return file_error(Code::program_failed, name, describe_end(end) + " before writing a heap profile");
  return file_error(Code::no_samples, keep,
                    "the program ended without writing a heap profile: is " + name + " a GHC program, or a script that "
                    "runs one without passing on its arguments?");
}

namespace {

std::string times(size_t n) { return std::to_string(n) + (n == 1 ? " time" : " times"); }

// Below 2 ms GHC's RTS censuses hardly more often (measured on GHC 9.0.2
// and 9.6.6: a GC-bound run of 25 ms censused 12 and 15 times at -i0.001).
constexpr double kFastestCensus = 0.002;

// Its own work too short for any interval to give a verdict its censuses.
bool too_short_to_judge(const Censused& c) { return c.clock / kFastestCensus < static_cast<double>(kLeastCensuses); }

// "--every 0.005 censuses it about 30 times (...)", or "" where the
// interval it was censused at is already as short as that.
std::string advice(double every_was, const Censused& c) {
  double every = every_for(c.clock);
  if (every >= every_was) return "";
  return "--every " + printed("%g", every) + " censuses it about " + printed("%.0f", c.clock / std::max(every, kFastestCensus)) +
         " times (each census costs a major collection)";
}

// "censused 3 times at --every 0.1", "ended before its first census at
// --every 0.1": in the terms of the option that sets it.
std::string censused_words(double every, const Censused& c) {
  std::string at = " at --every " + printed("%g", every);
  return c.censuses == 0 ? "ended before its first census" + at : "was censused " + times(c.censuses) + at;
}

// Few censuses for the time the program ran: GHC's census interval is of
// the program's own work (its mutator time), not of its collections or its
// waits. A program that used the CPU throughout spent it collecting; one
// that did not, waiting (for input, a timer, the network).
std::string sparse_note(const RecordPlan& r, double every_was, const ProgramEnd& end, double seconds, const Censused& c) {
  bool worked = end.cpu_seconds >= seconds / 2;
  std::string cpu = end.cpu_seconds > 0 ? " (" + printed("%.2f", end.cpu_seconds) + " s of CPU)" : "";
  std::string why = worked ? "most of it collecting garbage, which GHC's census clock does not count"
                           : "most of it waiting, which GHC's census clock does not count";
  std::string out = r.name + " ran " + printed("%.1f", seconds) + " s" + cpu + ", " + why + ", and " +
                    censused_words(every_was, c);
  std::string better = advice(every_was, c);
  return better.empty() ? out : out + "; " + better;
}

// Too few censuses to judge a run that worked throughout.
std::string short_run_note(const RecordPlan& r, double every_was, double seconds, const Censused& c) {
  std::string ran = r.name + " ran " + printed("%.1f", seconds) + " s and " + censused_words(every_was, c);
  if (too_short_to_judge(c)) {
    return ran + ": its own work (" + printed("%.0f", c.clock * 1000) + " ms) is too short for any interval to judge" +
           (c.censuses == 0 ? "; only the heap's own lines are drawn" : "");
  }
  std::string better = advice(every_was, c);
  if (better.empty()) return "";
  return ran + ", too few to judge (" + std::to_string(kLeastCensuses) + " needed): " + better;
}

constexpr double kCheapRun = 20;  // seconds: a run again costs about as much once more
constexpr size_t kMostRepeats = 2;

}  // namespace

Censused censused(const BandMatrix& m, double every) {
  size_t n = m.samples > 2 ? m.samples - 2 : 0;  // less the empty first and last
  double low = static_cast<double>(n) * every, high = low + every;
  double clock = (low + high) / 2;
  if (m.info.run && m.info.run->mutator_seconds >= 0) clock = m.info.run->mutator_seconds;
  if (!m.info.run && m.info.finished) clock = last_time(m);  // a .hp's closing sample: mutator CPU seconds at exit
  return {n, std::clamp(clock, low, high)};
}

double every_for(double clock) { return std::max(0.001, std::floor(clock / 30 * 1000) / 1000); }

std::optional<double> rerun_every(const RecordPlan& r, const Recording& rec, const Censused& c, bool replayable) {
  if (c.censuses >= kLeastCensuses || r.asked.every_given || !replayable || rec.stopped_by || rec.failed()) return {};
  if (rec.seconds > kCheapRun || rec.before.size() >= kMostRepeats || too_short_to_judge(c)) return {};
  double every = every_for(c.clock);
  return every < rec.run.every ? std::optional(every) : std::nullopt;
}

// Said only where the run is too short to judge: a run with enough
// censuses needs no word of its interval.
std::string census_note(const RecordPlan& r, const Recording& rec, const Censused& c) {
  if (c.censuses >= kLeastCensuses) return "";
  double seconds = rec.seconds, every = rec.run.every;
  if (seconds >= 1 && static_cast<double>(c.censuses) < seconds / every / 4) {
    return sparse_note(r, every, rec.end, seconds, c);
  }
  return short_run_note(r, every, seconds, c);
}

std::string stopped_words(const RecordPlan& r, const Recording& rec) {
  std::string by = rec.stopped_by == kStoppedByDuration ? "--for " + printed("%g", r.asked.run_for.value_or(0))
                   : rec.stopped_by == kStoppedByLimit ? "its eventlog passed --max-input"
                   : rec.stopped_by == kStoppedByRerunLimit
                       ? "a run again is given " + printed("%.0f", rec.run.stop_after.value_or(0)) +
                             " s at most: ten times the first run's time, a minute at least"
                       : "hp2ps-ng was sent " + signal_name(rec.stopped_by) + " and passed the stop on";
  return "was stopped after " + printed("%.1f", rec.seconds) + " s (" + by + ")";
}

std::string ended_words(const RecordPlan& r, const Recording& rec) {
  if (rec.stopped_by && rec.end.failed()) return stopped_words(r, rec);
  return describe_end(rec.end) + " after " + printed("%.1f", rec.seconds) + " s";
}

namespace {

// "it ran twice: the first run (0.9 s) was censused 1 time at --every 0.1,
// too few to judge, this one at --every 0.003"; three name the second too.
std::string repeats_words(const Recording& rec) {
  static const char* const kOrdinal[] = {"first", "second"};
  static_assert(std::size(kOrdinal) == kMostRepeats);
  std::string out = rec.before.size() == 1 ? "it ran twice: " : "it ran " + std::to_string(rec.before.size() + 1) + " times: ";
  for (size_t k = 0; k < rec.before.size(); ++k) {
    const EarlierRun& e = rec.before[k];
    out += std::string(k ? ", the " : "the ") + kOrdinal[k] + " run (" + printed("%.1f", e.seconds) + " s) was censused " +
           times(e.censuses) + " at --every " + printed("%g", e.every);
  }
  return out + ", too few to judge, this one at --every " + printed("%g", rec.run.every);
}

}  // namespace

std::string summary(const Job& job, const Recording& rec) {
  const RecordPlan& r = *job.record;
  const std::vector<std::string>& moved = rec.moved;
  std::string wrote;
  for (const OutputPlan& out : job.outputs) wrote += (wrote.empty() ? "" : ", ") + out.files.output;
  std::string ended = ended_words(r, rec) + (rec.stopped_by && rec.end.failed() ? "; what it recorded is judged" : "");
  std::string line = r.name + " " + ended + "; wrote " + wrote + ", kept its profile as " + rec.run.keep;
  for (const std::string& m : moved) line += ", its " + m.substr(m.rfind('.') + 1) + " as " + m;
  if (!rec.before.empty()) line += "; " + repeats_words(rec);
  return r.eventlog ? line : line + " (its RTS writes no eventlog, a GHC before 9.4 linked without -eventlog: its .hp was followed)";
}


}  // namespace hpng
