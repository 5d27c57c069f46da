// Tests of Functionalize: in-place ops and writes through views become functional core ATen, and
// the rewritten graph computes what the original computed (both run by the JIT interpreter).
#include "passes/functionalize.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <torch/torch.h>

#include "ir/graph_io.h"
#include "reference/backend.h"
#include "testing/graph_testing.h"
#include "testing/run_testing.h"

namespace graph_lower {
namespace {

using test_util::CountKind;
using test_util::CountWrites;
using test_util::ExpectSameResults;
using test_util::ParseIr;
using test_util::PassesFileCheck;

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
  # CHECK-NOT: aten::copy_
  # CHECK-COUNT-2: aten::slice_scatter
  # CHECK-NOT: aten::copy_
  # CHECK: aten::select_scatter
  # CHECK-NOT: aten::copy_
  # CHECK: aten::mul
)IR";

TEST(FunctionalizeTest, SliceAndSelectWritesBecomeScatters) {
  auto original = ParseIr(kSliceAndSelect);
  auto g = original->copy();
  absl::StatusOr<FunctionalizeResult> r = Functionalize(g);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_TRUE(r->changed);
  EXPECT_EQ(CountWrites(*g->block()), 0) << GraphToText(*g);
  EXPECT_TRUE(PassesFileCheck(kSliceAndSelect, *g));
  ExpectSameResults(original, g, {torch::randn({4, 3}), torch::randn({2, 2}), torch::randn({3})});
}

// z = x.clone(); z.transpose(0, 1).add_(1); t = z.t(); w = z.clone(); w.view(-1).zero_();
// t.mul_(2)  (t is a view read and written after z changed); return (z, w, t)
TEST(FunctionalizeTest, InPlaceOpsThroughTransposeViewAndTViewsAreRewritten) {
  auto original = ParseIr(R"IR(
graph(%x : Tensor):
  %none : NoneType = prim::Constant()
  %0 : int = prim::Constant[value=0]()
  %1 : int = prim::Constant[value=1]()
  %2 : int = prim::Constant[value=2]()
  %m1 : int = prim::Constant[value=-1]()
  %z : Tensor = aten::clone(%x, %none)
  %zt : Tensor = aten::transpose(%z, %0, %1)
  %a : Tensor = aten::add_(%zt, %1, %1)
  %t : Tensor = aten::t(%z)
  %w : Tensor = aten::clone(%z, %none)
  %flat : int[] = prim::ListConstruct(%m1)
  %wv : Tensor = aten::view(%w, %flat)
  %b : Tensor = aten::zero_(%wv)
  %c : Tensor = aten::mul_(%t, %2)
  return (%z, %w, %t, %a)
)IR");
  auto g = original->copy();
  absl::StatusOr<FunctionalizeResult> r = Functionalize(g);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->rewritten, 3);
  EXPECT_EQ(CountWrites(*g->block()), 0) << GraphToText(*g);
  ExpectSameResults(original, g, {torch::randn({3, 4})});
}

TEST(FunctionalizeTest, InPlaceComparisonKeepsTheDestinationDtype) {
  // lt_ on a float tensor stores 0/1 as float; the functional lt returns bool.
  auto original = ParseIr(R"IR(
graph(%x : Tensor):
  %none : NoneType = prim::Constant()
  %0 : int = prim::Constant[value=0]()
  %z : Tensor = aten::clone(%x, %none)
  %s : Tensor = aten::select(%z, %0, %0)
  %a : Tensor = aten::lt_(%s, %0)
  return (%z)
)IR");
  auto g = original->copy();
  ASSERT_TRUE(Functionalize(g).ok());
  EXPECT_EQ(CountWrites(*g->block()), 0) << GraphToText(*g);
  ExpectSameResults(original, g, {torch::randn({3, 4})});
}

