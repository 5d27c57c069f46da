// Tests of ir/: OpKey, schema lookup, text IR, archives, node signatures.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <torch/csrc/jit/api/function_impl.h>
#include <torch/csrc/jit/api/module.h>
#include <torch/csrc/jit/runtime/interpreter.h>
#include <torch/csrc/jit/serialization/import.h>
#include <torch/csrc/jit/serialization/pickle.h>
#include <torch/script.h>
#include <torch/torch.h>

#include <filesystem>
#include <fstream>

#include "absl/container/flat_hash_set.h"
#include "absl/hash/hash.h"
#include "absl/strings/str_cat.h"
#include "ir/errors.h"
#include "ir/exported_program.h"
#include "ir/graph_io.h"
#include "ir/graph_io_internal.h"
#include "ir/mutation.h"
#include "ir/node_signature.h"
#include "ir/op_key.h"
#include "ir/pickle_check.h"
#include "ir/torch_version.h"
#include "testing/graph_testing.h"

namespace graph_lower {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;

constexpr char kAddRelu[] = R"IR(
graph(%x : Float(2, 3, strides=[3, 1], requires_grad=0, device=cpu),
      %y : Float(2, 3, strides=[3, 1], requires_grad=0, device=cpu)):
  %one : int = prim::Constant[value=1]()
  %s : Tensor = aten::add(%x, %y, %one)
  %r : Tensor = aten::relu(%s)
  return (%r)
)IR";

std::string TempPath(const std::string& name) {
  return (std::filesystem::path(::testing::TempDir()) / name).string();
}

