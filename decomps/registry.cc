// The decomposition registry and its user source.
#include "decomps/registry.h"

#include <chrono>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "decomps/cia_source.h"
#include "decomps/library/library.h"
#include "ir/status_macros.h"

namespace graph_lower {

// User decompositions: C++ functions first, then TorchScript given at run time.
class DecompositionRegistry::UserSource : public DecompositionSource {
 public:
  absl::string_view name() const override { return "user"; }
  bool specialized() const override { return false; }

  absl::Status Register(absl::string_view op, DecompositionFn fn) {
    ASSIGN_OR_RETURN(OpKey key, OpKey::Parse(op));
    if (absl::StatusOr<c10::FunctionSchema> s = FindOperatorSchema(key); !s.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat("user decomposition for '", op, "': ", s.status().message()));
    }
    if (functions_.contains(key) || torchscript_.Has(key)) {
      return absl::InvalidArgumentError(
          absl::StrCat("a user decomposition for ", key.ToString(), " is already registered"));
    }
    functions_[key] = std::move(fn);
    return absl::OkStatus();
  }

  absl::Status RegisterTorchScript(absl::string_view op, std::string function, std::string source) {
    ASSIGN_OR_RETURN(OpKey key, OpKey::Parse(op));
    if (functions_.contains(key)) {
      return absl::InvalidArgumentError(
          absl::StrCat("a user decomposition for ", key.ToString(), " is already registered"));
    }
    return torchscript_.Add({std::string(op), std::move(function), std::move(source)});
  }

  absl::StatusOr<DecompositionGraph> Decompose(const torch::jit::Node& node) override {
    const OpKey op = OpKey::Of(node);
    if (auto it = functions_.find(op); it != functions_.end()) {
      absl::StatusOr<DecompositionGraph> graph;
      try {
        graph = it->second(node);
      } catch (const std::exception& e) {
        return absl::InternalError(
            absl::StrCat("user decomposition of ", op.ToString(), " threw: ", e.what()));
      }
      if (!graph.ok()) return graph.status();
      if (!*graph) return absl::InternalError("user decomposition returned no graph");
      RETURN_IF_ERROR(CheckDecompositionFits(node, **graph, name()));
      return graph;
    }
    if (torchscript_.Has(op)) return torchscript_.Decompose(node);
    return absl::NotFoundError(absl::StrCat("no user decomposition for ", op.ToString()));
  }

 private:
  absl::flat_hash_map<OpKey, DecompositionFn> functions_;
  TorchScriptSource torchscript_{"user"};
};

DecompositionRegistry::DecompositionRegistry() {
  auto user = std::make_unique<UserSource>();
  user_ = user.get();
  sources_.push_back(std::move(user));
}

std::unique_ptr<DecompositionRegistry> DecompositionRegistry::CreateEmpty() {
  return std::unique_ptr<DecompositionRegistry>(new DecompositionRegistry());
}

std::unique_ptr<DecompositionRegistry> DecompositionRegistry::CreateDefault() {
  // The library's entries, checked once per process (parsing each overload and finding its
  // schema was a few percent of a small model's lowering, which makes a default registry).
  auto checked = [](const char* name, std::vector<TorchScriptDecomposition> entries) {
    auto* source = new TorchScriptSource(name);
    for (TorchScriptDecomposition& d : entries) {
      absl::Status s = source->Add(std::move(d));
      // The library is ours and fixed: a bad entry is a programming error caught by its tests.
      if (!s.ok()) throw std::logic_error(std::string(s.message()));
    }
    return source;
  };
  static const TorchScriptSource* const checked_library =
      checked("library", LibraryDecompositions());
  static const TorchScriptSource* const checked_generic =
      checked("generic", ShapeGenericDecompositions());
  std::unique_ptr<DecompositionRegistry> registry = CreateEmpty();
  registry->AddSource(std::make_unique<TorchScriptSource>(*checked_library));
  registry->AddSource(std::make_unique<CiaSource>());
  registry->AddSource(std::make_unique<TorchScriptSource>(*checked_generic));
  return registry;
}

absl::Status DecompositionRegistry::Register(absl::string_view op, DecompositionFn fn) {
  return user_->Register(op, std::move(fn));
}

absl::Status DecompositionRegistry::RegisterTorchScript(absl::string_view op, std::string function,
                                                        std::string source) {
  return user_->RegisterTorchScript(op, std::move(function), std::move(source));
}

void DecompositionRegistry::AddSource(std::unique_ptr<DecompositionSource> source) {
  sources_.push_back(std::move(source));
}

void DecompositionRegistry::AddSourceAfterUser(std::unique_ptr<DecompositionSource> source) {
  sources_.insert(sources_.begin() + 1, std::move(source));
}

std::vector<std::string> DecompositionRegistry::source_names() const {
  std::vector<std::string> names;
  for (const auto& s : sources_) names.emplace_back(s->name());
  return names;
}

DecompositionRegistry::Lookup DecompositionRegistry::Find(const torch::jit::Node& node) {
  Lookup lookup;
  for (const auto& source : sources_) {
    const auto start = std::chrono::steady_clock::now();
    absl::StatusOr<DecompositionGraph> graph = source->Decompose(node);
    // Every source's answer must fit the node, whoever wrote the source: the driver maps the
    // node's inputs and outputs onto the graph's one to one.
    if (graph.ok() && !*graph) {
      graph = absl::InternalError("the source returned no graph");
    } else if (graph.ok()) {
      if (absl::Status fits = CheckDecompositionFits(node, **graph, source->name()); !fits.ok()) {
        graph = fits;
      }
    }
    lookup.source_ms.emplace_back(
        std::string(source->name()),
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
            .count());
    if (graph.ok()) {
      lookup.graph = *std::move(graph);
      lookup.source = std::string(source->name());
      lookup.specialized = source->specialized();
      return lookup;
    }
    const absl::StatusCode code = graph.status().code();
    if (code == absl::StatusCode::kNotFound && source.get() == user_) continue;  // the usual case
    if (code != absl::StatusCode::kNotFound && code != absl::StatusCode::kFailedPrecondition) {
      lookup.fault = true;
    }
    lookup.reasons.push_back(absl::StrCat(source->name(), ": ", graph.status().message()));
  }
  return lookup;
}

}  // namespace graph_lower
