// Checks for malformed graphs, shared by the graph_io sources (ParseGraphText refuses what they
// find; FirstNodeGivenBadDtype, in graph_io.h, is the public one). Not for use outside ir/.
#ifndef GRAPH_LOWER_IR_MALFORMED_GRAPH_H_
#define GRAPH_LOWER_IR_MALFORMED_GRAPH_H_

#include <torch/csrc/jit/ir/ir.h>

#include <string>

namespace graph_lower {

// The first value, at any depth of `block` (block inputs and node outputs), whose type has a free
// type variable, or nullptr.
const torch::jit::Value* FirstValueWithFreeTypeVariable(const torch::jit::Block& block);

// The first node calling an operator (any namespace but prim, whose ops the interpreter runs
// itself) that is not registered or whose inputs fit none of its overloads, or nullptr. libtorch's
// passes assert on such a node (Node::hasSideEffects: "Only prim ops are allowed to not have a
// registered operator").
// A prim op is known when libtorch interns it (c10/ATen/core/interned_strings.h) or registers
// an operator for it; the parser interns any other name it reads (`prim::Ifad`).
const torch::jit::Node* FirstCallWithoutOperator(const torch::jit::Block& block);

// Why a prim::ListConstruct is given an element whose type is not the list's element type
// (`%l : int[] = prim::ListConstruct(%tensor)`), or "". Ops reading the list would see a value
// of another type than their schema says (a Tensor read as an int makes aten::remainder resolve
// to its Tensor overload). Used with FirstMalformed.
std::string IllTypedListConstruct(const torch::jit::Node& node);

// Why a control-flow, unchecked_cast or dict-construction node, or a node carrying blocks, is
// malformed (empty when it is not, or is none of these; each is explained where it is checked). The
// parser and Graph::lint accept a prim::If with one block (constant folding then reads its missing
// else block, an ASan heap-buffer-overflow), or blocks that return another number or type of values
// than the node has. The shapes required are the interpreter's
// (torch/csrc/jit/ir/ir.h, Node::blocks; torch/csrc/jit/runtime/interpreter.cpp):
//   %outs... = prim::If(%cond : bool), two blocks of no inputs, each returning one value per
//   output; %outs... = prim::Loop(%max_trips : int, %start : bool, %carried...), one block taking
//   (int, carried...) and returning (bool, carried...), one output per carried value. Every
//   returned value's type must be related to (a subtype or a supertype of) the output's it
//   stands for: shape specialisation types an output as the branch taken returns it
//   (Float(2, 3)), and the other branch may still return a plain Tensor.
std::string MalformedControlFlow(const torch::jit::Node& node);

// The first node, at any depth, for which `why_malformed` gives a reason, and that reason, or
// nullptr.
const torch::jit::Node* FirstMalformed(const torch::jit::Block& block,
                                       std::string (*why_malformed)(const torch::jit::Node&),
                                       std::string& why);

// "Tensor, int[], bool": the types of a node's inputs.
std::string InputTypes(const torch::jit::Node& node);

// Why a prim node cannot stand in a text IR graph (empty when it can, or is not a prim node).
// libtorch's parser and Graph::lint accept any prim node with any inputs; the passes and the
// interpreter then assert or crash on the ones that do not fit (prim::Param in a body,
// `%y : Tensor = prim::Constant[value=3]()`, prim::TupleIndex of a Tensor, prim::CallFunction of
// a Tensor). Text IR holds a function of tensors and scalars:
// - the structural nodes without a schema that the interpreter runs itself
//   (torch/csrc/jit/runtime/interpreter.cpp) are read, each with its inputs' and outputs' types
//   checked here or in MalformedControlFlow: Constant, ListConstruct, ListUnpack, TupleConstruct,
//   DictConstruct, If, Loop, isinstance (a Union or Optional value's type tested);
// - nodes for objects, attributes and calls (GetAttr, SetAttr, CallFunction, CallMethod,
//   CreateObject, Param, Return, Load, Store, Enter, Exit, ...) have no schema either and need
//   class or function types that text IR cannot spell: save such a program as an archive;
// - nodes whose schema is `(...) -> ...` that profiling, fusion and static runtime make
//   (prim::profile, TypeCheck, TensorExprGroup, DifferentiableGraph, ConstantChunk, ...) run only
//   inside libtorch's executors; Print, TupleUnpack and tolist, the ones the TorchScript compiler
//   emits for a function, are read;
// - any other prim node must fit one of its registered overloads.
// An unknown prim op (a name libtorch neither interns nor registers) is left to
// FirstCallWithoutOperator, after Graph::lint.
std::string MalformedPrimNode(const torch::jit::Node& node);

// Why a node is given a constant ScalarType argument outside libtorch's ScalarType range, or "".
// Used with FirstMalformed.
std::string BadScalarTypeConstant(const torch::jit::Node& node);

}  // namespace graph_lower

#endif  // GRAPH_LOWER_IR_MALFORMED_GRAPH_H_