void WriteBytes(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

// A graph of inputs %x (Tensor) and %c (bool) and a constant %one, with `body` after them.
std::shared_ptr<torch::jit::Graph> ParseBody(const std::string& body) {
  return test_util::ParseIr(
      "graph(%x : Tensor, %c : bool):\n  %one : int = prim::Constant[value=1]()\n" + body);
}

// AnyNodeWrites: mutable schemas are found in nested blocks too; functional ops, containers and
// constants do not write (their kinds have no mutable overload, so no schema is looked up).
TEST(MutationTest, AnyNodeWritesFindsMutableSchemasAtAnyDepth) {
  EXPECT_FALSE(AnyNodeWrites(
      *ParseBody(
           "  %y : Tensor = aten::add(%x, %x, %one)\n  %l : Tensor[] = prim::ListConstruct(%y)\n"
           "  return (%l)\n")
           ->block()));
  EXPECT_TRUE(AnyNodeWrites(
      *ParseBody("  %y : Tensor = aten::add_(%x, %x, %one)\n  return (%y)\n")->block()));
  // Only an overload taking as many arguments as the node has inputs can match it: a 3-input
  // aten::add is add.Tensor, which does not write; a 4-input one is add.out, which does.
  EXPECT_TRUE(AnyNodeWrites(
      *ParseBody("  %y : Tensor = aten::add(%x, %x, %one, %x)\n  return (%y)\n")->block()));
  EXPECT_TRUE(AnyNodeWrites(*ParseBody("  %y : Tensor = prim::If(%c)\n    block0():\n"
                                       "      %a : Tensor = aten::relu_(%x)\n      -> (%a)\n"
                                       "    block1():\n      -> (%x)\n  return (%y)\n")
                                 ->block()));
  EXPECT_FALSE(AnyNodeWrites(*ParseBody("  %y : Tensor = prim::If(%c)\n    block0():\n"
                                        "      %a : Tensor = aten::relu(%x)\n      -> (%a)\n"
                                        "    block1():\n      -> (%x)\n  return (%y)\n")
                                  ->block()));
  // aten::append has only a mutable overload; a list built and appended to writes.
  EXPECT_TRUE(AnyNodeWrites(*ParseBody("  %l : Tensor[] = prim::ListConstruct()\n"
                                       "  %m : Tensor[] = aten::append(%l, %x)\n  return (%m)\n")
                                 ->block()));
}

// ContainedBefore: a list literal or an append before the write holds the written value; a plain
// read before it, or a literal after it, does not. EliminateDeadCodeKeepingContainedWrites keeps
// a write whose result nothing reads when a returned list holds its tensor, and leaves no
// keep-alive node behind.
TEST(MutationTest, WritesToTensorsAContainerHoldsAreSeenAndKept) {
  const std::string write = "  %w : Tensor = aten::add_(%y, %one, %one)\n";
  auto contained = [&](const std::string& before, const std::string& after) {
    auto g = ParseBody("  %y : Tensor = aten::add(%x, %one, %one)\n" + before + write + after);
    for (torch::jit::Node* n : g->nodes()) {
      if (n->kind() == c10::Symbol::fromQualString("aten::add_")) {
        return ContainedBefore(n->input(0), n);
      }
    }
    return false;
  };
  EXPECT_TRUE(contained("  %l : Tensor[] = prim::ListConstruct(%y)\n", "  return (%l)\n"));
  EXPECT_TRUE(
      contained("  %l : Tensor[] = prim::ListConstruct()\n"
                "  %m : Tensor[] = aten::append(%l, %y)\n",
                "  return (%l)\n"));
  EXPECT_FALSE(contained("  %r : Tensor = aten::neg(%y)\n", "  return (%r)\n"));
  EXPECT_FALSE(contained("", "  %l : Tensor[] = prim::ListConstruct(%y)\n  return (%l)\n"));
  // A view of the written tensor, or the base of a view, held by a container.
  const std::string zero =
      "  %zero : int = prim::Constant[value=0]()\n  %none : NoneType = prim::Constant()\n";
  EXPECT_TRUE(contained(zero + "  %v : Tensor = aten::select(%y, %zero, %zero)\n"
                               "  %l : Tensor[] = prim::ListConstruct(%v)\n",
                        "  return (%l)\n"));
  EXPECT_FALSE(contained(zero + "  %v : Tensor = aten::select(%y, %zero, %zero)\n"
                                "  %c : Tensor = aten::clone(%v, %none)\n"
                                "  %l : Tensor[] = prim::ListConstruct(%c)\n",
                         "  return (%l)\n"));

  auto g = ParseBody(
      "  %y : Tensor = aten::add(%x, %one, %one)\n"
      "  %l : Tensor[] = prim::ListConstruct(%y)\n" +
      write + "  return (%l)\n");
  EliminateDeadCodeKeepingContainedWrites(g);
  EXPECT_EQ(test_util::CountKind(*g, "aten::add_"), 1) << *g;
  EXPECT_EQ(test_util::CountKind(*g, "prim::Print"), 0) << *g;
}

// AnyNodeChangesMetadataInPlace: in-place ops that change sizes, strides or storage, at any
// depth; element writes (add_, append) do not count.
TEST(MutationTest, AnyNodeChangesMetadataInPlaceFindsTransposesAndResizes) {
  EXPECT_FALSE(AnyNodeChangesMetadataInPlace(
      *ParseBody(
           "  %y : Tensor = aten::add_(%x, %x, %one)\n  %l : Tensor[] = prim::ListConstruct()\n"
           "  %m : Tensor[] = aten::append(%l, %y)\n  return (%m)\n")
           ->block()));
  EXPECT_TRUE(AnyNodeChangesMetadataInPlace(
      *ParseBody("  %y : Tensor = aten::t_(%x)\n  return (%y)\n")->block()));
  // set_data replaces the tensor's data, sizes included.
  EXPECT_TRUE(AnyNodeChangesMetadataInPlace(
      *ParseBody("   = aten::set_data(%x, %x)\n  return (%x)\n")->block()));
  // An out= overload resizes its out argument.
  EXPECT_TRUE(AnyNodeChangesMetadataInPlace(
      *ParseBody("  %y : Tensor = aten::add(%x, %x, %one, %x)\n  return (%y)\n")->block()));
  EXPECT_TRUE(AnyNodeChangesMetadataInPlace(
      *ParseBody("  %y : Tensor = prim::If(%c)\n    block0():\n"
                 "      %a : Tensor = aten::unsqueeze_(%x, %one)\n      -> (%a)\n"
                 "    block1():\n      -> (%x)\n  return (%y)\n")
           ->block()));
}

// A program as LoadExportedProgram makes it from an archive of one user input x: f32[2, 3] and
// one user output, with `graph` as its (lowered) graph.
Program ExportedProgramOf(std::shared_ptr<torch::jit::Graph> graph) {
  auto source = std::make_shared<ExportedProgramSource>();
  const nlohmann::json meta = {{"dtype", 7},
                               {"sizes", {{{"as_int", 2}}, {{"as_int", 3}}}},
                               {"requires_grad", false},
                               {"device", {{"type", "cpu"}}},
                               {"strides", {{{"as_int", 3}}, {{"as_int", 1}}}},
                               {"storage_offset", {{"as_int", 0}}},
                               {"layout", 7}};
  source->program = {
      {"graph_module",
       {{"graph",
         {{"inputs", {{{"as_tensor", {{"name", "x"}}}}}},
          {"outputs", {{{"as_tensor", {{"name", "r"}}}}}},
          {"nodes", nlohmann::json::array()},
          {"tensor_values", {{"x", meta}}}}},
        {"signature",
         {{"input_specs", {{{"user_input", {{"arg", {{"as_tensor", {{"name", "x"}}}}}}}}}},
          {"output_specs", {{{"user_output", {{"arg", {{"as_tensor", {{"name", "r"}}}}}}}}}}}}}},
      {"schema_version", {{"major", 8}, {"minor", 2}}},
      {"range_constraints", nlohmann::json::object()},
      {"verifiers", {"TRAINING"}}};
  source->input_specs = {0};
  Program program;
  program.graph = std::move(graph);
  program.source = "test.pt2";
  program.sample_inputs = std::vector<c10::IValue>{torch::randn({2, 3})};
  program.exported = std::move(source);
  return program;
}

TEST(ExportedProgramTest, WrittenProgramReadsBackWithItsOpsAndSignature) {
  Program program = ExportedProgramOf(test_util::ParseIr(R"IR(
graph(%x : Tensor):
  %one : int = prim::Constant[value=1]()
  %c : Double(requires_grad=0, device=cpu) = prim::Constant[value={2.5}]()
  %s : Tensor = aten::add(%x, %c, %one)
  %r : Tensor = aten::relu(%s)
  return (%r)
)IR"));
  const std::string path = TempPath("written.pt2");
  ASSERT_TRUE(SaveExportedProgram(*program.graph, program, {}, path).ok());
  absl::StatusOr<Program> back = LoadExportedProgram(path);
  ASSERT_TRUE(back.ok()) << back.status();
  // The tensor constant is lifted to an input after the user input, named as torch.export names
  // lifted constants.
  ASSERT_EQ(back->graph->inputs().size(), 2);
  ASSERT_EQ(back->lifted.size(), 1);
  EXPECT_EQ(back->lifted[0].name, "lifted_tensor_0");
  EXPECT_EQ(back->lifted[0].value.item<double>(), 2.5);
  std::vector<std::string> ops;
  for (const torch::jit::Node* n : back->graph->nodes()) {
    if (n->kind() != c10::prim::Constant) ops.push_back(n->kind().toQualString());
  }
  EXPECT_THAT(ops, ::testing::ElementsAre("aten::add", "aten::relu"));
  std::filesystem::remove(path);
}

TEST(ExportedProgramTest, ControlFlowAndProgramsNotFromAnArchiveAreRefused) {
  Program program = ExportedProgramOf(test_util::ParseIr(R"IR(
graph(%x : Tensor):
  %t : bool = prim::Constant[value=1]()
  %r : Tensor = prim::If(%t)
    block0():
      %a : Tensor = aten::relu(%x)
      -> (%a)
    block1():
      -> (%x)
  return (%r)
)IR"));
  const std::string path = TempPath("refused.pt2");
  absl::Status s = SaveExportedProgram(*program.graph, program, {}, path);
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(s.message(), HasSubstr("control flow (prim::If)"));
  EXPECT_FALSE(std::filesystem::exists(path));
  program.exported.reset();
  s = SaveExportedProgram(*program.graph, program, {}, path);
  EXPECT_THAT(s.message(), HasSubstr("no torch.export signature"));
  EXPECT_FALSE(std::filesystem::exists(path));
}

TEST(ErrorsTest, InterpreterFailuresKeepTheOpsOwnError) {
  // A real interpreter failure, from compiled TorchScript (which carries the source traceback).
  std::shared_ptr<torch::jit::CompilationUnit> cu =
      torch::jit::compile("def f(x, w):\n    return torch.mm(x + 1, w)\n");
  std::string message;
  try {
    cu->get_function("f")({torch::randn({3, 8}), torch::randn({4, 3})});
  } catch (const std::exception& e) {
    EXPECT_THAT(e.what(), HasSubstr("The following operation failed"));
    message = ExceptionMessage(e);
  }
  EXPECT_THAT(message, HasSubstr("mat1 and mat2 shapes cannot be multiplied (3x8 and 4x3)"));
  EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  EXPECT_EQ(CauseLine("plain error\nsecond line"), "plain error");
}

TEST(ErrorsTest, BytesThatAreNotUtf8AreEscaped) {
  // As libtorch quotes a damaged archive: "expected a valid token but found '\x90' here".
  EXPECT_EQ(FirstLine("found '\x90' here\nmore"), "found '\\x90' here");
  EXPECT_EQ(PrintableText("caf\xc3\xa9 \xe2\x86\x92 ok"), "caf\xc3\xa9 \xe2\x86\x92 ok");
  EXPECT_EQ(PrintableText("bell\x07 tab\t del\x7f"), "bell\\x07 tab\t del\\x7f");
  EXPECT_EQ(PrintableText("overlong \xc0\xaf, surrogate \xed\xa0\x80, cut \xe2\x86"),
            "overlong \\xc0\\xaf, surrogate \\xed\\xa0\\x80, cut \\xe2\\x86");
  EXPECT_EQ(PrintableText(std::string("nul\0byte", 8)), "nul\\x00byte");
}

absl::Status CheckBytes(const std::vector<char>& bytes) {
  return CheckPickle(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
}

TEST(PickleCheckTest, AcceptsWhatTorchPickles) {
  c10::impl::GenericList list(c10::AnyType::get());
  list.push_back(c10::IValue("a string"));
  list.push_back(c10::IValue(3.5));
  list.push_back(c10::IValue(int64_t{1} << 40));
  list.push_back(c10::IValue(torch::ones({2, 3})));
  list.push_back(c10::IValue(c10::ivalue::Tuple::create({c10::IValue(true), c10::IValue()})));
  std::vector<at::Tensor> tensors;
  const absl::Status s = CheckBytes(torch::jit::pickle(c10::IValue(list), &tensors));
  EXPECT_TRUE(s.ok()) << s;
  EXPECT_EQ(tensors.size(), 1u);
}

TEST(PickleCheckTest, RejectsSizesThatCannotFit) {
  // PROTO 2, LONG_BINPUT 0x10101000 (a damaged archive's memo index: 8.6 GB reserved), STOP.
  const std::vector<char> memo = {'\x80', 2, 'N', 'r', 0x00, 0x10, 0x10, 0x10, '.'};
  EXPECT_EQ(CheckBytes(memo).message(),
            "opcode 'r' at byte 3: memo index 269488128 is beyond a record of 9 bytes");
  // BINUNICODE declaring 1 GB with three bytes left.
  const std::vector<char> text = {'\x80', 2, 'X', 0, 0, 0, 0x40, 'a', 'b', '.'};
  EXPECT_EQ(CheckBytes(text).message(),
            "opcode 'X' at byte 2: declares 1073741824 bytes; the record has 3 left");
  EXPECT_EQ(CheckBytes({'\x80', 2, 'J', 1, 2}).message(),
            "opcode 'J' at byte 2: its argument runs past the end of the record");
  EXPECT_EQ(CheckBytes({'\x80', 2, 'N'}).message(), "the pickle has no STOP opcode");
  EXPECT_EQ(CheckBytes({'\x80', 2, '\xff', '.'}).message(),
            "opcode 0xff at byte 2: not a pickle opcode");
  EXPECT_EQ(CheckBytes({'c', 'm', 'o', 'd', '\n', 'x', '.'}).message(),
            "opcode 'c' at byte 0: its argument has no end of line before the end of the record");
}

TEST(OpKeyTest, ParsesAndPrints) {
  absl::StatusOr<OpKey> k = OpKey::Parse("aten::add.Tensor");
  ASSERT_TRUE(k.ok()) << k.status();
  EXPECT_EQ(k->name, "aten::add");
  EXPECT_EQ(k->overload, "Tensor");
  EXPECT_EQ(k->ToString(), "aten::add.Tensor");
  EXPECT_EQ(k->Namespace(), "aten");

  absl::StatusOr<OpKey> t = OpKey::Parse(" aten::t.default ");
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(t->overload, "");
  EXPECT_EQ(t->ToString(), "aten::t");
  EXPECT_EQ(*t, *OpKey::Parse("aten::t"));
}

TEST(OpKeyTest, RejectsMalformedNames) {
  for (const char* bad : {"", "add", "::add", "aten::", "aten::add.", "aten::a-b", "aten add"}) {
    EXPECT_FALSE(OpKey::Parse(bad).ok()) << bad;
  }
}

TEST(OpKeyTest, FindsSchemasAndExplainsMisses) {
  absl::StatusOr<c10::FunctionSchema> s = FindOperatorSchema(*OpKey::Parse("aten::add.Tensor"));
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ(s->arguments().size(), 3u);

  absl::StatusOr<c10::FunctionSchema> miss = FindOperatorSchema(*OpKey::Parse("aten::add.Nope"));
  ASSERT_FALSE(miss.ok());
  EXPECT_THAT(std::string(miss.status().message()), HasSubstr("has no overload 'Nope'"));
  EXPECT_THAT(std::string(miss.status().message()), HasSubstr("Tensor"));

  absl::StatusOr<c10::FunctionSchema> none = FindOperatorSchema(*OpKey::Parse("aten::no_such_op"));
  ASSERT_FALSE(none.ok());
  EXPECT_THAT(std::string(none.status().message()), HasSubstr("no operator named"));
}

// Only a listed overload that the running libtorch lacks is excused (ir/torch_version.h);
// a misspelt or unknown one is not, and a registered one never is.
TEST(TorchVersionTest, OnlyAListedOverloadMissingFromThisTorchCountsAsRemoved) {
  const bool has_cholesky = FindOperatorSchema(*OpKey::Parse("aten::cholesky")).ok();
  EXPECT_EQ(IsOverloadRemovedFromRunningTorch("aten::cholesky"), !has_cholesky);
  EXPECT_FALSE(IsOverloadRemovedFromRunningTorch("aten::cholesky_typo"));
  EXPECT_FALSE(IsOverloadRemovedFromRunningTorch("aten::add.Tensor"));
  EXPECT_GE(kTorchVersionMajor * 100 + kTorchVersionMinor, 206);
}

TEST(OpKeyTest, KeyOfNodeUsesItsSchemaOverload) {
  absl::StatusOr<std::shared_ptr<torch::jit::Graph>> g = ParseGraphText(kAddRelu, "add_relu");
  ASSERT_TRUE(g.ok()) << g.status();
  std::vector<std::string> keys;
  for (torch::jit::Node* n : (*g)->nodes()) keys.push_back(OpKey::Of(*n).ToString());
  EXPECT_THAT(keys, ::testing::ElementsAre("prim::Constant", "aten::add.Tensor", "aten::relu"));
  absl::flat_hash_set<OpKey> set = {*OpKey::Parse("aten::relu"), *OpKey::Parse("aten::relu")};
  EXPECT_EQ(set.size(), 1u);
}

TEST(TextIrTest, RoundTrips) {
  absl::StatusOr<std::shared_ptr<torch::jit::Graph>> g = ParseGraphText(kAddRelu, "add_relu");
  ASSERT_TRUE(g.ok()) << g.status();
  const std::string text = GraphToText(**g);
  absl::StatusOr<std::shared_ptr<torch::jit::Graph>> again = ParseGraphText(text, "printed");
  ASSERT_TRUE(again.ok()) << again.status() << "\n" << text;
  EXPECT_EQ(GraphToText(**again), text);
}

TEST(TextIrTest, NodesWithoutOutputsRoundTrip) {
  // A prim::If that only raises has no outputs; the JIT prints it as "= prim::If(...)", which its
  // parser rejects.
  constexpr char kRaises[] = R"IR(
graph(%x : Tensor, %flag : bool):
  %msg : str = prim::Constant[value="bad"]()
  %cls : NoneType = prim::Constant()
  prim::If(%flag)
    block0():
      prim::RaiseException(%msg, %cls)
      -> ()
    block1():
      -> ()
  %y : Tensor = aten::relu(%x)
  return (%y)
)IR";
  absl::StatusOr<std::shared_ptr<torch::jit::Graph>> g = ParseGraphText(kRaises, "raises");
  ASSERT_TRUE(g.ok()) << g.status();
  const std::string text = GraphToText(**g);
  EXPECT_THAT(text, HasSubstr("\n  prim::If(%flag)\n"));
  absl::StatusOr<std::shared_ptr<torch::jit::Graph>> again = ParseGraphText(text, "printed");
  ASSERT_TRUE(again.ok()) << again.status() << "\n" << text;
  EXPECT_EQ(GraphToText(**again), text);
}

TEST(TextIrTest, UnknownTypeNameIsAnError) {
  // The parser takes "iFnt" for a type variable, on which passes later throw.
  absl::StatusOr<std::shared_ptr<torch::jit::Graph>> g = ParseGraphText(
      "graph(%x : Tensor):\n  %2 : iFnt = prim::Constant[value=1]()\n  return (%x)\n", "typo.ir");
  ASSERT_FALSE(g.ok());
  // The parser renumbers values, so the name is %1 (the only other value is %x).
  EXPECT_EQ(std::string(g.status().message()),
            "typo.ir: invalid text IR: %1 has an unknown type 'iFnt'");
}

TEST(TextIrTest, PrimNodesThatTextIrCannotHoldAreErrors) {
  // libtorch's parser and Graph::lint take any prim node, and passes then assert or crash
  // (prim::PythonOp segfaults inside the parser itself).
  const std::pair<const char*, const char*> cases[] = {
      {"%y : Tensor = prim::PythonOp(%x)", "prim::PythonOp (a call into Python) cannot be read"},
      {"%y : Tensor = prim::CallFunction(%x, %x)",
       "prim::CallFunction (outputs %1): a node for "
       "objects, attributes or calls"},
      {"%y : Tensor = prim::GetAttr[name=\"weight\"](%x)",
       "prim::GetAttr (outputs %1): a node for"},
      {"%y : Tensor = prim::Param(%x)", "prim::Param (outputs %1): a node for"},
      {"%y : Tensor = prim::profile(%x)",
       "prim::profile (outputs %1): a node that profiling, "
       "fusion or static runtime makes"},
      {"%y : Tensor = prim::TupleIndex(%x, %x)",
       "prim::TupleIndex (outputs %1): its arguments (Tensor, Tensor) fit none of its overloads"},
      {"%y : Tensor = prim::TupleUnpack(%x)", "prim::TupleUnpack (outputs %1): it needs a Tuple"},
      {"%y : Tensor = prim::ListUnpack(%x)",
       "prim::ListUnpack (outputs %1): it needs one input "
       "of a List type"},
      {"%y : Tensor = prim::ListConstruct(%x)", "it needs one output of a List type"},
      {"%y : Tensor = prim::Constant[value=3]()",
       "prim::Constant (outputs %1): its value does not fit its type Tensor"},
      {"%y : int = prim::Constant[value=1.5]()", "its value is of type float, not int"},
      {"%y : (Tensor, Tensor) = prim::TupleConstruct(%x)",
       "it makes a tuple of 2 elements from 1 inputs"},
      {"prim::RaiseException(%x)", "prim::RaiseException (outputs none): its arguments (Tensor)"},
      {"%y : int[] = prim::tolist(%x)", "it takes (Tensor, int dim, int element type)"},
      {"%y : int = prim::isinstance[types=[Tensor]](%x)", "it takes one value and gives one bool"},
  };
  for (const auto& [node, message] : cases) {
    const std::string text = absl::StrCat("graph(%x : Tensor):\n  ", node, "\n  return (%x)\n");
    absl::StatusOr<std::shared_ptr<torch::jit::Graph>> g = ParseGraphText(text, "p.ir");
    ASSERT_FALSE(g.ok()) << node;
    EXPECT_THAT(std::string(g.status().message()), HasSubstr(message)) << node;
    EXPECT_THAT(std::string(g.status().message()), StartsWith("p.ir: invalid text IR: ")) << node;
  }
  // What the TorchScript compiler emits for a function is still read.
  absl::StatusOr<std::shared_ptr<torch::jit::Graph>> ok = ParseGraphText(
      "graph(%x : Tensor):\n"
      "  %t : (Tensor, Tensor) = prim::TupleConstruct(%x, %x)\n"
      "  %i : int = prim::Constant[value=-1]()\n"
      "  %a : Tensor = prim::TupleIndex(%t, %i)\n"
      "  %b : Tensor, %c : Tensor = prim::TupleUnpack(%t)\n"
      "  %l : Tensor[] = prim::ListConstruct(%a, %b)\n"
      "  %d : Tensor, %e : Tensor = prim::ListUnpack(%l)\n"
      "  prim::Print(%d)\n"
      "  %dev : Device = prim::device(%e)\n"
      "  %flag : bool = prim::isinstance[types=[Tensor]](%d)\n"
      "  return (%c)\n",
      "ok.ir");
  EXPECT_TRUE(ok.ok()) << ok.status();
}

TEST(TextIrTest, IllTypedListConstructIsAnError) {
  // An int[] built from a Tensor: aten::remainder on its element would resolve to the Tensor
  // overload, and the lowered graph would not parse again.
  absl::StatusOr<std::shared_ptr<torch::jit::Graph>> g = ParseGraphText(
      "graph(%x : Tensor):\n  %l : int[] = prim::ListConstruct(%x)\n  return (%l)\n", "l.ir");
  ASSERT_FALSE(g.ok());
  EXPECT_THAT(std::string(g.status().message()),
              HasSubstr("l.ir: invalid text IR: %1 : int[] = prim::ListConstruct(Tensor) holds "
                        "an element of another type"));
  // Optional elements take None.
  EXPECT_TRUE(ParseGraphText("graph(%x : Tensor):\n  %n : NoneType = prim::Constant()\n"
                             "  %l : Tensor?[] = prim::ListConstruct(%x, %n)\n  return (%l)\n",
                             "ok.ir")
                  .ok());
}

TEST(TextIrTest, DtypeIntThatNamesNoScalarTypeIsAnError) {
  // fuzz/regressions/text_ir/softmax-dtype-minus-one.ir: libtorch's softmax kernel segfaults on
  // dtype -1. ScalarType's last value in torch 2.6 is below 100. The parser numbers values (%y is
  // %3), as the message says.
  for (const char* dtype : {"-1", "100"}) {
    absl::StatusOr<std::shared_ptr<torch::jit::Graph>> g = ParseGraphText(
        absl::StrCat("graph(%x : Tensor):\n  %d : int = prim::Constant[value=", dtype,
                     "]()\n  %n : int = prim::Constant[value=1]()\n"
                     "  %y : Tensor = aten::softmax(%x, %n, %d)\n  return (%y)\n"),
        "d.ir");
    ASSERT_FALSE(g.ok()) << dtype;
    EXPECT_THAT(std::string(g.status().message()),
                HasSubstr("d.ir: invalid text IR: aten::softmax (outputs %3): a dtype argument "
                          "is an int that names no ScalarType"))
        << dtype;
  }
  // A ScalarType that exists (6: float) is read.
  EXPECT_TRUE(ParseGraphText("graph(%x : Tensor):\n  %d : int = prim::Constant[value=6]()\n"
                             "  %n : int = prim::Constant[value=1]()\n"
                             "  %y : Tensor = aten::softmax(%x, %n, %d)\n  return (%y)\n",
                             "ok.ir")
                  .ok());
}

TEST(TextIrTest, MalformedControlFlowIsAnError) {
  // A prim::If with one block: constant folding would read its missing else block (an ASan
  // heap-buffer-overflow). The parser numbers values (%y is %2 here), as the messages say.
  constexpr char kIfWithOneBlock[] = R"IR(
graph(%x : Tensor):
  %c : bool = prim::Constant[value=0]()
  %y : Tensor = prim::If(%c)
    block0():
      -> (%x)
  return (%y)
)IR";
  absl::StatusOr<std::shared_ptr<torch::jit::Graph>> g = ParseGraphText(kIfWithOneBlock, "if.ir");
  ASSERT_FALSE(g.ok());
  EXPECT_THAT(std::string(g.status().message()),
              HasSubstr("if.ir: invalid text IR: prim::If (outputs %2): it has 1 blocks where 2 "
                        "are needed"));
  // A branch returning an int for a Tensor output.
  constexpr char kIfReturningAnInt[] = R"IR(
graph(%x : Tensor, %c : bool):
  %one : int = prim::Constant[value=1]()
  %y : Tensor = prim::If(%c)
    block0():
      -> (%x)
    block1():
      -> (%one)
  return (%y)
)IR";
  g = ParseGraphText(kIfReturningAnInt, "if2.ir");
  ASSERT_FALSE(g.ok());
  EXPECT_THAT(std::string(g.status().message()),
              HasSubstr("prim::If (outputs %3): a block returns %2 : int for %3 : Tensor"));
  // A loop whose block does not return its carried value.
  constexpr char kLoopWithoutCarried[] = R"IR(
graph(%x : Tensor):
  %t : bool = prim::Constant[value=1]()
  %n : int = prim::Constant[value=3]()
  %y : Tensor = prim::Loop(%n, %t, %x)
    block0(%i : int, %c : Tensor):
      -> (%t)
  return (%y)
)IR";
  g = ParseGraphText(kLoopWithoutCarried, "loop.ir");
  ASSERT_FALSE(g.ok());
  EXPECT_THAT(std::string(g.status().message()),
              HasSubstr("prim::Loop (outputs %3): a block returns 1 values where 2 are needed"));
  // Well-formed control flow, with a branch typed more precisely than the output, still parses.
  constexpr char kWellFormed[] = R"IR(
graph(%x : Float(2, 3), %c : bool):
  %t : bool = prim::Constant[value=1]()
  %n : int = prim::Constant[value=3]()
  %y : Tensor = prim::If(%c)
    block0():
      -> (%x)
    block1():
      %z : Tensor = aten::neg(%x)
      -> (%z)
  %w : Tensor = prim::Loop(%n, %t, %y)
    block0(%i : int, %v : Tensor):
      %v2 : Tensor = aten::neg(%v)
      -> (%t, %v2)
  return (%w)
)IR";
  EXPECT_TRUE(ParseGraphText(kWellFormed, "ok.ir").ok());
}

