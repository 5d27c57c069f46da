// The steps of LowerToCoreAten, each a pass over the state of one lowering.
#include "lowering/steps.h"

#include <ATen/CPUGeneratorImpl.h>
#include <ATen/Parallel.h>
#include <torch/csrc/jit/passes/loop_unrolling.h>
#include <torch/csrc/jit/passes/remove_mutation.h>

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <mutex>
#include <set>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "ir/errors.h"
#include "ir/example_values.h"
#include "ir/graph_io.h"
#include "ir/graph_predicates.h"
#include "ir/mutation.h"
#include "ir/op_key.h"
#include "ir/status_macros.h"
#include "opset/report.h"
#include "passes/core_queries.h"
#include "passes/fold_glue.h"
#include "passes/fresh_outputs.h"
#include "passes/pool_constants.h"
#include "passes/prune_copy.h"
#include "reference/backend.h"

namespace graph_lower::lowering_internal {

using torch::jit::Graph;

SingleIntraOpThread::SingleIntraOpThread() : threads_(at::get_num_threads()) {
  if (threads_ != 1) at::set_num_threads(1);
}

void SingleIntraOpThread::Restore() {
  if (threads_ != 1 && at::get_num_threads() != threads_) at::set_num_threads(threads_);
}

namespace {

DecompositionRegistry* DefaultRegistry() {
  // One per thread, kept: it holds no state of a lowering, only the library's table and the
  // decompositions compiled from it (shape-generic; TorchScriptSource::Decompose hands out
  // copies), which one registry per lowering would copy every time.
  thread_local const std::unique_ptr<DecompositionRegistry> registry =
      DecompositionRegistry::CreateDefault();
  return registry.get();
}

// `values` with each meta tensor replaced by a CPU tensor of its sizes, strides and dtype
// (SynthesizeTensor: floating point uniform in [0, 1), integers and bools zero); without
// `integers_allowed`, FailedPrecondition for an integer or bool one.
absl::StatusOr<std::vector<c10::IValue>> SynthesizeForMeta(const std::vector<c10::IValue>& values,
                                                           bool integers_allowed) {
  std::function<absl::StatusOr<c10::IValue>(const c10::IValue&)> convert =
      [&convert, integers_allowed](const c10::IValue& v) -> absl::StatusOr<c10::IValue> {
    if (v.isTensor()) {
      const at::Tensor& t = v.toTensor();
      if (!t.defined() || !t.is_meta()) return v;
      if (!integers_allowed && !t.is_floating_point() && !t.is_complex()) {
        return absl::FailedPreconditionError(absl::StrCat(
            "the program must run on values, and a ", c10::toString(t.scalar_type()),
            " example input is a meta tensor: its values (LAPACK pivots) cannot be made up"));
      }
      if (t.numel() * static_cast<int64_t>(t.element_size()) > kMaxExampleArgumentBytes) {
        return absl::FailedPreconditionError(
            absl::StrCat("the program must run on values, and a meta example input of ", t.numel(),
                         " elements is larger than the ", kMaxExampleArgumentBytes >> 20,
                         " MiB values are made up for"));
      }
      std::optional<at::Tensor> made = SynthesizeTensor(*TensorTypeOf(t));
      if (!made) return absl::InternalError("no CPU tensor could stand for a meta example");
      return *std::move(made);
    }
    if (v.isList()) {
      c10::impl::GenericList out(v.toList().elementType());
      for (const c10::IValue& e : v.toListRef()) {
        ASSIGN_OR_RETURN(c10::IValue item, convert(e));
        out.push_back(std::move(item));
      }
      return out;
    }
    if (v.isTuple()) {
      std::vector<c10::IValue> items;
      for (const c10::IValue& e : v.toTupleRef().elements()) {
        ASSIGN_OR_RETURN(c10::IValue item, convert(e));
        items.push_back(std::move(item));
      }
      return c10::ivalue::Tuple::create(std::move(items));
    }
    return v;
  };
  std::vector<c10::IValue> out;
  out.reserve(values.size());
  for (const c10::IValue& v : values) {
    ASSIGN_OR_RETURN(c10::IValue item, convert(v));
    out.push_back(std::move(item));
  }
  return out;
}

bool CheckInvariantsRequested(const LoweringOptions& options) {
  const char* env = std::getenv("GRAPH_LOWER_CHECK_INVARIANTS");
  return options.check_invariants || (env && *env && std::string(env) != "0");
}

}  // namespace

namespace {

// Whether a node of `block` (or of a block inside it) takes an argument named like LAPACK's
// pivots (LU_pivots, pivots).
bool TakesPivots(const torch::jit::Block& block) {
  for (const torch::jit::Node* n : block.nodes()) {
    for (const torch::jit::Block* b : n->blocks()) {
      if (TakesPivots(*b)) return true;
    }
    if (const c10::FunctionSchema* schema = n->maybeSchema()) {
      for (const c10::Argument& a : schema->arguments()) {
        if (absl::StrContains(a.name(), "pivots")) return true;
      }
    }
  }
  return false;
}

}  // namespace

bool HoldsMetaTensor(const c10::IValue& value) {
  bool found = false;
  value.visit([&found](const c10::IValue& v) {
    if (found || v.isObject()) return true;
    if (v.isTensor()) found = v.toTensor().defined() && v.toTensor().is_meta();
    return v.isTensor();
  });
  return found;
}

LoweringState::LoweringState(std::shared_ptr<Graph>& input, const LoweringOptions& options)
    : input(input), options(options), check(CheckInvariantsRequested(options)) {
  specialize_options.compare_with_example_run = check;
  if (has_examples() && std::any_of(examples().begin(), examples().end(), HoldsMetaTensor)) {
    // Meta example tensors stand for CPU ones; a run that needs values gets synthesised ones.
    // Zeros stand for integer inputs, except LAPACK pivots (1-based: linalg_ldl_solve wrote
    // out of bounds with zero pivots and killed the process).
    const bool integers_allowed = !TakesPivots(*input->block());
    specialize_options.make_example_values = [this, integers_allowed] {
      return SynthesizeForMeta(examples(), integers_allowed);
    };
  }
  // Scalar inputs the sets at other sizes change are symbolic sizes: the merge of the runs
  // decides what they reach.
  for (const std::vector<c10::IValue>& set : options.example_inputs_at_other_sizes) {
    for (size_t i = 0; has_examples() && i < set.size() && i < examples().size(); ++i) {
      const c10::IValue& base = examples()[i];
      const bool varies =
          (base.isInt() && (!set[i].isInt() || set[i].toInt() != base.toInt())) ||
          (base.isDouble() && (!set[i].isDouble() || set[i].toDouble() != base.toDouble()));
      if (varies) {
        specialize_options.sizes_among_scalar_inputs.insert(i);
      }
    }
  }
  for (const std::vector<c10::IValue>& set : options.example_inputs_at_other_sizes) {
    SpecializeOptions other = specialize_options;
    other.make_example_values = nullptr;
    if (std::any_of(set.begin(), set.end(), HoldsMetaTensor)) {
      const bool integers_allowed = !TakesPivots(*input->block());
      other.make_example_values = [&set, integers_allowed] {
        return SynthesizeForMeta(set, integers_allowed);
      };
    }
    other_sizes_options.push_back(std::move(other));
  }
  functionalize_options.return_mutated_inputs = options.return_mutated_inputs;
  // The extra outputs are packed with a single output once, after the rounds (PackOutputs).
  functionalize_options.pack_single_output = false;
  functionalize_options.use_functional_twin = [&options](const torch::jit::Node& node) {
    return options.opset.IsLegal(node);
  };
  decompose_options.opset = &options.opset;
  decompose_options.registry = options.registry ? options.registry : DefaultRegistry();
  decompose_options.max_rewrites = options.max_rewrites;
  decompose_options.check_invariants = check;
  if (options.progress) {
    decompose_options.progress_interval_ms = options.progress_interval_ms;
    decompose_options.progress = [&options, this](const DecomposeProgress& p) {
      options.progress(LoweringProgress{round, p});
    };
  }
}

namespace {

// Whether a node of `block` (nested blocks included) calls a function or method, which
// InlineCalls replaces by its body.
bool CallsFunctions(const torch::jit::Block& block) {
  return CountNodes(
             block,
             [](const torch::jit::Node& n) {
               return n.kind() == c10::prim::CallFunction || n.kind() == c10::prim::CallMethod;
             },
             1) > 0;
}

// A constant dtype that names no ScalarType: running the node (specialisation, folding, CIA
// tracing, verification) would crash libtorch, as `torch.softmax(x, 0, dtype=-1)` does in eager
// PyTorch. `when` starts the message.
absl::Status CheckDtypes(const Graph& graph, absl::string_view when) {
  const torch::jit::Node* n = FirstNodeGivenBadDtype(*graph.block());
  if (!n) return absl::OkStatus();
  return absl::InvalidArgumentError(absl::StrCat(when, n->kind().toQualString(), " (outputs ",
                                                 OutputNames(*n),
                                                 ") is given a dtype argument that is an int "
                                                 "naming no ScalarType"));
}

// Records a specialisation: with `first`, the program's own failure on the example inputs is an
// error; each loop left unspecialised is reported once.
absl::Status NoteSpecialized(LoweringState& s, const SpecializeStats& spec, bool first) {
  if (first && !spec.first_failure.empty()) {
    // With meta examples the run was on values made up for them. Unless the same op also threw
    // on the meta tensors (shapes that do not fit), the program is not at fault (a Cholesky of
    // a made-up matrix that is not positive-definite), but it cannot be specialised.
    const std::string op = spec.first_failure.substr(0, spec.first_failure.find(':'));
    const bool threw_on_meta = absl::StartsWith(spec.meta_failure, op + ":") &&
                               absl::StrContains(spec.meta_failure, "Error: ");
    if (!spec.on_meta && s.specialize_options.make_example_values && !threw_on_meta) {
      return absl::FailedPreconditionError(
          absl::StrCat("the program fails on the values made up for its meta example inputs: ",
                       spec.first_failure));
    }
    return absl::InvalidArgumentError(
        absl::StrCat("the program fails on the example inputs: ", spec.first_failure));
  }
  s.report.specialized = true;
  std::vector<std::string>& loops = s.report.unspecialized_loops;
  for (const std::string& loop : spec.loops_left) {
    if (std::find(loops.begin(), loops.end(), loop) == loops.end()) loops.push_back(loop);
  }
  return absl::OkStatus();
}

// --- Before the rounds ---

absl::StatusOr<bool> CensusBefore(LoweringState& s) {
  s.report.ops_before = TakeCensus(*s.input, s.options.opset);
  s.report.nodes_before = CountNodes(s.report.ops_before);
  // Not done when the program calls functions (they are inlined into the copy first), nor when
  // an op changes a tensor's metadata in place (the types recorded per value would not follow
  // its aliases).
  const torch::jit::Block& block = *s.input->block();
  s.pruning_copy = s.has_examples() && s.options.example_inputs_at_other_sizes.empty() &&
                   !CallsFunctions(block) && AnyNodeWrites(block) &&
                   !AnyNodeChangesMetadataInPlace(block);
  return false;
}

absl::StatusOr<bool> CopyOriginal(LoweringState& s) {
  s.original = s.input->copy();
  return false;
}

// The pruning copy's run: the caller's graph, specialised on the example inputs, unchanged.
absl::StatusOr<bool> RunOnExamplesStep(LoweringState& s) {
  RETURN_IF_ERROR(CheckDtypes(*s.input, ""));
  ASSIGN_OR_RETURN(s.example_run, RunOnExamples(*s.input, s.examples(), s.specialize_options));
  RETURN_IF_ERROR(NoteSpecialized(s, s.example_run->stats, /*first=*/true));
  return false;
}

absl::StatusOr<bool> PruneCopy(LoweringState& s) {
  s.graph = CopyTakingBranches(*s.input, StaticBranches(*s.input, *s.example_run, s.examples()),
                               s.example_run->types);
  s.example_run.reset();
  return true;
}

absl::StatusOr<bool> Copy(LoweringState& s) {
  s.graph = s.input->copy();
  return false;
}

// LoweringOptions::in_place: the caller's graph is lowered itself.
absl::StatusOr<bool> TakeInput(LoweringState& s) {
  s.graph = s.input;
  return false;
}

absl::StatusOr<bool> Inline(LoweringState& s) {
  InlineCalls(*s.graph);
  RETURN_IF_ERROR(CheckDtypes(*s.graph, ""));
  return true;
}

// The copies must not share a list (or tensor) constant the program writes with the caller's
// graph, nor with each other (passes/prune_copy.h).
absl::StatusOr<bool> UnshareConstants(LoweringState& s) {
  bool changed = UnshareWrittenConstants(*s.graph) > 0;
  if (s.original) UnshareWrittenConstants(*s.original);
  s.writes = AnyNodeWrites(*s.graph->block());
  s.metadata_in_place = s.writes && AnyNodeChangesMetadataInPlace(*s.graph->block());
  return changed;
}

// An Optional input given None is specialised to None (as torch.export does): the `is None`
// tests fold and the branches for a present value go away. The input stays in the signature,
// typed NoneType, so a call passing a value fails instead of being ignored. Likewise an Optional
// input given a value is specialised to present: typed as its element type, so `is None` folds
// to false; calling the lowered program with None then fails the schema check.
absl::StatusOr<bool> SpecializeOptionals(LoweringState& s) {
  Graph& g = *s.graph;
  bool changed = false;
  for (size_t i = 0; i < g.inputs().size(); ++i) {
    torch::jit::Value* in = g.inputs()[i];
    if (!in->hasUses()) continue;
    c10::TypePtr type = SpecializedOptionalType(in->type(), s.examples()[i]);
    if (!type) continue;
    if (type->kind() == c10::TypeKind::NoneType) {
      torch::jit::WithInsertPoint guard(g.block()->nodes().front());
      in->replaceAllUsesWith(g.insertConstant(c10::IValue()));
      s.report.none_inputs.push_back(ParameterName(in->debugName()));
    } else {
      s.report.present_inputs.push_back(ParameterName(in->debugName()));
    }
    in->setType(type);
    changed = true;
  }
  return changed;
}

// The branches the example inputs do not take go before mutation removal, so that its alias
// analysis sees only what runs (a scripted nn.TransformerEncoderLayer's fast-path checks are
// list comprehensions over its tensors in branches decided by the input's shape).
absl::StatusOr<bool> Prune(LoweringState& s) {
  ASSIGN_OR_RETURN(bool pruned, PruneBranches(*s.graph));
  if (pruned) s.writes = AnyNodeWrites(*s.graph->block());
  return pruned;
}

absl::StatusOr<bool> RemoveMutation(LoweringState& s) {
  torch::jit::RemoveListMutation(s.graph);
  SinkContainerLiterals(s.graph->block());
  // In-place comparisons and logical ops keep the destination's dtype (x.lt_(0) on floats stores
  // 0./1.), which RemoveTensorMutation's plain functional op (a bool result) does not: they are
  // left to passes/functionalize, which casts back. So are writes to a value a container made
  // before the write holds: libtorch checks only that the value's creation and its write can be
  // made adjacent, not what holds the value in between.
  torch::jit::RemoveTensorMutation(s.graph, [](torch::jit::Node* node) {
    static const absl::flat_hash_set<std::string>* kDtypeChanging =
        new absl::flat_hash_set<std::string>{
            "aten::lt_",          "aten::le_",          "aten::gt_",          "aten::ge_",
            "aten::eq_",          "aten::ne_",          "aten::logical_and_", "aten::logical_or_",
            "aten::logical_xor_", "aten::logical_not_", "aten::isnan_"};
    if (kDtypeChanging->contains(node->kind().toQualString())) return false;
    if (node->inputs().empty()) return true;
    // Nor ops whose functional form promotes: int8 `y.add_(b)` with an int64 tensor b stays
    // int8, add(y, b) is int64. Where both dtypes are known and differ, Functionalize casts back.
    if (auto dst = node->input(0)->type()->cast<c10::TensorType>(); dst && dst->scalarType()) {
      for (size_t i = 1; i < node->inputs().size(); ++i) {
        auto arg = node->input(i)->type()->cast<c10::TensorType>();
        if (arg && arg->scalarType() && *arg->scalarType() != *dst->scalarType()) return false;
      }
    }
    return !ContainedBefore(node->input(0), node);
  });
  EliminateDeadCodeOf(s.graph);
  return true;
}

// Functionalizes in-place ops and writes through views (passes/functionalize.h). In the rounds it
// handles what decompositions wrote (CIA kernels such as feature_dropout's bernoulli_; batch_norm
// updates the running statistics it was given): the new values of inputs written for the first
// time are returned after the earlier ones.
absl::StatusOr<bool> FunctionalizeStep(LoweringState& s) {
  if (s.round == 0) s.user_outputs = s.graph->outputs().size();
  ASSIGN_OR_RETURN(FunctionalizeResult f, Functionalize(s.graph, s.functionalize_options));
  s.mutated.insert(s.mutated.end(), f.mutated_inputs.begin(), f.mutated_inputs.end());
  if (s.round > 0) s.report.changed |= f.changed;
  return f.changed;
}

// --- One round ---

// Dynamic dims: each tensor value of `block` (inputs of the graph and of nested blocks, and
// outputs of nodes other than constants) keeps what its type and the type another run gave it agree
// on; a value that run did not reach (a branch it did not take) keeps only its dtype, rank and
// device.
void MergeTypes(torch::jit::Block& block,
                const absl::flat_hash_map<torch::jit::Value*, c10::TensorTypePtr>& types) {
  auto merge = [&types](torch::jit::Value* v) {
    // Types already merged with an earlier run are partial: merged again, not skipped (a size
    // equal in the first two runs and not in the third stays symbolic).
    auto tt = v->type()->cast<c10::TensorType>();
    if (!tt) return;
    auto it = types.find(v);
    if (it != types.end() && it->second) {
      v->setType(tt->merge(*it->second));
      return;
    }
    v->setType(
        c10::TensorType::create(tt->scalarType(), tt->device(), tt->dim(), tt->requiresGrad()));
  };
  for (torch::jit::Value* in : block.inputs()) merge(in);
  for (torch::jit::Node* node : block.nodes()) {
    if (node->kind() == c10::prim::Constant) continue;  // the same in every run
    for (torch::jit::Value* out : node->outputs()) merge(out);
    for (torch::jit::Block* sub : node->blocks()) MergeTypes(*sub, types);
  }
}

// Shape specialisation on the example inputs (passes/specialize_shapes.h); the first one, before
// the rounds (round 0) or in round 1, treats the program's own failure on them as an error.
absl::StatusOr<bool> Specialize(LoweringState& s) {
  ASSIGN_OR_RETURN(SpecializeStats spec,
                   SpecializeShapes(*s.graph, s.examples(), s.specialize_options));
  RETURN_IF_ERROR(NoteSpecialized(s, spec, /*first=*/s.round <= 1));
  const auto& others = s.options.example_inputs_at_other_sizes;
  for (size_t k = 0; k < others.size(); ++k) {
    ASSIGN_OR_RETURN(ExampleRun run, RunOnExamples(*s.graph, others[k], s.other_sizes_options[k]));
    if (s.round <= 1 && !run.stats.first_failure.empty()) {
      return absl::InvalidArgumentError(
          absl::StrCat("the program fails on the example inputs at other sizes (set ", k + 1,
                       "): ", run.stats.first_failure));
    }
    MergeTypes(*s.graph->block(), run.types);
  }
  return true;
}

// Folds the shape glue specialisation made constant; with example inputs or
// LoweringOptions::unroll_loops, unrolls the small loops whose trip count became constant
// (UnrollSmallConstantLoops: a decomposition's loop over a tensor's dims) and folds again.
absl::StatusOr<bool> FoldAndUnroll(LoweringState& s) {
  ASSIGN_OR_RETURN(bool changed, FoldGlue(s.graph));
  const bool unroll = s.options.unroll_loops || s.options.example_inputs.has_value();
  if (unroll && UnrollSmallConstantLoops(s.graph)) {
    torch::jit::RemoveListMutation(s.graph);
    ASSIGN_OR_RETURN(changed, FoldGlue(s.graph));
    changed = true;
  }
  return changed;
}

// The glue the last round's decompositions brought (shape-generic forms read sizes and loop over
// ranks) is specialised and folded, and with LoweringOptions::unroll_loops its
// constant loops unrolled, until nothing changes (at most max_iterations times): what depends on
// a static dim folds, what depends on a symbolic one stays.
absl::StatusOr<bool> FoldDecomposedGlue(LoweringState& s) {
  bool any = false;
  for (int i = 0; i < std::max(1, s.options.max_iterations); ++i) {
    ASSIGN_OR_RETURN(bool specialized, Specialize(s));
    (void)specialized;
    ASSIGN_OR_RETURN(bool changed, FoldAndUnroll(s));
    if (!changed) break;
    any = true;
  }
  return any;
}

absl::StatusOr<bool> Decompose(LoweringState& s) {
  ASSIGN_OR_RETURN(DecomposeResult result, DecomposeToOpset(*s.graph, s.decompose_options));
  LoweringReport& report = s.report;
  s.graph = result.graph;
  s.decompose_changed = result.changed;
  report.rewrites += result.rewrites;
  report.memo_hits += result.memo_hits;
  report.memo_entries += result.memo_entries;
  report.restrided_outputs += result.restrided_outputs;
  report.changed |= result.changed;
  report.converged = result.converged;
  for (const auto& [op, source] : result.decompositions) report.decompositions.emplace(op, source);
  for (const auto& [op, stats] : result.rewrites_by_op) {
    OpRewrites& total = report.rewrites_by_op[op];
    if (total.source.empty()) total.source = stats.source;
    total.rewrites += stats.rewrites;
    total.nodes += stats.nodes;
  }
  for (const auto& [source, ms] : result.source_ms) report.source_ms[source] += ms;
  for (const auto& [op, first] : result.first_decomposition) {
    report.decomposition_graphs.emplace(op, first);
  }
  for (auto& c : result.cycles) {
    // Each cycle once, though every round (and every node of the op) meets it again.
    if (std::find(report.cycles.begin(), report.cycles.end(), c) == report.cycles.end()) {
      report.cycles.push_back(std::move(c));
    }
  }
  for (const auto& [op, reasons] : result.undecomposable) report.undecomposable[op] = reasons;
  return result.changed;
}

// Cleanup: fold what the decompositions made constant (FoldGlue ends with dead code
// elimination) and drop the casts functionalization left that specialisation showed to be no-ops,
// then pool constants.
absl::StatusOr<bool> Fold(LoweringState& s) {
  ASSIGN_OR_RETURN(bool changed, FoldGlue(s.graph));
  return RemoveRedundantCasts(*s.graph) > 0 || changed;
}

absl::StatusOr<bool> PoolConstantsStep(LoweringState& s) {
  PoolConstants(s.graph);
  return true;
}

// Whether the round left the graph legal; the rounds stop then, and the final census need not
// list violations again.
absl::StatusOr<bool> CheckLegal(LoweringState& s) {
  s.legal_after_round = VerifyOpset(*s.graph, s.options.opset).empty();
  return false;
}

// Sizes and data reads left after folding become core ATen's sym_size.int / _local_scalar_dense
// (passes/core_queries.h), before the decomposition step would count them non-core.
absl::StatusOr<bool> CoreQueries(LoweringState& s) { return RewriteQueriesToCore(*s.graph); }

// --- After the rounds ---

// An output computed from constants only (`x.new_zeros(3)` once x's dtype is specialised) would
// be one tensor object for every call under TorchScript's executor (passes/fresh_outputs.h).
absl::StatusOr<bool> FreshOutputs(LoweringState& s) {
  s.report.fresh_outputs = KeepOutputsFresh(*s.graph);
  return s.report.fresh_outputs > 0;
}

// Names the inputs the lowered program returns the final values of; with one output of its own,
// the outputs become a tuple (output, new values...), as Functionalize documents. A dtype folded
// from the program's arithmetic on the example inputs (`2 - 3`) was never run (CIA tracing and
// folding skip the node), and the program would crash libtorch there.
absl::StatusOr<bool> PackOutputs(LoweringState& s) {
  RETURN_IF_ERROR(CheckDtypes(*s.graph, "on the example inputs, "));
  for (const auto& [index, name] : s.mutated) {
    s.report.mutated_inputs.push_back(ParameterName(name));
  }
  if (s.user_outputs == 1 && !s.mutated.empty() && s.graph->outputs().size() > 1) {
    PackOutputsInTuple(*s.graph);
    return true;
  }
  return false;
}

absl::StatusOr<bool> CensusAfter(LoweringState& s) {
  LoweringReport& report = s.report;
  // Packing the outputs adds only a prim::TupleConstruct, which is structural.
  report.ops_after =
      TakeCensus(*s.graph, s.options.opset, s.legal_after_round ? nullptr : &report.violations);
  report.nodes_after = CountNodes(report.ops_after);
  const bool glue =
      std::any_of(report.ops_after.begin(), report.ops_after.end(),
                  [](const auto& op) { return op.second.op_class == OpClass::kGlue; });
  if (glue) report.glue_left = ExplainGlue(*s.graph, s.options.opset);
  for (const torch::jit::Value* in : s.graph->inputs()) {
    if (WrittenThroughViews(in)) {
      report.inputs_written_in_place.push_back(ParameterName(in->debugName()));
    }
  }
  return false;
}

// Runs the original and the lowered program on the example inputs (all intra-op threads) and
// compares their outputs (reference/backend.h).
at::Tensor CpuGeneratorState() {
  at::Generator gen = at::detail::getDefaultCPUGenerator();
  std::lock_guard<std::mutex> lock(gen.mutex());
  return gen.get_state();
}

void SetCpuGeneratorState(const at::Tensor& state) {
  at::Generator gen = at::detail::getDefaultCPUGenerator();
  std::lock_guard<std::mutex> lock(gen.mutex());
  gen.set_state(state);
}

bool SameStructure(const std::vector<c10::IValue>& a, const std::vector<c10::IValue>& b);

// Whether two outputs have the same structure (tuples, lists, dicts, None, scalar kinds) and
// their tensors the same shapes and dtypes.
bool SameStructure(const c10::IValue& a, const c10::IValue& b) {
  if (a.isTensor() || b.isTensor()) {
    return a.isTensor() && b.isTensor() && a.toTensor().sizes() == b.toTensor().sizes() &&
           a.toTensor().scalar_type() == b.toTensor().scalar_type();
  }
  if (a.isTuple() || a.isList()) {
    if (a.isTuple() != b.isTuple() || a.isList() != b.isList()) return false;
    const std::vector<c10::IValue> x =
        a.isTuple() ? a.toTupleRef().elements().vec() : a.toListRef().vec();
    const std::vector<c10::IValue> y =
        b.isTuple() ? b.toTupleRef().elements().vec() : b.toListRef().vec();
    return SameStructure(x, y);
  }
  if (a.isGenericDict()) {
    if (!b.isGenericDict() || a.toGenericDict().size() != b.toGenericDict().size()) return false;
    for (const auto& item : a.toGenericDict()) {
      if (!b.toGenericDict().contains(item.key()) ||
          !SameStructure(item.value(), b.toGenericDict().at(item.key()))) {
        return false;
      }
    }
    return true;
  }
  return a.tagKind() == b.tagKind();
}

bool SameStructure(const std::vector<c10::IValue>& a, const std::vector<c10::IValue>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (!SameStructure(a[i], b[i])) return false;
  }
  return true;
}

// The random ops of the top-level block: they run at every call (one in a branch or a loop may
// not run, and must not excuse a mismatch).
void CollectRandomOps(const torch::jit::Block& block, std::set<std::string>& ops) {
  for (const torch::jit::Node* node : block.nodes()) {
    if (node->isNondeterministic()) ops.insert(OpKey::Of(*node).ToString());
  }
}

absl::StatusOr<bool> CompareOutputsStep(LoweringState& s) {
  s.single_thread.Restore();
  {
    std::set<std::string> random_ops;
    CollectRandomOps(*s.original->block(), random_ops);
    s.report.verify_random_ops.assign(random_ops.begin(), random_ops.end());
  }
  const at::Tensor rng_state = CpuGeneratorState();
  struct Restore {
    at::Tensor state;
    ~Restore() { SetCpuGeneratorState(state); }
  } restore{rng_state};
  if (!s.has_examples()) return absl::InvalidArgumentError("verification needs example inputs");
  // The example inputs, then each set at other sizes (dynamic dims): the first mismatch or the
  // largest errors are reported.
  std::vector<const std::vector<c10::IValue>*> sets = {&s.examples()};
  for (const auto& set : s.options.example_inputs_at_other_sizes) sets.push_back(&set);
  LoweringReport& report = s.report;
  report.verified = true;
  for (size_t k = 0; k < sets.size(); ++k) {
    const std::string which = k == 0 ? "" : absl::StrCat(" (inputs at other sizes, set ", k, ")");
    std::vector<c10::IValue> inputs_after;
    // Both runs start from the generator state lowering began with, so ops that lower to the
    // same draws match; the caller's state is restored after.
    SetCpuGeneratorState(rng_state);
    absl::StatusOr<std::vector<c10::IValue>> expected =
        RunGraph(s.original, *sets[k], &inputs_after);
    if (!expected.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat("the original graph fails on the example inputs", which, ": ",
                       expected.status().message()));
    }
    if (!s.mutated.empty()) {
      // The functional graph also returns the final value of each input the program wrote.
      std::vector<c10::IValue> items = *expected;
      for (const auto& [index, name] : s.mutated) items.push_back(inputs_after[index]);
      if (expected->size() == 1) {
        expected = std::vector<c10::IValue>{c10::ivalue::Tuple::create(std::move(items))};
      } else {
        expected = std::move(items);
      }
    }
    // On a copy, so that a constant the program writes starts from its value in the graph
    // returned (weights stay shared).
    std::shared_ptr<Graph> lowered = s.graph->copy();
    UnshareWrittenConstants(*lowered);
    SetCpuGeneratorState(rng_state);
    absl::StatusOr<std::vector<c10::IValue>> actual =
        RunGraph(lowered, *sets[k], nullptr, /*check_types=*/true);
    if (!actual.ok()) {
      report.verified = false;
      report.verify_message =
          absl::StrCat("the lowered graph fails", which, ": ", actual.status().message());
      return false;
    }
    Comparison c = CompareOutputs(*expected, *actual);
    if (!report.max_abs_error || c.max_abs_error > *report.max_abs_error) {
      report.max_abs_error = c.max_abs_error;
    }
    if (!report.max_rel_error || c.max_rel_error > *report.max_rel_error) {
      report.max_rel_error = c.max_rel_error;
    }
    if (!c.equal && !report.verify_random_ops.empty() && SameStructure(*expected, *actual)) {
      report.verify_message = absl::StrCat(
          "the values depend on random ops (", absl::StrJoin(report.verify_random_ops, ", "),
          "), which lower to core random ops of the same distributions drawing other numbers "
          "(docs/semantics.md); structure, shapes and dtypes match",
          which);
      continue;
    }
    if (!c.equal) {
      report.verified = false;
      report.verify_message = absl::StrCat(c.mismatch, which);
      return false;
    }
  }
  return false;
}

