// See band_names.h.
#include "hpng/transform/band_names.h"

#include <unordered_set>

namespace hpng {

namespace {

class NamingSink : public SampleSink {
 public:
  NamingSink(SampleSink& out, const BandNamer& namer) : out_(out), namer_(namer) {}
  void band(uint32_t id, std::string_view name) override {
    NamedBand named = namer_(name);
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

// C's %p as GHC's -hi census prints an info table's address.
bool is_address(std::string_view name) {
  if (!name.starts_with("0x") || name.size() < 3 || name.size() > 18) return false;
  return name.find_first_not_of("0123456789abcdef", 2) == std::string_view::npos;
}

class HintSink : public SampleSink {
 public:
  explicit HintSink(SampleSink& out) : out_(out) {}
  void band(uint32_t id, std::string_view name) override {
    ++bands_, addresses_ += is_address(name);
    out_.band(id, name);
  }
  void sample(const Sample& s) override { out_.sample(s); }
  bool all_addresses() const { return bands_ > 0 && addresses_ == bands_; }

 private:
  SampleSink& out_;
  size_t bands_ = 0, addresses_ = 0;
};

}  // namespace

SampleSource with_band_names(SampleSource source, BandNamer namer) {
  return [source = std::move(source), namer = std::move(namer)](SampleSink& out, Warnings& warnings) {
    NamingSink sink(out, namer);
    ProfileInfo info = source(sink, warnings);
    info.info_tables = std::move(sink.tables());
    return info;
  };
}

SampleSource with_address_hint(SampleSource source, std::string name) {
  return [source = std::move(source), name = std::move(name)](SampleSink& out, Warnings& warnings) {
    HintSink sink(out);
    ProfileInfo info = source(sink, warnings);
    if (sink.all_addresses()) {
      // An eventlog's own records would have named them: it has none.
      bool log = info.header.input_format == "eventlog";
      warnings.add({Code::unnamed_bands, name, {}, 0, 0, "",
                    log ? "the bands are info-table addresses and the log has no IPE records to name them: build the "
                          "program with -finfo-table-map (and -fdistinct-constructor-tables)"
                        : "the bands are info-table addresses (a -hi profile): --ipe PROG.eventlog names them from the IPE "
                          "records of an eventlog of the same build (+RTS -hi -l)"});
    }
    return info;
  };
}

}  // namespace hpng
