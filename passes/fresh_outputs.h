// KeepOutputsFresh: a lowered program's outputs that no longer depend on its inputs still give a
// new tensor on every call when TorchScript's executor runs the program.
#ifndef GRAPH_LOWER_PASSES_FRESH_OUTPUTS_H_
#define GRAPH_LOWER_PASSES_FRESH_OUTPUTS_H_

#include <torch/csrc/jit/ir/ir.h>

#include <cstdint>

namespace graph_lower {

// Why: lowering specialises a program to its example inputs' dtypes, devices and shapes, so an
// output such as `x.new_zeros(3)` or `torch.zeros_like(x)` becomes `aten::full` with constant
// arguments only. TorchScript's graph executor constant-folds every node whose inputs are all
// constants, nothing in the graph writes and which is not nondeterministic
// (torch/csrc/jit/passes/constant_propagation.cpp, ConstantPropagator::supportedNode; it does not
// skip tensor factories), so `torch.jit.load` of the lowered program then returned one tensor
// object on every call, and a caller's `out.add_(5)` changed what the next call returned. The
// original program, whose `new_zeros` read `x`, gave a new tensor each time, as eager does.
//
// What: each tensor that may be, or share memory with, a returned value (ir/mutation.h,
// ValuesThatMayAliasOutputs: through views, tuples, lists and control flow), that its node makes
// itself (no alias annotation on that result) and that the executor could fold (its node's inputs
// are all computed from constants only; nested blocks included) gets a `where(c, t, t)` after it,
// with `c` a 0-dim bool tensor read from the graph's first tensor input
// (`any(as_strided(x, [0], [1]), 0)`, which reads no elements), and the node's other uses take the
// `where` instead: the same values, dtype and strides (TensorIterator keeps the input's dense
// layout), views of it still views of one tensor, one extra pass over the tensor, and
// no longer foldable. All three ops are core ATen. A returned constant (a frozen weight) is left
// as it is: the original returned its module's tensor too. A graph without a tensor input is left
// as it is.
//
// Before: a graph of any ops. After: the same, with at most one `where` per such output tensor and
// one `as_strided` + `any` in the top block. Returns the number of `where` nodes added.
int64_t KeepOutputsFresh(torch::jit::Graph& graph);

}  // namespace graph_lower

#endif  // GRAPH_LOWER_PASSES_FRESH_OUTPUTS_H_
