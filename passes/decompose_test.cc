// Tests of the decomposition driver with fake ops: re-entry, cycles, missing decompositions, the
// memo, nested blocks and graphs that are already legal.
#include "passes/decompose.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <torch/library.h>
#include <torch/torch.h>

#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <thread>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "ir/graph_io.h"
#include "opset/verify.h"
#include "reference/backend.h"
#include "testing/graph_testing.h"
#include "testing/run_testing.h"

// Fake ops for the driver's own tests: each computes x + k so results are checkable.
TORCH_LIBRARY(graph_lower_test, m) {
  m.def("a(Tensor x) -> Tensor");
  m.def("b(Tensor x) -> Tensor");
  m.def("c(Tensor x) -> Tensor");
  m.def("d(Tensor x) -> Tensor");
  m.def("e(Tensor x) -> Tensor");
  m.def("f(Tensor x) -> Tensor");
  m.def("g(Tensor x) -> (Tensor, Tensor)");
  m.def("h(Tensor(a) x) -> Tensor(a)");  // a view: the transpose of a 2-D x
}
TORCH_LIBRARY_IMPL(graph_lower_test, CPU, m) {
  m.impl("a", [](const at::Tensor& x) { return x + 1; });
  m.impl("b", [](const at::Tensor& x) { return x + 2; });
  m.impl("c", [](const at::Tensor& x) { return x + 2; });
  m.impl("d", [](const at::Tensor& x) { return x + 4; });
  m.impl("e", [](const at::Tensor& x) { return x * 2; });
  m.impl("f", [](const at::Tensor& x) { return x * 2 + 1; });
  m.impl("g", [](const at::Tensor& x) { return std::make_tuple(x * 0 + 2, x + 2); });
  m.impl("h", [](const at::Tensor& x) { return x.t(); });
}

namespace graph_lower {
namespace {

using test_util::ParseIr;
using test_util::PassesFileCheck;
using test_util::RunOne;

using ::testing::ElementsAre;
using ::testing::HasSubstr;

// A source that answers from a table of op -> text IR, and counts its calls.
class FakeSource : public DecompositionSource {
 public:
  explicit FakeSource(absl::flat_hash_map<std::string, std::string> table)
      : table_(std::move(table)) {}
  absl::string_view name() const override { return "fake"; }
  bool specialized() const override { return false; }
  absl::StatusOr<DecompositionGraph> Decompose(const torch::jit::Node& node) override {
    ++calls_;
    auto it = table_.find(OpKey::Of(node).ToString());
    if (it == table_.end()) return absl::NotFoundError("fake has nothing");
    return ParseGraphText(it->second, "fake");
  }
  int calls() const { return calls_; }

 private:
  absl::flat_hash_map<std::string, std::string> table_;
  int calls_ = 0;
};

struct Fixture {
  Opset opset = Opset::CoreAten();
  std::unique_ptr<DecompositionRegistry> registry = DecompositionRegistry::CreateEmpty();
  FakeSource* fake = nullptr;

  explicit Fixture(absl::flat_hash_map<std::string, std::string> table) {
    auto source = std::make_unique<FakeSource>(std::move(table));
    fake = source.get();
    registry->AddSource(std::move(source));
  }

