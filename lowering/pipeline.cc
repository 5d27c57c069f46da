// The lowering pipeline and its report.
#include "lowering/pipeline.h"

#include <ATen/Parallel.h>
#include <torch/csrc/jit/passes/dead_code_elimination.h>
#include <torch/csrc/jit/passes/inliner.h>
#include <torch/csrc/jit/passes/loop_unrolling.h>
#include <torch/csrc/jit/passes/pass_manager.h>
#include <torch/csrc/jit/passes/remove_mutation.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <sstream>

#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "ir/errors.h"
#include "ir/graph_io.h"
#include "ir/mutation.h"
#include "opset/report.h"
#include "passes/decompose.h"
#include "passes/fold_glue.h"
#include "passes/fresh_outputs.h"
#include "passes/functionalize.h"
#include "passes/pool_constants.h"
#include "passes/prune_copy.h"
#include "passes/specialize_shapes.h"
#include "reference/backend.h"

namespace graph_lower {
namespace {

using torch::jit::Graph;

int64_t NonCoreCount(const Graph& graph, const Opset& opset) {
  return static_cast<int64_t>(VerifyOpset(graph, opset).size());
}

absl::Status CheckInvariants(const std::shared_ptr<Graph>& graph, const char* pass) {
  try {
    graph->lint();
  } catch (const std::exception& e) {
    return absl::InternalError(absl::StrCat("invalid graph after ", pass, ": ", e.what()));
  }
  return absl::OkStatus();
}

// The source name of a graph input: TorchScript's debug name without its ".N" suffix
// ("mask.1" -> "mask").
std::string ParameterName(std::string name) {
  int64_t suffix;
  if (const size_t dot = name.rfind('.');
      dot != std::string::npos && dot > 0 && absl::SimpleAtoi(name.substr(dot + 1), &suffix)) {
    name.resize(dot);
  }
  return name;
}

// Graph inputs written in place, directly or through a view (passes/functionalize.h).
std::vector<std::string> MutatedInputs(const Graph& graph) {
  std::vector<std::string> mutated;
  for (const torch::jit::Value* in : graph.inputs()) {
    if (WrittenThroughViews(in)) mutated.push_back(ParameterName(in->debugName()));
  }
  return mutated;
}

// Adds the wall time from its construction to its destruction to report.pass_ms[pass].
class PassTimer {
 public:
  PassTimer(LoweringReport& report, absl::string_view pass)
      : report_(report), pass_(pass), start_(std::chrono::steady_clock::now()) {}
  ~PassTimer() {
    report_.AddPassTime(
        pass_, std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start_)
                   .count());
  }

 private:
  LoweringReport& report_;
  absl::string_view pass_;
  std::chrono::steady_clock::time_point start_;
};

// Runs the enclosed code on one intra-op thread and restores the caller's count. Lowering runs
// the program on its example inputs (shape specialisation, CIA tracing): with small inputs that
// is many small ops, for which OpenMP's worker threads cost more than they give (they spin
// between parallel regions: on 1,024 blocks shape specialisation took 763 ms with 2 threads and
// 176 ms with 1), and on a machine whose other cores are busy a parallel region waits for
// descheduled workers (resnet18 lowered in 3.5 s with 2 threads beside another job, 0.57 s with
// 1). Large inputs lose their convolutions' parallelism (resnet50: about 5 s); one thread is the
// predictable choice for a pass that runs inside other programs.
class SingleIntraOpThread {
 public:
  SingleIntraOpThread() : threads_(at::get_num_threads()) {
    if (threads_ != 1) at::set_num_threads(1);
  }
  ~SingleIntraOpThread() { Restore(); }
  void Restore() {
    if (threads_ != 1 && at::get_num_threads() != threads_) at::set_num_threads(threads_);
  }

 private:
  const int threads_;
};

}  // namespace

void LoweringReport::AddPassTime(absl::string_view pass, double ms) {
  for (auto& [name, total] : pass_ms) {
    if (name == pass) {
      total += ms;
      return;
    }
  }
  pass_ms.emplace_back(std::string(pass), ms);
}

