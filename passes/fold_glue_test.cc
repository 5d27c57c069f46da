// Tests of FoldGlue's size cap: an op on constants whose result would be a large tensor is left in
// the graph (a 40 GB aten::zeros at lowering time was an out-of-memory kill), on both of its
// paths (graphs without writes: its own linear constant propagation; with writes: libtorch's
// ConstantPropagation); a small one is still folded. And of Ifs decided by folded queries.
#include "passes/fold_glue.h"

#include <gtest/gtest.h>
#include <torch/csrc/jit/api/function_impl.h>
#include <torch/csrc/jit/ir/constants.h>
#include <torch/csrc/jit/ir/irparser.h>
#include <torch/csrc/jit/passes/dead_code_elimination.h>
#include <torch/csrc/jit/passes/inliner.h>
#include <torch/csrc/jit/runtime/interpreter.h>
#include <torch/jit.h>
#include <torch/torch.h>

#include <algorithm>
#include <string>
#include <vector>

#include "testing/graph_testing.h"
#include "testing/run_testing.h"

namespace graph_lower {
namespace {

using test_util::CountKind;
using test_util::ParseIrUnchecked;
using test_util::PassesFileCheck;
using test_util::RunOne;

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

class FoldGlueCapTest : public ::testing::TestWithParam<bool> {};

TEST_P(FoldGlueCapTest, LargeFactoryIsLeftSmallOneIsFolded) {
  const bool writes = GetParam();
  // 100000 x 100000 float32: 40 GB if it were run.
  std::shared_ptr<torch::jit::Graph> large =
      ParseIrUnchecked(ZerosPlusInput("[100000, 100000]", writes));
  ASSERT_TRUE(FoldGlue(large).ok());
  EXPECT_TRUE(CountKind(*large, "aten::zeros") > 0) << *large;

  std::shared_ptr<torch::jit::Graph> small = ParseIrUnchecked(ZerosPlusInput("[2, 3]", writes));
  ASSERT_TRUE(FoldGlue(small).ok());
  EXPECT_FALSE(CountKind(*small, "aten::zeros") > 0) << *small;
}

INSTANTIATE_TEST_SUITE_P(WithAndWithoutWrites, FoldGlueCapTest, ::testing::Bool());

// A chain whose last op is the large one: ones(1) expanded to 100000 x 100000 (a view, nothing
// allocated) and made contiguous (40 GB) stays; the small ops before it may fold.
TEST(FoldGlueCapTest, LargeResultOfSmallConstantsIsLeft) {
  std::shared_ptr<torch::jit::Graph> g = ParseIrUnchecked(
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
  std::shared_ptr<torch::jit::Graph> g = ParseIrUnchecked(
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
  std::shared_ptr<torch::jit::Graph> g = ParseIrUnchecked(ir);
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

// `a is b` on two tensors folds where they cannot be one object: each made by an op (relu's
// fresh tensor, permute's new view), or one made and the other a graph input. It stays where they
// may be: two graph inputs (m(x, x)), contiguous (which returns its input when contiguous), a
// tensor taken out of a list, and type_as, a CompositeImplicitAutograd op without an alias
// annotation that returns its input when the type matches. The folded answers are the interpreter's
// on the original graph.
TEST(FoldGlueIdentityTest, TensorsThatCannotBeOneObjectAreNot) {
  const std::string ir = R"IR(
graph(%x : Tensor, %y : Tensor):
  %zero : int = prim::Constant[value=0]()
  %perm : int[] = prim::Constant[value=[1, 0]]()
  %r : Tensor = aten::relu(%x)
  %px : Tensor = aten::permute(%x, %perm)
  %py : Tensor = aten::permute(%y, %perm)
  %c : Tensor = aten::contiguous(%x, %zero)
  %l : Tensor[] = prim::ListConstruct(%r)
  %g : Tensor = aten::__getitem__(%l, %zero)
  %fresh_vs_input : bool = aten::__is__(%r, %y)
  %input_vs_fresh : bool = aten::__isnot__(%x, %r)
  %views : bool = aten::__is__(%px, %py)
  %inputs : bool = aten::__is__(%x, %y)
  %contiguous : bool = aten::__is__(%c, %x)
  %from_list : bool = aten::__is__(%g, %r)
  %ty : Tensor = aten::type_as(%r, %r)
  %type_as : bool = aten::__is__(%ty, %r)
  %out : (bool, bool, bool, bool, bool, bool, bool) = prim::TupleConstruct(%fresh_vs_input, %input_vs_fresh, %views, %inputs, %contiguous, %from_list, %type_as)
  return (%out)
)IR";
  std::shared_ptr<torch::jit::Graph> g = ParseIrUnchecked(ir);
  std::shared_ptr<torch::jit::Graph> original = g->copy();
  ASSERT_TRUE(FoldGlue(g).ok());
  const torch::jit::Node* tuple = g->outputs()[0]->node();
  ASSERT_EQ(tuple->kind(), c10::prim::TupleConstruct);
  std::vector<bool> folded;
  for (const torch::jit::Value* v : tuple->inputs()) {
    folded.push_back(v->node()->kind() == c10::prim::Constant);
  }
  EXPECT_EQ(folded, (std::vector<bool>{true, true, true, false, false, false, false})) << *g;

  const at::Tensor x = torch::randn({2, 3}), y = torch::randn({2, 3});
  auto run = [&](const std::shared_ptr<torch::jit::Graph>& graph) {
    torch::jit::Stack stack{x, y};
    torch::jit::Code code(graph, "test");
    torch::jit::InterpreterState(code).run(stack);
    return stack[0].toTupleRef().elements().vec();
  };
  const std::vector<c10::IValue> want = run(original), got = run(g);
  ASSERT_EQ(want.size(), got.size());
  for (size_t i = 0; i < want.size(); ++i) EXPECT_EQ(want[i].toBool(), got[i].toBool()) << i;
  EXPECT_FALSE(want[0].toBool());
  EXPECT_TRUE(want[1].toBool());
  EXPECT_TRUE(want[4].toBool());  // contiguous(x) is x itself
  EXPECT_TRUE(want[5].toBool());
  EXPECT_TRUE(want[6].toBool());  // type_as (CompositeImplicitAutograd, no annotation) gave r
}

// isinstance on a Union parameter (one library function serving a Scalar and a Tensor overload)
// is decided by the type of the value passed once the function is inlined; on an
// Optional[Tensor] it is not.
TEST(FoldGlueIfTest, IsinstanceDecidedByTheStaticType) {
  std::shared_ptr<torch::jit::CompilationUnit> cu = torch::jit::compile(R"PY(
def f(x: Tensor, o: Union[Tensor, number]) -> Tensor:
    if isinstance(o, Tensor):
        return torch.mul(x, o)
    return torch.add(x, o)
def on_tensor(x: Tensor, o: Tensor) -> Tensor:
    return f(x, o)
def on_float(x: Tensor, o: float) -> Tensor:
    return f(x, o)
def on_optional(x: Tensor, o: Optional[Tensor]) -> Tensor:
    if isinstance(o, Tensor):
        return torch.mul(x, o)
    return x
)PY");
  auto lowered = [&](const std::string& name) {
    std::shared_ptr<torch::jit::Graph> g =
        torch::jit::toGraphFunction(cu->get_function(name)).graph()->copy();
    torch::jit::Inline(*g);
    EXPECT_TRUE(FoldGlue(g).ok());
    return g;
  };
  std::shared_ptr<torch::jit::Graph> g = lowered("on_tensor");
  EXPECT_EQ(CountKind(*g, "prim::isinstance"), 0) << *g;
  EXPECT_EQ(CountKind(*g, "aten::mul"), 1) << *g;
  EXPECT_EQ(CountKind(*g, "aten::add"), 0) << *g;
  g = lowered("on_float");
  EXPECT_EQ(CountKind(*g, "prim::isinstance"), 0) << *g;
  EXPECT_EQ(CountKind(*g, "aten::add"), 1) << *g;
  EXPECT_EQ(CountKind(*g, "aten::mul"), 0) << *g;
  g = lowered("on_optional");
  EXPECT_EQ(CountKind(*g, "prim::isinstance"), 1) << *g;
}

// What PruneBranches leaves, by kind (constants left out).
std::vector<std::string> KindsOf(const torch::jit::Graph& g) {
  std::vector<std::string> kinds;
  for (const torch::jit::Node* node : g.nodes()) {
    if (node->kind() != c10::prim::Constant) kinds.push_back(node->kind().toQualString());
  }
  return kinds;
}

// A list built by appends (a TorchScript comprehension over a fixed tuple, as the fast-path checks
// of nn.TransformerEncoderLayer) and read after the last append becomes a constant, and the If it
// decides is replaced by its taken branch, in a graph that writes (the branch not taken does).
TEST(PruneBranchesTest, ListBuiltByAppendsFoldsAndDecidesTheIf) {
  const std::string ir = R"IR(
graph(%x : Float(2, 3, strides=[3, 1], requires_grad=0, device=cpu)):
  %three : int = prim::Constant[value=3]()
  %cpu : str = prim::Constant[value="cpu"]()
  %devices : str[] = prim::Constant[value=["cpu", "cuda"]]()
  %l : bool[] = prim::ListConstruct()
  %d : int = aten::dim(%x)
  %c : bool = aten::eq(%d, %three)
  %a1 : bool[] = aten::append(%l, %c)
  %known : bool = aten::__contains__(%devices, %cpu)
  %out : bool = aten::__not__(%known)
  %a2 : bool[] = aten::append(%l, %out)
  %any : bool = aten::any(%l)
  %y : Tensor = prim::If(%any)
    block0():
      %r : Tensor = aten::relu_(%x)
      -> (%r)
    block1():
      %n : Tensor = aten::neg(%x)
      -> (%n)
  return (%y)
  # CHECK-NOT: aten::append
  # CHECK-NOT: prim::If
  # CHECK-NOT: aten::relu_
  # CHECK: aten::neg
  # CHECK-NOT: prim::If
)IR";
  std::shared_ptr<torch::jit::Graph> g = ParseIrUnchecked(ir);
  std::shared_ptr<torch::jit::Graph> original = g->copy();
  absl::StatusOr<bool> changed = PruneBranches(*g);
  ASSERT_TRUE(changed.ok()) << changed.status();
  EXPECT_TRUE(*changed);
  EXPECT_TRUE(PassesFileCheck(ir, *g));
  EXPECT_EQ(KindsOf(*g), (std::vector<std::string>{"aten::neg"})) << *g;
  const at::Tensor x = torch::randn({2, 3});
  EXPECT_TRUE(torch::equal(RunOne(g, {x.clone()}), RunOne(original, {x.clone()})));
  EXPECT_TRUE(torch::equal(RunOne(g, {x.clone()}), -x));
}

// A dict built by item assignments (a scripted model returning {"out": x, "aux": y}) becomes one
// prim::DictConstruct: keys in first-assignment order with their last value; a read of a constant
// key is the value. A dict assigned inside a branch stays.
TEST(PruneBranchesTest, DictBuiltByAssignmentsFolds) {
  const std::string ir = R"IR(
graph(%x : Float(2, 3, strides=[3, 1], requires_grad=0, device=cpu), %flag : bool):
  %out : str = prim::Constant[value="out"]()
  %aux : str = prim::Constant[value="aux"]()
  %d : Dict(str, Tensor) = aten::dict()
  %y : Tensor = aten::neg(%x)
  aten::_set_item(%d, %out, %x)
  aten::_set_item(%d, %aux, %y)
  aten::_set_item(%d, %out, %y)
  %r : Tensor = aten::__getitem__(%d, %aux)
  %e : Dict(str, Tensor) = aten::dict()
  prim::If(%flag)
    block0():
      aten::_set_item(%e, %out, %x)
      -> ()
    block1():
      -> ()
  %t : (Dict(str, Tensor), Tensor, Dict(str, Tensor)) = prim::TupleConstruct(%d, %r, %e)
  return (%t)
)IR";
  std::shared_ptr<torch::jit::Graph> g = ParseIrUnchecked(ir);
  std::shared_ptr<torch::jit::Graph> original = g->copy();
  ASSERT_TRUE(PruneBranches(*g).ok());
  std::vector<std::string> kinds = KindsOf(*g);
  EXPECT_EQ(std::count(kinds.begin(), kinds.end(), "prim::DictConstruct"), 1) << *g;
  EXPECT_EQ(std::count(kinds.begin(), kinds.end(), "aten::dict"), 1) << *g;  // %e stays
  EXPECT_EQ(CountKind(*g, "aten::_set_item"), 1) << *g;                      // in the If
  torch::jit::EliminateDeadCode(g);
  EXPECT_EQ(CountKind(*g, "aten::__getitem__"), 0) << *g;
  const at::Tensor x = torch::randn({2, 3});
  for (bool flag : {true, false}) {
    torch::jit::Stack a{x, flag}, b{x, flag};
    torch::jit::Code ca(g, "pruned"), cb(original, "original");
    torch::jit::InterpreterState(ca).run(a);
    torch::jit::InterpreterState(cb).run(b);
    const auto got = a[0].toTupleRef().elements(), want = b[0].toTupleRef().elements();
    const auto got_d = got[0].toGenericDict(), want_d = want[0].toGenericDict();
    ASSERT_EQ(got_d.size(), 2u);
    auto it = got_d.begin(), jt = want_d.begin();
    for (; it != got_d.end(); ++it, ++jt) {
      EXPECT_EQ(it->key().toStringRef(), jt->key().toStringRef());
      EXPECT_TRUE(torch::equal(it->value().toTensor(), jt->value().toTensor()));
    }
    EXPECT_TRUE(torch::equal(got[1].toTensor(), want[1].toTensor()));
    EXPECT_EQ(got[2].toGenericDict().size(), flag ? 1u : 0u);
  }
}

// A dict literal with constant keys (`d = {"a": x}`, or `{}` annotated with its type) then
// assigned to folds the same way, the literal's items first.
TEST(PruneBranchesTest, DictLiteralThenAssignedFolds) {
  const std::string ir = R"IR(
graph(%x : Float(2, 3, strides=[3, 1], requires_grad=0, device=cpu)):
  %a : str = prim::Constant[value="a"]()
  %b : str = prim::Constant[value="b"]()
  %y : Tensor = aten::neg(%x)
  %d : Dict(str, Tensor) = prim::DictConstruct(%a, %x)
  aten::_set_item(%d, %b, %x)
  aten::_set_item(%d, %a, %y)
  return (%d)
)IR";
  std::shared_ptr<torch::jit::Graph> g = ParseIrUnchecked(ir);
  std::shared_ptr<torch::jit::Graph> original = g->copy();
  ASSERT_TRUE(PruneBranches(*g).ok());
  EXPECT_EQ(CountKind(*g, "aten::_set_item"), 0) << *g;
  EXPECT_EQ(CountKind(*g, "prim::DictConstruct"), 1) << *g;
  const at::Tensor x = torch::randn({2, 3});
  torch::jit::Stack a{x}, b{x};
  torch::jit::Code ca(g, "pruned"), cb(original, "original");
  torch::jit::InterpreterState(ca).run(a);
  torch::jit::InterpreterState(cb).run(b);
  const auto got = a[0].toGenericDict(), want = b[0].toGenericDict();
  ASSERT_EQ(got.size(), 2u);
  for (auto it = got.begin(), jt = want.begin(); it != got.end(); ++it, ++jt) {
    EXPECT_EQ(it->key().toStringRef(), jt->key().toStringRef());
    EXPECT_TRUE(torch::equal(it->value().toTensor(), jt->value().toTensor()));
  }
}

// A tuple packing the dict before a later assignment holds the dict itself and sees that
// assignment: the dict is not folded (it was, and the tuple lost key "b"; found in review. A
// scripted program does not show it: TorchScript drops such an assignment when it compiles).
TEST(PruneBranchesTest, DictPackedBeforeALaterAssignmentStays) {
  std::shared_ptr<torch::jit::Graph> g = ParseIrUnchecked(R"IR(
graph(%x : Float(2, strides=[1], requires_grad=0, device=cpu)):
  %a : str = prim::Constant[value="a"]()
  %b : str = prim::Constant[value="b"]()
  %one : int = prim::Constant[value=1]()
  %d : Dict(str, Tensor) = aten::dict()
  aten::_set_item(%d, %a, %x)
  %t : (Dict(str, Tensor), int) = prim::TupleConstruct(%d, %one)
  aten::_set_item(%d, %b, %x)
  return (%t)
)IR");
  std::shared_ptr<torch::jit::Graph> original = g->copy();
  ASSERT_TRUE(PruneBranches(*g).ok());
  EXPECT_EQ(CountKind(*g, "aten::_set_item"), 2) << *g;
  const at::Tensor x = torch::randn({2});
  torch::jit::Stack a{x};
  torch::jit::Code code(g, "pruned");
  torch::jit::InterpreterState(code).run(a);
  EXPECT_EQ(a[0].toTupleRef().elements()[0].toGenericDict().size(), 2u);
}

// A copy of a constant list whose items are assigned (Swin's `shift_size = self.shift_size.copy();
// shift_size[0] = 0`) folds: each read sees the items assigned before it, and the sum deciding
// the If becomes a constant. A negative index counts from the end; an index outside the list,
// or a list assigned inside a branch, is left.
TEST(PruneBranchesTest, ListCopiedAndAssignedFolds) {
  const std::string ir = R"IR(
graph(%x : Float(2, 3, strides=[3, 1], requires_grad=0, device=cpu), %flag : bool):
  %zero : int = prim::Constant[value=0]()
  %minus_one : int = prim::Constant[value=-1]()
  %c : int[] = prim::Constant[value=[3, 4]]()
  %s : int[] = aten::copy(%c)
  %before : int = aten::sum(%s)
  %s1 : int[] = aten::_set_item(%s, %zero, %zero)
  %s2 : int[] = aten::_set_item(%s, %minus_one, %zero)
  %after : int = aten::sum(%s)
  %positive : bool = aten::gt(%after, %zero)
  %r : Tensor = prim::If(%positive)
    block0():
      %n : Tensor = aten::neg(%x)
      -> (%n)
    block1():
      -> (%x)
  %branch : int[] = aten::copy(%c)
  prim::If(%flag)
    block0():
      %b1 : int[] = aten::_set_item(%branch, %zero, %zero)
      -> ()
    block1():
      -> ()
  %t : (Tensor, int, int[]) = prim::TupleConstruct(%r, %before, %branch)
  return (%t)
)IR";
  std::shared_ptr<torch::jit::Graph> g = ParseIrUnchecked(ir);
  std::shared_ptr<torch::jit::Graph> original = g->copy();
  absl::StatusOr<bool> pruned = PruneBranches(*g);
  ASSERT_TRUE(pruned.ok()) << pruned.status();
  torch::jit::EliminateDeadCode(g);
  EXPECT_EQ(CountKind(*g, "aten::_set_item"), 1) << *g;  // %branch's
  EXPECT_EQ(CountKind(*g, "aten::sum"), 0) << *g;
  EXPECT_EQ(CountKind(*g, "aten::neg"), 0) << *g;  // sum([0, 0]) > 0 is false: %x itself
  const at::Tensor x = torch::randn({2, 3});
  for (bool flag : {true, false}) {
    torch::jit::Stack a{x, flag}, b{x, flag};
    torch::jit::Code ca(g, "pruned"), cb(original, "original");
    torch::jit::InterpreterState(ca).run(a);
    torch::jit::InterpreterState(cb).run(b);
    const auto got = a[0].toTupleRef().elements(), want = b[0].toTupleRef().elements();
    EXPECT_TRUE(torch::equal(got[0].toTensor(), want[0].toTensor()));
    EXPECT_EQ(got[1].toInt(), 7);
    EXPECT_EQ(got[2].toIntVector(), want[2].toIntVector());
  }

