// Tests of SpecializeShapes' run on meta tensors for ops whose Meta kernel disagrees with the CPU
// kernel (scaled_dot_product_attention: run on zero-filled CPU tensors), and of the memo of those
// runs: types are compared with eager PyTorch's results on the same inputs.
#include "passes/specialize_shapes.h"

#include <gtest/gtest.h>
#include <torch/torch.h>

#include <vector>

#include "absl/status/statusor.h"
#include "ir/graph_io.h"

namespace graph_lower {
namespace {

// Three attentions: two on the same inputs (%q, %k, %v), one on others (%q2, %k2, %v2).
constexpr char kAttention[] = R"IR(
graph(%q : Tensor, %k : Tensor, %v : Tensor, %q2 : Tensor, %k2 : Tensor, %v2 : Tensor):
  %none : NoneType = prim::Constant()
  %p : float = prim::Constant[value=0.]()
  %causal : bool = prim::Constant[value=0]()
  %gqa : bool = prim::Constant[value=0]()
  %a : Tensor = aten::scaled_dot_product_attention(%q, %k, %v, %none, %p, %causal, %none, %gqa)
  %b : Tensor = aten::scaled_dot_product_attention(%q, %k, %v, %none, %p, %causal, %none, %gqa)
  %c : Tensor = aten::scaled_dot_product_attention(%q2, %k2, %v2, %none, %p, %causal, %none, %gqa)
  return (%a, %b, %c)
)IR";

void ExpectTypeOf(const torch::jit::Value* v, const at::Tensor& eager) {
  auto type = v->type()->cast<c10::TensorType>();
  ASSERT_TRUE(type && type->isComplete()) << v->debugName() << ": " << *v->type();
  EXPECT_EQ(*type->sizes().concrete_sizes(), eager.sizes().vec()) << v->debugName();
  EXPECT_EQ(*type->strides().concrete_sizes(), eager.strides().vec()) << v->debugName();
  EXPECT_EQ(*type->scalarType(), eager.scalar_type()) << v->debugName();
}

TEST(SpecializeShapesTest, AttentionOnTheSameShapesIsRunOnZerosOnceAndMatchesEager) {
  absl::StatusOr<std::shared_ptr<torch::jit::Graph>> g = ParseGraphText(kAttention, "test");
  ASSERT_TRUE(g.ok()) << g.status();
  torch::manual_seed(0);
  // Shapes (batch, heads, sequence, head size); the second set has a longer sequence for the
  // keys and values than for the queries, so its output differs in shape from the first's.
  const at::Tensor q = torch::randn({2, 4, 8, 16}), k = torch::randn({2, 4, 8, 16}),
                   v = torch::randn({2, 4, 8, 16});
  const at::Tensor q2 = torch::randn({1, 2, 3, 8}), k2 = torch::randn({1, 2, 5, 8}),
                   v2 = torch::randn({1, 2, 5, 4});
  absl::StatusOr<SpecializeStats> stats =
      SpecializeShapes(**g, {q, k, v, q2, k2, v2}, SpecializeOptions{});
  ASSERT_TRUE(stats.ok()) << stats.status();
  EXPECT_TRUE(stats->on_meta);
  EXPECT_EQ(stats->memoised_runs_on_zeros, 1);  // %b: the same shapes as %a

  torch::NoGradGuard no_grad;
  const at::Tensor a = at::scaled_dot_product_attention(q, k, v);
  const at::Tensor c = at::scaled_dot_product_attention(q2, k2, v2);
  const auto outputs = (*g)->outputs();
  ExpectTypeOf(outputs[0], a);
  ExpectTypeOf(outputs[1], a);
  ExpectTypeOf(outputs[2], c);
}

TEST(SpecializeShapesTest, MemoIsKeyedByStridesAsWellAsSizes) {
  absl::StatusOr<std::shared_ptr<torch::jit::Graph>> g = ParseGraphText(kAttention, "test");
  ASSERT_TRUE(g.ok()) << g.status();
  torch::manual_seed(0);
  const at::Tensor q = torch::randn({2, 4, 8, 16}), k = torch::randn({2, 4, 8, 16}),
                   v = torch::randn({2, 4, 8, 16});
  // Same sizes as the first set, transposed layout: not served from the first set's entry.
  const at::Tensor q2 = torch::randn({2, 8, 4, 16}).transpose(1, 2);
  const at::Tensor k2 = torch::randn({2, 8, 4, 16}).transpose(1, 2);
  const at::Tensor v2 = torch::randn({2, 8, 4, 16}).transpose(1, 2);
  absl::StatusOr<SpecializeStats> stats =
      SpecializeShapes(**g, {q, k, v, q2, k2, v2}, SpecializeOptions{});
  ASSERT_TRUE(stats.ok()) << stats.status();
  EXPECT_EQ(stats->memoised_runs_on_zeros, 1);

  torch::NoGradGuard no_grad;
  const at::Tensor a = at::scaled_dot_product_attention(q, k, v);
  ExpectTypeOf((*g)->outputs()[0], a);
  ExpectTypeOf((*g)->outputs()[1], a);
  ExpectTypeOf((*g)->outputs()[2], at::scaled_dot_product_attention(q2, k2, v2));
}

}  // namespace
}  // namespace graph_lower
