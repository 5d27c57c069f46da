// Loading programs: TorchScript archives (frozen, or with parameters lifted to inputs),
// LoadProgram, and the example inputs of a loaded program.
#include <torch/csrc/jit/api/function_impl.h>
#include <torch/csrc/jit/ir/alias_analysis.h>
#include <torch/csrc/jit/ir/constants.h>
#include <torch/csrc/jit/passes/constant_propagation.h>
#include <torch/csrc/jit/passes/dead_code_elimination.h>
#include <torch/csrc/jit/passes/freeze_module.h>
#include <torch/csrc/jit/passes/frozen_conv_folding.h>
#include <torch/csrc/jit/passes/inliner.h>
#include <torch/csrc/jit/serialization/import.h>

#include <algorithm>
#include <fstream>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "ir/errors.h"
#include "ir/example_values.h"
#include "ir/exported_program.h"
#include "ir/files.h"
#include "ir/graph_io.h"
#include "ir/graph_io_internal.h"
#include "ir/mutation.h"
#include "ir/pickle_check.h"
#include "ir/status_macros.h"

namespace graph_lower {
namespace {

absl::StatusOr<std::string> ReadPrefix(const std::string& path, size_t n) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return absl::InvalidArgumentError(absl::StrCat(path, ": cannot open"));
  std::string buf(n, '\0');
  in.read(buf.data(), static_cast<std::streamsize>(n));
  buf.resize(static_cast<size_t>(in.gcount()));
  return buf;
}

bool HasSetAttr(torch::jit::Block* block) {
  for (torch::jit::Node* node : block->nodes()) {
    if (node->kind() == torch::jit::prim::SetAttr) return true;
    for (torch::jit::Block* sub : node->blocks()) {
      if (HasSetAttr(sub)) return true;
    }
  }
  return false;
}

// The path of attribute reads from forward's `self` that gives `object` ("" for self itself,
// "corr_block" for self.corr_block), or nullopt when the object does not come from such reads.
std::optional<std::string> ObjectPath(torch::jit::Value* object, torch::jit::Value* self) {
  std::vector<std::string> names;
  while (object != self) {
    torch::jit::Node* node = object->node();
    if (node->kind() != torch::jit::prim::GetAttr) return std::nullopt;
    names.push_back(node->s(torch::jit::attr::name));
    object = node->input();
  }
  std::reverse(names.begin(), names.end());
  return absl::StrJoin(names, ".");
}

// The node of `graph`'s top-level block that holds `node` (itself when it is at top level).
torch::jit::Node* TopLevelNode(torch::jit::Node* node, const torch::jit::Graph& graph) {
  while (node->owningBlock() != graph.block()) node = node->owningBlock()->owningNode();
  return node;
}

// Module state that forward writes but whose old value no output can depend on, made local
// values, so that freezing can fold the rest of the module:
// - scratch attributes: every write is in forward's top-level block, and every read comes after
//   a write of the same call (torchvision's RAFT keeps its correlation pyramid in
//   `self.corr_block.corr_pyramid`); each read becomes the value last written before it.
// - warn-once flags: a constant written beside an aten::warn in the same block
//   (torchvision's detection models set `self._has_warned = True`); the write is dropped, so the
//   lowered program warns at every call.
// The module's attributes then keep their old values after a call, where eager's change.
void LocalizeScratchAttributes(torch::jit::Graph& graph) {
  if (graph.inputs().empty() || !graph.inputs()[0]->type()->cast<c10::ClassType>()) return;
  torch::jit::Value* self = graph.inputs()[0];
  std::vector<torch::jit::Node*> sets;
  absl::flat_hash_map<std::string, std::vector<torch::jit::Node*>> reads;
  std::function<void(torch::jit::Block*)> collect = [&](torch::jit::Block* block) {
    for (torch::jit::Node* node : block->nodes()) {
      for (torch::jit::Block* sub : node->blocks()) collect(sub);
      if (node->kind() == torch::jit::prim::SetAttr) sets.push_back(node);
      if (node->kind() != torch::jit::prim::GetAttr) continue;
      if (std::optional<std::string> path = ObjectPath(node->input(), self)) {
        reads[absl::StrCat(*path, "/", node->s(torch::jit::attr::name))].push_back(node);
      }
    }
  };
  collect(graph.block());
  absl::flat_hash_map<std::string, std::vector<torch::jit::Node*>> writes;
  std::vector<torch::jit::Node*> drop;
  for (torch::jit::Node* set : sets) {
    const bool warns =
        std::any_of(set->owningBlock()->nodes().begin(), set->owningBlock()->nodes().end(),
                    [](torch::jit::Node* n) { return n->kind() == c10::aten::warn; });
    std::optional<std::string> path = ObjectPath(set->input(0), self);
    if (!path) continue;
    const std::string key = absl::StrCat(*path, "/", set->s(torch::jit::attr::name));
    if (warns && set->input(1)->node()->kind() == torch::jit::prim::Constant) {
      // A warn-once flag: dropped only when nothing reads it after the write.
      torch::jit::Node* at = TopLevelNode(set, graph);
      const std::vector<torch::jit::Node*>& gets = reads[key];
      if (std::all_of(gets.begin(), gets.end(), [&](torch::jit::Node* get) {
            return TopLevelNode(get, graph)->isBefore(at);
          })) {
        drop.push_back(set);
        continue;
      }
    }
    writes[key].push_back(set);
  }
  for (auto& [key, sets_of_key] : writes) {
    const bool top_level = std::all_of(sets_of_key.begin(), sets_of_key.end(),
                                       [&](auto* s) { return s->owningBlock() == graph.block(); });
    if (!top_level) continue;
    std::vector<torch::jit::Node*>& gets = reads[key];
    // Each read's value: the last write before its top-level node, which must exist.
    std::vector<torch::jit::Value*> values;
    for (torch::jit::Node* get : gets) {
      torch::jit::Node* at = TopLevelNode(get, graph);
      torch::jit::Node* last = nullptr;
      for (torch::jit::Node* set : sets_of_key) {
        if (set->isBefore(at) && (!last || last->isBefore(set))) last = set;
      }
      if (!last) break;
      values.push_back(last->input(1));
    }
    if (values.size() != gets.size()) continue;
    for (size_t i = 0; i < gets.size(); ++i) gets[i]->output()->replaceAllUsesWith(values[i]);
    drop.insert(drop.end(), sets_of_key.begin(), sets_of_key.end());
  }
  for (torch::jit::Node* set : drop) set->destroy();
}

// Whether forward writes an attribute of the module or of a submodule (a write to an object
// forward creates, as torchvision's ImageList, is not module state).
bool HasModuleSetAttr(torch::jit::Graph& graph) {
  torch::jit::Value* self = graph.inputs()[0];
  bool found = false;
  std::function<void(torch::jit::Block*)> walk = [&](torch::jit::Block* block) {
    for (torch::jit::Node* node : block->nodes()) {
      for (torch::jit::Block* sub : node->blocks()) walk(sub);
      if (node->kind() == torch::jit::prim::SetAttr && ObjectPath(node->input(0), self)) {
        found = true;
      }
    }
  };
  walk(graph.block());
  return found;
}

// Folds the attribute reads freeze_module leaves behind (it keeps, for instance, the parameters of
// nn.TransformerEncoder's first layer, which forward reads through `self.layers[0]`): with no
// prim::SetAttr in the graph and no in-place write to the value, an attribute of the eval-mode
// module is a constant. Object-valued reads become dead and are removed.
void FoldUnwrittenAttributes(const std::shared_ptr<torch::jit::Graph>& shared,
                             const torch::jit::Module& module) {
  torch::jit::Graph& graph = *shared;
  if (graph.inputs().empty() || !graph.inputs()[0]->type()->cast<c10::ClassType>()) return;
  if (!graph.inputs()[0]->hasUses() || HasModuleSetAttr(graph)) return;
  // Alias analysis only when some node may write: its construction is super-linear in graphs
  // with many tensors in lists (docs/benchmarks.md), and with no writer nothing is written.
  std::unique_ptr<torch::jit::AliasDb> alias_db;
  if (AnyNodeWrites(*graph.block())) alias_db = std::make_unique<torch::jit::AliasDb>(shared);
  absl::flat_hash_map<torch::jit::Value*, c10::IValue> objects;
  objects[graph.inputs()[0]] = module._ivalue();
  std::vector<std::pair<torch::jit::Node*, c10::IValue>> folds;
  std::function<void(torch::jit::Block*)> walk = [&](torch::jit::Block* block) {
    for (torch::jit::Node* node : block->nodes()) {
      for (torch::jit::Block* sub : node->blocks()) walk(sub);
      if (node->kind() != torch::jit::prim::GetAttr) continue;
      auto it = objects.find(node->input());
      if (it == objects.end()) continue;
      c10::IValue value = it->second.toObjectRef().getAttr(node->s(torch::jit::attr::name));
      if (value.isObject()) {
        objects[node->output()] = value;
      } else if (!alias_db || !alias_db->hasWriters(node->output())) {
        folds.emplace_back(node, std::move(value));
      }
    }
  };
  walk(graph.block());
  for (auto& [node, value] : folds) {
    torch::jit::WithInsertPoint guard(node);
    // Parameters require grad, and libtorch refuses such tensors as constants; as freezing does,
    // the constant holds the parameter's data.
    if (value.isTensor()) value = value.toTensor().detach();
    std::optional<torch::jit::Value*> constant = torch::jit::tryInsertConstant(graph, value);
    if (constant) node->output()->replaceAllUsesWith(*constant);
  }
  torch::jit::EliminateDeadCode(shared);
}

}  // namespace

