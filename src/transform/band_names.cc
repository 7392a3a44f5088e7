// See band_names.h.
#include "hpng/transform/band_names.h"

#include <unordered_set>

namespace hpng {

namespace {

// C's %p as GHC's -hi census prints an info table's address.
bool is_address(std::string_view name) {
  if (!name.starts_with("0x") || name.size() < 3 || name.size() > 18) return false;
  return name.find_first_not_of("0123456789abcdef", 2) == std::string_view::npos;
}

// Counts the bands passed on, and those still named by an address.
class CountingSink : public SampleSink {
 public:
  explicit CountingSink(SampleSink& out) : out_(out) {}
  void band(uint32_t id, std::string_view name) override {
    ++bands, addresses += is_address(name);
    out_.band(id, name);
  }
  void sample(const Sample& s) override { out_.sample(s); }
  size_t bands = 0, addresses = 0;

 private:
  SampleSink& out_;
};

class NamingSink : public SampleSink {
 public:
  NamingSink(SampleSink& out, const BandNamer& namer) : out_(out), namer_(namer) {}
  void band(uint32_t id, std::string_view name) override {
    NamedBand named = namer_.name(name);
    if (named.name != name && !taken_.insert(named.name).second) named = {std::string(name), std::nullopt};
    taken_.insert(std::string(name));
    if (named.table) tables_[named.name] = std::move(*named.table);
    out_.band(id, named.name);
  }
  void sample(const Sample& s) override { out_.sample(s); }
  std::map<std::string, InfoTable>& tables() { return tables_; }

 private:
  SampleSink& out_;
  const BandNamer& namer_;
  std::unordered_set<std::string> taken_;
  std::map<std::string, InfoTable> tables_;
};

std::string count_of(size_t n, const char* what) { return std::to_string(n) + " " + what + (n == 1 ? "" : "s"); }

// Records name only the program's own tables: the libraries GHC ships (base,
// containers, ...) are built without the map, so their closures stay
// addresses however the program is built.
std::string library_note(size_t addresses, size_t bands) {
  return std::to_string(addresses) + " of the " + count_of(bands, "band") +
         " are info-table addresses that no IPE record names: closures of libraries built without "
         "-finfo-table-map (GHC's own, such as base and containers); they are named only when those libraries are "
         "built with -finfo-table-map too";
}

// What to say of the address bands left in a -hi profile, if anything.
std::string address_note(const CountingSink& c, const ProfileInfo& info, const BandNamer* ipe) {
  if (c.addresses == 0) return "";
  if (ipe && c.addresses == c.bands) {
    return "no IPE record of --ipe " + ipe->log + " (it has " + count_of(ipe->records, "record") +
           ") names any of the profile's info-table addresses: the log is of another build (--ipe takes an eventlog "
           "of the same build, +RTS -hi -l), or every band is a closure of a library built without -finfo-table-map";
  }
  size_t records = ipe ? ipe->records : info.run ? info.run->ipe_records : 0;
  if (records > 0) return library_note(c.addresses, c.bands);
  if (c.addresses < c.bands) return "";
  if (info.header.input_format == "eventlog") {
    return "the bands are info-table addresses and the log has no IPE records to name them: build the program with "
           "-finfo-table-map (and -fdistinct-constructor-tables)";
  }
  return "the bands are info-table addresses (a -hi profile): --ipe PROG.eventlog names them from the IPE records of an "
         "eventlog of the same build (+RTS -hi -l)";
}

void warn_of_addresses(const CountingSink& c, const ProfileInfo& info, const BandNamer* ipe, const std::string& name,
                       Warnings& warnings) {
  std::string note = address_note(c, info, ipe);
  if (!note.empty()) warnings.add({Code::unnamed_bands, name, {}, 0, 0, "", note});
}

}  // namespace

SampleSource with_band_names(SampleSource source, BandNamer namer, std::string name) {
  return [source = std::move(source), namer = std::move(namer), name = std::move(name)](SampleSink& out,
                                                                                         Warnings& warnings) {
    CountingSink counted(out);
    NamingSink sink(counted, namer);
    ProfileInfo info = source(sink, warnings);
    info.info_tables = std::move(sink.tables());
    warn_of_addresses(counted, info, &namer, name, warnings);
    return info;
  };
}

SampleSource with_address_hint(SampleSource source, std::string name) {
  return [source = std::move(source), name = std::move(name)](SampleSink& out, Warnings& warnings) {
    CountingSink sink(out);
    ProfileInfo info = source(sink, warnings);
    warn_of_addresses(sink, info, nullptr, name, warnings);
    return info;
  };
}

}  // namespace hpng
