// The opset verifier: every node of a graph (nested blocks included) checked against an Opset.
#ifndef GRAPH_LOWER_OPSET_VERIFY_H_
#define GRAPH_LOWER_OPSET_VERIFY_H_

#include <torch/csrc/jit/ir/ir.h>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "ir/op_key.h"
#include "opset/opset.h"

namespace graph_lower {

// A node outside the opset.
struct Violation {
  OpKey op;
  std::string schema;    // the node's schema, or "(no schema)"
  std::string location;  // "file:line:col" of the TorchScript source, or "" when unknown
  std::string node;      // the node as text IR, one line
};

// Every node outside `opset` (OpClass::kNonCore), in graph order, nested blocks included; empty
// when the graph is legal. All of them, not just the first.
std::vector<Violation> VerifyOpset(const torch::jit::Graph& graph, const Opset& opset);

// Per-overload node counts of a graph, nested blocks included, with each overload's class.
struct OpCount {
  int64_t count = 0;
  OpClass op_class = OpClass::kNonCore;
};
using OpCensus = std::map<OpKey, OpCount>;
// With `violations`, also sets it to VerifyOpset(graph, opset), found in the same walk over the
// graph (on large graphs each walk is a cache miss per node; docs/benchmarks.md).
OpCensus TakeCensus(const torch::jit::Graph& graph, const Opset& opset,
                    std::vector<Violation>* violations = nullptr);

// Number of nodes of `graph`, nested blocks included.
int64_t CountNodes(const torch::jit::Graph& graph);
// The same number from a census of the graph (the sum of its counts), without walking it again.
int64_t CountNodes(const OpCensus& census);

}  // namespace graph_lower

#endif  // GRAPH_LOWER_OPSET_VERIFY_H_