namespace {

// One level of InlineCalls (graph_io.h). Returns whether it inlined a call; the inlined code may
// itself call.
bool InlineCallsOnce(torch::jit::Block* block) {
  bool inlined = false;
  for (auto it = block->nodes().begin(); it != block->nodes().end();) {
    torch::jit::Node* node = *it;
    ++it;  // the call is replaced
    for (torch::jit::Block* sub : node->blocks()) inlined |= InlineCallsOnce(sub);
    torch::jit::GraphFunction* callee = nullptr;
    if (node->kind() == c10::prim::CallFunction) {
      auto fn = node->input(0)->type()->cast<c10::FunctionType>();
      if (!fn || node->input(0)->node()->kind() != c10::prim::Constant) continue;
      callee = torch::jit::tryToGraphFunction(*fn->function());
      if (!callee) continue;
      node->removeInput(0);
    } else if (node->kind() == c10::prim::CallMethod) {
      auto cls = node->input(0)->type()->cast<c10::ClassType>();
      if (!cls) continue;
      torch::jit::Function* method = cls->findMethod(node->s(torch::jit::attr::name));
      callee = method ? torch::jit::tryToGraphFunction(*method) : nullptr;
      if (!callee) continue;
    } else {
      continue;
    }
    torch::jit::inlineCallTo(node, callee, /*use_graph=*/false);
    inlined = true;
  }
  return inlined;
}

}  // namespace

