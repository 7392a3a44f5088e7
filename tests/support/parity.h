// Parity of the two outputs of one GHC run: the eventlog's samples against
// the .hp's non-empty samples, sample by sample, name by name, value by
// value (the .hp's -hc names lose their "(id)" prefix and are cut as the
// run's -L cut them).
#pragma once
#include <functional>
#include <string>

namespace hpng::test {

// The RTS's -L cut of a -hc stack name.
std::string rts_cut(const std::string& name, size_t cut);

// A file's bytes, or those of its .xz beside it (decompressed by xz).
std::string xz_or_plain(const std::string& path);

// Compares one run (gtest failures): the eventlog's bands correspond one to
// one with the .hp's, with equal values in every non-empty sample.
// `hp_name`, if given, is the name a .hp band is compared under (-hi: the
// name its address's IPE record gives). Returns the samples compared.
size_t check_parity(const std::string& stem, const std::string& hp_bytes, const std::string& log_bytes,
                    const std::function<std::string(const std::string&)>& hp_name = {});

}  // namespace hpng::test
