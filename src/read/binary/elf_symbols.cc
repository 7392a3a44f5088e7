// See elf_symbols.h. The layouts are the ELF-64 ones (little-endian, as
// x86-64 and AArch64 GHCs write them).
#include "hpng/read/elf_symbols.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "hpng/base/diag.h"

namespace hpng {

namespace {

constexpr uint32_t kLoad = 1, kSymtab = 2, kDynsym = 11;
constexpr uint16_t kSharedObject = 3;
constexpr size_t kHeader = 64, kProgramHeader = 56, kSectionHeader = 64, kSymbol = 24;

template <class T>
T load(const char* p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

// [offset, offset + n) lies within a file of `size` bytes.
bool within(uint64_t offset, uint64_t n, size_t size) { return offset <= size && n <= size - offset; }

}  // namespace

ElfSymbols::ElfSymbols(const std::string& path) : path_(path) {
  auto refuse = [&](const std::string& why) { return usage_error(Code::bad_option, "--symbols " + path + ": " + why); };
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);  // a FIFO is refused, not waited on
  if (fd < 0) throw refuse(std::strerror(errno));
  struct stat st;
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size < static_cast<off_t>(kHeader)) {
    ::close(fd);
    throw refuse("not a program's binary (an ELF file)");
  }
  size_ = static_cast<size_t>(st.st_size);
  void* map = ::mmap(nullptr, size_, PROT_READ, MAP_PRIVATE, fd, 0);
  ::close(fd);
  if (map == MAP_FAILED) throw refuse(std::string("cannot map it: ") + std::strerror(errno));
  data_ = static_cast<const char*>(map);
  try {
    if (std::memcmp(data_, "\x7f" "ELF", 4) != 0) throw refuse("not a program's binary (an ELF file)");
    if (data_[4] != 2 || data_[5] != 1) throw refuse("not a 64-bit little-endian ELF file");
    read_headers();
  } catch (...) {
    ::munmap(const_cast<char*>(data_), size_);
    throw;
  }
}

ElfSymbols::~ElfSymbols() { ::munmap(const_cast<char*>(data_), size_); }

void ElfSymbols::read_headers() {
  auto damaged = [&](const std::string& what) {
    return usage_error(Code::bad_option, "--symbols " + path_ + ": a damaged ELF file (" + what + ")");
  };
  dynamic_ = load<uint16_t>(data_ + 16) == kSharedObject;
  uint64_t phoff = load<uint64_t>(data_ + 32), shoff = load<uint64_t>(data_ + 40);
  uint16_t phnum = load<uint16_t>(data_ + 56), shnum = load<uint16_t>(data_ + 60);
  if (!within(phoff, uint64_t{phnum} * kProgramHeader, size_)) throw damaged("program headers past its end");
  if (!within(shoff, uint64_t{shnum} * kSectionHeader, size_)) throw damaged("section headers past its end");
  for (uint16_t k = 0; k < phnum; ++k) {
    const char* p = data_ + phoff + uint64_t{k} * kProgramHeader;
    Segment s{load<uint64_t>(p + 16), load<uint64_t>(p + 8), load<uint64_t>(p + 32)};
    if (load<uint32_t>(p) == kLoad && within(s.offset, s.size, size_)) segments_.push_back(s);
  }
  // The full symbol table, else the dynamic one (a stripped PIE keeps it).
  for (uint32_t type : {kSymtab, kDynsym}) {
    for (uint16_t k = 0; k < shnum; ++k) {
      const char* sh = data_ + shoff + uint64_t{k} * kSectionHeader;
      uint32_t link = load<uint32_t>(sh + 40);
      if (load<uint32_t>(sh + 4) != type || link >= shnum) continue;
      read_symbols(shoff + uint64_t{k} * kSectionHeader, shoff + uint64_t{link} * kSectionHeader);
      if (!table_.empty()) return;
    }
  }
  throw usage_error(Code::bad_option, "--symbols " + path_ + ": no symbol of an info table in it (a stripped binary, or "
                                      "not a GHC program): give the unstripped build that made the profile");
}

void ElfSymbols::read_symbols(uint64_t symtab, uint64_t strtab) {
  uint64_t off = load<uint64_t>(data_ + symtab + 24), size = load<uint64_t>(data_ + symtab + 32);
  uint64_t str_off = load<uint64_t>(data_ + strtab + 24), str_size = load<uint64_t>(data_ + strtab + 32);
  if (!within(off, size, size_) || !within(str_off, str_size, size_)) {
    throw usage_error(Code::bad_option, "--symbols " + path_ + ": a damaged ELF file (a symbol table past its end)");
  }
  strings_ = std::string_view(data_ + str_off, str_size);
  for (uint64_t at = off; at + kSymbol <= off + size; at += kSymbol) {
    uint32_t name = load<uint32_t>(data_ + at);
    uint64_t value = load<uint64_t>(data_ + at + 8);
    if (value == 0 || name >= strings_.size()) continue;
    size_t end = strings_.find('\0', name);
    if (end == std::string_view::npos) continue;
    std::string_view text = strings_.substr(name, end - name);
    if (text.ends_with("_info")) table_.push_back({value, name});
    if (text.ends_with("_ipe_buf")) ipe_buffers_.push_back(value);
  }
  std::sort(table_.begin(), table_.end(), [](const Symbol& a, const Symbol& b) { return a.value < b.value; });
  std::sort(ipe_buffers_.begin(), ipe_buffers_.end());
  ipe_buffers_.erase(std::unique(ipe_buffers_.begin(), ipe_buffers_.end()), ipe_buffers_.end());
}

std::optional<std::string_view> ElfSymbols::at(uint64_t address) const {
  auto it = std::lower_bound(table_.begin(), table_.end(), address, [](const Symbol& s, uint64_t a) { return s.value < a; });
  if (it == table_.end() || it->value != address) return std::nullopt;
  return strings_.substr(it->name, strings_.find('\0', it->name) - it->name);
}

std::vector<uint64_t> ElfSymbols::symbol_values() const {
  std::vector<uint64_t> out;
  for (const Symbol& s : table_) out.push_back(s.value);
  return out;
}

std::optional<uint64_t> ElfSymbols::value_of(std::string_view name) const {
  for (const Symbol& s : table_) {
    if (strings_.substr(s.name, name.size() + 1) == std::string(name) + '\0') return s.value;
  }
  return std::nullopt;
}

std::optional<std::string_view> ElfSymbols::bytes_at(uint64_t address, size_t n) const {
  for (const Segment& s : segments_) {
    if (address >= s.vaddr && address - s.vaddr <= s.size && n <= s.size - (address - s.vaddr)) {
      return std::string_view(data_ + s.offset + (address - s.vaddr), n);
    }
  }
  return std::nullopt;
}

std::optional<std::string_view> ElfSymbols::string_at(uint64_t address, size_t most) const {
  for (const Segment& s : segments_) {
    if (address < s.vaddr || address - s.vaddr >= s.size) continue;
    std::string_view rest(data_ + s.offset + (address - s.vaddr), std::min<uint64_t>(most, s.size - (address - s.vaddr)));
    size_t nul = rest.find('\0');
    if (nul != std::string_view::npos) return rest.substr(0, nul);
  }
  return std::nullopt;
}

}  // namespace hpng
