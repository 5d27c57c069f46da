// Tests of RewriteQueriesToCore: each query and data read becomes its core ATen form, with the
// same value when run (against the original graph in the JIT interpreter, and against eager).
#include "passes/core_queries.h"

#include <gtest/gtest.h>
#include <torch/csrc/jit/runtime/interpreter.h>
#include <torch/torch.h>

#include <string>
#include <vector>

#include "testing/graph_testing.h"

namespace graph_lower {
namespace {

using test_util::CountKind;
using test_util::ParseIrUnchecked;

std::vector<c10::IValue> RunGraphOn(const std::shared_ptr<torch::jit::Graph>& g,
                                    std::vector<c10::IValue> inputs) {
  torch::jit::Code code(g, "g");
  torch::jit::InterpreterState(code).run(inputs);
  return inputs;
}

TEST(CoreQueriesTest, SizesAndDataReadsBecomeCoreForms) {
  const std::string ir = R"IR(
graph(%x : Float(*, *, requires_grad=0, device=cpu),
      %n : Long(requires_grad=0, device=cpu), %b : Bool(requires_grad=0, device=cpu),
      %f : Float(requires_grad=0, device=cpu)):
  %one : int = prim::Constant[value=1]()
  %s1 : int = aten::size(%x, %one)
  %s : int[] = aten::size(%x)
  %st : int[] = aten::stride(%x)
  %numel : int = aten::numel(%x)
  %len : int = aten::len(%x)
  %i : int = aten::Int(%n)
  %fb : float = aten::Float(%b)
  %bf : bool = aten::Bool(%f)
  %c : bool = aten::is_contiguous(%x)
  %item : Scalar = aten::item(%f)
  %r : (int, int[], int[], int, int, int, float, bool, bool, Scalar) = prim::TupleConstruct(%s1, %s, %st, %numel, %len, %i, %fb, %bf, %c, %item)
  return (%r)
)IR";
  std::shared_ptr<torch::jit::Graph> g = ParseIrUnchecked(ir);
  std::shared_ptr<torch::jit::Graph> original = g->copy();
  EXPECT_TRUE(RewriteQueriesToCore(*g));
  for (const char* gone : {"aten::size", "aten::stride", "aten::numel", "aten::len", "aten::Float",
                           "aten::item", "aten::is_contiguous"}) {
    if (std::string(gone) == "aten::Float") continue;  // Float.Scalar stays as glue
    EXPECT_EQ(CountKind(*g, gone), 0) << gone << *g;
  }
  EXPECT_GT(CountKind(*g, "aten::sym_size"), 0) << *g;
  EXPECT_GT(CountKind(*g, "aten::sym_stride"), 0) << *g;
  EXPECT_EQ(CountKind(*g, "aten::_local_scalar_dense"), 4) << *g;
  for (const at::Tensor& x : {torch::randn({3, 4}), torch::randn({4, 3}).t(),
                              torch::randn({1, 5}).expand({4, 5}), torch::randn({0, 2})}) {
    for (double v : {0.0, 2.5, std::nan("")}) {
      std::vector<c10::IValue> in = {x, torch::tensor(7), torch::tensor(v != 0.0),
                                     torch::tensor(static_cast<float>(v))};
      const auto got = RunGraphOn(g, in)[0].toTupleRef().elements();
      const auto want = RunGraphOn(original, in)[0].toTupleRef().elements();
      ASSERT_EQ(got.size(), want.size());
      for (size_t k = 0; k < got.size(); ++k) {
        if (want[k].isDouble() && std::isnan(want[k].toDouble())) {
          EXPECT_TRUE(std::isnan(got[k].toDouble())) << k;
          continue;
        }
        EXPECT_EQ(got[k], want[k]) << "output " << k << " of " << x.sizes() << " " << v;
      }
      // Against eager too.
      EXPECT_EQ(got[8].toBool(), x.is_contiguous());
      EXPECT_EQ(got[7].toBool(),
                static_cast<bool>(torch::tensor(static_cast<float>(v)).item<float>()));
    }
  }
}

TEST(CoreQueriesTest, QueriesOfUnknownRankStay) {
  std::shared_ptr<torch::jit::Graph> g = ParseIrUnchecked(R"IR(
graph(%x : Tensor):
  %s : int[] = aten::size(%x)
  %c : bool = aten::is_contiguous(%x)
  %d : int = aten::dim(%x)
  %r : (int[], bool, int) = prim::TupleConstruct(%s, %c, %d)
  return (%r)
)IR");
  EXPECT_FALSE(RewriteQueriesToCore(*g));
}

}  // namespace
}  // namespace graph_lower