namespace {

absl::StatusOr<LoweringReport> LowerToCoreAtenImpl(std::shared_ptr<Graph>& graph,
                                                   const LoweringOptions& options);

}  // namespace

absl::StatusOr<LoweringReport> LowerToCoreAten(std::shared_ptr<Graph>& graph,
                                               const LoweringOptions& options) {
  // Each pass reports its own failures; this catches what one lets escape (libtorch throws from
  // deep inside, e.g. toIValue on a constant of an unexpected type, found by fuzz/), so that a
  // caller's pipeline gets an error instead of std::terminate. `graph` is replaced only at the end.
  try {
    return LowerToCoreAtenImpl(graph, options);
  } catch (const std::exception& e) {
    return absl::InternalError(absl::StrCat("lowering failed: ", ExceptionMessage(e)));
  }
}

namespace {

// Whether a node of `block` (nested blocks included) calls a function or method, which
// torch::jit::Inline replaces by its body.
bool CallsFunctions(const torch::jit::Block& block) {
  for (const torch::jit::Node* node : block.nodes()) {
    if (node->kind() == c10::prim::CallFunction || node->kind() == c10::prim::CallMethod) {
      return true;
    }
    for (const torch::jit::Block* sub : node->blocks()) {
      if (CallsFunctions(*sub)) return true;
    }
  }
  return false;
}

// Why `value`, an example input, holds a tensor lowering cannot run on (empty when it holds none).
// Shape specialisation, CIA tracing and verification run the program on dense (strided) CPU
// tensors: a sparse input failed inside a pass with libtorch's "Could not run 'aten::as_strided'
// with arguments from the 'SparseCPU' backend", and mkldnn or nested inputs left the program
// unspecialised without a word (try-to-break-it pass).
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
    } else if (!t.device().is_cpu()) {
      what << "a tensor on " << t.device();
    }
    why = what.str();
    return true;
  });
  return why;
}

