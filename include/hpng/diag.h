// Diagnostics: every stage reports problems in one shape, so `main` alone
// decides how to print them and which exit status to use. Readers keep byte
// offsets and turn them into line:column only when a message is made.
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

// "FILE:LOC: message" (or "FILE: message" without a location).
std::string describe(const Diagnostic& d);

// Bad input: the file is not a profile we can render. Exit status 1.
class InputError : public std::runtime_error {
 public:
  explicit InputError(Diagnostic d);
  const Diagnostic& diagnostic() const { return diag_; }

 private:
  Diagnostic diag_;
};

// Wrong command line. Exit status 2.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Recoverable problems, printed as warnings once a stage is done.
using Warnings = std::vector<Diagnostic>;

// A short, printable excerpt of input bytes for messages: at most `max`
// bytes, control and non-UTF-8 bytes shown as \xNN.
std::string excerpt(std::string_view bytes, size_t max = 40);

}  // namespace hpng
