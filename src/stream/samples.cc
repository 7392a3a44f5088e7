// See samples.h.
#include "hpng/stream/samples.h"

namespace hpng {

Error profile_changed(const std::string& source) {
  return file_error(Code::input_changed, source, "the profile changed while it was being read (is a program rewriting it?)");
}

}  // namespace hpng