absl::StatusOr<LoweringReport> LowerToCoreAtenImpl(std::shared_ptr<Graph>& graph,
                                                   const LoweringOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  DecompositionRegistry* registry = options.registry;
  if (!registry) {
    // One default registry per thread, kept: it holds no state of a lowering, only the library's
    // table and the decompositions compiled from it (shape-generic; TorchScriptSource::Decompose
    // hands out copies). Making one per lowering copied that table, and each compiled graph it
    // used, every time: 4% of the perf samples of a lowering of a 2-layer nn.TransformerEncoder
    // (lower_bench min 2.57 -> 2.49 ms).
    thread_local const std::unique_ptr<DecompositionRegistry> default_registry =
        DecompositionRegistry::CreateDefault();
    registry = default_registry.get();
  }
  const char* check_env = std::getenv("GRAPH_LOWER_CHECK_INVARIANTS");
  const bool check =
      options.check_invariants || (check_env && *check_env && std::string(check_env) != "0");
  SingleIntraOpThread single_thread;
  if (options.example_inputs && options.example_inputs->size() != graph->inputs().size()) {
    return absl::InvalidArgumentError(absl::StrCat("the graph takes ", graph->inputs().size(),
                                                   " inputs; ", options.example_inputs->size(),
                                                   " example inputs were given"));
  }
  if (options.example_inputs) {
    for (size_t i = 0; i < options.example_inputs->size(); ++i) {
      if (std::string why = UnusableExampleTensor((*options.example_inputs)[i]); !why.empty()) {
        return absl::InvalidArgumentError(
            absl::StrCat("example input ", i, " (", graph->inputs()[i]->debugName(), ") is ", why,
                         "; lowering runs the program on dense (strided) CPU tensors"));
      }
    }
  }
  LoweringReport report;
  auto after = [&options](absl::string_view pass, const Graph& g) {
    if (options.after_pass) options.after_pass(pass, g);
  };
  after("input", *graph);
  {
    PassTimer timer(report, "census");
    report.ops_before = TakeCensus(*graph, options.opset);
    report.nodes_before = CountNodes(report.ops_before);
  }
  // The original is run again only to verify.
  std::shared_ptr<Graph> original;
  std::shared_ptr<Graph> g;  // the graph being lowered: a copy of the caller's
  if (options.verify) {
    PassTimer timer(report, "copy");
    original = graph->copy();
  }
  // A constant dtype that names no ScalarType: running the node (specialisation, folding, CIA
  // tracing, --verify) would crash libtorch; an archive's `torch.softmax(x, 0, dtype=-1)` (found by
  // the try-to-break-it pass: a segfault, as in eager PyTorch).
  auto bad_dtype = [](const Graph& graph, absl::string_view when) -> absl::Status {
    const torch::jit::Node* n = FirstNodeGivenBadDtype(*graph.block());
    if (!n) return absl::OkStatus();
    std::vector<std::string> outputs;
    for (const torch::jit::Value* v : n->outputs()) outputs.push_back("%" + v->debugName());
    return absl::InvalidArgumentError(
        absl::StrCat(when, n->kind().toQualString(), " (outputs ", absl::StrJoin(outputs, ", "),
                     ") is given a dtype argument that is an int naming no ScalarType"));
  };
  // Shape specialisation on the example inputs (passes/specialize_shapes.h). With `first`, the
  // program's own failure on them is an error; each loop left unspecialised is reported once.
  SpecializeOptions specialize_options;
  specialize_options.compare_with_example_run = check;
  auto specialized = [&](const SpecializeStats& spec, bool first) -> absl::Status {
    if (first && !spec.first_failure.empty()) {
      return absl::InvalidArgumentError(
          absl::StrCat("the program fails on the example inputs: ", spec.first_failure));
    }
    report.specialized = true;
    for (const std::string& loop : spec.loops_left) {
      if (std::find(report.unspecialized_loops.begin(), report.unspecialized_loops.end(), loop) ==
          report.unspecialized_loops.end()) {
        report.unspecialized_loops.push_back(loop);
      }
    }
    return absl::OkStatus();
  };
  auto specialize = [&](bool first) -> absl::Status {
    absl::StatusOr<SpecializeStats> spec = [&] {
      PassTimer timer(report, "specialize");
      return SpecializeShapes(*g, *options.example_inputs, specialize_options);
    }();
    if (!spec.ok()) return spec.status();
    return specialized(*spec, first);
  };
  // A program that writes, given example inputs, is copied without the branches its inputs never
  // take (passes/prune_copy.h): it is specialised first, on the caller's graph, which that does
  // not change. Not done when it calls functions (they are inlined into the copy first), nor when
  // an op changes a tensor's metadata in place (the types recorded per value would not follow its
  // aliases; see below).
  const bool pruning_copy = options.example_inputs && !CallsFunctions(*graph->block()) &&
                            AnyNodeWrites(*graph->block()) &&
                            !AnyNodeChangesMetadataInPlace(*graph->block());
  if (pruning_copy) {
    if (absl::Status s = bad_dtype(*graph, ""); !s.ok()) return s;
    absl::StatusOr<ExampleRun> run = [&] {
      PassTimer timer(report, "specialize");
      return RunOnExamples(*graph, *options.example_inputs, specialize_options);
    }();
    if (!run.ok()) return run.status();
    if (absl::Status s = specialized(run->stats, /*first=*/true); !s.ok()) return s;
    PassTimer timer(report, "copy");
    g = CopyTakingBranches(*graph, StaticBranches(*graph, *run, *options.example_inputs),
                           run->types);
  } else {
    if (options.in_place) {
      g = graph;
    } else {
      PassTimer timer(report, "copy");
      g = graph->copy();
    }
    try {
      PassTimer timer(report, "prepare");
      // Prepare: inline calls; functionalise the in-place ops alias analysis proves removable,
      // then in-place ops and writes through views (passes/functionalize.h).
      torch::jit::Inline(*g);
    } catch (const std::exception& e) {
      return absl::InternalError(absl::StrCat("prepare failed: ", e.what()));
    }
    if (absl::Status s = bad_dtype(*g, ""); !s.ok()) return s;
  }
  // The copies must not share a list (or tensor) constant the program writes with the caller's
  // graph, nor with each other (passes/prune_copy.h).
  UnshareWrittenConstants(*g);
  if (original) UnshareWrittenConstants(*original);
  if (options.example_inputs) {
    // An Optional input given None is specialised to None (as torch.export does): the `is None`
    // tests fold and the branches for a present value go away. The input stays in the
    // signature, typed NoneType, so a call passing a value fails instead of being ignored.
    // Likewise an Optional input given a value is specialised to present: typed as its element
    // type, so `is None` folds to false and the None branches go away; calling the lowered
    // program with None then fails the schema check instead of running a removed branch.
    for (size_t i = 0; i < g->inputs().size(); ++i) {
      torch::jit::Value* in = g->inputs()[i];
      if (!in->hasUses()) continue;
      c10::TypePtr type = SpecializedOptionalType(in->type(), (*options.example_inputs)[i]);
      if (!type) continue;
      if (type->kind() == c10::TypeKind::NoneType) {
        torch::jit::WithInsertPoint guard(g->block()->nodes().front());
        in->replaceAllUsesWith(g->insertConstant(c10::IValue()));
        report.none_inputs.push_back(ParameterName(in->debugName()));
      } else {
        report.present_inputs.push_back(ParameterName(in->debugName()));
      }
      in->setType(type);  // a call with a value (or None) then fails the schema check
    }
  }
  // A program that writes, given example inputs, is first specialised and the branches its
  // inputs do not take are pruned, so that the mutation removal passes below and their alias
  // analysis see only what runs. A scripted nn.TransformerEncoderLayer's fast-path checks (list
  // comprehensions over its tensors, 343 aten::append in an encoder of 6 layers, each in a branch
  // decided by the input's shape) were 7 of the 17 ms of its lowering (lower_bench). Not done when
  // an op changes a tensor's metadata in place: the recorded types would not follow its aliases.
  bool writes = AnyNodeWrites(*g->block());
  if (options.example_inputs && writes && !AnyNodeChangesMetadataInPlace(*g->block())) {
    // The pruning copy has the types already.
    if (!pruning_copy) {
      if (absl::Status s = specialize(/*first=*/true); !s.ok()) return s;
    }
    PassTimer timer(report, "fold");
    absl::StatusOr<bool> pruned = PruneBranches(*g);
    if (!pruned.ok()) return pruned.status();
    if (*pruned) writes = AnyNodeWrites(*g->block());
    after("prune", *g);
  }
  // The mutation removal passes alias-analyse the whole graph; skipped when nothing writes.
  if (writes) {
    try {
      PassTimer timer(report, "prepare");
      torch::jit::RemoveListMutation(g);
      // In-place comparisons and logical ops keep the destination's dtype (x.lt_(0) on floats
      // stores 0./1.), which RemoveTensorMutation's plain functional op (a bool result) does not:
      // they are left to passes/functionalize, which casts back.
      torch::jit::RemoveTensorMutation(g, [](torch::jit::Node* node) {
        static const absl::flat_hash_set<std::string>* kDtypeChanging =
            new absl::flat_hash_set<std::string>{
                "aten::lt_",          "aten::le_",         "aten::gt_",
                "aten::ge_",          "aten::eq_",         "aten::ne_",
                "aten::logical_and_", "aten::logical_or_", "aten::logical_xor_",
                "aten::logical_not_", "aten::isnan_"};
        return !kDtypeChanging->contains(node->kind().toQualString());
      });
      EliminateDeadCodeOf(g);
    } catch (const std::exception& e) {
      return absl::InternalError(absl::StrCat("prepare failed: ", e.what()));
    }
  }
  FunctionalizeOptions functionalize_options;
  functionalize_options.return_mutated_inputs = options.return_mutated_inputs;
  // The extra outputs are packed with a single output once, after the last round (below).
  functionalize_options.pack_single_output = false;
  functionalize_options.use_functional_twin = [&options](const torch::jit::Node& node) {
    return options.opset.IsLegal(node);
  };
  const size_t user_outputs = g->outputs().size();
  absl::StatusOr<FunctionalizeResult> functionalized = [&] {
    PassTimer timer(report, "functionalize");
    return Functionalize(g, functionalize_options);
  }();
  if (!functionalized.ok()) return functionalized.status();
  // Every input whose final value the graph returns, in the order of the extra outputs.
  std::vector<std::pair<size_t, std::string>> mutated = functionalized->mutated_inputs;
  if (check) {
    if (absl::Status s = CheckInvariants(g, "prepare"); !s.ok()) return s;
  }
  after("prepare", *g);

  DecomposeOptions decompose_options;
  decompose_options.opset = &options.opset;
  decompose_options.registry = registry;
  decompose_options.max_rewrites = options.max_rewrites;
  decompose_options.check_invariants = check;
  int round = 0;
  bool legal_after_round = false;  // the last round's check found no node outside the opset
  if (options.progress) {
    decompose_options.progress_interval_ms = options.progress_interval_ms;
    decompose_options.progress = [&options, &round](const DecomposeProgress& p) {
      options.progress(LoweringProgress{round, p});
    };
  }
  for (int iteration = 0; iteration < options.max_iterations; ++iteration) {
    report.iterations = iteration + 1;
    round = iteration + 1;
    const std::string prefix = absl::StrCat("r", round, "-");
    if (std::getenv("GRAPH_LOWER_DEBUG")) std::cerr << "lowering round " << iteration + 1 << "\n";
    if (options.example_inputs) {
      if (absl::Status s = specialize(/*first=*/iteration == 0); !s.ok()) return s;
      PassTimer timer(report, "fold");
      absl::StatusOr<bool> folded = FoldGlue(g);
      if (!folded.ok()) return folded.status();
      if (options.unroll_loops) {
        try {
          if (torch::jit::UnrollConstantLoops(g)) {
            torch::jit::RemoveListMutation(g);
            folded = FoldGlue(g);
            if (!folded.ok()) return folded.status();
          }
        } catch (const std::exception& e) {
          return absl::InternalError(absl::StrCat("unrolling loops failed: ", e.what()));
        }
      }
      if (check) {
        if (absl::Status s = CheckInvariants(g, "specialize"); !s.ok()) return s;
      }
    }
    if (options.example_inputs) after(prefix + "specialize", *g);
    absl::StatusOr<DecomposeResult> result = [&] {
      PassTimer timer(report, "decompose");
      return DecomposeToOpset(*g, decompose_options);
    }();
    if (!result.ok()) return result.status();
    g = result->graph;
    report.rewrites += result->rewrites;
    report.memo_hits += result->memo_hits;
    report.memo_entries += result->memo_entries;
    report.restrided_outputs += result->restrided_outputs;
    report.changed |= result->changed;
    report.converged = result->converged;
    for (const auto& [op, source] : result->decompositions)
      report.decompositions.emplace(op, source);
    for (const auto& [op, stats] : result->rewrites_by_op) {
      OpRewrites& total = report.rewrites_by_op[op];
      if (total.source.empty()) total.source = stats.source;
      total.rewrites += stats.rewrites;
      total.nodes += stats.nodes;
    }
    for (const auto& [source, ms] : result->source_ms) report.source_ms[source] += ms;
    for (const auto& [op, first] : result->first_decomposition) {
      report.decomposition_graphs.emplace(op, first);
    }
    for (auto& c : result->cycles) {
      // Each cycle once, though every round (and every node of the op) meets it again.
      if (std::find(report.cycles.begin(), report.cycles.end(), c) == report.cycles.end()) {
        report.cycles.push_back(std::move(c));
      }
    }
    for (const auto& [op, reasons] : result->undecomposable) report.undecomposable[op] = reasons;
    if (check) {
      if (absl::Status s = CheckInvariants(g, "decompose"); !s.ok()) return s;
    }
    after(prefix + "decompose", *g);
    // Decompositions may write in place (CIA kernels such as feature_dropout's bernoulli_,
    // div_, mul_ on a fresh tensor; batch_norm's, whose schema declares no write, updates the
    // running statistics it was given): functionalize what they introduced. The new values of
    // inputs written for the first time here are returned after the earlier ones.
    {
      PassTimer timer(report, "functionalize");
      absl::StatusOr<FunctionalizeResult> f = Functionalize(g, functionalize_options);
      if (!f.ok()) return f.status();
      mutated.insert(mutated.end(), f->mutated_inputs.begin(), f->mutated_inputs.end());
      report.changed |= f->changed;
      if (check && f->changed) {
        if (absl::Status s = CheckInvariants(g, "functionalize"); !s.ok()) return s;
      }
    }
    after(prefix + "functionalize", *g);

    // Cleanup: fold what the decompositions made constant, drop dead code, pool constants.
    const int64_t non_core_before_cleanup = check ? NonCoreCount(*g, options.opset) : 0;
    try {
      absl::StatusOr<bool> folded = [&] {
        PassTimer timer(report, "fold");
        return FoldGlue(g);
      }();
      if (!folded.ok()) return folded.status();
      // FoldGlue ends with dead code elimination.
      PassTimer timer(report, "pool_constants");
      PoolConstants(g);
    } catch (const std::exception& e) {
      return absl::InternalError(absl::StrCat("cleanup failed: ", e.what()));
    }
    if (check) {
      if (absl::Status s = CheckInvariants(g, "cleanup"); !s.ok()) return s;
      if (NonCoreCount(*g, options.opset) > non_core_before_cleanup) {
        return absl::InternalError("cleanup introduced ops outside the opset");
      }
    }
    after(prefix + "cleanup", *g);
    if (!result->changed) break;
    PassTimer timer(report, "census");
    if (VerifyOpset(*g, options.opset).empty()) {
      legal_after_round = true;  // what the census below would find again
      break;
    }
  }
  // An output computed from constants only (`x.new_zeros(3)` once x's dtype is specialised) would
  // be one tensor object for every call under TorchScript's executor (passes/fresh_outputs.h).
  try {
    PassTimer timer(report, "fresh_outputs");
    report.fresh_outputs = KeepOutputsFresh(*g);
  } catch (const std::exception& e) {
    return absl::InternalError(absl::StrCat("keeping outputs fresh failed: ", e.what()));
  }
  if (check && report.fresh_outputs > 0) {
    if (absl::Status s = CheckInvariants(g, "fresh_outputs"); !s.ok()) return s;
  }
  after("fresh_outputs", *g);
  // A dtype folded from the program's arithmetic on the example inputs (`2 - 3`): the node was
  // never run (CIA tracing and folding skip it), and the program would crash libtorch there.
  if (absl::Status s = bad_dtype(*g, "on the example inputs, "); !s.ok()) return s;
  for (const auto& [index, name] : mutated) report.mutated_inputs.push_back(ParameterName(name));
  if (user_outputs == 1 && !mutated.empty() && g->outputs().size() > 1) {
    PackOutputsInTuple(*g);  // (output, new values...), as Functionalize documents
  }
  {
    PassTimer timer(report, "census");
    // Packing the outputs adds only a prim::TupleConstruct, which is structural.
    report.ops_after =
        TakeCensus(*g, options.opset, legal_after_round ? nullptr : &report.violations);
    report.nodes_after = CountNodes(report.ops_after);
    report.inputs_written_in_place = MutatedInputs(*g);
  }
  after("final", *g);

  if (options.verify) {
    single_thread.Restore();  // the programs run on real inputs: all threads
    PassTimer timer(report, "verify");
    if (!options.example_inputs) {
      return absl::InvalidArgumentError("verification needs example inputs");
    }
    std::vector<c10::IValue> inputs_after;
    absl::StatusOr<std::vector<c10::IValue>> expected =
        RunGraph(original, *options.example_inputs, &inputs_after);
    if (expected.ok() && !mutated.empty()) {
      // The functional graph also returns the final value of each input the program wrote.
      std::vector<c10::IValue> items = *expected;
      for (const auto& [index, name] : mutated) {
        items.push_back(inputs_after[index]);
      }
      if (expected->size() == 1) {
        expected = std::vector<c10::IValue>{c10::ivalue::Tuple::create(std::move(items))};
      } else {
        expected = std::move(items);
      }
    }
    if (!expected.ok()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "the original graph fails on the example inputs: ", expected.status().message()));
    }
    // On a copy, so that a constant the program writes starts from its value in the graph
    // returned (weights stay shared).
    std::shared_ptr<Graph> lowered = g->copy();
    UnshareWrittenConstants(*lowered);
    absl::StatusOr<std::vector<c10::IValue>> actual = RunGraph(lowered, *options.example_inputs);
    if (!actual.ok()) {
      report.verify_message = absl::StrCat("the lowered graph fails: ", actual.status().message());
    } else {
      Comparison c = CompareOutputs(*expected, *actual);
      report.verified = c.equal;
      report.max_abs_error = c.max_abs_error;
      report.max_rel_error = c.max_rel_error;
      report.verify_message = c.mismatch;
    }
  }
  const bool strict_failed = options.strict && !report.violations.empty();
  // The graphs replaced are freed before the clock stops: at 100k nodes that is a tenth of the
  // time (perf: Graph::~Graph), and a caller holding the input still frees it later.
  if (!strict_failed) graph = g;
  g.reset();
  original.reset();
  report.time_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  if (strict_failed) {
    std::vector<std::string> ops;
    for (const auto& [op, count] : report.ops_after) {
      if (count.op_class == OpClass::kNonCore) ops.push_back(op.ToString());
    }
    return absl::FailedPreconditionError(
        absl::StrCat("strict: ops outside the opset remain: ", absl::StrJoin(ops, ", ")));
  }
  return report;
}

}  // namespace

