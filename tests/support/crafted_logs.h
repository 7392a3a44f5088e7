// Crafted eventlogs that both the reader's tests and the command line's
// use: -hi logs with IPE records (GHC 9.2+, -finfo-table-map), and a log of
// the GC's figures alone.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "support/eventlog_writer.h"

namespace hpng::test {

// The first record of ghc-events' public GHC 9.2 test log, as ghc-events
// prints it, and one of a leak.
inline const EventlogWriter::Ipe kSat{0x409f78, "sat_s154_info", "21", "Integer -> IO ()", "main", "Main", "Test.hs", "5:1-30"};
inline const EventlogWriter::Ipe kGo{0x4a3f10, "go_info", "15", "[Int]", "go", "Leak", "src/Leak.hs", "12:5-30"};

enum class Where { before, after };

using Length = EventlogWriter::IpeLength;

// Where a -hi log's records are, their length fields, bytes appended to
// each, and records beyond kSat and kGo.
struct LogShape {
  Where records = Where::before;
  Length length = Length::one_more;
  std::string appended;
  std::vector<EventlogWriter::Ipe> extra;
};

// Two censuses of kSat's, kGo's and 0xdeadbeef's addresses (and each extra
// record's), their records where `shape` puts them.
std::string hi_log(const LogShape& shape);

// A -hi log of `records`, in that order, then one census of the bytes
// `live[i]` of each record's address.
std::string one_census(const std::vector<EventlogWriter::Ipe>& records, const std::vector<uint64_t>& live);

// Marks in a capability's block before the global block that starts the
// heap profile, as GHC writes a program's traceMarker calls: "first" at
// 0.01 s, "second" at 0.03 s, and "third" after the two censuses.
EventlogWriter marked_log();

// The GC's heap figures (two capabilities) and no heap profile.
EventlogWriter gc_only_log();

}  // namespace hpng::test
