// What a file that fails to read as a profile plainly is, so that the error
// says "this is a PDF document" rather than only what token was expected.
#pragma once
#include <string>
#include <string_view>

namespace hpng {

// "this is <what>, not a heap profile: hp2ps-ng reads ..." when the bytes
// are recognisably something else (source code, a document, an image, a
// compressed file, a program, a time profile, an .aux, binary data, or the
// other profile format than the one asked for), else empty. `as_hp`: the
// bytes failed as a .hp (else as an eventlog).
std::string not_a_profile(std::string_view bytes, bool as_hp);

// What is plainly not a profile (binary data, a document, source code) is
// refused from its first bytes (the first 4 KiB of `first` are looked at),
// before any of it is kept: Error (not_a_profile) naming `name`. An
// eventlog's header, or nothing yet, passes.
void refuse_plainly_not_a_profile(std::string_view first, const std::string& name);

}  // namespace hpng
