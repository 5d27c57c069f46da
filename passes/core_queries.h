// RewriteQueriesToCore: the backend contract for reads of a tensor's metadata or data into
// scalars.
#ifndef GRAPH_LOWER_PASSES_CORE_QUERIES_H_
#define GRAPH_LOWER_PASSES_CORE_QUERIES_H_

#include <torch/csrc/jit/ir/ir.h>

namespace graph_lower {

// Core ATen reads sizes with aten::sym_size.int / sym_stride.int / sym_numel and a tensor's one
// value with aten::_local_scalar_dense (torch/_decomp: what torch.export's graphs hold; each tagged
// `core` in native_functions.yaml). Rewrites, in `graph` and its blocks, the TorchScript queries
// and data reads that shape specialisation could not fold:
//   aten::size.int(t, d)     -> aten::sym_size.int(t, d)
//   aten::size(t)            -> [sym_size.int(t, 0), ...]          (t's rank known)
//   aten::stride.int(t, d)   -> aten::sym_stride.int(t, d)
//   aten::stride(t)          -> [sym_stride.int(t, 0), ...]        (t's rank known)
//   aten::numel(t)           -> aten::sym_numel(t)
//   aten::len.Tensor(t)      -> aten::sym_size.int(t, 0)           (t's rank known, >= 1)
//   aten::is_contiguous(t)   -> numel == 0 or, from the last dim, size 1 or the stride of the
//                               dims after it (c10 compute_contiguous; t's rank known)
//   aten::item(t), aten::ScalarImplicit(t)      -> aten::_local_scalar_dense(t)
//   aten::Int.Tensor(t), aten::IntImplicit(t)   -> aten::Int.Scalar(_local_scalar_dense(t))
//   aten::Float.Tensor(t), aten::FloatImplicit(t) -> aten::Float.Scalar(_local_scalar_dense(t))
//   aten::Bool.Tensor(t)     -> aten::Bool.int(Int.Scalar(_local_scalar_dense(
//                                 _to_copy(ne.Scalar(t, 0), int64))))
// (a bool tensor is read through int64: Int.Scalar and Float.Scalar take no bool Scalar; Bool
// of a Scalar has no overload; complex tensors and unknown dtypes are left). The results
// are the same values; what is left (a query of unknown rank, aten::is_contiguous of an unknown
// layout of unknown rank, aten::dim of unknown rank, channels-last is_contiguous) stays and is
// counted non-core. Returns whether it changed the graph.
bool RewriteQueriesToCore(torch::jit::Graph& graph);

}  // namespace graph_lower

#endif  // GRAPH_LOWER_PASSES_CORE_QUERIES_H_
