// Graph predicates the passes share: which uses only read a value, which nodes constant folding
// may run, and the constant a metadata query has under given types.
#ifndef GRAPH_LOWER_IR_GRAPH_PREDICATES_H_
#define GRAPH_LOWER_IR_GRAPH_PREDICATES_H_

#include <torch/csrc/jit/ir/ir.h>

#include <cstdint>
#include <limits>
#include <optional>

#include "absl/functional/function_ref.h"

namespace graph_lower {

// The nodes of `block`, nested blocks included, for which `test` holds, counted up to `limit`
// (the walk stops there: `limit` 1 asks whether there is one).
int64_t CountNodes(const torch::jit::Block& block,
                   absl::FunctionRef<bool(const torch::jit::Node&)> test,
                   int64_t limit = std::numeric_limits<int64_t>::max());

// Whether the operator `node` calls carries `tag` (native_functions.yaml's tags: pointwise,
// core, dynamic_output_shape, ...); false for a node with no operator.
bool HasTag(const torch::jit::Node& node, at::Tag tag);

// Whether every use of the list (or other value) `v` only reads it: no op writes it, and
// none takes it with an alias annotation (which could keep or return it). ListUnpack and
// aten::__getitem__ read.
bool OnlyRead(const torch::jit::Value* v);

// Whether this use only reads the value (what OnlyRead asks of every use): prim::ListUnpack,
// aten::__getitem__, aten::format, or an argument of the user's schema that it neither writes nor
// takes with an alias annotation.
bool UseOnlyReads(const torch::jit::Use& use);

// Whether this use is `aten::append(list, element)` in the block that defines the list, its
// result unused: an append that, with reads, leaves the list reached by no other value
// (FoldAppendedLists; passes/prune_copy.h's static lists).
bool AppendInListsBlock(const torch::jit::Use& use);

// The constant FoldGlue (passes/fold_glue.h) folds the metadata query `node` to (aten::size,
// aten::size.int, aten::stride, aten::dim, aten::numel, aten::len.Tensor, prim::dtype,
// prim::device, aten::is_floating_point, aten::is_contiguous, prim::is_nested,
// prim::requires_grad, prim::layout, aten::is_complex, is_signed, element_size, result_type; with
// `inference`, aten::is_grad_enabled and aten::is_autocast_enabled: false; `x is x`; `a is b` on
// tensors that cannot be one object (each made by an op, or one made and one a graph input); None
// compared with a value whose type cannot hold None; prim::isinstance decided by the static type),
// when each value has the type `type_of` gives it; nullopt when the types do not decide it or
// `node` is no such query. aten::size.int folds when its one dim is known, though others are
// symbolic (lowering with dynamic dims).
std::optional<c10::IValue> MetadataQueryValue(
    const torch::jit::Node& node, bool inference,
    absl::FunctionRef<c10::TypePtr(const torch::jit::Value*)> type_of);

// Whether `node` reads a tensor's metadata, not its data, into a scalar: aten::size, stride,
// dim, numel, len.Tensor, storage_offset, is_contiguous and the other is_* flags, get_device,
// result_type, element_size, and TorchScript's prim builtins on tensors (prim::dtype, device,
// layout, requires_grad). Core ATen's forms are sym_size.int, sym_stride.int and sym_numel (which
// this also answers true for).
bool IsMetadataQuery(const torch::jit::Node& node);

// Whether constant folding may run `node` when its inputs are constants: no blocks, deterministic,
// no side effects, and not one of the kinds torch::jit::ConstantPropagation skips
// (constant_propagation.cpp: prim::Closure, prim::Constant, prim::Uninitialized, profiling and
// guard nodes, unchecked_unwrap_optional, dequantize, ONNX ops).
bool FoldableOp(const torch::jit::Node& node);

}  // namespace graph_lower

#endif  // GRAPH_LOWER_IR_GRAPH_PREDICATES_H_