constexpr char kWritesInput[] = R"IR(
graph(%x : Tensor, %y : Tensor):
  %f : bool = prim::Constant[value=0]()
  %0 : int = prim::Constant[value=0]()
  %1 : int = prim::Constant[value=1]()
  %s : Tensor = aten::select(%x, %0, %0)
  %d : Tensor = aten::copy_(%s, %y, %f)
  %e : Tensor = aten::add_(%x, %1, %1)
  %r : Tensor = aten::mul(%x, %1)
  return (%r)
)IR";

TEST(FunctionalizeTest, WritesToGraphInputsAreReturnedAfterTheOutputs) {
  auto original = ParseIr(kWritesInput);
  auto g = original->copy();
  absl::StatusOr<FunctionalizeResult> r = Functionalize(g);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(CountWrites(*g->block()), 0) << GraphToText(*g);
  ASSERT_EQ(r->mutated_inputs.size(), 1u);
  EXPECT_EQ(r->mutated_inputs[0].first, 0u);
  // Expected: the original's output, then x as the original left it.
  std::vector<c10::IValue> in = {torch::randn({3, 4}), torch::randn({4})};
  std::vector<c10::IValue> after;
  absl::StatusOr<std::vector<c10::IValue>> a = RunGraph(original, in, &after);
  absl::StatusOr<std::vector<c10::IValue>> b = RunGraph(g, in);
  ASSERT_TRUE(a.ok() && b.ok());
  ASSERT_EQ(b->size(), 1u);
  const auto& tuple = (*b)[0].toTupleRef().elements();
  ASSERT_EQ(tuple.size(), 2u);
  EXPECT_TRUE(torch::equal(tuple[0].toTensor(), (*a)[0].toTensor()));
  EXPECT_TRUE(torch::equal(tuple[1].toTensor(), after[0].toTensor()));
  // The caller's tensor is untouched by the functional graph.
  std::vector<c10::IValue> mine = {torch::randn({3, 4}), torch::randn({4})};
  torch::Tensor before = mine[0].toTensor().clone();
  torch::jit::Code code(g, "f");
  torch::jit::Stack stack = mine;
  torch::jit::InterpreterState(code).run(stack);
  EXPECT_TRUE(torch::equal(mine[0].toTensor(), before));
}

// The functional graph `g` of a one-output `original` returns, on `in`, the original's output
// followed by the new value of each input the original writes (r.mutated_inputs, in order).
// RunGraph runs each graph on its own copies of `in`.
void ExpectOutputThenWrittenInputs(const std::shared_ptr<torch::jit::Graph>& original,
                                   const std::shared_ptr<torch::jit::Graph>& g,
                                   const FunctionalizeResult& r,
                                   const std::vector<c10::IValue>& in) {
  std::vector<c10::IValue> after;
  absl::StatusOr<std::vector<c10::IValue>> a = RunGraph(original, in, &after);
  absl::StatusOr<std::vector<c10::IValue>> b = RunGraph(g, in);
  ASSERT_TRUE(a.ok() && b.ok()) << a.status() << b.status();
  const auto& tuple = (*b)[0].toTupleRef().elements();
  ASSERT_EQ(tuple.size(), 1 + r.mutated_inputs.size());
  EXPECT_TRUE(torch::allclose(tuple[0].toTensor(), (*a)[0].toTensor()));
  for (size_t k = 0; k < r.mutated_inputs.size(); ++k) {
    const size_t input = r.mutated_inputs[k].first;
    EXPECT_TRUE(torch::allclose(tuple[k + 1].toTensor(), after[input].toTensor())) << input;
  }
}

