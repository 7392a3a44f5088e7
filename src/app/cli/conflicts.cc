// Every option against every other, in one place: what makes no sense
// together is refused (exit status 2) with what to write instead, and what
// one option implies for another is settled. What an option means for an
// output format is resolve_job's (job.h).
#include "app/cli/cli.h"
#include "base/text.h"

namespace hpng {

namespace {

[[noreturn]] void conflict(const std::string& message) { throw usage_error(Code::conflicting_options, message); }

// --watch needs a file that grows and an output to replace.
void check_watch(Options& o) {
  if (o.watch_pid && !o.watch) o.watch = kWatchEvery;
  if (!o.watch) return;
  if (o.files.empty()) conflict("--watch follows a profile file as it grows: name it (not standard input)");
  if (!o.outputs.empty() && o.outputs[0] == "-") conflict("--watch replaces its output at every update: write a file, not standard output");
  if (o.compare || o.diff) conflict("--watch follows one profile: not with --compare or --diff");
  if (o.files.size() > 1) conflict("--watch follows one profile: name one file");
  if (o.outputs.size() > 1) conflict("--watch replaces one output at each update: give one -o");
  if (o.symbols) conflict("--symbols' names are checked against the whole profile, which a watched one is not yet: not with --watch");
}

// Several inputs: what --compare and --diff take, and what makes no sense
// with them. Without either, each input is drawn as its own run would be.
void check_several(const Options& o) {
  if (o.compare && o.diff) conflict("--compare and --diff: use one or the other");
  if (!o.compare && !o.diff) return;
  const char* option = o.diff ? "--diff" : "--compare";
  if (o.diff && o.files.size() != 2) throw usage_error(Code::bad_option, "--diff takes two profiles, BEFORE and AFTER");
  if (o.files.size() < 2) throw usage_error(Code::bad_option, "--compare takes two or more profiles");
  if (o.outputs.empty()) conflict(std::string(option) + " draws several profiles into one output: name it with -o");
  if (o.reuse_aux || o.aux) conflict(std::string(option) + " writes and reads no .aux (-p, --aux): it has several profiles");
  if (!o.diff) return;
  if (o.percent) conflict("--diff draws changes in the profile's unit: --percent does not apply");
  if (o.heap_lines) conflict("--diff draws the bands' changes: --heap-lines does not apply");
  if (o.by_deviation || o.sort_name || o.by_growth || o.by_number) {
    conflict("--diff orders bands by how much they changed: -d, -i, --sort-growth and --sort-number do not apply");
  }
}

// Several outputs of one run each say their format by their extension;
// several runs in one go write each run's own files, into one folder.
void check_outputs(const Options& o) {
  bool batch = o.files.size() > 1 && !o.compare && !o.diff;
  if (o.outputs.size() > 1 && o.format && !batch) conflict("--format with several -o: each output's extension says its format");
  if (batch && o.outputs.size() > 2) {
    conflict("several profiles, each drawn on its own, write their own files: give one -o FOLDER and one -o SUMMARY.md at most");
  }
  if (batch && (o.aux || o.reuse_aux)) conflict("several profiles, each drawn on its own, each read and write their own .aux: not --aux or -p");
  if (o.no_aux && (o.aux || o.reuse_aux)) conflict("--no-aux goes with neither --aux nor -p");
}

// -d and -i sort hp2ps's way, each after the one before; a slope order on
// top of either would leave one of them meaningless.
void check_orders(const Options& o) {
  int orders = o.by_deviation + o.sort_name.has_value() + o.by_growth + o.by_number;
  if (orders > 1 && (o.by_growth || o.by_number)) {
    conflict("-d, -i, --sort-growth and --sort-number each order the bands their own way: give one");
  }
}

// Gates judge a finished profile: not a watched one; growth is --diff's or
// the baseline's.
void check_gates(const Options& o) {
  bool baseline = o.record && o.baseline;
  if (o.max_growth && !o.diff && !baseline) {
    conflict("--max-growth compares --diff's AFTER with its BEFORE (or --record's run with its --baseline): give --diff or --baseline");
  }
  if (baseline && !o.max_growth) conflict("--baseline is what --max-growth compares with: give --max-growth");
  if (o.allow_unjudged && !o.fail_on_leak) conflict("--allow-unjudged lets --fail-on-leak pass what it cannot judge: give --fail-on-leak");
  if ((o.max_peak || o.max_growth || o.fail_on_leak) && o.watch) {
    conflict("--max-peak, --max-growth and --fail-on-leak judge a finished profile: not with --watch");
  }
}

// --record runs the program after `--`: it reads no profile of the command
// line's, and writes its outputs when the program ends.
void check_record(const Options& o) {
  if (!o.record) {
    if (o.breakdown || o.every || o.baseline || o.explain || o.run_for) {
      conflict("--breakdown, --every, --for, --baseline and --explain go with --record");
    }
    return;
  }
  if (o.explain && o.breakdown) conflict("--explain chooses each run's breakdown (-hy, -hc, -hr, -hb): not with --breakdown");
  if (o.explain && o.baseline) conflict("--explain runs the program several times: --baseline goes with one recording");
  if (o.explain && o.run_for) conflict("--explain runs the program several times, each to its end: --for goes with one recording");
  if (o.program.empty()) throw usage_error(Code::bad_option, "--record runs a program: hp2ps-ng --record [OPTIONS] -- PROG [ARGS...]");
  if (!o.files.empty()) conflict("--record draws the program's own profile: no profile file ('" + excerpt(o.files[0]) + "')");
  if (o.watch || o.watch_pid || o.compare || o.diff) {
    conflict("--record follows the program it runs: not with --watch, --watch-pid, --compare or --diff");
  }
  for (const std::string& out : o.outputs) {
    if (out == "-") conflict("--record updates its outputs as the program runs: write a file, not standard output");
  }
}

void check_drawing(const Options& o) {
  if (o.stable_colours && o.palette) conflict("--stable-colours and --palette: use one or the other");
  if (o.percent && o.y_max) conflict("--percent draws 0 to 100 %: --y-max does not apply");
  if (o.percent && o.heap_lines) conflict("--heap-lines draws bytes and --percent draws shares: use one or the other");
  if (o.from && o.to && *o.from > *o.to) {
    throw usage_error(Code::bad_option, "--from " + printed("%g", *o.from) + " is after --to " + printed("%g", *o.to));
  }
}

}  // namespace

void check_conflicts(Options& o) {
  check_record(o);
  check_several(o);
  check_outputs(o);
  check_orders(o);
  check_watch(o);
  check_gates(o);
  check_drawing(o);
}

}  // namespace hpng
