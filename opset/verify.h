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

// A glue node left in a graph (OpClass::kGlue: scalar, list and metadata work), and why it did
// not fold to a constant.
struct GlueLeft {
  OpKey op;
  std::string node;  // the node as text IR, one line
  // What its value depends on that is not known before the program runs, "; "-joined:
  // - "scalar input NAME": a graph input that is not a tensor;
  // - "tensor data": a data read such as aten::_local_scalar_dense;
  // - "symbolic size": a size, stride or numel query left (the dim is dynamic or the rank
  //   unknown);
  // - "tensor metadata": a query such as prim::dtype of a tensor whose dtype, device, sizes or
  //   strides are not all known;
  // - "loop-carried value" (a prim::Loop's block parameter or result), "branch result" (a
  //   prim::If's result).
  // A node in a loop or branch also gets the causes of its trip count and conditions.
  // kGlueShouldHaveFolded when none of these: a lowering bug or a fold not written yet.
  std::string why;
};

inline constexpr char kGlueShouldHaveFolded[] = "nothing: it should have folded";

// Every glue node of `graph` (nested blocks included), in graph order, with why it stayed.
std::vector<GlueLeft> ExplainGlue(const torch::jit::Graph& graph, const Opset& opset);

// Number of nodes of `graph`, nested blocks included.
int64_t CountNodes(const torch::jit::Graph& graph);
// The same number from a census of the graph (the sum of its counts), without walking it again.
int64_t CountNodes(const OpCensus& census);

}  // namespace graph_lower

#endif  // GRAPH_LOWER_OPSET_VERIFY_H_