nlohmann::json LoweringReport::ToJson() const {
  nlohmann::json j = CheckReport(ops_after, violations, nodes_after);
  nlohmann::json before = nlohmann::json::object();
  for (const auto& [op, count] : ops_before) before[op.ToString()] = count.count;
  j["ops_before"] = before;
  j["ops_after"] = j["ops"];
  j.erase("ops");
  j["nodes_before"] = nodes_before;
  j["nodes_after"] = nodes_after;
  j.erase("nodes");
  nlohmann::json d = nlohmann::json::object();
  for (const auto& [op, source] : decompositions) d[op.ToString()] = source;
  j["decompositions"] = d;
  nlohmann::json cycles_json = nlohmann::json::array();
  for (const auto& cycle : cycles) {
    nlohmann::json path = nlohmann::json::array();
    for (const OpKey& op : cycle) path.push_back(op.ToString());
    cycles_json.push_back(path);
  }
  j["cycles"] = cycles_json;
  nlohmann::json u = nlohmann::json::object();
  for (const auto& [op, reasons] : undecomposable) u[op.ToString()] = reasons;
  j["undecomposable"] = u;
  j["mutated_inputs"] = mutated_inputs;
  j["inputs_written_in_place"] = inputs_written_in_place;
  j["none_inputs"] = none_inputs;
  j["present_inputs"] = present_inputs;
  j["unspecialized_loops"] = unspecialized_loops;
  j["rewrites"] = rewrites;
  nlohmann::json by_op = nlohmann::json::object();
  for (const auto& [op, stats] : rewrites_by_op) {
    by_op[op.ToString()] = {
        {"rewrites", stats.rewrites}, {"nodes", stats.nodes}, {"source", stats.source}};
  }
  j["rewrites_by_op"] = by_op;
  nlohmann::json irs = nlohmann::json::object();
  for (const auto& [op, sub] : decomposition_graphs) irs[op.ToString()] = GraphToText(*sub);
  j["decomposition_ir"] = irs;
  j["memo_hits"] = memo_hits;
  j["memo_entries"] = memo_entries;
  j["restrided_outputs"] = restrided_outputs;
  j["fresh_outputs"] = fresh_outputs;
  j["iterations"] = iterations;
  j["changed"] = changed;
  j["converged"] = converged;
  j["specialized"] = specialized;
  j["time_ms"] = time_ms;
  nlohmann::json passes = nlohmann::json::object();
  for (const auto& [pass, ms] : pass_ms) passes[pass] = ms;
  j["pass_ms"] = passes;
  j["source_ms"] = source_ms;
  j["verified"] = verified;
  j["max_abs_error"] = max_abs_error ? nlohmann::json(*max_abs_error) : nlohmann::json(nullptr);
  j["max_rel_error"] = max_rel_error ? nlohmann::json(*max_rel_error) : nlohmann::json(nullptr);
  if (!verify_message.empty()) j["verify_message"] = verify_message;
  return j;
}

