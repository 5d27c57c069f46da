// Tests of the pipeline's operability hooks (after_pass, progress), the per-overload and
// per-source figures of its report, and the dot / HTML renderings of a lowering.
#include "lowering/pipeline.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <torch/csrc/jit/ir/irparser.h>
#include <torch/csrc/jit/runtime/interpreter.h>
#include <torch/torch.h>
#include <unistd.h>

#include <algorithm>
#include <limits>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "ir/graph_io.h"
#include "lowering/visualize.h"
#include "reference/backend.h"

namespace graph_lower {
namespace {

using ::testing::AllOf;
using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;

// linear (library: permute + addmm / matmul), silu and gelu (non-core; decomposed), on complete
// shapes so every decomposition applies.
constexpr char kProgram[] = R"IR(
graph(%x : Tensor, %w : Tensor):
  %none : NoneType = prim::Constant()
  %approx : str = prim::Constant[value="none"]()
  %y : Tensor = aten::linear(%x, %w, %none)
  %s : Tensor = aten::silu(%y)
  %z : Tensor = aten::linear(%s, %w, %none)
  return (%z)
)IR";

std::shared_ptr<torch::jit::Graph> Program() {
  absl::StatusOr<std::shared_ptr<torch::jit::Graph>> g = ParseGraphText(kProgram, "test");
  EXPECT_TRUE(g.ok()) << g.status();
  return *g;
}

LoweringOptions WithExamples() {
  LoweringOptions options;
  options.example_inputs = std::vector<c10::IValue>{torch::randn({2, 3}), torch::randn({3, 3})};
  return options;
}

TEST(PipelineTest, AfterPassSeesEveryStepInOrder) {
  auto g = Program();
  LoweringOptions options = WithExamples();
  std::vector<std::string> passes;
  std::vector<std::string> texts;
  options.after_pass = [&](absl::string_view pass, const torch::jit::Graph& graph) {
    passes.emplace_back(pass);
    texts.push_back(GraphToText(graph));
  };
  absl::StatusOr<LoweringReport> report = LowerToCoreAten(g, options);
  ASSERT_TRUE(report.ok()) << report.status();
  ASSERT_GE(passes.size(), 7u);
  EXPECT_EQ(passes[0], "input");
  EXPECT_EQ(passes[1], "prepare");
  EXPECT_THAT(std::vector<std::string>(passes.begin() + 2, passes.begin() + 6),
              ElementsAre("r1-specialize", "r1-decompose", "r1-functionalize", "r1-cleanup"));
  // The last round decomposed: the glue it brought is specialised and folded once more.
  EXPECT_EQ(passes[passes.size() - 3], "fold_decomposed_glue");
  EXPECT_EQ(passes[passes.size() - 2], "fresh_outputs");
  EXPECT_EQ(passes.back(), "final");
  EXPECT_EQ(static_cast<int>(passes.size()), 2 + 4 * report->iterations + 3);
  // The input is the graph as given; the decompose step is where aten::linear goes away; the
  // final graph is the one returned.
  EXPECT_THAT(texts[0], HasSubstr("aten::linear"));
  EXPECT_THAT(texts[2], HasSubstr("aten::linear"));
  EXPECT_THAT(texts[3], Not(HasSubstr("aten::linear")));
  EXPECT_EQ(texts.back(), GraphToText(*g));
}

TEST(PipelineTest, LoweringInPlaceGivesTheGraphACopyWouldGet) {
  LoweringOptions options = WithExamples();
  auto copied = Program();
  const auto given = copied;
  absl::StatusOr<LoweringReport> by_copy = LowerToCoreAten(copied, options);
  ASSERT_TRUE(by_copy.ok()) << by_copy.status();
  // Without in_place the caller's graph object is left as it was (only the pointer moves).
  EXPECT_THAT(GraphToText(*given), HasSubstr("aten::linear"));
  EXPECT_NE(copied.get(), given.get());

  options.in_place = true;
  auto in_place = Program();
  absl::StatusOr<LoweringReport> by_in_place = LowerToCoreAten(in_place, options);
  ASSERT_TRUE(by_in_place.ok()) << by_in_place.status();
  EXPECT_EQ(GraphToText(*in_place), GraphToText(*copied));
  EXPECT_TRUE(by_in_place->violations.empty());
  EXPECT_EQ(by_in_place->nodes_after, by_copy->nodes_after);
  EXPECT_EQ(by_in_place->rewrites, by_copy->rewrites);
  const auto& passes = by_in_place->pass_ms;
  EXPECT_TRUE(
      std::none_of(passes.begin(), passes.end(), [](const auto& p) { return p.first == "copy"; }));
}

TEST(PipelineTest, WithoutExampleInputsThereIsNoSpecializeStep) {
  auto g = Program();
  LoweringOptions options;
  std::vector<std::string> passes;
  options.after_pass = [&](absl::string_view pass, const torch::jit::Graph&) {
    passes.emplace_back(pass);
  };
  ASSERT_TRUE(LowerToCoreAten(g, options).ok());
  EXPECT_THAT(passes, Not(Contains("r1-specialize")));
  EXPECT_THAT(passes, Contains("r1-decompose"));
}

// The stack after running `graph` in the JIT interpreter on `inputs`.
torch::jit::Stack RunInInterpreter(const std::shared_ptr<torch::jit::Graph>& graph,
                                   torch::jit::Stack inputs) {
  torch::jit::Code code(graph, "lowered");
  torch::jit::InterpreterState(code).run(inputs);
  return inputs;
}

// Lowers `g` in place with `examples` as example inputs; returns the steps it took (after_pass's
// names, in order), after failing the test if lowering failed.
std::vector<std::string> LowerWithExamples(std::shared_ptr<torch::jit::Graph>& g,
                                           std::vector<c10::IValue> examples) {
  LoweringOptions options;
  options.example_inputs = std::move(examples);
  std::vector<std::string> passes;
  options.after_pass = [&](absl::string_view pass, const torch::jit::Graph&) {
    passes.emplace_back(pass);
  };
  absl::StatusOr<LoweringReport> report = LowerToCoreAten(g, options);
  EXPECT_TRUE(report.ok()) << report.status();
  return passes;
}

// A program that writes, given example inputs, is specialised and its branches pruned before its
// mutation is removed ("prune"): the If decided by x.dim() and the list built by an append fold,
// the write in the branch not taken goes with it, and the result is the original's.
TEST(PipelineTest, AProgramThatWritesIsPrunedBeforeItsMutationIsRemoved) {
  absl::StatusOr<std::shared_ptr<torch::jit::Graph>> g = ParseGraphText(R"IR(
graph(%x : Tensor):
  %two : int = prim::Constant[value=2]()
  %l : int[] = prim::ListConstruct()
  %d : int = aten::dim(%x)
  %c : bool = aten::eq(%d, %two)
  %a : int[] = aten::append(%l, %d)
  %n : int = aten::len(%l)
  %y : Tensor = prim::If(%c)
    block0():
      %s : Tensor = aten::silu(%x)
      -> (%s)
    block1():
      %r : Tensor = aten::relu_(%x)
      -> (%r)
  %z : Tensor = aten::mul(%y, %n)
  return (%z)
)IR",
                                                                        "test");
  ASSERT_TRUE(g.ok()) << g.status();
  const at::Tensor x = torch::randn({2, 3});
  LoweringOptions options;
  options.example_inputs = std::vector<c10::IValue>{x};
  std::vector<std::string> passes;
  std::string pruned;
  options.after_pass = [&](absl::string_view pass, const torch::jit::Graph& graph) {
    passes.emplace_back(pass);
    if (pass == "prune") pruned = GraphToText(graph);
  };
  absl::StatusOr<LoweringReport> report = LowerToCoreAten(*g, options);
  ASSERT_TRUE(report.ok()) << report.status();
  ASSERT_GE(passes.size(), 3u);
  EXPECT_EQ(passes[1], "prune");
  EXPECT_EQ(passes[2], "prepare");
  EXPECT_THAT(pruned, AllOf(Not(HasSubstr("prim::If")), Not(HasSubstr("aten::relu_")),
                            Not(HasSubstr("aten::append"))));
  EXPECT_TRUE(report->mutated_inputs.empty());
  torch::jit::Stack stack = RunInInterpreter(*g, {x.clone()});
  EXPECT_TRUE(torch::allclose(stack[0].toTensor(), torch::silu(x)));
}

