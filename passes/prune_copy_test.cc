// Tests of the pruning copy: which branches StaticBranches decides from a run on example inputs
// (and which it must not), and that the copy computes what the original computes, in libtorch's
// interpreter, on the example inputs and on other inputs of the same shapes.
#include "passes/prune_copy.h"

#include <gtest/gtest.h>
#include <torch/csrc/api/include/torch/jit.h>
#include <torch/csrc/jit/api/function_impl.h>
#include <torch/csrc/jit/ir/irparser.h>
#include <torch/csrc/jit/runtime/interpreter.h>
#include <torch/torch.h>

#include <memory>
#include <string>
#include <vector>

#include "passes/specialize_shapes.h"
#include "testing/graph_testing.h"
#include "testing/run_testing.h"

namespace graph_lower {
namespace {

using test_util::CountKind;
using test_util::ExpectSameResults;

// The graph of TorchScript function `f` in `source`.
std::shared_ptr<torch::jit::Graph> Compile(const std::string& source) {
  std::shared_ptr<torch::jit::CompilationUnit> cu = torch::jit::compile(source);
  return torch::jit::toGraphFunction(cu->get_function("f")).graph()->copy();
}

struct Pruned {
  absl::flat_hash_map<const torch::jit::Node*, size_t> taken;
  std::shared_ptr<torch::jit::Graph> copy;
};

Pruned Prune(torch::jit::Graph& graph, const std::vector<c10::IValue>& inputs) {
  absl::StatusOr<ExampleRun> run = RunOnExamples(graph, inputs);
  EXPECT_TRUE(run.ok()) << run.status();
  if (!run.ok()) return {};
  Pruned p;
  p.taken = StaticBranches(graph, *run, inputs);
  p.copy = CopyTakingBranches(graph, p.taken, run->types);
  return p;
}

// A branch on a tensor's rank and one on a list built by appends (a comprehension over a tuple, as
// nn.TransformerEncoderLayer's fast-path checks) are decided; one on an int input is not.
TEST(StaticBranchesTest, MetadataAndAppendedListsDecideIntInputsDoNot) {
  std::shared_ptr<torch::jit::Graph> g = Compile(R"(
def f(x, n: int):
    y = x
    if x.dim() == 2:
        y = x * 2.0
    else:
        y = x - 1.0
    checks = [t.is_floating_point() for t in (x, y)]
    if all(checks):
        y = y + 3.0
    if n > 0:
        y = y * 5.0
    return y
)");
  ASSERT_EQ(CountKind(*g->block(), "prim::If"), 3);
  const torch::Tensor x = torch::randn({3, 4});
  Pruned p = Prune(*g, {x, int64_t{2}});
  EXPECT_EQ(p.taken.size(), 2u);
  EXPECT_EQ(CountKind(*p.copy->block(), "prim::If"), 1);  // `n > 0`
  ExpectSameResults(g, p.copy, {x, int64_t{2}});
  ExpectSameResults(g, p.copy, {x, int64_t{-2}});
  ExpectSameResults(g, p.copy, {torch::randn({3, 4}), int64_t{0}});
}

// A list holding a value that is not static (an int input) decides nothing, even with static
// values appended before it; nor does a list some use could write (a copy aliasing it escapes).
TEST(StaticBranchesTest, ListsWithDynamicElementsOrAliasesDecideNothing) {
  std::shared_ptr<torch::jit::Graph> g = Compile(R"(
def f(x, n: int):
    flags = [x.dim() == 2]
    flags.append(n > 0)
    y = x
    if all(flags):
        y = x * 2.0
    sizes = [x.size(0)]
    other = [sizes]
    other[0].append(n)
    if len(sizes) == 1:
        y = y + 1.0
    return y
)");
  const torch::Tensor x = torch::randn({3, 4});
  Pruned p = Prune(*g, {x, int64_t{1}});
  EXPECT_TRUE(p.taken.empty());
  ExpectSameResults(g, p.copy, {x, int64_t{1}});
  ExpectSameResults(g, p.copy, {x, int64_t{-1}});
}

// Inside a loop nothing is static: the shape of a value carried by it may change between
// iterations, and the trip count may come from an input.
TEST(StaticBranchesTest, NothingInsideALoopIsDecided) {
  std::shared_ptr<torch::jit::Graph> g = Compile(R"(
def f(x, n: int):
    y = x
    for i in range(n):
        if y.size(0) == 2:
            y = torch.cat([y, y])
        else:
            y = y + 1.0
    if y.size(0) == 4:
        y = y * 3.0
    return y
)");
  const torch::Tensor x = torch::randn({2, 3});
  Pruned p = Prune(*g, {x, int64_t{1}});
  EXPECT_TRUE(p.taken.empty());
  ExpectSameResults(g, p.copy, {x, int64_t{1}});
  ExpectSameResults(g, p.copy, {x, int64_t{3}});
}

// An Optional input given None is static (the pipeline specialises it to None); one given a tensor
// is present, so `is None` on it is decided too, while its values are not static.
TEST(StaticBranchesTest, OptionalInputsDecideTheirNoneTests) {
  std::shared_ptr<torch::jit::Graph> g = Compile(R"(
def f(x, bias: Optional[torch.Tensor], scale: Optional[torch.Tensor]):
    y = x
    if bias is not None:
        y = y + bias
    if scale is None:
        y = y * 2.0
    else:
        y = y * scale
    return y
)");
  const torch::Tensor x = torch::randn({3});
  const torch::Tensor scale = torch::randn({3});
  Pruned p = Prune(*g, {x, c10::IValue(), scale});
  EXPECT_EQ(p.taken.size(), 2u);
  EXPECT_EQ(CountKind(*p.copy->block(), "prim::If"), 0);
  ExpectSameResults(g, p.copy, {x, c10::IValue(), scale});
  ExpectSameResults(g, p.copy, {torch::randn({3}), c10::IValue(), torch::randn({3})});
}

// A tensor constant the program writes in place holds another value on each run (a constant is
// shared between runs): what is read from it is not static.
TEST(StaticBranchesTest, AConstantTheProgramWritesIsNotStatic) {
  auto g = std::make_shared<torch::jit::Graph>();
  torch::jit::parseIR(R"IR(
graph(%x : Tensor, %c : Tensor):
  %one : int = prim::Constant[value=1]()
  %three : int = prim::Constant[value=3]()
  %w : Tensor = aten::add_(%c, %one, %one)
  %v : int = aten::Int(%c)
  %b : bool = aten::eq(%v, %three)
  %y : Tensor = prim::If(%b)
    block0():
      %p : Tensor = aten::mul(%x, %three)
      -> (%p)
    block1():
      -> (%x)
  return (%y)
)IR",
                      g.get());
  // %c becomes a tensor constant (the text IR would need its sizes spelled out).
  torch::jit::WithInsertPoint guard(g->block()->nodes().front());
  g->inputs()[1]->replaceAllUsesWith(g->insertConstant(torch::tensor(int64_t{2})));
  g->eraseInput(1);
  Pruned p = Prune(*g, {torch::randn({2})});
  EXPECT_TRUE(p.taken.empty());
}

// The copy keeps the original intact, and values of a nested decided If resolve to its branch.
TEST(CopyTakingBranchesTest, NestedBranchesAndTheOriginalIsUnchanged) {
  std::shared_ptr<torch::jit::Graph> g = Compile(R"(
def f(x):
    y = x
    if x.dim() == 2:
        if x.size(1) == 4:
            y = x.t()
        else:
            y = x
        y = y * 2.0
    else:
        y = x + 1.0
    return y.contiguous()
)");
  const std::string before = g->toString();
  const torch::Tensor x = torch::randn({3, 4});
  Pruned p = Prune(*g, {x});
  EXPECT_EQ(p.taken.size(), 2u);
  EXPECT_EQ(CountKind(*p.copy->block(), "prim::If"), 0);
  EXPECT_EQ(g->toString(), before);
  p.copy->lint();
  ExpectSameResults(g, p.copy, {x});
  // The recorded types: the transposed result is 4x3.
  const torch::jit::Value* out = p.copy->outputs()[0];
  auto type = out->type()->cast<c10::TensorType>();
  ASSERT_TRUE(type && type->isComplete());
  EXPECT_EQ(*type->sizes().concrete_sizes(), (std::vector<int64_t>{4, 3}));
}

}  // namespace
}  // namespace graph_lower
