// See stream_steps.h.
#include "hpng/stream/stream_steps.h"

namespace hpng {

// Made from the last step (the one next to `out`) back to the first.
StepChain::StepChain(const StreamSteps& steps, SampleSink& out) : out_(&out) {
  steps_.resize(steps.size());
  SampleSink* next = &out;
  for (size_t k = steps.size(); k-- > 0;) next = (steps_[k] = steps[k](*next)).get();
}

void StepChain::warn_to(Warnings& warnings) {
  for (const std::unique_ptr<StreamStep>& s : steps_) s->warn_to(warnings);
}

void StepChain::finish(ProfileInfo& info, Warnings& warnings) const {
  for (const std::unique_ptr<StreamStep>& s : steps_) s->finish(info, warnings);
}

StepChain StepChain::copy_to(SampleSink& out) const {
  StepChain copy;
  copy.out_ = &out;
  copy.steps_.resize(steps_.size());
  SampleSink* next = &out;
  for (size_t k = steps_.size(); k-- > 0;) next = (copy.steps_[k] = steps_[k]->copy_to(*next)).get();
  return copy;
}

SampleSource through(SampleSource source, StreamSteps steps) {
  if (steps.empty()) return source;
  return [source = std::move(source), steps = std::move(steps)](SampleSink& out, Warnings& warnings) {
    StepChain chain(steps, out);
    chain.warn_to(warnings);
    ProfileInfo info = source(chain.head(), warnings);
    chain.finish(info, warnings);
    return info;
  };
}

}  // namespace hpng
