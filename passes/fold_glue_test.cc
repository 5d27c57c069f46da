// Tests of FoldGlue's size cap: an op on constants whose result would be a large tensor is left in
// the graph (a 40 GB aten::zeros at lowering time was an out-of-memory kill), on both of its
// paths (graphs without writes: its own linear constant propagation; with writes: libtorch's
// ConstantPropagation); a small one is still folded. And of Ifs decided by folded queries.
#include "passes/fold_glue.h"

#include <gtest/gtest.h>
#include <torch/csrc/jit/ir/irparser.h>
#include <torch/csrc/jit/runtime/interpreter.h>
#include <torch/torch.h>

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

// batch_norm's library form: `running_mean is None or running_var is None` on Tensor-typed
// statistics, then `training`, each deciding an If; the training branches write the running
// statistics. The Ifs fold level by level, the taken branch (eval) stays, and the result is the
// original's on the same inputs.
TEST(FoldGlueIfTest, NestedIfsDecidedByQueriesLeaveTheTakenBranch) {
  const std::string ir = R"IR(
graph(%x : Tensor, %mean : Tensor, %var : Tensor):
  %none : NoneType = prim::Constant()
  %true : bool = prim::Constant[value=1]()
  %false : bool = prim::Constant[value=0]()
  %one : int = prim::Constant[value=1]()
  %a : bool = aten::__is__(%mean, %none)
  %either : bool = prim::If(%a)
    block0():
      -> (%true)
    block1():
      %b : bool = aten::__is__(%var, %none)
      -> (%b)
  %y : Tensor = prim::If(%either)
    block0():
      %w : Tensor = aten::add_(%mean, %x, %one)
      -> (%w)
    block1():
      %t : Tensor = prim::If(%false)
        block0():
          %w2 : Tensor = aten::mul_(%var, %x)
          -> (%w2)
        block1():
          %e : Tensor = aten::sub(%x, %mean, %one)
          %f : Tensor = aten::div(%e, %var)
          -> (%f)
      -> (%t)
  return (%y)
)IR";
  std::shared_ptr<torch::jit::Graph> g = Parse(ir);
  std::shared_ptr<torch::jit::Graph> original = g->copy();
  ASSERT_TRUE(FoldGlue(g).ok());
  std::vector<std::string> kinds;
  for (const torch::jit::Node* node : g->nodes()) {
    if (node->kind() != c10::prim::Constant) kinds.push_back(node->kind().toQualString());
  }
  EXPECT_EQ(kinds, (std::vector<std::string>{"aten::sub", "aten::div"})) << *g;

  torch::manual_seed(0);
  const at::Tensor x = torch::randn({3, 4}), mean = torch::randn({3, 4}),
                   var = torch::rand({3, 4}) + 1;
  auto run = [&](const std::shared_ptr<torch::jit::Graph>& graph) {
    torch::jit::Stack stack{x, mean.clone(), var.clone()};
    torch::jit::Code code(graph, "test");
    torch::jit::InterpreterState(code).run(stack);
    return stack[0].toTensor();
  };
  EXPECT_TRUE(torch::equal(run(g), run(original)));
  EXPECT_TRUE(torch::equal(run(g), (x - mean) / var));
}

}  // namespace
}  // namespace graph_lower