TEST(TextIrTest, AtenCallMatchingNoOverloadIsAnError) {
  // aten::gelu(Tensor self, *, str approximate='none'): text IR spells the default too.
  absl::StatusOr<std::shared_ptr<torch::jit::Graph>> g = ParseGraphText(
      "graph(%x : Tensor):\n  %y : Tensor = aten::gelu(%x)\n  return (%y)\n", "g.ir");
  ASSERT_FALSE(g.ok());
  EXPECT_THAT(std::string(g.status().message()),
              HasSubstr("g.ir: invalid text IR: aten::gelu with 1 arguments (Tensor) matches none "
                        "of its overloads"));
  // A prim op libtorch does not know.
  absl::StatusOr<std::shared_ptr<torch::jit::Graph>> p = ParseGraphText(
      "graph(%x : Tensor):\n  %y : Tensor = prim::Ifad(%x)\n  return (%y)\n", "p.ir");
  ASSERT_FALSE(p.ok());
  EXPECT_THAT(std::string(p.status().message()),
              HasSubstr("p.ir: invalid text IR: prim::Ifad is not a prim op libtorch knows"));
  // An operator nothing registered, in any namespace.
  for (const char* op : {"mylib::op", "aten::nonexistent_op"}) {
    absl::StatusOr<std::shared_ptr<torch::jit::Graph>> u = ParseGraphText(
        absl::StrCat("graph(%x : Tensor):\n  %y : Tensor = ", op, "(%x)\n  return (%y)\n"), "u.ir");
    ASSERT_FALSE(u.ok()) << op;
    EXPECT_THAT(
        std::string(u.status().message()),
        HasSubstr(absl::StrCat("u.ir: invalid text IR: ", op, " is not a registered operator")));
  }
}

