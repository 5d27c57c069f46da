// Tests of KeepOutputsFresh: a returned tensor computed from constants only is a new tensor on
// every call of TorchScript's (optimising) graph executor, as in eager, and nothing else changes.
#include "passes/fresh_outputs.h"

#include <gtest/gtest.h>
#include <torch/csrc/jit/api/function_impl.h>
#include <torch/csrc/jit/ir/irparser.h>
#include <torch/torch.h>

#include <string>
#include <vector>

#include "testing/graph_testing.h"

namespace graph_lower {
namespace {

using test_util::ParseIrUnchecked;

// What `x.new_zeros(3)` lowers to once x's dtype (float) and device are specialised.
constexpr char kZeros[] = R"IR(
graph(%x : Float(2, strides=[1], requires_grad=0, device=cpu)):
  %n : NoneType = prim::Constant()
  %three : int = prim::Constant[value=3]()
  %zero : int = prim::Constant[value=0]()
  %float : int = prim::Constant[value=6]()
  %cpu : Device = prim::Constant[value="cpu"]()
  %size : int[] = prim::ListConstruct(%three)
  %z : Tensor = aten::full(%size, %zero, %float, %n, %cpu, %n)
  return (%z))IR";

// Calls `graph` through a GraphFunction (the executor torch.jit.load's modules use, which runs
// constant propagation) `calls` times on the same input, writing each result in place after the
// call (as a caller may), and returns the results.
std::vector<c10::IValue> CallAndWrite(const std::shared_ptr<torch::jit::Graph>& graph, int calls) {
  torch::jit::GraphFunction fn("f", graph->copy(), nullptr);
  std::vector<c10::IValue> results;
  for (int i = 0; i < calls; ++i) {
    c10::IValue out = fn({c10::IValue(torch::ones({2}))});
    std::vector<at::Tensor> tensors;
    if (out.isTensor()) {
      tensors.push_back(out.toTensor());
    } else {
      for (const c10::IValue& e : out.toTupleRef().elements()) tensors.push_back(e.toTensor());
    }
    for (at::Tensor& t : tensors) {
      EXPECT_TRUE(torch::equal(t, torch::zeros_like(t))) << "call " << i << ": " << t;
    }
    results.push_back(out);
    for (at::Tensor& t : tensors) t.add_(5);
  }
  return results;
}

TEST(KeepOutputsFreshTest, WithoutItTheExecutorReturnsOneFoldedTensorEveryCall) {
  // The behaviour the pass exists for (torch/csrc/jit/passes/constant_propagation.cpp): if
  // libtorch stops folding tensor factories, this test says so and the pass may go.
  std::shared_ptr<torch::jit::Graph> g = ParseIrUnchecked(kZeros);
  torch::jit::GraphFunction fn("f", g, nullptr);
  at::Tensor a = fn({c10::IValue(torch::ones({2}))}).toTensor();
  a.add_(5);
  at::Tensor b = fn({c10::IValue(torch::ones({2}))}).toTensor();
  EXPECT_TRUE(a.is_same(b));
  EXPECT_EQ(b[0].item<float>(), 5.0f);
}

TEST(KeepOutputsFreshTest, AFactoryOfConstantsGivesANewTensorEveryCall) {
  std::shared_ptr<torch::jit::Graph> g = ParseIrUnchecked(kZeros);
  EXPECT_EQ(KeepOutputsFresh(*g), 1);
  g->lint();
  // The output is the where, of the same type as the factory's result.
  const torch::jit::Node* where = g->outputs()[0]->node();
  EXPECT_EQ(where->kind(), c10::aten::where);
  EXPECT_EQ(where->input(1)->node()->kind(), c10::aten::full);
  std::vector<c10::IValue> results = CallAndWrite(g, 4);  // each zeros before the caller's write
  for (size_t i = 1; i < results.size(); ++i) {
    EXPECT_FALSE(results[i].toTensor().is_same(results[0].toTensor()));
  }
  // Run again, the pass finds nothing more to do.
  EXPECT_EQ(KeepOutputsFresh(*g), 0);
}

TEST(KeepOutputsFreshTest, ViewsOfOneFreshTensorStillShareIt) {
  // return (zeros.view([3, 1]), zeros[1:]): two views of one new tensor, as in eager.
  std::shared_ptr<torch::jit::Graph> g = ParseIrUnchecked(R"IR(
graph(%x : Float(2, strides=[1], requires_grad=0, device=cpu)):
  %n : NoneType = prim::Constant()
  %one : int = prim::Constant[value=1]()
  %three : int = prim::Constant[value=3]()
  %zero : int = prim::Constant[value=0]()
  %float : int = prim::Constant[value=6]()
  %cpu : Device = prim::Constant[value="cpu"]()
  %size : int[] = prim::ListConstruct(%three)
  %shape : int[] = prim::ListConstruct(%three, %one)
  %z : Tensor = aten::full(%size, %zero, %float, %n, %cpu, %n)
  %v : Tensor = aten::view(%z, %shape)
  %s : Tensor = aten::slice(%z, %zero, %one, %n, %one)
  %t : (Tensor, Tensor) = prim::TupleConstruct(%v, %s)
  return (%t))IR");
  EXPECT_EQ(KeepOutputsFresh(*g), 1);
  g->lint();
  torch::jit::GraphFunction fn("f", g, nullptr);
  for (int i = 0; i < 3; ++i) {
    auto out = fn({c10::IValue(torch::ones({2}))}).toTuple();
    at::Tensor v = out->elements()[0].toTensor();
    at::Tensor s = out->elements()[1].toTensor();
    EXPECT_TRUE(torch::equal(v, torch::zeros({3, 1}))) << "call " << i << ": " << v;
    EXPECT_TRUE(torch::equal(s, torch::zeros({2}))) << "call " << i << ": " << s;
    s.fill_(7);  // a write through one view is seen through the other
    EXPECT_EQ(v[2][0].item<float>(), 7.0f);
  }
}

TEST(KeepOutputsFreshTest, AFactoryReturnedFromABranchIsFreshToo) {
  std::shared_ptr<torch::jit::Graph> g = ParseIrUnchecked(R"IR(
graph(%x : Float(2, strides=[1], requires_grad=0, device=cpu), %flag : bool):
  %n : NoneType = prim::Constant()
  %three : int = prim::Constant[value=3]()
  %zero : int = prim::Constant[value=0]()
  %float : int = prim::Constant[value=6]()
  %cpu : Device = prim::Constant[value="cpu"]()
  %size : int[] = prim::ListConstruct(%three)
  %r : Tensor = prim::If(%flag)
    block0():
      %z : Tensor = aten::full(%size, %zero, %float, %n, %cpu, %n)
      -> (%z)
    block1():
      %e : Tensor = aten::full(%size, %zero, %float, %n, %cpu, %n)
      -> (%e)
  return (%r))IR");
  EXPECT_EQ(KeepOutputsFresh(*g), 2);
  g->lint();
  torch::jit::GraphFunction fn("f", g, nullptr);
  for (bool flag : {true, true, false, false, true}) {
    at::Tensor out = fn({c10::IValue(torch::ones({2})), c10::IValue(flag)}).toTensor();
    EXPECT_TRUE(torch::equal(out, torch::zeros({3}))) << out;
    out.add_(5);
  }
}

TEST(KeepOutputsFreshTest, OutputsComputedFromTheInputOrConstantsThemselvesAreLeftAlone) {
  // x + zeros: depends on x; the weight is a constant returned as it is (as the original returned
  // its module's tensor); the zeros used only inside are not returned.
  std::shared_ptr<torch::jit::Graph> g = ParseIrUnchecked(R"IR(
graph(%x : Float(3, strides=[1], requires_grad=0, device=cpu)):
  %n : NoneType = prim::Constant()
  %one : int = prim::Constant[value=1]()
  %three : int = prim::Constant[value=3]()
  %zero : int = prim::Constant[value=0]()
  %float : int = prim::Constant[value=6]()
  %cpu : Device = prim::Constant[value="cpu"]()
  %w : Tensor = prim::Constant[value=[1., 2., 3.]]()
  %size : int[] = prim::ListConstruct(%three)
  %z : Tensor = aten::full(%size, %zero, %float, %n, %cpu, %n)
  %y : Tensor = aten::add(%x, %z, %one)
  %t : (Tensor, Tensor) = prim::TupleConstruct(%y, %w)
  return (%t))IR");
  const std::string before = g->toString();
  EXPECT_EQ(KeepOutputsFresh(*g), 0);
  EXPECT_EQ(g->toString(), before);
}

TEST(KeepOutputsFreshTest, AGraphWithoutATensorInputIsFreshToo) {
  // torch.compile's graph of `lambda x: torch.zeros(3)` has no input at all (dynamo drops x).
  std::shared_ptr<torch::jit::Graph> g = ParseIrUnchecked(R"IR(
graph(%k : int):
  %n : NoneType = prim::Constant()
  %zero : int = prim::Constant[value=0]()
  %three : int = prim::Constant[value=3]()
  %size : int[] = prim::ListConstruct(%three)
  %z : Tensor = aten::full(%size, %zero, %n, %n, %n, %n)
  return (%z))IR");
  EXPECT_EQ(KeepOutputsFresh(*g), 1);
  g->lint();
  torch::jit::GraphFunction fn("f", g, nullptr);
  for (int i = 0; i < 4; ++i) {
    at::Tensor out = fn({c10::IValue(int64_t{1})}).toTensor();
    EXPECT_TRUE(torch::equal(out, torch::zeros({3}))) << "call " << i << ": " << out;
    out.add_(5);
  }
}

TEST(KeepOutputsFreshTest, TensorsMadeInALoopOfConstantTripCountAndAppendedToTheOutputAreFresh) {
  // for i in range(3): out.append(x.new_full((2,), float(i))): the executor unrolls the loop, then
  // folds each full; each call must still return tensors of its own (not, from the third call on,
  // one tensor).
  std::shared_ptr<torch::jit::Graph> g = ParseIrUnchecked(R"IR(
graph(%x : Float(2, strides=[1], requires_grad=0, device=cpu)):
  %n : NoneType = prim::Constant()
  %true : bool = prim::Constant[value=1]()
  %two : int = prim::Constant[value=2]()
  %three : int = prim::Constant[value=3]()
  %float : int = prim::Constant[value=6]()
  %cpu : Device = prim::Constant[value="cpu"]()
  %out : Tensor[] = prim::ListConstruct()
  %r : Tensor = prim::Loop(%three, %true, %x)
    block0(%i : int, %c : Tensor):
      %f : float = aten::Float(%i)
      %size : int[] = prim::ListConstruct(%two)
      %t : Tensor = aten::full(%size, %f, %float, %n, %cpu, %n)
      %l : Tensor[] = aten::append(%out, %t)
      -> (%true, %c)
  return (%out))IR");
  EXPECT_EQ(KeepOutputsFresh(*g), 1);
  g->lint();
  torch::jit::GraphFunction fn("f", g, nullptr);
  for (int call = 0; call < 5; ++call) {
    c10::List<at::Tensor> out = fn({c10::IValue(torch::ones({2}))}).toTensorList();
    ASSERT_EQ(out.size(), 3u);
    for (size_t i = 0; i < 3; ++i) {
      at::Tensor t = out.get(i);
      EXPECT_TRUE(torch::equal(t, torch::full({2}, static_cast<float>(i))))
          << "call " << call << ", element " << i << ": " << t;
      t.add_(5);
    }
  }
}

TEST(KeepOutputsFreshTest, TensorsWithGapsAreLeftAlone) {
  // where(c, t, t) of a tensor with gaps between its rows would be contiguous.
  std::shared_ptr<torch::jit::Graph> g = ParseIrUnchecked(R"IR(
graph(%x : Float(2, strides=[1], requires_grad=0, device=cpu)):
  %n : NoneType = prim::Constant()
  %zero : int = prim::Constant[value=0]()
  %three : int = prim::Constant[value=3]()
  %float : int = prim::Constant[value=6]()
  %size : int[] = prim::Constant[value=[2, 3]]()
  %stride : int[] = prim::Constant[value=[6, 1]]()
  %gaps : Float(2, 3, strides=[6, 1], requires_grad=0, device=cpu) = aten::empty_strided(%size, %stride, %float, %n, %n, %n)
  return (%gaps))IR");
  EXPECT_EQ(KeepOutputsFresh(*g), 0);
}

TEST(KeepOutputsFreshTest, APermutedDenseTensorKeepsItsStrides) {
  std::shared_ptr<torch::jit::Graph> g = ParseIrUnchecked(R"IR(
graph(%x : Float(2, strides=[1], requires_grad=0, device=cpu)):
  %n : NoneType = prim::Constant()
  %float : int = prim::Constant[value=6]()
  %size : int[] = prim::Constant[value=[2, 3]]()
  %stride : int[] = prim::Constant[value=[1, 2]]()
  %t : Float(2, 3, strides=[1, 2], requires_grad=0, device=cpu) = aten::empty_strided(%size, %stride, %float, %n, %n, %n)
  return (%t))IR");
  EXPECT_EQ(KeepOutputsFresh(*g), 1);
  torch::jit::GraphFunction fn("f", g, nullptr);
  for (int i = 0; i < 3; ++i) {
    at::Tensor out = fn({c10::IValue(torch::ones({2}))}).toTensor();
    EXPECT_EQ(out.strides(), (std::vector<int64_t>{1, 2}));
  }
}

}  // namespace
}  // namespace graph_lower
