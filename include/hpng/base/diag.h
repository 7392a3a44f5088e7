// Diagnostics: every stage reports problems in one shape, so `main` alone
// decides how to print them and which exit status to use. A problem has a
// code (what went wrong: programs and tests ask for it), the file it is
// about, where in it (numbers), the offending text, and a message for
// people; describe() makes the printed text from them, in one place. An
// error is thrown as an Error; recoverable problems go to the one Warnings
// channel each stage is given. Readers keep byte offsets and count lines
// only when a message is made.
#pragma once
#include <cstddef>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace hpng {

enum class Code {
  // Usage errors, exit status 2: the command line asks for what cannot be.
  bad_option,           // an option, its value, or the files named are wrong
  conflicting_options,  // two options that do not go together
  bad_pattern,          // an --include, --exclude or --merge pattern does not compile
  bad_size,             // a picture size beyond what can be drawn
  unknown_extension,    // an output whose extension names no format hp2ps-ng writes
  mixed_units,          // profiles in different units cannot share a scale
  // Input errors, exit status 1: an input cannot be read, or is not a profile.
  cannot_read,      // the system would not open or read a file
  not_a_profile,    // the bytes are plainly something else (a PDF, source code, ...)
  hp_syntax,        // a .hp statement is malformed (line and column)
  aux_syntax,       // an .aux statement is malformed (line and column)
  bad_eventlog,     // an eventlog's header or events are malformed (byte offset)
  bad_compression,  // a .gz, .xz or .zst input is corrupt or cut short (byte offset in the compressed file)
  no_samples,       // the profile holds no complete sample
  input_changed,    // a file changed while it was being read
  too_large,        // an input beyond what can be held (a file read whole, the matrix)
  watch_ended,      // --watch: the watched process ended before a picture could be drawn
  // Nothing to draw, exit status 1: the options leave nothing of the profile.
  empty_window,  // no sample within --from/--to
  empty_filter,  // --include/--exclude leave no band
  // Output errors, exit status 1.
  cannot_write,   // an output or its .aux cannot be written
  cannot_render,  // Cairo could not draw or encode the picture
  no_fonts,       // the bundled fonts cannot be loaded
  output_is_input,  // an output is an input, whatever path names it (or the .aux is the picture)
  // A gate, exit status 3: the output was written, but a limit was passed.
  over_limit,  // --max-peak or --max-growth
  // The recorded program failed, exit status 4: what it wrote was drawn.
  program_failed,  // --record: the program could not start, exited non-zero or was killed
  cannot_record,   // --record: the program's RTS refuses what --record asks of it (checked before it runs)
  // Warnings: the run goes on.
  unfinished,        // the profile has no end (a killed or running program): its complete samples are drawn
  cut_short,         // the file ends inside a statement or sample, which is left out
  skipped,           // part of an input is left out (an undeclared or short event, a restarted profile)
  held_censuses,     // -hb: the RTS wrote every census at exit; they are placed at their census times
  no_data,           // no sample has data: the chart is empty
  long_text,         // a band name, JOB, DATE or mark beyond 64 KiB is cut in every output
  bands_in_other,    // a vector picture draws the smallest bands in OTHER, so that its file stays small
  option_ignored,    // an option that does nothing for this output or input
  format_mismatch,   // --format disagrees with the output's extension
  beyond_scale,      // the profile goes beyond --x-max or --y-max
  aux_not_written,   // the output was written, its .aux was not
  file_restarted,    // --watch: the file was truncated or replaced
  waiting,           // --watch: the profile cannot be drawn yet
  unnamed_bands,     // a -hi .hp's bands are addresses: --ipe names them
  unlike_runs,       // --compare, --diff: the runs differ in breakdown (-hc, -hy, ...) or clock (.hp, eventlog)
  ambiguous_names,   // --compare, --diff: bands of one run that read the same without their (id), kept apart as NAME (2)
  few_censuses,      // --record: the program was censused far less often than asked (it waited)
  stop_escalated,    // --record: the program did not end on a stop, and was sent a stronger signal
  explain_cut,       // --explain: a run its RTS refused was skipped, or one that failed ended the explanation
  kept_beside,       // --record: a user's file has the name its profile would take: the profile goes beside it
  older_rts,         // --record: the GHC program a script runs refused GHC 9.2's options: recorded again without them
  // Notes: what a run says besides (printed without "warning").
  gate_within,       // a gate held: its limit and what was judged against it
};

// What an error's code means for the run: which exit status, and whether a
// --watch can wait for it to go away.
enum class ErrorKind { usage, input, nothing_to_draw, output, gate, program, warning, note };
ErrorKind kind_of(Code code);

struct Diagnostic {
  Code code;
  std::string file;               // the input's or output's name as the user gave it; empty: the command line
  std::optional<size_t> byte{};   // where: a byte offset into the file (an eventlog) ...
  size_t line = 0, column = 0;    // ... or a line and column from 1 (a text file); 0: none
  std::string text{};             // the offending input, as an excerpt; empty: none
  std::string message{};          // what was expected / what went wrong
  // On the warnings channel: an error that ended one of several runs (a
  // batch's profile), said as an error; the run's exit status is the worst.
  bool error = false;
  friend bool operator==(const Diagnostic&, const Diagnostic&) = default;
};

// "FILE:LINE:COL: message", "FILE:byte N: message", "FILE: message", or
// just the message when there is no file.
std::string describe(const Diagnostic& d);

// A path for a message: a path as long as the system allows (4 KiB) would
// make the message a screenful, so past 203 bytes its first and last 100
// bytes, which say which file it is.
std::string shown_path(const std::string& path);

class Error : public std::runtime_error {
 public:
  explicit Error(Diagnostic d);
  Code code() const { return diag_.code; }
  ErrorKind kind() const { return kind_of(diag_.code); }
  const Diagnostic& diagnostic() const { return diag_; }

 private:
  Diagnostic diag_;
};

Error usage_error(Code code, std::string message);
Error file_error(Code code, std::string file, std::string message);

// 2 for usage errors, 3 for a limit exceeded (a gate), 4 for --record's
// program, 1 for the rest.
int exit_status(Code code);

// The warnings of a run, in the order they were found. A warning already
// said is not said again (a profile is read several times, and each read
// finds the same).
class Warnings {
 public:
  void add(Diagnostic d);
  // A new input (a watched file that started over): its warnings are said
  // again.
  void start_again() { said_.clear(); }
  // Warnings of `code` about `file` from now on are not said: a fact said
  // once another way (a recording's census note says why it has no data).
  void hold_back(Code code, const std::string& file) { held_back_.insert(std::to_string(static_cast<int>(code)) + " " + file); }
  // Called with each warning added (--watch prints them as they come).
  std::function<void(const Diagnostic&)> on_add;
  size_t size() const { return list_.size(); }
  bool empty() const { return list_.empty(); }
  const Diagnostic& operator[](size_t i) const { return list_[i]; }
  std::vector<Diagnostic>::const_iterator begin() const { return list_.begin(); }
  std::vector<Diagnostic>::const_iterator end() const { return list_.end(); }

 private:
  std::vector<Diagnostic> list_;
  std::unordered_set<std::string> said_;  // code and text of each
  std::unordered_set<std::string> held_back_;  // code and file
};

// A short, printable excerpt of input bytes for messages: at most `max`
// bytes, control and non-UTF-8 bytes shown as \xNN.
std::string excerpt(std::string_view bytes, size_t max = 40);

}  // namespace hpng
