// Tests of SpecializeShapes' run on meta tensors for ops whose Meta kernel disagrees with the CPU
// kernel (scaled_dot_product_attention: its output-size rule), of the memos of meta runs and of
// runs on zero-filled CPU tensors, and of the output-size rules for ops without a Meta kernel in
// C++ (_native_multi_head_attention, batch norm, relu and hardswish):
// types are compared with eager PyTorch's results on the same inputs.
#include "passes/specialize_shapes.h"

#include <gtest/gtest.h>
#include <torch/torch.h>

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
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

// SpecializeShapes on `inputs` with the scalar ones (need_weights, training, dropout p, ...)
// bound as constants first, as a module's constant arguments are: SpecializeShapes takes a scalar
// input for data that may change when the program runs, and specialises nothing it decides.
absl::StatusOr<SpecializeStats> SpecializeWithScalarsBound(torch::jit::Graph& g,
                                                           const std::vector<c10::IValue>& inputs,
                                                           const SpecializeOptions& options) {
  {
    torch::jit::WithInsertPoint guard(g.block()->nodes().front());
    for (size_t i = 0; i < inputs.size() && i < g.inputs().size(); ++i) {
      if (inputs[i].isTensor() || inputs[i].isNone()) continue;
      g.inputs()[i]->replaceAllUsesWith(g.insertConstant(inputs[i]));
    }
  }
  return SpecializeShapes(g, inputs, options);
}

void ExpectTypeOf(const torch::jit::Value* v, const at::Tensor& eager) {
  auto type = v->type()->cast<c10::TensorType>();
  ASSERT_TRUE(type && type->isComplete()) << v->debugName() << ": " << *v->type();
  EXPECT_EQ(*type->sizes().concrete_sizes(), eager.sizes().vec()) << v->debugName();
  EXPECT_EQ(*type->strides().concrete_sizes(), eager.strides().vec()) << v->debugName();
  EXPECT_EQ(*type->scalarType(), eager.scalar_type()) << v->debugName();
}

TEST(SpecializeShapesTest, AttentionOnTheSameShapesTakesItsRuleOnceAndMatchesEager) {
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
  EXPECT_EQ(stats->shape_rule_runs, 2);         // %a and %c

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

// nn.MultiheadAttention's fast path (what ViT's scripted forward runs in eval without grad).
constexpr char kMultiHeadAttention[] = R"IR(
graph(%x : Tensor, %qkv_w : Tensor, %qkv_b : Tensor, %proj_w : Tensor, %proj_b : Tensor,
      %mask : Tensor?, %need_weights : bool):
  %d : int = prim::Constant[value=16]()
  %heads : int = prim::Constant[value=4]()
  %average : bool = prim::Constant[value=1]()
  %mask_type : int = prim::Constant[value=1]()
  %out : Tensor, %weights : Tensor = aten::_native_multi_head_attention(%x, %x, %x, %d, %heads, %qkv_w, %qkv_b, %proj_w, %proj_b, %mask, %need_weights, %average, %mask_type)
  return (%out, %weights)
)IR";

