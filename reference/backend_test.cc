// Tests of CompareOutputs: what --verify calls equal.
#include "reference/backend.h"

#include <gtest/gtest.h>
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

}  // namespace
}  // namespace graph_lower
