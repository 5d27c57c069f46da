// Tests of FunctionalizeCopies: `m[a:b, c:d] = v` and `x[0] = y` on fresh tensors become scatters.
#include "passes/functionalize_copies.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <torch/torch.h>

#include "ir/graph_io.h"
#include "lowering/backend.h"

namespace graph_lower {
namespace {

std::shared_ptr<torch::jit::Graph> Parse(const char* ir) {
  absl::StatusOr<std::shared_ptr<torch::jit::Graph>> g = ParseGraphText(ir, "test");
  EXPECT_TRUE(g.ok()) << g.status();
  return *g;
}

int Count(const torch::jit::Graph& g, c10::Symbol kind) {
  int n = 0;
  for (const torch::jit::Node* node : g.nodes()) n += node->kind() == kind;
  return n;
}

// m = x.clone(); m[1:3, 0:2] = v; m[0] = y; return m * 2
constexpr char kSliceAndSelect[] = R"IR(
graph(%x : Tensor, %v : Tensor, %y : Tensor):
  %none : NoneType = prim::Constant()
  %f : bool = prim::Constant[value=0]()
  %0 : int = prim::Constant[value=0]()
  %1 : int = prim::Constant[value=1]()
  %2 : int = prim::Constant[value=2]()
  %3 : int = prim::Constant[value=3]()
  %m : Tensor = aten::clone(%x, %none)
  %a : Tensor = aten::slice(%m, %0, %1, %3, %1)
  %b : Tensor = aten::slice(%a, %1, %0, %2, %1)
  %c : Tensor = aten::copy_(%b, %v, %f)
  %s : Tensor = aten::select(%m, %0, %0)
  %d : Tensor = aten::copy_(%s, %y, %f)
  %r : Tensor = aten::mul(%m, %2)
  return (%r)
)IR";

TEST(FunctionalizeCopiesTest, SliceAndSelectWritesBecomeScatters) {
  auto original = Parse(kSliceAndSelect);
  auto g = original->copy();
  absl::StatusOr<bool> changed = FunctionalizeCopies(g);
  ASSERT_TRUE(changed.ok()) << changed.status();
  EXPECT_TRUE(*changed);
  EXPECT_EQ(Count(*g, c10::aten::copy_), 0) << GraphToText(*g);
  EXPECT_EQ(Count(*g, c10::aten::slice_scatter), 2);
  EXPECT_EQ(Count(*g, c10::aten::select_scatter), 1);
  std::vector<c10::IValue> in = {torch::randn({4, 3}), torch::randn({2, 2}), torch::randn({3})};
  Comparison c = CompareOutputs(*RunGraph(original, in), *RunGraph(g, in));
  EXPECT_TRUE(c.equal) << c.mismatch;
}

TEST(FunctionalizeCopiesTest, WritesToGraphInputsStay) {
  auto g = Parse(R"IR(
graph(%x : Tensor, %y : Tensor):
  %f : bool = prim::Constant[value=0]()
  %0 : int = prim::Constant[value=0]()
  %s : Tensor = aten::select(%x, %0, %0)
  %d : Tensor = aten::copy_(%s, %y, %f)
  return (%x)
)IR");
  absl::StatusOr<bool> changed = FunctionalizeCopies(g);
  ASSERT_TRUE(changed.ok());
  EXPECT_FALSE(*changed);
  EXPECT_EQ(Count(*g, c10::aten::copy_), 1);
}

TEST(FunctionalizeCopiesTest, AViewReadAfterTheWriteBlocksTheRewrite) {
  // %s is a view made before the write and read after it: it must see the new values.
  auto original = Parse(R"IR(
graph(%x : Tensor, %y : Tensor):
  %none : NoneType = prim::Constant()
  %f : bool = prim::Constant[value=0]()
  %0 : int = prim::Constant[value=0]()
  %m : Tensor = aten::clone(%x, %none)
  %s : Tensor = aten::select(%m, %0, %0)
  %t : Tensor = aten::select(%m, %0, %0)
  %d : Tensor = aten::copy_(%t, %y, %f)
  return (%s)
)IR");
  auto g = original->copy();
  absl::StatusOr<bool> changed = FunctionalizeCopies(g);
  ASSERT_TRUE(changed.ok());
  EXPECT_FALSE(*changed);
}

}  // namespace
}  // namespace graph_lower
