// See band_names.h.
#include "hpng/transform/band_names.h"

#include <algorithm>
#include <mutex>
#include <unordered_set>

namespace hpng {

namespace {

bool is_address(std::string_view name) { return info_table_address(name).has_value(); }

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

// What to say of the bands --symbols' binary does not name, though it could.
std::string refused_note(size_t refused, const std::string& why, const BandNamer& symbols) {
  if (refused == 0) return "";
  return "--symbols " + symbols.log + " " + why + ": " + count_of(refused, "band") + " left as addresses";
}

// Names each band with --ipe's namer, then --symbols' (a band whose new
// name another band already took keeps its own, so bands stay apart), and
// counts the bands still named by an address.
class NamingStep : public StreamStep {
 public:
  NamingStep(SampleSink& out, std::shared_ptr<const BandNamer> ipe, std::shared_ptr<const BandNamer> symbols,
             std::string input)
      : StreamStep(out), ipe_(std::move(ipe)), symbols_(std::move(symbols)), input_(std::move(input)) {}
  void band(uint32_t id, std::string_view name) override {
    std::string named = new_name(name);
    ++bands_, addresses_ += is_address(named);
    out().band(id, named);
  }
  void sample(const Sample& s) override { out().sample(s); }
  void finish(ProfileInfo& info, Warnings& warnings) const override {
    for (const auto& [band, table] : tables_) info.info_tables[band] = table;  // beside an eventlog's own records
    std::string note = address_note(addresses_, bands_, info, ipe_.get());
    if (symbols_ && addresses_ > 0 && refused_ == 0) {
      note = std::to_string(addresses_) + " of the " + count_of(bands_, "band") + " are info-table addresses that no " +
             "IPE record or symbol of --symbols " + symbols_->log + " names (a local thunk or a return frame has no symbol)";
    }
    if (!note.empty()) warnings.add({Code::unnamed_bands, input_, {}, 0, 0, "", note});
    std::string wrong = symbols_ ? refused_note(refused_, why_, *symbols_) : "";
    if (!wrong.empty()) warnings.add({Code::unnamed_bands, input_, {}, 0, 0, "", wrong});
    if (symbols_ && !symbols_->unread.empty()) {
      warnings.add({Code::unnamed_bands, input_, {}, 0, 0, "", "--symbols " + symbols_->log + ": " + symbols_->unread});
    }
  }
  std::unique_ptr<StreamStep> copy_to(SampleSink& out) const override { return copied(*this, out); }

 private:
  std::string new_name(std::string_view name) {
    NamedBand named{std::string(name), std::nullopt, ""};
    if (ipe_) named = ipe_->name(name);
    if (symbols_ && is_address(named.name)) named = symbols_->name(name);
    if (!named.refused.empty()) ++refused_, why_ = why_.empty() ? named.refused : why_;
    if (named.name != name && !taken_.insert(named.name).second) named = {std::string(name), std::nullopt, ""};
    taken_.insert(std::string(name));
    if (named.table) tables_[named.name] = std::move(*named.table);
    return named.name;
  }

  std::shared_ptr<const BandNamer> ipe_, symbols_;
  std::string input_;
  std::unordered_set<std::string> taken_;
  std::map<std::string, InfoTable> tables_;
  std::string why_;  // the first refusal's reason
  size_t bands_ = 0, addresses_ = 0, refused_ = 0;
};

}  // namespace

namespace {

// The address bands of one read, whatever else it says.
class AddressBands : public SampleSink {
 public:
  void band(uint32_t, std::string_view name) override {
    if (is_address(name)) names.emplace_back(name);
  }
  void sample(const Sample&) override {}
  std::vector<std::string> names;
};

struct Vetting {
  std::once_flag once;
  std::string refused;  // why the namer does not fit the profile, or ""
};

}  // namespace

BandNamer vetted_symbols(BandNamer symbols, SampleSource raw) {
  auto inner = std::make_shared<const BandNamer>(std::move(symbols));
  auto vetting = std::make_shared<Vetting>();
  BandNamer out = *inner;
  out.name = [inner, vetting, raw](std::string_view text) {
    std::call_once(vetting->once, [&] {
      AddressBands bands;
      Warnings quiet;  // what cannot be read is said by the read that draws it
      try {
        raw(bands, quiet);
      } catch (const Error&) {
      }
      if (inner->vet) vetting->refused = inner->vet(bands.names);
    });
    if (vetting->refused.empty()) return inner->name(text);
    return NamedBand{std::string(text), std::nullopt, is_address(text) ? vetting->refused : ""};
  };
  return out;
}

StepMaker naming_step(BandNamer ipe, BandNamer symbols, std::string name) {
  auto shared = ipe ? std::make_shared<const BandNamer>(std::move(ipe)) : nullptr;
  auto by_symbol = symbols ? std::make_shared<const BandNamer>(std::move(symbols)) : nullptr;
  return [shared, by_symbol, name](SampleSink& out) { return std::make_unique<NamingStep>(out, shared, by_symbol, name); };
}

}  // namespace hpng
