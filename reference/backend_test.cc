// Tests of CompareOutputs (what --verify calls equal) and of RunGraph's type checks.
#include "reference/backend.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <torch/csrc/jit/ir/irparser.h>
#include <torch/torch.h>

#include <cmath>
#include <vector>

namespace graph_lower {
namespace {

Comparison Compare(const torch::Tensor& expected, const torch::Tensor& actual) {
  return CompareOutputs({c10::IValue(expected)}, {c10::IValue(actual)});
}

TEST(CompareOutputsTest, EqualInfinitiesAndNansDifferByZero) {
  const torch::Tensor t = torch::tensor(std::vector<double>{1.0, INFINITY, -INFINITY, NAN});
  const Comparison c = Compare(t, t.clone());
  EXPECT_TRUE(c.equal) << c.mismatch;
  EXPECT_EQ(c.max_abs_error, 0);
}

TEST(CompareOutputsTest, AnInfiniteExpectedValueAllowsNoTolerance) {
  EXPECT_FALSE(Compare(torch::tensor({INFINITY}), torch::tensor({1e30})).equal);
  EXPECT_FALSE(Compare(torch::tensor({INFINITY}), torch::tensor({-INFINITY})).equal);
  EXPECT_FALSE(Compare(torch::tensor({1.0}), torch::tensor({INFINITY})).equal);
  EXPECT_FALSE(Compare(torch::tensor({NAN}), torch::tensor({0.0})).equal);
}

TEST(CompareOutputsTest, WithinFloatToleranceIsEqual) {
  EXPECT_TRUE(Compare(torch::tensor({1.0f}), torch::tensor({1.00001f})).equal);
  EXPECT_FALSE(Compare(torch::tensor({1.0f}), torch::tensor({1.01f})).equal);
}

// A recorded type that does not hold: the JIT's executors fold `x.dim()` from it, so --verify
// must not pass such a graph because the interpreter does not look at types.
TEST(RunGraphTest, CheckTypesFailsOnARecordedTypeThatDoesNotHold) {
  auto graph = std::make_shared<torch::jit::Graph>();
  torch::jit::parseIR(R"IR(
graph(%x : Float(2, 3)):
  %one : int = prim::Constant[value=1]()
  %y : Float(2, 3) = aten::add(%x, %x, %one)
  %z : Float(2) = aten::unsqueeze(%y, %one)
  %w : Float(*, *, *) = aten::mul(%z, %z)
  return (%w))IR",
                      graph.get());
  const c10::IValue x(torch::ones({2, 3}));
  ASSERT_TRUE(RunGraph(graph, {x}).ok());
  absl::StatusOr<std::vector<c10::IValue>> checked = RunGraph(graph, {x}, nullptr, true);
  ASSERT_FALSE(checked.ok());
  EXPECT_THAT(std::string(checked.status().message()),
              testing::AllOf(testing::HasSubstr("(aten::unsqueeze) : Float(2) does not hold"),
                             testing::HasSubstr("Float[2, 1, 3]")));
  // Rank-only and dtype-only types are checked too; types that hold pass.
  graph = std::make_shared<torch::jit::Graph>();
  torch::jit::parseIR(R"IR(
graph(%x : Float(2, 3)):
  %one : int = prim::Constant[value=1]()
  %z : Float(*, *, *) = aten::unsqueeze(%x, %one)
  %w : Tensor = aten::mul(%z, %z)
  return (%w))IR",
                      graph.get());
  EXPECT_TRUE(RunGraph(graph, {x}, nullptr, true).ok());
  graph = std::make_shared<torch::jit::Graph>();
  torch::jit::parseIR(R"IR(
graph(%x : Float(2, 3)):
  %one : int = prim::Constant[value=1]()
  %z : Float(*, *) = aten::unsqueeze(%x, %one)
  return (%z))IR",
                      graph.get());
  EXPECT_FALSE(RunGraph(graph, {x}, nullptr, true).ok());
}

}  // namespace
}  // namespace graph_lower