TEST(SpecializeShapesTest, MultiHeadAttentionWithoutWeightsOrMaskTakesItsShapeRuleAndMatchesEager) {
  torch::manual_seed(0);
  const at::Tensor qkv_w = torch::randn({48, 16}), qkv_b = torch::randn({48}),
                   proj_w = torch::randn({16, 16}), proj_b = torch::randn({16});
  for (const std::vector<int64_t>& shape : {std::vector<int64_t>{2, 5, 16}, {1, 1, 16}}) {
    for (const bool masked : {false, true}) {
      SCOPED_TRACE(absl::StrCat(absl::StrJoin(shape, "x"), masked ? " masked" : ""));
      absl::StatusOr<std::shared_ptr<torch::jit::Graph>> g =
          ParseGraphText(kMultiHeadAttention, "test");
      ASSERT_TRUE(g.ok()) << g.status();
      const at::Tensor x = torch::randn(shape);
      const c10::IValue mask =
          masked ? c10::IValue(torch::zeros({shape[0], shape[1]}, torch::kBool)) : c10::IValue();
      SpecializeOptions options;
      options.compare_with_example_run = true;  // Internal if the CPU run's types differ
      absl::StatusOr<SpecializeStats> stats =
          SpecializeWithScalarsBound(**g, {x, qkv_w, qkv_b, proj_w, proj_b, mask, false}, options);
      ASSERT_TRUE(stats.ok()) << stats.status();
      EXPECT_TRUE(stats->on_meta);
      EXPECT_EQ(stats->shape_rule_runs, masked ? 0 : 1);  // a mask is left to the run on zeros

      torch::NoGradGuard no_grad;
      const std::optional<at::Tensor> eager_mask =
          masked ? std::optional<at::Tensor>(mask.toTensor()) : std::nullopt;
      const auto [out, weights] = at::_native_multi_head_attention(
          x, x, x, 16, 4, qkv_w, qkv_b, proj_w, proj_b, eager_mask, false, true, 1);
      ExpectTypeOf((*g)->outputs()[0], out);
      EXPECT_FALSE(weights.defined());
    }
  }
}

TEST(SpecializeShapesTest, MultiHeadAttentionWithWeightsRunsOnZerosAndMatchesEager) {
  torch::manual_seed(0);
  absl::StatusOr<std::shared_ptr<torch::jit::Graph>> g =
      ParseGraphText(kMultiHeadAttention, "test");
  ASSERT_TRUE(g.ok()) << g.status();
  const at::Tensor x = torch::randn({2, 5, 16}), qkv_w = torch::randn({48, 16}),
                   qkv_b = torch::randn({48}), proj_w = torch::randn({16, 16}),
                   proj_b = torch::randn({16});
  SpecializeOptions options;
  options.compare_with_example_run = true;
  absl::StatusOr<SpecializeStats> stats = SpecializeWithScalarsBound(
      **g, {x, qkv_w, qkv_b, proj_w, proj_b, c10::IValue(), true}, options);
  ASSERT_TRUE(stats.ok()) << stats.status();
  EXPECT_EQ(stats->shape_rule_runs, 0);  // the rule leaves need_weights=True to the run on zeros

  torch::NoGradGuard no_grad;
  const auto [out, weights] = at::_native_multi_head_attention(x, x, x, 16, 4, qkv_w, qkv_b, proj_w,
                                                               proj_b, std::nullopt, true);
  ExpectTypeOf((*g)->outputs()[0], out);
  ExpectTypeOf((*g)->outputs()[1], weights);
}

// nn.TransformerEncoderLayer's fast path (what a scripted nn.TransformerEncoder runs in eval
// without grad): the shape rule on dense inputs without a mask, the run on zeros with one; the
// output has the CPU kernel's sizes, strides and dtype either way, for both norm orders.
constexpr char kTransformerEncoderLayer[] = R"IR(
graph(%src : Tensor, %qkv_w : Tensor, %qkv_b : Tensor, %proj_w : Tensor, %proj_b : Tensor,
      %n1_w : Tensor, %n1_b : Tensor, %n2_w : Tensor, %n2_b : Tensor, %f1_w : Tensor,
      %f1_b : Tensor, %f2_w : Tensor, %f2_b : Tensor, %norm_first : bool, %mask : Tensor?):
  %d : int = prim::Constant[value=16]()
  %heads : int = prim::Constant[value=4]()
  %gelu : bool = prim::Constant[value=0]()
  %eps : float = prim::Constant[value=1.0000000000000001e-05]()
  %mask_type : int = prim::Constant[value=1]()
  %out : Tensor = aten::_transformer_encoder_layer_fwd(%src, %d, %heads, %qkv_w, %qkv_b, %proj_w, %proj_b, %gelu, %norm_first, %eps, %n1_w, %n1_b, %n2_w, %n2_b, %f1_w, %f1_b, %f2_w, %f2_b, %mask, %mask_type)
  return (%out)
)IR";

