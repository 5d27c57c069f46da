// LowerToCoreAten: the lowering pipeline as one call for CLIs and custom JIT pipelines. Its steps
// (prepare; rounds of specialise, fold, decompose, functionalize, cleanup; fresh outputs, census,
// verify) are listed in lowering/steps.cc.
#ifndef GRAPH_LOWER_LOWERING_PIPELINE_H_
#define GRAPH_LOWER_LOWERING_PIPELINE_H_

#include <ATen/core/ivalue.h>
#include <torch/csrc/jit/ir/ir.h>

#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "decomps/registry.h"
#include "opset/opset.h"
#include "opset/verify.h"
#include "passes/decompose.h"

namespace graph_lower {

// Where a running LowerToCoreAten is (LoweringOptions::progress): the decompose pass of `round`.
struct LoweringProgress {
  int round = 0;  // 1-based
  DecomposeProgress decompose;
};

struct LoweringOptions {
  Opset opset = Opset::CoreAten();
  // Decomposition sources; null means DecompositionRegistry::CreateDefault() (user, library, CIA),
  // one per thread, kept for the thread's life.
  DecompositionRegistry* registry = nullptr;
  // One value per graph input, the module (or None) first for archives. With them, shapes are
  // specialised (passes/specialize_shapes.h), glue folds and CIA kernels can be traced; without
  // them only shape-generic decompositions apply and what needed shapes is reported. A meta tensor
  // stands for a CPU tensor of its sizes, strides and dtype: nothing is read from it, and a run
  // that needs values (an op with no Meta kernel, an in-place op) gets a synthesised one
  // (ir/example_values.h SynthesizeTensor; integers zero), except integer inputs of a program that
  // takes LAPACK pivots, which zeros would put out of range (FailedPrecondition); `verify` needs
  // CPU tensors. Other tensors must be dense CPU ones.
  std::optional<std::vector<c10::IValue>> example_inputs;
  // Dynamic dims: the same inputs at other sizes of the dims that are dynamic (symbolic), one
  // vector per set, each like example_inputs (which must be given). Every set is run, and a
  // value's type keeps what all runs agree on (c10::TensorType::merge): a dim whose size differs
  // between the runs stays symbolic. Glue reading it stays in the graph and is computed when the
  // program runs; nodes it reaches are decomposed by shape-generic sources only (a CIA kernel is
  // traced only on complete types); what the runs agree on is specialised and folded as with one
  // set. Limits: a dim is taken as static when every run gives it the same size, so each
  // dynamic dim should take sizes in the sets that no formula of the program maps to one value
  // (hint, hint + 1 and 2 hint + 1: parity and halving both change); branches on examples (the
  // pruning copy of a program that writes) are not taken. Verification runs every set.
  std::vector<std::vector<c10::IValue>> example_inputs_at_other_sizes;
  bool strict = false;     // fail (FailedPrecondition) when a non-core op is left
  bool verify = false;     // run original and lowered graphs on the example inputs and compare
  int max_iterations = 4;  // decompose+cleanup rounds (a round after glue folded may expose more)
  int64_t max_rewrites = 10'000'000;
  // Lower the caller's graph itself rather than a copy, as libtorch's own passes do: no
  // Graph::copy of the input nor freeing of the copy (docs/benchmarks.md), and the schemas
  // matched by the first census stay cached on the nodes. The price: on an error, `graph` may be
  // left part-lowered and must be discarded (with false it is left as it was). The CLI and the
  // Python API lower graphs of their own and set it.
  bool in_place = false;
  // Check invariants after every pass (graph lint; cleanup passes add no non-core op). On in test
  // builds through the environment variable GRAPH_LOWER_CHECK_INVARIANTS=1.
  bool check_invariants = false;
  // Writes to graph inputs are functionalized and the inputs' final values returned after the
  // outputs (report.mutated_inputs); false leaves such writes in place (not core ATen).
  bool return_mutated_inputs = true;
  // Unroll small loops whose trip count is a constant once shapes are known
  // (UnrollSmallConstantLoops in passes/fold_glue.h: under 64 trips and 4096 nodes unrolled),
  // also without example inputs; with example inputs they are unrolled whatever this says, as
  // shape-generic decompositions loop over a tensor's dims and their glue folds once unrolled.
  // Other loops stay (prim::Loop is structural) and are lowered inside.
  bool unroll_loops = false;
  // Called, when set, with the graph as given ("input") and after each step that names a dump
  // (Step::dump in lowering/steps.cc): "prune" (a program that writes, given example inputs, with
  // the branches its inputs do not take removed), "prepare" (inlined, functionalized), per round N
  // "rN-specialize" (with example inputs), "rN-decompose", "rN-functionalize", "rN-cleanup", then
  // "fresh_outputs" and "final" (the graph returned). For dumps and debugging; it must not keep
  // references into the graph.
  std::function<void(absl::string_view pass, const torch::jit::Graph&)> after_pass;
  // Called from inside the decompose pass at most every `progress_interval_ms` (see
  // DecomposeOptions::progress), when set. Lowering never prints.
  std::function<void(const LoweringProgress&)> progress;
  double progress_interval_ms = 500;
};

struct LoweringReport {
  OpCensus ops_before, ops_after;
  int64_t nodes_before = 0, nodes_after = 0;
  std::vector<Violation> violations;            // nodes outside the opset after lowering
  std::map<OpKey, std::string> decompositions;  // overload -> source
  std::vector<std::vector<OpKey>> cycles;
  std::map<OpKey, std::vector<std::string>> undecomposable;  // overload -> reasons per source
  // Graph inputs the program writes, functionalized: the lowered graph returns their final
  // values after its own outputs (a tuple when it had one output); see passes/functionalize.h.
  std::vector<std::string> mutated_inputs;
  std::vector<std::string> inputs_written_in_place;  // writes to inputs left in place
  std::vector<std::string> none_inputs;  // Optional inputs specialised to their example None
  // Optional inputs given a value in the example inputs, specialised to present (typed as the
  // element type, so `is None` folds).
  std::vector<std::string> present_inputs;
  // Where shape specialisation stopped because its loop work was spent
  // (SpecializeOptions::max_loop_steps, SpecializeStats::loops_left): that loop and what follows
  // it keep the types they had.
  std::vector<std::string> unspecialized_loops;
  int64_t rewrites = 0, memo_hits = 0, memo_entries = 0;
  // Decomposition outputs copied to the op's layout (DecomposeResult::restrided_outputs).
  int64_t restrided_outputs = 0;
  // Outputs computed from constants only, made to depend on an input so that TorchScript's
  // executor gives a new tensor each call (passes/fresh_outputs.h, KeepOutputsFresh).
  int64_t fresh_outputs = 0;
  // Per decomposed overload, summed over rounds: nodes replaced, nodes inserted, source.
  std::map<OpKey, OpRewrites> rewrites_by_op;
  // Wall time per decomposition source, summed over rounds (DecomposeResult::source_ms).
  std::map<std::string, double> source_ms;
  // Per decomposed overload, the first lowered subgraph a node of it became.
  std::map<OpKey, std::shared_ptr<const torch::jit::Graph>> decomposition_graphs;
  int iterations = 0;
  bool changed = false, converged = false, specialized = false;
  double time_ms = 0;
  // Wall time per pass in milliseconds, summed over rounds, in first-run order ("prepare",
  // "functionalize", "specialize", "fold", "decompose", "cleanup", "census", "verify", ...).
  std::vector<std::pair<std::string, double>> pass_ms;
  void AddPassTime(absl::string_view pass, double ms);
  // Filled by --verify / options.verify:
  bool verified = false;
  std::optional<double> max_abs_error, max_rel_error;
  std::string verify_message;
  // The random ops (Node::isNondeterministic) the original program runs. When the outputs'
  // values differ but their structure, shapes and dtypes match, verification passes with a
  // message saying so: random ops lower to core random ops of the same distributions, which draw
  // other numbers than eager's kernels (docs/semantics.md).
  std::vector<std::string> verify_random_ops;
  // Each glue node left after lowering, with what kept it from folding (opset/verify.h).
  std::vector<GlueLeft> glue_left;

  // The JSON the CLI writes (keys: lowering/report.cc; the README says what each holds).
  nlohmann::json ToJson() const;
  // A few lines for people (the CLI prints them to stderr).
  std::string Summary() const;
};

// Lowers `graph` in place to the opset. Before: a TorchScript graph (module calls inlined or
// frozen). After: every tensor op is in the opset unless reported (undecomposable, cycles);
// structural prim ops stay; with example inputs, shape glue is folded away.
// Errors: InvalidArgument (bad example inputs), FailedPrecondition (strict and not legal, or
// verification mismatch when verify), Internal (a pass failed; the graph is left as it was,
// unless options.in_place). LoweringReport::time_ms includes freeing the graphs replaced.
absl::StatusOr<LoweringReport> LowerToCoreAten(std::shared_ptr<torch::jit::Graph>& graph,
                                               const LoweringOptions& options);

// Registers LowerToCoreAten (default options) as a torch::jit custom pass
// (torch::jit::RegisterPass), run by the JIT's graph executor after its own optimisations.
// Idempotent.
void RegisterLowerToCoreAtenPass();

}  // namespace graph_lower

#endif  // GRAPH_LOWER_LOWERING_PIPELINE_H_
