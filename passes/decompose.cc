// The decomposition driver: memoised, re-entry-guarded lowering by emitting into a new graph.
#include "passes/decompose.h"

#include <torch/csrc/jit/ir/alias_analysis.h>
#include <torch/csrc/jit/ir/constants.h>
#include <torch/csrc/jit/passes/dead_code_elimination.h>
#include <torch/csrc/jit/passes/loop_unrolling.h>
#include <torch/csrc/jit/passes/remove_mutation.h>

#include <algorithm>
#include <chrono>
#include <functional>
#include <numeric>
#include <optional>
#include <vector>

#include "absl/cleanup/cleanup.h"
#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/hash/hash.h"
#include "absl/log/log.h"
#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "ir/errors.h"
#include "ir/example_values.h"
#include "ir/graph_predicates.h"
#include "ir/mutation.h"
#include "ir/node_signature.h"
#include "opset/verify.h"
#include "passes/fold_glue.h"
#include "passes/pool_constants.h"
#include "passes/specialize_shapes.h"

namespace graph_lower {
namespace {

using torch::jit::Block;
using torch::jit::Graph;
using torch::jit::Node;
using torch::jit::Value;
using ValueMap = absl::flat_hash_map<Value*, Value*>;
using Clock = std::chrono::steady_clock;

double MillisecondsBetween(Clock::time_point start, Clock::time_point end) {
  return std::chrono::duration<double, std::milli>(end - start).count();
}

// Why `lowered` cannot replace `node`: an output whose dtype is known on both sides and differs
// (a decomposition that computes in another precision or returns indices as int32 would change
// what the program means). Empty when it fits. The output count is checked by the sources
// (decomps/source.h CheckDecompositionFits).
std::string OutputDtypeMismatch(const Node& node, const Graph& lowered) {
  for (size_t i = 0; i < node.outputs().size() && i < lowered.outputs().size(); ++i) {
    auto want = node.outputs()[i]->type()->cast<c10::TensorType>();
    auto got = lowered.outputs()[i]->type()->cast<c10::TensorType>();
    if (!want || !got || !want->scalarType() || !got->scalarType()) continue;
    if (*want->scalarType() != *got->scalarType()) {
      return absl::StrCat("the decomposition returns ", c10::toString(*got->scalarType()),
                          " for output ", i, " where the node gives ",
                          c10::toString(*want->scalarType()));
    }
  }
  return "";
}

// The order of `sizes`' dims from outermost (largest stride) to innermost when `strides` is a
// dense, non-overlapping layout, i.e. a permutation of a contiguous one (row-major, column-major,
// channels_last, ...); nullopt otherwise (expanded, overlapping or with gaps). Dims of size 1
// may take any place: their strides do not change the layout.
std::optional<std::vector<int64_t>> DenseStrideOrder(const std::vector<int64_t>& sizes,
                                                     const std::vector<int64_t>& strides) {
  if (sizes.size() != strides.size()) return std::nullopt;
  std::vector<int64_t> order(sizes.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](int64_t a, int64_t b) { return strides[a] > strides[b]; });
  int64_t expected = 1;
  for (auto d = order.rbegin(); d != order.rend(); ++d) {
    if (sizes[*d] == 1) continue;
    if (strides[*d] != expected) return std::nullopt;
    expected *= sizes[*d];
  }
  return order;
}

// Gives each output of `lowered` whose layout (strides, dims of size 1 and empty tensors aside)
// differs from the one `node` gives the node's layout, by a copy: permute to the wanted order of
// dims, clone contiguous, permute back (all core ATen). A program may rely on the layout of what
// an op returns (`.view` after `linalg.inv(x).mT` needs the CPU kernel's column-major result;
// `as_strided` reads the storage order), and the types of later nodes, which their own
// decompositions are specialised on, say that layout. Only complete types are compared (shapes
// specialised); wanted layouts that are not dense (expanded) are left. An output the schema
// declares aliasing an input (a view, or reshape/contiguous, which may return one) is restrided
// only when the lowering already returns a fresh tensor there (libtorch's alias analysis
// decides) and the wanted layout is dense: a copy of a view of an input would no longer pass a
// write on to the input. Returns how many outputs were restrided, or sets `why` (the
// decomposition is then not used) for such an output.
int64_t RestrideOutputs(const Node& node, const std::shared_ptr<Graph>& graph, std::string& why) {
  Graph& lowered = *graph;
  const c10::FunctionSchema* schema = node.maybeSchema();
  std::unique_ptr<torch::jit::AliasDb> alias_db;  // built for the first aliasing output
  int64_t restrided = 0;
  for (size_t i = 0; i < node.outputs().size() && i < lowered.outputs().size(); ++i) {
    auto want = node.outputs()[i]->type()->cast<c10::TensorType>();
    auto got = lowered.outputs()[i]->type()->cast<c10::TensorType>();
    if (!want || !got || !want->isComplete() || !got->isComplete()) continue;
    const std::vector<int64_t> sizes = *want->sizes().concrete_sizes();
    const std::vector<int64_t> strides = *want->strides().concrete_sizes();
    const std::vector<int64_t> got_strides = *got->strides().concrete_sizes();
    if (sizes != *got->sizes().concrete_sizes() || SameStrides(sizes, strides, got_strides)) {
      continue;
    }
    std::optional<std::vector<int64_t>> order = DenseStrideOrder(sizes, strides);
    if (schema && i < schema->returns().size() && schema->returns()[i].alias_info()) {
      if (!alias_db) alias_db = std::make_unique<torch::jit::AliasDb>(graph);
      const Value* out = lowered.outputs()[i];
      const bool view = std::any_of(lowered.inputs().begin(), lowered.inputs().end(),
                                    [&](const Value* in) { return alias_db->mayAlias(out, in); });
      if (!order || view) {
        why = absl::StrCat("the decomposition lays out output ", i, " (which may alias an input) ",
                           "with strides [", absl::StrJoin(got_strides, ", "),
                           "] where the op gives [", absl::StrJoin(strides, ", "), "]");
        return 0;
      }
    }
    if (!order) continue;
    std::vector<int64_t> inverse(order->size());
    for (size_t k = 0; k < order->size(); ++k) inverse[(*order)[k]] = static_cast<int64_t>(k);
    const bool identity = std::is_sorted(order->begin(), order->end());
    torch::jit::WithInsertPoint guard(lowered.return_node());
    Value* v = lowered.outputs()[i];
    if (!identity) v = lowered.insert(c10::aten::permute, {v, *order});
    v = lowered.insert(c10::aten::clone, {v},
                       {torch::jit::NamedValue("memory_format", c10::MemoryFormat::Contiguous)});
    if (!identity) v = lowered.insert(c10::aten::permute, {v, inverse});
    v->setType(want);
    lowered.return_node()->replaceInput(i, v);
    ++restrided;
  }
  return restrided;
}

// A memoised lowering: the finished graph, the source it came from, its node count, and the
// constants of its top block that every place it is inlined into one graph may share
// (Decomposer::Inline).
struct Lowering {
  std::shared_ptr<Graph> graph;
  std::string source;
  int64_t nodes = 0;
  absl::flat_hash_set<const Node*> shared_constants;
};

// The constants of `lowering`'s top block that copies of it inlined into one graph may share: not
// an output (the inlined output takes the replaced node's metadata), and either of a type that
// cannot be written (int, float, bool, None, string, device), or, when no node of the lowering
// writes, one that no output may alias (ir/mutation.h ValuesThatMayAliasOutputs): then no node
// of any copy writes it and no node outside the copies sees it. The int[] sizes of the views,
// expands and permutes of a decomposition specialised on shapes are most of them: 20 in each
// block of the synthetic blocks benchmark, which every later pass walked and PoolConstants then
// merged again.
absl::flat_hash_set<const Node*> SharedConstantsOf(const Graph& lowering) {
  absl::flat_hash_set<const Node*> shared;
  const bool writes = AnyNodeWrites(*lowering.block());
  absl::flat_hash_set<const Value*> escaping;
  bool escaping_known = false;
  for (const Node* node : lowering.nodes()) {
    if (node->kind() != c10::prim::Constant || node->outputs().size() != 1) continue;
    const Value* out = node->output();
    if (std::any_of(out->uses().begin(), out->uses().end(),
                    [&](const torch::jit::Use& u) { return u.user == lowering.return_node(); })) {
      continue;
    }
    if (MayBeWritten(*out->type())) {
      if (writes) continue;
      if (!escaping_known) {
        escaping = ValuesThatMayAliasOutputs(lowering);
        escaping_known = true;
      }
      if (escaping.contains(out)) continue;
    }
    shared.insert(node);
  }
  return shared;
}

// Whether every tensor value of `block` (inputs, outputs of its nodes, at any depth) has a
// complete type: sizes, strides, dtype and device.
bool EveryTensorTyped(const torch::jit::Block& block) {
  auto typed = [](const torch::jit::Value* v) {
    auto t = v->type()->cast<c10::TensorType>();
    return !t || t->isComplete();
  };
  if (!std::all_of(block.inputs().begin(), block.inputs().end(), typed)) return false;
  for (const torch::jit::Node* node : block.nodes()) {
    if (!std::all_of(node->outputs().begin(), node->outputs().end(), typed)) return false;
    for (const torch::jit::Block* b : node->blocks()) {
      if (!EveryTensorTyped(*b)) return false;
    }
  }
  return true;
}

class Decomposer {
 public:
  Decomposer(const DecomposeOptions& options, DecomposeResult& result)
      : options_(options),
        result_(result),
        classifier_(*options.opset),
        start_(Clock::now()),
        last_progress_(start_) {}