  // An index outside the list raises when it runs: the assignment stays.
  g = ParseIrUnchecked(R"IR(
graph(%x : Tensor):
  %zero : int = prim::Constant[value=0]()
  %two : int = prim::Constant[value=2]()
  %c : int[] = prim::Constant[value=[3, 4]]()
  %s : int[] = aten::copy(%c)
  %s1 : int[] = aten::_set_item(%s, %two, %zero)
  return (%s)
)IR");
  pruned = PruneBranches(*g);
  ASSERT_TRUE(pruned.ok()) << pruned.status();
  EXPECT_EQ(CountKind(*g, "aten::_set_item"), 1) << *g;
}

// Writes to a list of constants in its own block (what `s = list(x.shape); s.pop(); ...` becomes
// once the sizes fold) run at lowering time: each read gets the list as written before it, pop's
// item becomes a constant. A write inside a loop stops it there: the loop gets a fresh list of the
// contents so far, and its reads inside see the loop's own writes.
TEST(PruneBranchesTest, ConstantListWritesRunInProgramOrder) {
  const std::string ir = R"IR(
graph(%n : int):
  %zero : int = prim::Constant[value=0]()
  %one : int = prim::Constant[value=1]()
  %seven : int = prim::Constant[value=7]()
  %minus_one : int = prim::Constant[value=-1]()
  %true : bool = prim::Constant[value=1]()
  %c : int[] = prim::Constant[value=[2, 3, 4]]()
  %tail : int[] = prim::Constant[value=[5, 6]]()
  %s : int[] = aten::list(%c)
  %last : int = aten::pop(%s, %minus_one)
  %before : int = aten::len(%s)
  aten::insert(%s, %one, %seven)
  aten::Delete(%s, %zero)
  %after_delete : int[] = aten::list(%s)
  aten::reverse(%s)
  %added : int[] = aten::add_(%s, %tail)
  %l : int[] = prim::Loop(%n, %true, %zero)
    block0(%i : int, %acc : int):
      %first : int = aten::__getitem__(%s, %zero)
      %k : int[] = aten::append(%s, %first)
      %acc2 : int = aten::add(%acc, %first)
      -> (%true, %acc2)
  %t : (int, int, int[], int[], int) = prim::TupleConstruct(%last, %before, %after_delete, %s, %l)
  return (%t)
)IR";
  std::shared_ptr<torch::jit::Graph> g = ParseIrUnchecked(ir);
  std::shared_ptr<torch::jit::Graph> original = g->copy();
  absl::StatusOr<bool> pruned = PruneBranches(*g);
  ASSERT_TRUE(pruned.ok()) << pruned.status();
  ASSERT_TRUE(*pruned);
  torch::jit::EliminateDeadCode(g);
  for (const char* kind :
       {"aten::pop", "aten::len", "aten::insert", "aten::Delete", "aten::reverse", "aten::add_"}) {
    EXPECT_EQ(CountKind(*g, kind), 0) << kind << "\n" << *g;
  }
  EXPECT_EQ(CountKind(*g, "aten::append"), 1) << *g;  // in the loop
  for (int64_t n : {0, 1, 3}) {
    torch::jit::Stack a{n}, b{n};
    torch::jit::Code ca(g, "pruned"), cb(original, "original");
    torch::jit::InterpreterState(ca).run(a);
    torch::jit::InterpreterState(cb).run(b);
    const auto got = a[0].toTupleRef().elements(), want = b[0].toTupleRef().elements();
    EXPECT_EQ(got[0].toInt(), 4);
    EXPECT_EQ(got[1].toInt(), 2);
    EXPECT_EQ(got[2].toIntVector(), (std::vector<int64_t>{7, 3}));
    EXPECT_EQ(got[3].toIntVector(), want[3].toIntVector()) << n;
    EXPECT_EQ(got[4].toInt(), want[4].toInt()) << n;
  }
}

