// What a band is across builds of one program (--compare, --diff,
// --stable-colours): its name without what a rebuild changes.
#pragma once
#include <map>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "hpng/base/diag.h"
#include "hpng/stream/samples.h"

namespace hpng {

// "(314)f/g/main" -> "f/g/main": a .hp's id numbers one build's stacks.
std::string without_id(std::string_view name);

// A band's identity across builds of one program: its name without the
// .hp's id and without the source locations the eventlog reader adds to
// labels -fprof-auto shares ("go[src/M.hs:66:46-82]/main" -> "go/main";
// also "[cc 12]"), which move when a line is added above them.
// --stable-colours colours a band by it.
std::string band_identity(std::string_view name);

// A -hi band's identity across builds: what its IPE record says it is, its
// label (else its type, else its closure type) and source location (else
// module), never its address or table name, which every build changes.
std::string record_identity(const InfoTable& t);

// -hi bands' records by band name (ProfileInfo::info_tables).
using InfoTables = std::map<std::string, InfoTable>;

// Bands of one chart that share an identity (two stacks through one shared
// label; .hp names cut alike, kept apart as NAME (2)): for each of `names`,
// its identity without that " (2)", and its rank among the bands of that
// identity, in the order of their source locations, then of their .hp
// ids, then of the " (k)" given to keep them apart. The same stacks get
// the same ranks in every build, so that --stable-colours gives each its
// own colour, the same every time. A band in `tables` is identified by its
// record, ranked by its type and closure type.
struct RankedIdentity {
  std::string identity;
  size_t rank;
};
std::vector<RankedIdentity> ranked_identities(const std::vector<std::string>& names, const InfoTables& tables = {});

// One run's bands, as announced, and where they came from (for warnings).
struct RunNames {
  std::string source;
  std::vector<std::string> names;
  InfoTables tables;  // its -hi bands' records: matched by them, never by address
};

// For each run, each band's name -> the name it is matched by. A band
// whose identity is the only one of its kind in every run is named by its
// identity. Where a run has several bands of one identity, the bands of
// each run are paired in the order of their source locations (the same
// place in the file when only line numbers moved; else in the order
// announced), each named by the first run's band of its rank that keeps
// its locations; a rank only one run has keeps that run's name. Two bands
// of one run are never given one name: where nothing tells them apart
// (.hp names cut by -L), they are NAME, NAME (2), ..., with a warning.
std::vector<std::unordered_map<std::string, std::string>> matched_names(const std::vector<RunNames>& runs,
                                                                        Warnings& warnings);

}  // namespace hpng
