// LowerToCoreAten: runs the steps of lowering/steps.h from one loop, which times them, dumps the
// graph after them (LoweringOptions::after_pass), checks invariants after them and turns what
// they throw into a status.
#include "lowering/pipeline.h"

#include <torch/csrc/jit/passes/pass_manager.h>

#include <chrono>
#include <sstream>

#include "absl/log/log.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "ir/errors.h"
#include "ir/graph_predicates.h"
#include "ir/status_macros.h"
#include "lowering/steps.h"

namespace graph_lower {
namespace {

using lowering_internal::LoweringState;
using lowering_internal::Step;
using torch::jit::Graph;

// Adds the wall time from its construction to its destruction to report.pass_ms[pass].
class PassTimer {
 public:
  PassTimer(LoweringReport& report, const char* pass)
      : report_(report), pass_(pass), start_(std::chrono::steady_clock::now()) {}
  ~PassTimer() {
    if (!pass_) return;
    report_.AddPassTime(
        pass_, std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start_)
                   .count());
  }

 private:
  LoweringReport& report_;
  const char* pass_;
  std::chrono::steady_clock::time_point start_;
};

// Nodes outside the opset, metadata queries apart: cleanup may split one (FoldGlue turns a
// size() of partly known sizes into a size.int per symbolic dim, which core_queries makes core).
int64_t NonCoreCount(const Graph& graph, const Opset& opset) {
  OpsetClassifier classifier(opset);
  return CountNodes(*graph.block(), [&classifier](const torch::jit::Node& node) {
    return !classifier.IsLegal(node) && !IsMetadataQuery(node);
  });
}

// Runs `step` if it applies, with its timer; then, when invariants are checked, lints the graph
// and for a cleanup step checks that it added no node outside the opset (metadata queries apart);
// then dumps the graph.
absl::Status RunStep(const Step& step, LoweringState& s, absl::string_view dump_prefix) {
  if (step.applies && !step.applies(s)) return absl::OkStatus();
  VLOG(2) << "step " << dump_prefix << step.name;
  const int64_t non_core_before =
      s.check && step.cleanup ? NonCoreCount(*s.graph, s.options.opset) : 0;
  absl::StatusOr<bool> changed;
  {
    PassTimer timer(s.report, step.timer);
    try {
      changed = step.run(s);
    } catch (const std::exception& e) {
      return absl::InternalError(absl::StrCat(step.name, " failed: ", ExceptionMessage(e)));
    }
  }
  RETURN_IF_ERROR(changed);
  if (s.check && s.graph && *changed) {
    try {
      s.graph->lint();
    } catch (const std::exception& e) {
      return absl::InternalError(
          absl::StrCat("invalid graph after ", step.name, ": ", ExceptionMessage(e)));
    }
    if (step.cleanup && NonCoreCount(*s.graph, s.options.opset) > non_core_before) {
      return absl::InternalError(absl::StrCat(step.name, " introduced ops outside the opset"));
    }
  }
  if (step.dump && s.options.after_pass) {
    s.options.after_pass(absl::StrCat(dump_prefix, step.dump), *s.graph);
  }
  return absl::OkStatus();
}

absl::Status RunSteps(const std::vector<Step>& steps, LoweringState& s,
                      absl::string_view dump_prefix = "") {
  for (const Step& step : steps) RETURN_IF_ERROR(RunStep(step, s, dump_prefix));
  return absl::OkStatus();
}

// Why `value`, an example input, holds a tensor lowering cannot run on (empty when it holds none).
// Shape specialisation, CIA tracing and verification run the program on dense (strided) CPU
// tensors (a meta tensor stands for one: LoweringOptions::example_inputs); a sparse, quantized,
// nested or mkldnn tensor would fail deep inside a pass or leave the program unspecialised without
// a word.
std::string UnusableExampleTensor(const c10::IValue& value) {
  std::string why;
  value.visit([&why](const c10::IValue& v) {
    // An object (a module passed as `self`) holds the module's own state, not example values.
    if (!why.empty() || v.isObject()) return true;
    if (!v.isTensor()) return false;
    const at::Tensor& t = v.toTensor();
    if (!t.defined()) return true;
    std::ostringstream what;
    if (t.is_quantized()) {
      what << "a quantized tensor";
    } else if (t.is_nested()) {
      what << "a nested tensor";
    } else if (t.layout() != at::kStrided) {
      what << "a tensor of layout " << t.layout();
    } else if (!t.device().is_cpu() && !t.is_meta()) {
      what << "a tensor on " << t.device();
    }
    why = what.str();
    return true;
  });
  return why;
}

absl::Status CheckExampleInputs(const Graph& graph, const LoweringOptions& options) {
  if (!options.example_inputs) return absl::OkStatus();
  const std::vector<c10::IValue>& examples = *options.example_inputs;
  if (examples.size() != graph.inputs().size()) {
    return absl::InvalidArgumentError(absl::StrCat("the graph takes ", graph.inputs().size(),
                                                   " inputs; ", examples.size(),
                                                   " example inputs were given"));
  }
  for (size_t i = 0; i < examples.size(); ++i) {
    if (options.verify && lowering_internal::HoldsMetaTensor(examples[i])) {
      return absl::InvalidArgumentError(
          absl::StrCat("example input ", i, " (", graph.inputs()[i]->debugName(),
                       ") is a meta tensor; verification compares values, so it needs CPU ones"));
    }
    if (std::string why = UnusableExampleTensor(examples[i]); !why.empty()) {
      return absl::InvalidArgumentError(
          absl::StrCat("example input ", i, " (", graph.inputs()[i]->debugName(), ") is ", why,
                       "; lowering runs the program on dense (strided) CPU tensors"));
    }
  }
  return absl::OkStatus();
}

absl::StatusOr<LoweringReport> Lower(std::shared_ptr<Graph>& graph,
                                     const LoweringOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  RETURN_IF_ERROR(CheckExampleInputs(*graph, options));
  LoweringState s(graph, options);
  if (options.after_pass) options.after_pass("input", *graph);
  RETURN_IF_ERROR(RunSteps(lowering_internal::PrepareSteps(), s));
  for (s.round = 1; s.round <= options.max_iterations; ++s.round) {
    VLOG(1) << "lowering round " << s.round;
    s.report.iterations = s.round;
    RETURN_IF_ERROR(RunSteps(lowering_internal::RoundSteps(), s, absl::StrCat("r", s.round, "-")));
    if (!s.decompose_changed || s.legal_after_round) break;
  }
  RETURN_IF_ERROR(RunSteps(lowering_internal::FinishSteps(), s));

  const bool strict_failed = options.strict && !s.report.violations.empty();
  // The graphs replaced are freed before the clock stops (a large part of the time on large
  // graphs; docs/benchmarks.md), and a caller holding the input still frees it later.
  if (!strict_failed) graph = s.graph;
  s.graph.reset();
  s.original.reset();
  s.report.time_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  if (strict_failed) {
    std::vector<std::string> ops;
    for (const auto& [op, count] : s.report.ops_after) {
      if (count.op_class == OpClass::kNonCore) ops.push_back(op.ToString());
    }
    return absl::FailedPreconditionError(
        absl::StrCat("strict: ops outside the opset remain: ", absl::StrJoin(ops, ", ")));
  }
  return std::move(s.report);
}

}  // namespace

absl::StatusOr<LoweringReport> LowerToCoreAten(std::shared_ptr<Graph>& graph,
                                               const LoweringOptions& options) {
  // Each step's exceptions become a status in RunStep; this catches what escapes around them
  // (libtorch throws from deep inside), so that a caller's pipeline gets an error instead of
  // std::terminate. `graph` is replaced only at the end.
  try {
    return Lower(graph, options);
  } catch (const std::exception& e) {
    return absl::InternalError(absl::StrCat("lowering failed: ", ExceptionMessage(e)));
  }
}

void RegisterLowerToCoreAtenPass() {
  static const bool registered = [] {
    torch::jit::RegisterPass([](std::shared_ptr<Graph>& graph) {
      LoweringOptions options;
      (void)LowerToCoreAten(graph, options);  // on error the graph is left as it was
    });
    return true;
  }();
  (void)registered;
}

}  // namespace graph_lower