// List ops on constants whose result is returned become prim::ListConstructs of constants: a new
// list on each run, as the op made, which the caller may write without touching the next run's.
TEST(PruneBranchesTest, ReturnedListsOfConstantsBecomeListConstructs) {
  const std::string ir = R"IR(
graph():
  %two : int = prim::Constant[value=2]()
  %c : int[] = prim::Constant[value=[4, 6]]()
  %one : int[] = prim::Constant[value=[1]]()
  %a : int[] = aten::add(%c, %one)
  %b : int[] = aten::sorted(%c)
  %d : int[] = aten::mul(%c, %two)
  %e : int[] = aten::list(%c)
  %t : (int[], int[], int[], int[]) = prim::TupleConstruct(%a, %b, %d, %e)
  return (%t)
)IR";
  std::shared_ptr<torch::jit::Graph> g = ParseIrUnchecked(ir);
  absl::StatusOr<bool> pruned = PruneBranches(*g);
  ASSERT_TRUE(pruned.ok()) << pruned.status();
  ASSERT_TRUE(*pruned);
  torch::jit::EliminateDeadCode(g);
  for (const char* kind : {"aten::add", "aten::sorted", "aten::mul", "aten::list"}) {
    EXPECT_EQ(CountKind(*g, kind), 0) << kind << "\n" << *g;
  }
  EXPECT_EQ(CountKind(*g, "prim::ListConstruct"), 4) << *g;
  torch::jit::Code code(g, "pruned");
  torch::jit::Stack first, second;
  torch::jit::InterpreterState(code).run(first);
  const auto lists = first[0].toTupleRef().elements();
  EXPECT_EQ(lists[0].toIntVector(), (std::vector<int64_t>{4, 6, 1}));
  EXPECT_EQ(lists[1].toIntVector(), (std::vector<int64_t>{4, 6}));
  EXPECT_EQ(lists[2].toIntVector(), (std::vector<int64_t>{4, 6, 4, 6}));
  EXPECT_EQ(lists[3].toIntVector(), (std::vector<int64_t>{4, 6}));
  lists[0].toList().push_back(99);
  torch::jit::InterpreterState(code).run(second);
  EXPECT_EQ(second[0].toTupleRef().elements()[0].toIntVector(), (std::vector<int64_t>{4, 6, 1}));
}