  // The top-level call: counts the graph's nodes for progress reports.
  std::shared_ptr<Graph> LowerTopLevel(Graph& src) {
    if (options_.progress) progress_.nodes_total = CountNodes(src);
    return LowerGraph(src);
  }

 private:
  std::shared_ptr<Graph> LowerGraph(Graph& src) {
    auto dst = std::make_shared<Graph>();
    ValueMap map;
    // This graph's shared constants (Inline); the enclosing graph's are restored after, since
    // lowering a node lowers its decomposition graph first, into a graph of its own.
    SharedConstants constants;
    SharedConstants* const enclosing = constants_;
    constants_ = &constants;
    const absl::Cleanup restore = [&] { constants_ = enclosing; };
    for (Value* in : src.inputs()) map[in] = dst->addInput()->copyMetadata(in);
    EmitBlock(*src.block(), dst->block(), map);
    for (Value* out : src.outputs()) dst->registerOutput(map.at(out));
    return dst;
  }

  // The constants of the graph being emitted that others are mapped to: a memoised lowering's
  // shared constant node -> its one copy (by_node), and each copy by the hash of its value
  // (by_value, pool_constants.h HashConstantValue), so that equal constants of the source graph
  // and of different lowerings are one node too. All are at the start of the graph's top block,
  // where PoolConstants would move them.
  struct SharedConstants {
    absl::flat_hash_map<const Node*, Value*> by_node;
    absl::flat_hash_map<size_t, std::vector<Value*>> by_value;
  };