TEST(SpecializeShapesTest, TransformerEncoderLayerTakesItsShapeRuleWithoutAMaskAndMatchesEager) {
  torch::manual_seed(0);
  const at::Tensor qkv_w = torch::randn({48, 16}), qkv_b = torch::randn({48}),
                   proj_w = torch::randn({16, 16}), proj_b = torch::randn({16}),
                   n1_w = torch::randn({16}), n1_b = torch::randn({16}), n2_w = torch::randn({16}),
                   n2_b = torch::randn({16}), f1_w = torch::randn({24, 16}),
                   f1_b = torch::randn({24}), f2_w = torch::randn({16, 24}),
                   f2_b = torch::randn({16});
  for (const std::vector<int64_t>& shape :
       {std::vector<int64_t>{2, 5, 16}, {1, 1, 16}, {3, 7, 16}}) {
    for (const bool norm_first : {false, true}) {
      for (const bool masked : {false, true}) {
        SCOPED_TRACE(absl::StrCat(absl::StrJoin(shape, "x"), norm_first ? " norm_first" : "",
                                  masked ? " masked" : ""));
        absl::StatusOr<std::shared_ptr<torch::jit::Graph>> g =
            ParseGraphText(kTransformerEncoderLayer, "test");
        ASSERT_TRUE(g.ok()) << g.status();
        const at::Tensor src = torch::randn(shape);
        const c10::IValue mask =
            masked ? c10::IValue(torch::zeros({shape[0], shape[1]}, torch::kBool)) : c10::IValue();
        SpecializeOptions options;
        options.compare_with_example_run = true;  // Internal if the CPU run's types differ
        absl::StatusOr<SpecializeStats> stats =
            SpecializeWithScalarsBound(**g,
                                       {src, qkv_w, qkv_b, proj_w, proj_b, n1_w, n1_b, n2_w, n2_b,
                                        f1_w, f1_b, f2_w, f2_b, norm_first, mask},
                                       options);
        ASSERT_TRUE(stats.ok()) << stats.status();
        EXPECT_TRUE(stats->on_meta);
        EXPECT_EQ(stats->shape_rule_runs, masked ? 0 : 1);

        torch::NoGradGuard no_grad;
        const std::optional<at::Tensor> eager_mask =
            masked ? std::optional<at::Tensor>(mask.toTensor()) : std::nullopt;
        const at::Tensor out = at::_transformer_encoder_layer_fwd(
            src, 16, 4, qkv_w, qkv_b, proj_w, proj_b, false, norm_first, 1e-5, n1_w, n1_b, n2_w,
            n2_b, f1_w, f1_b, f2_w, f2_b, eager_mask, 1);
        ExpectTypeOf((*g)->outputs()[0], out);
      }
    }
  }
}

constexpr char kBatchNormNoTraining[] = R"IR(
graph(%x : Tensor, %w : Tensor?, %b : Tensor?, %mean : Tensor, %var : Tensor):
  %momentum : float = prim::Constant[value=0.1]()
  %eps : float = prim::Constant[value=1.0000000000000001e-05]()
  %y : Tensor, %save_mean : Tensor, %save_invstd : Tensor = aten::_native_batch_norm_legit_no_training(%x, %w, %b, %mean, %var, %momentum, %eps)
  return (%y, %save_mean, %save_invstd)
)IR";

