// Whether a TorchScript graph may write any value: the cheap question that lets passes skip alias
// analysis (torch::jit::AliasDb), whose construction is super-linear in graphs with many tensors
// in lists (docs/benchmarks.md).
#ifndef GRAPH_LOWER_IR_MUTATION_H_
#define GRAPH_LOWER_IR_MUTATION_H_

#include <torch/csrc/jit/ir/ir.h>

namespace graph_lower {

// Whether any node of `block` (nested blocks included) may write a value: an op whose schema is
// mutable (an alias annotation with `!`, as aten::add_'s `Tensor(a!) self`), or prim::SetAttr.
// Nodes without a schema other than prim::SetAttr (containers, control flow) do not write.
bool AnyNodeWrites(const torch::jit::Block& block);

}  // namespace graph_lower

#endif  // GRAPH_LOWER_IR_MUTATION_H_
