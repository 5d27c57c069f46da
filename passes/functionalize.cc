// Functionalization of in-place ops and writes through views (see functionalize.h).
#include "passes/functionalize.h"

#include <torch/csrc/jit/ir/constants.h>
#include <torch/csrc/jit/passes/dead_code_elimination.h>
#include <torch/csrc/jit/runtime/operator.h>

#include <algorithm>
#include <optional>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "ir/errors.h"
#include "ir/mutation.h"
#include "ir/op_key.h"

namespace graph_lower {
namespace {

using torch::jit::Graph;
using torch::jit::Node;
using torch::jit::Value;

enum class ViewKind {
  kNone,
  kSlice,
  kNarrow,
  kSelect,
  kDiagonal,
  kTranspose,
  kT,
  kPermute,
  kMovedim,
  kReshapeLike,
  kAlias
};

ViewKind ViewKindOf(const Node* n) {
  // A type refinement (Optional[Tensor] -> Tensor, as library decompositions of batch_norm
  // write through their refined running_mean) is the value itself.
  if (n->kind() == c10::prim::unchecked_cast && n->outputs().size() == 1 &&
      n->output()->type()->cast<c10::TensorType>()) {
    return ViewKind::kAlias;
  }
  if (n->inputs().empty() || !n->input(0)->type()->cast<c10::TensorType>() ||
      n->outputs().size() != 1 || !n->maybeSchema()) {
    return ViewKind::kNone;
  }
  static const auto* kinds = new absl::flat_hash_map<std::string, ViewKind>{
      {"aten::slice.Tensor", ViewKind::kSlice},
      {"aten::narrow", ViewKind::kNarrow},
      {"aten::select.int", ViewKind::kSelect},
      {"aten::diagonal", ViewKind::kDiagonal},
      {"aten::movedim.int", ViewKind::kMovedim},
      {"aten::movedim.intlist", ViewKind::kMovedim},
      {"aten::transpose.int", ViewKind::kTranspose},
      {"aten::t", ViewKind::kT},
      {"aten::mT", ViewKind::kT},
      {"aten::swapaxes", ViewKind::kTranspose},
      {"aten::swapdims", ViewKind::kTranspose},
      {"aten::view_as", ViewKind::kReshapeLike},
      {"aten::unflatten.int", ViewKind::kReshapeLike},
      {"aten::permute", ViewKind::kPermute},
      {"aten::view", ViewKind::kReshapeLike},
      {"aten::unsqueeze", ViewKind::kReshapeLike},
      {"aten::squeeze", ViewKind::kReshapeLike},
      {"aten::squeeze.dim", ViewKind::kReshapeLike},
      {"aten::squeeze.dims", ViewKind::kReshapeLike},
      {"aten::alias", ViewKind::kAlias},
  };
  auto it = kinds->find(OpKey::Of(*n).ToString());
  if (it == kinds->end()) return ViewKind::kNone;
  if (it->second == ViewKind::kPermute) {
    std::optional<c10::IValue> dims = torch::jit::toIValue(n->input(1));
    if (!dims || !dims->isIntList()) return ViewKind::kNone;  // the inverse needs the dims
  }
  if (it->second == ViewKind::kNarrow) {
    // Scattered back as a slice [start, start + length), which needs a constant start.
    std::optional<c10::IValue> start = torch::jit::toIValue(n->input(2));
    if (!start || !start->isInt()) return ViewKind::kNone;
  }
  return it->second;
}

// True when `user`'s output may alias its input (a view) and is read after `after`.
// Whether `n`, taking `in` first, gives views of it that can be recomputed from a new value of
// `in` for the reads after a write: an op returning a list of views of its first argument
// (split, split_with_sizes, unbind, chunk, tensor_split: `Tensor(a -> *) self -> Tensor(a)[]`),
// or the element reads of such a list (prim::ListUnpack, aten::__getitem__).
bool IsListView(const Node* n, const Value* in, const Node* write) {
  static const c10::Symbol kGetItem = c10::Symbol::fromQualString("aten::__getitem__");
  if (n->inputs().empty() || n->input(0) != in) return false;
  const c10::TypePtr& type = in->type();
  if (n->kind() == c10::prim::ListUnpack || n->kind() == kGetItem) {
    if (type->kind() != c10::TypeKind::ListType) return false;
  } else {
    const c10::FunctionSchema* schema = n->maybeSchema();
    if (!schema || schema->is_mutable() || schema->returns().size() != 1 ||
        !type->cast<c10::TensorType>() || n->outputs().size() != 1) {
      return false;
    }
    const c10::Argument& ret = schema->returns()[0];
    const c10::ListTypePtr list = ret.type()->cast<c10::ListType>();
    if (!list || !list->getElementType()->cast<c10::TensorType>() || !ret.alias_info() ||
        ret.alias_info()->isWrite()) {
      return false;
    }
  }
  // Before the write, the list may only be unpacked or read into new tensors and scalars (cat,
  // stack, len): a container made from it (aten::list, add.t, a literal holding it) would not
  // be recomputed, and is followed by ViewReadAfter instead.
  for (const Value* out : n->outputs()) {
    if (out->type()->kind() != c10::TypeKind::ListType) continue;
    for (const torch::jit::Use& use : out->uses()) {
      const Node* user = use.user;
      if (!user->isBefore(write) || user->kind() == c10::prim::ListUnpack ||
          user->kind() == kGetItem) {
        continue;
      }
      const c10::FunctionSchema* schema = user->maybeSchema();
      if (!schema || schema->is_mutable()) return false;
      for (const c10::Argument& ret : schema->returns()) {
        if (ret.alias_info()) return false;
      }
      for (const Value* made : user->outputs()) {
        if (!made->type()->containedTypes().empty()) return false;
      }
    }
  }
  return true;
}

bool ViewReadAfter(const Node* user, const Node* after) {
  const c10::FunctionSchema* schema = user->maybeSchema();
  bool aliases = !schema;  // unknown ops (prim::ListConstruct, ...): assume the worst
  if (schema) {
    for (const c10::Argument& ret : schema->returns()) aliases |= ret.alias_info() != nullptr;
  }
  if (!aliases) return false;
  // The aliases may be read directly, or as elements taken out of a list or tuple of them
  // (`a, b = z.split(2)`: the ListUnpack comes before the write, the reads of `a` after it).
  // So may a container made from one holding them (`l.copy()`, `l + [x]`, `l[1:]`, `l * 2`),
  // or one they are put into (`m.extend(l)`): it holds the same tensors.
  auto is_container = [](const Value* v) {
    const c10::TypeKind t = v->type()->kind();
    return (t == c10::TypeKind::ListType || t == c10::TypeKind::TupleType ||
            t == c10::TypeKind::DictType) &&
           MayBeWritten(*v->type());
  };
  std::vector<const Value*> work(user->outputs().begin(), user->outputs().end());
  absl::flat_hash_set<const Value*> seen(work.begin(), work.end());
  static const c10::Symbol kGetItem = c10::Symbol::fromQualString("aten::__getitem__");
  while (!work.empty()) {
    const Value* out = work.back();
    work.pop_back();
    for (const torch::jit::Use& use : out->uses()) {
      const Node* reader = use.user;
      if (reader->kind() == c10::prim::Return || reader->isAfter(after)) return true;
      const c10::Symbol k = reader->kind();
      std::vector<const Value*> next;
      if (k == c10::prim::ListUnpack || k == c10::prim::TupleUnpack || k == kGetItem ||
          std::any_of(reader->outputs().begin(), reader->outputs().end(), is_container)) {
        next.assign(reader->outputs().begin(), reader->outputs().end());
      }
      const c10::FunctionSchema* s = reader->maybeSchema();
      // An op writing the container it takes first: aten::append, insert, _set_item, extend.
      if (s && use.offset > 0 && s->is_mutable({c10::SchemaArgType::input, 0}) &&
          is_container(reader->input(0))) {
        next.push_back(reader->input(0));
      }
      // A view of the alias (`y.expand(2, 4, 3)[1]`: the select of an expand) is one too.
      if (s && use.offset < s->arguments().size() && s->arguments()[use.offset].alias_info() &&
          !s->is_mutable({c10::SchemaArgType::input, use.offset})) {
        for (size_t i = 0; i < s->returns().size() && i < reader->outputs().size(); ++i) {
          const c10::AliasInfo* ret = s->returns()[i].alias_info();
          if (ret && !ret->isWrite()) next.push_back(reader->outputs()[i]);
        }
      }
      for (const Value* v : next) {
        if (seen.insert(v).second) work.push_back(v);
      }
    }
  }
  return false;
}

// The functional twin of an in-place overload: aten::add_.Tensor -> aten::add.Tensor. When the
// twin takes the arguments in another order (polygamma_(self, n) -> polygamma(n, self)),
// `order` gets, for each of the twin's arguments, the index of the write's input to pass.
std::shared_ptr<torch::jit::Operator> FunctionalTwin(const Node* write,
                                                     std::vector<size_t>* order = nullptr) {
  const c10::FunctionSchema* schema = write->maybeSchema();
  if (!schema || schema->arguments().empty() || schema->returns().size() != 1) return nullptr;
  const c10::AliasInfo* self_alias = schema->arguments()[0].alias_info();
  if (!self_alias || !self_alias->isWrite()) return nullptr;
  std::string name = schema->name();
  // TorchScript's _index_put_impl_.hacked_twin (Tensor[] indices) has no functional overload;
  // its `unsafe` only skips bounds checks, so index_put.hacked_twin computes the same.
  if (name == "aten::_index_put_impl_" && schema->overload_name() == "hacked_twin" && order) {
    for (const auto& op : torch::jit::getAllOperatorsFor(c10::aten::index_put)) {
      if (op->schema().overload_name() == "hacked_twin") {
        *order = {0, 1, 2, 3};
        return op;
      }
    }
  }
  constexpr absl::string_view kAugmented = "aten::__i";
  if (absl::StartsWith(name, kAugmented) && absl::EndsWith(name, "__")) {
    // Python's augmented assignments (`x <<= s`: __ilshift__, __irshift__, __iand__, __ior__,
    // __ixor__) are twins of the binary operators (__lshift__, ...).
    name = absl::StrCat("aten::__", name.substr(kAugmented.size()));
  } else if (!absl::EndsWith(name, "_") || absl::EndsWith(name, "__")) {
    return nullptr;
  } else {
    // In-place random ops whose functional form has its own name (native_functions.yaml).
    if (name == "aten::normal_") {
      for (const auto& op :
           torch::jit::getAllOperatorsFor(c10::Symbol::fromQualString("aten::normal_functional"))) {
        return op;
      }
    }
    name.pop_back();
  }
  for (const auto& op : torch::jit::getAllOperatorsFor(c10::Symbol::fromQualString(name))) {
    const c10::FunctionSchema& twin = op->schema();
    if (twin.overload_name() != schema->overload_name() ||
        twin.arguments().size() != schema->arguments().size() || twin.returns().size() != 1 ||
        twin.is_mutable()) {
      continue;
    }
    bool positional = true;
    for (size_t i = 1; i < twin.arguments().size() && positional; ++i) {
      positional = *twin.arguments()[i].type() == *schema->arguments()[i].type();
    }
    if (positional) return op;
  }
  // Overloads named differently (bernoulli_.float -> bernoulli.p): the one functional overload
  // whose arguments have the same names and types, in any order.
  std::shared_ptr<torch::jit::Operator> match;
  std::vector<size_t> match_order;
  const auto& args = schema->arguments();
  for (const auto& op : torch::jit::getAllOperatorsFor(c10::Symbol::fromQualString(name))) {
    const c10::FunctionSchema& twin = op->schema();
    if (twin.is_mutable() || twin.returns().size() != 1 || twin.arguments().size() != args.size()) {
      continue;
    }
    std::vector<size_t> twin_order;
    for (const c10::Argument& ta : twin.arguments()) {
      // `self` is the written argument; its twin may call it `self` or `input`.
      for (size_t i = 0; i < args.size(); ++i) {
        const bool same_name = ta.name() == args[i].name() ||
                               (i == 0 && (ta.name() == "self" || ta.name() == "input"));
        if (same_name && (i == 0 ? ta.type()->kind() == c10::TypeKind::TensorType
                                 : *ta.type() == *args[i].type())) {
          twin_order.push_back(i);
          break;
        }
      }
    }
    if (twin_order.size() != args.size() ||
        absl::flat_hash_set<size_t>(twin_order.begin(), twin_order.end()).size() != args.size()) {
      continue;
    }
    if (match) return nullptr;  // ambiguous
    match = op;
    match_order = std::move(twin_order);
  }
  if (match && order) {
    bool identity = true;
    for (size_t j = 0; j < match_order.size(); ++j) identity = identity && match_order[j] == j;
    if (!identity) *order = match_order;
  }
  return match;
}

// Creates `kind(inputs)` with `n_outputs` outputs before `before`, resolved to the overload
// `want`. A None argument matches every optional formal, so the functional form of
// `linalg_pinv.atol_rtol_tensor_out(x, None, None, True, out)` would resolve to the first
// optional overload, atol_rtol_float: each None argument is then replaced by a None constant of
// the formal's own optional type, which only `want` accepts. Returns null (and creates nothing)
// when the node still resolves to another overload.
Node* CreateResolvedTo(Graph& graph, Node* before, c10::Symbol kind,
                       const std::vector<Value*>& inputs, size_t n_outputs,
                       const c10::FunctionSchema& want) {
  Node* node = graph.create(kind, inputs, n_outputs);
  node->insertBefore(before);
  const c10::FunctionSchema* resolved = node->maybeSchema();
  if (resolved && resolved->overload_name() == want.overload_name()) return node;
  std::vector<Node*> typed_nones;
  for (size_t i = 0; i < inputs.size() && i < want.arguments().size(); ++i) {
    const c10::TypePtr& formal = want.arguments()[i].type();
    if (inputs[i]->type()->kind() != c10::TypeKind::NoneType ||
        formal->kind() != c10::TypeKind::OptionalType) {
      continue;
    }
    Node* none = graph.createNone();
    none->output()->setType(formal);
    none->insertBefore(node);
    node->replaceInput(i, none->output());
    typed_nones.push_back(none);
  }
  resolved = node->maybeSchema();
  if (resolved && resolved->overload_name() == want.overload_name()) return node;
  node->destroy();
  for (Node* none : typed_nones) none->destroy();
  return nullptr;
}

// The functional overload of an out= overload (aten::add.out -> aten::add.Tensor): same name,
// not mutable, one result, and the same arguments without the written `out` one, whose index is
// stored in `out_index`. The result is then written to `out` as a whole (out= resizes `out` to
// the result and casts to its dtype).
std::shared_ptr<torch::jit::Operator> OutTwin(const Node* write, size_t& out_index) {
  const c10::FunctionSchema* schema = write->maybeSchema();
  if (!schema || schema->returns().size() != 1) return nullptr;
  const std::vector<c10::Argument>& args = schema->arguments();
  size_t written = args.size();
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i].alias_info() && args[i].alias_info()->isWrite()) {
      if (written != args.size()) return nullptr;  // several outputs written
      written = i;
    }
  }
  if (written == args.size() || args[written].name() != "out" || written == 0) return nullptr;
  for (const auto& op : torch::jit::getAllOperatorsFor(write->kind())) {
    const c10::FunctionSchema& twin = op->schema();
    if (twin.is_mutable() || twin.returns().size() != 1 ||
        twin.arguments().size() + 1 != args.size()) {
      continue;
    }
    bool same = true;
    for (size_t i = 0, j = 0; i < args.size() && same; ++i) {
      if (i == written) continue;
      same = twin.arguments()[j].name() == args[i].name() &&
             *twin.arguments()[j].type() == *args[i].type();
      ++j;
    }
    if (same) {
      out_index = written;
      return op;
    }
  }
  return nullptr;
}