// Eval-mode batch norm takes its shape rule on dense inputs in the contiguous or channels-last
// format with parameters the CPU kernel accepts, and runs on zeros otherwise; the output and the
// saved statistics ([0]) have the CPU kernel's sizes, strides and dtypes either way.
TEST(SpecializeShapesTest, BatchNormNoTrainingTakesItsShapeRuleOnDenseInputsAndMatchesEager) {
  torch::manual_seed(0);
  struct Case {
    std::string name;
    at::Tensor x;
    at::ScalarType param;
    bool weights;
    bool rule;  // expected to take the shape rule
  };
  const at::Tensor nchw = torch::randn({2, 3, 4, 5});
  const std::vector<Case> cases = {
      {"nchw", nchw, at::kFloat, true, true},
      {"nchw_no_weights", nchw, at::kFloat, false, true},
      {"channels_last", nchw.contiguous(at::MemoryFormat::ChannelsLast), at::kFloat, true, true},
      {"channels_last_3d",
       torch::randn({2, 3, 2, 4, 5}).contiguous(at::MemoryFormat::ChannelsLast3d), at::kFloat, true,
       true},
      {"nc", torch::randn({4, 3}), at::kFloat, true, true},
      {"ambiguous_format", torch::randn({1, 3, 1, 1}), at::kFloat, true, true},
      {"empty", torch::randn({0, 3, 4, 5}), at::kFloat, true, true},
      {"double", nchw.to(at::kDouble), at::kDouble, true, true},
      {"bfloat16_float_params", nchw.to(at::kBFloat16), at::kFloat, true, true},
      {"bfloat16_params", nchw.to(at::kBFloat16), at::kBFloat16, true, true},
      {"half_no_weights", nchw.to(at::kHalf), at::kHalf, false, true},
      {"sliced", torch::randn({4, 3, 4, 5}).slice(0, 0, 4, 2), at::kFloat, true, false},
      {"transposed", torch::randn({2, 3, 5, 4}).transpose(2, 3), at::kFloat, true, false},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    absl::StatusOr<std::shared_ptr<torch::jit::Graph>> g =
        ParseGraphText(kBatchNormNoTraining, "test");
    ASSERT_TRUE(g.ok()) << g.status();
    const int64_t channels = c.x.size(1);
    const c10::IValue w =
        c.weights ? c10::IValue(torch::randn({channels}).to(c.param)) : c10::IValue();
    const c10::IValue b =
        c.weights ? c10::IValue(torch::randn({channels}).to(c.param)) : c10::IValue();
    const at::Tensor mean = torch::randn({channels}).to(c.param);
    const at::Tensor var = torch::rand({channels}).to(c.param) + 1;
    SpecializeOptions options;
    options.compare_with_example_run = true;  // Internal if the CPU run's types differ
    absl::StatusOr<SpecializeStats> stats = SpecializeShapes(**g, {c.x, w, b, mean, var}, options);
    ASSERT_TRUE(stats.ok()) << stats.status();
    EXPECT_TRUE(stats->on_meta);
    EXPECT_EQ(stats->shape_rule_runs, c.rule ? 1 : 0);

    torch::NoGradGuard no_grad;
    const auto as_optional = [](const c10::IValue& v) {
      return v.isNone() ? std::optional<at::Tensor>() : std::optional<at::Tensor>(v.toTensor());
    };
    const auto [y, save_mean, save_invstd] = at::_native_batch_norm_legit_no_training(
        c.x, as_optional(w), as_optional(b), mean, var, 0.1, 1e-5);
    ExpectTypeOf((*g)->outputs()[0], y);
    ExpectTypeOf((*g)->outputs()[1], save_mean);
    ExpectTypeOf((*g)->outputs()[2], save_invstd);
  }
}

constexpr char kBatchNorm[] = R"IR(
graph(%x : Tensor, %w : Tensor?, %b : Tensor?, %mean : Tensor, %var : Tensor, %training : bool):
  %momentum : float = prim::Constant[value=0.1]()
  %eps : float = prim::Constant[value=1.0000000000000001e-05]()
  %cudnn : bool = prim::Constant[value=0]()
  %y : Tensor = aten::batch_norm(%x, %w, %b, %mean, %var, %training, %momentum, %eps, %cudnn)
  return (%y)
)IR";