  DecomposeResult Run(const std::shared_ptr<torch::jit::Graph>& g) {
    DecomposeOptions options;
    options.opset = &opset;
    options.registry = registry.get();
    absl::StatusOr<DecomposeResult> r = DecomposeToOpset(*g, options);
    EXPECT_TRUE(r.ok()) << r.status();
    return *std::move(r);
  }
};

std::vector<std::string> Path(const std::vector<OpKey>& cycle) {
  std::vector<std::string> names;
  for (const OpKey& op : cycle) names.push_back(op.ToString());
  return names;
}

constexpr char kOneOp[] = R"IR(
graph(%x : Tensor):
  %y : Tensor = graph_lower_test::%s(%x)
  return (%y)
)IR";

std::string OneOp(const char* op) {
  std::string ir = kOneOp;
  ir.replace(ir.find("%s"), 2, op);
  return ir;
}

TEST(DecomposeTest, DecompositionThatReentersItsOwnOpStopsAndIsReported) {
  // a(x) "decomposes" into relu(a(x)): expanding a again would never end.
  Fixture f({{"graph_lower_test::a", R"IR(
graph(%x : Tensor):
  %y : Tensor = graph_lower_test::a(%x)
  %z : Tensor = aten::relu(%y)
  return (%z)
)IR"}});
  DecomposeResult r = f.Run(ParseIr(OneOp("a")));
  ASSERT_EQ(r.cycles.size(), 1u);
  EXPECT_THAT(Path(r.cycles[0]), ElementsAre("graph_lower_test::a", "graph_lower_test::a"));
  EXPECT_TRUE(r.converged);
  std::vector<Violation> left = VerifyOpset(*r.graph, f.opset);
  ASSERT_EQ(left.size(), 1u);
  EXPECT_EQ(left[0].op.ToString(), "graph_lower_test::a");
  // The kept node still computes: relu(x + 1).
  at::Tensor x = torch::randn({4});
  EXPECT_TRUE(torch::allclose(RunOne(r.graph, {x}), torch::relu(x + 1)));
}

TEST(DecomposeTest, TwoOpCycleStopsWithTheCycleNamed) {
  Fixture f({{"graph_lower_test::b", OneOp("c")}, {"graph_lower_test::c", OneOp("b")}});
  DecomposeResult r = f.Run(ParseIr(OneOp("b")));
  ASSERT_EQ(r.cycles.size(), 1u);
  EXPECT_THAT(Path(r.cycles[0]),
              ElementsAre("graph_lower_test::b", "graph_lower_test::c", "graph_lower_test::b"));
  EXPECT_LT(f.fake->calls(), 5);
}

TEST(DecomposeTest, OpWithoutDecompositionIsKeptWithReasons) {
  Fixture f({});
  auto g = ParseIr(OneOp("d"));
  DecomposeResult r = f.Run(g);
  EXPECT_FALSE(r.changed);
  ASSERT_EQ(r.undecomposable.size(), 1u);
  EXPECT_THAT(r.undecomposable.begin()->second, ElementsAre("fake: fake has nothing"));
  EXPECT_EQ(GraphToText(*r.graph), GraphToText(*g));
}

TEST(DecomposeTest, IntroducedNodesAreLoweredToo) {
  // f(x) = e(x) + 1 and e(x) = x * 2: f's decomposition brings e, which must be lowered as well.
  Fixture f({{"graph_lower_test::f", R"IR(
graph(%x : Tensor):
  %one : int = prim::Constant[value=1]()
  %y : Tensor = graph_lower_test::e(%x)
  %z : Tensor = aten::add(%y, %one, %one)
  return (%z)
)IR"},
             {"graph_lower_test::e", R"IR(
graph(%x : Tensor):
  %two : int = prim::Constant[value=2]()
  %y : Tensor = aten::mul(%x, %two)
  return (%y)
)IR"}});
  auto g = ParseIr(OneOp("f"));
  DecomposeResult r = f.Run(g);
  EXPECT_TRUE(r.changed);
  EXPECT_TRUE(VerifyOpset(*r.graph, f.opset).empty()) << GraphToText(*r.graph);
  EXPECT_EQ(r.decompositions.size(), 2u);
  at::Tensor x = torch::randn({3});
  EXPECT_TRUE(torch::allclose(RunOne(r.graph, {x}), x * 2 + 1));
  EXPECT_TRUE(torch::allclose(RunOne(g, {x}), x * 2 + 1));
}

TEST(DecomposeTest, MemoHitsEqualOccurrencesMinusDistinctKeys) {
  Fixture f({{"graph_lower_test::e", R"IR(
graph(%x : Tensor):
  %two : int = prim::Constant[value=2]()
  %y : Tensor = aten::mul(%x, %two)
  return (%y)
)IR"}});
  // Five e nodes on Float(4) and two on Float(2, 2): 7 occurrences, 2 distinct keys.
  std::string ir =
      "graph(%x : Float(4, strides=[1], requires_grad=0, device=cpu),\n"
      "      %w : Float(2, 2, strides=[2, 1], requires_grad=0, device=cpu)):\n";
  std::string last_x = "%x", last_w = "%w";
  for (int i = 0; i < 5; ++i) {
    ir += absl::StrCat("  %x", i, " : Float(4, strides=[1], requires_grad=0, device=cpu) = ",
                       "graph_lower_test::e(", last_x, ")\n");
    last_x = absl::StrCat("%x", i);
  }
  for (int i = 0; i < 2; ++i) {
    ir += absl::StrCat("  %w", i, " : Float(2, 2, strides=[2, 1], requires_grad=0, device=cpu) = ",
                       "graph_lower_test::e(", last_w, ")\n");
    last_w = absl::StrCat("%w", i);
  }
  ir += absl::StrCat("  return (", last_x, ", ", last_w, ")\n");
  DecomposeResult r = f.Run(ParseIr(ir));
  EXPECT_EQ(r.rewrites, 7);
  EXPECT_EQ(r.memo_entries, 2);
  EXPECT_EQ(r.memo_hits, 7 - 2);
  EXPECT_EQ(f.fake->calls(), 2);
  EXPECT_TRUE(VerifyOpset(*r.graph, f.opset).empty());
}

TEST(DecomposeTest, LowersInsideControlFlowBlocks) {
  Fixture f({{"graph_lower_test::e", R"IR(
graph(%x : Tensor):
  %two : int = prim::Constant[value=2]()
  %y : Tensor = aten::mul(%x, %two)
  return (%y)
)IR"}});
  auto g = ParseIr(R"IR(
graph(%x : Tensor, %flag : bool):
  %r : Tensor = prim::If(%flag)
    block0():
      %a : Tensor = graph_lower_test::e(%x)
      -> (%a)
    block1():
      %b : Tensor = aten::relu(%x)
      -> (%b)
  return (%r)
)IR");
  DecomposeResult r = f.Run(g);
  EXPECT_EQ(r.rewrites, 1);
  EXPECT_TRUE(VerifyOpset(*r.graph, f.opset).empty()) << GraphToText(*r.graph);
  at::Tensor x = torch::randn({3});
  absl::StatusOr<std::vector<c10::IValue>> out = RunGraph(r.graph, {x, true});
  ASSERT_TRUE(out.ok());
  EXPECT_TRUE(torch::allclose((*out)[0].toTensor(), x * 2));
}

TEST(DecomposeTest, LeavesALegalGraphAlone) {
  Fixture f({});
  auto g = ParseIr(R"IR(
graph(%x : Tensor, %w : Tensor):
  %one : int = prim::Constant[value=1]()
  %y : Tensor = aten::mm(%x, %w)
  %z : Tensor = aten::add(%y, %x, %one)
  return (%z)
)IR");
  DecomposeResult r = f.Run(g);
  EXPECT_FALSE(r.changed);
  EXPECT_EQ(r.rewrites, 0);
  EXPECT_EQ(f.fake->calls(), 0);
  EXPECT_EQ(GraphToText(*r.graph), GraphToText(*g));
}

TEST(DecomposeTest, RewriteCapStopsWithoutConverging) {
  Fixture f({{"graph_lower_test::e", OneOp("f")}, {"graph_lower_test::f", R"IR(
graph(%x : Tensor):
  %y : Tensor = aten::relu(%x)
  return (%y)
)IR"}});
  DecomposeOptions options;
  options.opset = &f.opset;
  options.registry = f.registry.get();
  options.max_rewrites = 0;
  absl::StatusOr<DecomposeResult> r = DecomposeToOpset(*ParseIr(OneOp("e")), options);
  ASSERT_TRUE(r.ok());
  EXPECT_FALSE(r->converged);
  EXPECT_FALSE(r->changed);
}

TEST(DecomposeTest, ReportsAFaultySourceAndKeepsTheNode) {
  // A decomposition with the wrong number of inputs is rejected by the registry's check.
  Fixture f({});
  auto registry = DecompositionRegistry::CreateEmpty();
  ASSERT_TRUE(registry
                  ->Register("graph_lower_test::a",
                             [](const torch::jit::Node&) -> absl::StatusOr<DecompositionGraph> {
                               return ParseGraphText(
                                   "graph(%x : Tensor, %y : Tensor):\n  return (%x)\n", "bad");
                             })
                  .ok());
  DecomposeOptions options;
  options.opset = &f.opset;
  options.registry = registry.get();
  absl::StatusOr<DecomposeResult> r = DecomposeToOpset(*ParseIr(OneOp("a")), options);
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r->undecomposable.size(), 1u);
  EXPECT_THAT(r->undecomposable.begin()->second[0], HasSubstr("takes 2 inputs; the node has 1"));
}

constexpr char kFThenF[] = R"IR(
graph(%x : Tensor):
  %y : Tensor = graph_lower_test::f(%x)
  %z : Tensor = graph_lower_test::f(%y)
  return (%z)
)IR";

TEST(DecomposeTest, CountsRewritesPerOverloadWithSourceNodesAndFirstGraph) {
  // f(x) = e(x) + 1 from the fake source; e(x) = x * 2 from a user decomposition.
  Fixture f({{"graph_lower_test::f", R"IR(
graph(%x : Tensor):
  %one : int = prim::Constant[value=1]()
  %y : Tensor = graph_lower_test::e(%x)
  %z : Tensor = aten::add(%y, %one, %one)
  return (%z)
)IR"}});
  ASSERT_TRUE(f.registry
                  ->Register("graph_lower_test::e",
                             [](const torch::jit::Node&) -> absl::StatusOr<DecompositionGraph> {
                               return ParseGraphText(R"IR(
graph(%x : Tensor):
  %two : int = prim::Constant[value=2]()
  %y : Tensor = aten::mul(%x, %two)
  return (%y)
)IR",
                                                     "user e");
                             })
                  .ok());
  DecomposeResult r = f.Run(ParseIr(kFThenF));
  // Two f nodes (the second from the memo) and one e, inside f's decomposition, lowered once.
  EXPECT_EQ(r.rewrites, 3);
  ASSERT_EQ(r.rewrites_by_op.size(), 2u);
  const OpRewrites& of_f = r.rewrites_by_op.at(*OpKey::Parse("graph_lower_test::f"));
  const OpRewrites& of_e = r.rewrites_by_op.at(*OpKey::Parse("graph_lower_test::e"));
  EXPECT_EQ(of_f.rewrites, 2);
  EXPECT_EQ(of_f.source, "fake");
  EXPECT_EQ(of_e.rewrites, 1);
  EXPECT_EQ(of_e.source, "user");
  // e became its constant and mul; f became those plus its own constant and add, each time.
  EXPECT_EQ(of_e.nodes, 2);
  EXPECT_EQ(of_f.nodes, 2 * 4);

  ASSERT_EQ(r.first_decomposition.size(), 2u);
  EXPECT_TRUE(PassesFileCheck(R"(
    # CHECK-NOT: graph_lower_test::
    # CHECK: aten::mul
    # CHECK-NOT: graph_lower_test::
    # CHECK: aten::add
    # CHECK-NOT: graph_lower_test::
  )",
                              *r.first_decomposition.at(*OpKey::Parse("graph_lower_test::f"))));

  // Every source tried has a time: the user source (hit for e, miss for f) and the fake one.
  EXPECT_EQ(r.source_ms.size(), 2u);
  EXPECT_TRUE(r.source_ms.count("user"));
  EXPECT_TRUE(r.source_ms.count("fake"));
  for (const auto& [source, ms] : r.source_ms) EXPECT_GE(ms, 0) << source;
}

TEST(DecomposeTest, SourceTimeCountsTheSourcesOwnWork) {
  // A source that takes 30 ms per lookup: its time shows at least that, the other source's not.
  class SlowSource : public FakeSource {
   public:
    using FakeSource::FakeSource;
    absl::string_view name() const override { return "slow"; }
    absl::StatusOr<DecompositionGraph> Decompose(const torch::jit::Node& node) override {
      std::this_thread::sleep_for(std::chrono::milliseconds(30));
      return FakeSource::Decompose(node);
    }
  };
  Fixture f({{"graph_lower_test::f", OneOp("e")}});
  f.registry->AddSource(std::make_unique<SlowSource>(absl::flat_hash_map<std::string, std::string>{
      {"graph_lower_test::e",
       "graph(%x : Tensor):\n  %y : Tensor = aten::relu(%x)\n  return (%y)\n"}}));
  DecomposeResult r = f.Run(ParseIr(OneOp("f")));
  EXPECT_EQ(r.rewrites, 2);
  EXPECT_EQ(r.decompositions.at(*OpKey::Parse("graph_lower_test::e")), "slow");
  // One lookup of e reaches the slow source (f is found by the fake source first).
  EXPECT_GE(r.source_ms.at("slow"), 30);
  EXPECT_LT(r.source_ms.at("slow"), 30 * 2 + 500);
  EXPECT_LT(r.source_ms.at("fake"), 30);
}

TEST(DecomposeTest, ReportsProgressThroughTheCallbackOnly) {
  Fixture f({{"graph_lower_test::e", R"IR(
graph(%x : Tensor):
  %y : Tensor = aten::relu(%x)
  return (%y)
)IR"}});
  std::string ir = "graph(%x0 : Tensor):\n";
  for (int i = 0; i < 5; ++i) {
    ir += absl::StrCat("  %x", i + 1, " : Tensor = graph_lower_test::e(%x", i, ")\n");
  }
  ir += "  return (%x5)\n";
  auto g = ParseIr(ir);
  DecomposeOptions options;
  options.opset = &f.opset;
  options.registry = f.registry.get();
  std::vector<DecomposeProgress> seen;
  options.progress = [&seen](const DecomposeProgress& p) { seen.push_back(p); };
  options.progress_interval_ms = 0;  // every node
  absl::StatusOr<DecomposeResult> r = DecomposeToOpset(*g, options);
  ASSERT_TRUE(r.ok()) << r.status();
  ASSERT_GE(seen.size(), 5u);
  for (size_t i = 1; i < seen.size(); ++i) {
    EXPECT_GE(seen[i].nodes_done, seen[i - 1].nodes_done);
    EXPECT_GE(seen[i].rewrites, seen[i - 1].rewrites);
    EXPECT_GE(seen[i].elapsed_ms, seen[i - 1].elapsed_ms);
  }
  EXPECT_EQ(seen.front().nodes_total, 5);
  EXPECT_EQ(seen.back().nodes_done, 5);  // reported before the last node is emitted
  EXPECT_EQ(seen.back().rewrites, 4);
  // Nested lowering (inside e's decomposition) reports with its depth.
  EXPECT_TRUE(std::any_of(seen.begin(), seen.end(),
                          [](const DecomposeProgress& p) { return p.depth == 1; }));

  // A long interval: a short run reports nothing.
  seen.clear();
  options.progress_interval_ms = 60'000;
  ASSERT_TRUE(DecomposeToOpset(*g, options).ok());
  EXPECT_TRUE(seen.empty());
}

// Fault injection (issue 7): each faulty decomposition leaves its node as it was, names the
// source and the reason, and the rest of the graph is still lowered.
// Each place a memoised lowering is inlined shares its constants that cannot be written (one
// node per graph), and keeps a copy of each one that can (a list may be written by its user).
// Counts the prim::Constant nodes of `g`'s top block by their output type's kind.
absl::flat_hash_map<c10::TypeKind, int> ConstantKinds(const torch::jit::Graph& g) {
  absl::flat_hash_map<c10::TypeKind, int> kinds;
  for (const torch::jit::Node* node : g.nodes()) {
    if (node->kind() == c10::prim::Constant) ++kinds[node->output()->type()->kind()];
  }
  return kinds;
}

// Each overload the run left undecomposed with its reasons, one "op: reasons" line each ("" when
// every node was decomposed).
std::string Undecomposable(const DecomposeResult& r) {
  std::string out;
  for (const auto& [op, reasons] : r.undecomposable) {
    absl::StrAppend(&out, op.ToString(), ": ", absl::StrJoin(reasons, "; "), "\n");
  }
  return out;
}

TEST(DecomposeTest, InlinedLoweringsInWhichNothingWritesShareTheirConstants) {
  Fixture f({{"graph_lower_test::a", R"IR(
graph(%x : Tensor):
  %one : int = prim::Constant[value=1]()
  %half : float = prim::Constant[value=0.5]()
  %dims : int[] = prim::Constant[value=[0]]()
  %y : Tensor = aten::mul(%x, %half)
  %z : Tensor = aten::add(%y, %one, %one)
  %w : Tensor = aten::flip(%z, %dims)
  return (%w)
)IR"}});
  DecomposeResult r = f.Run(ParseIr(R"IR(
graph(%x : Tensor):
  %y1 : Tensor = graph_lower_test::a(%x)
  %y2 : Tensor = graph_lower_test::a(%y1)
  %y3 : Tensor = graph_lower_test::a(%y2)
  return (%y3)
)IR"));
  EXPECT_EQ(r.memo_hits, 2);
  EXPECT_TRUE(VerifyOpset(*r.graph, f.opset).empty()) << GraphToText(*r.graph);
  absl::flat_hash_map<c10::TypeKind, int> kinds = ConstantKinds(*r.graph);
  EXPECT_EQ(kinds[c10::TypeKind::IntType], 1) << GraphToText(*r.graph);
  EXPECT_EQ(kinds[c10::TypeKind::FloatType], 1) << GraphToText(*r.graph);
  // Nothing in the lowering writes the int[] and it does not reach an output: one copy.
  EXPECT_EQ(kinds[c10::TypeKind::ListType], 1) << GraphToText(*r.graph);
  torch::jit::LintGraph(r.graph);

  const at::Tensor x = torch::randn({4, 3});
  at::Tensor want = x;
  for (int i = 0; i < 3; ++i) want = torch::flip(want * 0.5 + 1, {0});
  EXPECT_TRUE(torch::allclose(RunOne(r.graph, {x}), want));
}

TEST(DecomposeTest, ASharedConstantIsGivenAtMost128Uses) {
  // Freeing n users of one value costs n^2 / 2 in libtorch (a linear search per use removed), so
  // a shared constant takes at most 128 uses and the next inlined copies share a new one.
  Fixture f({{"graph_lower_test::a", R"IR(
graph(%x : Tensor):
  %dims : int[] = prim::Constant[value=[0]]()
  %w : Tensor = aten::flip(%x, %dims)
  return (%w)
)IR"}});
  std::string text = "graph(%x0 : Tensor):\n";
  for (int i = 0; i < 300; ++i) {
    absl::StrAppend(&text, "  %x", i + 1, " : Tensor = graph_lower_test::a(%x", i, ")\n");
  }
  absl::StrAppend(&text, "  return (%x300)\n");
  DecomposeResult r = f.Run(ParseIr(text));
  EXPECT_EQ(r.memo_hits, 299);
  std::vector<size_t> uses;
  for (const torch::jit::Node* node : r.graph->nodes()) {
    if (node->kind() == c10::prim::Constant) uses.push_back(node->output()->uses().size());
  }
  std::sort(uses.begin(), uses.end());
  EXPECT_THAT(uses, ElementsAre(44, 128, 128));
  torch::jit::LintGraph(r.graph);
  const at::Tensor x = torch::randn({4, 3});
  EXPECT_TRUE(torch::equal(RunOne(r.graph, {x}), x));  // an even number of flips
}

TEST(DecomposeTest, ALoweringThatWritesKeepsACopyOfEachWritableConstant) {
  // The lowering appends to a list (made from its int[] constant, which a node of some copy could
  // write): the int[] is cloned for each copy; the int, which no node can write, is shared.
  Fixture f({{"graph_lower_test::a", R"IR(
graph(%x : Tensor):
  %one : int = prim::Constant[value=1]()
  %keep : bool = prim::Constant[value=1]()
  %dims : int[] = prim::Constant[value=[0]]()
  %l : int[] = aten::list(%dims)
  %u : int[] = aten::append(%l, %one)
  %none : NoneType = prim::Constant()
  %w : Tensor = aten::sum(%x, %l, %keep, %none)
  return (%w)
)IR"}});
  f.opset.Keep("aten::list.t").IgnoreError();
  f.opset.Keep("aten::append.t").IgnoreError();
  DecomposeResult r = f.Run(ParseIr(R"IR(
graph(%x : Tensor):
  %y1 : Tensor = graph_lower_test::a(%x)
  %y2 : Tensor = graph_lower_test::a(%y1)
  return (%y2)
)IR"));
  EXPECT_EQ(r.memo_hits, 1);
  EXPECT_EQ(Undecomposable(r), "");
  absl::flat_hash_map<c10::TypeKind, int> kinds = ConstantKinds(*r.graph);
  EXPECT_EQ(kinds[c10::TypeKind::IntType], 1) << GraphToText(*r.graph);
  EXPECT_EQ(kinds[c10::TypeKind::ListType], 2) << GraphToText(*r.graph);
  torch::jit::LintGraph(r.graph);
  const at::Tensor x = torch::randn({4, 3});
  EXPECT_TRUE(torch::allclose(
      RunOne(r.graph, {x}),
      x.sum(std::vector<int64_t>{0, 1}, true).sum(std::vector<int64_t>{0, 1}, true)));
}

TEST(DecomposeTest, AConstantThatMayReachALoweringsOutputIsNotShared) {
  // aten::alias returns its input: each copy's output would be the one tensor constant, and a
  // caller writing one output would change the others.
  Fixture f({});
  f.opset.Keep("aten::alias").IgnoreError();
  ASSERT_TRUE(f.registry
                  ->Register("graph_lower_test::g",
                             [](const torch::jit::Node&) -> absl::StatusOr<DecompositionGraph> {
                               auto g = std::make_shared<torch::jit::Graph>();
                               torch::jit::Value* x =
                                   g->addInput()->setType(c10::TensorType::get());
                               torch::jit::Value* c = g->insertConstant(torch::full({}, 2));
                               torch::jit::Value* one = g->insertConstant(1);
                               g->registerOutput(g->insert(c10::aten::alias, {c}));
                               // Created, not inserted: insert's schema matching reads the
                               // 0-d constant as a Scalar (aten::ScalarImplicit, not core).
                               torch::jit::Node* add =
                                   g->insertNode(g->create(c10::aten::add, {x, c, one}, 1));
                               add->output()->setType(c10::TensorType::get());
                               g->registerOutput(add->output());
                               return g;
                             })
                  .ok());
  DecomposeResult r = f.Run(ParseIr(R"IR(
graph(%x : Tensor):
  %y1 : Tensor, %z1 : Tensor = graph_lower_test::g(%x)
  %y2 : Tensor, %z2 : Tensor = graph_lower_test::g(%z1)
  return (%y1, %y2, %z2)
)IR"));
  EXPECT_EQ(r.memo_hits, 1);
  EXPECT_EQ(Undecomposable(r), "");
  absl::flat_hash_map<c10::TypeKind, int> kinds = ConstantKinds(*r.graph);
  EXPECT_EQ(kinds[c10::TypeKind::TensorType], 2) << GraphToText(*r.graph);
  EXPECT_EQ(kinds[c10::TypeKind::IntType], 1) << GraphToText(*r.graph);
  torch::jit::LintGraph(r.graph);
}

TEST(DecomposeTest, EqualConstantsOfTheSourceGraphThatCannotBeWrittenAreOneNode) {
  Fixture f({});
  DecomposeResult r = f.Run(ParseIr(R"IR(
graph(%x : Tensor):
  %a : int = prim::Constant[value=1]()
  %b : int = prim::Constant[value=1]()
  %two : int = prim::Constant[value=2]()
  %f : float = prim::Constant[value=1.]()
  %l1 : int[] = prim::Constant[value=[0]]()
  %l2 : int[] = prim::Constant[value=[0]]()
  %t1 : bool = prim::Constant[value=1]()
  %t2 : bool = prim::Constant[value=1]()
  %y : Tensor = aten::add(%x, %a, %b)
  %z : Tensor = aten::add(%y, %two, %a)
  %w : Tensor = aten::mul(%z, %f)
  %none : NoneType = prim::Constant()
  %s1 : Tensor = aten::sum(%w, %l1, %t1, %none)
  %s2 : Tensor = aten::sum(%s1, %l2, %t2, %none)
  return (%s2)
)IR"));
  absl::flat_hash_map<c10::TypeKind, int> kinds = ConstantKinds(*r.graph);
  EXPECT_EQ(kinds[c10::TypeKind::IntType], 2) << GraphToText(*r.graph);    // 1 and 2
  EXPECT_EQ(kinds[c10::TypeKind::FloatType], 1) << GraphToText(*r.graph);  // not merged with 1
  EXPECT_EQ(kinds[c10::TypeKind::BoolType], 1) << GraphToText(*r.graph);
  EXPECT_EQ(kinds[c10::TypeKind::ListType], 2) << GraphToText(*r.graph);  // left to PoolConstants
  torch::jit::LintGraph(r.graph);
  const at::Tensor x = torch::randn({4, 3, 2});
  const at::Tensor want = (((x + 1) + 2) * 1.0).sum({0}, true).sum({0}, true);
  EXPECT_TRUE(torch::allclose(RunOne(r.graph, {x}), want));
}

TEST(DecomposeFaultTest, ThrowingDecompositionIsReportedAndTheRestLowered) {
  Fixture f({{"graph_lower_test::b", R"IR(
graph(%x : Tensor):
  %y : Tensor = aten::relu(%x)
  return (%y)
)IR"}});
  ASSERT_TRUE(f.registry
                  ->Register("graph_lower_test::a",
                             [](const torch::jit::Node&) -> absl::StatusOr<DecompositionGraph> {
                               throw std::runtime_error("injected fault in a");
                             })
                  .ok());
  constexpr char kAThenB[] = R"IR(
graph(%x : Tensor):
  %y : Tensor = graph_lower_test::a(%x)
  %z : Tensor = graph_lower_test::b(%y)
  return (%z)
  # CHECK: graph_lower_test::a
  # CHECK-NOT: graph_lower_test::b
  # CHECK: aten::relu
  # CHECK-NOT: graph_lower_test::b
)IR";
  auto g = ParseIr(kAThenB);
  DecomposeResult r = f.Run(g);
  r.graph->lint();
  ASSERT_EQ(r.undecomposable.size(), 1u);
  EXPECT_EQ(r.undecomposable.begin()->first.ToString(), "graph_lower_test::a");
  EXPECT_THAT(r.undecomposable.begin()->second[0], HasSubstr("user"));
  EXPECT_THAT(r.undecomposable.begin()->second[0], HasSubstr("injected fault in a"));
  EXPECT_EQ(r.decompositions.count(OpKey::Parse("graph_lower_test::b").value()), 1u);
  EXPECT_TRUE(PassesFileCheck(kAThenB, *r.graph));
}

TEST(DecomposeFaultTest, WrongNumberOfOutputsIsRejected) {
  Fixture f({{"graph_lower_test::a", R"IR(
graph(%x : Tensor):
  return (%x, %x)
)IR"}});
  DecomposeResult r = f.Run(ParseIr(OneOp("a")));
  ASSERT_EQ(r.undecomposable.size(), 1u);
  EXPECT_THAT(r.undecomposable.begin()->second[0], HasSubstr("fake"));
  EXPECT_THAT(r.undecomposable.begin()->second[0], HasSubstr("2 values; the node has 1"));
}

TEST(DecomposeFaultTest, WrongOutputDtypeIsRejected) {
  // The node gives float32; the decomposition computes in float64 and does not cast back.
  Fixture f({{"graph_lower_test::a", R"IR(
graph(%x : Tensor):
  %dtype : int = prim::Constant[value=7]()
  %false : bool = prim::Constant[value=0]()
  %none : NoneType = prim::Constant()
  %y : Double(2, strides=[1], requires_grad=0, device=cpu) = aten::_to_copy(%x, %dtype, %none, %none, %none, %false, %none)
  return (%y)
)IR"}});
  auto g = ParseIr(R"IR(
graph(%x : Float(2, strides=[1], requires_grad=0, device=cpu)):
  %y : Float(2, strides=[1], requires_grad=0, device=cpu) = graph_lower_test::a(%x)
  return (%y)
)IR");
  DecomposeResult r = f.Run(g);
  ASSERT_EQ(r.undecomposable.size(), 1u);
  EXPECT_THAT(r.undecomposable.begin()->second[0],
              HasSubstr("fake: the decomposition returns Double for output 0 where the node "
                        "gives Float"));
  EXPECT_THAT(GraphToText(*r.graph), HasSubstr("graph_lower_test::a"));
  EXPECT_TRUE(r.decompositions.empty());
}

// graph_lower_test::h, a view, on a 2x3 input: the op gives strides [1, 3].
constexpr char kViewNode[] = R"IR(
graph(%x : Float(2, 3, strides=[3, 1], requires_grad=0, device=cpu)):
  %y : Float(3, 2, strides=[1, 3], requires_grad=0, device=cpu) = graph_lower_test::h(%x)
  return (%y)
)IR";

TEST(DecomposeFaultTest, AViewOfTheInputLaidOutOtherwiseIsRejected) {
  // view(x, [3, 2]) aliases x with strides [2, 1]: a copy to the op's layout would no longer
  // alias x, so the decomposition cannot be used.
  Fixture f({{"graph_lower_test::h", R"IR(
graph(%x : Float(2, 3, strides=[3, 1], requires_grad=0, device=cpu)):
  %size : int[] = prim::Constant[value=[3, 2]]()
  %y : Float(3, 2, strides=[2, 1], requires_grad=0, device=cpu) = aten::view(%x, %size)
  return (%y)
)IR"}});
  DecomposeResult r = f.Run(ParseIr(kViewNode));
  ASSERT_EQ(r.undecomposable.size(), 1u);
  EXPECT_THAT(r.undecomposable.begin()->second[0],
              HasSubstr("lays out output 0 (which may alias an input) with strides [2, 1] where "
                        "the op gives [1, 3]"));
  EXPECT_EQ(r.restrided_outputs, 0);
}

TEST(DecomposeFaultTest, AFreshTensorForAViewIsGivenTheViewsLayout) {
  // The decomposition already copies (clone of the transpose, contiguous: strides [2, 1]); it is
  // used, restrided to the op's [1, 3], and computes what the op does.
  Fixture f({{"graph_lower_test::h", R"IR(
graph(%x : Float(2, 3, strides=[3, 1], requires_grad=0, device=cpu)):
  %perm : int[] = prim::Constant[value=[1, 0]]()
  %format : int = prim::Constant[value=0]()
  %t : Float(3, 2, strides=[1, 3], requires_grad=0, device=cpu) = aten::permute(%x, %perm)
  %y : Float(3, 2, strides=[2, 1], requires_grad=0, device=cpu) = aten::clone(%t, %format)
  return (%y)
)IR"}});
  DecomposeResult r = f.Run(ParseIr(kViewNode));
  EXPECT_TRUE(r.undecomposable.empty());
  EXPECT_EQ(r.restrided_outputs, 1);
  const at::Tensor x = torch::arange(6, torch::kFloat).reshape({2, 3});
  const at::Tensor y = RunOne(r.graph, {x});
  EXPECT_TRUE(torch::equal(y, x.t()));
  EXPECT_EQ(y.strides(), x.t().strides());
}

TEST(DecomposeFaultTest, CycleAcrossSourcesStopsWithTheCycleNamed) {
  // The user source sends a to b; the second source sends b back to a.
  Fixture f({{"graph_lower_test::b", OneOp("a")}});
  ASSERT_TRUE(f.registry
                  ->Register("graph_lower_test::a",
                             [](const torch::jit::Node&) -> absl::StatusOr<DecompositionGraph> {
                               return ParseGraphText(OneOp("b"), "user a");
                             })
                  .ok());
  DecomposeResult r = f.Run(ParseIr(OneOp("a")));
  ASSERT_EQ(r.cycles.size(), 1u);
  EXPECT_THAT(Path(r.cycles[0]),
              ElementsAre("graph_lower_test::a", "graph_lower_test::b", "graph_lower_test::a"));
  EXPECT_LT(f.fake->calls(), 5);
  EXPECT_TRUE(RunOne(r.graph, {at::zeros({2})}).equal(at::full({2}, 1.0)));
}

TEST(DecomposeFaultTest, CustomNamespaceOpWithoutDecompositionIsKeptAndReported) {
  Fixture f({});
  auto g = ParseIr(OneOp("d"));
  DecomposeResult r = f.Run(g);
  ASSERT_EQ(r.undecomposable.size(), 1u);
  EXPECT_EQ(r.undecomposable.begin()->first.ToString(), "graph_lower_test::d");
  EXPECT_THAT(r.undecomposable.begin()->second, ::testing::Contains(HasSubstr("fake")));
  EXPECT_TRUE(RunOne(r.graph, {at::zeros({2})}).equal(at::full({2}, 4.0)));
}

}  // namespace
}  // namespace graph_lower