// The elements of unbind / split (.Tensor, .sizes) / split_with_sizes / chunk lists are views of
// the split tensor. When one is written in place, every element taken from the list
// (prim::ListUnpack, or aten::__getitem__ with a constant index) is rewritten as the select or
// slice it is, which the functionalizer can scatter back. chunk's size is computed in the graph
// (glue that folds once shapes are known): ceil(size / chunks).
void ListElementsAsViews(torch::jit::Block* block) {
  static const c10::Symbol kGetItem = c10::Symbol::fromQualString("aten::__getitem__");
  static const c10::Symbol kChunk = c10::Symbol::fromQualString("aten::chunk");
  for (Node* node : block->nodes()) {
    for (torch::jit::Block* sub : node->blocks()) ListElementsAsViews(sub);
    const std::string op = node->maybeSchema() ? OpKey::Of(*node).ToString() : "";
    const bool with_sizes = op == "aten::split_with_sizes" || op == "aten::split.sizes";
    if (op != "aten::unbind.int" && op != "aten::split.Tensor" && !with_sizes &&
        op != "aten::chunk") {
      continue;
    }
    Value* list = node->output();
    // Element takers: ListUnpack outputs (index k) and __getitem__ with a constant index.
    std::vector<std::pair<Value*, int64_t>> elements;
    bool simple = true;
    for (const torch::jit::Use& use : list->uses()) {
      if (use.user->kind() == c10::prim::ListUnpack) {
        for (size_t k = 0; k < use.user->outputs().size(); ++k) {
          elements.emplace_back(use.user->output(k), static_cast<int64_t>(k));
        }
      } else if (use.user->kind() == kGetItem && use.offset == 0) {
        std::optional<c10::IValue> index = torch::jit::toIValue(use.user->input(1));
        // A negative index counts from the end: select takes it as it is (unbind); the
        // slices of split and chunk would need the list's length.
        if (!index || !index->isInt() || (index->toInt() < 0 && op != "aten::unbind.int")) {
          simple = false;
          break;
        }
        elements.emplace_back(use.user->output(), index->toInt());
      } else {
        simple = false;
      }
    }
    if (!simple) continue;
    // Written: an element (through views), or the split tensor itself while elements taken
    // before the write are read after it.
    bool written = WrittenThroughViews(node->input(0));
    for (const auto& [element, k] : elements) written |= WrittenThroughViews(element);
    if (!written) continue;
    Graph& graph = *node->owningGraph();
    Value* x = node->input(0);
    Value* dim = node->input(op == "aten::unbind.int" ? 1 : 2);
    std::vector<int64_t> offsets;  // split_with_sizes: constant starts
    if (with_sizes) {
      std::optional<c10::IValue> sizes = torch::jit::toIValue(node->input(1));
      if (!sizes || !sizes->isIntList()) continue;
      int64_t at = 0;
      for (int64_t n : sizes->toIntVector()) {
        offsets.push_back(at);
        at += n;
      }
      offsets.push_back(at);
    }
    for (const auto& [element, k] : elements) {
      torch::jit::WithInsertPoint guard(element->node()->next());
      Value* view = nullptr;
      if (op == "aten::unbind.int") {
        view = graph.insert(c10::aten::select, {x, node->input(1), k});
      } else if (with_sizes) {
        if (k + 1 >= static_cast<int64_t>(offsets.size())) continue;
        view = graph.insert(c10::aten::slice, {x, dim, offsets[k], offsets[k + 1], 1});
      } else {
        Value* size = node->input(1);
        if (node->kind() == kChunk) {
          // ceil(size(x, dim) / chunks)
          Value* n = graph.insert(c10::aten::size, {x, dim});
          Value* up = graph.insert(c10::aten::add, {n, graph.insert(c10::aten::sub, {size, 1})});
          size = graph.insert(c10::aten::floordiv, {up, node->input(1)});
        }
        Value* start = graph.insert(c10::aten::mul, {size, k});
        Value* end = graph.insert(c10::aten::mul, {size, k + 1});
        view = graph.insert(c10::aten::slice, {x, dim, start, end, 1});
      }
      view->setType(element->type());
      element->replaceAllUsesWith(view);
    }
    // The list and its takers are dead now (a taker with an output left in use stays).
    std::vector<Node*> takers;
    for (const torch::jit::Use& use : list->uses()) takers.push_back(use.user);
    for (Node* taker : takers) {
      if (std::none_of(taker->outputs().begin(), taker->outputs().end(),
                       [](Value* v) { return v->hasUses(); })) {
        taker->destroy();
      }
    }
  }
}