void InlineCalls(torch::jit::Graph& graph) {
  while (InlineCallsOnce(graph.block())) {
  }
}

std::string AttributeName(const std::string& path) {
  std::string name = path;
  std::replace(name.begin(), name.end(), '.', '_');
  return name;
}

namespace {

// Inlines forward's calls and turns every module tensor it reads into a graph input (after
// forward's own arguments), the other attributes into constants. Fills `lifted` in input order.
absl::Status LiftModuleState(const std::shared_ptr<torch::jit::Graph>& shared,
                             const torch::jit::Module& module, std::vector<LiftedTensor>& lifted) {
  torch::jit::Graph& graph = *shared;
  InlineCalls(graph);
  if (graph.inputs().empty() || !graph.inputs()[0]->type()->cast<c10::ClassType>()) {
    return absl::OkStatus();
  }
  // Registered parameters and buffers by tensor: their own names (`rnn.weight_ih_l0`) are used
  // even when forward reaches them another way (nn.LSTM reads them through `_flat_weights`).
  absl::flat_hash_map<const c10::TensorImpl*, bool> is_parameter;
  absl::flat_hash_map<const c10::TensorImpl*, std::string> registered_name;
  for (const auto& p : module.named_parameters(/*recurse=*/true)) {
    is_parameter[p.value.unsafeGetTensorImpl()] = true;
    registered_name.try_emplace(p.value.unsafeGetTensorImpl(), p.name);
  }
  for (const auto& b : module.named_buffers(/*recurse=*/true)) {
    registered_name.try_emplace(b.value.unsafeGetTensorImpl(), b.name);
  }
  torch::jit::AliasDb alias_db(shared);
  absl::flat_hash_map<torch::jit::Value*, std::pair<c10::IValue, std::string>> objects;
  objects[graph.inputs()[0]] = {module._ivalue(), ""};
  absl::flat_hash_map<const c10::TensorImpl*, torch::jit::Value*> inputs;
  absl::flat_hash_map<std::string, int> names;  // attribute name -> uses, to keep names unique
  std::vector<std::pair<torch::jit::Node*, c10::IValue>> constants;
  absl::Status status;
  // The graph input for a module tensor (one per tensor, however many paths reach it).
  auto lift = [&](const at::Tensor& tensor, const std::string& reached_as) {
    auto [in, added] = inputs.try_emplace(tensor.unsafeGetTensorImpl(), nullptr);
    if (added) {
      auto known = registered_name.find(in->first);
      const std::string path = known != registered_name.end() ? known->second : reached_as;
      const std::string base = AttributeName(path);
      std::string name = base;
      for (int n = 1; names.contains(name); ++n) name = absl::StrCat(base, "_", n);
      names[name] = 1;
      in->second = graph.addInput(name);
      in->second->setType(c10::TensorType::get());
      lifted.push_back({path, name, tensor.detach(), is_parameter.contains(in->first)});
    }
    return in->second;
  };
  std::function<void(torch::jit::Block*)> walk = [&](torch::jit::Block* block) {
    for (torch::jit::Node* node : block->nodes()) {
      if (!status.ok()) return;
      for (torch::jit::Block* sub : node->blocks()) walk(sub);
      if (node->kind() == torch::jit::prim::SetAttr && objects.contains(node->inputs()[0])) {
        status = absl::InvalidArgumentError(
            absl::StrCat("cannot lift parameters: forward assigns the module attribute '",
                         node->s(torch::jit::attr::name),
                         "'; module state changed by forward is not supported"));
        return;
      }
      if (node->kind() != torch::jit::prim::GetAttr) continue;
      auto it = objects.find(node->input());
      if (it == objects.end()) continue;
      const std::string field = node->s(torch::jit::attr::name);
      const std::string path =
          it->second.second.empty() ? field : absl::StrCat(it->second.second, ".", field);
      c10::IValue value = it->second.first.toObjectRef().getAttr(field);
      if (value.isObject()) {
        objects[node->output()] = {value, path};
      } else if (value.isTensor()) {
        node->output()->replaceAllUsesWith(lift(value.toTensor(), path));
      } else if (value.isTensorList() && !alias_db.hasWriters(node->output())) {
        // A list of tensors (nn.LSTM's _flat_weights): each element lifted, the list rebuilt.
        std::vector<torch::jit::Value*> elements;
        const std::vector<at::Tensor> tensors = value.toTensorVector();
        for (size_t k = 0; k < tensors.size(); ++k) {
          elements.push_back(lift(tensors[k], absl::StrCat(path, ".", k)));
        }
        torch::jit::WithInsertPoint guard(node);
        torch::jit::Node* list =
            graph.insertNode(graph.createList(c10::TensorType::get(), elements));
        node->output()->replaceAllUsesWith(list->output());
      } else if (value.isNone() || value.isInt() || value.isDouble() || value.isBool() ||
                 value.isString() || !alias_db.hasWriters(node->output())) {
        // None and immutable scalars cannot be written; alias analysis may still count a write
        // of another attribute against an Optional[Tensor] one (a conv's bias=None before a
        // batch norm whose training branch updates its buffers).
        constants.emplace_back(node, std::move(value));
      } else {
        status = absl::InvalidArgumentError(absl::StrCat(
            "cannot lift parameters: forward writes the module attribute '", path, "'"));
      }
    }
  };
  walk(graph.block());
  if (!status.ok()) return status;
  for (auto& [node, value] : constants) {
    torch::jit::WithInsertPoint guard(node);
    std::optional<torch::jit::Value*> constant = torch::jit::tryInsertConstant(graph, value);
    if (!constant) {
      return absl::InvalidArgumentError(absl::StrCat(
          "cannot lift parameters: the module attribute '", node->s(torch::jit::attr::name), "' (",
          value.type()->repr_str(), ") is neither a tensor nor a constant"));
    }
    node->output()->replaceAllUsesWith(*constant);
  }
  torch::jit::EliminateDeadCode(shared);
  if (graph.inputs()[0]->hasUses()) {
    return absl::InvalidArgumentError(
        absl::StrCat("cannot lift parameters: forward uses the module itself (",
                     graph.inputs()[0]->uses().front().user->kind().toQualString(),
                     "), not only its attributes"));
  }
  return absl::OkStatus();
}

// What libtorch's FoldFrozenConvBatchnorm would fold in `block` (at any depth): `candidates`
// counts each aten::batch_norm whose input is a convolution's; `unsafe` is set when one of them
// must not be folded though the pass would fold it (it checks only that the other arguments
// are constants and that the convolution has no other use):
// - a batch norm that may normalise with batch statistics (`training` not a constant false);
// - one after conv1d or _convolution: an unbatched conv1d input (C, L) makes a (C_out, L) output
//   that batch_norm reads as (N, C) with C = L, so its channels are not the convolution's. A
//   conv2d or conv3d output of the wrong rank is refused by the BatchNorm2d/3d module's own
//   input check, which stays in the graph.
// Add, sub, mul and div by constants (FoldFrozenConvAddOrSub, FoldFrozenConvMulOrDiv) are not
// folded: their broadcast check takes dim 1 for the channels whatever the constant's rank (a
// (1, C) constant broadcasts over W), and a float64 constant's promotion of a float32
// convolution is lost.
void ScanConvBatchNorms(torch::jit::Block& block, std::vector<torch::jit::Node*>& candidates,
                        bool& unsafe) {
  for (torch::jit::Node* node : block.nodes()) {
    for (torch::jit::Block* b : node->blocks()) ScanConvBatchNorms(*b, candidates, unsafe);
    if (node->kind() != torch::jit::aten::batch_norm || node->inputs().size() < 6) continue;
    torch::jit::Node* producer = node->input(0)->node();
    const torch::jit::NodeKind conv = producer->kind();
    if (conv == torch::jit::aten::conv2d || conv == torch::jit::aten::conv3d) {
      candidates.push_back(producer);
    } else if (conv == torch::jit::aten::conv1d || conv == torch::jit::aten::_convolution) {
      candidates.push_back(producer);
      unsafe = true;
    } else {
      continue;
    }
    const std::optional<bool> training = torch::jit::constant_as<bool>(node->input(5));
    if (!training || *training) unsafe = true;
  }
}

// LoadOptions::optimize_numerics: the batch-norm fold of torch::jit::OptimizeFrozenGraph
// (torch/csrc/jit/passes/frozen_graph_optimizations.cpp), when every batch norm it would fold
// may be folded (ScanConvBatchNorms).
absl::Status FoldFrozenWeights(std::shared_ptr<torch::jit::Graph>& graph) {
  std::vector<torch::jit::Node*> candidates;
  bool unsafe = false;
  ScanConvBatchNorms(*graph->block(), candidates, unsafe);
  if (candidates.empty() || unsafe) return absl::OkStatus();
  try {
    // The fold needs every argument but the input constant: an int list written in forward
    // (`[1, 1]`) is a prim::ListConstruct of constants, made a list constant here by libtorch's
    // runNodeIfInputsAreConstant (nullopt unless every element is a constant). Only these (not
    // torch::jit::ConstantPropagation, which would also fold any large tensor computation of
    // constants into the graph).
    for (torch::jit::Node* conv : candidates) {
      for (size_t i = 1; i < conv->inputs().size(); ++i) {
        const torch::jit::Node* list = conv->input(i)->node();
        if (list->kind() != torch::jit::prim::ListConstruct) continue;
        std::optional<torch::jit::Stack> value = torch::jit::runNodeIfInputsAreConstant(list);
        if (!value || value->size() != 1) continue;
        torch::jit::WithInsertPoint guard(conv);
        conv->replaceInput(i, graph->insertConstant((*value)[0]));
      }
    }
    torch::jit::FoldFrozenConvBatchnorm(graph);
  } catch (const std::exception& e) {
    return absl::InternalError(
        absl::StrCat("folding batch norms into convolutions "
                     "(optimize_numerics) failed: ",
                     ExceptionMessage(e), "; --nooptimize-numerics skips it"));
  }
  return absl::OkStatus();
}

// libtorch's "Unknown builtin op: ns::name." names an operator no loaded library registered;
// says where such operators come from and how to lower the program anyway.
std::string UnknownOpHint(const std::string& message) {
  static constexpr char kUnknown[] = "Unknown builtin op: ";
  const size_t at = message.find(kUnknown);
  if (at == std::string::npos) return message;
  std::string op = message.substr(at + sizeof(kUnknown) - 1);
  op = op.substr(0, op.find_first_of(". \n"));
  const size_t colons = op.find("::");
  if (colons == std::string::npos || colons == 0) return message;
  const std::string ns = op.substr(0, colons);
  return absl::StrCat(
      "it calls ", op, ", an operator of the `", ns,
      "` namespace that no loaded library registers. Operators registered from C++ "
      "(torchvision's, a custom op library) load with --load-library LIB.so; operators "
      "registered from Python (prims::*, quantized_decomposed::*, torch.library) exist only in a "
      "Python process that imports them: lower there with graph_lower.lower(module, inputs), "
      "which decomposes them or keeps them with keep_ops=[\"",
      op, "\"]");
}

}  // namespace

