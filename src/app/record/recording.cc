// See recording.h.
#include "app/record/recording.h"

#include <cmath>

#include "base/text.h"
#include "hpng/matrix/band_shape.h"

namespace hpng {

RunPlan asked_run(const Job& job) {
  return {.breakdown = job.record->asked.breakdown, .every = job.record->asked.every, .keep = job.inputs[0].path,
          .restrictions = {}, .doing = "", .input = -1};
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

// Few censuses for the time the program ran: GHC's census interval is of
// the program's own work (its mutator time), so one that waits (for input,
// a timer, the network) is censused rarely, -threaded or not (seen on GHC
// 9.0.2 and 9.6.6: bench/README.md, "--every").
std::string waiting_note(const RecordPlan& r, double every, const ProgramEnd& end, double seconds, size_t censuses) {
  std::string cpu = end.cpu_seconds > 0 ? ", working " + printed("%.2f", end.cpu_seconds) + " s of it (CPU)," : "";
  return r.name + " ran " + printed("%.1f", seconds) + " s" + cpu + " and was censused " + std::to_string(censuses) +
         (censuses == 1 ? " time" : " times") + " (" + printed("%.0f", seconds / every) + " at -i" +
         printed("%g", every) + " over the whole run): GHC takes a census every -i seconds of the program's own "
         "work, not of its waits, so a program that waits is censused rarely; a smaller --every censuses it more often; "
         "the heap's live bytes are drawn all the same, from every major collection";
}

// The largest 1, 2 or 5 times a power of ten not above x (> 0).
double nice_below(double x) {
  double p = std::pow(10, std::floor(std::log10(x)));
  return x >= 5 * p ? 5 * p : x >= 2 * p ? 2 * p : p;
}

// Too few censuses to judge a run that worked throughout: a shorter
// interval for the next run, one that gives about twice what judging needs.
std::string short_run_note(const RecordPlan& r, double every_was, double seconds, size_t censuses) {
  double every = std::max(0.001, nice_below(seconds / (2 * kLeastCensuses)));
  if (every >= every_was) return "";
  return r.name + " ran " + printed("%.1f", seconds) + " s and was censused " + std::to_string(censuses) +
         (censuses == 1 ? " time" : " times") + " at -i" + printed("%g", every_was) + ", too few to judge (" +
         std::to_string(kLeastCensuses) + " needed): --every " + printed("%g", every) + " censuses it about " +
         printed("%.0f", seconds / every) + " times (each census costs the program a major collection)";
}

}  // namespace

std::string census_note(const RecordPlan& r, const Recording& rec, size_t censuses) {
  double seconds = rec.seconds, every = rec.run.every;
  if (seconds >= 1 && static_cast<double>(censuses) < seconds / every / 4) {
    return waiting_note(r, every, rec.end, seconds, censuses);
  }
  return censuses < kLeastCensuses ? short_run_note(r, every, seconds, censuses) : "";
}

std::string summary(const Job& job, const Recording& rec) {
  const RecordPlan& r = *job.record;
  double seconds = rec.seconds;
  const ProgramEnd& end = rec.end;
  const std::vector<std::string>& moved = rec.moved;
  std::string wrote;
  for (const OutputPlan& out : job.outputs) wrote += (wrote.empty() ? "" : ", ") + out.files.output;
  std::string line = r.name + " " + describe_end(end) + " after " + printed("%.1f", seconds) + " s; wrote " + wrote +
                     ", kept its profile as " + rec.run.keep;
  for (const std::string& m : moved) line += ", its " + m.substr(m.rfind('.') + 1) + " as " + m;
  return r.eventlog ? line : line + " (its RTS writes no eventlog, a GHC before 9.4 linked without -eventlog: its .hp was followed)";
}


}  // namespace hpng
