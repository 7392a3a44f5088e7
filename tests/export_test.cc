// JSON and CSV of the matrix: field order, escaping, numbers.
#include <gtest/gtest.h>

#include "hpng/export.h"

namespace hpng {
namespace {

BandMatrix sample() {
  BandMatrix m;
  m.header.job = "prog \"x\"";
  m.header.date = "d";
  m.header.sample_unit = "seconds";
  m.header.value_unit = "bytes";
  m.header.input_format = "hp";
  m.times = {0, 0.5};
  m.bands = {{"OTHER", {1, 2}}, {"a,b\xff", {3, 4000000000}}};
  m.total = 1000000.7;
  m.marks = {0.25};
  return m;
}

TEST(Export, Json) {
  EXPECT_EQ(matrix_json(sample()),
            "{\"job\": \"prog \\\"x\\\"\", \"date\": \"d\", \"sample_unit\": \"seconds\", \"value_unit\": \"bytes\", "
            "\"input_format\": \"hp\",\n \"times\": [0, 0.5],\n \"bands\": [\n"
            "   {\"name\": \"OTHER\", \"values\": [1, 2]},\n"
            "   {\"name\": \"a,b\xef\xbf\xbd\", \"values\": [3, 4000000000]}],\n"
            " \"total\": 1000000,\n \"marks\": [0.25]}\n");
}

TEST(Export, Csv) {
  EXPECT_EQ(matrix_csv(sample()), "time,OTHER,\"a,b\xef\xbf\xbd\"\n0,1,3\n0.5,2,4000000000\n");
}

}  // namespace
}  // namespace hpng
