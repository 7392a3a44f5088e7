// Reader for GHC's text heap profile (.hp), hp2ps's input language.
#pragma once
#include <memory>

#include "hpng/stream/profile_reader.h"

namespace hpng {

class HpParser;

// A .hp read in windows of its bytes, or as it grows (profile_reader.h).
class HpReader final : public ProfileReader {
 public:
  HpReader();
  ~HpReader() override;
  size_t feed(const Input& in, std::string_view bytes, size_t base, bool at_end, SampleSink& sink,
              Warnings& warnings) override;
  // A one-shot read adds nothing to the complete samples fed: what comes
  // after them is a cut line, dropped (a watch reads it at the next update).
  void end_here(const Input&, std::string_view, size_t, SampleSink&, Warnings&) const override {}
  ProfileInfo info() const override;

 private:
  std::unique_ptr<HpParser> parser_;
};

// One whole read of a .hp file.
ProfileInfo read_hp(const Input& in, SampleSink& sink, Warnings& warnings);

}  // namespace hpng