// An op that changes a tensor's sizes in place (t_) keeps the program from being pruned first:
// the types recorded per value would not follow the tensor through its aliases.
TEST(PipelineTest, AProgramThatTransposesInPlaceIsNotPrunedFirst) {
  absl::StatusOr<std::shared_ptr<torch::jit::Graph>> g = ParseGraphText(R"IR(
graph(%x : Tensor):
  %one : int = prim::Constant[value=1]()
  %y : Tensor = aten::clone(%x, %one)
  %l : Tensor[] = prim::ListConstruct()
  %a : Tensor[] = aten::append(%l, %y)
  %t : Tensor = aten::t_(%y)
  %z : Tensor = aten::add(%t, %one, %one)
  return (%z)
)IR",
                                                                        "test");
  ASSERT_TRUE(g.ok()) << g.status();
  const at::Tensor x = torch::randn({2, 3});
  EXPECT_THAT(LowerWithExamples(*g, {x}), Not(Contains("prune")));
  torch::jit::Stack stack = RunInInterpreter(*g, {x.clone()});
  EXPECT_TRUE(torch::equal(stack[0].toTensor(), x.t() + 1));
}

// Try-to-break-it pass: an out= overload resizes its out argument, an input given empty; its
// size after the write is the result's, which the types recorded before it would not say.
TEST(PipelineTest, AnOutArgumentResizedByTheProgramIsNotPrunedFirst) {
  absl::StatusOr<std::shared_ptr<torch::jit::Graph>> g = ParseGraphText(R"IR(
graph(%x : Tensor, %y : Tensor, %c : Tensor):
  %zero : int = prim::Constant[value=0]()
  %one : int = prim::Constant[value=1]()
  %w : Tensor = aten::add(%x, %y, %one, %c)
  %n : int = aten::size(%c, %zero)
  %d : int = aten::dim(%c)
  %s : Tensor = aten::mul(%c, %n)
  %r : Tensor = aten::add(%s, %d, %one)
  return (%r)
)IR",
                                                                        "test");
  ASSERT_TRUE(g.ok()) << g.status();
  const at::Tensor x = torch::ones({3, 4}), y = torch::ones({3, 4});
  EXPECT_THAT(LowerWithExamples(*g, {x, y, torch::empty({0})}), Not(Contains("prune")));
  torch::jit::Stack stack = RunInInterpreter(*g, {x, y, torch::empty({0})});
  // (output, the new value of the written input c), as Functionalize returns them.
  ASSERT_TRUE(stack[0].isTuple());
  const at::Tensor out = stack[0].toTupleRef().elements()[0].toTensor();
  EXPECT_TRUE(torch::equal(out, torch::full({3, 4}, 8.0))) << out;
}