std::string LoweringReport::Summary() const {
  std::map<std::string, int> by_source;
  for (const auto& [op, source] : decompositions) by_source[source]++;
  std::vector<std::string> sources;
  for (const auto& [source, n] : by_source) sources.push_back(absl::StrCat(source, " ", n));
  std::vector<std::string> left;
  std::vector<std::string> glue;
  for (const auto& [op, count] : ops_after) {
    if (count.op_class == OpClass::kNonCore)
      left.push_back(absl::StrCat(op.ToString(), " x", count.count));
    if (count.op_class == OpClass::kGlue) glue.push_back(op.ToString());
  }
  std::string out = absl::StrFormat(
      "lowered in %.0f ms: %d -> %d nodes, %d overloads decomposed%s, %d rewrites, %d memo "
      "hits\n",
      time_ms, nodes_before, nodes_after, decompositions.size(),
      sources.empty() ? "" : absl::StrCat(" (", absl::StrJoin(sources, ", "), ")"), rewrites,
      memo_hits);
  if (!none_inputs.empty()) {
    absl::StrAppend(&out, "specialised to None (as in the example inputs): ",
                    absl::StrJoin(none_inputs, ", "), "\n");
  }
  if (!present_inputs.empty()) {
    absl::StrAppend(&out, "specialised to present (given a value in the example inputs): ",
                    absl::StrJoin(present_inputs, ", "), "\n");
  }
  for (const std::string& loop : unspecialized_loops) {
    absl::StrAppend(&out, "not specialised: ", loop, "\n");
  }
  if (left.empty()) {
    absl::StrAppend(&out, "legal: every tensor op is in the opset\n");
  } else {
    absl::StrAppend(&out, "not legal: left outside the opset: ", absl::StrJoin(left, ", "), "\n");
    for (const auto& [op, reasons] : undecomposable) {
      absl::StrAppend(&out, "  ", op.ToString(), ": ", absl::StrJoin(reasons, "; "), "\n");
    }
  }
  if (!glue.empty()) {
    absl::StrAppend(&out, "glue left (scalar/list computation, not core ATen): ",
                    absl::StrJoin(glue, ", "), "\n");
  }
  for (const auto& cycle : cycles) {
    std::vector<std::string> names;
    for (const OpKey& op : cycle) names.push_back(op.ToString());
    absl::StrAppend(&out, "cycle stopped: ", absl::StrJoin(names, " -> "), "\n");
  }
  if (max_abs_error) {
    absl::StrAppendFormat(&out, "verify: %s (max abs error %.3g, max rel error %.3g)%s\n",
                          verified ? "outputs match" : "MISMATCH", *max_abs_error,
                          max_rel_error.value_or(0),
                          verify_message.empty() ? "" : absl::StrCat(": ", verify_message));
  } else if (!verify_message.empty()) {
    absl::StrAppend(&out, "verify: FAILED: ", verify_message, "\n");
  }
  return out;
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
