// The pruning copy: a copy of a graph without the branches its example inputs never take, decided
// from one run on them (RunOnExamples) before anything is copied.
//
// Lowering works on a copy, so that a failure leaves the caller's graph as it was. A scripted
// nn.TransformerEncoder of 6 layers is 4,347 nodes, of which its example input runs about 330: the
// rest are the branches of its fast-path checks and the path not taken. Copying all of it and
// then destroying the untaken branches (PruneBranches) dominated its lowering (docs/benchmarks.md);
// this copies only what can run.
#ifndef GRAPH_LOWER_PASSES_PRUNE_COPY_H_
#define GRAPH_LOWER_PASSES_PRUNE_COPY_H_

#include <torch/csrc/jit/ir/ir.h>

#include <memory>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "passes/specialize_shapes.h"

namespace graph_lower {

// The prim::If nodes of `graph` (nested ones included) whose condition is static, each with the
// index of the block (0: then, 1: else) the run took. `run` is RunOnExamples(graph,
// example_inputs). A value is static when it is
//   - a prim::Constant that cannot be written, or whose every use only reads it;
//   - an input of Optional type whose example is None;
//   - the result of a metadata query that MetadataQueryValue (ir/graph_predicates.h) answers from
//   the
//     run's types (an Optional input given a value has its element type there), equal to what the
//     run computed; a list result only when every use reads it;
//   - a result that cannot be written (MayBeWritten: int, float, bool, str, Device, ...) of a
//     FoldableOp node that writes nothing and whose inputs are all static;
//   - a list built by prim::ListConstruct from static values and appended (aten::append, in the
//     list's own block) only static values before the use, when every use other than those
//     appends only reads it (UseOnlyReads): no other value reaches it;
//   - a result of a decided If whose taken block returns a static value for it.
// The value of a static value is the run's (ExampleRun::values). Nothing inside a prim::Loop is
// static (its values change from one iteration to the next), nor anything the run did not
// compute. These are the rules PruneBranches folds by (a query by the types SpecializeShapes
// records), so a static value is the same on every input with the example's sizes, strides,
// dtypes and devices and the same Optional inputs None, which is what lowering specialises the
// program to: an If decided here takes the same branch on all of them. Integer, float and
// string inputs are not static.
absl::flat_hash_map<const torch::jit::Node*, size_t> StaticBranches(
    const torch::jit::Graph& graph, const ExampleRun& run,
    const std::vector<c10::IValue>& example_inputs, bool inference = true);

// A copy of `graph` in which each prim::If of `taken` is replaced by the nodes of the block it
// names (the If's results by that block's results), those nested in it included; every other
// node, block and value is copied with its metadata (as Graph::copy), and a value in `types` is
// given that type. `graph` is not changed.
std::shared_ptr<torch::jit::Graph> CopyTakingBranches(
    const torch::jit::Graph& graph,
    const absl::flat_hash_map<const torch::jit::Node*, size_t>& taken,
    const absl::flat_hash_map<torch::jit::Value*, c10::TensorTypePtr>& types);

// Gives each prim::Constant of `graph` (nested blocks included) that holds a list, dict or tensor
// some use may write (not OnlyRead) a value of its own, a deep copy: Graph::copy and
// CopyTakingBranches copy a constant's IValue, which for a list is the same list, so a run of the
// copy that appends to it would change the original's constant too (the caller's
// `prim::Constant[value=[1, 2]]` would become [1, 2, 5] after one call of the lowered program).
// Constants only read (weights) stay shared. Returns how many constants were copied. Errors: none;
// a constant that cannot be copied (an object) is left.
int64_t UnshareWrittenConstants(torch::jit::Graph& graph);

}  // namespace graph_lower

#endif  // GRAPH_LOWER_PASSES_PRUNE_COPY_H_