// Break-it pass: a loop of 10^9 trips made shape specialisation run every one of them. The run's
// loop work (SpecializeOptions::max_loop_steps, 200,000 iterations and nodes run in loops) stops
// it: the loop and what follows are left unspecialised and reported; what precedes the loop is
// still specialised, and the graph is still lowered.
TEST(PipelineTest, ALoopPastTheTripBudgetIsLeftUnspecialisedAndReported) {
  absl::StatusOr<std::shared_ptr<torch::jit::Graph>> g = ParseGraphText(R"IR(
graph(%x : Tensor):
  %none : NoneType = prim::Constant()
  %true : bool = prim::Constant[value=1]()
  %n : int = prim::Constant[value=1000000000]()
  %one : int = prim::Constant[value=1]()
  %s : Tensor = aten::silu(%x)
  %y : Tensor = prim::Loop(%n, %true, %s)
    block0(%i : int, %c : Tensor):
      %c2 : Tensor = aten::add(%c, %one, %one)
      -> (%true, %c2)
  %z : Tensor = aten::silu(%y)
  return (%z)
)IR",
                                                                        "test");
  ASSERT_TRUE(g.ok()) << g.status();
  LoweringOptions options;
  options.example_inputs = std::vector<c10::IValue>{torch::randn({2, 3})};
  // Per aten::silu of the specialised graph: its input's name and whether its type is complete.
  std::vector<std::pair<std::string, bool>> silu_types;
  options.after_pass = [&](absl::string_view pass, const torch::jit::Graph& graph) {
    if (pass != "r1-specialize") return;
    for (const torch::jit::Node* node : graph.nodes()) {
      if (node->kind() != c10::Symbol::fromQualString("aten::silu")) continue;
      auto type = node->output()->type()->cast<c10::TensorType>();
      silu_types.emplace_back(node->input()->debugName(), type && type->isComplete());
    }
  };
  absl::StatusOr<LoweringReport> report = LowerToCoreAten(*g, options);
  ASSERT_TRUE(report.ok()) << report.status();
  ASSERT_EQ(report->unspecialized_loops.size(), 1u);
  EXPECT_THAT(report->unspecialized_loops[0],
              AllOf(HasSubstr("prim::Loop (outputs %"), HasSubstr("and everything after it"),
                    HasSubstr("max_loop_steps")));
  EXPECT_THAT(report->Summary(), HasSubstr("not specialised: prim::Loop"));
  EXPECT_EQ(report->ToJson()["unspecialized_loops"].size(), 1u);
  // The silu before the loop has a complete type; the one after it does not.
  ASSERT_EQ(silu_types.size(), 2u);
  EXPECT_EQ(silu_types[0], std::make_pair(std::string("x"), true));
  EXPECT_FALSE(silu_types[1].second);
  for (const auto& [op, count] : report->ops_after) EXPECT_NE(op.ToString(), "aten::silu");
}

TEST(PipelineTest, ReportCountsRewritesPerOverloadAndTimePerSource) {
  auto g = Program();
  absl::StatusOr<LoweringReport> report = LowerToCoreAten(g, WithExamples());
  ASSERT_TRUE(report.ok()) << report.status();
  const OpKey linear = *OpKey::Parse("aten::linear");
  ASSERT_TRUE(report->rewrites_by_op.count(linear));
  const OpRewrites& l = report->rewrites_by_op.at(linear);
  EXPECT_EQ(l.rewrites, 2);  // both nodes
  EXPECT_EQ(l.source, report->decompositions.at(linear));
  EXPECT_GE(l.nodes, 2 * 1);
  int64_t sum = 0;
  for (const auto& [op, stats] : report->rewrites_by_op) {
    sum += stats.rewrites;
    EXPECT_EQ(stats.source, report->decompositions.at(op)) << op.ToString();
  }
  EXPECT_EQ(sum, report->rewrites);
  // Every decomposition's source has a time, and none is outside the decompose pass.
  double decompose_ms = 0;
  for (const auto& [pass, ms] : report->pass_ms) {
    if (pass == "decompose") decompose_ms = ms;
  }
  double sources_ms = 0;
  for (const auto& [op, source] : report->decompositions) {
    EXPECT_TRUE(report->source_ms.count(source)) << source;
  }
  for (const auto& [source, ms] : report->source_ms) sources_ms += ms;
  EXPECT_GT(sources_ms, 0);
  EXPECT_LE(sources_ms, decompose_ms);
  // The subgraph linear became: core ops only, fed by the node's two tensor inputs.
  ASSERT_TRUE(report->decomposition_graphs.count(linear));
  const std::string sub = GraphToText(*report->decomposition_graphs.at(linear));
  EXPECT_THAT(sub, Not(HasSubstr("aten::linear")));
  EXPECT_TRUE(absl::StrContains(sub, "aten::addmm") || absl::StrContains(sub, "aten::mm")) << sub;

  nlohmann::json j = report->ToJson();
  EXPECT_EQ(j["rewrites_by_op"]["aten::linear"]["rewrites"], 2);
  EXPECT_EQ(j["rewrites_by_op"]["aten::linear"]["source"], l.source);
  EXPECT_EQ(j["decomposition_ir"]["aten::linear"], sub);
  EXPECT_TRUE(j["source_ms"].contains(l.source));
}