absl::StatusOr<Program> LoadArchive(const std::string& path, const LoadOptions& options) {
  ASSIGN_OR_RETURN(uintmax_t size, CheckInputFile(path));
  ASSIGN_OR_RETURN(std::string prefix, ReadPrefix(path, 4));
  if (!IsZip(prefix)) {
    return absl::InvalidArgumentError(
        absl::StrCat(path, ": not a TorchScript archive (no zip signature)"));
  }
  torch::jit::Module module;
  try {
    if (absl::Status s = CheckArchivePickles(path, size); !s.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat(path, ": damaged TorchScript archive: ", s.message()));
    }
    // Without the debug files (code/*.debug_pkl): libtorch reads them lazily, inside the noexcept
    // ErrorReport::what() and SourceRange::highlight, where a damaged one segfaulted or ended the
    // process (fuzz/regressions/archive). Source locations then point into the archive's
    // serialized code (code/__torch__/...py) instead of the original Python files.
    module = torch::jit::load(path, c10::Device(c10::kCPU), /*load_debug_files=*/false);
  } catch (const std::exception& e) {
    return absl::InvalidArgumentError(absl::StrCat(
        path, ": cannot load TorchScript archive: ", UnknownOpHint(ExceptionMessage(e))));
  }
  return ProgramFromModule(std::move(module), path, options);
}