// aten::batch_norm (no Meta kernel in C++) in eval and training takes the same rule; an empty
// input does not (batch_norm clones it).
TEST(SpecializeShapesTest, BatchNormTakesItsShapeRuleOnDenseInputsAndMatchesEager) {
  torch::manual_seed(0);
  const at::Tensor nchw = torch::randn({2, 3, 4, 5});
  const std::vector<std::pair<std::string, at::Tensor>> inputs = {
      {"nchw", nchw},
      {"channels_last", nchw.contiguous(at::MemoryFormat::ChannelsLast)},
      {"ambiguous_format", torch::randn({1, 3, 1, 1})},
      {"bfloat16", nchw.to(at::kBFloat16)},
      {"empty", torch::randn({0, 3, 4, 5}).expand({0, 3, 4, 5})},
      {"transposed", torch::randn({2, 3, 5, 4}).transpose(2, 3)},
  };
  for (const auto& [name, x] : inputs) {
    for (const bool training : {false, true}) {
      SCOPED_TRACE(absl::StrCat(name, training ? " training" : " eval"));
      absl::StatusOr<std::shared_ptr<torch::jit::Graph>> g = ParseGraphText(kBatchNorm, "test");
      ASSERT_TRUE(g.ok()) << g.status();
      const at::Tensor w = torch::randn({3}), b = torch::randn({3});
      const at::Tensor mean = torch::randn({3}), var = torch::rand({3}) + 1;
      SpecializeOptions options;
      options.compare_with_example_run = true;
      absl::StatusOr<SpecializeStats> stats =
          SpecializeWithScalarsBound(**g, {x, w, b, mean.clone(), var.clone(), training}, options);
      ASSERT_TRUE(stats.ok()) << stats.status();
      const bool rule = name != "empty" && name != "transposed";
      EXPECT_EQ(stats->shape_rule_runs, rule ? 1 : 0);
      torch::NoGradGuard no_grad;
      ExpectTypeOf((*g)->outputs()[0],
                   at::batch_norm(x, w, b, mean.clone(), var.clone(), training, 0.1, 1e-5, false));
    }
  }
}

// relu and hardswish (no Meta kernels in C++) take clamp_min's output on meta, for every layout.
TEST(SpecializeShapesTest, ReluAndHardswishTakeTheirShapeRuleAndMatchEager) {
  torch::manual_seed(0);
  const std::vector<at::Tensor> inputs = {
      torch::randn({2, 3, 4, 5}).contiguous(at::MemoryFormat::ChannelsLast),
      torch::randn({3, 1, 4}).permute({1, 0, 2}),
      torch::randn({4, 6}).slice(1, 0, 6, 2),
      torch::randn({1, 6}).expand({3, 6}),
      torch::randn({3, 0}).t(),
      torch::randn({}).to(at::kBFloat16),
  };
  for (const char* op : {"aten::relu", "aten::hardswish"}) {
    for (size_t i = 0; i < inputs.size(); ++i) {
      SCOPED_TRACE(absl::StrCat(op, " input ", i));
      absl::StatusOr<std::shared_ptr<torch::jit::Graph>> g = ParseGraphText(
          absl::StrCat("graph(%x : Tensor):\n  %y : Tensor = ", op, "(%x)\n  return (%y)\n"),
          "test");
      ASSERT_TRUE(g.ok()) << g.status();
      SpecializeOptions options;
      options.compare_with_example_run = true;
      absl::StatusOr<SpecializeStats> stats = SpecializeShapes(**g, {inputs[i]}, options);
      ASSERT_TRUE(stats.ok()) << stats.status();
      EXPECT_EQ(stats->shape_rule_runs, 1);
      const at::Tensor eager =
          std::string(op) == "aten::relu" ? at::relu(inputs[i]) : at::hardswish(inputs[i]);
      ExpectTypeOf((*g)->outputs()[0], eager);
    }
  }
}