TEST(FunctionalizeTest, BatchNormRunningStatisticsBecomeOutputs) {
  // Training-mode batch norm writes running_mean and running_var (Tensor(a!)); its functional
  // twin returns their new values, which become the graph's extra outputs.
  auto original = ParseIr(R"IR(
graph(%x : Tensor, %w : Tensor, %b : Tensor, %rm : Tensor, %rv : Tensor):
  %t : bool = prim::Constant[value=1]()
  %m : float = prim::Constant[value=0.1]()
  %e : float = prim::Constant[value=1.0000000000000001e-05]()
  %y : Tensor, %mean : Tensor, %rstd : Tensor = aten::_native_batch_norm_legit(%x, %w, %b, %rm, %rv, %t, %m, %e)
  return (%y)
)IR");
  auto g = original->copy();
  absl::StatusOr<FunctionalizeResult> r = Functionalize(g);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(CountWrites(*g->block()), 0) << GraphToText(*g);
  ASSERT_EQ(r->mutated_inputs.size(), 2u);
  EXPECT_EQ(r->mutated_inputs[0].first, 3u);
  EXPECT_EQ(r->mutated_inputs[1].first, 4u);
  ExpectOutputThenWrittenInputs(original, g, *r,
                                {torch::randn({6, 3}), torch::randn({3}), torch::randn({3}),
                                 torch::randn({3}), torch::rand({3}) + 0.5});
}

TEST(FunctionalizeTest, AnOutOverloadThatAlsoWritesRunningStatisticsBecomesFunctional) {
  // _native_batch_norm_legit.out writes its three outs and the running statistics: it becomes
  // _native_batch_norm_legit (then its _functional twin) and a copy into each written argument.
  auto original = ParseIr(R"IR(
graph(%x : Float(6, 3), %w : Float(3), %b : Float(3), %rm : Float(3), %rv : Float(3),
      %o : Float(6, 3), %sm : Float(3), %si : Float(3)):
  %t : bool = prim::Constant[value=1]()
  %m : float = prim::Constant[value=0.1]()
  %e : float = prim::Constant[value=1.0000000000000001e-05]()
  %y : Float(6, 3), %mean : Float(3), %rstd : Float(3) = aten::_native_batch_norm_legit(%x, %w, %b, %rm, %rv, %t, %m, %e, %o, %sm, %si)
  return (%y)
)IR");
  auto g = original->copy();
  absl::StatusOr<FunctionalizeResult> r = Functionalize(g);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(CountWrites(*g->block()), 0) << GraphToText(*g);
  // rm, rv, and the three outs come back after the output.
  ASSERT_EQ(r->mutated_inputs.size(), 5u);
  ExpectOutputThenWrittenInputs(
      original, g, *r,
      {torch::randn({6, 3}), torch::randn({3}), torch::randn({3}), torch::randn({3}),
       torch::rand({3}) + 0.5, torch::empty({6, 3}), torch::empty({3}), torch::empty({3})});
}

TEST(FunctionalizeTest, AnOutOverloadWithNoneArgumentsKeepsItsOverload) {
  // None matches every optional formal: the functional form of atol_rtol_tensor_out must not
  // resolve to atol_rtol_float, the first overload a None atol fits.
  auto original = ParseIr(R"IR(
graph(%x : Tensor):
  %t : bool = prim::Constant[value=1]()
  %none : NoneType = prim::Constant()
  %o : Tensor = aten::zeros_like(%x, %none, %none, %none, %none, %none)
  %two : int = prim::Constant[value=2]()
  %p : Tensor = aten::linalg_pinv(%x, %none, %none, %t, %o)
  %r : Tensor = aten::mul(%p, %two)
  return (%r)
)IR");
  for (const torch::jit::Node* node : original->nodes()) {
    if (node->kind().toQualString() == std::string("aten::linalg_pinv")) {
      ASSERT_EQ(node->schema().overload_name(), "atol_rtol_tensor_out");
    }
  }
  auto g = original->copy();
  absl::StatusOr<FunctionalizeResult> r = Functionalize(g);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(CountWrites(*g->block()), 0) << GraphToText(*g);
  bool found = false;
  for (const torch::jit::Node* node : g->nodes()) {
    if (node->kind() != c10::Symbol::fromQualString("aten::linalg_pinv")) continue;
    found = true;
    EXPECT_EQ(node->schema().overload_name(), "atol_rtol_tensor");
  }
  EXPECT_TRUE(found) << GraphToText(*g);
  torch::Tensor x = torch::randn({4, 4});
  x = x + x.t();
  ExpectSameResults(original, g, {x});
}

