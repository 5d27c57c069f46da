// OpInfo-style tests of the library's decompositions: each op on sample inputs, lowered by
// graph-lower, must be core ATen only and compute what the op's own (eager) kernel computes.
#include "decomps/library/library.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <torch/csrc/jit/ir/constants.h>
#include <torch/csrc/jit/ir/irparser.h>
#include <torch/csrc/jit/runtime/interpreter.h>
#include <torch/torch.h>

#include <algorithm>
#include <functional>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "decomps/torchscript_source.h"
#include "ir/graph_io.h"
#include "ir/graph_predicates.h"
#include "lowering/pipeline.h"
#include "reference/backend.h"

namespace graph_lower {
namespace {

TEST(LibraryTest, EveryDecompositionCompilesAndMatchesItsSchema) {
  TorchScriptSource source("library");
  for (TorchScriptDecomposition& d : LibraryDecompositions()) {
    ASSERT_TRUE(source.Add(d).ok()) << d.op;
  }
  for (TorchScriptDecomposition& d : ShapeGenericDecompositions()) {
    ASSERT_TRUE(source.Add(d).ok()) << d.op;
  }
  for (const OpKey& op : source.ops()) {
    absl::StatusOr<DecompositionGraph> g = source.Compile(op);
    ASSERT_TRUE(g.ok()) << g.status();
    absl::StatusOr<c10::FunctionSchema> schema = FindOperatorSchema(op);
    ASSERT_TRUE(schema.ok());
    EXPECT_EQ((*g)->inputs().size(), schema->arguments().size()) << op.ToString();
    EXPECT_EQ((*g)->outputs().size(), schema->returns().size()) << op.ToString();
  }
}

// The size of the expression tree each tensor value stands for when every pointwise op (tag
// `pointwise`, native_functions.yaml) is inlined into its users, as torch 2.6's TensorExpr fuser
// does inside a fusion group (torch/csrc/jit/tensorexpr/kernel.cpp, inlineIntermediateBufs). A
// value read k times by each step of a chain of n steps stands for k^n nodes. A loop counts as its
// body repeated its constant trip count (once when the count is not constant), as the pipeline
// unrolls it; an If as the larger of its branches. Sizes are capped at 1e12.
class PointwiseExpressionSize {
 public:
  int64_t Largest(const torch::jit::Graph& graph) {
    Visit(*graph.block());
    return largest_;
  }

 private:
  static constexpr int64_t kCap = 1000000000000;

  static bool Pointwise(const torch::jit::Node& node) {
    // The fuser also fuses cat and the views that feed it (kernel.cpp's computeValue).
    if (node.kind() == c10::aten::cat || node.kind() == c10::aten::unsqueeze ||
        node.kind() == c10::aten::slice || node.kind() == c10::prim::ListConstruct) {
      return true;
    }
    return HasTag(node, at::Tag::pointwise);
  }

  int64_t Of(const torch::jit::Value* v) const {
    auto it = size_.find(v);
    return it == size_.end() ? 0 : it->second;
  }

  void Set(const torch::jit::Value* v, int64_t n) {
    size_[v] = std::min(n, kCap);
    largest_ = std::max(largest_, size_[v]);
  }

  void Visit(const torch::jit::Block& block) {
    for (const torch::jit::Node* node : block.nodes()) {
      if (node->kind() == c10::prim::Loop) {
        const int64_t trips =
            std::min<int64_t>(torch::jit::constant_as<int64_t>(node->input(0)).value_or(1), 1000);
        const torch::jit::Block& body = *node->blocks()[0];
        std::vector<int64_t> carried;
        for (size_t i = 2; i < node->inputs().size(); ++i) carried.push_back(Of(node->input(i)));
        for (int64_t t = 0; t < trips; ++t) {
          for (size_t i = 0; i < carried.size(); ++i) Set(body.inputs()[i + 1], carried[i]);
          Visit(body);
          for (size_t i = 0; i < carried.size(); ++i) carried[i] = Of(body.outputs()[i + 1]);
        }
        for (size_t i = 0; i < carried.size(); ++i) Set(node->outputs()[i], carried[i]);
      } else if (node->kind() == c10::prim::If) {
        for (const torch::jit::Block* b : node->blocks()) Visit(*b);
        for (size_t i = 0; i < node->outputs().size(); ++i) {
          Set(node->outputs()[i],
              std::max(Of(node->blocks()[0]->outputs()[i]), Of(node->blocks()[1]->outputs()[i])));
        }
      } else if (Pointwise(*node)) {
        int64_t n = 1;
        for (const torch::jit::Value* v : node->inputs()) n = std::min(n + Of(v), kCap);
        for (const torch::jit::Value* v : node->outputs()) Set(v, n);
      }
    }
  }

