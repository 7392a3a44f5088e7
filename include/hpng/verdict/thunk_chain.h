// A chain of unevaluated thunks being forced: a lazy accumulator, or
// `iterate f x !! n`, builds a chain before or between censuses, and forcing
// it pushes a frame a link on a deep stack while each link under evaluation
// is a BLACKHOLE. Whatever the time shape (the first census may already
// hold the peak), a stack of megabytes is that story: a healthy program's
// stack holds kilobytes.
#pragma once
#include <cstddef>
#include <optional>
#include <vector>

#include "hpng/matrix/band_matrix.h"

namespace hpng {

// The rule: the stack's band (STACK; SYSTEM in -hc and -hm, where the
// stack is charged to it) reaches kLeastStack bytes and kStackShare of the
// profile's peak. The chain's bands are then the stack's, BLACKHOLE at
// kBlackholeShare of the peak or more, the thunks (THUNK*, AP, -hy's `*`,
// -hd's `<...>`) at kThunkShare or more, and in -hc and -hm the cost centre
// or module holding most beside the stack at the stack's peak: who made it.
constexpr double kLeastStack = 2e6, kStackShare = 0.2, kBlackholeShare = 0.05, kThunkShare = 0.1;

struct ThunkChain {
  std::optional<size_t> stack;  // the stack's band; none: no chain
  std::vector<size_t> held;     // the blackholes' and thunks' bands
  std::optional<size_t> maker;  // -hc, -hm: who made the thunks
  double stack_peak = 0;        // bytes
  bool found() const { return stack.has_value(); }
  std::vector<size_t> bands() const;  // the stack's, the held, the maker's
};

ThunkChain thunk_chain(const BandMatrix& m);

}  // namespace hpng