  // The constant of `g` standing for `constant` (a prim::Constant of another graph that may be
  // shared, see SharedConstantsOf and EmitBlock): an equal one made before (same output type,
  // EqualConstantValues), or a clone made now at the start of `g`'s top block.
  Value* PooledConstant(Graph& g, Node& constant, const std::function<Value*(Value*)>& env) {
    auto clone = [&] {
      Node* copy = g.createClone(&constant, env);
      g.block()->prependNode(copy);
      return copy->output();
    };
    std::optional<c10::IValue> value = torch::jit::toIValue(constant.output());
    if (!value) return clone();
    const c10::Type& type = *constant.output()->type();
    std::vector<Value*>& bucket =
        constants_
            ->by_value[absl::HashOf(static_cast<int>(type.kind()), HashConstantValue(*value))];
    for (Value*& v : bucket) {
      if (*v->type() != type || !EqualConstantValues(*torch::jit::toIValue(v), *value)) continue;
      if (v->uses().size() >= kMaxSharedUses) v = clone();  // the next copy takes its place
      return v;
    }
    bucket.push_back(clone());
    return bucket.back();
  }

  // A constant shared by this many uses is not given more: a copy is made for the next ones.
  // libtorch removes a use by a linear search of the value's uses (Node::dropInput), so freeing n
  // users of one constant costs n^2/2, which dominated dead code elimination after the weights'
  // permutes of thousands of blocks folded (docs/benchmarks.md). With the cap it is
  // n * kMaxSharedUses / 2, for n / kMaxSharedUses more constants (PoolConstants merges them).
  static constexpr size_t kMaxSharedUses = 128;