// scaled_dot_product_attention takes its rule on the backends the CPU kernel picks (flash
// attention for dense 4-D operands, math for 3-D ones, a float or bool mask, dropout, GQA,
// transposed operands) and matches eager's sizes, strides and dtype.
TEST(SpecializeShapesTest, AttentionTakesItsRuleOnEveryBackendAndMatchesEager) {
  constexpr char kOne[] = R"IR(
graph(%q : Tensor, %k : Tensor, %v : Tensor, %mask : Tensor?, %p : float, %causal : bool,
      %gqa : bool):
  %none : NoneType = prim::Constant()
  %a : Tensor = aten::scaled_dot_product_attention(%q, %k, %v, %mask, %p, %causal, %none, %gqa)
  return (%a)
)IR";
  torch::manual_seed(0);
  struct Case {
    std::string name;
    at::Tensor q, k, v;
    std::optional<at::Tensor> mask;
    double p = 0;
    bool causal = false, gqa = false;
  };
  const std::vector<Case> cases = {
      {"flash", torch::randn({2, 4, 8, 16}), torch::randn({2, 4, 6, 16}),
       torch::randn({2, 4, 6, 16})},
      {"flash causal", torch::randn({1, 2, 5, 8}), torch::randn({1, 2, 5, 8}),
       torch::randn({1, 2, 5, 8}), std::nullopt, 0, true},
      {"transposed", torch::randn({2, 8, 4, 16}).transpose(1, 2),
       torch::randn({2, 8, 4, 16}).transpose(1, 2), torch::randn({2, 8, 4, 16}).transpose(1, 2)},
      {"3-D", torch::randn({3, 7, 8}), torch::randn({3, 5, 8}), torch::randn({3, 5, 4})},
      {"float mask", torch::randn({2, 4, 8, 16}), torch::randn({2, 4, 8, 16}),
       torch::randn({2, 4, 8, 16}), torch::randn({8, 8})},
      {"bool mask", torch::randn({2, 4, 8, 16}), torch::randn({2, 4, 8, 16}),
       torch::randn({2, 4, 8, 16}), torch::rand({2, 1, 8, 8}) > 0.3},
      {"dropout", torch::randn({2, 4, 8, 16}), torch::randn({2, 4, 8, 16}),
       torch::randn({2, 4, 8, 16}), std::nullopt, 0.5},
      {"gqa", torch::randn({1, 8, 4, 16}), torch::randn({1, 2, 4, 16}), torch::randn({1, 2, 4, 16}),
       std::nullopt, 0, false, true},
      {"bfloat16", torch::randn({1, 2, 5, 8}).to(at::kBFloat16),
       torch::randn({1, 2, 5, 8}).to(at::kBFloat16), torch::randn({1, 2, 5, 8}).to(at::kBFloat16)},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    absl::StatusOr<std::shared_ptr<torch::jit::Graph>> g = ParseGraphText(kOne, "test");
    ASSERT_TRUE(g.ok()) << g.status();
    SpecializeOptions options;
    options.compare_with_example_run = true;
    const c10::IValue mask = c.mask ? c10::IValue(*c.mask) : c10::IValue();
    absl::StatusOr<SpecializeStats> stats =
        SpecializeWithScalarsBound(**g, {c.q, c.k, c.v, mask, c.p, c.causal, c.gqa}, options);
    ASSERT_TRUE(stats.ok()) << stats.status();
    EXPECT_EQ(stats->shape_rule_runs, 1);
    torch::NoGradGuard no_grad;
    ExpectTypeOf((*g)->outputs()[0],
                 at::scaled_dot_product_attention(c.q, c.k, c.v, c.mask, c.p, c.causal,
                                                  std::nullopt, c.gqa));
  }
}

// Ops with a Meta kernel, no view and no write, run once per operator and input metadata and
// arguments; the memo is keyed by strides too, and a view (transpose) is run every time.
TEST(SpecializeShapesTest, MetaRunsAreMemoisedForOpsWithoutAliasing) {
  constexpr char kTwice[] = R"IR(
graph(%x : Tensor, %y : Tensor):
  %alpha : int = prim::Constant[value=2]()
  %a : Tensor = aten::add(%x, %x, %alpha)
  %c : Tensor = aten::add(%x, %x, %alpha)
  %d : Tensor = aten::add(%y, %y, %alpha)
  %i : int = prim::Constant[value=0]()
  %j : int = prim::Constant[value=1]()
  %e : Tensor = aten::transpose(%a, %i, %j)
  %f : Tensor = aten::transpose(%c, %i, %j)
  return (%a, %c, %d, %e, %f)
)IR";
  absl::StatusOr<std::shared_ptr<torch::jit::Graph>> g = ParseGraphText(kTwice, "test");
  ASSERT_TRUE(g.ok()) << g.status();
  torch::manual_seed(0);
  const at::Tensor x = torch::randn({4, 8}), y = torch::randn({8, 4}).t();
  SpecializeOptions options;
  options.compare_with_example_run = true;
  absl::StatusOr<SpecializeStats> stats = SpecializeShapes(**g, {x, y}, options);
  ASSERT_TRUE(stats.ok()) << stats.status();
  EXPECT_EQ(stats->memoised_meta_runs, 1);  // %c; %d's input has other strides
  torch::NoGradGuard no_grad;
  const at::Tensor a = at::add(x, x, 2);
  ExpectTypeOf((*g)->outputs()[0], a);
  ExpectTypeOf((*g)->outputs()[1], a);
  ExpectTypeOf((*g)->outputs()[2], at::add(y, y, 2));
  ExpectTypeOf((*g)->outputs()[3], a.transpose(0, 1));
  ExpectTypeOf((*g)->outputs()[4], a.transpose(0, 1));
}