  absl::flat_hash_map<const torch::jit::Value*, int64_t> size_;
  int64_t largest_ = 0;
};

TEST(PointwiseExpressionSizeTest, CountsAChainThatReadsEachStepTwiceAsExponential) {
  auto graph = std::make_shared<torch::jit::Graph>();
  torch::jit::parseIR(R"IR(
graph(%x : Tensor):
  %n : int = prim::Constant[value=10]()
  %t : bool = prim::Constant[value=1]()
  %one : int = prim::Constant[value=1]()
  %y : Tensor = prim::Loop(%n, %t, %x)
    block0(%i : int, %z : Tensor):
      %m : Tensor = aten::mul(%z, %z)
      %s : Tensor = aten::add(%m, %z, %one)
      -> (%t, %s)
  return (%y))IR",
                      graph.get());
  // Step k: size(s_k) = 1 + size(m_k) + size(s_{k-1}) = 2 + 3 size(s_{k-1}), s_0 = x (0).
  int64_t want = 0;
  for (int i = 0; i < 10; ++i) want = 2 + 3 * want;
  EXPECT_EQ(PointwiseExpressionSize().Largest(*graph), want);
}

// torch 2.6's TensorExpr fuser takes minutes, or never returns, to compile a fusion group whose
// inlined expression is exponentially large: the lowered program's second call (the first
// optimised one) hangs. lgamma's recurrence (3^10 nodes) and digamma's did (stop 61). Each
// library decomposition, as compiled, must stay below 6,000 nodes: linear series of a few hundred
// terms (igamma's 600) fit, a chain of selects or a sum of running products does not. Measured at
// this bound: polygamma (1,718) compiles in 2 s, log_ndtr (2,262) in 6 s; igamma (5,671, in a
// graph of 8,700 nodes) still takes minutes, in the fuser's inlining of each of its buffers
// (LoopNest::inlineIntermediateBufs), quadratic in the group's size (docs/semantics.md).
TEST(LibraryTest, NoDecompositionHasAnExponentialPointwiseExpression) {
  TorchScriptSource source("library");
  for (TorchScriptDecomposition& d : LibraryDecompositions()) ASSERT_TRUE(source.Add(d).ok());
  for (TorchScriptDecomposition& d : ShapeGenericDecompositions()) {
    ASSERT_TRUE(source.Add(d).ok());
  }
  std::vector<std::string> large;
  for (const OpKey& op : source.ops()) {
    absl::StatusOr<DecompositionGraph> g = source.Compile(op);
    ASSERT_TRUE(g.ok()) << g.status();
    const int64_t n = PointwiseExpressionSize().Largest(**g);
    if (n > 6000) large.push_back(absl::StrCat(op.ToString(), ": ", n));
  }
  EXPECT_THAT(large, ::testing::IsEmpty());
}

// One sample: a graph calling the op, and its inputs.
struct Sample {
  std::string name;
  std::string ir;
  std::vector<c10::IValue> inputs;
};

// Views, shape ops and pointwise activations.
void AddViewAndPointwiseSamples(std::vector<Sample>& samples) {
  auto r = [](std::vector<int64_t> s) { return torch::randn(s); };
  samples.insert(
      samples.end(),
      {
          {"t_2d",
           "graph(%x : Tensor):\n  %y : Tensor = aten::t(%x)\n  return (%y)\n",
           {r({3, 5})}},
          {"t_1d", "graph(%x : Tensor):\n  %y : Tensor = aten::t(%x)\n  return (%y)\n", {r({4})}},
          {"transpose_neg",
           "graph(%x : Tensor):\n  %a : int = prim::Constant[value=-1]()\n"
           "  %b : int = prim::Constant[value=0]()\n  %y : Tensor = aten::transpose(%x, %a, %b)\n"
           "  return (%y)\n",
           {r({2, 3, 4})}},
          {"unsafe_view",
           "graph(%x : Tensor):\n  %s : int[] = prim::Constant[value=[6, 4]]()\n"
           "  %y : Tensor = aten::_unsafe_view(%x, %s)\n  return (%y)\n",
           {r({2, 3, 4})}},
          {"unflatten_inferred_negative_dim",
           "graph(%x : Tensor):\n  %d : int = prim::Constant[value=-2]()\n"
           "  %s : int[] = prim::Constant[value=[2, -1]]()\n"
           "  %y : Tensor = aten::unflatten(%x, %d, %s)\n  return (%y)\n",
           {r({3, 6, 5})}},
          {"unflatten_of_a_transposed_input",
           "graph(%x : Tensor):\n  %0 : int = prim::Constant[value=0]()\n"
           "  %1 : int = prim::Constant[value=1]()\n  %t : Tensor = aten::transpose(%x, %0, %1)\n"
           "  %s : int[] = prim::Constant[value=[3, 2]]()\n"
           "  %y : Tensor = aten::unflatten(%t, %0, %s)\n  return (%y)\n",
           {r({4, 6})}},
          {"split_uneven",
           "graph(%x : Tensor):\n  %n : int = prim::Constant[value=2]()\n"
           "  %d : int = prim::Constant[value=0]()\n  %y : Tensor[] = aten::split(%x, %n, %d)\n"
           "  %a : Tensor, %b : Tensor, %c : Tensor = prim::ListUnpack(%y)\n  return (%a, %b, "
           "%c)\n",
           {r({5, 3})}},
          {"roll_two_dims",
           "graph(%x : Tensor):\n  %s : int[] = prim::Constant[value=[2, -1]]()\n"
           "  %d : int[] = prim::Constant[value=[0, 1]]()\n  %y : Tensor = aten::roll(%x, %s, %d)\n"
           "  return (%y)\n",
           {r({4, 5})}},
          {"roll_flat",
           "graph(%x : Tensor):\n  %s : int[] = prim::Constant[value=[3]]()\n"
           "  %d : int[] = prim::Constant[value=annotate(List[int], [])]()\n"
           "  %y : Tensor = aten::roll(%x, %s, %d)\n  return (%y)\n",
           {r({2, 3})}},
          {"reshape_noncontiguous",
           "graph(%x : Tensor):\n  %p : int[] = prim::Constant[value=[1, 0]]()\n"
           "  %t : Tensor = aten::permute(%x, %p)\n  %s : int[] = prim::Constant[value=[-1]]()\n"
           "  %y : Tensor = aten::reshape(%t, %s)\n  return (%y)\n",
           {r({3, 4})}},
          {"contiguous",
           "graph(%x : Tensor):\n  %p : int[] = prim::Constant[value=[1, 0]]()\n"
           "  %t : Tensor = aten::permute(%x, %p)\n  %m : int = prim::Constant[value=0]()\n"
           "  %y : Tensor = aten::contiguous(%t, %m)\n  return (%y)\n",
           {r({3, 4})}},
          {"hardswish",
           "graph(%x : Tensor):\n  %y : Tensor = aten::hardswish(%x)\n  return (%y)\n",
           {r({64}) * 4}},
          {"hardsigmoid",
           "graph(%x : Tensor):\n  %y : Tensor = aten::hardsigmoid(%x)\n  return (%y)\n",
           {r({64}) * 4}},
          {"silu",
           "graph(%x : Tensor):\n  %y : Tensor = aten::silu(%x)\n  return (%y)\n",
           {r({64})}},
          {"relu6",
           "graph(%x : Tensor):\n  %y : Tensor = aten::relu6(%x)\n  return (%y)\n",
           {r({64}) * 4}},
          {"masked_fill_scalar",
           "graph(%x : Tensor, %m : Tensor):\n  %v : float = prim::Constant[value=-2.5]()\n"
           "  %y : Tensor = aten::masked_fill(%x, %m, %v)\n  return (%y)\n",
           {r({3, 4}), torch::rand({3, 4}) > 0.5}},
      });
}

// Pooling, normalisation, attention and upsampling.
void AddNnSamples(std::vector<Sample>& samples) {
  auto r = [](std::vector<int64_t> s) { return torch::randn(s); };
  samples.insert(
      samples.end(),
      {
          {"adaptive_avg_pool2d_global",
           "graph(%x : Tensor):\n  %s : int[] = prim::Constant[value=[1, 1]]()\n"
           "  %y : Tensor = aten::adaptive_avg_pool2d(%x, %s)\n  return (%y)\n",
           {r({2, 3, 5, 5})}},
          {"adaptive_avg_pool2d_3x3",
           "graph(%x : Tensor):\n  %s : int[] = prim::Constant[value=[3, 3]]()\n"
           "  %y : Tensor = aten::adaptive_avg_pool2d(%x, %s)\n  return (%y)\n",
           {r({2, 3, 7, 7})}},
          {"dropout_eval",
           "graph(%x : Tensor):\n  %p : float = prim::Constant[value=0.5]()\n"
           "  %f : bool = prim::Constant[value=0]()\n  %y : Tensor = aten::dropout(%x, %p, %f)\n"
           "  return (%y)\n",
           {r({8})}},
          {"batch_norm_eval",
           "graph(%x : Tensor, %w : Tensor, %b : Tensor, %m : Tensor, %v : Tensor):\n"
           "  %f : bool = prim::Constant[value=0]()\n  %mo : float = prim::Constant[value=0.1]()\n"
           "  %e : float = prim::Constant[value=1e-5]()\n"
           "  %y : Tensor = aten::batch_norm(%x, %w, %b, %m, %v, %f, %mo, %e, %f)\n  return (%y)\n",
           {r({2, 3, 4, 4}), r({3}), r({3}), r({3}), torch::rand({3}) + 0.5}},
          {"sdpa_flash_cpu_causal",
           "graph(%q : Tensor, %k : Tensor, %v : Tensor):\n"
           "  %p : float = prim::Constant[value=0.]()\n  %c : bool = prim::Constant[value=1]()\n"
           "  %n : NoneType = prim::Constant()\n"
           "  %o : Tensor, %l : Tensor = aten::_scaled_dot_product_flash_attention_for_cpu(%q, %k, "
           "%v, %p, %c, %n, %n)\n  return (%o, %l)\n",
           {r({2, 3, 5, 8}), r({2, 3, 5, 8}), r({2, 3, 5, 8})}},
          {"sdpa_flash_cpu_backward_causal",
           "graph(%g : Tensor, %q : Tensor, %k : Tensor, %v : Tensor):\n"
           "  %p : float = prim::Constant[value=0.]()\n  %c : bool = prim::Constant[value=1]()\n"
           "  %n : NoneType = prim::Constant()\n"
           "  %o : Tensor, %l : Tensor = aten::_scaled_dot_product_flash_attention_for_cpu(%q, %k, "
           "%v, %p, %c, %n, %n)\n"
           "  %dq : Tensor, %dk : Tensor, %dv : Tensor = "
           "aten::_scaled_dot_product_flash_attention_for_cpu_backward(%g, %q, %k, %v, %o, %l, %p, "
           "%c, %n, %n)\n  return (%dq, %dk, %dv)\n",
           {r({2, 3, 5, 8}), r({2, 3, 5, 8}), r({2, 3, 6, 8}), r({2, 3, 6, 8})}},
          // The output keeps the query's layout: a query viewed from an (L, B*H, E) projection
          // gives an output whose permute(2, 0, 1, 3) is contiguous, as nn.MultiheadAttention's
          // traced graph then views it (this failed with a contiguous result).
          {"sdpa_flash_cpu_strided_query",
           "graph(%x : Tensor):\n  %0 : int = prim::Constant[value=0]()\n"
           "  %1 : int = prim::Constant[value=1]()\n"
           "  %t : Tensor = aten::transpose(%x, %0, %1)\n"
           "  %s : int[] = prim::Constant[value=[2, 2, 5, 8]]()\n"
           "  %q : Tensor = aten::view(%t, %s)\n"
           "  %p : float = prim::Constant[value=0.]()\n  %c : bool = prim::Constant[value=0]()\n"
           "  %n : NoneType = prim::Constant()\n"
           "  %o : Tensor, %l : Tensor = aten::_scaled_dot_product_flash_attention_for_cpu(%q, %q, "
           "%q, %p, %c, %n, %n)\n"
           "  %perm : int[] = prim::Constant[value=[2, 0, 1, 3]]()\n"
           "  %r : Tensor = aten::permute(%o, %perm)\n"
           "  %s2 : int[] = prim::Constant[value=[10, 16]]()\n"
           "  %y : Tensor = aten::view(%r, %s2)\n  return (%y)\n",
           {r({5, 4, 8})}},
          {"native_batch_norm_legit_functional_training",
           "graph(%x : Tensor, %w : Tensor, %b : Tensor, %m : Tensor, %v : Tensor):\n"
           "  %t : bool = prim::Constant[value=1]()\n  %mo : float = prim::Constant[value=0.1]()\n"
           "  %e : float = prim::Constant[value=1e-5]()\n"
           "  %y : Tensor, %a : Tensor, %c : Tensor, %nm : Tensor, %nv : Tensor = "
           "aten::_native_batch_norm_legit_functional(%x, %w, %b, %m, %v, %t, %mo, %e)\n"
           "  return (%y, %a, %c, %nm, %nv)\n",
           {r({4, 3, 2, 2}), r({3}), r({3}), r({3}), torch::rand({3}) + 0.5}},
          {"batch_norm_with_update_functional",
           "graph(%x : Tensor, %w : Tensor, %b : Tensor, %m : Tensor, %v : Tensor):\n"
           "  %mo : float = prim::Constant[value=0.1]()\n"
           "  %e : float = prim::Constant[value=1e-5]()\n"
           "  %y : Tensor, %a : Tensor, %c : Tensor, %r : Tensor, %nm : Tensor, %nv : Tensor = "
           "aten::_batch_norm_with_update_functional(%x, %w, %b, %m, %v, %mo, %e)\n"
           "  return (%y, %a, %c, %nm, %nv)\n",
           {r({4, 3, 5}), r({3}), r({3}), r({3}), torch::rand({3}) + 0.5}},
          {"upsample_bilinear2d_scales",
           "graph(%x : Tensor):\n  %s : int[] = prim::Constant[value=[6, 10]]()\n"
           "  %a : bool = prim::Constant[value=0]()\n  %h : float = prim::Constant[value=1.5]()\n"
           "  %w : float = prim::Constant[value=2.5]()\n"
           "  %y : Tensor = aten::upsample_bilinear2d(%x, %s, %a, %h, %w)\n  return (%y)\n",
           {r({1, 2, 4, 4})}},
          {"upsample_nearest2d_size",
           "graph(%x : Tensor):\n  %s : int[] = prim::Constant[value=[5, 7]]()\n"
           "  %n : NoneType = prim::Constant()\n"
           "  %y : Tensor = aten::upsample_nearest2d(%x, %s, %n, %n)\n  return (%y)\n",
           {r({1, 2, 3, 4})}},
          {"unsafe_index",
           "graph(%x : Tensor, %i : Tensor):\n  %n : NoneType = prim::Constant()\n"
           "  %l : Tensor?[] = prim::ListConstruct(%n, %i)\n"
           "  %y : Tensor = aten::_unsafe_index(%x, %l)\n  return (%y)\n",
           {r({3, 5}), torch::tensor({4, 0, 2, 2})}},
      });
}

// Factories, convolutions and the rest of the table.
void AddFactoryAndConvolutionSamples(std::vector<Sample>& samples) {
  auto r = [](std::vector<int64_t> s) { return torch::randn(s); };
  samples.insert(
      samples.end(),
      {
          {"new_zeros",
           "graph(%x : Tensor):\n  %s : int[] = prim::Constant[value=[2, 3]]()\n"
           "  %n : NoneType = prim::Constant()\n"
           "  %y : Tensor = aten::new_zeros(%x, %s, %n, %n, %n, %n)\n  return (%y)\n",
           {r({4}).to(torch::kDouble)}},
          {"new_ones",
           "graph(%x : Tensor):\n  %s : int[] = prim::Constant[value=[2, 3]]()\n"
           "  %n : NoneType = prim::Constant()\n"
           "  %y : Tensor = aten::new_ones(%x, %s, %n, %n, %n, %n)\n  return (%y)\n",
           {r({4})}},
          {"lift_fresh",
           "graph(%x : Tensor):\n  %y : Tensor = aten::lift_fresh(%x)\n  return (%y)\n",
           {r({2, 3})}},
          {"lift_fresh_copy",
           "graph(%x : Tensor):\n  %y : Tensor = aten::lift_fresh_copy(%x)\n  return (%y)\n",
           {r({2, 3})}},
          {"masked_fill_tensor",
           "graph(%x : Tensor, %m : Tensor, %v : Tensor):\n"
           "  %y : Tensor = aten::masked_fill(%x, %m, %v)\n  return (%y)\n",
           {r({3, 4}), torch::rand({3, 4}) > 0.5, torch::tensor(1.5)}},
          {"_convolution",
           "graph(%x : Tensor, %w : Tensor, %b : Tensor):\n"
           "  %one : int[] = prim::Constant[value=[1, 1]]()\n"
           "  %zero : int[] = prim::Constant[value=[0, 0]]()\n"
           "  %g : int = prim::Constant[value=1]()\n  %f : bool = prim::Constant[value=0]()\n"
           "  %t : bool = prim::Constant[value=1]()\n"
           "  %y : Tensor = aten::_convolution(%x, %w, %b, %one, %one, %one, %f, %zero, %g, %f, "
           "%f, "
           "%t, %t)\n  return (%y)\n",
           {r({1, 2, 5, 5}), r({3, 2, 3, 3}), r({3})}},
          {"conv1d",
           "graph(%x : Tensor, %w : Tensor, %b : Tensor):\n"
           "  %s : int[] = prim::Constant[value=[2]]()\n  %p : int[] = "
           "prim::Constant[value=[1]]()\n"
           "  %d : int[] = prim::Constant[value=[1]]()\n  %g : int = prim::Constant[value=2]()\n"
           "  %y : Tensor = aten::conv1d(%x, %w, %b, %s, %p, %d, %g)\n  return (%y)\n",
           {r({2, 4, 9}), r({6, 2, 3}), r({6})}},
          {"conv2d",
           "graph(%x : Tensor, %w : Tensor, %b : Tensor):\n"
           "  %s : int[] = prim::Constant[value=[1, 2]]()\n"
           "  %p : int[] = prim::Constant[value=[1, 0]]()\n"
           "  %d : int[] = prim::Constant[value=[2, 1]]()\n  %g : int = prim::Constant[value=1]()\n"
           "  %y : Tensor = aten::conv2d(%x, %w, %b, %s, %p, %d, %g)\n  return (%y)\n",
           {r({2, 3, 7, 8}), r({4, 3, 3, 2}), r({4})}},
          {"conv2d_unbatched",
           "graph(%x : Tensor, %w : Tensor):\n  %n : NoneType = prim::Constant()\n"
           "  %s : int[] = prim::Constant[value=[1, 1]]()\n"
           "  %p : int[] = prim::Constant[value=[1, 1]]()\n  %g : int = prim::Constant[value=1]()\n"
           "  %y : Tensor = aten::conv2d(%x, %w, %n, %s, %p, %s, %g)\n  return (%y)\n",
           {r({3, 5, 5}), r({2, 3, 3, 3})}},
          {"conv3d",
           "graph(%x : Tensor, %w : Tensor, %b : Tensor):\n"
           "  %s : int[] = prim::Constant[value=[1, 1, 1]]()\n"
           "  %p : int[] = prim::Constant[value=[0, 1, 1]]()\n  %g : int = "
           "prim::Constant[value=1]()\n"
           "  %y : Tensor = aten::conv3d(%x, %w, %b, %s, %p, %s, %g)\n  return (%y)\n",
           {r({1, 2, 3, 4, 5}), r({3, 2, 2, 3, 3}), r({3})}},
          // The int is a graph input: a constant one would be folded before any decomposition.
          {"tensor_int",
           "graph(%x : Tensor, %c : int):\n"
           "  %n : NoneType = prim::Constant()\n  %f : bool = prim::Constant[value=0]()\n"
           "  %one : int = prim::Constant[value=1]()\n"
           "  %y : Tensor = aten::tensor(%c, %n, %n, %f)\n"
           "  %z : Tensor = aten::add(%x, %y, %one)\n  return (%y, %z)\n",
           {r({2}), c10::IValue(int64_t{7})}},
          {"logsumexp",
           "graph(%x : Tensor):\n  %d : int[] = prim::Constant[value=[1]]()\n"
           "  %k : bool = prim::Constant[value=0]()\n"
           "  %y : Tensor = aten::logsumexp(%x, %d, %k)\n  return (%y)\n",
           {r({3, 5}) * 10}},
          // Over a zero-size dim eager gives -inf where amax, which the decomposition takes the max
          // with, refuses an empty dim.
          {"logsumexp_over_an_empty_dim",
           "graph(%x : Tensor):\n  %d : int[] = prim::Constant[value=[1]]()\n"
           "  %k : bool = prim::Constant[value=0]()\n"
           "  %y : Tensor = aten::logsumexp(%x, %d, %k)\n  return (%y)\n",
           {r({3, 0})}},
          {"reshape_alias",
           "graph(%x : Tensor):\n  %s : int[] = prim::Constant[value=[6, 4]]()\n"
           "  %t : int[] = prim::Constant[value=[4, 1]]()\n"
           "  %y : Tensor = aten::_reshape_alias(%x, %s, %t)\n  return (%y)\n",
           {r({2, 3, 4})}},
      });
}

// Reductions, scans and pointwise ops with several operands.
void AddReductionAndScanSamples(std::vector<Sample>& samples) {
  auto r = [](std::vector<int64_t> s) { return torch::randn(s); };
  auto add = [&](const std::string& name, const std::string& ir, std::vector<c10::IValue> in) {
    samples.push_back({name, ir, std::move(in)});
  };
  add("sum_default",
      "graph(%x : Tensor):\n  %n : NoneType = prim::Constant()\n"
      "  %y : Tensor = aten::sum(%x, %n)\n  return (%y)\n",
      {r({3, 4})});
  add("var_mean_dim",
      "graph(%x : Tensor):\n  %d : int[] = prim::Constant[value=[1]]()\n"
      "  %c : int = prim::Constant[value=1]()\n  %k : bool = prim::Constant[value=1]()\n"
      "  %v : Tensor, %m : Tensor = aten::var_mean(%x, %d, %c, %k)\n  return (%v, %m)\n",
      {r({3, 5})});
  for (const auto& [suffix, ord] : std::vector<std::pair<std::string, std::string>>{
           {"3", "3"}, {"2", "2."}, {"0", "0"}, {"1_5", "1.5"}}) {
    add("vector_norm_ord_" + suffix,
        "graph(%x : Tensor):\n  %o : " +
            std::string(suffix == "3" || suffix == "0" ? "int" : "float") +
            " = prim::Constant[value=" + ord +
            "]()\n"
            "  %d : int[] = prim::Constant[value=[1]]()\n  %k : bool = prim::Constant[value=0]()\n"
            "  %n : NoneType = prim::Constant()\n"
            "  %y : Tensor = aten::linalg_vector_norm(%x, %o, %d, %k, %n)\n  return (%y)\n",
        {r({3, 5})});
  }
  // ATen's cpu scan kernels keep the running value in double for float32 input: a float32
  // running product overflows at -1e38 * 3.5 where eager's does not.
  add("cumprod_float32_running_product_past_float_max",
      "graph(%x : Tensor):\n  %d : int = prim::Constant[value=1]()\n"
      "  %n : NoneType = prim::Constant()\n"
      "  %y : Tensor = aten::cumprod(%x, %d, %n)\n  return (%y)\n",
      {torch::tensor(
          {{-1e38f, 3.5f, -2.5f, 0.5f, -0.5f, 1e-45f}, {3.0f, 1e38f, 0.1f, 4.0f, 0.5f, 2.0f}})});
  add("logcumsumexp_float32_and_half",
      "graph(%x : Tensor, %h : Tensor):\n  %d : int = prim::Constant[value=1]()\n"
      "  %y : Tensor = aten::logcumsumexp(%x, %d)\n"
      "  %z : Tensor = aten::logcumsumexp(%h, %d)\n  return (%y, %z)\n",
      {r({3, 7}) * 30, r({3, 7}).to(torch::kHalf)});
  add("rsub_int_tensor_float_scalar",
      "graph(%x : Tensor):\n  %o : float = prim::Constant[value=2.5]()\n"
      "  %a : int = prim::Constant[value=2]()\n"
      "  %y : Tensor = aten::rsub(%x, %o, %a)\n  return (%y)\n",
      {torch::randint(-5, 5, {3, 4})});
  add("rsub_half",
      "graph(%x : Tensor):\n  %o : int = prim::Constant[value=1]()\n"
      "  %y : Tensor = aten::rsub(%x, %o, %o)\n  return (%y)\n",
      {r({3, 4}).to(torch::kHalf)});
  add("diagonal_scatter_negative_offset_last_dims",
      "graph(%x : Tensor, %s : Tensor):\n  %o : int = prim::Constant[value=-1]()\n"
      "  %a : int = prim::Constant[value=-1]()\n  %b : int = prim::Constant[value=1]()\n"
      "  %y : Tensor = aten::diagonal_scatter(%x, %s, %o, %a, %b)\n  return (%y)\n",
      {r({3, 4, 5}), r({3, 4})});
  add("diagonal_scatter_default",
      "graph(%x : Tensor, %s : Tensor):\n  %o : int = prim::Constant[value=0]()\n"
      "  %a : int = prim::Constant[value=0]()\n  %b : int = prim::Constant[value=1]()\n"
      "  %y : Tensor = aten::diagonal_scatter(%x, %s, %o, %a, %b)\n  return (%y)\n",
      {r({4, 3}), r({3})});
  add("std_and_std_mean_correction",
      "graph(%x : Tensor):\n  %d : int[] = prim::Constant[value=[1]]()\n"
      "  %c : int = prim::Constant[value=0]()\n  %k : bool = prim::Constant[value=1]()\n"
      "  %s : Tensor = aten::std(%x, %d, %c, %k)\n"
      "  %a : Tensor, %b : Tensor = aten::std_mean(%x, %d, %c, %k)\n  return (%s, %a, %b)\n",
      {r({3, 5})});
  for (const auto& [suffix, w] :
       std::vector<std::pair<std::string, std::string>>{{"0_3", "0.3"}, {"0_7", "0.7"}}) {
    add("lerp_scalar_" + suffix,
        "graph(%x : Tensor, %y : Tensor):\n  %w : float = prim::Constant[value=" + w +
            "]()\n  %z : Tensor = aten::lerp(%x, %y, %w)\n  return (%z)\n",
        {r({3, 4}), r({3, 4})});
  }
  add("lerp_tensor_weight",
      "graph(%x : Tensor, %y : Tensor, %w : Tensor):\n"
      "  %z : Tensor = aten::lerp(%x, %y, %w)\n  return (%z)\n",
      {r({3, 4}), r({3, 4}), torch::rand({4}) * 2 - 0.5});
  for (const auto& [suffix, d] :
       std::vector<std::pair<std::string, std::string>>{{"2", "2"}, {"neg1", "-1"}}) {
    add("round_decimals_" + suffix,
        "graph(%x : Tensor):\n  %d : int = prim::Constant[value=" + d +
            "]()\n  %z : Tensor = aten::round(%x, %d)\n  return (%z)\n",
        {r({4, 5}) * 100});
  }
  add("addcmul_addcdiv",
      "graph(%x : Tensor, %a : Tensor, %b : Tensor):\n  %v : float = prim::Constant[value=0.5]()\n"
      "  %y : Tensor = aten::addcmul(%x, %a, %b, %v)\n"
      "  %z : Tensor = aten::addcdiv(%x, %a, %b, %v)\n  return (%y, %z)\n",
      {r({3, 4}), r({3, 4}), torch::rand({4}) + 0.5});
  add("index_fill_scalar_negative_repeated",
      "graph(%x : Tensor, %i : Tensor):\n  %d : int = prim::Constant[value=1]()\n"
      "  %v : float = prim::Constant[value=-2.5]()\n"
      "  %z : Tensor = aten::index_fill(%x, %d, %i, %v)\n  return (%z)\n",
      {r({3, 4, 2}), torch::tensor({0, -1, 0})});
  add("index_fill_tensor_value_int",
      "graph(%x : Tensor, %i : Tensor, %v : Tensor):\n  %d : int = prim::Constant[value=-1]()\n"
      "  %z : Tensor = aten::index_fill(%x, %d, %i, %v)\n  return (%z)\n",
      {torch::randint(0, 9, {3, 4}), torch::tensor({2}), torch::tensor(7)});
}

// Scalar arithmetic, gathers and scatters, losses and dtype conversions.
void AddScalarAndLossSamples(std::vector<Sample>& samples) {
  auto r = [](std::vector<int64_t> s) { return torch::randn(s); };
  auto add = [&](const std::string& name, const std::string& ir, std::vector<c10::IValue> in) {
    samples.push_back({name, ir, std::move(in)});
  };
  add("floor_divide_int_negative",
      "graph(%x : Tensor, %y : Tensor):\n  %z : Tensor = aten::floor_divide(%x, %y)\n"
      "  return (%z)\n",
      {torch::randint(-9, 9, {3, 4}),
       torch::randint(1, 4, {3, 4}) * (torch::randint(0, 2, {3, 4}) * 2 - 1)});
  add("floor_divide_scalar_float",
      "graph(%x : Tensor):\n  %o : float = prim::Constant[value=-0.75]()\n"
      "  %y : Tensor = aten::floor_divide(%x, %o)\n  return (%y)\n",
      {r({3, 4})});
  add("aminmax_dim_keepdim",
      "graph(%x : Tensor):\n  %d : int = prim::Constant[value=-1]()\n"
      "  %k : bool = prim::Constant[value=1]()\n"
      "  %a : Tensor, %b : Tensor = aten::aminmax(%x, %d, %k)\n  return (%a, %b)\n",
      {r({3, 4})});
  add("aminmax_all_int",
      "graph(%x : Tensor):\n  %n : NoneType = prim::Constant()\n"
      "  %k : bool = prim::Constant[value=0]()\n"
      "  %a : Tensor, %b : Tensor = aten::aminmax(%x, %n, %k)\n  return (%a, %b)\n",
      {torch::randint(-50, 50, {3, 4})});
  add("max_min_all",
      "graph(%x : Tensor):\n  %a : Tensor = aten::max(%x)\n  %b : Tensor = aten::min(%x)\n"
      "  return (%a, %b)\n",
      {r({2, 3, 4})});
  add("unbind_dim1",
      "graph(%x : Tensor):\n  %d : int = prim::Constant[value=1]()\n"
      "  %l : Tensor[] = aten::unbind(%x, %d)\n"
      "  %a : Tensor, %b : Tensor, %c : Tensor = prim::ListUnpack(%l)\n  return (%a, %b, %c)\n",
      {r({2, 3, 4})});
  add("empty_like_then_fill",
      "graph(%x : Tensor):\n  %n : NoneType = prim::Constant()\n"
      "  %v : float = prim::Constant[value=2.5]()\n"
      "  %e : Tensor = aten::empty_like(%x, %n, %n, %n, %n, %n)\n"
      "  %y : Tensor = aten::fill(%e, %v)\n  return (%y)\n",
      {r({2, 3}).t()});
  add("put_accumulate_repeated_and_negative",
      "graph(%x : Tensor, %i : Tensor, %s : Tensor):\n  %a : bool = prim::Constant[value=1]()\n"
      "  %y : Tensor = aten::put(%x, %i, %s, %a)\n  return (%y)\n",
      {r({3, 4}), torch::tensor({0, 5, 5, -1, 0}), r({5})});
  add("put_overwrite",
      "graph(%x : Tensor, %i : Tensor, %s : Tensor):\n  %a : bool = prim::Constant[value=0]()\n"
      "  %y : Tensor = aten::put(%x, %i, %s, %a)\n  return (%y)\n",
      {r({3, 4}), torch::tensor({{1, 7}, {2, -3}}), r({2, 2})});
  for (const auto& [reduction, name] :
       std::vector<std::pair<int, std::string>>{{0, "none"}, {1, "mean"}, {2, "sum"}}) {
    const std::string red = std::to_string(reduction);
    torch::Tensor target = torch::randint(0, 5, {4});
    target.index_put_({1}, -100);  // ignored
    add("nll_loss_weighted_" + name,
        "graph(%x : Tensor, %t : Tensor, %w : Tensor):\n"
        "  %r : int = prim::Constant[value=" +
            red +
            "]()\n"
            "  %ig : int = prim::Constant[value=-100]()\n"
            "  %y : Tensor, %tw : Tensor = aten::nll_loss_forward(%x, %t, %w, %r, %ig)\n"
            "  return (%y, %tw)\n",
        {torch::log_softmax(r({4, 5}), 1), target, torch::rand({5})});
    torch::Tensor target2d = torch::randint(0, 5, {2, 3, 4});
    target2d.index_put_({0, 1, 2}, 3);
    add("nll_loss2d_" + name,
        "graph(%x : Tensor, %t : Tensor):\n  %n : NoneType = prim::Constant()\n"
        "  %r : int = prim::Constant[value=" +
            red +
            "]()\n"
            "  %ig : int = prim::Constant[value=3]()\n"
            "  %y : Tensor, %tw : Tensor = aten::nll_loss2d_forward(%x, %t, %n, %r, %ig)\n"
            "  return (%y, %tw)\n",
        {torch::log_softmax(r({2, 5, 3, 4}), 1), target2d});
  }
  add("softplus_beta_threshold",
      "graph(%x : Tensor):\n  %b : int = prim::Constant[value=2]()\n"
      "  %t : int = prim::Constant[value=5]()\n"
      "  %y : Tensor = aten::softplus(%x, %b, %t)\n  return (%y)\n",
      {r({64}) * 4});
  add("to_dtype_and_same_dtype",
      "graph(%x : Tensor):\n  %d : int = prim::Constant[value=7]()\n"
      "  %f : int = prim::Constant[value=6]()\n  %no : bool = prim::Constant[value=0]()\n"
      "  %n : NoneType = prim::Constant()\n"
      "  %a : Tensor = aten::to(%x, %d, %no, %no, %n)\n"
      "  %b : Tensor = aten::to(%x, %f, %no, %no, %n)\n  return (%a, %b)\n",
      {r({3, 4})});
  add("to_other",
      "graph(%x : Tensor, %o : Tensor):\n  %no : bool = prim::Constant[value=0]()\n"
      "  %n : NoneType = prim::Constant()\n"
      "  %a : Tensor = aten::to(%x, %o, %no, %no, %n)\n  return (%a)\n",
      {r({3, 4}), torch::zeros({1}, torch::kHalf)});
  // nn.TransformerEncoderLayer's fast path, D=8, 2 heads, FFN 16, batch 2, length 3; every tensor
  // is a graph input. Post-norm with relu, and pre-norm with gelu and a key padding mask.
}

void AddTransformerSamples(std::vector<Sample>& samples) {
  auto r = [](std::vector<int64_t> s) { return torch::randn(s); };
  auto encoder_layer = [&](const std::string& name, bool norm_first, bool gelu, bool masked) {
    const int64_t D = 8, F = 16;
    std::vector<c10::IValue> in = {r({2, 3, D}), r({3 * D, D}), r({3 * D}), r({D, D}), r({D}),
                                   r({D}),       r({D}),        r({D}),     r({D}),    r({F, D}),
                                   r({F}),       r({D, F}),     r({D})};
    std::string ir =
        "graph(%src : Tensor, %qkv_w : Tensor, %qkv_b : Tensor, %proj_w : Tensor, "
        "%proj_b : Tensor, %n1w : Tensor, %n1b : Tensor, %n2w : Tensor, %n2b : Tensor, "
        "%f1w : Tensor, %f1b : Tensor, %f2w : Tensor, %f2b : Tensor" +
        std::string(masked ? ", %mask : Tensor" : "") +
        "):\n"
        "  %D : int = prim::Constant[value=8]()\n  %H : int = prim::Constant[value=2]()\n"
        "  %gelu : bool = prim::Constant[value=" +
        (gelu ? "1" : "0") +
        "]()\n"
        "  %nf : bool = prim::Constant[value=" +
        (norm_first ? "1" : "0") +
        "]()\n"
        "  %eps : float = prim::Constant[value=1.0000000000000001e-05]()\n"
        "  %none : NoneType = prim::Constant()\n  %mt : int = prim::Constant[value=1]()\n"
        "  %y : Tensor = aten::_transformer_encoder_layer_fwd(%src, %D, %H, %qkv_w, %qkv_b, "
        "%proj_w, %proj_b, %gelu, %nf, %eps, %n1w, %n1b, %n2w, %n2b, %f1w, %f1b, %f2w, %f2b, " +
        (masked ? "%mask, %mt" : "%none, %none") + ")\n  return (%y)\n";
    if (masked) {
      torch::Tensor mask = torch::zeros({2, 3}, torch::kBool);
      mask.index_put_({0, 2}, true);  // the last key of the first sequence is padding
      in.push_back(mask);
    }
    samples.push_back({name, ir, in});
  };
  encoder_layer("transformer_encoder_layer_post_norm_relu", false, false, false);
  encoder_layer("transformer_encoder_layer_pre_norm_gelu_masked", true, true, true);
  {
    // The fast path hands _native_multi_head_attention a float key padding mask (-inf where
    // padded, as F._canonical_mask makes it), including a fully padded sequence (row of zeros).
    Sample s = samples.back();
    s.name = "transformer_encoder_layer_float_mask_fully_masked_row";
    torch::Tensor mask = torch::zeros({2, 3});
    mask.index_put_({0, 2}, -INFINITY);
    mask.index_put_({1}, -INFINITY);
    s.inputs.back() = mask;
    samples.push_back(s);
  }
}

std::vector<Sample> Samples() {
  torch::manual_seed(0);  // the parts draw their inputs in this order
  std::vector<Sample> samples;
  AddViewAndPointwiseSamples(samples);
  AddNnSamples(samples);
  AddFactoryAndConvolutionSamples(samples);
  AddReductionAndScanSamples(samples);
  AddScalarAndLossSamples(samples);
  AddTransformerSamples(samples);
  return samples;
}

// Random ops lower to core random ops with the same distribution (not the same numbers): checked
// statistically on 20000 draws, with bounds of 6 standard deviations.
TEST(LibraryRandomTest, RandomOpsKeepTheirDistribution) {
  absl::StatusOr<std::shared_ptr<torch::jit::Graph>> parsed = ParseGraphText(R"IR(
graph(%p : Tensor, %ones : Tensor):
  %none : NoneType = prim::Constant()
  %half : float = prim::Constant[value=0.5]()
  %train : bool = prim::Constant[value=1]()
  %b : Tensor = aten::bernoulli(%p, %none)
  %u : Tensor = aten::rand_like(%p, %none, %none, %none, %none, %none)
  %n : Tensor = aten::randn_like(%p, %none, %none, %none, %none, %none)
  %d : Tensor = aten::dropout(%ones, %half, %train)
  %low : int = prim::Constant[value=-3]()
  %high : int = prim::Constant[value=5]()
  %long : int = prim::Constant[value=4]()
  %ri : Tensor = aten::randint_like(%p, %low, %high, %long, %none, %none, %none, %none)
  %mean : float = prim::Constant[value=3.]()
  %std : float = prim::Constant[value=2.]()
  %size : int[] = prim::Constant[value=[20000]]()
  %nf : Tensor = aten::normal(%mean, %std, %size, %none, %none, %none, %none, %none)
  %ni : Tensor = aten::normal_functional(%p, %mean, %std, %none)
  return (%b, %u, %n, %d, %ri, %nf, %ni)
)IR",
                                                                             "random");
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  std::shared_ptr<torch::jit::Graph> g = *parsed;
  const int64_t n = 20000;
  std::vector<c10::IValue> inputs = {torch::full({n}, 0.3), torch::ones({n})};
  LoweringOptions options;
  options.example_inputs = inputs;
  absl::StatusOr<LoweringReport> report = LowerToCoreAten(g, options);
  ASSERT_TRUE(report.ok()) << report.status();
  EXPECT_TRUE(report->violations.empty()) << report->Summary();
  torch::manual_seed(0);
  absl::StatusOr<std::vector<c10::IValue>> out = RunGraph(g, inputs);
  ASSERT_TRUE(out.ok()) << out.status();
  const torch::Tensor b = (*out)[0].toTensor(), u = (*out)[1].toTensor();
  const torch::Tensor z = (*out)[2].toTensor(), d = (*out)[3].toTensor();
  const torch::Tensor ri = (*out)[4].toTensor();
  const torch::Tensor nf = (*out)[5].toTensor(), ni = (*out)[6].toTensor();
  EXPECT_EQ(b.dtype(), torch::kFloat);
  EXPECT_TRUE(torch::logical_or(b == 0, b == 1).all().item<bool>());
  EXPECT_NEAR(b.mean().item<double>(), 0.3, 6 * std::sqrt(0.3 * 0.7 / n));
  EXPECT_GE(u.min().item<double>(), 0.0);
  EXPECT_LT(u.max().item<double>(), 1.0);
  EXPECT_NEAR(u.mean().item<double>(), 0.5, 6 * std::sqrt(1.0 / 12 / n));
  EXPECT_NEAR(z.mean().item<double>(), 0.0, 6 / std::sqrt(n));
  EXPECT_NEAR(z.std().item<double>(), 1.0, 0.05);
  // Dropout in training: zeros with probability p, the rest scaled by 1 / (1 - p).
  EXPECT_TRUE(torch::logical_or(d == 0, d == 2).all().item<bool>());
  EXPECT_NEAR((d == 0).to(torch::kDouble).mean().item<double>(), 0.5, 6 * std::sqrt(0.25 / n));
  // randint_like(low=-3, high=5, dtype=int64): each of the 8 values with probability 1/8.
  EXPECT_EQ(ri.dtype(), torch::kLong);
  for (int64_t v = -3; v < 5; ++v) {
    EXPECT_NEAR((ri == v).to(torch::kDouble).mean().item<double>(), 0.125,
                6 * std::sqrt(0.125 * 0.875 / n))
        << v;
  }
  EXPECT_TRUE(torch::logical_and(ri >= -3, ri < 5).all().item<bool>());
  // normal(3, 2): mean 3 within 6 sd / sqrt(n), standard deviation 2 within 5%.
  for (const torch::Tensor& t : {nf, ni}) {
    EXPECT_EQ(t.dtype(), torch::kFloat);
    EXPECT_NEAR(t.mean().item<double>(), 3.0, 6 * 2.0 / std::sqrt(n));
    EXPECT_NEAR(t.std().item<double>(), 2.0, 0.1);
  }
}

