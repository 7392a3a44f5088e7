// hpng_bench gen-eventlog SAMPLES BANDS FILE: writes a synthetic -hT
// eventlog of that shape (for bench/run.sh).
// hpng_bench gen-ipe-eventlog RECORDS BANDS FILE [TYPE_BYTES]: a -hi
// eventlog of a -finfo-table-map build with RECORDS IPE records, BANDS of
// them drawn in 50 censuses, each record's type TYPE_BYTES long (the
// memory the records take, the size of a picture of them: bench/README.md).
// hpng_bench gen-deep-eventlog STACKS DEPTH FILE: a -hc eventlog of STACKS
// cost-centre stacks DEPTH deep (at most 255, as the RTS writes them), each
// a band in 20 censuses (the memory deep stacks take: bench/README.md).
// hpng_bench MODE FILE: times (best of 3 runs) and prints MB/s of
//   bytes  a plain read of the file: every byte, in the windows the readers use
//   read   one pass of the reader (.hp or eventlog, sniffed), points summed
//   select hp2ps's band selection: every pass of the reader it needs
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "support/eventlog_writer.h"
#include "hpng/output/output_file.h"
#include "hpng/matrix/band_matrix.h"
#include "hpng/read/read.h"

namespace {

class SumSink : public hpng::SampleSink {
 public:
  void band(uint32_t, std::string_view) override { ++sum; }
  void sample(const hpng::Sample& s) override {
    for (const hpng::DataPoint& p : s.points) sum += p.band + p.value;
    ++samples;
  }
  double sum = 0;
  size_t samples = 0;
};

}  // namespace

int generate_eventlog(size_t samples, size_t bands, const std::string& path) {
  hpng::test::EventlogWriter w;
  w.declare_standard().rts_identifier("GHC-9.0.2 rts_thr_l").program_args({"./service"}).wall_clock(1790000000);
  w.heap_prof_begin(1000, 7);
  for (size_t k = 0; k < samples; ++k) {
    uint64_t t = 1000000 * (k + 1);
    w.sample_begin(t);
    for (size_t b = 0; b < bands; ++b) {
      if ((k + b) % 7 == 0) continue;
      double v = 1000.0 * static_cast<double>(b % 17 + 1) * (1.5 + std::sin(static_cast<double>(k) / (50.0 + static_cast<double>(b))));
      w.sample_string(t + 1, static_cast<uint64_t>(v) * 8, "M" + std::to_string(b % 37) + ".C" + std::to_string(b));
    }
    w.sample_end(t + 2);
  }
  hpng::write_output(path, w.bytes());
  return 0;
}

int generate_ipe_eventlog(size_t records, size_t bands, const std::string& path, size_t type_bytes) {
  std::string type = "Maybe Request -> IO Response";
  while (type.size() < type_bytes) type += " -> " + type;
  type.resize(std::max(type_bytes, size_t{1}));
  hpng::test::EventlogWriter w;
  w.declare_standard().declare(169, -1).rts_identifier("GHC-9.10.3 rts_thr").program_args({"./service"}).wall_clock(1790000000);
  // In blocks of a thousand, as the RTS writes them.
  for (size_t from = 0; from < records; from += 1000) {
    w.block(10, 0, [&](hpng::test::EventlogWriter& b) {
      for (size_t k = from; k < std::min(records, from + 1000); ++k) {
        std::string n = std::to_string(k);
        b.ipe(10, {0x400000 + 16 * k, "Service.Handler.table_" + n, "15", type,
                   "handler" + n, "Service.Handler" + std::to_string(k % 300), "src/Service/Handler.hs", n + ":5-40"});
      }
    });
  }
  w.heap_prof_begin(1000000, 8);
  for (size_t s = 0; s < 50; ++s) {
    uint64_t t = 20000000 * (s + 1);
    w.sample_begin(t);
    char label[32];
    for (size_t b = 0; b < bands; ++b) {
      std::snprintf(label, sizeof label, "%p", reinterpret_cast<void*>(0x400000 + 16 * (b * (records / bands))));
      w.sample_string(t + 1, 1000 * (b + 1) * (s + 1), label);
    }
    w.sample_end(t + 2);
  }
  hpng::write_output(path, w.bytes());
  return 0;
}

int generate_deep_eventlog(size_t stacks, size_t depth, const std::string& path) {
  hpng::test::EventlogWriter w;
  w.declare_standard().rts_identifier("GHC-9.0.2 rts_p").program_args({"./deep"}).wall_clock(1790000000);
  w.heap_prof_begin(1000, 1);
  size_t centres = stacks + depth;
  for (size_t c = 1; c <= centres; ++c) w.cost_centre(static_cast<uint32_t>(c), "go" + std::to_string(c), "Deep.Module" + std::to_string(c % 50));
  for (size_t k = 0; k < 20; ++k) {
    uint64_t t = 10000000 * (k + 1);
    w.sample_begin(t);
    for (size_t s = 0; s < stacks; ++s) {
      std::vector<uint32_t> ids(depth);
      for (size_t d = 0; d < depth; ++d) ids[d] = static_cast<uint32_t>(s + d + 1);
      w.sample_stack(t + 1, 1000 * (s % 97 + 1) * (k + 1), ids);
    }
    w.sample_end(t + 2);
  }
  hpng::write_output(path, w.bytes());
  return 0;
}

// One timed run of `mode` over the input; returns something of the work
// done, so that none of it can be optimised away.
size_t run_once(const std::string& mode, const hpng::Input& in) {
  if (mode == "bytes") {  // a plain read of the file: every byte, in windows
    size_t sum = 0;
    hpng::read_windows(in, [&](std::string_view bytes, size_t base, bool) {
      for (unsigned char c : bytes) sum += c;
      return base + bytes.size();
    });
    return sum;
  }
  hpng::SampleSource read = hpng::profile_source(in, hpng::InputFormat::automatic);
  hpng::Warnings warnings;
  if (mode == "select") return hpng::profile_matrix(read, {}, 0, warnings).bands.size();
  SumSink points;
  read(points, warnings);
  return points.samples + static_cast<size_t>(points.sum);
}

int main(int argc, char** argv) {
  if ((argc == 5 || argc == 6) && std::string(argv[1]) == "gen-ipe-eventlog") {
    return generate_ipe_eventlog(std::stoul(argv[2]), std::stoul(argv[3]), argv[4], argc == 6 ? std::stoul(argv[5]) : 28);
  }
  if (argc == 5 && std::string(argv[1]) == "gen-deep-eventlog") {
    return generate_deep_eventlog(std::stoul(argv[2]), std::min<size_t>(std::stoul(argv[3]), 255), argv[4]);
  }
  if (argc == 5 && std::string(argv[1]) == "gen-eventlog") {
    return generate_eventlog(std::stoul(argv[2]), std::stoul(argv[3]), argv[4]);
  }
  if (argc != 3) {
    std::fprintf(stderr, "usage: hpng_bench bytes|read|select FILE\n");
    return 2;
  }
  std::string mode = argv[1];
  hpng::Input in = hpng::load_input(argv[2]);
  double best = 1e9;
  size_t sink = 0;
  for (int i = 0; i < 3; ++i) {
    auto t0 = std::chrono::steady_clock::now();
    sink += run_once(mode, in);
    double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    best = best < s ? best : s;
  }
  double mb = static_cast<double>(in.size()) / 1e6;
  std::printf("%-7s %9.1f MB %8.3f s %9.1f MB/s  (%zu)\n", mode.c_str(), mb, best, mb / best, sink % 10);
  return 0;
}