  // Clones `entry`'s graph's nodes at `g`'s insertion point with `inputs` for its inputs, and
  // returns the values standing for its outputs, as torch::jit::insertGraph does, with one
  // difference: a constant it may share (Lowering::shared_constants) is made once in `g`, at the
  // start of its top block, and shared by every place the same lowering is inlined. Repeated blocks
  // inline the same memoised lowerings thousands of times, and these constants were a copy per node
  // lowered, about as many nodes as the ops themselves, which every later pass then walked and
  // PoolConstants merged again, a large share of a lowering of many blocks (docs/benchmarks.md).
  // The clones take `scope` when it is not blank: the scope of the node decomposed, so that what
  // a node became can be traced back to it (graph_lower.fx keeps FX node metadata that way).
  std::vector<Value*> Inline(Graph& g, const Lowering& entry, torch::jit::ArrayRef<Value*> inputs,
                             const torch::jit::ScopePtr& scope) {
    const bool scoped = scope && !scope->isBlank();
    Graph& lowering = *entry.graph;
    inline_map_.clear();
    for (size_t i = 0; i < inputs.size(); ++i) inline_map_[lowering.inputs()[i]] = inputs[i];
    std::function<Value*(Value*)> env = [&](Value* v) { return inline_map_.at(v); };
    for (Node* node : lowering.nodes()) {
      if (constants_ != nullptr && node->kind() == c10::prim::Constant &&
          entry.shared_constants.contains(node)) {
        auto [it, made] = constants_->by_node.try_emplace(node, nullptr);
        if (made || it->second->uses().size() >= kMaxSharedUses) {
          it->second = PooledConstant(g, *node, env);
        }
        inline_map_[node->output()] = it->second;
        continue;
      }
      Node* clone = g.insertNode(g.createClone(node, env));
      if (scoped) clone->setScope(scope);
      for (size_t i = 0; i < node->outputs().size(); ++i) {
        inline_map_[node->outputs()[i]] = clone->outputs()[i];
      }
    }
    std::vector<Value*> outputs;
    outputs.reserve(lowering.outputs().size());
    for (Value* out : lowering.outputs()) outputs.push_back(env(out));
    return outputs;
  }

  void MaybeReportProgress() {
    const Clock::time_point now = Clock::now();
    if (MillisecondsBetween(last_progress_, now) < options_.progress_interval_ms) return;
    last_progress_ = now;
    progress_.rewrites = result_.rewrites;
    progress_.depth = static_cast<int>(path_.size());
    progress_.elapsed_ms = MillisecondsBetween(start_, now);
    options_.progress(progress_);
  }