TEST(FunctionalizeTest, WritesThroughATypeRefinementReachTheInput) {
  // batch_norm's library decomposition writes running_mean after refining Optional[Tensor].
  auto original = ParseIr(R"IR(
graph(%x : Tensor, %rm : Tensor?):
  %f : bool = prim::Constant[value=0]()
  %r : Tensor = prim::unchecked_cast(%rm)
  %s : Tensor = prim::unchecked_cast(%r)
  %c : Tensor = aten::copy_(%s, %x, %f)
  %y : Tensor = aten::mul(%x, %x)
  return (%y)
)IR");
  auto g = original->copy();
  absl::StatusOr<FunctionalizeResult> r = Functionalize(g);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(CountWrites(*g->block()), 0) << GraphToText(*g);
  ASSERT_EQ(r->mutated_inputs.size(), 1u) << GraphToText(*g);
  EXPECT_EQ(r->mutated_inputs[0].first, 1u);
}

TEST(FunctionalizeTest, WritesToGraphInputsStayWhenAskedTo) {
  auto g = ParseIr(kWritesInput);
  FunctionalizeOptions options;
  options.return_mutated_inputs = false;
  absl::StatusOr<FunctionalizeResult> r = Functionalize(g, options);
  ASSERT_TRUE(r.ok());
  EXPECT_FALSE(r->changed);
  EXPECT_EQ(CountWrites(*g->block()), 2);
}

TEST(FunctionalizeTest, AViewMadeBeforeTheWriteAndReadAfterIsRecomputed) {
  // %s is a view made before the write (not on the written chain) and read after it: it must see
  // the new values, so it is recomputed from the new base.
  auto original = ParseIr(R"IR(
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
  absl::StatusOr<FunctionalizeResult> r = Functionalize(g);
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r->changed);
  EXPECT_EQ(CountWrites(*g->block()), 0) << GraphToText(*g);
  ExpectSameResults(original, g, {torch::randn({3, 4}), torch::randn({4})});
}

TEST(FunctionalizeTest, AnAliasThroughAListReadAfterTheWriteBlocksTheRewrite) {
  // The base is held by a list read both before and after the write: one list cannot hold both
  // values. Read only after it, the literal moves after the write and reads the new value.
  const std::string before = R"IR(
graph(%x : Tensor, %y : Tensor):
  %none : NoneType = prim::Constant()
  %f : bool = prim::Constant[value=0]()
  %0 : int = prim::Constant[value=0]()
  %m : Tensor = aten::clone(%x, %none)
  %l : Tensor[] = prim::ListConstruct(%m, %m)
)IR";
  const std::string write = R"IR(
  %t : Tensor = aten::select(%m, %0, %0)
  %d : Tensor = aten::copy_(%t, %y, %f)
  %c : Tensor = aten::cat(%l, %0)
)IR";
  for (const bool read_before : {true, false}) {
    auto original = ParseIr(before + (read_before ? "  %c0 : Tensor = aten::cat(%l, %0)\n" + write +
                                                        "  return (%c0, %c)\n"
                                                  : write + "  return (%c)\n"));
    auto g = original->copy();
    absl::StatusOr<FunctionalizeResult> r = Functionalize(g);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(CountWrites(*g->block()), read_before ? 1 : 0) << GraphToText(*g);
    ExpectSameResults(original, g, {torch::randn({3, 4}), torch::randn({4})});
  }
}

