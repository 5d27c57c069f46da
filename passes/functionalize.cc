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
#include "ir/errors.h"
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
bool ViewReadAfter(const Node* user, const Node* after) {
  const c10::FunctionSchema* schema = user->maybeSchema();
  bool aliases = !schema;  // unknown ops (prim::ListConstruct, ...): assume the worst
  if (schema) {
    for (const c10::Argument& ret : schema->returns()) aliases |= ret.alias_info() != nullptr;
  }
  if (!aliases) return false;
  for (const Value* out : user->outputs()) {
    for (const torch::jit::Use& use : out->uses()) {
      if (use.user->kind() == c10::prim::Return || use.user->isAfter(after)) return true;
    }
  }
  return false;
}

// The functional twin of an in-place overload: aten::add_.Tensor -> aten::add.Tensor.
std::shared_ptr<torch::jit::Operator> FunctionalTwin(const Node* write) {
  const c10::FunctionSchema* schema = write->maybeSchema();
  if (!schema || schema->arguments().empty() || schema->returns().size() != 1) return nullptr;
  const c10::AliasInfo* self_alias = schema->arguments()[0].alias_info();
  if (!self_alias || !self_alias->isWrite()) return nullptr;
  std::string name = schema->name();
  if (!absl::EndsWith(name, "_") || absl::EndsWith(name, "__")) return nullptr;
  name.pop_back();
  for (const auto& op : torch::jit::getAllOperatorsFor(c10::Symbol::fromQualString(name))) {
    const c10::FunctionSchema& twin = op->schema();
    if (twin.overload_name() == schema->overload_name() &&
        twin.arguments().size() == schema->arguments().size() && twin.returns().size() == 1 &&
        !twin.is_mutable()) {
      return op;
    }
  }
  return nullptr;
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
  bool Rewrite(Node* write) {
    const bool is_copy = write->kind() == c10::aten::copy_ && write->inputs().size() == 3;
    std::shared_ptr<torch::jit::Operator> twin;
    if (!is_copy) {
      twin = FunctionalTwin(write);
      if (!twin) return false;
    }
    Value* dst = write->input(0);
    if (!dst->type()->cast<c10::TensorType>()) return false;

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
    // Every view of the base made before the write (the chain among them) is recomputed from the
    // new base for its uses after the write; any other alias read after the write (a list holding
    // the base, an op we do not know) would miss the write, so the write stays.
    std::vector<Node*> views;  // in creation order: parents before children
    {
      std::vector<Value*> aliases = {base};
      for (size_t i = 0; i < aliases.size(); ++i) {
        for (const torch::jit::Use& use : aliases[i]->uses()) {
          Node* user = use.user;
          if (user == write || user->isAfter(write)) continue;
          if (use.offset == 0 && ViewKindOf(user) != ViewKind::kNone &&
              user->owningBlock() == write->owningBlock()) {
            views.push_back(user);
            aliases.push_back(user->output());
          } else if (ViewReadAfter(user, write)) {
            return false;
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
      Node* functional =
          graph_.create(c10::Symbol::fromQualString(twin->schema().name()), write->inputs(), 1);
      functional->output()->setType(c10::TensorType::get());
      functional->insertBefore(write);
      const c10::FunctionSchema* resolved = functional->maybeSchema();
      if (!resolved || resolved->overload_name() != twin->schema().overload_name()) {
        functional->destroy();
        return false;
      }
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
      view->output()->replaceAllUsesAfterNodeWith(again, again->output());
      renamed[view->output()] = again->output();
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
      case ViewKind::kT:
        return graph_.insert(c10::aten::t, {value});
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

absl::StatusOr<FunctionalizeResult> Functionalize(std::shared_ptr<Graph>& graph,
                                                  const FunctionalizeOptions& options) {
  FunctionalizeResult result;
  try {
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
      if (graph->outputs().size() == 1) {
        std::vector<Value*> items = {graph->outputs()[0]};
        items.insert(items.end(), extra.begin(), extra.end());
        torch::jit::WithInsertPoint guard(graph->return_node());
        Node* tuple = graph->insertNode(graph->createTuple(items));
        graph->eraseOutput(0);
        graph->registerOutput(tuple->output());
      } else {
        for (Value* v : extra) graph->registerOutput(v);
      }
    }
    if (result.changed) torch::jit::EliminateDeadCode(graph);
  } catch (const std::exception& e) {
    return absl::InternalError(absl::StrCat("functionalization failed: ", ExceptionMessage(e)));
  }
  return result;
}

}  // namespace graph_lower