TEST(TextIrTest, SyntaxErrorNamesTheSourceOnOneLine) {
  absl::StatusOr<std::shared_ptr<torch::jit::Graph>> g =
      ParseGraphText("graph(%x : Tensor):\n  %y = aten::relu(%x\n  return (%y)\n", "bad.ir");
  ASSERT_FALSE(g.ok());
  const std::string msg(g.status().message());
  EXPECT_THAT(msg, HasSubstr("bad.ir: invalid text IR: expected ) but found 'return'"));
  EXPECT_THAT(msg, HasSubstr("at line 3: `return (%y)`"));
  EXPECT_EQ(msg.find('\n'), std::string::npos) << msg;

  EXPECT_FALSE(ParseGraphText("  \n", "empty.ir").ok());
  // Well-formed syntax, but an undefined value: rejected, not a crash.
  EXPECT_FALSE(ParseGraphText("graph(%x : Tensor):\n  return (%z)\n", "undef.ir").ok());
}

TEST(ArchiveTest, SavedGraphLoadsAndComputesTheSame) {
  absl::StatusOr<std::shared_ptr<torch::jit::Graph>> g = ParseGraphText(kAddRelu, "add_relu");
  ASSERT_TRUE(g.ok());
  const std::string path = TempPath("add_relu.pt");
  ASSERT_TRUE(SaveArchive(**g, path).ok());

  // Plain torch::jit::load, as a user would, then run forward.
  torch::jit::Module m = torch::jit::load(path);
  torch::Tensor x = torch::randn({2, 3}), y = torch::randn({2, 3});
  torch::Tensor out = m.forward({x, y}).toTensor();
  EXPECT_TRUE(torch::equal(out, torch::relu(x + y)));

  absl::StatusOr<Program> p = LoadArchive(path);
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->graph->inputs().size(), 3u);  // self, x, y
  EXPECT_FALSE(p->graph->inputs()[0]->hasUses());
  // Saving the loaded graph again reuses its `self` input instead of adding one.
  ASSERT_TRUE(SaveArchive(*p->graph, TempPath("again.pt")).ok());
  EXPECT_TRUE(torch::equal(torch::jit::load(TempPath("again.pt")).forward({x, y}).toTensor(), out));
}