// out= overloads that OutTwin cannot pair (several outputs, as sort.values or max.dim_max; a
// functional overload with more arguments, as zeros.out -> zeros with dtype/layout/device) are
// rewritten as their functional overload followed by a copy_ into each `out` argument, which
// the functionalizer then handles like any copy_. The functional overload must take every
// non-out argument by name and type, any extra argument of its own having a default (a `dtype`
// default becomes the out tensor's dtype, as out= computes in it). out= resizes its outputs;
// copy_ does not, so a node is rewritten only when each out argument's shape is known and
// equals the result's.
void OutOverloadsAsCopies(torch::jit::Block* block) {
  for (auto it = block->nodes().begin(); it != block->nodes().end();) {
    Node* node = *it;
    ++it;
    for (torch::jit::Block* sub : node->blocks()) OutOverloadsAsCopies(sub);
    const c10::FunctionSchema* schema = node->maybeSchema();
    if (!schema || !schema->is_mutable()) continue;
    const std::vector<c10::Argument>& args = schema->arguments();
    std::vector<size_t> outs;
    std::vector<std::string> also_written;  // written arguments that are not out=
    for (size_t i = 0; i < args.size(); ++i) {
      if (args[i].alias_info() && args[i].alias_info()->isWrite()) {
        if (args[i].is_out()) {
          outs.push_back(i);
        } else {
          also_written.push_back(args[i].name());
        }
      }
    }
    if (outs.empty() || outs.size() != node->outputs().size()) continue;
    size_t single_index = 0;
    if (outs.size() == 1 && OutTwin(node, single_index)) continue;  // the functionalizer's own
    // The result shapes are the out= node's output types; each out argument must have them.
    bool shapes_known = true;
    for (size_t k = 0; k < outs.size() && shapes_known; ++k) {
      auto out_type = node->input(outs[k])->type()->cast<c10::TensorType>();
      auto result_type = node->output(k)->type()->cast<c10::TensorType>();
      auto a = out_type ? out_type->sizes().concrete_sizes() : std::nullopt;
      auto b = result_type ? result_type->sizes().concrete_sizes() : std::nullopt;
      shapes_known = a && b && *a == *b;
    }
    if (!shapes_known) continue;
    const std::string qual = schema->name();
    for (const auto& op : torch::jit::getAllOperatorsFor(node->kind())) {
      const c10::FunctionSchema& twin = op->schema();
      // The twin writes what the out= overload writes besides its outs (the running statistics
      // of `_native_batch_norm_legit.out`, whose twin MutableOverloadsAsCopies then rewrites),
      // and returns fresh tensors.
      std::vector<std::string> twin_writes;
      for (const c10::Argument& ta : twin.arguments()) {
        if (ta.alias_info() && ta.alias_info()->isWrite()) twin_writes.push_back(ta.name());
      }
      bool fresh = true;
      for (const c10::Argument& r : twin.returns()) fresh &= !r.alias_info();
      if (twin_writes != also_written || !fresh || twin.returns().size() != outs.size()) continue;
      // Map the twin's arguments to the out= node's inputs (by name), or to defaults.
      std::vector<std::optional<size_t>> from(twin.arguments().size());
      size_t matched = 0;
      bool ok = true;
      for (size_t j = 0; j < twin.arguments().size() && ok; ++j) {
        const c10::Argument& ta = twin.arguments()[j];
        for (size_t i = 0; i < args.size(); ++i) {
          if (std::find(outs.begin(), outs.end(), i) != outs.end()) continue;
          if (args[i].name() == ta.name() && *args[i].type() == *ta.type()) from[j] = i;
        }
        if (from[j]) {
          ++matched;
        } else {
          ok = ta.default_value().has_value();
        }
      }
      if (!ok || matched + outs.size() != args.size()) continue;
      torch::jit::WithInsertPoint guard(node);
      Graph& graph = *node->owningGraph();
      std::vector<Value*> inputs;
      for (size_t j = 0; j < twin.arguments().size(); ++j) {
        const c10::Argument& ta = twin.arguments()[j];
        if (from[j]) {
          inputs.push_back(node->input(*from[j]));
        } else if (ta.name() == "dtype" && outs.size() == 1) {
          inputs.push_back(graph.insert(c10::prim::dtype, {node->input(outs[0])}));
        } else {
          inputs.push_back(graph.insertConstant(*ta.default_value()));
        }
      }
      Node* functional = CreateResolvedTo(graph, node, node->kind(), inputs, outs.size(), twin);
      if (!functional) continue;
      for (size_t k = 0; k < outs.size(); ++k) {
        functional->output(k)->setType(node->output(k)->type());
        Value* dst = node->input(outs[k]);
        graph.insert(c10::aten::copy_, {dst, functional->output(k), graph.insertConstant(false)});
        node->output(k)->replaceAllUsesWith(dst);
      }
      node->destroy();
      break;
    }
  }
}

