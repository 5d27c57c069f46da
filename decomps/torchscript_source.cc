// Lazy compilation of TorchScript decompositions with libtorch's frontend.
#include "decomps/torchscript_source.h"

#include <torch/csrc/jit/api/function_impl.h>
#include <torch/csrc/jit/frontend/ir_emitter.h>
#include <torch/csrc/jit/passes/dead_code_elimination.h>
#include <torch/jit.h>

#include <algorithm>
#include <utility>

#include "absl/base/thread_annotations.h"
#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/synchronization/mutex.h"
#include "ir/errors.h"
#include "ir/graph_io.h"
#include "ir/status_macros.h"

namespace graph_lower {
namespace {

// A function returning a tuple becomes a graph with one output per tuple element, as the node
// has one output per schema return.
void FlattenTupleOutput(torch::jit::Graph& graph) {
  if (graph.outputs().size() != 1 || !graph.outputs()[0]->type()->cast<c10::TupleType>()) return;
  torch::jit::Value* tuple = graph.outputs()[0];
  torch::jit::Node* producer = tuple->node();
  graph.eraseOutput(0);
  if (producer->kind() == c10::prim::TupleConstruct) {
    for (torch::jit::Value* v : producer->inputs()) graph.registerOutput(v);
  } else {  // e.g. a prim::If whose branches return tuples
    torch::jit::Node* unpack = graph.insertNode(graph.createTupleUnpack(tuple));
    for (torch::jit::Value* v : unpack->outputs()) graph.registerOutput(v);
  }
  torch::jit::EliminateDeadCode(graph.block());
}

// What compiling one (source, function) gave: the graph (never handed out itself, only copies
// of it) or the exception's message.
struct Compiled {
  DecompositionGraph graph;
  std::string error;
};

// Compiled decompositions by (source text, function name), for the life of the process. Every
// lowering without a registry of its own makes a default one (DecompositionRegistry::
// CreateDefault), and would compile each library decomposition it used again
// (docs/benchmarks.md). The text decides the graph once it
// compiles (the operators it names are registered), so equal texts share one compilation. A
// failure is not kept: the source may name an operator registered later (torch.library).
absl::Mutex compiled_mutex;
absl::flat_hash_map<std::pair<std::string, std::string>, DecompositionGraph>& CompiledCache()
    ABSL_EXCLUSIVE_LOCKS_REQUIRED(compiled_mutex) {
  static auto* cache =
      new absl::flat_hash_map<std::pair<std::string, std::string>, DecompositionGraph>;
  return *cache;
}

// The graph of `function` in `source`, inlined, with tuple results flattened; a copy of the
// cached one, so callers may change it.
Compiled CompileOnce(const std::string& source, const std::string& function) {
  absl::MutexLock lock(&compiled_mutex);
  auto key = std::make_pair(source, function);
  if (auto it = CompiledCache().find(key); it != CompiledCache().end()) {
    return {it->second->copy(), ""};
  }
  try {
    std::shared_ptr<torch::jit::CompilationUnit> cu = torch::jit::compile(source);
    auto& fn = torch::jit::toGraphFunction(cu->get_function(function));
    DecompositionGraph graph = fn.graph()->copy();
    InlineCalls(*graph);  // nested calls too, whatever the executor mode
    FlattenTupleOutput(*graph);
    DecompositionGraph copy = graph->copy();
    CompiledCache().emplace(std::move(key), std::move(graph));
    return {std::move(copy), ""};
  } catch (const std::exception& e) {
    return {nullptr, ExceptionMessage(e)};
  }
}

}  // namespace

absl::Status TorchScriptSource::Add(TorchScriptDecomposition decomposition) {
  ASSIGN_OR_RETURN(OpKey key, OpKey::Parse(decomposition.op));
  if (absl::StatusOr<c10::FunctionSchema> schema = FindOperatorSchema(key); !schema.ok()) {
    return absl::InvalidArgumentError(absl::StrCat(name_, " decomposition for '", decomposition.op,
                                                   "': ", schema.status().message()));
  }
  if (entries_.contains(key)) {
    return absl::InvalidArgumentError(
        absl::StrCat(name_, " already has a decomposition for ", key.ToString()));
  }
  entries_[key] = Entry{std::move(decomposition), nullptr, ""};
  return absl::OkStatus();
}

std::vector<OpKey> TorchScriptSource::ops() const {
  std::vector<OpKey> ops;
  for (const auto& [op, entry] : entries_) ops.push_back(op);
  std::sort(ops.begin(), ops.end());
  return ops;
}

absl::StatusOr<DecompositionGraph> TorchScriptSource::Compile(const OpKey& op) {
  auto it = entries_.find(op);
  if (it == entries_.end()) {
    return absl::NotFoundError(absl::StrCat("no ", name_, " decomposition for ", op.ToString()));
  }
  Entry& entry = it->second;
  if (entry.graph) return entry.graph;
  if (!entry.error.empty()) return absl::InvalidArgumentError(entry.error);
  Compiled compiled = CompileOnce(entry.decomposition.source, entry.decomposition.function);
  if (!compiled.graph) {
    entry.error = absl::StrCat(name_, " decomposition of ", op.ToString(),
                               " does not compile: ", compiled.error);
    return absl::InvalidArgumentError(entry.error);
  }
  entry.graph = std::move(compiled.graph);
  return entry.graph;
}

absl::StatusOr<DecompositionGraph> TorchScriptSource::Decompose(const torch::jit::Node& node) {
  const OpKey op = OpKey::Of(node);
  if (auto it = entries_.find(op);
      it != entries_.end() && it->second.decomposition.on_static_shapes) {
    absl::StatusOr<DecompositionGraph> built;
    try {
      built = it->second.decomposition.on_static_shapes(node);
    } catch (const std::exception& e) {
      built = absl::InternalError(absl::StrCat(name_, " C++ decomposition of ", op.ToString(),
                                               " threw: ", ExceptionMessage(e)));
    }
    if (built.ok() && !*built) built = absl::InternalError("the C++ decomposition gave no graph");
    if (built.ok() || built.status().code() != absl::StatusCode::kFailedPrecondition) {
      return built;
    }
  }
  ASSIGN_OR_RETURN(DecompositionGraph graph, Compile(op));
  RETURN_IF_ERROR(CheckDecompositionFits(node, *graph, name_));
  return graph->copy();
}

}  // namespace graph_lower