// Printed as `upsample_nearest2d(x, [4, 4], None)`, this call matches the default overload
// (not core ATen) first when loaded, unless the None is pinned to the .vec parameter's type.
constexpr char kUpsample[] = R"IR(
graph(%x : Tensor):
  %none : NoneType = prim::Constant()
  %four : int = prim::Constant[value=4]()
  %size : int[] = prim::ListConstruct(%four, %four)
  %y : Tensor = aten::upsample_nearest2d(%x, %size, %none)
  return (%y)
)IR";

TEST(ArchiveTest, SavedArchiveKeepsOverloadsThatANoneArgumentMakesAmbiguous) {
  absl::StatusOr<std::shared_ptr<torch::jit::Graph>> g = ParseGraphText(kUpsample, "upsample");
  ASSERT_TRUE(g.ok()) << g.status();
  torch::jit::Node* up = nullptr;
  for (torch::jit::Node* n : (*g)->nodes()) {
    if (n->kind() == c10::Symbol::fromQualString("aten::upsample_nearest2d")) up = n;
  }
  ASSERT_NE(up, nullptr);
  ASSERT_EQ(OpKey::Of(*up).ToString(), "aten::upsample_nearest2d.vec");

  const std::string path = TempPath("upsample.pt");
  ASSERT_TRUE(SaveArchive(**g, path).ok());
  torch::jit::Module m = torch::jit::load(path);
  std::shared_ptr<torch::jit::Graph> loaded = m.get_method("forward").graph();
  std::vector<std::string> overloads;
  for (torch::jit::Node* n : loaded->nodes()) {
    if (n->kind().is_aten()) overloads.push_back(OpKey::Of(*n).ToString());
  }
  EXPECT_THAT(overloads, ::testing::Contains("aten::upsample_nearest2d.vec"));
  EXPECT_THAT(overloads, ::testing::Not(::testing::Contains("aten::upsample_nearest2d")));
  torch::Tensor x = torch::randn({1, 2, 2, 2});
  EXPECT_TRUE(torch::equal(m.forward({x}).toTensor(),
                           torch::upsample_nearest2d(x, std::vector<int64_t>{4, 4})));
}