  void EmitBlock(Block& src, Block* dst, ValueMap& map) {
    Graph& g = *dst->owningGraph();
    torch::jit::WithInsertPoint guard(dst);
    std::function<Value*(Value*)> env = [&](Value* v) { return map.at(v); };
    for (Node* node : src.nodes()) {
      if (options_.progress) {
        if (path_.empty()) ++progress_.nodes_done;
        MaybeReportProgress();
      }
      // A constant of a type that cannot be written: one node per value in the emitted graph, as
      // PoolConstants leaves it (a frozen block stack repeats its ints, floats, bools, None and
      // strings in every block: 10 of its 16 constants).
      if (node->kind() == c10::prim::Constant && node->outputs().size() == 1 &&
          constants_ != nullptr && !MayBeWritten(*node->output()->type())) {
        map[node->output()] = PooledConstant(g, *node, env);
        continue;
      }
      if (!node->blocks().empty()) {
        Node* clone = g.insertNode(g.createClone(node, env, /*copy_blocks=*/false));
        for (Block* sub : node->blocks()) {
          Block* nb = clone->addBlock();
          for (Value* p : sub->inputs()) map[p] = nb->addInput()->copyMetadata(p);
          EmitBlock(*sub, nb, map);
          for (Value* o : sub->outputs()) nb->registerOutput(map.at(o));
        }
        MapOutputs(*node, clone->outputs(), map);
        continue;
      }
      std::shared_ptr<const Lowering> lowered;
      if (!classifier_.IsLegal(*node)) lowered = Lowered(*node);
      if (!lowered) {
        Node* clone = g.insertNode(g.createClone(node, env));
        MapOutputs(*node, clone->outputs(), map);
        continue;
      }
      const Clock::time_point inline_start = Clock::now();
      std::vector<Value*> inputs;
      inputs.reserve(node->inputs().size());
      for (Value* v : node->inputs()) inputs.push_back(map.at(v));
      std::vector<Value*> outs = Inline(g, *lowered, inputs, node->scope());
      MapOutputs(*node, outs, map);
      ++result_.rewrites;
      result_.changed = true;
      const OpKey op = OpKey::Of(*node);
      OpRewrites& stats = result_.rewrites_by_op[op];
      if (stats.rewrites++ == 0) {
        stats.source = lowered->source;
        result_.first_decomposition.emplace(op, lowered->graph);
      }
      stats.nodes += lowered->nodes;
      result_.source_ms[lowered->source] += MillisecondsBetween(inline_start, Clock::now());
    }
  }

  static void MapOutputs(Node& node, torch::jit::ArrayRef<Value*> outs, ValueMap& map) {
    for (size_t i = 0; i < outs.size(); ++i) {
      Value* old = node.outputs()[i];
      map[old] = outs[i];
      if (outs[i]->node()->kind() != c10::prim::Param) outs[i]->copyMetadata(old);
    }
  }