// Ops that write some of their arguments besides computing results, neither in place on `self`
// (`add_`) nor out= (`_native_batch_norm_legit` updates running_mean and running_var), are
// rewritten as their functional twin `<name>_functional`, which takes the same arguments and
// returns the op's results followed by the new value of each written argument, in argument
// order (the convention of torchgen's functionalization, e.g.
// `_native_batch_norm_legit_functional` in native_functions.yaml), then a copy_ of each new value
// into its argument, which the functionalizer handles like any copy_.
void MutableOverloadsAsCopies(torch::jit::Block* block, const FunctionalizeOptions& options) {
  for (auto it = block->nodes().begin(); it != block->nodes().end();) {
    Node* node = *it;
    ++it;
    for (torch::jit::Block* sub : node->blocks()) MutableOverloadsAsCopies(sub, options);
    const c10::FunctionSchema* schema = node->maybeSchema();
    if (!schema || !schema->is_mutable() || node->kind().is_prim()) continue;
    if (options.use_functional_twin && !options.use_functional_twin(*node)) continue;
    const std::vector<c10::Argument>& args = schema->arguments();
    std::vector<size_t> written;
    bool plain = true;  // no out= argument, and the written ones are not returned
    for (size_t i = 0; i < args.size(); ++i) {
      if (!args[i].alias_info() || !args[i].alias_info()->isWrite()) continue;
      plain &= !args[i].is_out();
      written.push_back(i);
    }
    for (const c10::Argument& r : schema->returns()) plain &= !r.alias_info();
    if (!plain || written.empty() || args.size() != node->inputs().size()) continue;
    const c10::Symbol twin_kind =
        c10::Symbol::fromQualString(std::string(node->kind().toQualString()) + "_functional");
    const size_t n_returns = schema->returns().size();
    for (const auto& op : torch::jit::getAllOperatorsFor(twin_kind)) {
      const c10::FunctionSchema& twin = op->schema();
      if (twin.is_mutable() || twin.arguments().size() != args.size() ||
          twin.returns().size() != n_returns + written.size()) {
        continue;
      }
      bool same = true;
      for (size_t i = 0; i < args.size() && same; ++i) {
        same = twin.arguments()[i].name() == args[i].name() &&
               *twin.arguments()[i].type() == *args[i].type();
      }
      if (!same) continue;
      Graph& graph = *node->owningGraph();
      torch::jit::WithInsertPoint guard(node);
      Node* functional =
          CreateResolvedTo(graph, node, twin_kind, {node->inputs().begin(), node->inputs().end()},
                           twin.returns().size(), twin);
      if (!functional) continue;
      for (size_t k = 0; k < n_returns; ++k) {
        functional->output(k)->setType(node->output(k)->type());
        node->output(k)->replaceAllUsesWith(functional->output(k));
      }
      for (size_t k = 0; k < written.size(); ++k) {
        Value* dst = node->input(written[k]);
        functional->output(n_returns + k)->setType(dst->type());
        graph.insert(c10::aten::copy_,
                     {dst, functional->output(n_returns + k), graph.insertConstant(false)});
      }
      node->destroy();
      break;
    }
  }
}