int64_t CountKind(const torch::jit::Graph& graph, const char* kind);  // below

TEST(ArchiveTest, CallFormProbeHoldsOneCallPerDistinctForm) {
  // Three adds: two alike (alpha 1, variables of other shapes) and one with alpha 2.
  absl::StatusOr<std::shared_ptr<torch::jit::Graph>> g = ParseGraphText(R"IR(
graph(%x : Float(2, 3), %y : Float(2, 3), %z : Float(4)):
  %one : int = prim::Constant[value=1]()
  %two : int = prim::Constant[value=2]()
  %a : Tensor = aten::add(%x, %y, %one)
  %b : Tensor = aten::add(%z, %z, %one)
  %c : Tensor = aten::add(%a, %a, %two)
  %d : Tensor = aten::relu(%c)
  %e : Tensor = aten::relu(%b)
  return (%d, %e)
)IR",
                                                                        "adds");
  ASSERT_TRUE(g.ok()) << g.status();
  std::shared_ptr<torch::jit::Graph> probe = CallFormProbe(**g);
  EXPECT_EQ(CountKind(*probe, "aten::add"), 2);
  EXPECT_EQ(CountKind(*probe, "aten::relu"), 1);
  EXPECT_TRUE(CheckCallsLoadBack(**g, "adds.pt").ok());
}

