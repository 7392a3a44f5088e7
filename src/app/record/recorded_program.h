// --record's program as the watch follows it: its end, the stops passed to
// it by the stop policy, the live line on the terminal's last row, and the
// FIFO's bytes kept where the RTS would have written them.
#pragma once
#include <optional>
#include <string>

#include "app/modes.h"
#include "app/record/recording.h"
#include "process/status_bar.h"

namespace hpng {

class RecordedProgram final : public Followed {
 public:
  // `run.keep`: where the FIFO's bytes go (the run's profile);
  // `run.doing`: what the live line says the run is for, after the
  // program's name; `run.stop_after`: a run again's time limit.
  RecordedProgram(const RecordPlan& r, const RunPlan& run, Program& program, Clock& clock, Warnings& warnings)
      : r_(r), keep_(run.keep), label_(run.doing.empty() ? r.name : r.name + " (" + run.doing + ")"),
        stop_after_(run.stop_after), program_(program), clock_(clock), warnings_(warnings), start_(clock.now()) {}
  bool ended() override;
  bool stop(const StopRequest& request) override;
  void keep(const Input& bytes) override;
  bool earlier_file() const override { return !r_.eventlog; }
  void read(const BandMatrix& m, const GrowingProfile::Latest& latest) override;
  void drawn(const Drawn&, double) override { show(); }
  // After the watch: the program's end, stops still passed on.
  const ProgramEnd& wait();
  double seconds() const { return clock_.now() - start_; }
  int stopped_by() const { return stopped_by_; }
  void close_bar() { bar_.close(); }

 private:
  std::string waiting_for() const;
  // The live line: the name, the time, then what the last read said.
  void show();
  void step(bool unasked);
  void stop_on_time();
  void escalate();

  const RecordPlan& r_;
  std::string keep_, label_;
  std::optional<double> stop_after_;
  Program& program_;
  Clock& clock_;
  Warnings& warnings_;
  StatusBar bar_;
  double start_, stepped_at_ = 0;
  size_t next_step_ = 0;
  int stopped_by_ = 0;
  std::string since_;  // what the last census read says ("12 censuses  heap ..."); empty: none yet
};

}  // namespace hpng
