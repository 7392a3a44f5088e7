// Hints to the kernel about memory about to be filled. On a virtual machine
// a page fault costs 15-20 us, more than writing the page's bytes: a record
// or a matrix filled page by page spends more time faulting than working.
// Both are only hints: where the kernel declines, the memory works the same.
#pragma once
#include <cstddef>
#include <vector>

namespace hpng {

// Asks for 2 MB pages over the part of [data, data + size) they can cover.
void allow_huge_pages(void* data, size_t size);

// Maps [data, data + size)'s pages writable in one call instead of a fault
// per page.
void populate(void* data, size_t size);

// n copies of `fill`, its pages mapped by populate() before they are filled.
template <class T>
std::vector<T> populated_vector(size_t n, T fill) {
  std::vector<T> v;
  v.reserve(n);
  populate(v.data(), n * sizeof(T));
  v.assign(n, fill);
  return v;
}

}  // namespace hpng
