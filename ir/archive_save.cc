// Saving a graph as a TorchScript archive (SaveArchive, BuildModule), checked by loading it back.
#include <torch/csrc/jit/api/compilation_unit.h>
#include <torch/csrc/jit/ir/constants.h>
#include <torch/csrc/jit/runtime/operator.h>
#include <torch/csrc/jit/serialization/import.h>

#include <algorithm>
#include <map>
#include <set>
#include <sstream>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "ir/errors.h"
#include "ir/files.h"
#include "ir/graph_io.h"
#include "ir/graph_io_internal.h"
#include "ir/op_key.h"
#include "ir/status_macros.h"

namespace graph_lower {
namespace {

// Whether `name` has more than one registered overload (only then can a printed call resolve to
// another overload when the archive is loaded).
bool HasSeveralOverloads(c10::Symbol name) {
  return torch::jit::getAllOperatorsFor(name).size() > 1;
}

// TorchScript archives store Python-like source, and torch.jit.load resolves each call by trying
// the op's overloads in registration order (torch/csrc/jit/frontend/schema_matching.cpp). A `None`
// argument matches any Optional parameter, so `upsample_nearest2d(x, [4, 4], None)` written for
// the `.vec` overload comes back as the default overload (float? scales_h). Casting each `None`
// passed to an overloaded op to the parameter's own Optional type (printed as
// `unchecked_cast(Optional[List[float]], None)`) leaves exactly one overload that matches.
void PinOverloadsOfNoneArguments(torch::jit::Block* block) {
  for (torch::jit::Node* node : block->nodes()) {
    for (torch::jit::Block* sub : node->blocks()) PinOverloadsOfNoneArguments(sub);
    if (node->kind().is_prim() || !node->maybeSchema() || !HasSeveralOverloads(node->kind())) {
      continue;
    }
    const c10::FunctionSchema& schema = node->schema();
    for (size_t i = 0; i < node->inputs().size() && i < schema.arguments().size(); ++i) {
      torch::jit::Value* input = node->input(i);
      const c10::TypePtr& formal = schema.arguments()[i].type();
      // A None constant typed as an Optional (the .pt2 reader's) prints as `None` too.
      const bool none = input->type()->kind() == c10::TypeKind::NoneType ||
                        (input->node()->kind() == c10::prim::Constant &&
                         !input->node()->hasAttribute(torch::jit::attr::value) &&
                         input->type()->kind() == c10::TypeKind::OptionalType);
      if (!none || formal->kind() != c10::TypeKind::OptionalType) continue;
      torch::jit::Node* cast =
          node->owningGraph()->create(torch::jit::prim::unchecked_cast, {input});
      cast->output()->setType(formal);
      cast->insertBefore(node);
      node->replaceInput(i, cast->output());
    }
  }
}

// {overload: count} over the nodes that produce a Tensor (blocks included). Loading re-runs
// constant propagation on scalars, so glue may legitimately differ; tensor ops must not.
std::map<std::string, int> TensorOpCounts(torch::jit::Block* block) {
  std::map<std::string, int> counts;
  for (torch::jit::Node* node : block->nodes()) {
    for (torch::jit::Block* sub : node->blocks()) {
      for (const auto& [op, n] : TensorOpCounts(sub)) counts[op] += n;
    }
    if (node->kind().is_prim()) continue;
    const bool has_tensor_output = std::any_of(
        node->outputs().begin(), node->outputs().end(),
        [](torch::jit::Value* v) { return v->type()->kind() == c10::TypeKind::TensorType; });
    if (has_tensor_output) ++counts[OpKey::Of(*node).ToString()];
  }
  return counts;
}

void CollectTensorConstants(torch::jit::Block* block, std::vector<torch::jit::Node*>& found) {
  for (torch::jit::Node* node : block->nodes()) {
    for (torch::jit::Block* sub : node->blocks()) CollectTensorConstants(sub, found);
    if (node->kind() == c10::prim::Constant &&
        node->output()->type()->kind() == c10::TypeKind::TensorType) {
      found.push_back(node);
    }
  }
}

// Registers each tensor constant of `graph` as a buffer of `module` (one per tensor object,
// "constant_N", N past the names the module already has) and reads it with prim::GetAttr from the
// graph's first input (the module) where the constant was.
void MoveTensorConstantsToBuffers(torch::jit::Graph& graph, torch::jit::Module& module) {
  std::vector<torch::jit::Node*> constants;
  CollectTensorConstants(graph.block(), constants);
  if (constants.empty()) return;
  absl::flat_hash_map<const c10::TensorImpl*, std::string> names;
  torch::jit::Value* self = graph.inputs()[0];
  for (torch::jit::Node* node : constants) {
    const at::Tensor tensor = node->t(torch::jit::attr::value);
    auto [it, added] = names.try_emplace(tensor.unsafeGetTensorImpl(), "");
    if (added) {
      // A name the module does not have yet (lifted tensors were registered first).
      for (size_t n = names.size() - 1; it->second.empty() || module.hasattr(it->second); ++n) {
        it->second = absl::StrCat("constant_", n);
      }
      module.register_buffer(it->second, tensor);
    }
    torch::jit::WithInsertPoint guard(node);
    torch::jit::Value* read = graph.insertGetAttr(self, it->second);
    read->setType(node->output()->type());
    node->output()->replaceAllUsesWith(read);
    node->destroy();
  }
  self->setType(module.type());
}

std::string DescribeCountDifference(const std::map<std::string, int>& saved,
                                    const std::map<std::string, int>& loaded) {
  std::vector<std::string> parts;
  std::set<std::string> ops;
  for (const auto& [op, n] : saved) ops.insert(op);
  for (const auto& [op, n] : loaded) ops.insert(op);
  for (const std::string& op : ops) {
    const int a = saved.count(op) ? saved.at(op) : 0;
    const int b = loaded.count(op) ? loaded.at(op) : 0;
    if (a != b) parts.push_back(absl::StrCat(op, " ", a, " -> ", b));
  }
  return absl::StrJoin(parts, ", ");
}

// Values the archive's printer writes inside the call that uses them: constants, list and tuple
// literals, and the casts PinOverloadsOfNoneArguments adds. How a call resolves when loaded
// depends on them, so the probe copies them; any other argument is a variable of its type.
bool IsInlineProducer(const torch::jit::Node* node) {
  const c10::Symbol kind = node->kind();
  return kind == c10::prim::Constant || kind == c10::prim::ListConstruct ||
         kind == c10::prim::TupleConstruct || kind == c10::prim::unchecked_cast;
}

// A key for how `value` is printed as an argument: a variable's type without shapes, or the
// producer's kind, type and constant value and, recursively, its own arguments.
void DescribeArgument(const torch::jit::Value* value, std::string& key) {
  const torch::jit::Node* node = value->node();
  if (!IsInlineProducer(node)) {
    absl::StrAppend(&key, "v:", c10::unshapedType(value->type())->annotation_str(), ";");
    return;
  }
  absl::StrAppend(&key, node->kind().toQualString(), ":", value->type()->annotation_str());
  if (node->kind() == c10::prim::Constant) {
    std::ostringstream constant;
    if (std::optional<c10::IValue> v = torch::jit::toIValue(value)) constant << *v;
    absl::StrAppend(&key, "=", constant.str());
  }
  absl::StrAppend(&key, "(");
  for (const torch::jit::Value* input : node->inputs()) DescribeArgument(input, key);
  absl::StrAppend(&key, ");");
}

// Copies `value` into `probe` as DescribeArgument describes it: a new input of its unshaped type,
// or its producer cloned with its own arguments copied the same way.
torch::jit::Value* CloneArgument(torch::jit::Value* value, torch::jit::Graph& probe) {
  torch::jit::Node* node = value->node();
  if (!IsInlineProducer(node)) {
    return probe.addInput()->setType(c10::unshapedType(value->type()));
  }
  torch::jit::Node* copy = probe.createClone(
      node, [&](torch::jit::Value* input) { return CloneArgument(input, probe); });
  probe.insertNode(copy);
  return copy->outputs()[value->offset()];
}

// Collects, at any depth of `block`, one node per distinct call form: operator overload and
// arguments as DescribeArgument gives them. Prim nodes are the printer's own syntax and skipped.
void CollectCallForms(torch::jit::Block* block, absl::flat_hash_map<std::string, bool>& seen,
                      std::vector<torch::jit::Node*>& forms) {
  for (torch::jit::Node* node : block->nodes()) {
    for (torch::jit::Block* sub : node->blocks()) CollectCallForms(sub, seen, forms);
    if (node->kind().is_prim() || !node->maybeSchema()) continue;
    std::string key = OpKey::Of(*node).ToString();
    absl::StrAppend(&key, "(");
    for (const torch::jit::Value* input : node->inputs()) DescribeArgument(input, key);
    if (seen.try_emplace(std::move(key), true).second) forms.push_back(node);
  }
}

}  // namespace

std::shared_ptr<torch::jit::Graph> CallFormProbe(const torch::jit::Graph& graph) {
  absl::flat_hash_map<std::string, bool> seen;
  std::vector<torch::jit::Node*> forms;
  CollectCallForms(const_cast<torch::jit::Graph&>(graph).block(), seen, forms);
  auto probe = std::make_shared<torch::jit::Graph>();
  std::vector<torch::jit::Value*> results;
  for (torch::jit::Node* node : forms) {
    torch::jit::Node* call = probe->createClone(
        node, [&](torch::jit::Value* input) { return CloneArgument(input, *probe); });
    probe->insertNode(call);
    for (torch::jit::Value* output : call->outputs()) {
      output->setType(c10::unshapedType(output->type()));
      results.push_back(output);
    }
  }
  // Every result is returned, so that loading cannot drop a call as dead code.
  probe->registerOutput(probe->insertNode(probe->createTuple(results))->output());
  return probe;
}

absl::Status CheckCallsLoadBack(const torch::jit::Graph& graph, const std::string& path) {
  // TorchScript re-resolves every printed call when an archive is loaded. Saving and loading
  // the whole program checks this at the price of a second full load (torch.jit.load compiles
  // every class it holds: 6 s for a lowered stack of 4,096 transformer blocks); a probe holding
  // one call per distinct call form checks the same resolutions in milliseconds.
  std::shared_ptr<torch::jit::Graph> probe = CallFormProbe(graph);
  const std::map<std::string, int> saved_counts = TensorOpCounts(probe->block());
  try {
    torch::jit::Module module(c10::QualifiedName("__torch__.graph_lower.CallFormProbe"));
    probe->insertInput(0, "self")->setType(module.type());
    torch::jit::Function* fn = module._ivalue()->compilation_unit()->create_function(
        c10::QualifiedName(*module.type()->name(), "forward"), probe);
    module.type()->addMethod(fn);
    std::stringstream buffer;
    module.save(buffer);
    torch::jit::Module loaded = torch::jit::load(buffer);
    std::shared_ptr<torch::jit::Graph> reloaded = loaded.get_method("forward").graph()->copy();
    InlineCalls(*reloaded);
    const std::map<std::string, int> loaded_counts = TensorOpCounts(reloaded->block());
    // An overload that appears or grows came from another overload being resolved (loading
    // may fold glue, so counts may shrink).
    bool changed = false;
    for (const auto& [op, n] : loaded_counts) {
      auto it = saved_counts.find(op);
      changed |= it == saved_counts.end() || it->second < n;
    }
    if (changed) {
      return absl::InternalError(
          absl::StrCat(path, ": not written: the archive would load with other operators (",
                       DescribeCountDifference(saved_counts, loaded_counts), ")"));
    }
  } catch (const std::exception& e) {
    return absl::InternalError(absl::StrCat(
        path, ": not written: the serialized archive does not load back: ", ExceptionMessage(e)));
  }
  return absl::OkStatus();
}

absl::StatusOr<torch::jit::Module> BuildModule(const torch::jit::Graph& graph,
                                               const std::string& path,
                                               const SaveOptions& options) {
  const c10::FunctionSchema* signature = options.signature;
  // Graph::copy does not modify the graph but is not declared const.
  std::shared_ptr<torch::jit::Graph> g = const_cast<torch::jit::Graph&>(graph).copy();
  if (g->outputs().size() != 1) {
    // A method returns one value: several graph outputs (text IR's `return (%a, %b)`) are
    // returned as one tuple, as TorchScript compiles a function returning `a, b`.
    torch::jit::WithInsertPoint guard(g->return_node());
    torch::jit::Node* tuple = g->insertNode(g->createTuple(g->outputs()));
    while (!g->outputs().empty()) g->eraseOutput(0);
    g->registerOutput(tuple->output());
  }
  torch::jit::Module out(c10::QualifiedName("__torch__.graph_lower.LoweredModule"));
  if (!g->inputs().empty() && g->inputs()[0]->type()->cast<c10::ClassType>()) {
    if (g->inputs()[0]->hasUses()) {
      return absl::InvalidArgumentError(absl::StrCat(
          path, ": cannot save: the graph still reads module attributes through `self`"));
    }
    g->inputs()[0]->setType(out.type());
  } else {
    g->insertInput(0, "self")->setType(out.type());
  }
  if (options.lifted && !options.lifted->empty()) {
    // Lifted tensors go back into the module: forward reads them from `self` again.
    const size_t n = options.lifted->size();
    if (g->inputs().size() < n + 1) {
      return absl::InvalidArgumentError(absl::StrCat(
          path, ": cannot save: the graph has fewer inputs than the ", n, " lifted tensors"));
    }
    const size_t first = g->inputs().size() - n;
    std::vector<std::string> names;
    try {
      for (size_t i = 0; i < n; ++i) {
        const LiftedTensor& t = (*options.lifted)[i];
        std::string name = t.attribute.empty() ? AttributeName(t.name) : t.attribute;
        if (name.empty() || out.hasattr(name) || absl::ascii_isdigit(name[0])) {
          name = absl::StrCat("lifted_", i, "_", name);
        }
        at::Tensor value = t.value;
        if (t.is_parameter) value = value.detach().requires_grad_(true);
        out.register_parameter(name, value, /*is_buffer=*/!t.is_parameter);
        names.push_back(name);
      }
    } catch (const std::exception& e) {
      return absl::InternalError(
          absl::StrCat(path, ": cannot register the lifted tensors: ", ExceptionMessage(e)));
    }
    g->inputs()[0]->setType(out.type());
    torch::jit::WithInsertPoint guard(g->block()->param_node()->next());
    for (size_t i = 0; i < n; ++i) {
      torch::jit::Value* attr = g->insertGetAttr(g->inputs()[0], names[i]);
      g->inputs()[first + i]->replaceAllUsesWith(attr);
    }
    for (size_t i = 0; i < n; ++i) g->eraseInput(g->inputs().size() - 1);
  }
  // Tensor constants become buffers of the saved module, read with prim::GetAttr: the archive's
  // code printer keeps a table of tensor constants that it searches linearly for each one
  // (torch/csrc/jit/serialization/python_print.cpp), quadratic in a lowered graph of many blocks
  // (docs/benchmarks.md); buffers are written once each. torch.jit.freeze folds them back.
  try {
    MoveTensorConstantsToBuffers(*g, out);
  } catch (const std::exception& e) {
    return absl::InternalError(
        absl::StrCat(path, ": cannot store the tensor constants: ", ExceptionMessage(e)));
  }
  PinOverloadsOfNoneArguments(g->block());
  try {
    torch::jit::Function* fn = out._ivalue()->compilation_unit()->create_function(
        c10::QualifiedName(*out.type()->name(), "forward"), g);
    if (signature) {
      // The original forward's parameter names and defaults, with the types the graph has now.
      const std::vector<c10::Argument>& params = signature->arguments();
      // A default survives only if it still fits the (refined) type, e.g. not `mask=None` once
      // mask was specialised to a Tensor; and, as in Python, only on trailing parameters.
      std::vector<c10::Argument> args;
      bool defaults = true;
      for (size_t i = g->inputs().size(); i-- > 0;) {
        if (params.size() != g->inputs().size()) break;
        const c10::TypePtr& type = g->inputs()[i]->type();
        std::optional<c10::IValue> default_value = params[i].default_value();
        defaults &= i > 0 && default_value && default_value->type()->isSubtypeOf(*type);
        args.emplace(args.begin(), params[i].name(), type, std::nullopt,
                     defaults ? default_value : std::nullopt);
      }
      if (args.size() == g->inputs().size()) {
        std::vector<c10::Argument> returns;
        for (torch::jit::Value* v : g->outputs()) returns.emplace_back("", v->type());
        fn->setSchema(c10::FunctionSchema("forward", "", std::move(args), std::move(returns)));
      }
    }
    out.type()->addMethod(fn);
  } catch (const std::exception& e) {
    return absl::InternalError(
        absl::StrCat(path, ": cannot build the module: ", ExceptionMessage(e)));
  }
  return out;
}

absl::Status SaveArchive(const torch::jit::Graph& graph, const std::string& path,
                         const SaveOptions& options) {
  ASSIGN_OR_RETURN(torch::jit::Module out, BuildModule(graph, path, options));
  // Before writing, check that every call loads back with the overload it was saved with.
  RETURN_IF_ERROR(CheckCallsLoadBack(*out.get_method("forward").graph(), path));
  std::ostringstream buffer;
  try {
    out.save(buffer);
  } catch (const std::exception& e) {
    return absl::InternalError(absl::StrCat(path, ": cannot serialize: ", ExceptionMessage(e)));
  }
  return WriteFileAtomically(path, buffer.str());
}

}  // namespace graph_lower
