// Diagnostics: every stage reports problems in one shape, so `main` alone
// decides how to print them and which exit status to use. An error is an
// Error with a kind (which decides the exit status) and a Diagnostic (which
// says where and what); recoverable problems go to the one Warnings list
// each stage is given. Readers keep byte offsets and turn them into
// line:column only when a message is made.
#pragma once
#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace hpng {

struct Diagnostic {
  std::string file;      // the input's name as the user gave it
  std::string location;  // "LINE:COL", "byte N", or empty
  std::string message;   // what was expected / what went wrong
};

// "FILE:LOC: message" (or "FILE: message" without a location, or just the
// message without a file).
std::string describe(const Diagnostic& d);

enum class ErrorKind {
  usage,            // the command line is wrong: exit status 2
  input,            // an input cannot be read or is not a profile we draw: 1
  nothing_to_draw,  // the options leave nothing of the profile to draw: 1
  output,           // an output cannot be rendered or written: 1
};

class Error : public std::runtime_error {
 public:
  Error(ErrorKind kind, Diagnostic d);
  ErrorKind kind() const { return kind_; }
  const Diagnostic& diagnostic() const { return diag_; }

 private:
  ErrorKind kind_;
  Diagnostic diag_;
};

Error input_error(std::string file, std::string location, std::string message);
Error usage_error(std::string message);
Error output_error(std::string file, std::string message);

// 2 for usage errors, 1 for the rest.
int exit_status(ErrorKind kind);

// Recoverable problems, printed as warnings once the run is over.
using Warnings = std::vector<Diagnostic>;

// A short, printable excerpt of input bytes for messages: at most `max`
// bytes, control and non-UTF-8 bytes shown as \xNN.
std::string excerpt(std::string_view bytes, size_t max = 40);

}  // namespace hpng