absl::StatusOr<Program> ProgramFromModule(torch::jit::Module module, const std::string& source,
                                          const LoadOptions& options) {
  const std::string& path = source;
  Program program;
  program.source = source;
  if (!module.find_method("forward")) {
    return absl::InvalidArgumentError(absl::StrCat(path, ": the module has no forward method"));
  }
  if (options.lift_parameters) {
    try {
      module.eval();
      program.graph = module.get_method("forward").graph()->copy();
      if (absl::Status s = LiftModuleState(program.graph, module, program.lifted); !s.ok()) {
        return absl::InvalidArgumentError(absl::StrCat(path, ": ", s.message()));
      }
      program.module = std::move(module);
    } catch (const std::exception& e) {
      return absl::InvalidArgumentError(
          absl::StrCat(path, ": cannot lift the module's parameters: ", ExceptionMessage(e)));
    }
    return program;
  }
  try {
    module.eval();
    // Freezing, linear in the graph's size: forward's calls inlined and every attribute read
    // folded to a constant when nothing assigns or writes it (FoldUnwrittenAttributes).
    // torch::jit::freeze_module does this too, but its clean-up passes pool and compare tensor
    // constants pairwise, quadratic in a graph of many blocks (docs/benchmarks.md); it
    // remains the fallback for what the fast path leaves reading `self` (attributes forward
    // assigns or writes, interface calls).
    // Scratch state is made local in forward's own graph, which freeze_module below also reads.
    const std::shared_ptr<torch::jit::Graph> forward = module.get_method("forward").graph();
    program.graph = forward->copy();
    InlineCalls(*program.graph);
    if (HasSetAttr(program.graph->block())) {
      InlineCalls(*forward);
      LocalizeScratchAttributes(*forward);
      program.graph = forward->copy();
    }
    FoldUnwrittenAttributes(program.graph, module);
    // As freezing does: branches on folded attributes (nn.ReLU's `if self.inplace`) go away.
    // The immutable-types variant needs no alias analysis.
    torch::jit::ConstantPropagationImmutableTypes(program.graph);
    if (!program.graph->inputs().empty() && program.graph->inputs()[0]->hasUses()) {
      torch::jit::Module frozen = torch::jit::freeze_module(module);
      program.graph = frozen.get_method("forward").graph()->copy();
      FoldUnwrittenAttributes(program.graph, frozen);
      module = std::move(frozen);
    }
    // What freezing could not make constant: attributes forward assigns or writes in place.
    if (!program.graph->inputs().empty() && program.graph->inputs()[0]->hasUses()) {
      std::set<std::string> names;
      for (const torch::jit::Use& use : program.graph->inputs()[0]->uses()) {
        if (use.user->kind() == torch::jit::prim::GetAttr ||
            use.user->kind() == torch::jit::prim::SetAttr) {
          names.insert(use.user->s(torch::jit::attr::name));
        }
      }
      program.module_state.assign(names.begin(), names.end());
    }
    if (options.optimize_numerics) {
      if (absl::Status s = FoldFrozenWeights(program.graph); !s.ok()) {
        return absl::InvalidArgumentError(absl::StrCat(path, ": ", s.message()));
      }
    }
    program.module = std::move(module);
  } catch (const std::exception& e) {
    return absl::InvalidArgumentError(
        absl::StrCat(path, ": cannot freeze the module: ", ExceptionMessage(e)));
  }
  return program;
}

