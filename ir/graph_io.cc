// Archive and text-IR input/output, with one-line errors that name the file.
#include "ir/graph_io.h"

#include <torch/csrc/jit/api/compilation_unit.h>
#include <torch/csrc/jit/api/function_impl.h>
#include <torch/csrc/jit/ir/alias_analysis.h>
#include <torch/csrc/jit/ir/constants.h>
#include <torch/csrc/jit/ir/irparser.h>
#include <torch/csrc/jit/passes/constant_propagation.h>
#include <torch/csrc/jit/passes/dead_code_elimination.h>
#include <torch/csrc/jit/passes/freeze_module.h>
#include <torch/csrc/jit/passes/frozen_conv_folding.h>
#include <torch/csrc/jit/passes/inliner.h>
#include <torch/csrc/jit/runtime/operator.h>
#include <torch/csrc/jit/serialization/import.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <sstream>
#include <system_error>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "absl/types/span.h"
#include "ir/errors.h"
#include "ir/example_values.h"
#include "ir/files.h"
#include "ir/mutation.h"
#include "ir/op_key.h"
#include "ir/pickle_check.h"

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

// The parser's message names the token but shows the place only as a multi-line source highlight
// ("...here:\n<lines>\n  ~~~~ <--- HERE"); turn that into "line N: `<source line>`".
std::string ParseErrorMessage(absl::string_view message, absl::string_view text) {
  std::vector<absl::string_view> lines = absl::StrSplit(message, '\n');
  const std::string first_line = FirstLine(message);
  absl::string_view first = first_line;
  absl::ConsumeSuffix(&first, " here:");
  for (size_t i = 1; i < lines.size(); ++i) {
    if (!absl::StrContains(lines[i], "<--- HERE")) continue;
    const absl::string_view source_line = absl::StripAsciiWhitespace(lines[i - 1]);
    int line_no = 1;
    for (absl::string_view line : absl::StrSplit(text, '\n')) {
      if (absl::StripAsciiWhitespace(line) == source_line) {
        return absl::StrCat(first, " at line ", line_no, ": `", source_line, "`");
      }
      ++line_no;
    }
  }
  return std::string(first);
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

// One level of torch::jit::Inline: replaces each prim::CallFunction / prim::CallMethod with the
// callee's graph as written (GraphFunction::graph()). torch::jit::Inline inlines each callee's
// optimized_graph(), which first runs the JIT's pre-optimisation passes (peephole, constant
// pooling, alias analysis) on every callee: a third of the load time of a traced model with
// 12k submodule calls (docs/benchmarks.md). Returns whether it inlined a call; the inlined code
// may itself call, hence InlineCalls below.
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

// Inlines every call, nested ones included (as torch::jit::Inline, without its pre-optimisation
// of callees).
void InlineCalls(torch::jit::Graph& graph) {
  while (InlineCallsOnce(graph.block())) {
  }
}

// Folds the attribute reads freeze_module leaves behind (it keeps, for instance, the parameters of
// nn.TransformerEncoder's first layer, which forward reads through `self.layers[0]`): with no
// prim::SetAttr in the graph and no in-place write to the value, an attribute of the eval-mode
// module is a constant. Object-valued reads become dead and are removed.
void FoldUnwrittenAttributes(const std::shared_ptr<torch::jit::Graph>& shared,
                             const torch::jit::Module& module) {
  torch::jit::Graph& graph = *shared;
  if (graph.inputs().empty() || !graph.inputs()[0]->type()->cast<c10::ClassType>()) return;
  if (!graph.inputs()[0]->hasUses() || HasSetAttr(graph.block())) return;
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

// "layers.0.weight" -> "layers_0_weight": an attribute name for the saved module.
std::string AttributeName(const std::string& path) {
  std::string name = path;
  std::replace(name.begin(), name.end(), '.', '_');
  return name;
}

// Inlines forward's calls and turns every module tensor it reads into a graph input (after
// forward's own arguments), the other attributes into constants. Fills `lifted` in input order.
absl::Status LiftModuleState(const std::shared_ptr<torch::jit::Graph>& shared,
                             const torch::jit::Module& module, std::vector<LiftedTensor>& lifted) {
  torch::jit::Graph& graph = *shared;
  torch::jit::Inline(graph);
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
      } else if (!alias_db.hasWriters(node->output())) {
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
// convolution is lost (found by the try-to-break-it pass).
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
    // constants into the graph; found by the try-to-break-it pass).
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

}  // namespace

absl::StatusOr<Program> LoadArchive(const std::string& path, const LoadOptions& options) {
  absl::StatusOr<uintmax_t> size = CheckInputFile(path);
  if (!size.ok()) return size.status();
  absl::StatusOr<std::string> prefix = ReadPrefix(path, 4);
  if (!prefix.ok()) return prefix.status();
  if (!IsZip(*prefix)) {
    return absl::InvalidArgumentError(
        absl::StrCat(path, ": not a TorchScript archive (no zip signature)"));
  }
  torch::jit::Module module;
  try {
    if (absl::Status s = CheckArchivePickles(path, *size); !s.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat(path, ": damaged TorchScript archive: ", s.message()));
    }
    // Without the debug files (code/*.debug_pkl): libtorch reads them lazily, inside the noexcept
    // ErrorReport::what() and SourceRange::highlight, where a damaged one segfaulted or ended the
    // process (fuzz/regressions/archive). Source locations then point into the archive's
    // serialized code (code/__torch__/...py) instead of the original Python files.
    module = torch::jit::load(path, c10::Device(c10::kCPU), /*load_debug_files=*/false);
  } catch (const std::exception& e) {
    return absl::InvalidArgumentError(
        absl::StrCat(path, ": cannot load TorchScript archive: ", ExceptionMessage(e)));
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
    // constants pairwise (33 s for a 12k-node graph of 1,024 blocks, docs/benchmarks.md); it
    // remains the fallback for what the fast path leaves reading `self` (attributes forward
    // assigns or writes, interface calls).
    program.graph = module.get_method("forward").graph()->copy();
    InlineCalls(*program.graph);
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

namespace {

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

// The first node calling an operator (any namespace but prim, whose ops the interpreter runs
// itself) that is not registered or whose inputs fit none of its overloads, or nullptr. libtorch's
// passes assert on such a node (Node::hasSideEffects: "Only prim ops are allowed to not have a
// registered operator").
// A prim op is known when libtorch interns it (c10/ATen/core/interned_strings.h) or registers
// an operator for it; the parser interns any other name it reads (`prim::Ifad`, found by fuzz/).
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

// Why a prim::ListConstruct is given an element whose type is not the list's element type
// (`%l : int[] = prim::ListConstruct(%tensor)`), or "". Ops reading the list would see a value
// of another type than their schema says (found by fuzz/: a Tensor read as an int made
// aten::remainder resolve to its Tensor overload). Used with FirstMalformed.
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

// Related types: one is a subtype of the other (Float(2, 3) and Tensor, int and Optional[int]).
bool RelatedTypes(const c10::TypePtr& a, const c10::TypePtr& b) {
  return a->isSubtypeOf(*b) || b->isSubtypeOf(*a);
}

// Why a control-flow, unchecked_cast or dict-construction node, or a node carrying blocks, is
// malformed (empty when it is not, or is none of these; each is explained where it is checked). The
// parser and Graph::lint accept a prim::If with one block (found by fuzz/: constant folding then
// read its missing else block, an ASan heap-buffer-overflow), or blocks that return another number
// or type of values than the node has. The shapes required are the interpreter's
// (torch/csrc/jit/ir/ir.h, Node::blocks; torch/csrc/jit/runtime/interpreter.cpp):
//   %outs... = prim::If(%cond : bool), two blocks of no inputs, each returning one value per
//   output; %outs... = prim::Loop(%max_trips : int, %start : bool, %carried...), one block taking
//   (int, carried...) and returning (bool, carried...), one output per carried value. Every
//   returned value's type must be related to (a subtype or a supertype of) the output's it
//   stands for: shape specialisation types an output as the branch taken returns it
//   (Float(2, 3)), and the other branch may still return a plain Tensor.
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
  // `aten::add` given a block, found by the try-to-break-it pass).
  if (!node.blocks().empty() && kind != c10::prim::If && kind != c10::prim::Loop) {
    return absl::StrCat("it carries ", node.blocks().size(),
                        " blocks; only prim::If and prim::Loop carry blocks");
  }
  // %out : T = prim::unchecked_cast(%in : U): one value, refined to a subtype (Optional[Tensor]
  // to Tensor), widened, or None; an unrelated type (int from a Tensor) or another arity reached
  // libtorch's internal asserts (try-to-break-it pass).
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
    // reached libtorch's internal asserts; try-to-break-it pass).
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
  // count read past its stack, a garbage value that crashed saving (found by the try-to-break-it
  // pass).
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

// The first node, at any depth, for which `why_malformed` gives a reason, and that reason, or
// nullptr.
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

// "Tensor, int[], bool": the types of a node's inputs.
std::string InputTypes(const torch::jit::Node& node) {
  std::vector<std::string> types;
  for (const torch::jit::Value* v : node.inputs()) types.push_back(v->type()->str());
  return absl::StrJoin(types, ", ");
}

// Why a prim node cannot stand in a text IR graph (empty when it can, or is not a prim node).
// libtorch's parser and Graph::lint accept any prim node with any inputs; the passes and the
// interpreter then assert or crash on the ones that do not fit (try-to-break-it pass: prim::Param
// in a body, `%y : Tensor = prim::Constant[value=3]()`, prim::TupleIndex of a Tensor,
// prim::CallFunction of a Tensor). Text IR holds a function of tensors and scalars:
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

// Why a node is given a constant ScalarType argument outside libtorch's ScalarType range, or "".
// Used with FirstMalformed.
std::string BadScalarTypeConstant(const torch::jit::Node& node) {
  return GivenBadDtypeConstant(node) ? "a dtype argument is an int that names no ScalarType" : "";
}

// Whether the text holds a prim::PythonOp node. libtorch's parser crashes on one (it makes a
// plain Node of a kind that the rest of libtorch takes for a PythonOp subclass; a segfault found
// by the try-to-break-it pass), so the text is refused before it is parsed. The op name is matched
// where the parser would read it: followed, after any blanks, by '(' or '['.
bool HoldsPythonOp(absl::string_view text) {
  static constexpr absl::string_view kName = "prim::PythonOp";
  for (size_t at = text.find(kName); at != absl::string_view::npos; at = text.find(kName, at + 1)) {
    const size_t next = text.find_first_not_of(" \t", at + kName.size());
    if (next != absl::string_view::npos && (text[next] == '(' || text[next] == '[')) return true;
  }
  return false;
}

}  // namespace

const torch::jit::Node* FirstNodeGivenBadDtype(const torch::jit::Block& block) {
  std::string why;
  return FirstMalformed(block, BadScalarTypeConstant, why);
}

namespace {

// The JIT's printer writes a node without outputs (a prim::If that only raises,
// prim::RaiseException) as its indent, an empty output list and " = ": "   = prim::If(%4)"
// (torch/csrc/jit/ir/ir.cpp, Node::print). Its own parser refuses that (irparser.cpp,
// parseOperatorOutputs takes '=' only after outputs, and the extra space reads as an indent) and
// parses the node written without the " = ". `text` with every such line rewritten so; the
// lines stay where they were.
std::string WithoutEmptyOutputLists(absl::string_view text) {
  std::string out;
  out.reserve(text.size());
  bool first_line = true;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    if (!first_line) out += '\n';
    first_line = false;
    const size_t indent = line.find_first_not_of(" \t");
    if (indent != absl::string_view::npos && indent > 0 &&
        absl::StartsWith(line.substr(indent), "= ")) {
      absl::StrAppend(&out, line.substr(0, indent - 1), line.substr(indent + 2));
    } else {
      absl::StrAppend(&out, line);
    }
  }
  return out;
}

}  // namespace

absl::StatusOr<std::shared_ptr<torch::jit::Graph>> ParseGraphText(const std::string& text,
                                                                  absl::string_view source_name) {
  if (absl::StripAsciiWhitespace(text).empty()) {
    return absl::InvalidArgumentError(absl::StrCat(source_name, ": empty text IR"));
  }
  if (!absl::StartsWith(absl::StripLeadingAsciiWhitespace(text), "graph(")) {
    return absl::InvalidArgumentError(absl::StrCat(
        source_name, ": neither a TorchScript archive nor text IR (text IR starts with 'graph(')"));
  }
  // `print(fn.graph)` prints a node without outputs as `   = prim::If(%4)`, which libtorch's
  // parser refuses (WithoutEmptyOutputLists); line numbers, which parse errors report, stay.
  const std::string parsed_text = WithoutEmptyOutputLists(text);
  if (HoldsPythonOp(parsed_text)) {
    return absl::InvalidArgumentError(
        absl::StrCat(source_name,
                     ": invalid text IR: prim::PythonOp (a call into Python) cannot be read from "
                     "text IR; script the function without it, or save the program as an archive"));
  }
  auto graph = std::make_shared<torch::jit::Graph>();
  try {
    torch::jit::parseIR(parsed_text, graph.get(), /*parse_tensor_constants=*/true);
  } catch (const std::exception& e) {
    const auto* c10_error = dynamic_cast<const c10::Error*>(&e);
    // A graph that calls another TorchScript function prints the callee as
    // `%f : Function = prim::Constant[name="silu"]()`, a type the parser does not know.
    const absl::string_view calls_function =
        absl::StrContains(parsed_text, " : Function = prim::Constant")
            ? "; the graph calls another TorchScript function, which text IR cannot spell: "
              "inline the calls first (torch._C._jit_pass_inline(graph), then "
              "torch._C._jit_pass_dce(graph))"
            : "";
    return absl::InvalidArgumentError(absl::StrCat(
        source_name, ": invalid text IR: ",
        ParseErrorMessage(c10_error ? c10_error->what_without_backtrace() : e.what(), parsed_text),
        calls_function));
  }
  // The parser reads a type name it does not know ("%2 : iFnt") as a type variable, which no
  // program value can have; passes would throw on it later (found by fuzz/).
  if (const torch::jit::Value* v = FirstValueWithFreeTypeVariable(*graph->block())) {
    return absl::InvalidArgumentError(absl::StrCat(source_name, ": invalid text IR: %",
                                                   v->debugName(), " has an unknown type '",
                                                   v->type()->repr_str(), "'"));
  }
  // Before Graph::lint, which asserts on some of these (prim::Param in a body).
  if (std::string why;
      const torch::jit::Node* n = FirstMalformed(*graph->block(), MalformedPrimNode, why)) {
    return absl::InvalidArgumentError(absl::StrCat(source_name,
                                                   ": invalid text IR: ", n->kind().toQualString(),
                                                   " (outputs ", OutputNames(*n), "): ", why));
  }
  try {
    graph->lint();
  } catch (const std::exception& e) {
    return absl::InvalidArgumentError(
        absl::StrCat(source_name, ": invalid graph: ", ExceptionMessage(e)));
  }
  if (std::string why;
      const torch::jit::Node* n = FirstMalformed(*graph->block(), MalformedControlFlow, why)) {
    return absl::InvalidArgumentError(absl::StrCat(source_name,
                                                   ": invalid text IR: ", n->kind().toQualString(),
                                                   " (outputs ", OutputNames(*n), "): ", why));
  }
  if (std::string why;
      const torch::jit::Node* n = FirstMalformed(*graph->block(), IllTypedListConstruct, why)) {
    return absl::InvalidArgumentError(absl::StrCat(
        source_name, ": invalid text IR: %", n->output()->debugName(), " : ",
        n->output()->type()->str(), " = prim::ListConstruct(", InputTypes(*n), ") ", why));
  }
  // A call of an operator that is not registered, or whose arguments fit none of its overloads
  // (a default argument left out: text IR spells every argument), would fail only when the op
  // is run, folded or decomposed.
  if (const torch::jit::Node* n = FirstCallWithoutOperator(*graph->block())) {
    if (torch::jit::getAllOperatorsFor(n->kind()).empty()) {
      return absl::InvalidArgumentError(
          absl::StrCat(source_name, ": invalid text IR: ", n->kind().toQualString(),
                       n->kind().is_prim()
                           ? " is not a prim op libtorch knows"
                           : " is not a registered operator (load the library that defines it)"));
    }
    return absl::InvalidArgumentError(absl::StrCat(
        source_name, ": invalid text IR: ", n->kind().toQualString(), " with ", n->inputs().size(),
        " arguments (", InputTypes(*n),
        ") matches none of its overloads; text IR gives every argument, defaults included"));
  }
  // A constant dtype that names no ScalarType: libtorch's kernels segfault on it (make fuzz:
  // aten::softmax with dtype -1), in the interpreter as in specialisation.
  if (std::string why;
      const torch::jit::Node* n = FirstMalformed(*graph->block(), BadScalarTypeConstant, why)) {
    return absl::InvalidArgumentError(absl::StrCat(source_name,
                                                   ": invalid text IR: ", n->kind().toQualString(),
                                                   " (outputs ", OutputNames(*n), "): ", why));
  }
  return graph;
}

absl::StatusOr<Program> LoadProgram(const std::string& path, const LoadOptions& options) {
  absl::StatusOr<uintmax_t> size = CheckInputFile(path);
  if (!size.ok()) return size.status();
  absl::StatusOr<std::string> prefix = ReadPrefix(path, 4);
  if (!prefix.ok()) return prefix.status();
  if (IsZip(*prefix)) return LoadArchive(path, options);
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  const std::string contents = text.str();
  absl::StatusOr<std::shared_ptr<torch::jit::Graph>> graph = ParseGraphText(contents, path);
  if (!graph.ok()) return graph.status();
  return Program{*std::move(graph), std::nullopt, path, {}};
}

std::string GraphToText(const torch::jit::Graph& graph) {
  return WithoutEmptyOutputLists(graph.toString(/*print_source_locations=*/false));
}

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
      if (input->type()->kind() != c10::TypeKind::NoneType ||
          formal->kind() != c10::TypeKind::OptionalType) {
        continue;
      }
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

}  // namespace

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
  // (torch/csrc/jit/serialization/python_print.cpp), 16 s for the 40k-node lowered graph of
  // 1,024 blocks; buffers are written once each. torch.jit.freeze folds them back.
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
  absl::StatusOr<torch::jit::Module> out = BuildModule(graph, path, options);
  if (!out.ok()) return out.status();
  const std::map<std::string, int> saved_counts =
      TensorOpCounts(out->get_method("forward").graph()->block());
  std::ostringstream buffer;
  try {
    out->save(buffer);
  } catch (const std::exception& e) {
    return absl::InternalError(absl::StrCat(path, ": cannot serialize: ", ExceptionMessage(e)));
  }
  // Read the archive back as torch.jit.load would and check that every tensor op kept its
  // overload; an archive whose loaded graph differs from the one lowered is not written.
  try {
    std::istringstream in(buffer.str());
    torch::jit::Module loaded = torch::jit::load(in);
    std::shared_ptr<torch::jit::Graph> reloaded = loaded.get_method("forward").graph()->copy();
    torch::jit::Inline(*reloaded);
    const std::map<std::string, int> loaded_counts = TensorOpCounts(reloaded->block());
    // Loading may drop dead code (constant-condition branches), so counts may shrink; an
    // overload that appears or grows came from another overload being resolved.
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
  return WriteFileAtomically(path, buffer.str());
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
  return absl::StrCat("a ", v.tagKind());
}

}  // namespace

