// Which reader reads an input: the format is sniffed unless forced.
#pragma once
#include <memory>

#include "hpng/read/eventlog_reader.h"
#include "hpng/input/input.h"
#include "hpng/stream/samples.h"

namespace hpng {

// A SampleSource over `in` (which must outlive it) with the reader of its
// format; `eventlog` holds the eventlog reader's options.
SampleSource profile_source(const Input& in, InputFormat format, const EventlogOptions& eventlog = {});

// A reader of `format` (hp or eventlog) for a file that grows.
std::unique_ptr<ProfileReader> growing_reader(InputFormat format, const EventlogOptions& eventlog);

}  // namespace hpng