absl::StatusOr<Program> LoadProgram(const std::string& path, const LoadOptions& options) {
  RETURN_IF_ERROR(CheckInputFile(path));
  ASSIGN_OR_RETURN(std::string prefix, ReadPrefix(path, 4));
  if (IsZip(prefix)) {
    // A damaged .pt2 is reported by the .pt2 reader, which its records may no longer reveal.
    if (absl::EndsWith(path, ".pt2") || IsExportedProgramArchive(path)) {
      return LoadExportedProgram(path);
    }
    return LoadArchive(path, options);
  }
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  const std::string contents = text.str();
  ASSIGN_OR_RETURN(std::shared_ptr<torch::jit::Graph> graph, ParseGraphText(contents, path));
  return Program{std::move(graph), std::nullopt, path, {}};
}

namespace {

// "(x, mask=None)": forward's parameters after `self`, for messages.
std::string ForwardSignature(const c10::FunctionSchema& schema) {
  std::vector<std::string> params;
  for (const c10::Argument& arg : schema.arguments()) {
    if (arg.name() == "self" && arg.type()->cast<c10::ClassType>()) continue;
    std::ostringstream param;
    param << arg.name();
    if (arg.default_value()) param << "=" << *arg.default_value();
    params.push_back(param.str());
  }
  return absl::StrCat("(", absl::StrJoin(params, ", "), ")");
}

}  // namespace