// Lists of views (split, unbind) and the elements taken out of them are recomputed from the new
// value after a write to their base; a list copied into another container before the write is
// not, and keeps the write in place.
TEST(FunctionalizeTest, ListsOfViewsReadAfterTheWriteAreRecomputed) {
  const std::string head = R"IR(
graph(%x : Tensor):
  %none : NoneType = prim::Constant()
  %0 : int = prim::Constant[value=0]()
  %1 : int = prim::Constant[value=1]()
  %2 : int = prim::Constant[value=2]()
  %m : Tensor = aten::mul(%x, %2)
  %parts : Tensor[] = aten::split(%m, %2, %1)
  %a : Tensor, %b : Tensor = prim::ListUnpack(%parts)
  %rows : Tensor[] = aten::unbind(%m, %0)
  %r1 : Tensor = aten::__getitem__(%rows, %1)
)IR";
  auto original = ParseIr(head + R"IR(
  %w : Tensor = aten::add_(%m, %1, %1)
  %c : Tensor = aten::cat(%parts, %1)
  return (%a, %b, %c, %r1, %rows)
)IR");
  auto g = original->copy();
  absl::StatusOr<FunctionalizeResult> r = Functionalize(g);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(CountWrites(*g->block()), 0) << GraphToText(*g);
  ExpectSameResults(original, g, {torch::randn({3, 4})});

  auto copied = ParseIr(head + R"IR(
  %other : Tensor[] = aten::list(%parts)
  %w : Tensor = aten::add_(%m, %1, %1)
  return (%other, %r1)
)IR");
  g = copied->copy();
  r = Functionalize(g);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(CountWrites(*g->block()), 1) << GraphToText(*g);
  ExpectSameResults(copied, g, {torch::randn({3, 4})});
}

TEST(FunctionalizeTest, WriteInsideABranchToAnOuterValueStays) {
  auto g = ParseIr(R"IR(
graph(%x : Tensor, %c : bool):
  %none : NoneType = prim::Constant()
  %1 : int = prim::Constant[value=1]()
  %m : Tensor = aten::clone(%x, %none)
  %o : Tensor = prim::If(%c)
    block0():
      %a : Tensor = aten::add_(%m, %1, %1)
      -> (%a)
    block1():
      -> (%m)
  return (%m, %o)
)IR");
  absl::StatusOr<FunctionalizeResult> r = Functionalize(g);
  ASSERT_TRUE(r.ok());
  EXPECT_FALSE(r->changed);
  EXPECT_EQ(CountWrites(*g->block()), 1);
}

}  // namespace
}  // namespace graph_lower

