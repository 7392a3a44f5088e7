// A transformation of the stream (a time window, band names, a band
// filter, ...) as one step of a chain of sinks between the reader and what
// reads the stream: each step passes on what it is fed, and once the read
// ends finishes what the read says of the profile. The same steps make a
// one-shot read's stream (through) and follow a file as it grows
// (growing_profile.h): a chain made once is fed each update's new samples,
// and a copy of it, in the same state, takes what a one-shot read of the
// file as it is now would add at its end.
#pragma once
#include <functional>
#include <memory>
#include <vector>

#include "hpng/stream/samples.h"

namespace hpng {

class StreamStep : public SampleSink {
 public:
  explicit StreamStep(SampleSink& out) : out_(&out) {}
  // Once the read ends: what the step does to the read's figures; an Error
  // when it left nothing to draw (an empty window, a filter no band passes).
  virtual void finish(ProfileInfo& info, Warnings& warnings) const = 0;
  // This step as it is now, passing on to `out`.
  virtual std::unique_ptr<StreamStep> copy_to(SampleSink& out) const = 0;
  // Where the warnings the step gives as samples pass go: set for each feed.
  void warn_to(Warnings& warnings) { warnings_ = &warnings; }

 protected:
  SampleSink& out() const { return *out_; }
  Warnings& warnings() const { return *warnings_; }
  // A copy of `step` passing on to `out`.
  template <class Step>
  static std::unique_ptr<StreamStep> copied(const Step& step, SampleSink& out) {
    auto copy = std::make_unique<Step>(step);
    copy->out_ = &out;
    return copy;
  }

 private:
  SampleSink* out_;
  Warnings* warnings_ = nullptr;
};

// Makes a step that passes on to `out`.
using StepMaker = std::function<std::unique_ptr<StreamStep>(SampleSink& out)>;
// A stream's transformation: its steps, the reader's side first.
using StreamSteps = std::vector<StepMaker>;

// The steps of one read, made once.
class StepChain {
 public:
  StepChain(const StreamSteps& steps, SampleSink& out);
  // What the reader feeds: the first step, or `out` when there is none.
  SampleSink& head() { return steps_.empty() ? *out_ : *steps_.front(); }
  void warn_to(Warnings& warnings);
  // Every step's finish, the reader's side first.
  void finish(ProfileInfo& info, Warnings& warnings) const;
  // The chain as it is now, passing on to `out`.
  StepChain copy_to(SampleSink& out) const;

 private:
  StepChain() = default;
  std::vector<std::unique_ptr<StreamStep>> steps_;  // the reader's side first
  SampleSink* out_ = nullptr;
};

// `source` read through the steps, each read afresh.
SampleSource through(SampleSource source, StreamSteps steps);

}  // namespace hpng