namespace {

// "an int", "a float", "a bool", "None", "a Tensor", ...: what a user gave for an input, for
// messages (IValue's tag names are capitalised: "a Int").
std::string GivenValueName(const c10::IValue& v) {
  if (v.isNone()) return "None";
  if (v.isInt()) return "an int";
  if (v.isDouble()) return "a float";
  if (v.isBool()) return "a bool";
  if (v.isString()) return "a str";
  if (v.isTensor()) return "a Tensor";
  // A container by its elements' types: (Tensor, int), List[Any], Dict[str, Tensor].
  if (v.isList() && v.toList().elementType()->kind() == c10::TypeKind::AnyType) {
    // torch.load's lists hold Any: named by their elements' types when those agree.
    std::optional<c10::TypePtr> element;
    for (const c10::IValue& e : v.toListRef()) {
      element =
          element ? c10::unifyTypes(*element, e.type()) : std::optional<c10::TypePtr>(e.type());
      if (!element) break;
    }
    if (element && *element) return absl::StrCat("List[", (*element)->repr_str(), "]");
  }
  if (v.isList() || v.isTuple() || v.isGenericDict()) return v.type()->repr_str();
  return absl::StrCat("a ", v.tagKind());
}

// `v` as a value of type `want` where it can be one: torch.load gives lists and dicts of Any
// elements, which are rebuilt with want's element types (recursively, through tuples and
// optionals), and an int becomes a float where a float is wanted. Anything else is returned as it
// is, for the caller's subtype check to name.
c10::IValue AsType(const c10::IValue& v, const c10::TypePtr& want) {
  if (auto optional = want->cast<c10::OptionalType>()) {
    return v.isNone() ? v : AsType(v, optional->getElementType());
  }
  if (v.isInt() && want->kind() == c10::TypeKind::FloatType) {
    return static_cast<double>(v.toInt());
  }
  auto fits = [](const c10::IValue& x, const c10::TypePtr& t) { return x.type()->isSubtypeOf(*t); };
  if (auto list = want->cast<c10::ListType>(); list && v.isList()) {
    c10::impl::GenericList out(list->getElementType());
    for (const c10::IValue& e : v.toListRef()) {
      c10::IValue x = AsType(e, list->getElementType());
      if (!fits(x, list->getElementType())) return v;
      out.push_back(std::move(x));
    }
    return out;
  }
  if (auto tuple = want->cast<c10::TupleType>();
      tuple && v.isTuple() && v.toTupleRef().elements().size() == tuple->elements().size()) {
    std::vector<c10::IValue> out;
    for (size_t k = 0; k < tuple->elements().size(); ++k) {
      out.push_back(AsType(v.toTupleRef().elements()[k], tuple->elements()[k]));
    }
    return c10::ivalue::Tuple::create(std::move(out));
  }
  if (auto dict = want->cast<c10::DictType>(); dict && v.isGenericDict()) {
    c10::impl::GenericDict out(dict->getKeyType(), dict->getValueType());
    for (const auto& entry : v.toGenericDict()) {
      c10::IValue key = AsType(entry.key(), dict->getKeyType());
      c10::IValue value = AsType(entry.value(), dict->getValueType());
      if (!fits(key, dict->getKeyType()) || !fits(value, dict->getValueType())) return v;
      out.insert_or_assign(std::move(key), std::move(value));
    }
    return out;
  }
  return v;
}

}  // namespace

