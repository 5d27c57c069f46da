// DecomposeToOpset: the decomposition driver. Replaces every node outside the opset by its
// decomposition, lowered first, with a memo of lowered ops and a guard against re-entry.
#ifndef GRAPH_LOWER_PASSES_DECOMPOSE_H_
#define GRAPH_LOWER_PASSES_DECOMPOSE_H_

#include <torch/csrc/jit/ir/ir.h>

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "decomps/registry.h"
#include "ir/op_key.h"
#include "opset/opset.h"

namespace graph_lower {

// Where a running DecomposeToOpset is (DecomposeOptions::progress).
struct DecomposeProgress {
  int64_t nodes_done = 0;   // nodes of the input graph emitted so far (nested blocks included)
  int64_t nodes_total = 0;  // nodes of the input graph (nested blocks included)
  int64_t rewrites = 0;     // nodes replaced so far, at any depth (DecomposeResult::rewrites)
  int depth = 0;            // decompositions being lowered inside each other right now
  double elapsed_ms = 0;    // since the call started
};

struct DecomposeOptions {
  const Opset* opset = nullptr;               // required
  DecompositionRegistry* registry = nullptr;  // required
  bool specialize = true;  // specialise decompositions to their node's complete input types
  int64_t max_rewrites = 10'000'000;  // cap on replaced nodes in one call
  int max_depth = 64;                 // cap on nested decompositions
  // Test builds: shape specialisation of decompositions also runs on the example values and
  // must agree with its run on meta tensors (SpecializeOptions::compare_with_example_run).
  bool check_invariants = false;
  // When set, called on the calling thread, from between two nodes, each time at least
  // `progress_interval_ms` have passed since the call started or since the last report (0: at
  // every node). The pass itself never prints.
  std::function<void(const DecomposeProgress&)> progress;
  double progress_interval_ms = 500;
};

// What one overload's decompositions did (DecomposeResult::rewrites_by_op).
struct OpRewrites {
  int64_t rewrites = 0;  // nodes of this overload replaced, at any depth
  int64_t nodes = 0;     // nodes inserted in their place, summed over the rewrites
  std::string source;    // the source of its first decomposition
};

// Why a metadata query (ir/graph_predicates.h IsMetadataQuery) is left, in
// DecomposeResult::undecomposable and the reports.
inline constexpr char kMetadataQueryLeft[] =
    "a query of a tensor's metadata (sizes, strides, rank, dtype, device) that its type does not "
    "decide: with example inputs it folds, and a size of a tensor of known rank becomes core "
    "sym_size.int; otherwise the backend must answer it at run time";

struct DecomposeResult {
  std::shared_ptr<torch::jit::Graph> graph;  // the rewritten graph
  bool changed = false;                      // some node was replaced
  bool converged = true;     // no cap was hit: every node was either legal, replaced or found stuck
  int64_t rewrites = 0;      // nodes replaced by a lowered subgraph
  int64_t memo_hits = 0;     // replacements served from the memo
  int64_t memo_entries = 0;  // distinct (overload, input metadata, constants) lowered
  // Outputs of lowered graphs given the node's layout by a copy (permute, clone, permute back)
  // because the decomposition laid them out otherwise (see RestrideOutputs in decompose.cc).
  int64_t restrided_outputs = 0;
  std::map<OpKey, std::string> decompositions;  // overload -> source that decomposed it
  // Re-entries stopped by the decomposing set: each the path of overloads being decomposed,
  // ending with the re-entered one (e.g. [A, B, A]).
  std::vector<std::vector<OpKey>> cycles;
  // Overloads no source could decompose, with every source's reason (metadata queries, which
  // are never decomposed: kMetadataQueryLeft).
  std::map<OpKey, std::vector<std::string>> undecomposable;
  // Per decomposed overload: rewrites, nodes inserted, source. The rewrites sum to `rewrites`.
  std::map<OpKey, OpRewrites> rewrites_by_op;
  // Wall time per source ("user", "library", "cia", ...) in milliseconds: its lookups (hits and
  // misses: building, compiling or tracing the decomposition), preparing the graph it gave
  // (binding constants, specialising), and inlining its lowered graphs (memo hits included).
  // Lowering the nodes a decomposition introduces is counted for their own sources, so no time
  // is counted twice; the rest of the pass (copying legal nodes, memo lookups) is in none.
  std::map<std::string, double> source_ms;
  // Per decomposed overload, the first lowered graph inlined for it (the subgraph that node
  // became; later nodes with other input metadata can become other graphs). Not to be modified.
  std::map<OpKey, std::shared_ptr<const torch::jit::Graph>> first_decomposition;
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