// A scalar read from a tensor's values (aten::Int.Tensor) is of the data: a tensor whose size it
// gives keeps only its rank, dtype and device (other values give other sizes), while a tensor it
// only scales keeps the sizes eager gives.
TEST(SpecializeShapesTest, AListWrittenThroughAContainerHoldingItIsTypedAfterTheWrite) {
  // `t = [s]; t[0].append(1)` and `d = {"a": s}; d["a"].append(1)` write s: the view reads
  // [2, 6, 1], on meta tensors and on the example values alike.
  for (const char* holder : {"%t : int[][] = prim::ListConstruct(%s)\n"
                             "  %e : int[] = aten::__getitem__(%t, %zero)\n",
                             "%t : Dict(str, int[]) = prim::DictConstruct(%a, %s)\n"
                             "  %e : int[] = aten::__getitem__(%t, %a)\n"}) {
    const std::string text = absl::StrCat(R"IR(
graph(%x : Tensor):
  %a : str = prim::Constant[value="a"]()
  %zero : int = prim::Constant[value=0]()
  %one : int = prim::Constant[value=1]()
  %two : int = prim::Constant[value=2]()
  %six : int = prim::Constant[value=6]()
  %s : int[] = prim::ListConstruct(%two, %six)
  )IR",
                                          holder, R"IR(
  %w : int[] = aten::append(%e, %one)
  %v : Tensor = aten::view(%x, %s)
  return (%v)
)IR");
    for (bool meta : {true, false}) {
      absl::StatusOr<std::shared_ptr<torch::jit::Graph>> g = ParseGraphText(text, "test");
      ASSERT_TRUE(g.ok()) << g.status();
      const at::Tensor x = torch::randn({12});
      SpecializeOptions options;
      options.meta = meta;
      absl::StatusOr<SpecializeStats> stats = SpecializeShapes(**g, {x}, options);
      ASSERT_TRUE(stats.ok()) << stats.status();
      ExpectTypeOf((*g)->outputs()[0], x.view({2, 6, 1}));
    }
  }
}

TEST(SpecializeShapesTest, SizesReadFromValuesAreNotSpecialised) {
  constexpr char kReads[] = R"IR(
graph(%x : Tensor):
  %none : NoneType = prim::Constant()
  %n : int = aten::Int(%x)
  %sizes : int[] = prim::ListConstruct(%n)
  %z : Tensor = aten::zeros(%sizes, %none, %none, %none, %none)
  %s : float = aten::Float(%x)
  %scaled : Tensor = aten::mul(%x, %s)
  return (%z, %scaled)
)IR";
  absl::StatusOr<std::shared_ptr<torch::jit::Graph>> g = ParseGraphText(kReads, "test");
  ASSERT_TRUE(g.ok()) << g.status();
  const at::Tensor x = torch::full({}, 3.0);
  absl::StatusOr<SpecializeStats> stats = SpecializeShapes(**g, {x}, SpecializeOptions{});
  ASSERT_TRUE(stats.ok()) << stats.status();
  auto z = (*g)->outputs()[0]->type()->cast<c10::TensorType>();
  ASSERT_TRUE(z);
  EXPECT_EQ(z->sizes().size(), 1u);
  EXPECT_FALSE(z->sizes().concrete_sizes().has_value()) << *z;
  EXPECT_EQ(z->scalarType(), at::kFloat);
  ExpectTypeOf((*g)->outputs()[1], x * 3.0);
}

}  // namespace
}  // namespace graph_lower
