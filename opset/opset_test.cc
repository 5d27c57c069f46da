// Tests of the opset (core ATen from tags, kept ops, opset files), classification and verifier.
#include "opset/opset.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "absl/strings/str_cat.h"
#include "ir/graph_io.h"
#include "opset/report.h"
#include "opset/verify.h"
#include "testing/graph_testing.h"

namespace graph_lower {
namespace {

using test_util::ParseIr;

using ::testing::ElementsAre;
using ::testing::HasSubstr;

OpKey Key(const char* s) { return *OpKey::Parse(s); }

// Members and non-members as native_functions.yaml tags them in torch 2.6.
TEST(OpsetTest, CoreAtenComesFromTheCoreTag) {
  const Opset core = Opset::CoreAten();
  for (const char* op :
       {"aten::convolution", "aten::add.Tensor", "aten::addmm", "aten::relu",
        "aten::_native_batch_norm_legit_no_training", "aten::max_pool2d_with_indices", "aten::view",
        "aten::permute", "aten::_softmax"}) {
    EXPECT_TRUE(core.Contains(Key(op))) << op;
    EXPECT_TRUE(Opset::IsCoreAten(Key(op))) << op;
  }
  for (const char* op :
       {"aten::linear", "aten::t", "aten::transpose.int", "aten::relu_", "aten::batch_norm",
        "aten::flatten.using_ints", "aten::add_.Tensor", "aten::silu", "aten::size.int"}) {
    EXPECT_FALSE(core.Contains(Key(op))) << op;
  }
  EXPECT_GT(core.size(), 150u);
  EXPECT_EQ(Opset::Empty().size(), 0u);
}

constexpr char kMixed[] = R"IR(
graph(%x : Tensor, %w : Tensor, %flag : bool):
  %zero : int = prim::Constant[value=0]()
  %n : int = aten::mul(%zero, %zero)
  %m : int = aten::add(%n, %n)
  %sizes : int[] = prim::ListConstruct(%m, %n)
  %l : int = aten::len(%sizes)
  %y : Tensor = aten::linear(%x, %w, %x)
  %r : Tensor = prim::If(%flag)
    block0():
      %t : Tensor = aten::t(%y)
      -> (%t)
    block1():
      %u : Tensor = aten::relu(%y)
      -> (%u)
  %v : Tensor = aten::relu_(%r)
  return (%v, %l)
)IR";

TEST(OpsetTest, ClassifiesEveryKindOfNode) {
  auto g = ParseIr(kMixed);
  const Opset core = Opset::CoreAten();
  std::vector<std::string> classes;
  for (torch::jit::Node* n : g->nodes()) {
    classes.push_back(absl::StrCat(OpKey::Of(*n).ToString(), "=", OpClassName(core.Classify(*n))));
  }
  EXPECT_THAT(classes,
              ElementsAre("prim::Constant=structural", "aten::mul.int=glue", "aten::add.int=glue",
                          "prim::ListConstruct=structural", "aten::len.t=glue",
                          "aten::linear=non-core", "prim::If=structural", "aten::relu_=non-core"));
}

// Reading a tensor's data or its metadata into a scalar is not glue: a backend must run it. Core
// ATen's forms are _local_scalar_dense and sym_size.int / sym_stride.int / sym_numel.
TEST(OpsetTest, DataReadsAndMetadataQueriesAreNonCore) {
  auto g = ParseIr(R"IR(
graph(%x : Tensor, %y : Tensor):
  %i : int = aten::Int(%x)
  %s : Scalar = aten::item(%x)
  %e : bool = aten::equal(%x, %y)
  %l : Scalar = aten::_local_scalar_dense(%x)
  %d : int = aten::dim(%x)
  %t : int = prim::dtype(%x)
  %c : bool = aten::is_contiguous(%x)
  %r : int = aten::result_type(%x, %y)
  %zero : int = prim::Constant[value=0]()
  %n : int = aten::sym_size(%x, %zero)
  %o : (int, Scalar, bool, Scalar, int, int, bool, int, int) = prim::TupleConstruct(%i, %s, %e, %l, %d, %t, %c, %r, %n)
  return (%o)
)IR");
  const Opset core = Opset::CoreAten();
  std::vector<std::string> classes;
  for (torch::jit::Node* n : g->nodes()) {
    classes.push_back(absl::StrCat(n->kind().toQualString(), "=", OpClassName(core.Classify(*n))));
  }
  EXPECT_THAT(classes,
              ElementsAre("aten::Int=non-core", "aten::item=non-core", "aten::equal=non-core",
                          "aten::_local_scalar_dense=core", "aten::dim=non-core",
                          "prim::dtype=non-core", "aten::is_contiguous=non-core",
                          "aten::result_type=non-core", "prim::Constant=structural",
                          "aten::sym_size=core", "prim::TupleConstruct=structural"));
}

TEST(OpsetTest, NodesWithVarargSchemasAreClassifiedByTheirOutputs) {
  // prim::profile's schema is `(...) -> ...`: a node of it returning a Tensor is no glue, and a
  // graph holding one is not legal. Text IR refuses these nodes, so the graph is built here.
  auto g = std::make_shared<torch::jit::Graph>();
  torch::jit::Value* x = g->addInput("x")->setType(c10::TensorType::get());
  torch::jit::Node* profile = g->create(c10::prim::profile, {x}, 1);
  profile->output()->setType(c10::TensorType::get());
  g->appendNode(profile);
  torch::jit::Node* print = g->create(c10::prim::Print, {x}, 0);
  g->appendNode(print);
  g->registerOutput(profile->output());
  const Opset core = Opset::CoreAten();
  EXPECT_EQ(core.Classify(*profile), OpClass::kNonCore);
  EXPECT_FALSE(core.IsLegal(*profile));
  EXPECT_EQ(core.Classify(*print), OpClass::kGlue);
}

TEST(OpsetTest, VerifierReturnsEveryViolationIncludingNestedBlocks) {
  auto g = ParseIr(kMixed);
  std::vector<Violation> v = VerifyOpset(*g, Opset::CoreAten());
  std::vector<std::string> ops;
  for (const Violation& x : v) ops.push_back(x.op.ToString());
  EXPECT_THAT(ops, ElementsAre("aten::linear", "aten::t", "aten::relu_"));
  EXPECT_THAT(v[0].schema, HasSubstr("aten::linear(Tensor input, Tensor weight"));
  EXPECT_THAT(v[1].node, HasSubstr("= aten::t(%"));
  EXPECT_EQ(v[0].node.find('\n'), std::string::npos);
}

TEST(OpsetTest, KeptOpsBecomeLegal) {
  auto g = ParseIr(kMixed);
  Opset opset = Opset::CoreAten();
  ASSERT_TRUE(opset.KeepList("aten::linear, aten::t.default,aten::relu_").ok());
  EXPECT_TRUE(VerifyOpset(*g, opset).empty());
  OpCensus census = TakeCensus(*g, opset);
  EXPECT_EQ(census[Key("aten::linear")].op_class, OpClass::kKept);
  EXPECT_EQ(census[Key("aten::relu")].op_class, OpClass::kCore);
}

TEST(OpsetTest, KeepRejectsWhatNamesNoOperator) {
  Opset opset = Opset::CoreAten();
  absl::Status s = opset.Keep("aten::no_such_op");
  ASSERT_FALSE(s.ok());
  EXPECT_THAT(std::string(s.message()), HasSubstr("aten::no_such_op"));
  s = opset.Keep("aten::softmax");  // aten::softmax has no default overload
  ASSERT_FALSE(s.ok());
  EXPECT_THAT(std::string(s.message()), HasSubstr("int"));
  EXPECT_FALSE(opset.Keep("linear").ok());
  EXPECT_FALSE(opset.Keep("mybackend::fused.*").ok());

  Opset all_adds = Opset::Empty();
  ASSERT_TRUE(all_adds.Keep("aten::add.*").ok());
  EXPECT_TRUE(all_adds.Contains(Key("aten::add.Tensor")));
  EXPECT_TRUE(all_adds.Contains(Key("aten::add.Scalar")));
  EXPECT_GT(all_adds.size(), 4u);
}

TEST(OpsetTest, LoadsABackendOpsetFile) {
  const std::string path = ::testing::TempDir() + "/backend.opset";
  std::ofstream(path) << "# my backend\naten::relu\n\naten::linear   # fused matmul\n";
  Opset opset = Opset::Empty();
  ASSERT_TRUE(opset.LoadFile(path).ok());
  EXPECT_EQ(opset.size(), 2u);
  auto g = ParseIr(kMixed);
  std::vector<std::string> ops;
  for (const Violation& x : VerifyOpset(*g, opset)) ops.push_back(x.op.ToString());
  EXPECT_THAT(ops, ElementsAre("aten::t", "aten::relu_"));

  std::ofstream(path) << "include core_aten\naten::linear\n";
  Opset extended = Opset::Empty();
  ASSERT_TRUE(extended.LoadFile(path).ok());
  EXPECT_EQ(extended.size(), Opset::CoreAten().size() + 1);

  std::ofstream(path) << "aten::relu\naten::bogus_op\n";
  absl::Status s = Opset::Empty().LoadFile(path);
  ASSERT_FALSE(s.ok());
  EXPECT_THAT(std::string(s.message()), HasSubstr(path + ":2:"));
  EXPECT_FALSE(Opset::Empty().LoadFile("/no/such/opset").ok());
}

TEST(OpsetTest, AllLegalGraphYieldsNothing) {
  auto g = ParseIr(R"IR(
graph(%x : Tensor, %w : Tensor):
  %one : int = prim::Constant[value=1]()
  %y : Tensor = aten::mm(%x, %w)
  %z : Tensor = aten::add(%y, %x, %one)
  %r : Tensor = aten::relu(%z)
  %t : (Tensor, Tensor) = prim::TupleConstruct(%r, %z)
  return (%t)
)IR");
  const Opset core = Opset::CoreAten();
  EXPECT_TRUE(VerifyOpset(*g, core).empty());
  nlohmann::json report = CheckReport(TakeCensus(*g, core), VerifyOpset(*g, core), CountNodes(*g));
  EXPECT_TRUE(report["legal"].get<bool>());
  EXPECT_TRUE(report["non_core_ops"].empty());
  EXPECT_EQ(report["ops"]["aten::add.Tensor"], 1);
  EXPECT_EQ(report["nodes"], 5);
}

TEST(ReportTest, JsonAndTableNameGlueApartFromNonCore) {
  auto g = ParseIr(kMixed);
  const Opset core = Opset::CoreAten();
  const OpCensus census = TakeCensus(*g, core);
  const std::vector<Violation> v = VerifyOpset(*g, core);
  nlohmann::json report = CheckReport(census, v, CountNodes(*g));
  EXPECT_EQ(report["non_core_ops"], nlohmann::json({"aten::linear", "aten::relu_", "aten::t"}));
  EXPECT_EQ(report["glue_ops"], nlohmann::json({"aten::add.int", "aten::len.t", "aten::mul.int"}));
  EXPECT_FALSE(report["legal"].get<bool>());
  EXPECT_EQ(report["violations"].size(), 3u);
  EXPECT_EQ(report["nodes"], 10);
  const std::string table = CheckTable(census, v);
  EXPECT_THAT(table, HasSubstr("3 glue"));
  EXPECT_THAT(table, HasSubstr("3 non-core\n"));
  EXPECT_THAT(table, HasSubstr("not legal: 3 nodes outside the opset"));
}

}  // namespace
}  // namespace graph_lower