TEST(ArchiveTest, CheckCallsLoadBackFindsACallThatLoadsAsAnotherOverload) {
  // kUpsample, unpinned: the call loads as the default overload.
  absl::StatusOr<std::shared_ptr<torch::jit::Graph>> g = ParseGraphText(kUpsample, "upsample");
  ASSERT_TRUE(g.ok()) << g.status();
  absl::Status s = CheckCallsLoadBack(**g, "up.pt");
  EXPECT_EQ(s.code(), absl::StatusCode::kInternal);
  EXPECT_THAT(std::string(s.message()), ::testing::HasSubstr("up.pt: not written"));
  EXPECT_THAT(std::string(s.message()),
              ::testing::HasSubstr("aten::upsample_nearest2d.vec 1 -> 0"));
}

TEST(ArchiveTest, LoadProgramDispatchesOnContent) {
  const std::string ir_path = TempPath("prog.ir");
  WriteBytes(ir_path, kAddRelu);
  absl::StatusOr<Program> p = LoadProgram(ir_path);
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_FALSE(p->module.has_value());
  EXPECT_EQ(p->graph->inputs().size(), 2u);
}

TEST(ArchiveTest, BadFilesGiveOneLineErrorsNamingTheFile) {
  const std::string good = TempPath("good.pt");
  ASSERT_TRUE(SaveArchive(**ParseGraphText(kAddRelu, "g"), good).ok());
  std::ifstream in(good, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());

  struct Case {
    std::string name, contents, expected;
  };
  const std::vector<Case> cases = {
      {"empty.pt", "", "empty file"},
      {"garbage.pt", std::string("\x01\x02garbage\x00\xff", 12), "no zip signature"},
      {"truncated.pt", bytes.substr(0, bytes.size() / 2), "cannot load TorchScript archive"},
  };
  for (const Case& c : cases) {
    const std::string path = TempPath(c.name);
    WriteBytes(path, c.contents);
    absl::StatusOr<Program> p = LoadArchive(path);
    ASSERT_FALSE(p.ok()) << c.name;
    const std::string msg(p.status().message());
    EXPECT_THAT(msg, HasSubstr(path)) << msg;
    EXPECT_THAT(msg, HasSubstr(c.expected)) << msg;
    EXPECT_EQ(msg.find('\n'), std::string::npos) << msg;
  }
  absl::StatusOr<Program> missing = LoadProgram(TempPath("missing.pt"));
  ASSERT_FALSE(missing.ok());
  EXPECT_THAT(std::string(missing.status().message()), HasSubstr("no such file"));
  absl::StatusOr<Program> garbage = LoadProgram(TempPath("garbage.pt"));
  ASSERT_FALSE(garbage.ok());
  EXPECT_THAT(std::string(garbage.status().message()), HasSubstr("neither a TorchScript archive"));
}

TEST(ArchiveTest, UnwritableOutputLeavesNothing) {
  absl::Status s = SaveArchive(**ParseGraphText(kAddRelu, "g"), "/nonexistent-dir/out.pt");
  ASSERT_FALSE(s.ok());
  EXPECT_THAT(std::string(s.message()), HasSubstr("/nonexistent-dir/out.pt"));
  EXPECT_FALSE(std::filesystem::exists("/nonexistent-dir"));
}

