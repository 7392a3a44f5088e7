// hpng_bench MODE FILE: reads FILE once into memory, then times
//   scan   the floor: split lines, parse each value, intern each name
//   read   the reader (.hp or eventlog, sniffed)
//   select the reader plus hp2ps's band selection
// and prints MB/s (best of 3 runs).
#include <chrono>
#include <cstdio>
#include <string>
#include <string_view>
#include <unordered_map>

#include "hpng/bands.h"
#include "hpng/eventlog_reader.h"
#include "hpng/hp_reader.h"

namespace {

size_t bare_scan(std::string_view s) {
  std::unordered_map<std::string_view, size_t> names;
  size_t values = 0;
  size_t pos = 0;
  while (pos < s.size()) {
    size_t eol = s.find('\n', pos);
    if (eol == std::string_view::npos) eol = s.size();
    std::string_view line = s.substr(pos, eol - pos);
    pos = eol + 1;
    size_t tab = line.rfind('\t');
    if (tab == std::string_view::npos) continue;
    names.emplace(line.substr(0, tab), names.size());
    values += std::stoull(std::string(line.substr(tab + 1)));
  }
  return values + names.size();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: hpng_bench scan|read|select FILE\n");
    return 2;
  }
  std::string mode = argv[1];
  hpng::Input in = hpng::load_input(argv[2]);
  double best = 1e9;
  size_t sink = 0;
  for (int i = 0; i < 3; ++i) {
    auto t0 = std::chrono::steady_clock::now();
    if (mode == "scan" && hpng::sniff_format(in.bytes) == hpng::InputFormat::eventlog) {
      for (unsigned char c : in.bytes) sink += c;  // the floor for binary input: touch every byte
    } else if (mode == "scan") {
      sink += bare_scan(in.bytes);
    } else {
      hpng::Profile p = hpng::sniff_format(in.bytes) == hpng::InputFormat::eventlog ? hpng::read_eventlog(in, {})
                                                                                   : hpng::read_hp(in);
      sink += p.times.size();
      if (mode == "select") sink += hpng::select_bands(p, {}).bands.size();
    }
    double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    best = best < s ? best : s;
  }
  double mb = static_cast<double>(in.bytes.size()) / 1e6;
  std::printf("%-7s %9.1f MB %8.3f s %9.1f MB/s  (%zu)\n", mode.c_str(), mb, best, mb / best, sink % 10);
  return 0;
}
