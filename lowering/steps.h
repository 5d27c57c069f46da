// The steps of LowerToCoreAten (lowering/pipeline.cc runs them) and the state they share.
// Internal to lowering/.
#ifndef GRAPH_LOWER_LOWERING_STEPS_H_
#define GRAPH_LOWER_LOWERING_STEPS_H_

#include <torch/csrc/jit/ir/ir.h>

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "decomps/registry.h"
#include "lowering/pipeline.h"
#include "passes/decompose.h"
#include "passes/functionalize.h"
#include "passes/specialize_shapes.h"

namespace graph_lower::lowering_internal {

// Runs its scope on one intra-op thread and restores the caller's count. Lowering runs the
// program on its example inputs (shape specialisation, CIA tracing): with small inputs that is
// many small ops, for which OpenMP's worker threads cost more than they give (they spin between
// parallel regions), and on a machine whose other cores are busy a parallel region waits for
// descheduled workers. One thread is the predictable choice for a pass that runs inside other
// programs (figures: docs/benchmarks.md).
class SingleIntraOpThread {
 public:
  SingleIntraOpThread();
  ~SingleIntraOpThread() { Restore(); }
  void Restore();

 private:
  const int threads_;
};

// Whether `value` (an example input) is or holds a meta tensor (LoweringOptions::example_inputs).
bool HoldsMetaTensor(const c10::IValue& value);

// What the steps of one lowering share. Built once per LowerToCoreAten call; not copied or moved
// (the decompose pass's progress callback holds a reference to `round`).
struct LoweringState {
  LoweringState(std::shared_ptr<torch::jit::Graph>& input, const LoweringOptions& options);
  LoweringState(const LoweringState&) = delete;
  LoweringState& operator=(const LoweringState&) = delete;

  bool has_examples() const { return options.example_inputs.has_value(); }
  const std::vector<c10::IValue>& examples() const { return *options.example_inputs; }

  std::shared_ptr<torch::jit::Graph>& input;  // the caller's graph
  const LoweringOptions& options;
  const bool check;  // check invariants after every step
  SingleIntraOpThread single_thread;
  LoweringReport report;
  std::shared_ptr<torch::jit::Graph> graph;     // the graph being lowered
  std::shared_ptr<torch::jit::Graph> original;  // a copy of the input, run again to verify
  SpecializeOptions specialize_options;
  // One per LoweringOptions::example_inputs_at_other_sizes set (its own make_example_values).
  std::vector<SpecializeOptions> other_sizes_options;
  FunctionalizeOptions functionalize_options;
  DecomposeOptions decompose_options;
  // A program that writes, given example inputs, is copied without the branches its inputs
  // never take (passes/prune_copy.h); `example_run` is the run the copy follows.
  bool pruning_copy = false;
  std::optional<ExampleRun> example_run;
  bool writes = false;             // a node of `graph` writes in place
  bool metadata_in_place = false;  // ... or changes a tensor's metadata in place
  size_t user_outputs = 0;         // the program's own outputs, before functionalization's
  // Each input whose final value the graph returns, in the order of the extra outputs.
  std::vector<std::pair<size_t, std::string>> mutated;
  int round = 0;                   // 1-based, in the rounds
  bool decompose_changed = false;  // this round's decompose pass rewrote something
  bool legal_after_round = false;  // this round left no node outside the opset
};

// A step: a pass and what the runner does around it.
struct Step {
  const char* name;   // in errors ("<name> failed: ...") and logs
  const char* timer;  // the LoweringReport::pass_ms key its time adds to; null: not timed
  const char* dump;   // the after_pass name (prefixed "rN-" in the rounds); null: not dumped
  bool (*applies)(const LoweringState&);        // null: always
  absl::StatusOr<bool> (*run)(LoweringState&);  // whether it changed the graph
  bool cleanup = false;  // adds no node outside the opset (an invariant, checked with the others)
};

// The steps, in order: before the rounds, one round (run up to LoweringOptions::max_iterations
// times, until a round decomposes nothing or leaves the graph legal), after the rounds.
const std::vector<Step>& PrepareSteps();
const std::vector<Step>& RoundSteps();
const std::vector<Step>& FinishSteps();

}  // namespace graph_lower::lowering_internal

#endif  // GRAPH_LOWER_LOWERING_STEPS_H_