// The report's JSON keys (opset/report.cc's CheckReport and lowering/report.cc), written out here
// once; "verify_message" is there only when verification said something.
TEST(PipelineTest, ReportJsonHasExactlyTheDocumentedKeys) {
  auto g = Program();
  LoweringOptions options = WithExamples();
  options.verify = true;
  absl::StatusOr<LoweringReport> report = LowerToCoreAten(g, options);
  ASSERT_TRUE(report.ok()) << report.status();
  const nlohmann::json j = report->ToJson();
  std::vector<std::string> keys;
  for (const auto& [key, value] : j.items()) keys.push_back(key);
  EXPECT_THAT(
      keys,
      ::testing::UnorderedElementsAre(
          "legal", "core_ops", "kept_ops", "structural_ops", "non_core_ops", "glue_ops",
          "violations", "ops_before", "ops_after", "nodes_before", "nodes_after", "decompositions",
          "cycles", "undecomposable", "mutated_inputs", "inputs_written_in_place", "none_inputs",
          "present_inputs", "unspecialized_loops", "glue_left", "rewrites", "rewrites_by_op",
          "decomposition_ir", "memo_hits", "memo_entries", "restrided_outputs", "fresh_outputs",
          "iterations", "changed", "converged", "specialized", "time_ms", "pass_ms", "source_ms",
          "verified", "max_abs_error", "max_rel_error"));
}

// pass_ms has one entry per timer, in the order the steps first ran, times summed over rounds.
TEST(PipelineTest, PassTimesAreInTheOrderTheStepsFirstRan) {
  auto g = Program();
  absl::StatusOr<LoweringReport> report = LowerToCoreAten(g, WithExamples());
  ASSERT_TRUE(report.ok()) << report.status();
  std::vector<std::string> passes;
  for (const auto& [pass, ms] : report->pass_ms) passes.push_back(pass);
  EXPECT_THAT(passes, ElementsAre("census", "copy", "prepare", "functionalize", "specialize",
                                  "fold", "decompose", "pool_constants", "fresh_outputs"));
}

TEST(PipelineTest, ProgressIsReportedFromTheDecomposePassWithItsRound) {
  auto g = Program();
  LoweringOptions options = WithExamples();
  std::vector<LoweringProgress> seen;
  options.progress = [&](const LoweringProgress& p) { seen.push_back(p); };
  options.progress_interval_ms = 0;
  absl::StatusOr<LoweringReport> report = LowerToCoreAten(g, options);
  ASSERT_TRUE(report.ok()) << report.status();
  ASSERT_FALSE(seen.empty());
  EXPECT_EQ(seen.front().round, 1);
  EXPECT_GT(seen.front().decompose.nodes_total, 0);
  for (const LoweringProgress& p : seen) {
    EXPECT_GE(p.round, 1);
    EXPECT_LE(p.round, report->iterations);
    EXPECT_LE(p.decompose.nodes_done, p.decompose.nodes_total);
  }
}

TEST(VisualizeTest, HtmlEscapeEscapesMarkupAndQuotes) {
  EXPECT_EQ(HtmlEscape("<a href='x'>\"&\"</a>"),
            "&lt;a href=&#39;x&#39;&gt;&quot;&amp;&quot;&lt;/a&gt;");
  EXPECT_EQ(HtmlEscape("plain"), "plain");
}

TEST(VisualizeTest, GraphToDotDrawsNodesEdgesAndEscapesNames) {
  auto g = Program();
  const std::string dot = GraphToDot(*g, "a \"quoted\" \\ name");
  EXPECT_THAT(dot, HasSubstr("digraph \"a \\\"quoted\\\" \\\\ name\" {"));
  EXPECT_THAT(dot, HasSubstr("n0 [label=\"aten::linear"));
  EXPECT_THAT(dot, HasSubstr("n1 [label=\"aten::silu"));
  EXPECT_THAT(dot, HasSubstr("in0 -> n0;"));
  EXPECT_THAT(dot, HasSubstr("n0 -> n1;"));
  EXPECT_THAT(dot, HasSubstr("n2 -> out0;"));
  EXPECT_THAT(dot, Not(HasSubstr("prim::Constant")));
  // A cap on boxes leaves a note.
  EXPECT_THAT(GraphToDot(*g, "g", 1), HasSubstr("... 2 more nodes not drawn"));
}

TEST(VisualizeTest, DecompositionsToDotHasAClusterPerDecomposedOverload) {
  auto g = Program();
  absl::StatusOr<LoweringReport> report = LowerToCoreAten(g, WithExamples());
  ASSERT_TRUE(report.ok()) << report.status();
  const std::string dot = DecompositionsToDot(*report);
  size_t clusters = 0;
  for (size_t at = dot.find("subgraph cluster_"); at != std::string::npos;
       at = dot.find("subgraph cluster_", at + 1)) {
    ++clusters;
  }
  EXPECT_EQ(clusters, report->decomposition_graphs.size());
  EXPECT_GE(clusters, 2u);  // linear and silu at least
  EXPECT_THAT(dot, HasSubstr("label=\"aten::linear\\n"));
  EXPECT_THAT(dot, HasSubstr("2 rewrites"));
  EXPECT_THAT(dot, HasSubstr("c0_n0"));
}

