// DecomposeToOpset: the decomposition driver. Replaces every node outside the opset by its
// decomposition, lowered first, with a memo of lowered ops and a guard against re-entry.
#ifndef GRAPH_LOWER_PASSES_DECOMPOSE_H_
#define GRAPH_LOWER_PASSES_DECOMPOSE_H_

#include <torch/csrc/jit/ir/ir.h>

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "decomps/registry.h"
#include "ir/op_key.h"
#include "lowering/opset.h"

namespace graph_lower {

struct DecomposeOptions {
  const Opset* opset = nullptr;               // required
  DecompositionRegistry* registry = nullptr;  // required
  bool specialize = true;  // specialise decompositions to their node's complete input types
  int64_t max_rewrites = 10'000'000;  // cap on replaced nodes in one call
  int max_depth = 64;                 // cap on nested decompositions
};

struct DecomposeResult {
  std::shared_ptr<torch::jit::Graph> graph;  // the rewritten graph
  bool changed = false;                      // some node was replaced
  bool converged = true;     // no cap was hit: every node was either legal, replaced or found stuck
  int64_t rewrites = 0;      // nodes replaced by a lowered subgraph
  int64_t memo_hits = 0;     // replacements served from the memo
  int64_t memo_entries = 0;  // distinct (overload, input metadata, constants) lowered
  std::map<OpKey, std::string> decompositions;  // overload -> source that decomposed it
  // Re-entries stopped by the decomposing set: each the path of overloads being decomposed,
  // ending with the re-entered one (e.g. [A, B, A]).
  std::vector<std::vector<OpKey>> cycles;
  // Overloads no source could decompose, with every source's reason.
  std::map<OpKey, std::vector<std::string>> undecomposable;
};

// Before: `graph` (not modified). After: `result.graph` computes the same values; each node that
// was outside `opset` is replaced by its decomposition, itself lowered the same way, so the result
// holds only legal nodes plus the nodes no source could decompose and the re-entered ones (both in
// the result, never silently dropped). Nested blocks (prim::If, prim::Loop) are lowered inside.
//
// How: the graph is emitted node by node into a new graph (appending; splicing subgraphs in place
// into a large torch::jit graph costs super-linear time: node insertion renumbers topological
// positions). For a node outside the opset, its signature (overload + input metadata + constant
// arguments, NodeSignature) is looked up in the memo; on a miss, the registry gives a
// decomposition graph, whose constant inputs are bound and which is specialised to the node's
// complete input types (when `specialize`), and that graph is lowered recursively with the node's
// overload pushed on the decomposing set: the nodes a decomposition introduces are the worklist of
// that recursive lowering. The finished core-ATen subgraph is memoised and inlined. A node whose
// overload is already on the decomposing set (a decomposition re-entering its own op, as torch
// 2.6's CIA kernels can, or a cycle A -> B -> A between sources) is not expanded again: it is kept
// and the cycle recorded. Depth is bounded by the number of distinct overloads on the path and by
// `max_depth`, so lowering always terminates.
//
// Errors: InvalidArgument when options lack an opset or registry; Internal when libtorch throws
// while rewriting (the input graph is untouched).
absl::StatusOr<DecomposeResult> DecomposeToOpset(const torch::jit::Graph& graph,
                                                 const DecomposeOptions& options);

}  // namespace graph_lower

#endif  // GRAPH_LOWER_PASSES_DECOMPOSE_H_
