// FoldGlue: folds scalar/list glue that shape specialisation made constant.
#ifndef GRAPH_LOWER_PASSES_FOLD_GLUE_H_
#define GRAPH_LOWER_PASSES_FOLD_GLUE_H_

#include <memory>

#include <torch/csrc/jit/ir/ir.h>

#include "absl/status/statusor.h"

namespace graph_lower {

// Before: any graph. After: metadata queries on tensors with complete types (aten::size,
// aten::size.int, aten::dim, aten::numel, aten::len.Tensor, prim::dtype, prim::device,
// aten::is_floating_point) are constants; then libtorch's ConstantPropagation folds what became
// constant (int arithmetic, list construction and indexing, prim::If with a constant condition,
// ops on constants only) and EliminateDeadCode drops the rest. Returns whether the graph changed.
absl::StatusOr<bool> FoldGlue(std::shared_ptr<torch::jit::Graph>& graph);

}  // namespace graph_lower

#endif  // GRAPH_LOWER_PASSES_FOLD_GLUE_H_
