// What a GHC program's binary says of its runtime system, from its bytes
// (the RTS's own --help text is linked into it): the reader of a program's
// binary, which --record asks before it runs the program.
#pragma once
#include <string>

namespace hpng {

// A binary that is not a GHC program (a script, a wrapper) is taken to be
// a GHC of today's.
struct RtsAbilities {
  bool ghc = false;            // the binary holds a GHC RTS
  bool eventlog = true;        // -l and -ol (always from GHC 9.4; before, only when linked with -eventlog)
  bool flush_interval = true;  // --eventlog-flush-interval (GHC 9.2 on)
  bool profile_prefix = true;  // -po, where the .hp goes (GHC 9.2 on)
  bool profiled = true;        // the profiling RTS (-prof): -hc, -hy, -hr, -hb and restrictions
  bool info_tables = true;     // -hi, by info table (GHC 9.2 on)
};
RtsAbilities rts_abilities(const std::string& program_path);

}  // namespace hpng
