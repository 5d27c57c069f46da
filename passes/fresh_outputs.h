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
// ValuesThatMayAliasOutputs: through views, tuples, lists and what is appended to them, and
// control flow), that its node makes itself (no alias annotation on that result) and that the
// executor could fold (its node's inputs are all computed from constants only, counting a loop's
// counter and what it carries from a constant start when its trip count is constant, as the
// executor unrolls such loops first; nested blocks included) gets a `where(c, t, t)` after it, and
// the node's other uses take the `where` instead. `c` is `any(rand([0]), 0)`, a 0-dim false: the
// executor never folds a nondeterministic op, and a CPU rand of no elements draws no number (the
// program's random stream is unchanged). The `where` gives the same values, dtype and strides
// (TensorIterator keeps a dense input's layout), views of it stay views of one tensor, and it
// costs one extra pass over the tensor. All three ops are core ATen. Not changed: a returned
// constant (a frozen weight; the original returned its module's tensor too); a tensor whose
// known strides leave gaps or overlap (`empty_strided([2, 3], [6, 1])`: `where` would return it
// contiguous); a meta tensor (no elements to share, and libtorch's C++ build has no meta kernel
// for `where`).
//
// Before: a graph of any ops. After: the same, with at most one `where` per such output tensor and
// one `rand` + `any` in the top block. Returns the number of `where` nodes added.
int64_t KeepOutputsFresh(torch::jit::Graph& graph);

}  // namespace graph_lower

#endif  // GRAPH_LOWER_PASSES_FRESH_OUTPUTS_H_