class Functionalizer {
 public:
  Functionalizer(Graph& graph, const FunctionalizeOptions& options, FunctionalizeResult& result)
      : graph_(graph), options_(options), result_(result) {}

  void RunBlock(torch::jit::Block* block) {
    for (auto it = block->nodes().begin(); it != block->nodes().end();) {
      Node* node = *it;
      ++it;  // advance before the node may be destroyed
      for (torch::jit::Block* sub : node->blocks()) RunBlock(sub);
      if (node->owningBlock() != block) continue;
      if (Rewrite(node)) ++result_.rewritten;
    }
  }

  // The final value of each input written at top level, in first-write order.
  const std::vector<std::pair<Value*, Value*>>& input_versions() const { return versions_; }

 private:
  // An in-place op that changes only its argument's sizes and strides (t_, transpose_,
  // unsqueeze_, squeeze_, swapdims_, swapaxes_, as_strided_) writes no element: `y = x.t();
  // y.t_()` leaves x as it was (returning x with y's shape would be wrong). On a tensor object of
  // its own made in the same block (a view, or a fresh result of an op that writes nothing) that
  // nothing before the write holds, it is its view op: later uses of the argument read the view. A
  // graph input (whose caller sees its metadata change) and a new value of one this pass made are
  // written as before. Otherwise (a list or an in-place op's result shares the object, so would see
  // its new metadata) the write stays.
  enum class MetadataWrite { kNo, kRebound, kKept };
  MetadataWrite RebindMetadata(Node* write, Value* dst) {
    static const auto* kMetadataOnly = new absl::flat_hash_set<std::string>{
        "aten::t_",        "aten::transpose_", "aten::unsqueeze_", "aten::squeeze_",
        "aten::swapdims_", "aten::swapaxes_",  "aten::as_strided_"};
    if (!kMetadataOnly->contains(write->kind().toQualString())) return MetadataWrite::kNo;
    if (dst->node()->kind() == c10::prim::Param || produced_.contains(dst->node()) ||
        input_of_.contains(dst)) {
      return MetadataWrite::kNo;
    }
    if (write->input(0) != dst || dst->node()->owningBlock() != write->owningBlock() ||
        write->outputs().size() != 1) {
      return MetadataWrite::kKept;
    }
    const c10::FunctionSchema* made = dst->node()->maybeSchema();
    if (!made || made->is_mutable()) return MetadataWrite::kKept;
    // An element taken out of a container (`l[0].unsqueeze_(0)`, `d["a"].t_()`) is held by it:
    // a later read through the container would not see the view.
    if (made->returns().size() == 1 && made->returns()[0].alias_info()) {
      for (const c10::Argument& arg : made->arguments()) {
        const c10::TypeKind kind = arg.type()->kind();
        if (kind == c10::TypeKind::ListType || kind == c10::TypeKind::DictType ||
            kind == c10::TypeKind::TupleType) {
          return MetadataWrite::kKept;
        }
      }
    }
    for (const torch::jit::Use& use : dst->uses()) {
      if (use.user == write || use.user->isAfter(write)) continue;
      const c10::FunctionSchema* reader = use.user->maybeSchema();
      if (!reader || reader->is_mutable()) return MetadataWrite::kKept;
    }
    const std::string name = write->kind().toUnqualString();
    const c10::Symbol view = c10::Symbol::aten(name.substr(0, name.size() - 1));
    Node* functional = graph_.create(view, write->inputs(), 1);
    functional->output()->setType(write->output()->type());
    functional->insertBefore(write);
    const c10::FunctionSchema* schema = functional->maybeSchema();
    if (!schema || schema->is_mutable() || schema->returns().size() != 1 ||
        !schema->returns()[0].alias_info()) {
      functional->destroy();
      return MetadataWrite::kKept;
    }
    write->output()->replaceAllUsesWith(functional->output());
    dst->replaceAllUsesAfterNodeWith(write, functional->output());
    write->destroy();
    return MetadataWrite::kRebound;
  }