  // The finished lowering of `node`, or null when the node is to be kept as it is.
  std::shared_ptr<const Lowering> Lowered(const Node& node) {
    // A metadata query folds where the tensor's type decides it, or becomes core sym_size.int
    // (passes/core_queries.h); what is left is decided only at run time. A decomposition traced
    // on example metadata would bake one run's answer in.
    if (IsMetadataQuery(node)) {
      auto& reasons = result_.undecomposable[OpKey::Of(node)];
      if (reasons.empty()) reasons.push_back(std::string(kMetadataQueryLeft));
      return nullptr;
    }
    if (result_.rewrites >= options_.max_rewrites) {
      result_.converged = false;
      return nullptr;
    }
    NodeSignature sig = NodeSignature::Of(node);
    if (auto it = memo_.find(sig); it != memo_.end()) {
      if (it->second) ++result_.memo_hits;
      return it->second;
    }
    const OpKey op = sig.op;
    if (on_path_.contains(op)) {
      std::vector<OpKey> cycle = path_;
      cycle.push_back(op);
      result_.cycles.push_back(std::move(cycle));
      return nullptr;
    }
    if (static_cast<int>(path_.size()) >= options_.max_depth) {
      result_.converged = false;
      return nullptr;
    }
    VLOG(1) << "decomposing " << op.ToString();
    // A decomposition that throws (while found, prepared or lowered) leaves the node as it is,
    // reported with the error; the rest of the graph is still lowered.
    DecompositionRegistry::Lookup found;
    std::shared_ptr<Graph> lowered;
    const size_t depth = path_.size();
    try {
      found = options_.registry->Find(node);
      for (const auto& [source, ms] : found.source_ms) result_.source_ms[source] += ms;
      if (found.graph) {
        const Clock::time_point prepare_start = Clock::now();
        std::shared_ptr<Graph> decomposition = Prepare(node, found.graph, found.specialized);
        result_.source_ms[found.source] += MillisecondsBetween(prepare_start, Clock::now());
        path_.push_back(op);
        on_path_.insert(op);
        lowered = LowerGraph(*decomposition);
        on_path_.erase(op);
        path_.pop_back();
        // Why the lowering cannot replace the node (empty: it can): wrong output dtypes, or an
        // aliasing output laid out otherwise than the op lays it out.
        std::string why;
        if (lowered) why = OutputDtypeMismatch(node, *lowered);
        if (lowered && why.empty())
          result_.restrided_outputs += RestrideOutputs(node, lowered, why);
        if (!why.empty()) {
          lowered = nullptr;
          found.fault = true;
          found.reasons.push_back(absl::StrCat(found.source, ": ", why));
        }
      }
    } catch (const std::exception& e) {
      while (path_.size() > depth) {
        on_path_.erase(path_.back());
        path_.pop_back();
      }
      found.graph = nullptr;
      found.fault = true;
      found.reasons.push_back(absl::StrCat(found.source.empty() ? "" : found.source + ": ",
                                           "the decomposition failed: ", ExceptionMessage(e)));
    }
    if (!lowered) {
      auto& reasons = result_.undecomposable[op];
      if (reasons.empty()) {
        // An in-place overload reaches decomposition only where functionalization kept it.
        const c10::FunctionSchema* schema = node.maybeSchema();
        if (schema && schema->is_mutable() && absl::EndsWith(schema->name(), "_")) {
          reasons.push_back(
              "functionalization kept this write in place: the written tensor is also reached "
              "through a list, dict or view read after it, the write is in a loop or branch, or "
              "the op has no functional twin (passes/functionalize.h)");
        }
        reasons.insert(reasons.end(), found.reasons.begin(), found.reasons.end());
      }
      memo_[sig] = nullptr;
      return nullptr;
    }
    const Clock::time_point cleanup_start = Clock::now();
    EliminateDeadCodeOf(lowered);
    auto entry = std::make_shared<Lowering>();
    entry->nodes = CountNodes(*lowered);
    entry->shared_constants = SharedConstantsOf(*lowered);
    entry->graph = std::move(lowered);
    entry->source = found.source;
    memo_[std::move(sig)] = entry;
    ++result_.memo_entries;
    result_.decompositions.emplace(op, found.source);
    result_.source_ms[found.source] += MillisecondsBetween(cleanup_start, Clock::now());
    return entry;
  }

  // Runs the decomposition on the node's example arguments (meta tensors where they run) and types
  // its values; false when it could not run (the graph is left as it was).
  bool Specialize(const Node& node, Graph& graph) {
    // Meta tensors for the meta run; the CPU values only if a run on them is needed.
    SpecializeOptions specialize_options;
    specialize_options.compare_with_example_run = options_.check_invariants;
    absl::StatusOr<std::vector<c10::IValue>> args = ExampleArguments(node, /*on_meta=*/true);
    if (args.ok()) {
      specialize_options.make_example_values = [&node] { return ExampleArguments(node); };
    } else {
      args = ExampleArguments(node);
    }
    if (!args.ok()) return false;
    absl::StatusOr<SpecializeStats> specialized =
        SpecializeShapes(graph, *args, specialize_options);
    if (specialized.status().code() == absl::StatusCode::kInternal) {
      throw std::runtime_error(std::string(specialized.status().message()));
    }
    return specialized.ok();
  }

