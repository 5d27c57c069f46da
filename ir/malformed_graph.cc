// Checks for malformed graphs: nodes the parser and Graph::lint accept but libtorch's passes and
// interpreter cannot run (see malformed_graph.h).
#include "ir/malformed_graph.h"

#include <torch/csrc/jit/runtime/operator.h>

#include <algorithm>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/types/span.h"
#include "ir/errors.h"
#include "ir/example_values.h"
#include "ir/graph_io.h"

namespace graph_lower {

const torch::jit::Value* FirstValueWithFreeTypeVariable(const torch::jit::Block& block) {
  for (const torch::jit::Value* v : block.inputs()) {
    if (v->type()->hasFreeVariables()) return v;
  }
  for (const torch::jit::Node* node : block.nodes()) {
    for (const torch::jit::Value* v : node->outputs()) {
      if (v->type()->hasFreeVariables()) return v;
    }
    for (const torch::jit::Block* b : node->blocks()) {
      if (const torch::jit::Value* v = FirstValueWithFreeTypeVariable(*b)) return v;
    }
  }
  return nullptr;
}

const torch::jit::Node* FirstCallWithoutOperator(const torch::jit::Block& block) {
  for (const torch::jit::Node* node : block.nodes()) {
    const c10::Symbol kind = node->kind();
    if (!kind.is_prim() && !node->maybeOperator()) return node;
    if (kind.is_prim() &&
        static_cast<c10::unique_t>(kind) >= static_cast<c10::unique_t>(c10::_keys::num_symbols) &&
        torch::jit::getAllOperatorsFor(kind).empty()) {
      return node;
    }
    for (const torch::jit::Block* b : node->blocks()) {
      if (const torch::jit::Node* n = FirstCallWithoutOperator(*b)) return n;
    }
  }
  return nullptr;
}

std::string IllTypedListConstruct(const torch::jit::Node& node) {
  if (node.kind() != c10::prim::ListConstruct || node.outputs().size() != 1) return "";
  auto list = node.output()->type()->cast<c10::ListType>();
  if (!list) return "";
  for (const torch::jit::Value* in : node.inputs()) {
    if (!in->type()->isSubtypeOf(*list->getElementType())) {
      return "holds an element of another type";
    }
  }
  return "";
}

namespace {

// Related types: one is a subtype of the other (Float(2, 3) and Tensor, int and Optional[int]).
bool RelatedTypes(const c10::TypePtr& a, const c10::TypePtr& b) {
  return a->isSubtypeOf(*b) || b->isSubtypeOf(*a);
}

}  // namespace

std::string MalformedControlFlow(const torch::jit::Node& node) {
  auto returns_fit = [](const torch::jit::Block& b, absl::Span<const torch::jit::Value* const> to,
                        size_t first) -> std::string {
    if (b.outputs().size() != to.size() + first) {
      return absl::StrCat("a block returns ", b.outputs().size(), " values where ",
                          to.size() + first, " are needed");
    }
    for (size_t i = 0; i < to.size(); ++i) {
      const torch::jit::Value* got = b.outputs()[i + first];
      if (!RelatedTypes(got->type(), to[i]->type())) {
        return absl::StrCat("a block returns %", got->debugName(), " : ", got->type()->str(),
                            " for %", to[i]->debugName(), " : ", to[i]->type()->str());
      }
    }
    return "";
  };
  const c10::Symbol kind = node.kind();
  // Only If and Loop carry blocks in a graph libtorch runs; passes assert on others (an
  // `aten::add` given a block).
  if (!node.blocks().empty() && kind != c10::prim::If && kind != c10::prim::Loop) {
    return absl::StrCat("it carries ", node.blocks().size(),
                        " blocks; only prim::If and prim::Loop carry blocks");
  }
  // %out : T = prim::unchecked_cast(%in : U): one value, refined to a subtype (Optional[Tensor]
  // to Tensor), widened, or None; an unrelated type (int from a Tensor) or another arity reaches
  // libtorch's internal asserts.
  if (kind == c10::prim::unchecked_cast) {
    if (node.inputs().size() != 1 || node.outputs().size() != 1) {
      return absl::StrCat("it takes ", node.inputs().size(), " inputs and has ",
                          node.outputs().size(), " outputs where 1 and 1 are needed");
    }
    const c10::TypePtr& from = node.input()->type();
    const c10::TypePtr& to = node.output()->type();
    // From None to any type is allowed: constant propagation leaves such casts in branches that
    // do not run (`%3 : int = prim::unchecked_cast(%none)`; fuzz/corpus/text_ir/pool.ir).
    if (from->kind() != c10::TypeKind::NoneType && !RelatedTypes(from, to)) {
      return absl::StrCat("it casts %", node.input()->debugName(), " : ", from->str(), " to ",
                          to->str(), ", an unrelated type");
    }
    return "";
  }
  if (kind == c10::prim::If) {
    if (node.inputs().size() != 1 || node.input()->type()->kind() != c10::TypeKind::BoolType) {
      return "it needs one bool condition";
    }
    if (node.blocks().size() != 2) {
      return absl::StrCat("it has ", node.blocks().size(), " blocks where 2 are needed");
    }
    for (const torch::jit::Block* b : node.blocks()) {
      if (!b->inputs().empty()) return "a block takes inputs";
      std::vector<const torch::jit::Value*> outs(node.outputs().begin(), node.outputs().end());
      if (std::string why = returns_fit(*b, outs, 0); !why.empty()) return why;
    }
    return "";
  }
  if (kind == c10::prim::Loop) {
    if (node.inputs().size() < 2 || node.input(0)->type()->kind() != c10::TypeKind::IntType ||
        node.input(1)->type()->kind() != c10::TypeKind::BoolType) {
      return "it needs an int trip count and a bool condition first";
    }
    if (node.blocks().size() != 1) {
      return absl::StrCat("it has ", node.blocks().size(), " blocks where 1 is needed");
    }
    const size_t carried = node.inputs().size() - 2;
    const torch::jit::Block& body = *node.blocks()[0];
    if (node.outputs().size() != carried || body.inputs().size() != carried + 1) {
      return absl::StrCat("it carries ", carried, " values but has ", node.outputs().size(),
                          " outputs and its block takes ", body.inputs().size(),
                          " inputs (the iteration number first)");
    }
    if (body.inputs()[0]->type()->kind() != c10::TypeKind::IntType) {
      return absl::StrCat("its block's first input %", body.inputs()[0]->debugName(), " : ",
                          body.inputs()[0]->type()->str(), " must be the int iteration number");
    }
    // A carried value keeps its type's family across the loop (a Tensor carried in as %c : int
    // reaches libtorch's internal asserts).
    for (size_t i = 0; i < carried; ++i) {
      const torch::jit::Value* in = node.inputs()[i + 2];
      for (const torch::jit::Value* as : {body.inputs()[i + 1], node.outputs()[i]}) {
        if (!RelatedTypes(in->type(), as->type())) {
          return absl::StrCat("it carries %", in->debugName(), " : ", in->type()->str(), " as %",
                              as->debugName(), " : ", as->type()->str());
        }
      }
    }
    if (body.outputs().empty() || body.outputs()[0]->type()->kind() != c10::TypeKind::BoolType) {
      return "its block must return the bool condition first";
    }
    std::vector<const torch::jit::Value*> outs(node.outputs().begin(), node.outputs().end());
    return returns_fit(body, outs, 1);
  }
  // %d : Dict(K, V) = prim::DictConstruct(%k0, %v0, %k1, %v1, ...): the interpreter pairs its
  // inputs without checking (torch/csrc/jit/runtime/register_prim_ops.cpp, dictConstruct); an odd
  // count reads past its stack, a garbage value that crashes saving.
  if (kind == c10::prim::DictConstruct) {
    const c10::DictTypePtr dict =
        node.outputs().size() == 1 ? node.output()->type()->cast<c10::DictType>() : nullptr;
    if (!dict) return "it needs one output of a Dict type";
    if (node.inputs().size() % 2 != 0) {
      return absl::StrCat("it takes ", node.inputs().size(),
                          " inputs, where keys and values come in pairs");
    }
    for (size_t i = 0; i < node.inputs().size(); ++i) {
      const torch::jit::Value* in = node.inputs()[i];
      const c10::TypePtr& want = i % 2 == 0 ? dict->getKeyType() : dict->getValueType();
      if (!in->type()->isSubtypeOf(*want)) {
        return absl::StrCat(i % 2 == 0 ? "key" : "value", " %", in->debugName(), " : ",
                            in->type()->str(), " is not a ", want->str());
      }
    }
    return "";
  }
  return "";
}

const torch::jit::Node* FirstMalformed(const torch::jit::Block& block,
                                       std::string (*why_malformed)(const torch::jit::Node&),
                                       std::string& why) {
  for (const torch::jit::Node* node : block.nodes()) {
    why = why_malformed(*node);
    if (!why.empty()) return node;
    for (const torch::jit::Block* b : node->blocks()) {
      if (const torch::jit::Node* n = FirstMalformed(*b, why_malformed, why)) return n;
    }
  }
  return nullptr;
}

std::string InputTypes(const torch::jit::Node& node) {
  std::vector<std::string> types;
  for (const torch::jit::Value* v : node.inputs()) types.push_back(v->type()->str());
  return absl::StrJoin(types, ", ");
}

std::string MalformedPrimNode(const torch::jit::Node& node) {
  const c10::Symbol kind = node.kind();
  if (!kind.is_prim()) return "";
  // Checked, with messages of its own, in MalformedControlFlow.
  if (kind == c10::prim::unchecked_cast) return "";
  const std::vector<std::shared_ptr<torch::jit::Operator>>& ops =
      torch::jit::getAllOperatorsFor(kind);
  if (ops.empty()) {
    if (static_cast<c10::unique_t>(kind) >= static_cast<c10::unique_t>(c10::_keys::num_symbols)) {
      return "";
    }
    if (kind == c10::prim::Constant) {
      if (node.outputs().size() != 1) return "it needs one output";
      const torch::jit::Value* out = node.output();
      std::optional<c10::IValue> value;
      try {
        value = torch::jit::toIValue(out);
      } catch (const std::exception& e) {
        return absl::StrCat("its value does not fit its type ", out->type()->str(), ": ",
                            ExceptionMessage(e));
      }
      if (value && !value->isTensor() && !RelatedTypes(value->type(), out->type())) {
        return absl::StrCat("its value is of type ", value->type()->str(), ", not ",
                            out->type()->str());
      }
      return "";
    }
    if (kind == c10::prim::ListConstruct) {
      if (node.outputs().size() != 1 || !node.output()->type()->cast<c10::ListType>()) {
        return "it needs one output of a List type";
      }
      return "";
    }
    if (kind == c10::prim::TupleConstruct) {
      const c10::TupleTypePtr tuple =
          node.outputs().size() == 1 ? node.output()->type()->cast<c10::TupleType>() : nullptr;
      if (!tuple) return "it needs one output of a Tuple type";
      if (tuple->elements().size() != node.inputs().size()) {
        return absl::StrCat("it makes a tuple of ", tuple->elements().size(), " elements from ",
                            node.inputs().size(), " inputs");
      }
      for (size_t i = 0; i < node.inputs().size(); ++i) {
        if (!RelatedTypes(node.inputs()[i]->type(), tuple->elements()[i])) {
          return absl::StrCat("element ", i, " %", node.inputs()[i]->debugName(), " : ",
                              node.inputs()[i]->type()->str(), " is not a ",
                              tuple->elements()[i]->str());
        }
      }
      return "";
    }
    if (kind == c10::prim::ListUnpack) {
      const c10::ListTypePtr list =
          node.inputs().size() == 1 ? node.input()->type()->cast<c10::ListType>() : nullptr;
      if (!list)
        return absl::StrCat("it needs one input of a List type, not (", InputTypes(node), ")");
      for (const torch::jit::Value* out : node.outputs()) {
        if (!RelatedTypes(out->type(), list->getElementType())) {
          return absl::StrCat("it unpacks a ", list->str(), " into %", out->debugName(), " : ",
                              out->type()->str());
        }
      }
      return "";
    }
    if (kind == c10::prim::DictConstruct || kind == c10::prim::If || kind == c10::prim::Loop) {
      return "";  // MalformedControlFlow
    }
    // %b : bool = prim::isinstance[types=[...]](%v): a Union or Optional value's type tested
    // (the interpreter's ISINSTANCE instruction reads the `types` attribute).
    if (kind == c10::prim::isinstance) {
      if (node.inputs().size() != 1 || node.outputs().size() != 1 ||
          node.output()->type()->kind() != c10::TypeKind::BoolType ||
          !node.hasAttribute(c10::attr::types) ||
          node.kindOf(c10::attr::types) != torch::jit::AttributeKind::tys) {
        return "it takes one value and gives one bool, with a `types` attribute";
      }
      return "";
    }
    return "a node for objects, attributes or calls, which text IR (a function of tensors and "
           "scalars) cannot hold; save the program as an archive (torch.jit.save)";
  }
  const bool vararg = std::all_of(ops.begin(), ops.end(), [](const auto& op) {
    return op->schema().is_vararg() || op->schema().is_varret();
  });
  if (vararg && kind != c10::prim::Print && kind != c10::prim::TupleUnpack &&
      kind != c10::prim::tolist) {
    return "a node that profiling, fusion or static runtime makes, which runs only inside "
           "libtorch's executors; give the graph the TorchScript compiler made (fn.graph)";
  }
  // prim::tolist pops (tensor, dim, element type) whatever the node has (register_prim_ops.cpp);
  // the TorchScript compiler emits it so.
  if (kind == c10::prim::tolist &&
      (node.inputs().size() != 3 || !node.inputs()[0]->type()->cast<c10::TensorType>() ||
       node.inputs()[1]->type()->kind() != c10::TypeKind::IntType ||
       node.inputs()[2]->type()->kind() != c10::TypeKind::IntType)) {
    return absl::StrCat("it takes (Tensor, int dim, int element type), not (", InputTypes(node),
                        ")");
  }
  if (!vararg && !node.maybeOperator()) {
    return absl::StrCat("its arguments (", InputTypes(node), ") fit none of its overloads");
  }
  if (kind == c10::prim::TupleUnpack || kind == c10::prim::TupleIndex) {
    const c10::TupleTypePtr tuple =
        node.inputs().empty() ? nullptr : node.inputs()[0]->type()->cast<c10::TupleType>();
    if (!tuple) return absl::StrCat("it needs a Tuple, not (", InputTypes(node), ")");
    if (kind == c10::prim::TupleUnpack) {
      if (node.inputs().size() != 1 || node.outputs().size() != tuple->elements().size()) {
        return absl::StrCat("it unpacks a tuple of ", tuple->elements().size(), " into ",
                            node.outputs().size(), " outputs");
      }
      for (size_t i = 0; i < node.outputs().size(); ++i) {
        if (!RelatedTypes(node.outputs()[i]->type(), tuple->elements()[i])) {
          return absl::StrCat("it unpacks element ", i, " : ", tuple->elements()[i]->str(),
                              " into %", node.outputs()[i]->debugName(), " : ",
                              node.outputs()[i]->type()->str());
        }
      }
    } else if (std::optional<c10::IValue> index = torch::jit::toIValue(node.inputs()[1]);
               index && index->isInt()) {
      const int64_t n = static_cast<int64_t>(tuple->elements().size());
      const int64_t i = index->toInt();
      if (i < -n || i >= n) {
        return absl::StrCat("index ", i, " is out of range for a tuple of ", n);
      }
    }
  }
  return "";
}

std::string BadScalarTypeConstant(const torch::jit::Node& node) {
  return GivenBadDtypeConstant(node) ? "a dtype argument is an int that names no ScalarType" : "";
}

const torch::jit::Node* FirstNodeGivenBadDtype(const torch::jit::Block& block) {
  std::string why;
  return FirstMalformed(block, BadScalarTypeConstant, why);
}

}  // namespace graph_lower