class LibrarySampleTest : public ::testing::TestWithParam<Sample> {};

TEST_P(LibrarySampleTest, LowersToCoreAtenAndMatchesEager) {
  const Sample& sample = GetParam();
  absl::StatusOr<std::shared_ptr<torch::jit::Graph>> parsed =
      ParseGraphText(sample.ir, sample.name);
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  std::shared_ptr<torch::jit::Graph> original = *parsed;
  std::shared_ptr<torch::jit::Graph> lowered = original->copy();
  LoweringOptions options;
  options.example_inputs = sample.inputs;
  absl::StatusOr<LoweringReport> report = LowerToCoreAten(lowered, options);
  ASSERT_TRUE(report.ok()) << report.status();
  EXPECT_TRUE(report->violations.empty()) << report->Summary();
  EXPECT_FALSE(report->decompositions.empty());
  // With example inputs, the scalar/list glue of a decomposition folds away entirely.
  for (const auto& [op, count] : report->ops_after) {
    EXPECT_NE(count.op_class, OpClass::kGlue) << op.ToString() << " left in " << sample.name;
  }
  // Expected: the op's own kernel, run by the interpreter on the same inputs.
  absl::StatusOr<std::vector<c10::IValue>> expected = RunGraph(original, sample.inputs);
  absl::StatusOr<std::vector<c10::IValue>> actual = RunGraph(lowered, sample.inputs);
  ASSERT_TRUE(expected.ok() && actual.ok());
  Comparison c = CompareOutputs(*expected, *actual);
  EXPECT_TRUE(c.equal) << c.mismatch;
}

