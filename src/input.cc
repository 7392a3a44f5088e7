// Loading input bytes. One read of the whole file: the readers then work on
// views into this buffer.
#include "hpng/input.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "hpng/diag.h"

namespace hpng {

namespace {

std::string read_stream(std::FILE* f, const std::string& name) {
  std::string bytes;
  char buf[1 << 16];
  size_t n;
  try {
    struct stat st;
    if (::fstat(::fileno(f), &st) == 0 && S_ISREG(st.st_mode)) bytes.reserve(static_cast<size_t>(st.st_size));
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) bytes.append(buf, n);
  } catch (const std::bad_alloc&) {
    throw InputError({name, "", "too large to read into memory (" + std::to_string(bytes.size()) + " bytes read so far)"});
  }
  if (std::ferror(f)) {
    throw InputError({name, "", std::string("cannot read: ") + std::strerror(errno)});
  }
  return bytes;
}

}  // namespace

Input load_input(const std::string& path) {
  if (path == "-") return {"stdin", read_stream(stdin, "stdin")};
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) throw InputError({path, "", std::string("cannot open: ") + std::strerror(errno)});
  Input in{path, ""};
  try {
    in.bytes = read_stream(f, path);
  } catch (...) {
    std::fclose(f);
    throw;
  }
  std::fclose(f);
  return in;
}

InputFormat sniff_format(std::string_view bytes) {
  return bytes.substr(0, 4) == "hdrb" ? InputFormat::eventlog : InputFormat::hp;
}

}  // namespace hpng
