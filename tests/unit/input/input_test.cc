// Reading in windows: a line or event that never ends costs at most
// kLongestUnit of memory, then is an error at its offset.
#include "hpng/input/input.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include "support/compress.h"
#include "support/util.h"

namespace hpng {
namespace {

TEST(ReadWindows, AUnitWithoutEndIsAnErrorAtItsStartNotUnboundedMemory) {
  std::string path = test::scratch_dir() + "/sparse";
  int fd = ::open(path.c_str(), O_CREAT | O_WRONLY, 0600);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(::ftruncate(fd, static_cast<off_t>(3 * kLongestUnit)), 0);  // no disk: a hole
  ::close(fd);
  Input in = load_input(path);
  size_t most = 0;
  try {
    read_windows(in, [&](std::string_view bytes, size_t base, bool) {
      most = std::max(most, bytes.size());
      return base < 1000 ? base + 1000 : base;  // done with the first 1000 bytes, then with nothing more
    });
    ADD_FAILURE() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), Code::too_large);
    EXPECT_EQ(e.diagnostic().byte, 1000u) << e.what();
    EXPECT_NE(std::string(e.what()).find("runs on for more than 64 MiB from this byte"), std::string::npos) << e.what();
  }
  EXPECT_LE(most, kLongestUnit + 1);
}

TEST(ReadWindows, AUnitUpToTheLimitIsRead) {
  std::string path = test::scratch_dir() + "/sparse";
  int fd = ::open(path.c_str(), O_CREAT | O_WRONLY, 0600);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(::ftruncate(fd, static_cast<off_t>(kLongestUnit - 1)), 0);
  ::close(fd);
  size_t seen = 0;
  read_windows(load_input(path), [&](std::string_view bytes, size_t base, bool at_end) {
    if (!at_end) return base;
    seen = bytes.size();
    return base + bytes.size();
  });
  EXPECT_EQ(seen, kLongestUnit - 1);
}

// A file's head is read, decompressed, and nothing after it: a gzip file
// whose end is damaged gives its head, where loading it whole is an error.
TEST(FileHead, IsTheDecompressedHeadAloneReadOfAFile) {
  std::string dir = test::scratch_dir(), text = "JOB \"x\"\n" + std::string(size_t{1} << 20, 'a');
  test::write_file(dir + "/p.hp", text);
  test::write_file(dir + "/p.hp.gz", test::compress(Compression::gzip, text) + "damage");
  EXPECT_EQ(file_head(dir + "/p.hp"), text.substr(0, 4096));
  EXPECT_EQ(file_head(dir + "/p.hp.gz"), text.substr(0, 4096));
  EXPECT_THROW(load_input(dir + "/p.hp.gz"), Error);
  test::write_file(dir + "/short.hp", "JOB");
  EXPECT_EQ(file_head(dir + "/short.hp"), "JOB");
}

}  // namespace
}  // namespace hpng
