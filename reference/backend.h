// The reference backend: runs graphs in libtorch's JIT interpreter and compares their outputs.
#ifndef GRAPH_LOWER_REFERENCE_BACKEND_H_
#define GRAPH_LOWER_REFERENCE_BACKEND_H_

#include <ATen/core/ivalue.h>
#include <torch/csrc/jit/ir/ir.h>

#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace graph_lower {

// Runs `graph` on `inputs` (one per graph input) in the JIT interpreter (torch::jit::Code and
// InterpreterState: no graph optimisation), under no_grad. Tensor inputs are cloned first, so a
// graph that mutates its inputs does not change the caller's. Errors: InvalidArgument when the
// input count does not match; Internal with the interpreter's message when the graph throws.
// A dtype argument computed at run time (a graph input, an If's result) is checked before its
// node runs: an int naming no ScalarType makes libtorch's kernels segfault (softmax with dtype -1,
// as in eager PyTorch), so the graph is run with a graph_lower::check_dtype(int? dtype, str op)
// node before each such node, and such a value is an Internal error naming the op.
// With `inputs_after`, receives the inputs as the graph left them (the clones it may have written).
// With `check_types`, each tensor a node makes whose recorded type gives a dtype or sizes is
// checked against that type when it is made (graph_lower::check_type after the node): a recorded
// type that does not hold is an Internal error naming the value, the node, the type and what the
// tensor is. The JIT's own executors trust recorded types (PeepholeOptimize folds `x.dim()` and
// `x.size()` from them), so a wrong one runs in the interpreter here and fails there.
absl::StatusOr<std::vector<c10::IValue>> RunGraph(const std::shared_ptr<torch::jit::Graph>& graph,
                                                  const std::vector<c10::IValue>& inputs,
                                                  std::vector<c10::IValue>* inputs_after = nullptr,
                                                  bool check_types = false);

// Tolerances for comparing outputs, per dtype (|actual - expected| <= atol + rtol * |expected|,
// torch.allclose's rule): float64 1e-7/1e-7, float32 1e-4/1e-4 (whole-model outputs; each op
// alone is within torch.testing's 1.3e-6/1e-5), float16 and bfloat16 1e-2/1e-2, complex as their
// real type, integers and bool exact. Shapes and dtypes must be equal.
struct Tolerance {
  double rtol;
  double atol;
};
Tolerance DefaultTolerance(c10::ScalarType dtype);

struct Comparison {
  bool equal = true;  // every output within tolerance, same structure, shapes and dtypes
  double max_abs_error = 0;
  double max_rel_error = 0;  // over elements with |expected| > atol
  std::string mismatch;      // the first difference, e.g. "output 0: dtype Float vs Double"
};

// Compares outputs (tensors, and tuples/lists of them, and scalars) element by element.
Comparison CompareOutputs(const std::vector<c10::IValue>& expected,
                          const std::vector<c10::IValue>& actual);

}  // namespace graph_lower

#endif  // GRAPH_LOWER_REFERENCE_BACKEND_H_
