// SpecializeShapes: records, on every value of a graph, the complete tensor type (dtype, sizes,
// strides, device) it has when the graph runs on given example inputs.
#ifndef GRAPH_LOWER_PASSES_SPECIALIZE_SHAPES_H_
#define GRAPH_LOWER_PASSES_SPECIALIZE_SHAPES_H_

#include <ATen/core/ivalue.h>
#include <torch/csrc/jit/ir/ir.h>

#include <functional>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/status/statusor.h"

namespace graph_lower {

struct SpecializeStats {
  int64_t refined = 0;   // values whose type became a complete TensorType
  int64_t unknown = 0;   // tensor values left without a complete type
  bool changed = false;  // some type changed
  // The first op with a tensor result that threw on the example values ("aten::linear: mat1 and
  // mat2 shapes cannot be multiplied (2x5 and 8x8)"), empty when none did: the program itself fails
  // on them.
  std::string first_failure;
  bool on_meta = false;  // the types came from a run on meta tensors
  // Why the run stopped early, when its loop work was spent (SpecializeOptions::max_loop_steps):
  // "prim::Loop (outputs %y) at FILE:LINE and everything after it: ...". Values inside that loop
  // and after it were given no type.
  std::vector<std::string> loops_left;
  // Why a run on meta tensors could not stand for the run on the example values ("aten::item:
  // it computes a value other than a tensor from a tensor"), empty when it could or was not tried.
  std::string meta_failure;
  // Ops without a usable Meta kernel whose output shapes came from RunWithoutMetaKernel's memo
  // (an earlier node of the same operator on the same input shapes) instead of a run on
  // zero-filled CPU tensors.
  int64_t memoised_runs_on_zeros = 0;
  // Ops with a Meta kernel, without views or writes, whose outputs came from the memo of an
  // earlier node of the same operator on the same input shapes and values.
  int64_t memoised_meta_runs = 0;
  // Ops without a usable Meta kernel whose output shapes came from an output-size rule of ours
  // instead (convolution, nn.MultiheadAttention's fast path; see meta_shape_rules.h).
  int64_t shape_rule_runs = 0;
};

struct SpecializeOptions {
  // Run on meta tensors first (see below); false: always on copies of the example values.
  bool meta = true;
  // Also run on the example values and return Internal when the two runs' types differ (test
  // builds: GRAPH_LOWER_CHECK_INVARIANTS).
  bool compare_with_example_run = false;
  // The most loop work one run does: each loop iteration, and each node run inside a loop, is a
  // step. When the steps are spent the run stops: the outermost loop running (every value inside
  // it) and everything after it keep the types they had, and SpecializeStats::loops_left names
  // the loop; what ran before it is specialised. So a loop of 10^9 trips, or of a huge body,
  // cannot stall lowering, and no type says what only the iterations not run would decide.
  // 200,000 steps is about a second and a half on meta tensors (about 8 us per small op) and
  // far above the loops of the torchvision set and TransformerEncoder (none survive the
  // unrolling of constant loops).
  int64_t max_loop_steps = 200000;
  // When set, `inputs` may hold meta tensors standing for CPU ones (SynthesizeTensor's on_meta),
  // and the values a run on example values needs (when the meta run cannot stand for it, or
  // compare_with_example_run) are made by this call, once, only then. Decomposition
  // specialisation uses it: filling the random example tensors of each convolution and batch
  // norm of ResNet-50 dominated its lowering (docs/benchmarks.md), and the meta run almost always
  // stands.
  // Its error is returned as SpecializeShapes' own.
  std::function<absl::StatusOr<std::vector<c10::IValue>>()> make_example_values;
  // Scalar inputs (int, float, bool, str, lists of them) may take other values when the program
  // runs: what they decide is data-dependent (the glue on them stays), except the inputs listed
  // here, by index: sizes that the caller's runs at other sizes vary (a symbolic size dynamo
  // passes as an int), where the merge of those runs' types decides what stays symbolic.
  absl::flat_hash_set<size_t> sizes_among_scalar_inputs;
};

// Before: `graph` with any tensor types; `inputs` holds one value per graph input (input 0 is the
// module for archives; pass the module object or None). After: each Tensor-typed value that was
// computed gets the complete type of its value (torch::jit::TensorType::create), so shape-dependent
// glue (aten::size, aten::dim, aten::len of sizes, ...) folds and CIA kernels can be traced.
//
// The graph is run node by node with libtorch's operators on copies of the inputs (the caller's
// tensors are never mutated), under no_grad. prim::If runs the branch the inputs select; prim::Loop
// runs its iterations, and a value whose shape differs between iterations keeps only what all
// iterations agree on (TensorType::merge), a loop's outputs included: their type is the merge of
// the carried values before the loop and after each iteration, since another trip count may stop
// it elsewhere. An argument an op writes (its schema's `a!`) gets the merge of its types before and
// after the op (unsqueeze_, t_ and resize_ change shapes in place). Values produced by ops tagged
// `dynamic_output_shape` (nonzero, unique, masked_select, aten::index with a boolean mask, ...) and
// everything computed from them are not specialised: their shapes depend on data (aten::index with
// integer indices is specialised). Nodes whose inputs are unknown, or whose operator throws, leave
// their outputs as they were. This is the same specialisation torch.jit.trace makes: a graph whose
// shapes depend on tensor data is specialised to the path the examples take.
//
// Meta tensors. Running the program computes its values: a convolution network at batch 1 took
// most of a second per run on one thread. When every example tensor (and every tensor constant)
// is a dense CPU tensor, the graph is first run on meta tensors of the same sizes, strides and
// dtypes (the Meta dispatch key: shapes only, no data, as torch._subclasses.FakeTensor does for
// torch.export); factories and aten::to make meta tensors in place of CPU ones, device queries
// (prim::device, prim::is_cuda, ...) are answered for the CPU, and the recorded types say
// device=cpu. That run is discarded, and the graph run on the example values instead, when it
// cannot stand for them: an op throws on meta tensors (no Meta kernel, or a value read:
// aten::item, aten::equal), an op computes a scalar from a tensor other than by reading its
// metadata (aten::size, aten::dim, prim::dtype, ...), or an op's output shape depends on data
// (dynamic_output_shape). SpecializeStats::on_meta says which run the types came from.
//
// VLOG(1) names the operators that throw (graph-lower --v=1).
// Errors: InvalidArgument when the number of inputs does not match the graph's; Internal when
// options.compare_with_example_run is set and the two runs disagree.
absl::StatusOr<SpecializeStats> SpecializeShapes(torch::jit::Graph& graph,
                                                 const std::vector<c10::IValue>& inputs,
                                                 const SpecializeOptions& options = {});

// The type an input declared `declared` is specialised to when its example is `example`: NoneType
// for an Optional given None, the element type for an Optional given a value of it (as torch.export
// specialises them); null otherwise. The lowering pipeline types its inputs so, and the pruning
// copy (passes/prune_copy.h) decides branches on it.
c10::TypePtr SpecializedOptionalType(const c10::TypePtr& declared, const c10::IValue& example);

// What one SpecializeShapes run saw, for passes that read more than the types it records.
struct ExampleRun {
  SpecializeStats stats;  // `changed` is false: nothing was set
  // The type SpecializeShapes gives each value it types.
  absl::flat_hash_map<torch::jit::Value*, c10::TensorTypePtr> types;
  // Each value the run computed, as at the end of the run: a list holds what was appended to it
  // last; a value inside a loop, what the last iteration computed (a meta tensor for a tensor,
  // when SpecializeStats::on_meta). Values of branches not taken, and of nodes that threw or were
  // not run, are absent.
  absl::flat_hash_map<torch::jit::Value*, c10::IValue> values;
};

// SpecializeShapes without setting any type: `graph` is not changed (its nodes cache their
// operators, as Node::maybeOperator does). Same arguments and errors.
absl::StatusOr<ExampleRun> RunOnExamples(torch::jit::Graph& graph,
                                         const std::vector<c10::IValue>& inputs,
                                         const SpecializeOptions& options = {});

}  // namespace graph_lower

#endif  // GRAPH_LOWER_PASSES_SPECIALIZE_SHAPES_H_