INSTANTIATE_TEST_SUITE_P(Samples, LibrarySampleTest, ::testing::ValuesIn(Samples()),
                         [](const auto& info) { return info.param.name; });

// The C++ forms of reshape, t, transpose.int and flatten.using_ints (StaticShapeDecomposition):
// one op on one input whose layout the lowering sees, lowered and run on that very tensor.
struct StaticShapeCase {
  std::string name;
  std::string call;  // the op's IR call on %x, e.g. "aten::reshape(%x, %s)", with `constants`
  std::string constants;
  torch::Tensor x;
  std::function<torch::Tensor(const torch::Tensor&)> eager;
};

std::vector<StaticShapeCase> StaticShapeCases() {
  torch::manual_seed(0);
  const torch::Tensor c = torch::randn({2, 3, 4});
  const torch::Tensor permuted = torch::randn({4, 3, 2}).permute({2, 1, 0});
  const torch::Tensor expanded = torch::randn({1, 3}).expand({4, 3});
  const torch::Tensor sliced = torch::randn({3, 8}).slice(1, 0, 8, 2);
  const torch::Tensor channels_last =
      torch::randn({2, 3, 4, 5}).contiguous(torch::MemoryFormat::ChannelsLast);
  const torch::Tensor empty = torch::randn({2, 0, 3});
  const torch::Tensor scalar = torch::randn({});
  const torch::Tensor size_one = torch::randn({3, 1, 4}).permute({1, 0, 2});
  auto reshape = [](std::string name, torch::Tensor x, std::vector<int64_t> shape) {
    return StaticShapeCase{
        name, "aten::reshape(%x, %s)",
        absl::StrCat("  %s : int[] = prim::Constant[value=",
                     shape.empty() ? "annotate(List[int], [])"
                                   : absl::StrCat("[", absl::StrJoin(shape, ", "), "]"),
                     "]()\n"),
        x, [shape](const torch::Tensor& t) { return t.reshape(shape); }};
  };
  auto transpose = [](std::string name, torch::Tensor x, int64_t a, int64_t b) {
    return StaticShapeCase{name, "aten::transpose(%x, %a, %b)",
                           absl::StrCat("  %a : int = prim::Constant[value=", a, "]()\n",
                                        "  %b : int = prim::Constant[value=", b, "]()\n"),
                           x, [a, b](const torch::Tensor& t) { return t.transpose(a, b); }};
  };
  auto flatten = [](std::string name, torch::Tensor x, int64_t a, int64_t b) {
    return StaticShapeCase{name, "aten::flatten(%x, %a, %b)",
                           absl::StrCat("  %a : int = prim::Constant[value=", a, "]()\n",
                                        "  %b : int = prim::Constant[value=", b, "]()\n"),
                           x, [a, b](const torch::Tensor& t) { return t.flatten(a, b); }};
  };
  auto t = [](std::string name, torch::Tensor x) {
    return StaticShapeCase{name, "aten::t(%x)", "", x,
                           [](const torch::Tensor& v) { return v.t(); }};
  };
  return {
      reshape("reshape_contiguous", c, {6, 4}),
      reshape("reshape_contiguous_infer", c, {4, -1, 2}),
      reshape("reshape_permuted_copies", permuted, {-1}),
      reshape("reshape_permuted_splits_a_dim_views", permuted, {2, 3, 2, 2}),
      reshape("reshape_expanded_copies", expanded, {12}),
      reshape("reshape_expanded_views", expanded, {4, 3, 1}),
      reshape("reshape_sliced_copies", sliced, {12}),
      reshape("reshape_sliced_views", sliced, {3, 2, 2}),
      reshape("reshape_channels_last_copies", channels_last, {2, 60}),
      reshape("reshape_empty", empty, {3, 0, 2}),
      reshape("reshape_empty_infer", empty, {-1, 3}),
      reshape("reshape_scalar", scalar, {1, 1}),
      reshape("reshape_to_scalar", torch::randn({1, 1}), {}),
      reshape("reshape_size_one_dims", size_one, {3, 4}),
      transpose("transpose_neg", c, -1, 0),
      transpose("transpose_same", c, 1, 1),
      transpose("transpose_of_permuted", permuted, 0, 2),
      transpose("transpose_scalar", scalar, 0, -1),
      t("t_2d", torch::randn({3, 5})),
      t("t_1d", torch::randn({4})),
      t("t_scalar", scalar),
      flatten("flatten_all", c, 0, -1),
      flatten("flatten_middle", channels_last, 1, 2),
      flatten("flatten_none", c, 1, 1),
      flatten("flatten_negative", c, -3, -2),
      flatten("flatten_permuted", permuted, 0, 1),
      flatten("flatten_empty", empty, 0, 1),
      flatten("flatten_scalar", scalar, 0, -1),
  };
}

