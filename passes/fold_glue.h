// FoldGlue: folds scalar/list glue that shape specialisation made constant.
#ifndef GRAPH_LOWER_PASSES_FOLD_GLUE_H_
#define GRAPH_LOWER_PASSES_FOLD_GLUE_H_

#include <torch/csrc/jit/ir/ir.h>

#include <memory>

#include "absl/status/statusor.h"

namespace graph_lower {

// Before: any graph. After: metadata queries on tensors with complete types (aten::size,
// aten::size.int, aten::dim, aten::numel, aten::len.Tensor, prim::dtype, prim::device,
// aten::is_floating_point, aten::is_contiguous, prim::is_nested, prim::requires_grad) and
// `x is x` / `x is not x` are constants; with `inference`, so are the grad-mode and autocast
// queries (aten::is_grad_enabled, aten::is_autocast_enabled: false), as graph-lower lowers for
// inference (no_grad, no autocast), which selects e.g. nn.MultiheadAttention's fast path; an If
// whose condition became constant is replaced by its taken branch (so a write in a branch never
// taken does not make the graph count as writing); then libtorch's ConstantPropagation folds what
// became constant (int arithmetic, list construction and indexing, prim::If with a constant
// condition, ops on constants only) and EliminateDeadCode drops the rest. Returns whether the graph
// changed.
absl::StatusOr<bool> FoldGlue(std::shared_ptr<torch::jit::Graph>& graph, bool inference = true);

// What of FoldGlue is sound in a graph that writes, without alias analysis, repeated until nothing
// changes: the metadata queries (and, with `inference`, the grad-mode and autocast queries) and
// list indexing FoldGlue folds, and the nodes on constants whose results cannot be written (int,
// float, bool, str, Device, ScalarType: `not (3 == 3)`, `"cpu" in ["cpu", "cuda"]`) become
// constants, and each prim::If whose condition became constant is replaced by its taken branch,
// each prim::Loop that never runs removed. Nothing else is removed (dead code stays: its
// elimination needs alias analysis in such a graph). Returns whether the graph changed.
// Errors: Internal when running a node on its constant inputs throws something unexpected.
absl::StatusOr<bool> PruneBranches(torch::jit::Graph& graph, bool inference = true);

// torch::jit::EliminateDeadCode(graph), which alias-analyses the graph so as to keep ops that
// write a live value, without that analysis when no node writes (AnyNodeWrites is false): then
// only side effects and uses keep a node, and the result is the same. Building the AliasDb was a
// large share of a small model's lowering (the pass runs on every memoised decomposition;
// docs/benchmarks.md).
void EliminateDeadCodeOf(std::shared_ptr<torch::jit::Graph>& graph);

// libtorch's UnrollConstantLoops, bounded: each for-loop whose trip count is a constant below 64
// (libtorch's kMaxBodyRepeats, under which it repeats the body entirely) is unrolled when its
// body, times the trip count, comes to at most `max_unrolled_nodes` nodes (nested loops counted
// as unrolled). Other constant loops are left whole: libtorch would unroll those by 8 and leave a
// loop of a new constant trip count, which a second call would unroll by 8 again. Returns whether
// a loop was unrolled. Source: torch/csrc/jit/passes/loop_unrolling.cpp.
bool UnrollSmallConstantLoops(std::shared_ptr<torch::jit::Graph>& graph,
                              int64_t max_unrolled_nodes = 4096);

}  // namespace graph_lower

#endif  // GRAPH_LOWER_PASSES_FOLD_GLUE_H_