absl::StatusOr<std::vector<c10::IValue>> ProgramExampleInputs(const Program& program,
                                                              const std::string& spec) {
  absl::StatusOr<std::vector<c10::IValue>> user = ParseExampleInputs(spec);
  if (!user.ok()) return user.status();
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
  if (user->size() < required || user->size() > expected) {
    const std::string takes =
        required == expected ? absl::StrCat(expected) : absl::StrCat(required, " to ", expected);
    return absl::InvalidArgumentError(absl::StrCat(
        "--example-inputs: ", program.source, "'s forward", schema ? ForwardSignature(*schema) : "",
        " takes ", takes, expected == 1 ? " input; " : " inputs; ", user->size(),
        user->size() == 1 ? " was given" : " were given"));
  }
  for (size_t i = user->size(); i < expected; ++i) {
    user->push_back(*schema->arguments()[i + offset].default_value());
  }
  for (size_t i = 0; i < expected; ++i) {
    const c10::TypePtr& want = graph_inputs[i + offset]->type();
    c10::IValue& v = (*user)[i];
    if (v.isInt() && want->kind() == c10::TypeKind::FloatType) v = static_cast<double>(v.toInt());
    if (!v.type()->isSubtypeOf(*want)) {
      const std::string name = schema && schema->arguments().size() == forward_inputs
                                   ? schema->arguments()[i + offset].name()
                                   : graph_inputs[i + offset]->debugName();
      return absl::InvalidArgumentError(
          absl::StrCat("--example-inputs: input ", i, " (", name, ") of ", program.source,
                       "'s forward is ", want->repr_str(), "; ", GivenValueName(v), " was given"));
    }
  }
  for (c10::IValue& v : *user) all.push_back(std::move(v));
  for (const LiftedTensor& t : program.lifted) all.emplace_back(t.value);
  return all;
}

}  // namespace graph_lower
