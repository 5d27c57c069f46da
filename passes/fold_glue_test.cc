// Tests of FoldGlue's size cap: an op on constants whose result would be a large tensor is left in
// the graph (a 40 GB aten::zeros at lowering time was an out-of-memory kill), on both of its
// paths (graphs without writes: its own linear constant propagation; with writes: libtorch's
// ConstantPropagation); a small one is still folded.
#include "passes/fold_glue.h"

#include <gtest/gtest.h>
#include <torch/csrc/jit/ir/irparser.h>

#include <string>
#include <vector>

namespace graph_lower {
namespace {

std::shared_ptr<torch::jit::Graph> Parse(const std::string& ir) {
  auto g = std::make_shared<torch::jit::Graph>();
  torch::jit::parseIR(ir, g.get());
  return g;
}

// x + zeros(SIZE) (float32), with `writes` an in-place op on x first.
std::string ZerosPlusInput(const std::string& size, bool writes) {
  return "graph(%x : Tensor):\n"
         "  %s : int[] = prim::Constant[value=" +
         size +
         "]()\n"
         "  %n : NoneType = prim::Constant()\n  %one : int = prim::Constant[value=1]()\n" +
         (writes ? "  %w : Tensor = aten::relu_(%x)\n" : "") +
         "  %z : Tensor = aten::zeros(%s, %n, %n, %n, %n)\n"
         "  %y : Tensor = aten::add(%x, %z, %one)\n  return (%y)\n";
}

bool HasZeros(const torch::jit::Graph& g) {
  for (const torch::jit::Node* node : g.nodes()) {
    if (node->kind() == c10::aten::zeros) return true;
  }
  return false;
}

class FoldGlueCapTest : public ::testing::TestWithParam<bool> {};

TEST_P(FoldGlueCapTest, LargeFactoryIsLeftSmallOneIsFolded) {
  const bool writes = GetParam();
  // 100000 x 100000 float32: 40 GB if it were run.
  std::shared_ptr<torch::jit::Graph> large = Parse(ZerosPlusInput("[100000, 100000]", writes));
  ASSERT_TRUE(FoldGlue(large).ok());
  EXPECT_TRUE(HasZeros(*large)) << *large;

  std::shared_ptr<torch::jit::Graph> small = Parse(ZerosPlusInput("[2, 3]", writes));
  ASSERT_TRUE(FoldGlue(small).ok());
  EXPECT_FALSE(HasZeros(*small)) << *small;
}

INSTANTIATE_TEST_SUITE_P(WithAndWithoutWrites, FoldGlueCapTest, ::testing::Bool());

// A chain whose last op is the large one: ones(1) expanded to 100000 x 100000 (a view, nothing
// allocated) and made contiguous (40 GB) stays; the small ops before it may fold.
TEST(FoldGlueCapTest, LargeResultOfSmallConstantsIsLeft) {
  std::shared_ptr<torch::jit::Graph> g = Parse(
      "graph(%x : Tensor):\n"
      "  %s : int[] = prim::Constant[value=[1]]()\n"
      "  %big : int[] = prim::Constant[value=[100000, 100000]]()\n"
      "  %n : NoneType = prim::Constant()\n  %f : bool = prim::Constant[value=0]()\n"
      "  %one : int = prim::Constant[value=1]()\n  %fmt : int = prim::Constant[value=0]()\n"
      "  %o : Tensor = aten::ones(%s, %n, %n, %n, %n)\n"
      "  %e : Tensor = aten::expand(%o, %big, %f)\n"
      "  %c : Tensor = aten::contiguous(%e, %fmt)\n"
      "  %y : Tensor = aten::add(%x, %c, %one)\n  return (%y)\n");
  ASSERT_TRUE(FoldGlue(g).ok());
  bool contiguous = false;
  for (const torch::jit::Node* node : g->nodes()) {
    contiguous |= node->kind() == c10::aten::contiguous;
  }
  EXPECT_TRUE(contiguous) << *g;
}

// Dead code elimination on a graph without writes or blocks (FoldGlue's own walk): a dead chain
// goes, producers before their users' removal included; a node with side effects stays, and so
// do the values it uses.
TEST(FoldGlueDeadCodeTest, DeadChainGoesSideEffectsAndWhatTheyUseStay) {
  std::shared_ptr<torch::jit::Graph> g = Parse(
      "graph(%x : Tensor):\n"
      "  %a : Tensor = aten::relu(%x)\n"
      "  %b : Tensor = aten::sigmoid(%a)\n"
      "  %c : Tensor = aten::tanh(%b)\n"
      "  %p : Tensor = aten::exp(%x)\n"
      "  prim::Print(%p)\n"
      "  %y : Tensor = aten::neg(%x)\n"
      "  return (%y)\n");
  ASSERT_TRUE(FoldGlue(g).ok());
  std::vector<std::string> kinds;
  for (const torch::jit::Node* node : g->nodes()) kinds.push_back(node->kind().toQualString());
  EXPECT_EQ(kinds, (std::vector<std::string>{"aten::exp", "prim::Print", "aten::neg"})) << *g;
}

}  // namespace
}  // namespace graph_lower