  bool Rewrite(Node* write) {
    const bool is_copy = write->kind() == c10::aten::copy_ && write->inputs().size() == 3;
    std::shared_ptr<torch::jit::Operator> twin;
    size_t dst_index = 0;       // the written argument: self, or `out` for out= overloads
    std::vector<size_t> order;  // the twin's arguments from the write's inputs, when reordered
    if (!is_copy) {
      twin = FunctionalTwin(write, &order);
      if (!twin) twin = OutTwin(write, dst_index);
      if (!twin) return false;
    }
    Value* dst = write->input(dst_index);
    if (!dst->type()->cast<c10::TensorType>()) return false;
    if (!is_copy) {
      const MetadataWrite metadata = RebindMetadata(write, dst);
      if (metadata != MetadataWrite::kNo) return metadata == MetadataWrite::kRebound;
    }

    // The chain of views from dst to its base. Values this pass made (scatters, inverse views of
    // fresh contents) are bases: nothing else aliases them.
    std::vector<Node*> chain;  // dst's producer first
    Value* base = dst;
    while (!produced_.contains(base->node()) && ViewKindOf(base->node()) != ViewKind::kNone) {
      chain.push_back(base->node());
      base = base->node()->input(0);
    }
    const c10::Symbol producer = base->node()->kind();
    if (producer == c10::prim::Constant) return false;
    // The base must be a tensor of its own: a graph input, something this pass made, or the
    // result of an op whose schema says it returns no alias. An op that may return an alias we
    // cannot scatter back through (reshape, flatten, expand, as_strided, unbind/split elements
    // through ListUnpack, unknown ops) leaves the write in place, reported, rather than dropping
    // it.
    if (producer != c10::prim::Param && !produced_.contains(base->node())) {
      const c10::FunctionSchema* schema = base->node()->maybeSchema();
      if (!schema) return false;
      for (const c10::Argument& ret : schema->returns()) {
        if (ret.alias_info()) return false;
      }
    }
    // A new base this pass made for an input is still that input (a second write to it).
    auto origin_it = input_of_.find(base);
    Value* origin = origin_it != input_of_.end()   ? origin_it->second
                    : producer == c10::prim::Param ? base
                                                   : nullptr;
    const bool is_input = origin != nullptr;
    if (is_input) {
      if (!options_.return_mutated_inputs || write->owningBlock() != graph_.block()) return false;
    } else if (base->node()->owningBlock() != write->owningBlock()) {
      return false;
    }
    // Every view of the base made before the write (the chain among them, lists of views and the
    // elements taken out of them: IsListView) is recomputed from the new base for its uses after
    // the write; any other alias read after the write (a list holding the base, an op we do not
    // know) would miss the write, so the write stays.
    std::vector<Node*> views;  // in creation order: parents before children
    {
      std::vector<Value*> aliases = {base};
      for (size_t i = 0; i < aliases.size(); ++i) {
        for (const torch::jit::Use& use : aliases[i]->uses()) {
          Node* user = use.user;
          if (user == write || user->isAfter(write)) continue;
          if (use.offset == 0 && user->owningBlock() == write->owningBlock() &&
              (ViewKindOf(user) != ViewKind::kNone || IsListView(user, aliases[i], write))) {
            views.push_back(user);
            for (Value* out : user->outputs()) aliases.push_back(out);
          } else if (ViewReadAfter(user, write) || StoresIntoContainer(use)) {
            return false;  // the alias, or the container holding the base, would miss the write
          }
        }
      }
      std::sort(views.begin(), views.end(), [](Node* a, Node* b) { return a->isBefore(b); });
    }

    torch::jit::WithInsertPoint guard(write);
    // The new contents of dst.
    Value* content = nullptr;
    Value* dtype = graph_.insert(c10::prim::dtype, {dst});
    if (is_copy) {
      content = graph_.insert(c10::aten::_to_copy, {write->input(1)},
                              {torch::jit::NamedValue("dtype", dtype)});
      content = graph_.insert(c10::aten::expand, {content, graph_.insert(c10::aten::size, {dst})});
    } else {
      std::vector<Value*> args(write->inputs().begin(), write->inputs().end());
      if (twin->schema().arguments().size() < args.size()) args.erase(args.begin() + dst_index);
      if (!order.empty()) {
        std::vector<Value*> reordered;
        for (size_t i : order) reordered.push_back(write->input(i));
        args = std::move(reordered);
      }
      Node* functional =
          CreateResolvedTo(graph_, write, c10::Symbol::fromQualString(twin->schema().name()), args,
                           1, twin->schema());
      if (!functional) return false;
      functional->output()->setType(c10::TensorType::get());
      // In-place ops keep dst's dtype (x.add_(1.5) on float16 stays float16).
      content = graph_.insert(c10::aten::_to_copy, {functional->output()},
                              {torch::jit::NamedValue("dtype", dtype)});
    }
    if (write->outputs().size() == 1) write->output()->replaceAllUsesWith(dst);

    // Scatter back through the chain to a new base.
    Value* value = content;
    for (Node* view : chain) value = ScatterInto(view, value);
    value->setType(base->type());
    produced_.insert(value->node());

    // Later uses: the base reads the new base; each view of it is recomputed from the new base.
    base->replaceAllUsesAfterNodeWith(write, value);
    absl::flat_hash_map<Value*, Value*> renamed = {{base, value}};
    Node* insert_after = write;
    for (Node* view : views) {
      Node* again = graph_.createClone(view, [&](Value* v) {
        auto it = renamed.find(v);
        return it == renamed.end() ? v : it->second;
      });
      again->insertAfter(insert_after);
      insert_after = again;
      for (size_t i = 0; i < view->outputs().size(); ++i) {
        view->outputs()[i]->replaceAllUsesAfterNodeWith(again, again->outputs()[i]);
        renamed[view->outputs()[i]] = again->outputs()[i];
      }
    }
    write->destroy();
    if (is_input) {
      Record(origin, value);
      input_of_[value] = origin;
    }
    return true;
  }

