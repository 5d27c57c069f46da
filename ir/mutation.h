// Whether a TorchScript graph may write any value: the cheap question that lets passes skip alias
// analysis (torch::jit::AliasDb), whose construction is super-linear in graphs with many tensors
// in lists (docs/benchmarks.md).
#ifndef GRAPH_LOWER_IR_MUTATION_H_
#define GRAPH_LOWER_IR_MUTATION_H_

#include <torch/csrc/jit/ir/ir.h>

#include <memory>

#include "absl/container/flat_hash_set.h"

namespace graph_lower {

// Whether some registered overload of `node`'s kind that it could match has a schema for which
// `test` holds, cached per thread, test, kind and number of inputs. An overload can match a node
// only when it takes as many arguments as the node has inputs, or fewer and is vararg
// (Node::matches, torch/csrc/jit/ir/ir.cpp): aten::add.out takes 4, aten::add.Tensor 3, so a
// 3-input aten::add cannot write. Node::maybeSchema matches a node against its kind's overloads
// until one fits, for every node without a cached operator (each node a decomposition is inlined
// as) and every node without an operator (constants, containers): a node for which this is false
// need not have its schema found. Asking every node for its schema (AnyNodeWrites, the bad-dtype
// check) took a large share of a lowering, and so did keying on the kind alone, with which every
// op with an out= overload still asked (AnyNodeChangesMetadataInPlace); docs/benchmarks.md. An
// overload registered after a kind was first asked about is not seen; graph-lower's own passes
// register none.
bool SomeOverloadSatisfies(const torch::jit::Node& node, bool (*test)(const c10::FunctionSchema&));

// node.maybeSchema() when SomeOverloadSatisfies(node, test), else null: the schema of a node,
// looked up only when one of the overloads it could match passes `test`. The caller still tests
// the schema found (it is one of those overloads, or none).
const c10::FunctionSchema* SchemaIfSomeOverloadSatisfies(const torch::jit::Node& node,
                                                         bool (*test)(const c10::FunctionSchema&));

// Whether any node of `block` (nested blocks included) may write a value: an op whose schema is
// mutable (an alias annotation with `!`, as aten::add_'s `Tensor(a!) self`), or prim::SetAttr.
// Nodes without a schema other than prim::SetAttr (containers, control flow) do not write.
bool AnyNodeWrites(const torch::jit::Block& block);
// The same for one node and the blocks it holds.
bool NodeWrites(const torch::jit::Node& node);

// Whether any node of `block` (nested blocks included) changes a tensor's sizes, strides or
// storage in place rather than its elements (aten::t_, transpose_, unsqueeze_, squeeze_,
// swapdims_, swapaxes_, as_strided_, resize_, resize_as_, set_, set_data, detach_,
// requires_grad_, _resize_output_, the sparse resizes, _mkldnn_transpose_: the in-place ops of
// native_functions.yaml that change a tensor's metadata; and every out= overload, which resizes
// its out argument): then
// another value sharing that tensor (a list element, say) may change type too, which a type
// recorded per value does not say.
bool AnyNodeChangesMetadataInPlace(const torch::jit::Block& block);

// Whether a value of this type can be written or hold something that can (as
// torch::jit::AliasDb::isMutableType, which libtorch does not export): tensors, containers,
// objects, and tuples, optionals and unions holding one.
bool MayBeWritten(const c10::Type& type);

// The values of `graph` that may be, or share memory with, a value the graph returns: walking
// back from the outputs through every node that may return an alias of an input, and into what
// is put into such a container by an op that writes it (aten::append, aten::insert, _set_item). The
// caller of the graph may write its outputs in place, so passes must not turn these into constants
// shared between runs, nor merge two of them. Alias annotations in an op's schema are trusted for
// ops with kernels of their own; a CompositeImplicitAutograd op (type_as, dropout(train=False),
// atleast_2d, einsum return their input without an annotation) is assumed to return an alias of
// any input holding a tensor when its result holds tensors; containers, control flow and other
// composite results, of any input that may be written.
absl::flat_hash_set<const torch::jit::Value*> ValuesThatMayAliasOutputs(
    const torch::jit::Graph& graph);

// Whether `use` puts its value into a container its user writes: an argument whose schema
// alias annotation sends it to the wildcard set (aten::append's `t(c -> *) el`, insert,
// _set_item's value and key), or a vararg.
bool StoresIntoContainer(const torch::jit::Use& use);

// Whether a node before `write` (in program order, any block) put `value` into a container: a
// list, tuple or dict literal (prim::ListConstruct, TupleConstruct, DictConstruct: nodes without
// a schema), or an op whose schema sends that argument to the wildcard set (aten::append,
// insert, _set_item). The container holds the same tensor, so it sees what `write` stores. The
// same holds for the base `value` is a view of and for every view of that base taken before
// `write` (`l = [y.select(0, 0)]; y.add_(1)`, the unrolled decomposition of `y.unbind(0)`).
bool ContainedBefore(const torch::jit::Value* value, const torch::jit::Node* write);

// torch::jit::EliminateDeadCode(graph), except that a write to a value a container holds
// (ContainedBefore) stays while the write's result is unused: libtorch's liveness follows
// aliases of the outputs but not what they contain, so in `y = x + 1; l = [y]; y.add_(1);
// return l` it removes the add_ (the TorchScript compiler's own DCE does the same at scripting).
void EliminateDeadCodeKeepingContainedWrites(std::shared_ptr<torch::jit::Graph>& graph);

}  // namespace graph_lower

#endif  // GRAPH_LOWER_IR_MUTATION_H_