bool PruningCopy(const LoweringState& s) { return s.pruning_copy; }
bool NoPruningCopy(const LoweringState& s) { return !s.pruning_copy; }
bool CopiesInput(const LoweringState& s) { return !s.pruning_copy && !s.options.in_place; }
bool LowersInput(const LoweringState& s) { return !s.pruning_copy && s.options.in_place; }
bool Verifying(const LoweringState& s) { return s.options.verify; }
bool HasExamples(const LoweringState& s) { return s.has_examples(); }
bool HasDynamicDims(const LoweringState& s) {
  return s.has_examples() && !s.options.example_inputs_at_other_sizes.empty();
}
bool Writes(const LoweringState& s) { return s.writes; }
// The rounds stop when one leaves the graph legal, or decomposes nothing more: the glue the
// decompositions brought (sizes read, int arithmetic, lists built by appends in branches) may
// need more specialise-and-fold steps than the round gave it (a branch inlined shows appends that
// then fold; nn.TransformerDecoder's transposes needed three). A graph without glue skips them
// (they would cost a run on meta tensors and a fold, ~15% of ResNet-50's lowering), and so does
// one whose run stopped at the loop budget.
bool GlueMayBeLeft(const LoweringState& s) {
  if (HasDynamicDims(s) || (s.has_examples() && s.decompose_changed)) return true;
  // A run that stopped at the loop budget would stop there again.
  if (!s.has_examples() || !s.report.unspecialized_loops.empty()) return false;
  OpsetClassifier classifier(s.options.opset);
  return CountNodes(
             *s.graph->block(),
             [&classifier](const torch::jit::Node& n) {
               return classifier.Classify(n) == OpClass::kGlue;
             },
             1) > 0;
}
// A program that writes is specialised and pruned before its mutation is removed; not when an op
// changes a tensor's metadata in place (the recorded types would not follow its aliases).
bool PrunesBranches(const LoweringState& s) {
  return s.has_examples() && s.writes && !s.metadata_in_place;
}
// The pruning copy has its types already.
bool SpecializesFirst(const LoweringState& s) { return PrunesBranches(s) && !s.pruning_copy; }
bool DecomposeChanged(const LoweringState& s) { return s.decompose_changed; }

}  // namespace