// A list read between two appends folds to the list of each read's point; a list appended to
// inside a branch is not folded (its value depends on the branch); nor is a tensor op on constants
// in a graph that writes (alias analysis would be needed), while int arithmetic on constants is.
TEST(PruneBranchesTest, ListsAppendedInBranchesAndTensorsStay) {
  const std::string ir = R"IR(
graph(%x : Float(2, 3, strides=[3, 1], requires_grad=0, device=cpu), %flag : bool):
  %one : int = prim::Constant[value=1]()
  %two : int = prim::Constant[value=2]()
  %size : int[] = prim::Constant[value=[2, 3]]()
  %none : NoneType = prim::Constant()
  %l : int[] = prim::ListConstruct()
  %a1 : int[] = aten::append(%l, %one)
  %n1 : int = aten::len(%l)
  %a2 : int[] = aten::append(%l, %two)
  %m : int[] = prim::ListConstruct()
  %a3 : int[] = aten::append(%m, %one)
  prim::If(%flag)
    block0():
      %a4 : int[] = aten::append(%m, %two)
      -> ()
    block1():
      -> ()
  %n2 : int = aten::len(%m)
  %n3 : int = aten::len(%l)
  %k : int = aten::mul(%two, %two)
  %s1 : int = aten::add(%n1, %n2)
  %s2 : int = aten::add(%s1, %n3)
  %s : int = aten::add(%s2, %k)
  %z : Tensor = aten::zeros(%size, %none, %none, %none, %none)
  %w : Tensor = aten::add_(%z, %x, %one)
  %y : Tensor = aten::mul(%w, %s)
  return (%y)
)IR";
  std::shared_ptr<torch::jit::Graph> g = ParseIrUnchecked(ir);
  std::shared_ptr<torch::jit::Graph> original = g->copy();
  ASSERT_TRUE(PruneBranches(*g).ok());
  std::vector<std::string> kinds = KindsOf(*g);
  // %l's are folded; %m's first append runs at lowering time (FoldConstantListWrites: %m is made
  // afresh as [1] before the If), the one in the If stays.
  EXPECT_EQ(std::count(kinds.begin(), kinds.end(), "aten::append"), 0) << *g;
  EXPECT_EQ(CountKind(*g, "aten::append"), 1) << *g;
  EXPECT_EQ(std::count(kinds.begin(), kinds.end(), "aten::zeros"), 1) << *g;
  EXPECT_EQ(std::count(kinds.begin(), kinds.end(), "aten::mul"), 1) << *g;  // 2 * 2 folded
  const at::Tensor x = torch::randn({2, 3});
  for (bool flag : {true, false}) {
    torch::jit::Stack a{x, flag}, b{x, flag};
    torch::jit::Code ca(g, "pruned"), cb(original, "original");
    torch::jit::InterpreterState(ca).run(a);
    torch::jit::InterpreterState(cb).run(b);
    EXPECT_TRUE(torch::equal(a[0].toTensor(), b[0].toTensor())) << flag;
    // 1 + (flag ? 2 : 1) + 2 + 4
    EXPECT_TRUE(torch::equal(a[0].toTensor(), x * (flag ? 9 : 8))) << flag;
  }
}

