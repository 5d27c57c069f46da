// PoolConstants: ConstantPooling in time linear in the number of constants.
#ifndef GRAPH_LOWER_PASSES_POOL_CONSTANTS_H_
#define GRAPH_LOWER_PASSES_POOL_CONSTANTS_H_

#include <torch/csrc/jit/ir/ir.h>

#include <cstdint>
#include <memory>

namespace graph_lower {

struct PoolConstantsStats {
  int64_t constants = 0;  // prim::Constant nodes seen
  int64_t merged = 0;     // of them, replaced by an equal earlier constant and destroyed
};

// Before: any graph. After: every prim::Constant is at the start of the graph's top block (hoisted
// out of nested blocks), and constants with the same output type and equal values are one node,
// as torch::jit::ConstantPooling (torch/csrc/jit/passes/constant_pooling.cpp) leaves them.
//
// Why not ConstantPooling itself: its node hash (torch/csrc/jit/ir/node_hashing.cpp, HashNode)
// gives every tensor, string, list and None constant the same hash, so pooling n weight tensors of
// one shape compares them pairwise with at::equal, quadratic in a graph of many transformer blocks
// (docs/benchmarks.md). Here the hash covers the value (scalars, strings, and for tensors dtype,
// device, sizes, strides and a hash of the bytes), so equal-hash candidates are compared only when
// they are very likely equal.
//
// Aliasing: two equal constants of a type that can be written (tensors, lists, ...) are merged
// only when they are the same object, or when no node of the graph can write (no mutable schema
// among its nodes) and neither may be returned (ir/mutation.h, ValuesThatMayAliasOutputs: the
// caller may write one output in place). ConstantPooling asks alias analysis the same question
// per pair.
PoolConstantsStats PoolConstants(const std::shared_ptr<torch::jit::Graph>& graph);

// The value hash PoolConstants buckets constants by: scalars, strings, None, devices, lists and
// tuples by value; a tensor by dtype, device, sizes, strides and its bytes (all of them up to
// 16 KiB, 64 evenly spaced runs of 64 bytes of a larger one). Equal values hash equal.
size_t HashConstantValue(const c10::IValue& value);

// Whether two constant values are equal as torch::jit's EqualNode decides it for constants
// (torch/csrc/jit/ir/node_hashing.cpp): the same kind of value; tensors of equal options, sizes,
// strides and elements; doubles bitwise (0.0 and -0.0 differ). Types are the caller's to compare.
bool EqualConstantValues(const c10::IValue& a, const c10::IValue& b);

}  // namespace graph_lower

#endif  // GRAPH_LOWER_PASSES_POOL_CONSTANTS_H_
