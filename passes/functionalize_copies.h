// FunctionalizeCopies: rewrites `copy_` into a fresh tensor through slice/select views (the
// TorchScript form of `mask[a:b, c:d] = v` and `x[0] = y`) into slice_scatter/select_scatter.
#ifndef GRAPH_LOWER_PASSES_FUNCTIONALIZE_COPIES_H_
#define GRAPH_LOWER_PASSES_FUNCTIONALIZE_COPIES_H_

#include <torch/csrc/jit/ir/ir.h>

#include <memory>

#include "absl/status/statusor.h"

namespace graph_lower {

// Before: a graph with `aten::copy_(dst, src)` where dst is `base` itself or a chain of
// aten::slice.Tensor / aten::select.int views of `base`. After, for each such copy_ that is safe
// to rewrite: base' = slice_scatter/select_scatter(...) of src (cast to dst's dtype with
// _to_copy and expanded to dst's shape, as copy_ does), and every use of base after the copy_
// reads base' (Value::replaceAllUsesAfterNodeWith). This is the functionalization rule of
// torch/_functorch (view + mutation = scatter into the base), for the one pattern libtorch's
// RemoveTensorMutation does not handle.
// A copy_ is left alone (and reported by the verifier as non-core) when: base is a graph input or
// a constant (the write must stay visible to the caller); the copy_'s result is used; a view in
// the chain has another use; or a view of base made before the copy_ is read after it.
// Returns whether the graph changed.
absl::StatusOr<bool> FunctionalizeCopies(std::shared_ptr<torch::jit::Graph>& graph);

}  // namespace graph_lower

#endif  // GRAPH_LOWER_PASSES_FUNCTIONALIZE_COPIES_H_
