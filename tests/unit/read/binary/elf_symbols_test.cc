// A program's ELF file read for -hi names: hostile files refused with a
// reason (never a crash), then real GHC 9.6.6 builds (tests/data/symbols):
// the right build names the bands, another build names none.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>

#include "hpng/matrix/band_matrix.h"
#include "hpng/read/elf_symbols.h"
#include "hpng/read/read.h"
#include "hpng/stream/stream_steps.h"
#include "hpng/transform/band_names.h"
#include "support/util.h"

namespace hpng {
namespace {

using namespace hpng::test;

std::string put(uint64_t v, size_t n) {
  std::string s(n, '\0');
  std::memcpy(s.data(), &v, n);
  return s;
}

// An ELF-64 header with `shnum` section headers at `shoff`.
std::string header(uint64_t shoff, uint16_t shnum) {
  std::string h = std::string("\x7f" "ELF\x02\x01\x01", 7) + std::string(9, '\0');
  h += put(2, 2) + put(62, 2) + put(1, 4) + put(0, 8) + put(0, 8) + put(shoff, 8) + put(0, 4);
  h += put(64, 2) + put(56, 2) + put(0, 2) + put(64, 2) + put(shnum, 2) + put(0, 2);
  return h;
}

// A section header of `type` at `offset`, `size` bytes, linked to `link`.
std::string section(uint32_t type, uint64_t offset, uint64_t size, uint32_t link) {
  return put(0, 4) + put(type, 4) + put(0, 8) + put(0, 8) + put(offset, 8) + put(size, 8) + put(link, 4) + put(0, 4) +
         put(8, 8) + put(24, 8);
}

struct Hostile {
  const char* name;
  std::string bytes;
  const char* said;
};
void PrintTo(const Hostile& h, std::ostream* os) { *os << h.name; }

class HostileElf : public ::testing::TestWithParam<Hostile> {};

TEST_P(HostileElf, IsRefusedWithTheReason) {
  std::string path = scratch_dir() + "/prog";
  write_file(path, GetParam().bytes);
  try {
    ElfSymbols elf(path);
    FAIL() << "read";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), Code::bad_option);
    EXPECT_NE(std::string(e.what()).find(GetParam().said), std::string::npos) << e.what();
  }
}

INSTANTIATE_TEST_SUITE_P(
    Elf, HostileElf,
    ::testing::Values(Hostile{"empty", "", "not a program's binary"},
                      Hostile{"pdf", "%PDF-1.4" + std::string(100, ' '), "not a program's binary"},
                      Hostile{"elf32", std::string("\x7f" "ELF\x01\x01", 6) + std::string(100, '\0'), "not a 64-bit"},
                      Hostile{"sections_past_the_end", header(1 << 30, 3), "section headers past its end"},
                      Hostile{"huge_section_count", header(64, 65535), "section headers past its end"},
                      Hostile{"symbols_past_the_end",
                              header(64, 2) + section(2, 1ull << 40, 24, 1) + section(3, 0, 10, 0),
                              "a symbol table past its end"},
                      Hostile{"symbol_size_wraps", header(64, 2) + section(2, 64, ~0ull - 8, 1) + section(3, 0, 10, 0),
                              "a symbol table past its end"},
                      Hostile{"link_out_of_range", header(64, 1) + section(2, 64, 24, 9), "no symbol of an info table"},
                      Hostile{"stripped", header(0, 0), "no symbol of an info table"}),
    [](const auto& info) { return std::string(info.param.name); });

const std::string kDir = HPNG_SYMBOLS;

// Bands of a -hi profile, named through --symbols' namer as the pipeline
// names them (vetted against the whole profile).
std::vector<std::string> named(const std::string& binary, const std::string& profile, Warnings& w) {
  Input in{profile, read_file(kDir + "/" + profile)};
  BandNamer symbols = symbol_band_namer(kDir + "/" + binary);
  SampleSource raw = profile_source(in, InputFormat::automatic);
  SampleSource named = through(raw, {naming_step({}, vetted_symbols(symbols, raw), profile)});
  SelectOptions all;
  all.trace_percent = 0, all.band_limit = 0;
  BandMatrix m = profile_matrix(named, all, 0, w);
  std::vector<std::string> names;
  for (const Band& b : m.bands) names.push_back(b.name);
  return names;
}

bool has(const std::vector<std::string>& v, const std::string& x) { return std::find(v.begin(), v.end(), x) != v.end(); }

TEST(ElfSymbols, TheBuildThatMadeTheProfileNamesItsBands) {
  for (const char* profile : {"growmap-plain.hi.hp", "growmap-plain.hi.eventlog"}) {
    Warnings w;
    std::vector<std::string> names = named("growmap-plain", profile, w);
    for (const char* band : {"containers-0.6.7:Data.Map.Internal.Bin", "ghc-prim:GHC.Types.D#", "ghc-prim:GHC.Types.I#",
                             "ghc-prim:GHC.Types.:", "STACK", "TSO", "ARR_WORDS"}) {
      EXPECT_TRUE(has(names, band)) << profile << ": " << band;
    }
  }
  Warnings w;
  EXPECT_TRUE(has(named("growmap-prof", "growmap-prof.hi.hp", w), "containers-0.6.7:Data.Map.Internal.Bin"))
      << "a profiled build: the symbol 32 bytes after its table";
}

// Another build of the same program has valid tables at some of the
// profile's addresses: it names nothing, and says why.
TEST(ElfSymbols, AnotherBuildNamesNothing) {
  Warnings w;
  std::vector<std::string> names = named("growmap-ipe", "growmap-plain.hi.hp", w);
  for (const std::string& n : names) EXPECT_TRUE(n.starts_with("0x")) << n;
  bool said = false;
  for (const Diagnostic& d : w) said = said || d.message.find("is not the build that made the profile") != std::string::npos;
  EXPECT_TRUE(said);
}

TEST(ElfSymbols, ATableIsItsSymbolsAndItsBytes) {
  ElfSymbols elf(kDir + "/growmap-plain");
  EXPECT_FALSE(elf.position_independent());
  std::optional<std::string_view> bin = elf.at(0x43d198);
  ASSERT_TRUE(bin);
  EXPECT_EQ(*bin, "containerszm0zi6zi7_DataziMapziInternal_Bin_con_info");
  EXPECT_FALSE(elf.at(0x43d199));
  EXPECT_FALSE(elf.bytes_at(~0ull - 2, 8)) << "past every segment";
}

// The RTS's STACK is the program's own where the RTS is linked in, and
// not in a -dynamic build (libHSrts is a shared object); a PIE says so.
TEST(ElfSymbols, ItSaysWhetherItHoldsTheRts) {
  ElfSymbols plain(kDir + "/growmap-plain"), dynamic(kDir + "/growmap-dyn"), pie(kDir + "/growmap-pie-ipe");
  EXPECT_TRUE(plain.value_of("stg_STACK_info"));
  EXPECT_FALSE(plain.value_of("stg_STACK_inf"));
  EXPECT_FALSE(dynamic.value_of("stg_STACK_info"));
  EXPECT_FALSE(dynamic.position_independent());
  EXPECT_TRUE(pie.position_independent());
  EXPECT_EQ(pie.ipe_buffers().size(), 1u) << "Main_ipe_buf";
  std::vector<uint64_t> values = plain.symbol_values();
  EXPECT_EQ(values.size(), plain.symbols());
  EXPECT_TRUE(std::is_sorted(values.begin(), values.end()));
}

}  // namespace
}  // namespace hpng