class StaticShapeFormTest : public ::testing::TestWithParam<StaticShapeCase> {};

// Values, sizes, strides, and whether the result shares the input's storage, as eager.
TEST_P(StaticShapeFormTest, MatchesEagerOnTheInputItsLayoutWasLearntFrom) {
  const StaticShapeCase& tc = GetParam();
  const std::string ir = absl::StrCat("graph(%x : Tensor):\n", tc.constants,
                                      "  %y : Tensor = ", tc.call, "\n  return (%y)\n");
  absl::StatusOr<std::shared_ptr<torch::jit::Graph>> parsed = ParseGraphText(ir, tc.name);
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  std::shared_ptr<torch::jit::Graph> lowered = *parsed;
  LoweringOptions options;
  options.example_inputs = {tc.x};
  absl::StatusOr<LoweringReport> report = LowerToCoreAten(lowered, options);
  ASSERT_TRUE(report.ok()) << report.status();
  EXPECT_TRUE(report->violations.empty()) << report->Summary();
  torch::jit::Stack stack{tc.x};
  torch::jit::Code code(lowered, tc.name);
  torch::jit::InterpreterState(code).run(stack);
  ASSERT_EQ(stack.size(), 1u);
  const torch::Tensor got = stack[0].toTensor();
  const torch::Tensor want = tc.eager(tc.x);
  EXPECT_EQ(got.sizes(), want.sizes());
  EXPECT_EQ(got.strides(), want.strides());
  EXPECT_TRUE(torch::equal(got, want));
  EXPECT_EQ(got.is_alias_of(tc.x), want.is_alias_of(tc.x)) << *lowered;
}