// A module computing relu(batch_norm(conv2d(x))) in eval mode, its weights and statistics as
// parameters and buffers, as torchvision's Conv2d + BatchNorm2d + ReLU are.
torch::jit::Module ConvBatchNormModule(bool training = false) {
  torch::manual_seed(0);
  torch::jit::Module m("ConvBatchNorm");
  m.register_parameter("w", torch::randn({4, 3, 3, 3}), false);
  m.register_parameter("b", torch::randn({4}), false);
  m.register_parameter("gamma", torch::rand({4}) + 0.5, false);
  m.register_parameter("beta", torch::randn({4}), false);
  m.register_buffer("mean", torch::randn({4}));
  m.register_buffer("var", torch::rand({4}) + 0.5);
  m.define(absl::StrCat(R"JIT(
def forward(self, x):
    c = torch.conv2d(x, self.w, self.b, [1, 1], [1, 1], [1, 1], 1)
    n = torch.batch_norm(c, self.gamma, self.beta, self.mean, self.var, )JIT",
                        training ? "True" : "False", R"JIT(, 0.1, 1e-5, True)
    return torch.relu(n)
)JIT"));
  return m;
}

int64_t CountKind(const torch::jit::Graph& graph, const char* kind) {
  int64_t n = 0;
  for (const torch::jit::Node* node : graph.nodes()) {
    n += std::string(node->kind().toQualString()) == kind;
  }
  return n;
}

// As torch.jit.freeze(optimize_numerics=True): freezing folds the batch norm into the
// convolution before it; the program computes what eager PyTorch computes on the module's own
// tensors, and the module's tensors (which the clone shares) are not written.
TEST(ArchiveTest, FreezingFoldsABatchNormIntoTheConvolutionBeforeIt) {
  const torch::jit::Module m = ConvBatchNormModule();
  const at::Tensor w = m.attr("w").toTensor().clone();
  const at::Tensor x = torch::randn({2, 3, 8, 8});
  const at::Tensor expected = torch::relu(torch::batch_norm(
      torch::conv2d(x, m.attr("w").toTensor(), m.attr("b").toTensor(), 1, 1),
      m.attr("gamma").toTensor(), m.attr("beta").toTensor(), m.attr("mean").toTensor(),
      m.attr("var").toTensor(), false, 0.1, 1e-5, true));
  for (const bool optimize : {true, false}) {
    SCOPED_TRACE(optimize ? "optimize_numerics" : "no optimize_numerics");
    LoadOptions options;
    options.optimize_numerics = optimize;
    absl::StatusOr<Program> p = ProgramFromModule(m.clone(/*inplace=*/true), "m", options);
    ASSERT_TRUE(p.ok()) << p.status();
    EXPECT_EQ(CountKind(*p->graph, "aten::conv2d"), 1);
    EXPECT_EQ(CountKind(*p->graph, "aten::batch_norm"), optimize ? 0 : 1);
    torch::jit::Stack stack = {c10::IValue(), x};  // `self` is unused once frozen
    torch::jit::InterpreterState(torch::jit::Code(p->graph, "m")).run(stack);
    EXPECT_TRUE(torch::allclose(stack.at(0).toTensor(), expected, 1e-5, 1e-5));
  }
  EXPECT_TRUE(torch::equal(m.attr("w").toTensor(), w));
}

// A batch norm told to train normalises with the batch's statistics: folding the running ones
// into the convolution would change its numbers, so it stays.
TEST(ArchiveTest, ABatchNormThatTrainsIsNotFolded) {
  absl::StatusOr<Program> p = ProgramFromModule(ConvBatchNormModule(/*training=*/true), "m");
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(CountKind(*p->graph, "aten::batch_norm"), 1);
}

// After a conv1d the batch norm's channels are dim 1 only for a batched input; an unbatched
// (C, L) one makes them L: it stays.
TEST(ArchiveTest, ABatchNormAfterAConv1dIsNotFolded) {
  torch::manual_seed(0);
  torch::jit::Module m("Conv1dBatchNorm");
  m.register_parameter("w", torch::randn({4, 3, 3}), false);
  m.register_buffer("mean", torch::randn({4}));
  m.register_buffer("var", torch::rand({4}) + 0.5);
  m.define(R"JIT(
def forward(self, x):
    c = torch.conv1d(x, self.w, None, [1], [1], [1], 1)
    return torch.batch_norm(c, None, None, self.mean, self.var, False, 0.1, 1e-5, True)
)JIT");
  absl::StatusOr<Program> p = ProgramFromModule(m, "m");
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(CountKind(*p->graph, "aten::batch_norm"), 1);
}

// Lifted parameters are graph inputs: nothing can be folded.
TEST(ArchiveTest, LiftedParametersKeepTheBatchNorm) {
  LoadOptions options;
  options.lift_parameters = true;
  absl::StatusOr<Program> p = ProgramFromModule(ConvBatchNormModule(), "m", options);
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(CountKind(*p->graph, "aten::batch_norm"), 1);
}

TEST(NodeSignatureTest, EqualForSameMetadataDifferentForConstants) {
  constexpr char kTwoAdds[] = R"IR(
graph(%x : Float(2, 3, strides=[3, 1], requires_grad=0, device=cpu),
      %y : Float(2, 3, strides=[3, 1], requires_grad=0, device=cpu),
      %z : Float(4, strides=[1], requires_grad=0, device=cpu)):
  %one : int = prim::Constant[value=1]()
  %two : int = prim::Constant[value=2]()
  %a : Tensor = aten::add(%x, %y, %one)
  %b : Tensor = aten::add(%y, %x, %one)
  %c : Tensor = aten::add(%x, %y, %two)
  %d : Tensor = aten::add(%z, %z, %one)
  return (%a, %b, %c, %d)
)IR";
  auto g = *ParseGraphText(kTwoAdds, "two_adds");
  std::vector<NodeSignature> sigs;
  for (torch::jit::Node* n : g->nodes()) {
    if (n->kind() == c10::aten::add) sigs.push_back(NodeSignature::Of(*n));
  }
  ASSERT_EQ(sigs.size(), 4u);
  EXPECT_EQ(sigs[0], sigs[1]);
  EXPECT_EQ(absl::Hash<NodeSignature>()(sigs[0]), absl::Hash<NodeSignature>()(sigs[1]));
  EXPECT_FALSE(sigs[0] == sigs[2]);  // different constant alpha
  EXPECT_FALSE(sigs[0] == sigs[3]);  // different shape
  EXPECT_EQ(sigs[0].ToString(),
            "aten::add.Tensor(Float(2, 3, cpu), Float(2, 3, cpu), const int 1)");
  absl::flat_hash_set<NodeSignature> distinct(sigs.begin(), sigs.end());
  EXPECT_EQ(distinct.size(), 3u);
}

TEST(NodeSignatureTest, TensorListsKeyOnTheirElements) {
  auto g = *ParseGraphText(R"IR(
graph(%x : Float(2, 3, strides=[3, 1], requires_grad=0, device=cpu),
      %y : Float(4, 3, strides=[3, 1], requires_grad=0, device=cpu)):
  %0 : int = prim::Constant[value=0]()
  %a : Tensor[] = prim::ListConstruct(%x, %x)
  %b : Tensor[] = prim::ListConstruct(%x, %y)
  %c : Tensor = aten::cat(%a, %0)
  %d : Tensor = aten::cat(%b, %0)
  return (%c, %d)
)IR",
                           "cats");
  std::vector<NodeSignature> sigs;
  for (torch::jit::Node* n : g->nodes()) {
    if (n->kind() == c10::aten::cat) sigs.push_back(NodeSignature::Of(*n));
  }
  ASSERT_EQ(sigs.size(), 2u);
  EXPECT_FALSE(sigs[0] == sigs[1]) << sigs[0].ToString();
}

}  // namespace
}  // namespace graph_lower
