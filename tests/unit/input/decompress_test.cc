// Compressed inputs: read as the bytes they hold, whatever they are called,
// from a file or a pipe; damage is an error naming the compressed offset.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <thread>

#include "hpng/input/input.h"
#include "support/compress.h"
#include "support/util.h"

namespace hpng {
namespace {

using test::compress;

const Compression kAll[] = {Compression::gzip, Compression::xz, Compression::zstd};

std::string profile_bytes() { return test::read_file(std::string(HPNG_TEST_CORPUS) + "/leakyavg/leakyavg.hc.hp"); }

Code code_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.code();
  }
  ADD_FAILURE() << "no error";
  return Code::bad_option;
}

class Compressed : public ::testing::TestWithParam<Compression> {
 protected:
  std::string write(const std::string& name, const std::string& bytes) {
    std::string path = dir_ + "/" + name;
    test::write_file(path, bytes);
    return path;
  }
  std::string dir_ = test::scratch_dir();
};

TEST_P(Compressed, AFileHoldsTheBytesOfItsProfileWhateverItIsCalled) {
  std::string plain = profile_bytes();
  for (std::string name : {"prof.hp" + test::suffix(GetParam()), std::string("prof.hp")}) {
    Input in = load_input(write(name, compress(GetParam(), plain)));
    EXPECT_EQ(read_all(in, SIZE_MAX), plain) << name;
    EXPECT_EQ(in.id(), file_id(dir_ + "/" + name)) << "the copy must keep the file's identity";
  }
}

TEST_P(Compressed, APipeToo) {
  std::string plain = profile_bytes(), packed = compress(GetParam(), plain);
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  std::thread writer([&] {
    for (size_t at = 0; at < packed.size(); at += 7) {  // in small pieces, as a slow pipe gives them
      if (::write(fds[1], packed.data() + at, std::min<size_t>(7, packed.size() - at)) < 0) break;
    }
    ::close(fds[1]);
  });
  Input in = load_input("/dev/fd/" + std::to_string(fds[0]));
  writer.join();
  ::close(fds[0]);
  EXPECT_EQ(read_all(in, SIZE_MAX), plain);
  EXPECT_FALSE(in.id()) << "a pipe's copy is nobody's file";
}

TEST_P(Compressed, StreamsOneAfterAnotherAreOneInput) {
  std::string a = "JOB \"j\"\nDATE \"d\"\n", b = "SAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n";
  Input in = load_input(write("two", compress(GetParam(), a) + compress(GetParam(), b)));
  EXPECT_EQ(read_all(in, SIZE_MAX), a + b);
}

TEST_P(Compressed, CutShortAnywhereIsAnErrorAtAnOffsetInTheCompressedFile) {
  std::string packed = compress(GetParam(), profile_bytes());
  for (size_t cut : {size_t{8}, packed.size() / 3, packed.size() / 2, packed.size() - 1}) {
    std::string path = write("cut", packed.substr(0, cut));
    try {
      load_input(path);
      ADD_FAILURE() << "no error when cut at " << cut;
    } catch (const Error& e) {
      EXPECT_EQ(e.code(), Code::bad_compression) << e.what();
      ASSERT_TRUE(e.diagnostic().byte) << e.what();
      EXPECT_LE(*e.diagnostic().byte, cut) << e.what();
      EXPECT_NE(std::string(e.what()).find(compression_name(GetParam())), std::string::npos) << e.what();
    }
  }
}

TEST_P(Compressed, FlippedBytesAreAnErrorNotACrash) {
  std::string packed = compress(GetParam(), profile_bytes());
  for (size_t at = 0; at < packed.size(); at += packed.size() / 40 + 1) {
    std::string bad = packed;
    bad[at] = static_cast<char>(bad[at] ^ 0x5a);
    try {
      read_all(load_input(write("flip", bad)), SIZE_MAX);
    } catch (const Error& e) {  // a profile that decodes to other bytes may still be read
      EXPECT_TRUE(e.code() == Code::bad_compression || e.code() == Code::not_a_profile) << at << ": " << e.what();
    }
  }
}

TEST_P(Compressed, BytesAfterTheDataThatAreNoneOfItAreAnError) {
  std::string path = write("junk", compress(GetParam(), profile_bytes()) + "junk after");
  EXPECT_EQ(code_of([&] { load_input(path); }), Code::bad_compression);
}

TEST_P(Compressed, WhatItHoldsIsBoundedByTheLimit) {
  std::string path = write("big", compress(GetParam(), std::string(1 << 20, ' ') + profile_bytes()));
  EXPECT_EQ(code_of([&] { load_input(path, 1 << 20); }), Code::too_large);
}

TEST_P(Compressed, BinaryJunkInsideIsRefusedFromItsFirstBytes) {
  std::string path = write("zeros", compress(GetParam(), std::string(8 << 20, '\0')));
  EXPECT_EQ(code_of([&] { load_input(path, 1 << 20); }), Code::not_a_profile);
}

TEST_P(Compressed, WatchRefusesIt) {
  std::string path = write("w.hp", compress(GetParam(), profile_bytes()));
  EXPECT_EQ(code_of([&] { load_growing_file(path); }), Code::cannot_read);
}

INSTANTIATE_TEST_SUITE_P(Codecs, Compressed, ::testing::ValuesIn(kAll),
                         [](const auto& p) { return std::string(compression_name(p.param)); });

TEST(GrowingFile, AFifoIsRefusedWithoutWaitingForAWriter) {
  std::string path = test::scratch_dir() + "/fifo";
  ASSERT_EQ(::mkfifo(path.c_str(), 0600), 0);
  EXPECT_EQ(code_of([&] { load_growing_file(path); }), Code::cannot_read);
}

TEST(GrowingFile, ADeviceIsRefused) { EXPECT_EQ(code_of([] { load_growing_file("/dev/zero"); }), Code::cannot_read); }

}  // namespace
}  // namespace hpng
