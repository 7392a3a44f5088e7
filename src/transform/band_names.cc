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
std::string address_note(size_t addresses, size_t bands, const ProfileInfo& info, const BandNamer* ipe) {
  if (addresses == 0) return "";
  if (ipe && addresses == bands) {
    return "no IPE record of --ipe " + ipe->log + " (it has " + count_of(ipe->records, "record") +
           ") names any of the profile's info-table addresses: the log is of another build (--ipe takes an eventlog "
           "of the same build, +RTS -hi -l), or every band is a closure of a library built without -finfo-table-map";
  }
  size_t records = ipe ? ipe->records : info.run ? info.run->ipe_records : 0;
  if (records > 0) return library_note(addresses, bands);
  if (addresses < bands) return "";
  if (info.header.input_format == "eventlog") {
    return "the bands are info-table addresses and the log has no IPE records to name them: build the program with "
           "-finfo-table-map (and -fdistinct-constructor-tables)";
  }
  return "the bands are info-table addresses (a -hi profile): --ipe PROG.eventlog names them from the IPE records of an "
         "eventlog of the same build (+RTS -hi -l)";
}

// Names each band with --ipe's namer, if there is one (a band whose new
// name another band already took keeps its own, so bands stay apart), and
// counts the bands still named by an address.
class NamingStep : public StreamStep {
 public:
  NamingStep(SampleSink& out, std::shared_ptr<const BandNamer> namer, std::string input)
      : StreamStep(out), namer_(std::move(namer)), input_(std::move(input)) {}
  void band(uint32_t id, std::string_view name) override {
    std::string named = namer_ ? new_name(name) : std::string(name);
    ++bands_, addresses_ += is_address(named);
    out().band(id, named);
  }
  void sample(const Sample& s) override { out().sample(s); }
  void finish(ProfileInfo& info, Warnings& warnings) const override {
    if (namer_) info.info_tables = tables_;
    std::string note = address_note(addresses_, bands_, info, namer_.get());
    if (!note.empty()) warnings.add({Code::unnamed_bands, input_, {}, 0, 0, "", note});
  }
  std::unique_ptr<StreamStep> copy_to(SampleSink& out) const override { return copied(*this, out); }

 private:
  std::string new_name(std::string_view name) {
    NamedBand named = namer_->name(name);
    if (named.name != name && !taken_.insert(named.name).second) named = {std::string(name), std::nullopt};
    taken_.insert(std::string(name));
    if (named.table) tables_[named.name] = std::move(*named.table);
    return named.name;
  }

  std::shared_ptr<const BandNamer> namer_;
  std::string input_;
  std::unordered_set<std::string> taken_;
  std::map<std::string, InfoTable> tables_;
  size_t bands_ = 0, addresses_ = 0;
};

}  // namespace

StepMaker naming_step(BandNamer namer, std::string name) {
  auto shared = namer ? std::make_shared<const BandNamer>(std::move(namer)) : nullptr;
  return [shared, name](SampleSink& out) { return std::make_unique<NamingStep>(out, shared, name); };
}

}  // namespace hpng