INSTANTIATE_TEST_SUITE_P(Cases, StaticShapeFormTest, ::testing::ValuesIn(StaticShapeCases()),
                         [](const auto& info) { return info.param.name; });

// With complete input types the library gives the C++ form (no loop to unroll); without them,
// the shape-generic TorchScript form, whose loops stay until shapes are known.
TEST(StaticShapeFormTest, UsedOnlyWhenTheNodeHasWhatItNeeds) {
  TorchScriptSource source("library");
  for (TorchScriptDecomposition& d : LibraryDecompositions()) ASSERT_TRUE(source.Add(d).ok());
  torch::jit::Graph g;
  torch::jit::Value* x = g.addInput("x");
  const torch::Tensor permuted = torch::randn({4, 3, 2}).permute({2, 1, 0});
  x->setType(c10::TensorType::create(permuted));
  torch::jit::Value* shape = g.insertConstant(std::vector<int64_t>{-1});
  torch::jit::Node* reshape = g.insert(c10::aten::reshape, {x, shape})->node();
  std::function<int(const torch::jit::Block&)> loops_in = [&](const torch::jit::Block& block) {
    int n = 0;
    for (const torch::jit::Node* node : block.nodes()) {
      n += node->kind() == c10::prim::Loop;
      for (const torch::jit::Block* sub : node->blocks()) n += loops_in(*sub);
    }
    return n;
  };
  auto loops = [&](const torch::jit::Graph& graph) { return loops_in(*graph.block()); };
  absl::StatusOr<DecompositionGraph> fast = source.Decompose(*reshape);
  ASSERT_TRUE(fast.ok()) << fast.status();
  EXPECT_EQ(loops(**fast), 0) << **fast;
  std::vector<std::string> kinds;
  for (const torch::jit::Node* node : (*fast)->nodes())
    kinds.push_back(node->kind().toQualString());
  EXPECT_THAT(kinds, ::testing::Contains("aten::clone"));  // permuted: no view of [-1] exists
  x->setType(c10::TensorType::get());
  absl::StatusOr<DecompositionGraph> generic = source.Decompose(*reshape);
  ASSERT_TRUE(generic.ok()) << generic.status();
  EXPECT_GT(loops(**generic), 0) << **generic;
}

}  // namespace
}  // namespace graph_lower