namespace graph_lower {
namespace {

TEST(FunctionalizeTest, AWriteThroughAViewItCannotScatterBackStaysInPlace) {
  // reshape may or may not be a view (it copies a non-contiguous input); this pass does not invert
  // it: the write must stay, not vanish.
  auto original = ParseIr(R"IR(
graph(%x : Tensor):
  %none : NoneType = prim::Constant()
  %s : int[] = prim::Constant[value=[9]]()
  %z : Tensor = aten::clone(%x, %none)
  %d : Tensor = aten::reshape(%z, %s)
  %a : Tensor = aten::zero_(%d)
  return (%z)
)IR");
  auto g = original->copy();
  absl::StatusOr<FunctionalizeResult> r = Functionalize(g);
  ASSERT_TRUE(r.ok());
  EXPECT_FALSE(r->changed);
  EXPECT_EQ(CountWrites(*g->block()), 1);
  ExpectSameResults(original, g, {torch::randn({3, 3})});
}

TEST(FunctionalizeTest, WritesThroughNarrowDiagonalAndMovedimAreScatteredBack) {
  // narrow with a negative start (the last two columns), an off-diagonal, and a select of a
  // movedim: each write is rewritten as a scatter into a new base.
  auto original = ParseIr(R"IR(
graph(%x : Tensor):
  %none : NoneType = prim::Constant()
  %0 : int = prim::Constant[value=0]()
  %1 : int = prim::Constant[value=1]()
  %2 : int = prim::Constant[value=2]()
  %m2 : int = prim::Constant[value=-2]()
  %z : Tensor = aten::clone(%x, %none)
  %n : Tensor = aten::narrow(%z, %1, %m2, %2)
  %a : Tensor = aten::mul_(%n, %2)
  %d : Tensor = aten::diagonal(%z, %1, %0, %1)
  %b : Tensor = aten::zero_(%d)
  %t : Tensor = aten::movedim(%z, %0, %1)
  %s : Tensor = aten::select(%t, %0, %2)
  %c : Tensor = aten::add_(%s, %1, %1)
  return (%z)
)IR");
  auto g = original->copy();
  absl::StatusOr<FunctionalizeResult> r = Functionalize(g);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->rewritten, 3);
  EXPECT_EQ(CountWrites(*g->block()), 0);
  ExpectSameResults(original, g, {torch::randn({3, 4})});
}

// The casts of fresh values to their own dtype go; a cast that changes the dtype, a cast of a
// graph input, of a view, or of a value used elsewhere stays.
TEST(FunctionalizeTest, RedundantCastsOfFreshValuesAreRemoved) {
  auto g = ParseIr(R"IR(
graph(%x : Float(2, 3, strides=[3, 1], requires_grad=0, device=cpu)):
  %f : int = prim::Constant[value=6]()
  %d : int = prim::Constant[value=7]()
  %n : NoneType = prim::Constant()
  %false : bool = prim::Constant[value=0]()
  %a : Float(2, 3, strides=[3, 1], requires_grad=0, device=cpu) = aten::relu(%x)
  %b : Tensor = aten::_to_copy(%a, %f, %n, %n, %n, %false, %n)
  %c : Float(2, 3, strides=[3, 1], requires_grad=0, device=cpu) = aten::neg(%b)
  %e : Tensor = aten::_to_copy(%c, %d, %n, %n, %n, %false, %n)
  %g : Tensor = aten::_to_copy(%x, %f, %n, %n, %n, %false, %n)
  %p : int[] = prim::Constant[value=[1, 0]]()
  %v : Float(3, 2, strides=[1, 3], requires_grad=0, device=cpu) = aten::permute(%x, %p)
  %j : Tensor = aten::_to_copy(%v, %f, %n, %n, %n, %false, %n)
  %h : Float(2, 3, strides=[3, 1], requires_grad=0, device=cpu) = aten::exp(%x)
  %i : Tensor = aten::_to_copy(%h, %f, %n, %n, %n, %false, %n)
  return (%e, %g, %j, %h, %i)
)IR");
  // %b goes (relu's result, float32 = 6, used by it alone); %e changes the dtype (7: float64),
  // %g copies an input, %j a view, %i a value also returned.
  EXPECT_EQ(RemoveRedundantCasts(*g), 1) << GraphToText(*g);
  EXPECT_EQ(CountKind(*g->block(), "aten::_to_copy"), 4);
  EXPECT_EQ(CountKind(*g->block(), "aten::neg"), 1);
}

// A list literal made before a write to its element moves below the write, so the write becomes
// functional and the list reads the new value (`l = [y]; y.add_(1); return l`).
TEST(SinkContainerLiteralsTest, ALiteralBeforeAWriteToItsElementReadsTheNewValue) {
  std::shared_ptr<torch::jit::Graph> g = ParseIr(R"IR(
graph(%x : Tensor):
  %1 : int = prim::Constant[value=1]()
  %y : Tensor = aten::add(%x, %1, %1)
  %l : Tensor[] = prim::ListConstruct(%y)
  %t : (Tensor[], Tensor) = prim::TupleConstruct(%l, %x)
  %w : Tensor = aten::add_(%y, %1, %1)
  return (%t)
)IR");
  std::shared_ptr<torch::jit::Graph> original = g->copy();
  EXPECT_TRUE(SinkContainerLiterals(g->block()));
  EXPECT_FALSE(SinkContainerLiterals(g->block()));  // each literal is just before its first use
  ASSERT_TRUE(Functionalize(g).ok());
  EXPECT_EQ(CountWrites(*g->block()), 0) << *g;
  ExpectSameResults(original, g, {torch::randn({2, 3})});
}

}  // namespace
}  // namespace graph_lower
