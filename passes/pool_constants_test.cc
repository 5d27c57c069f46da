// Tests of PoolConstants: equal constants merged and hoisted like torch::jit::ConstantPooling,
// distinct ones kept, mutable constants kept apart when the graph writes.
#include "passes/pool_constants.h"

#include <gtest/gtest.h>
#include <torch/csrc/jit/ir/constants.h>
#include <torch/csrc/jit/ir/irparser.h>
#include <torch/csrc/jit/passes/constant_pooling.h>
#include <torch/torch.h>

#include "testing/graph_testing.h"

namespace graph_lower {
namespace {

using test_util::CountKind;

using torch::jit::Graph;
using torch::jit::Value;

// A graph returning mul(x, c) for each tensor constant c, in order.
std::shared_ptr<Graph> AddEach(const std::vector<at::Tensor>& constants) {
  auto g = std::make_shared<Graph>();
  Value* x = g->addInput("x");
  for (const at::Tensor& t : constants) {
    Value* c = g->insertConstant(t);
    g->registerOutput(g->insert(c10::aten::mul, {x, c}));
  }
  return g;
}

TEST(PoolConstantsTest, MergesEqualTensorsKeepsDifferentOnes) {
  at::Tensor ones = torch::ones({4});
  std::shared_ptr<Graph> g = AddEach({ones, torch::ones({4}), torch::zeros({4}), ones.clone(),
                                      torch::ones({4}, torch::kDouble), torch::ones({2, 2})});
  PoolConstantsStats stats = PoolConstants(g);
  EXPECT_EQ(stats.constants, 6);
  // The three float ones({4}) become one; zeros, the double tensor and the 2x2 stay apart.
  EXPECT_EQ(stats.merged, 2);
  EXPECT_EQ(CountKind(*g->block(), "prim::Constant"), 4);
  EXPECT_EQ(g->outputs()[0]->node()->input(1), g->outputs()[1]->node()->input(1));
  EXPECT_EQ(g->outputs()[0]->node()->input(1), g->outputs()[3]->node()->input(1));
  EXPECT_NE(g->outputs()[0]->node()->input(1), g->outputs()[2]->node()->input(1));
  EXPECT_NE(g->outputs()[0]->node()->input(1), g->outputs()[4]->node()->input(1));
  g->lint();
}

TEST(PoolConstantsTest, AgreesWithConstantPoolingOnScalarsStringsListsAndBlocks) {
  const char* ir = R"IR(
graph(%x : Tensor, %c : bool):
  %a : int = prim::Constant[value=1]()
  %b : int = prim::Constant[value=1]()
  %f : float = prim::Constant[value=0.5]()
  %z : float = prim::Constant[value=-0.]()
  %z2 : float = prim::Constant[value=0.]()
  %s : str = prim::Constant[value="none"]()
  %l : int[] = prim::Constant[value=[1, 2]]()
  %y : Tensor = prim::If(%c)
    block0():
      %d : int = prim::Constant[value=1]()
      %s2 : str = prim::Constant[value="none"]()
      %l2 : int[] = prim::Constant[value=[1, 2]]()
      %r : Tensor = aten::add(%x, %x, %d)
      -> (%r)
    block1():
      %e : int = prim::Constant[value=2]()
      %r2 : Tensor = aten::add(%x, %x, %e)
      -> (%r2)
  %out : (int, int, float, float, float, str, int[], Tensor, str, int[]) = prim::TupleConstruct(%a, %b, %f, %z, %z2, %s, %l, %y, %s, %l)
  return (%out)
)IR";
  auto ours = std::make_shared<Graph>();
  torch::jit::parseIR(ir, ours.get());
  auto theirs = ours->copy();
  PoolConstants(ours);
  torch::jit::ConstantPooling(theirs);
  ours->lint();
  // ConstantPooling merges -0. with 0. (it compares doubles with ==); here they stay apart, as
  // 1 / x tells them apart. And the [1, 2] in the block stays apart from the returned one: the
  // caller may append to what the graph returns. Otherwise the two agree.
  EXPECT_EQ(CountKind(*ours->block(), "prim::Constant"),
            CountKind(*theirs->block(), "prim::Constant") + 2);
  const torch::jit::Node* tuple = ours->outputs()[0]->node();
  EXPECT_EQ(tuple->input(0), tuple->input(1));  // 1 and 1
  EXPECT_NE(tuple->input(3), tuple->input(4));  // -0. and 0.
  EXPECT_EQ(tuple->input(5), tuple->input(8));  // "none" twice
  EXPECT_EQ(tuple->input(6), tuple->input(9));  // [1, 2] twice, nothing writes
  // Every constant is in the top block, before any other node.
  bool seen_other = false;
  for (const torch::jit::Node* node : ours->nodes()) {
    if (node->kind() != c10::prim::Constant) seen_other = true;
    EXPECT_FALSE(seen_other && node->kind() == c10::prim::Constant);
  }
  for (const torch::jit::Node* node : ours->nodes()) {
    for (const torch::jit::Block* b : node->blocks()) EXPECT_EQ(CountKind(*b, "prim::Constant"), 0);
  }
}

TEST(PoolConstantsTest, KeepsEqualTensorsApartWhenTheGraphWrites) {
  std::shared_ptr<Graph> g = AddEach({torch::ones({3}), torch::ones({3})});
  // c0.mul_(x): a write to the first constant; merging would make the second see it.
  Value* c0 = g->outputs()[0]->node()->input(1);
  torch::jit::WithInsertPoint guard(g->return_node());
  g->insert(c10::Symbol::fromQualString("aten::mul_"), {c0, g->inputs()[0]});
  PoolConstantsStats stats = PoolConstants(g);
  EXPECT_EQ(stats.merged, 0);
  EXPECT_EQ(CountKind(*g->block(), "prim::Constant"), 2);
}

TEST(PoolConstantsTest, KeepsEqualReturnedTensorsApart) {
  // The caller may write one output in place; the other must not change with it.
  auto g = std::make_shared<Graph>();
  g->registerOutput(g->insertConstant(torch::ones({3})));
  g->registerOutput(g->insertConstant(torch::ones({3})));
  PoolConstantsStats stats = PoolConstants(g);
  EXPECT_EQ(stats.merged, 0);
  EXPECT_NE(g->outputs()[0], g->outputs()[1]);
}

TEST(PoolConstantsTest, ReturnedNoneOfATensorTypeIsPooledByValue) {
  // A None constant typed Optional[Tensor] may be written by type but holds no object (hashing
  // it by identity asserted in IValue::internalToPointer, seen on maxvit_t).
  auto g = std::make_shared<Graph>();
  for (int i = 0; i < 2; ++i) {
    torch::jit::Value* none = g->insertConstant(c10::IValue());
    none->setType(c10::OptionalType::create(c10::TensorType::get()));
    g->registerOutput(none);
  }
  PoolConstantsStats stats = PoolConstants(g);
  EXPECT_EQ(stats.merged, 1);
}

TEST(PoolConstantsTest, ManyEqualShapedWeightsStayApartAndDistinct) {
  // 2,000 random weights of one shape: all distinct; each bucket holds one (no pairwise compare).
  std::vector<at::Tensor> weights;
  torch::manual_seed(0);
  for (int i = 0; i < 2000; ++i) weights.push_back(torch::randn({8, 8}));
  std::shared_ptr<Graph> g = AddEach(weights);
  PoolConstantsStats stats = PoolConstants(g);
  EXPECT_EQ(stats.constants, 2000);
  EXPECT_EQ(stats.merged, 0);
}

TEST(PoolConstantsTest, LargeTensorsMergeOnlyWhenEveryByteIsEqual) {
  // 40,000 bytes each: hashed by samples of their bytes. `c` differs from `a` in one element that
  // falls between the samples (byte 15,004), so it hashes as `a` and must still stay apart.
  torch::manual_seed(0);
  const at::Tensor a = torch::randn({100, 100});
  const at::Tensor b = a.clone();
  at::Tensor c = a.clone();
  c[37][51] += 1;
  std::shared_ptr<Graph> g = AddEach({a, b, c});
  PoolConstantsStats stats = PoolConstants(g);
  EXPECT_EQ(stats.merged, 1);
  EXPECT_EQ(g->outputs()[0]->node()->input(1), g->outputs()[1]->node()->input(1));
  EXPECT_NE(g->outputs()[0]->node()->input(1), g->outputs()[2]->node()->input(1));
  EXPECT_TRUE(torch::jit::toIValue(g->outputs()[2]->node()->input(1))->toTensor().equal(c));
}

}  // namespace
}  // namespace graph_lower