TEST(VisualizeTest, HtmlShowsHistogramDecompositionsAndTheDotSourceWhenRenderingFails) {
  auto g = Program();
  absl::StatusOr<LoweringReport> report = LowerToCoreAten(g, WithExamples());
  ASSERT_TRUE(report.ok()) << report.status();
  HtmlReportOptions options;
  options.title = "<model>.pt";
  int calls = 0;
  options.render_svg = [&calls](absl::string_view) -> absl::StatusOr<std::string> {
    ++calls;
    return absl::NotFoundError("dot: cannot run Graphviz");
  };
  const std::string html = HtmlReport(*report, options);
  EXPECT_EQ(calls, 1);  // not retried for every overload
  EXPECT_THAT(html, HasSubstr("<title>graph-lower: &lt;model&gt;.pt</title>"));
  EXPECT_THAT(html, Not(HasSubstr("<model>")));
  EXPECT_THAT(html, HasSubstr("Not rendered: dot: cannot run Graphviz"));
  EXPECT_THAT(html, HasSubstr("<pre>digraph &quot;aten::linear&quot;"));
  EXPECT_THAT(html, HasSubstr("-&gt;"));
  // The histogram row of linear: 2 before, 0 after.
  EXPECT_THAT(html, HasSubstr("<code>aten::linear</code></td><td>non-core</td><td "
                              "class=\"num\">2</td>"));
  EXPECT_THAT(html, HasSubstr("</td><td class=\"num\">0</td>"));
}

TEST(VisualizeTest, HtmlInlinesTheRenderedSvg) {
  auto g = Program();
  absl::StatusOr<LoweringReport> report = LowerToCoreAten(g, WithExamples());
  ASSERT_TRUE(report.ok()) << report.status();
  HtmlReportOptions options;
  options.render_svg = [](absl::string_view dot) -> absl::StatusOr<std::string> {
    return std::string("<svg><!-- fake --></svg>");
  };
  const std::string html = HtmlReport(*report, options);
  size_t svgs = 0;
  for (size_t at = html.find("<svg><!-- fake"); at != std::string::npos;
       at = html.find("<svg><!-- fake", at + 1)) {
    ++svgs;
  }
  EXPECT_EQ(svgs, report->decomposition_graphs.size());
  EXPECT_THAT(html, Not(HasSubstr("<pre>")));
}

TEST(VisualizeTest, RenderDotToSvgRunsGraphviz) {
  absl::StatusOr<std::string> missing = RenderDotToSvg("digraph { a -> b }", "/nonexistent/dot");
  EXPECT_EQ(missing.status().code(), absl::StatusCode::kNotFound) << missing.status();
  if (access("/usr/bin/dot", X_OK) != 0) GTEST_SKIP() << "Graphviz is not installed";
  absl::StatusOr<std::string> svg = RenderDotToSvg("digraph { alpha -> beta }", "/usr/bin/dot");
  ASSERT_TRUE(svg.ok()) << svg.status();
  EXPECT_TRUE(absl::StartsWith(*svg, "<svg")) << svg->substr(0, 100);
  EXPECT_THAT(*svg, HasSubstr(">alpha</text>"));
  absl::StatusOr<std::string> bad = RenderDotToSvg("digraph { a -> ", "/usr/bin/dot");
  EXPECT_EQ(bad.status().code(), absl::StatusCode::kInternal);
  EXPECT_THAT(bad.status().message(), HasSubstr("syntax error"));
}

// A dtype int that names no ScalarType makes libtorch's kernels segfault (softmax with dtype -1),
// whether it comes from an archive, from arithmetic folded or from an input. None of these may
// reach a kernel.
TEST(PipelineTest, MetaExampleInputsStandForCpuTensorsOfTheirMetadata) {
  LoweringOptions on_cpu = WithExamples();
  LoweringOptions on_meta;
  on_meta.example_inputs = std::vector<c10::IValue>{torch::empty({2, 3}, torch::kMeta),
                                                    torch::empty({3, 3}, torch::kMeta)};
  std::shared_ptr<torch::jit::Graph> a = Program(), b = Program();
  absl::StatusOr<LoweringReport> ra = LowerToCoreAten(a, on_cpu);
  absl::StatusOr<LoweringReport> rb = LowerToCoreAten(b, on_meta);
  ASSERT_TRUE(ra.ok()) << ra.status();
  ASSERT_TRUE(rb.ok()) << rb.status();
  EXPECT_TRUE(rb->specialized);
  EXPECT_TRUE(rb->violations.empty());
  EXPECT_EQ(a->toString(), b->toString());  // specialised to the same types, device cpu
  EXPECT_THAT(b->toString(), HasSubstr("device=cpu"));
}