  // Gives the decomposition the node's input types, binds its constant arguments and, with
  // complete input types, specialises it and folds its glue. A graph its source specialised to
  // the node's metadata (`specialized`: a CIA trace) whose tensors all have complete types is not
  // run again: that run gave the same types, and running it again cost measurable time
  // (docs/benchmarks.md).
  std::shared_ptr<Graph> Prepare(const Node& node, std::shared_ptr<Graph> graph, bool specialized) {
    bool complete = true;
    {
      torch::jit::WithInsertPoint guard(graph->block()->nodes().front());
      for (size_t i = 0; i < node.inputs().size(); ++i) {
        const Value* v = node.inputs()[i];
        Value* in = graph->inputs()[i];
        if (std::optional<c10::IValue> c = torch::jit::toIValue(v); c && !c->isTensor()) {
          Value* constant = graph->insertConstant(*c);
          constant->setType(v->type());
          in->replaceAllUsesWith(constant);
        } else if (v->node()->kind() == c10::prim::ListConstruct &&
                   v->type()->isSubtypeOf(*c10::ListType::ofTensors()) && OnlyRead(v) &&
                   OnlyRead(in)) {
          // A Tensor[] built in the graph: the decomposition sees a list of that many elements
          // with their types, so its len() and loops over the list fold (the memo key holds the
          // elements too, see ir/node_signature.h).
          Node* unpack = graph->insertNode(graph->createListUnpack(in, v->node()->inputs().size()));
          std::vector<Value*> elements;
          for (size_t k = 0; k < unpack->outputs().size(); ++k) {
            unpack->output(k)->setType(v->node()->input(k)->type());
            elements.push_back(unpack->output(k));
          }
          Node* rebuilt = graph->insertNode(graph->createList(c10::TensorType::get(), elements));
          in->replaceAllUsesAfterNodeWith(rebuilt, rebuilt->output());
          for (Value* e : elements) {
            complete &= e->type()->cast<c10::TensorType>() &&
                        e->type()->cast<c10::TensorType>()->isComplete();
          }
        } else if (auto tt = v->type()->cast<c10::TensorType>()) {
          // A Tensor passed for an Optional[Tensor] parameter refines it too (the `is None`
          // tests then fold, and nodes using it get complete types).
          auto opt = in->type()->cast<c10::OptionalType>();
          if (in->type()->cast<c10::TensorType>() ||
              (opt && opt->getElementType()->cast<c10::TensorType>())) {
            in->setType(tt);
          }
          complete &= tt->isComplete();
        } else {
          complete = false;
        }
      }
    }
    if (!options_.specialize || !complete) return graph;
    if (!(specialized && EveryTensorTyped(*graph->block())) && !Specialize(node, *graph)) {
      return graph;
    }
    // Loops whose trip count became constant (a decomposition's loop over dims) are unrolled and
    // their list building folded, so no glue is left behind; this is done in decomposition graphs
    // only, which are small.
    // ConstantPropagation folds one level per run (a condition whose operand it has just folded
    // waits for the next run); a loop unrolls once its trip count is a constant, and list
    // appends become a ListConstruct once the Ifs around them are gone: repeat to a fixed point,
    // bounded. A step that fails leaves a graph that is still correct.
    try {
      for (int round = 0; round < 16; ++round) {
        absl::StatusOr<bool> folded = FoldGlue(graph);
        const bool unrolled = torch::jit::UnrollConstantLoops(graph);
        const bool lists = torch::jit::RemoveListMutation(graph);
        if (!unrolled && !lists && (!folded.ok() || !*folded)) break;
      }
    } catch (const std::exception&) {
    }
    return graph;
  }

  const DecomposeOptions& options_;
  DecomposeResult& result_;
  OpsetClassifier classifier_;  // options_.opset's, for this run
  absl::flat_hash_map<NodeSignature, std::shared_ptr<const Lowering>> memo_;
  SharedConstants* constants_ = nullptr;  // the graph being emitted's (LowerGraph)
  ValueMap inline_map_;                   // Inline's, kept to reuse its storage
  std::vector<OpKey> path_;
  absl::flat_hash_set<OpKey> on_path_;
  const Clock::time_point start_;
  Clock::time_point last_progress_;
  DecomposeProgress progress_;
};

}  // namespace

absl::StatusOr<DecomposeResult> DecomposeToOpset(const Graph& graph,
                                                 const DecomposeOptions& options) {
  if (!options.opset || !options.registry) {
    return absl::InvalidArgumentError("DecomposeToOpset needs an opset and a registry");
  }
  DecomposeResult result;
  try {
    Decomposer decomposer(options, result);
    // torch::jit's traversal API is not const; the input graph is only read.
    result.graph = decomposer.LowerTopLevel(const_cast<Graph&>(graph));
  } catch (const std::exception& e) {
    return absl::InternalError(absl::StrCat("decomposition failed: ", e.what()));
  }
  return result;
}

}  // namespace graph_lower
