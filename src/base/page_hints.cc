// See page_hints.h.
#include "base/page_hints.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>

namespace hpng {

namespace {

// The whole pages of [data, data + size) aligned to `unit`, as [from, to).
void aligned_range(void* data, size_t size, uintptr_t unit, uintptr_t& from, uintptr_t& to) {
  uintptr_t at = reinterpret_cast<uintptr_t>(data);
  from = (at + unit - 1) & ~(unit - 1);
  to = (at + size) & ~(unit - 1);
}

}  // namespace

void allow_huge_pages(void* data, size_t size) {
#ifdef MADV_HUGEPAGE
  uintptr_t from, to;
  aligned_range(data, size, uintptr_t{2} << 20, from, to);
  if (to > from) ::madvise(reinterpret_cast<void*>(from), to - from, MADV_HUGEPAGE);
#else
  (void)data, (void)size;
#endif
}

void populate(void* data, size_t size) {
#ifdef MADV_POPULATE_WRITE
  uintptr_t from, to;
  static const uintptr_t page = static_cast<uintptr_t>(::sysconf(_SC_PAGESIZE));
  aligned_range(data, size, page, from, to);
  if (to > from) ::madvise(reinterpret_cast<void*>(from), to - from, MADV_POPULATE_WRITE);
#else
  (void)data, (void)size;
#endif
}

}  // namespace hpng