  // The parent of `view` with `value` written into the part `view` shows.
  Value* ScatterInto(Node* view, Value* value) {
    Value* parent = view->input(0);
    switch (ViewKindOf(view)) {
      case ViewKind::kSlice:
        return graph_.insert(
            c10::aten::slice_scatter,
            {parent, value, view->input(1), view->input(2), view->input(3), view->input(4)});
      case ViewKind::kNarrow: {
        // narrow(x, dim, start, length) = x[start : start + length] along dim; a negative start
        // counts from the end, so a slice ending at 0 ends at the end instead.
        const int64_t start = torch::jit::toIValue(view->input(2))->toInt();
        Value* end = graph_.insert(c10::aten::add, {view->input(2), view->input(3)});
        if (start < 0) {
          // start + length <= 0 here; adding the dim's size counts the end from the front.
          end = graph_.insert(c10::aten::add,
                              {end, graph_.insert(c10::aten::size, {parent, view->input(1)})});
        }
        return graph_.insert(
            c10::aten::slice_scatter,
            {parent, value, view->input(1), view->input(2), end, graph_.insertConstant(1)});
      }
      case ViewKind::kSelect:
        return graph_.insert(c10::aten::select_scatter,
                             {parent, value, view->input(1), view->input(2)});
      case ViewKind::kDiagonal:
        return graph_.insert(c10::aten::diagonal_scatter,
                             {parent, value, view->input(1), view->input(2), view->input(3)});
      case ViewKind::kMovedim:
        // movedim(y, destination, source) undoes movedim(x, source, destination).
        return graph_.insert(c10::aten::movedim, {value, view->input(2), view->input(1)});
      case ViewKind::kTranspose:
        return graph_.insert(c10::aten::transpose, {value, view->input(1), view->input(2)});
      case ViewKind::kT:  // t and mT are their own inverses
        return graph_.insert(view->kind(), {value});
      case ViewKind::kPermute: {
        const std::vector<int64_t> dims = torch::jit::toIValue(view->input(1))->toIntVector();
        const int64_t rank = static_cast<int64_t>(dims.size());
        std::vector<int64_t> inverse(dims.size());
        for (int64_t i = 0; i < rank; ++i) inverse[((dims[i] % rank) + rank) % rank] = i;
        return graph_.insert(c10::aten::permute, {value, graph_.insertConstant(inverse)});
      }
      case ViewKind::kReshapeLike:
        return graph_.insert(c10::aten::reshape, {value, graph_.insert(c10::aten::size, {parent})});
      case ViewKind::kAlias:
      case ViewKind::kNone:
        return value;
    }
    return value;
  }

  void Record(Value* input, Value* value) {
    for (auto& [in, latest] : versions_) {
      if (in == input) {
        latest = value;
        return;
      }
    }
    versions_.emplace_back(input, value);
  }

  Graph& graph_;
  const FunctionalizeOptions& options_;
  FunctionalizeResult& result_;
  std::vector<std::pair<Value*, Value*>> versions_;
  absl::flat_hash_set<Node*> produced_;           // new bases made by this pass
  absl::flat_hash_map<Value*, Value*> input_of_;  // new base -> the graph input it replaces
};

}  // namespace

