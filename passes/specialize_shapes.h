// SpecializeShapes: records, on every value of a graph, the complete tensor type (dtype, sizes,
// strides, device) it has when the graph runs on given example inputs.
#ifndef GRAPH_LOWER_PASSES_SPECIALIZE_SHAPES_H_
#define GRAPH_LOWER_PASSES_SPECIALIZE_SHAPES_H_

#include <ATen/core/ivalue.h>
#include <torch/csrc/jit/ir/ir.h>

#include <vector>

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
};

// Before: `graph` with any tensor types; `inputs` holds one value per graph input (input 0 is the
// module for archives; pass the module object or None). After: each Tensor-typed value that was
// computed gets the complete type of its value (torch::jit::TensorType::create), so shape-dependent
// glue (aten::size, aten::dim, aten::len of sizes, ...) folds and CIA kernels can be traced.
//
// The graph is run node by node with libtorch's operators on copies of the inputs (the caller's
// tensors are never mutated), under no_grad. prim::If runs the branch the inputs select; prim::Loop
// runs its iterations, and a value whose shape differs between iterations keeps only what all
// iterations agree on (TensorType::merge). Values produced by ops tagged `dynamic_output_shape`
// (nonzero, unique, masked_select, aten::index with a boolean mask, ...) and everything computed
// from them are not specialised: their shapes depend on data (aten::index with integer indices
// is specialised). Nodes whose inputs are unknown, or whose operator throws, leave
// their outputs as they were. This is the same specialisation torch.jit.trace makes: a graph whose
// shapes depend on tensor data is specialised to the path the examples take.
//
// With the environment variable GRAPH_LOWER_DEBUG set, operators that throw are named on stderr.
// Errors: InvalidArgument when the number of inputs does not match the graph's.
absl::StatusOr<SpecializeStats> SpecializeShapes(torch::jit::Graph& graph,
                                                 const std::vector<c10::IValue>& inputs);

}  // namespace graph_lower

#endif  // GRAPH_LOWER_PASSES_SPECIALIZE_SHAPES_H_