TEST(PipelineTest, VerifyingOnMetaExampleInputsIsRefused) {
  LoweringOptions options;
  options.example_inputs =
      std::vector<c10::IValue>{torch::empty({2, 3}, torch::kMeta), torch::randn({3, 3})};
  options.verify = true;
  std::shared_ptr<torch::jit::Graph> g = Program();
  absl::StatusOr<LoweringReport> report = LowerToCoreAten(g, options);
  ASSERT_FALSE(report.ok());
  EXPECT_EQ(report.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(report.status().message(),
              HasSubstr("example input 0 (x) is a meta tensor; verification compares values"));
}

TEST(PipelineTest, ConstantDtypeThatNamesNoScalarTypeIsRefused) {
  // As an archive's graph holds it (ParseGraphText would refuse the text itself). The parser
  // numbers values (%y is %3).
  auto g = std::make_shared<torch::jit::Graph>();
  torch::jit::parseIR(R"IR(
graph(%x : Tensor):
  %dim : int = prim::Constant[value=0]()
  %d : int = prim::Constant[value=-1]()
  %y : Tensor = aten::softmax(%x, %dim, %d)
  return (%y)
)IR",
                      g.get());
  LoweringOptions options;
  options.example_inputs = std::vector<c10::IValue>{torch::randn({2, 3})};
  absl::StatusOr<LoweringReport> report = LowerToCoreAten(g, options);
  ASSERT_FALSE(report.ok());
  EXPECT_EQ(report.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(report.status().message(),
              HasSubstr("aten::softmax (outputs %3) is given a dtype argument that is an int "
                        "naming no ScalarType"));
}

constexpr char kFoldedDtype[] = R"IR(
graph(%x : Tensor):
  %a : int = prim::Constant[value=2]()
  %b : int = prim::Constant[value=3]()
  %dim : int = prim::Constant[value=0]()
  %d : int = aten::sub(%a, %b)
  %y : Tensor = aten::softmax(%x, %dim, %d)
  return (%y)
)IR";

TEST(PipelineTest, DtypeFoldedToOneThatNamesNoScalarTypeIsNeverTraced) {
  // 2 - 3 folds to -1 after specialisation; CIA tracing of softmax on it segfaulted. The
  // program is refused (the lowered graph would crash there, and text IR could not hold it).
  absl::StatusOr<std::shared_ptr<torch::jit::Graph>> g = ParseGraphText(kFoldedDtype, "f.ir");
  ASSERT_TRUE(g.ok()) << g.status();
  LoweringOptions options;
  options.example_inputs = std::vector<c10::IValue>{torch::randn({2, 3})};
  absl::StatusOr<LoweringReport> report = LowerToCoreAten(*g, options);
  ASSERT_FALSE(report.ok());
  EXPECT_EQ(report.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(report.status().message(),
              HasSubstr("is given a dtype argument that is an int naming no ScalarType"));
  // softmax itself, or the conversion its shape-generic form makes first.
  EXPECT_THAT(report.status().message(),
              ::testing::AnyOf(HasSubstr("on the example inputs, aten::softmax (outputs %3)"),
                               HasSubstr("on the example inputs, aten::_to_copy")));
}

// A program that writes is specialised on the caller's graph and copied without its untaken
// branches (passes/prune_copy.h): a failure after that (here the dtype folded from 2 - 3) leaves
// the caller's graph exactly as it was, its types included.
TEST(PipelineTest, AFailedLoweringOfAPrunedCopyLeavesTheCallersGraphAsItWas) {
  absl::StatusOr<std::shared_ptr<torch::jit::Graph>> g = ParseGraphText(R"IR(
graph(%x : Tensor):
  %a : int = prim::Constant[value=2]()
  %b : int = prim::Constant[value=3]()
  %dim : int = prim::Constant[value=0]()
  %r : int = aten::dim(%x)
  %c : bool = aten::eq(%r, %a)
  %y : Tensor = prim::If(%c)
    block0():
      %t : Tensor = aten::mul(%x, %a)
      %s : Tensor = aten::relu_(%t)
      -> (%s)
    block1():
      -> (%x)
  %d : int = aten::sub(%a, %b)
  %z : Tensor = aten::softmax(%y, %dim, %d)
  return (%z)
)IR",
                                                                        "f.ir");
  ASSERT_TRUE(g.ok()) << g.status();
  const std::shared_ptr<torch::jit::Graph> callers = *g;
  const std::string before = callers->toString();
  LoweringOptions options;
  options.example_inputs = std::vector<c10::IValue>{torch::randn({2, 3})};
  std::vector<std::string> passes;
  options.after_pass = [&](absl::string_view pass, const torch::jit::Graph&) {
    passes.emplace_back(pass);
  };
  absl::StatusOr<LoweringReport> report = LowerToCoreAten(*g, options);
  ASSERT_FALSE(report.ok());
  EXPECT_THAT(report.status().message(), HasSubstr("naming no ScalarType"));
  EXPECT_THAT(passes, testing::Contains("prepare"));  // it failed after the copy
  EXPECT_EQ(g->get(), callers.get());
  EXPECT_EQ(callers->toString(), before);
}

// A list constant the program appends to is given to the lowered graph (and to the copies
// --verify runs) as a list of its own: running them leaves the caller's graph as it was, and the
// graph returned starts from [1, 2] (Graph::copy shares the list: the caller's constant would
// become [1, 2, 5], and verification fail).
TEST(PipelineTest, AListConstantTheProgramWritesIsNotSharedWithTheCallersGraph) {
  absl::StatusOr<std::shared_ptr<torch::jit::Graph>> g = ParseGraphText(R"IR(
graph(%x : Tensor, %n : int):
  %l : int[] = prim::Constant[value=[1, 2]]()
  %a : int[] = aten::append(%l, %n)
  %k : int = aten::len(%l)
  %one : int = prim::Constant[value=1]()
  %y : Tensor = aten::add(%x, %k, %one)
  return (%y)
)IR",
                                                                        "f.ir");
  ASSERT_TRUE(g.ok()) << g.status();
  const std::shared_ptr<torch::jit::Graph> callers = *g;
  const std::string before = callers->toString();
  LoweringOptions options;
  options.example_inputs = std::vector<c10::IValue>{torch::zeros({2}), int64_t{5}};
  options.verify = true;
  absl::StatusOr<LoweringReport> report = LowerToCoreAten(*g, options);
  ASSERT_TRUE(report.ok()) << report.status();
  torch::jit::Stack stack = RunInInterpreter(*g, {torch::zeros({2}), int64_t{5}});
  EXPECT_TRUE(torch::allclose(stack[0].toTensor(), torch::full({2}, 3.0)));
  EXPECT_EQ(callers->toString(), before);
}