bool WrittenThroughViews(const Value* v) {
  std::vector<const Value*> work = {v};
  absl::flat_hash_set<const Value*> seen = {v};
  while (!work.empty()) {
    const Value* cur = work.back();
    work.pop_back();
    for (const torch::jit::Use& use : cur->uses()) {
      const c10::FunctionSchema* schema = use.user->maybeSchema();
      if (!schema || use.offset >= schema->arguments().size()) continue;
      if (schema->is_mutable({c10::SchemaArgType::input, use.offset})) return true;
      for (size_t j = 0; j < use.user->outputs().size() && j < schema->returns().size(); ++j) {
        if (schema->may_alias({c10::SchemaArgType::input, use.offset},
                              {c10::SchemaArgType::output, j}) &&
            seen.insert(use.user->output(j)).second) {
          work.push_back(use.user->output(j));
        }
      }
    }
  }
  return false;
}

namespace {

bool IsNoneOr(const Value* v, const std::optional<bool>& false_value = std::nullopt) {
  std::optional<c10::IValue> c = torch::jit::toIValue(v);
  if (!c) return false;
  if (c->isNone()) return true;
  return false_value.has_value() && c->isBool() && c->toBool() == *false_value;
}

// Whether `n` is aten::_to_copy(v, dtype, None, None, None, false, None) casting `v` to the
// dtype it already has, and `v` is a new tensor used by `n` alone.
bool IsRedundantCast(const Node* n) {
  if (n->kind() != c10::aten::_to_copy || n->inputs().size() != 7) return false;
  const Value* v = n->input(0);
  auto type = v->type()->cast<c10::TensorType>();
  std::optional<c10::IValue> dtype = torch::jit::toIValue(n->input(1));
  if (!type || !type->scalarType() || !dtype || !dtype->isInt() ||
      dtype->toInt() != static_cast<int64_t>(*type->scalarType())) {
    return false;
  }
  if (!IsNoneOr(n->input(2)) || !IsNoneOr(n->input(3)) || !IsNoneOr(n->input(4)) ||
      !IsNoneOr(n->input(5), false) || !IsNoneOr(n->input(6))) {
    return false;
  }
  if (v->uses().size() != 1 || v->node()->kind() == c10::prim::Param ||
      v->node()->kind() == c10::prim::Constant) {
    return false;
  }
  const c10::FunctionSchema* schema = v->node()->maybeSchema();
  if (!schema || schema->is_mutable()) return false;
  for (const c10::Argument& ret : schema->returns()) {
    if (ret.alias_info()) return false;
  }
  return true;
}

int RemoveRedundantCastsIn(torch::jit::Block* block) {
  int removed = 0;
  for (auto it = block->nodes().begin(); it != block->nodes().end();) {
    Node* n = *it++;
    for (torch::jit::Block* sub : n->blocks()) removed += RemoveRedundantCastsIn(sub);
    if (IsRedundantCast(n)) {
      n->output()->replaceAllUsesWith(n->input(0));
      n->destroy();
      ++removed;
    }
  }
  return removed;
}

}  // namespace

int RemoveRedundantCasts(torch::jit::Graph& graph) { return RemoveRedundantCastsIn(graph.block()); }

void PackOutputsInTuple(torch::jit::Graph& graph) {
  torch::jit::WithInsertPoint guard(graph.return_node());
  std::vector<Value*> items(graph.outputs().begin(), graph.outputs().end());
  Node* tuple = graph.insertNode(graph.createTuple(items));
  while (!graph.outputs().empty()) graph.eraseOutput(0);
  graph.registerOutput(tuple->output());
}

bool SinkContainerLiterals(torch::jit::Block* block) {
  bool changed = false;
  // Last to first, so that a literal packed into a later one follows it down.
  for (auto it = block->nodes().rbegin(); it != block->nodes().rend();) {
    Node* node = *it;
    ++it;
    for (torch::jit::Block* sub : node->blocks()) changed |= SinkContainerLiterals(sub);
    const c10::Symbol kind = node->kind();
    if (kind != c10::prim::ListConstruct && kind != c10::prim::TupleConstruct &&
        kind != c10::prim::DictConstruct) {
      continue;
    }
    Node* first = nullptr;  // the first node of `block` that holds a use
    for (const torch::jit::Use& use : node->output()->uses()) {
      Node* at = use.user;
      while (at && at->owningBlock() != block) at = at->owningBlock()->owningNode();
      if (at && (!first || at->isBefore(first))) first = at;
    }
    if (!first || first == node->next()) continue;
    node->moveBefore(first);
    changed = true;
  }
  return changed;
}

absl::StatusOr<FunctionalizeResult> Functionalize(std::shared_ptr<Graph>& graph,
                                                  const FunctionalizeOptions& options) {
  FunctionalizeResult result;
  // Nothing to do when no node writes (every rewrite below starts from a write); checked first
  // because the rewrites walk, and alias-analyse, the whole graph.
  if (!AnyNodeWrites(*graph->block())) return result;
  try {
    // A literal holding views made before a write then reads the views replayed after it.
    SinkContainerLiterals(graph->block());
    ListElementsAsViews(graph->block());
    OutOverloadsAsCopies(graph->block());
    MutableOverloadsAsCopies(graph->block(), options);
    Functionalizer f(*graph, options, result);
    f.RunBlock(graph->block());
    result.changed = result.rewritten > 0;
    if (!f.input_versions().empty()) {
      // Return the final value of each written input after the program's outputs.
      std::vector<Value*> extra;
      for (const auto& [input, latest] : f.input_versions()) {
        extra.push_back(latest);
        result.mutated_inputs.emplace_back(input->offset(), input->debugName());
      }
      const bool single = graph->outputs().size() == 1;
      for (Value* v : extra) graph->registerOutput(v);
      if (single && options.pack_single_output) PackOutputsInTuple(*graph);
    }
    if (result.changed) EliminateDeadCodeKeepingContainedWrites(graph);
  } catch (const std::exception& e) {
    return absl::InternalError(absl::StrCat("functionalization failed: ", ExceptionMessage(e)));
  }
  return result;
}

}  // namespace graph_lower