const std::vector<Step>& PrepareSteps() {
  static const auto* steps = new std::vector<Step>{
      {"census", "census", nullptr, nullptr, CensusBefore},
      {"copy_original", "copy", nullptr, Verifying, CopyOriginal},
      {"run_on_examples", "specialize", nullptr, PruningCopy, RunOnExamplesStep},
      {"prune_copy", "copy", nullptr, PruningCopy, PruneCopy},
      {"copy", "copy", nullptr, CopiesInput, Copy},
      {"take_input", nullptr, nullptr, LowersInput, TakeInput},
      {"inline", "prepare", nullptr, NoPruningCopy, Inline},
      {"unshare_constants", nullptr, nullptr, nullptr, UnshareConstants},
      {"specialize_optionals", nullptr, nullptr, HasExamples, SpecializeOptionals},
      {"specialize", "specialize", nullptr, SpecializesFirst, Specialize},
      {"prune", "fold", "prune", PrunesBranches, Prune},
      {"remove_mutation", "prepare", nullptr, Writes, RemoveMutation},
      {"functionalize", "functionalize", "prepare", nullptr, FunctionalizeStep},
  };
  return *steps;
}

const std::vector<Step>& RoundSteps() {
  static const auto* steps = new std::vector<Step>{
      {"specialize", "specialize", nullptr, HasExamples, Specialize},
      {"fold", "fold", "specialize", HasExamples, FoldAndUnroll},
      {"core_queries", "fold", nullptr, nullptr, CoreQueries},
      {"decompose", "decompose", "decompose", nullptr, Decompose},
      {"functionalize", "functionalize", "functionalize", nullptr, FunctionalizeStep},
      {"cleanup", "fold", nullptr, nullptr, Fold, /*cleanup=*/true},
      {"pool_constants", "pool_constants", "cleanup", nullptr, PoolConstantsStep,
       /*cleanup=*/true},
      {"check_legal", "census", nullptr, DecomposeChanged, CheckLegal},
  };
  return *steps;
}

const std::vector<Step>& FinishSteps() {
  static const auto* steps = new std::vector<Step>{
      {"fold_decomposed_glue", "fold", "fold_decomposed_glue", GlueMayBeLeft, FoldDecomposedGlue},
      {"core_queries", "fold", nullptr, nullptr, CoreQueries},
      {"fresh_outputs", "fresh_outputs", "fresh_outputs", nullptr, FreshOutputs},
      {"pack_outputs", nullptr, nullptr, nullptr, PackOutputs},
      {"census", "census", "final", nullptr, CensusAfter},
      {"verify", "verify", nullptr, Verifying, CompareOutputsStep},
  };
  return *steps;
}

}  // namespace graph_lower::lowering_internal