// Loops of `outer` trips holding loops of `inner` trips, each inner body one aten::add of the
// loop-carried tensor.
std::string NestedLoops(int outer, int inner) {
  return "graph(%x : Tensor):\n"
         "  %t : bool = prim::Constant[value=1]()\n"
         "  %one : int = prim::Constant[value=1]()\n"
         "  %no : int = prim::Constant[value=" +
         std::to_string(outer) +
         "]()\n"
         "  %ni : int = prim::Constant[value=" +
         std::to_string(inner) +
         "]()\n"
         "  %r : Tensor = prim::Loop(%no, %t, %x)\n"
         "    block0(%i : int, %a : Tensor):\n"
         "      %b : Tensor = prim::Loop(%ni, %t, %a)\n"
         "        block0(%j : int, %c : Tensor):\n"
         "          %d : Tensor = aten::add(%c, %c, %one)\n"
         "          -> (%t, %d)\n"
         "      -> (%t, %b)\n"
         "  return (%r)\n";
}

TEST(UnrollSmallConstantLoopsTest, SmallLoopsUnrollAndLargeOnesStayWhole) {
  // 3 x 4 trips: both unrolled, 12 adds, as eager computes.
  auto small = ParseIrUnchecked(NestedLoops(3, 4));
  EXPECT_TRUE(UnrollSmallConstantLoops(small));
  EXPECT_EQ(CountKind(*small, "prim::Loop"), 0) << *small;
  EXPECT_EQ(CountKind(*small, "aten::add"), 12) << *small;
  const at::Tensor x = torch::ones({2});
  EXPECT_TRUE(RunOne(small, {x}).equal(x * 4096));

  // An inner loop of 100010 trips stays whole, with its trip count, in each copy the unrolled
  // outer loop makes, and calling again changes nothing (libtorch alone would unroll it by 8
  // on each call).
  auto large = ParseIrUnchecked(NestedLoops(3, 100010));
  EXPECT_TRUE(UnrollSmallConstantLoops(large));
  EXPECT_EQ(CountKind(*large, "prim::Loop"), 3) << *large;
  EXPECT_FALSE(UnrollSmallConstantLoops(large));
  EXPECT_EQ(CountKind(*large, "aten::add"), 3) << *large;
  for (torch::jit::Node* loop : large->nodes()) {
    if (loop->kind() != c10::prim::Loop) continue;
    EXPECT_EQ(torch::jit::constant_as<int64_t>(loop->input(0)), 100010) << *large;
  }

  // 64 trips (libtorch's limit for unrolling entirely) stay; over the node budget, the inner loop
  // (40 nodes unrolled) is unrolled and the outer one (40 x 40) stays.
  auto trips64 = ParseIrUnchecked(NestedLoops(1, 64));
  UnrollSmallConstantLoops(trips64);
  EXPECT_EQ(CountKind(*trips64, "prim::Loop"), 1) << *trips64;
  auto budget = ParseIrUnchecked(NestedLoops(40, 40));
  UnrollSmallConstantLoops(budget, /*max_unrolled_nodes=*/1000);
  EXPECT_EQ(CountKind(*budget, "prim::Loop"), 1) << *budget;
  EXPECT_EQ(CountKind(*budget, "aten::add"), 40) << *budget;
}

}  // namespace
}  // namespace graph_lower