TEST(RunGraphTest, DtypeGivenAtRunTimeIsCheckedBeforeTheKernelRuns) {
  absl::StatusOr<std::shared_ptr<torch::jit::Graph>> g = ParseGraphText(R"IR(
graph(%x : Tensor, %d : int?):
  %dim : int = prim::Constant[value=0]()
  %y : Tensor = aten::softmax(%x, %dim, %d)
  return (%y)
)IR",
                                                                        "input.ir");
  ASSERT_TRUE(g.ok()) << g.status();
  const at::Tensor x = torch::randn({2, 3});
  for (int64_t bad : {-1, 99, 1000}) {
    absl::StatusOr<std::vector<c10::IValue>> out = RunGraph(*g, {x, c10::IValue(bad)});
    ASSERT_FALSE(out.ok()) << bad;
    EXPECT_THAT(out.status().message(),
                HasSubstr(absl::StrCat("aten::softmax is given dtype ", bad,
                                       ", an int that names no ScalarType")));
  }
  // A dtype that exists (7: float64), and None, run as before and match eager.
  absl::StatusOr<std::vector<c10::IValue>> f64 = RunGraph(*g, {x, c10::IValue(int64_t{7})});
  ASSERT_TRUE(f64.ok()) << f64.status();
  EXPECT_TRUE((*f64)[0].toTensor().equal(torch::softmax(x, 0, at::kDouble)));
  absl::StatusOr<std::vector<c10::IValue>> none = RunGraph(*g, {x, c10::IValue()});
  ASSERT_TRUE(none.ok()) << none.status();
  EXPECT_TRUE((*none)[0].toTensor().equal(torch::softmax(x, 0)));
  // The caller's graph is not changed.
  EXPECT_THAT(GraphToText(**g), Not(HasSubstr("check_dtype")));
}

// The program runs on copies of its inputs laid out as they are (it is specialised to their
// strides): an expanded or sliced input keeps its strides.
TEST(RunGraphTest, InputsKeepTheirStridesWhenCopied) {
  absl::StatusOr<std::shared_ptr<torch::jit::Graph>> g = ParseGraphText(R"IR(
graph(%x : Tensor):
  %s : int[] = aten::stride(%x)
  %y : Tensor = aten::mul(%x, %x)
  return (%s, %y)
)IR",
                                                                        "strides.ir");
  ASSERT_TRUE(g.ok()) << g.status();
  const at::Tensor base = torch::randn({1, 3, 4});
  for (const at::Tensor& x : {base.expand({2, 3, 4}), torch::randn({4, 6}).slice(1, 1, 5, 2),
                              base.transpose(1, 2), base}) {
    absl::StatusOr<std::vector<c10::IValue>> out = RunGraph(*g, {x});
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_EQ((*out)[0].toIntVector(), x.strides().vec());
    EXPECT_TRUE((*out)[1].toTensor().equal(x * x));
  }
}

// Compiled TorchScript decompositions are kept for the process by source text
// (decomps/torchscript_source.cc): another registry's different source for the same overload is
// compiled and used, and a source that failed once is compiled again when given again.
TEST(PipelineTest, EachRegistryUsesItsOwnTorchScriptSourceForAnOverload) {
  const at::Tensor x = torch::randn({2, 3});
  auto lower_with = [&](const std::string& source) -> absl::StatusOr<at::Tensor> {
    absl::StatusOr<std::shared_ptr<torch::jit::Graph>> g = ParseGraphText(R"IR(
graph(%x : Tensor):
  %y : Tensor = aten::hardswish(%x)
  return (%y)
)IR",
                                                                          "hardswish.ir");
    if (!g.ok()) return g.status();
    std::unique_ptr<DecompositionRegistry> registry = DecompositionRegistry::CreateDefault();
    if (absl::Status s = registry->RegisterTorchScript("aten::hardswish", "f", source); !s.ok()) {
      return s;
    }
    LoweringOptions options;
    options.registry = registry.get();
    options.example_inputs = std::vector<c10::IValue>{x};
    absl::StatusOr<LoweringReport> report = LowerToCoreAten(*g, options);
    if (!report.ok()) return report.status();
    if (report->decompositions.at(*OpKey::Parse("aten::hardswish")) != "user") {
      return absl::InternalError("not lowered by the user decomposition");
    }
    absl::StatusOr<std::vector<c10::IValue>> out = RunGraph(*g, {x});
    if (!out.ok()) return out.status();
    return (*out)[0].toTensor();
  };
  absl::StatusOr<at::Tensor> twice =
      lower_with("def f(x: Tensor) -> Tensor:\n    return x * 2.0\n");
  ASSERT_TRUE(twice.ok()) << twice.status();
  EXPECT_TRUE(twice->equal(x * 2.0));
  absl::StatusOr<at::Tensor> thrice =
      lower_with("def f(x: Tensor) -> Tensor:\n    return x * 3.0\n");
  ASSERT_TRUE(thrice.ok()) << thrice.status();
  EXPECT_TRUE(thrice->equal(x * 3.0));
  for (int attempt = 0; attempt < 2; ++attempt) {
    absl::StatusOr<at::Tensor> bad = lower_with("def f(x: Tensor) -> Tensor:\n    return x *\n");
    EXPECT_FALSE(bad.ok()) << attempt;  // a user decomposition that does not compile: refused
  }
  absl::StatusOr<at::Tensor> again =
      lower_with("def f(x: Tensor) -> Tensor:\n    return x * 2.0\n");
  ASSERT_TRUE(again.ok()) << again.status();
  EXPECT_TRUE(again->equal(x * 2.0));
}