absl::StatusOr<std::vector<c10::IValue>> ProgramExampleInputs(const Program& program,
                                                              const std::string& spec) {
  ASSIGN_OR_RETURN(std::vector<c10::IValue> user, ParseExampleInputs(spec));
  std::vector<c10::IValue> all;
  const auto& graph_inputs = program.graph->inputs();
  const bool has_self = !graph_inputs.empty() && graph_inputs[0]->type()->cast<c10::ClassType>();
  if (has_self) {
    all.emplace_back(program.module ? c10::IValue(program.module->_ivalue()) : c10::IValue());
  }
  // The lifted parameters and buffers are the graph's last inputs; their values come from the
  // module, not from the user.
  const size_t lifted = program.lifted.size();
  const size_t forward_inputs = graph_inputs.size() - lifted;
  const size_t expected = forward_inputs - (has_self ? 1 : 0);
  // Trailing arguments left out take the defaults of forward's schema (e.g. `mask=None`).
  std::optional<c10::FunctionSchema> schema;
  if (program.module) schema = program.module->get_method("forward").function().getSchema();
  const size_t offset = has_self ? 1 : 0;
  size_t required = expected;
  if (schema && schema->arguments().size() == forward_inputs) {
    while (required > 0 && schema->arguments()[required - 1 + offset].default_value()) --required;
  }
  if (user.size() < required || user.size() > expected) {
    const std::string takes =
        required == expected ? absl::StrCat(expected) : absl::StrCat(required, " to ", expected);
    return absl::InvalidArgumentError(absl::StrCat(
        "--example-inputs: ", program.source, "'s forward", schema ? ForwardSignature(*schema) : "",
        " takes ", takes, expected == 1 ? " input; " : " inputs; ", user.size(),
        user.size() == 1 ? " was given" : " were given"));
  }
  for (size_t i = user.size(); i < expected; ++i) {
    user.push_back(*schema->arguments()[i + offset].default_value());
  }
  for (size_t i = 0; i < expected; ++i) {
    const c10::TypePtr& want = graph_inputs[i + offset]->type();
    c10::IValue& v = user[i];
    v = AsType(v, want);
    if (!v.type()->isSubtypeOf(*want)) {
      const std::string name = schema && schema->arguments().size() == forward_inputs
                                   ? schema->arguments()[i + offset].name()
                                   : graph_inputs[i + offset]->debugName();
      return absl::InvalidArgumentError(
          absl::StrCat("--example-inputs: input ", i, " (", name, ") of ", program.source,
                       "'s forward is ", want->repr_str(), "; ", GivenValueName(v), " was given"));
    }
  }
  for (c10::IValue& v : user) all.push_back(std::move(v));
  for (const LiftedTensor& t : program.lifted) all.emplace_back(t.value);
  return all;
}

}  // namespace graph_lower