// nn.TransformerDecoder passes its memory_is_causal argument on to SDPA's is_causal: a bool
// known only at run time. The CIA kernel is traced for both values, chosen by a prim::If.
TEST(PipelineTest, ACiaOpGivenABoolAtRunTimeIsTracedForEachValue) {
  absl::StatusOr<std::shared_ptr<torch::jit::Graph>> g = ParseGraphText(R"IR(
graph(%q : Tensor, %k : Tensor, %v : Tensor, %causal : bool):
  %none : NoneType = prim::Constant()
  %p : float = prim::Constant[value=0.]()
  %gqa : bool = prim::Constant[value=0]()
  %y : Tensor = aten::scaled_dot_product_attention(%q, %k, %v, %none, %p, %causal, %none, %gqa)
  return (%y)
)IR",
                                                                        "sdpa.ir");
  ASSERT_TRUE(g.ok()) << g.status();
  std::shared_ptr<torch::jit::Graph> original = *g;
  std::shared_ptr<torch::jit::Graph> lowered = original->copy();
  torch::manual_seed(0);
  const at::Tensor q = torch::randn({2, 3, 5, 8});
  const at::Tensor k = torch::randn({2, 3, 5, 8});
  const at::Tensor v = torch::randn({2, 3, 5, 8});
  LoweringOptions options;
  options.example_inputs = std::vector<c10::IValue>{q, k, v, false};
  absl::StatusOr<LoweringReport> report = LowerToCoreAten(lowered, options);
  ASSERT_TRUE(report.ok()) << report.status();
  EXPECT_TRUE(report->violations.empty()) << report->Summary();
  EXPECT_EQ(report->decompositions.at(*OpKey::Parse("aten::scaled_dot_product_attention")), "cia");
  EXPECT_THAT(lowered->toString(), HasSubstr("prim::If(%causal"));
  std::vector<at::Tensor> expected;
  for (const bool causal : {true, false}) {
    absl::StatusOr<std::vector<c10::IValue>> want = RunGraph(original, {q, k, v, causal});
    absl::StatusOr<std::vector<c10::IValue>> got = RunGraph(lowered, {q, k, v, causal});
    ASSERT_TRUE(want.ok() && got.ok()) << causal;
    Comparison c = CompareOutputs(*want, *got);
    EXPECT_TRUE(c.equal) << "is_causal " << causal << ": " << c.mismatch;
    expected.push_back((*want)[0].toTensor());
  }
  EXPECT_FALSE(torch::allclose(expected[0], expected[1]));  // the two values do differ
}

// A bool known only at run time that changes the result's shape (keepdim): each trace keeps its
// own shape, and the result of the prim::If is typed by what the two have in common.
TEST(PipelineTest, ARunTimeBoolThatChangesTheShapeGivesEachTraceItsShape) {
  absl::StatusOr<std::shared_ptr<torch::jit::Graph>> g = ParseGraphText(R"IR(
graph(%x : Tensor, %keep : bool):
  %none : NoneType = prim::Constant()
  %dims : int[] = prim::Constant[value=[1]]()
  %y : Tensor = aten::nanmean(%x, %dims, %keep, %none)
  return (%y)
)IR",
                                                                        "nanmean.ir");
  ASSERT_TRUE(g.ok()) << g.status();
  std::shared_ptr<torch::jit::Graph> original = *g;
  std::shared_ptr<torch::jit::Graph> lowered = original->copy();
  torch::manual_seed(0);
  at::Tensor x = torch::randn({3, 4});
  x.index_put_({0, 1}, std::numeric_limits<float>::quiet_NaN());
  LoweringOptions options;
  options.example_inputs = std::vector<c10::IValue>{x, false};
  absl::StatusOr<LoweringReport> report = LowerToCoreAten(lowered, options);
  ASSERT_TRUE(report.ok()) << report.status();
  EXPECT_TRUE(report->violations.empty()) << report->Summary();
  for (const bool keep : {true, false}) {
    absl::StatusOr<std::vector<c10::IValue>> want = RunGraph(original, {x, keep});
    absl::StatusOr<std::vector<c10::IValue>> got = RunGraph(lowered, {x, keep});
    ASSERT_TRUE(want.ok() && got.ok()) << keep;
    EXPECT_EQ((*got)[0].toTensor().sizes(), (*want)[0].toTensor().sizes()) << keep;
    Comparison c = CompareOutputs(*want, *got);
    EXPECT_TRUE(c.equal) << "keepdim " << keep << ": " << c.mismatch;
  }
}

}  // namespace
}  // namespace graph_lower
