// Core ATen from libtorch's op tags, user-kept ops, and node classification.
#include "opset/opset.h"

#include <torch/csrc/jit/runtime/operator.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "ir/status_macros.h"

namespace graph_lower {
namespace {

bool ContainsTensor(const c10::TypePtr& type) {
  if (type->kind() == c10::TypeKind::TensorType) return true;
  for (const c10::TypePtr& t : type->containedTypes()) {
    if (ContainsTensor(t)) return true;
  }
  return false;
}

bool IsGlue(const torch::jit::Node& node) {
  // A schema whose returns are `...` (prim::profile, prim::TypeCheck, fusion groups) says nothing
  // of the results; the node's output types do (such a node returning a Tensor is no glue).
  if (const c10::FunctionSchema* schema = node.maybeSchema(); schema && !schema->is_varret()) {
    for (const c10::Argument& ret : schema->returns()) {
      if (ContainsTensor(ret.type())) return false;
    }
    // An op that takes (or writes) a tensor runs on the backend, whatever it returns: a data
    // read (aten::Int.Tensor, item; core ATen's form is _local_scalar_dense) or a metadata query
    // (size, stride, dim, is_contiguous; core ATen's forms are sym_size.int, sym_stride.int,
    // sym_numel).
    for (const c10::Argument& arg : schema->arguments()) {
      if (ContainsTensor(arg.type())) return false;
    }
    return true;
  }
  for (const torch::jit::Value* out : node.outputs()) {
    if (ContainsTensor(out->type())) return false;
  }
  for (const torch::jit::Value* in : node.inputs()) {
    if (ContainsTensor(in->type())) return false;
  }
  return true;
}

const absl::flat_hash_set<torch::jit::Symbol>& StructuralKinds() {
  static const auto* kinds = [] {
    auto* s = new absl::flat_hash_set<torch::jit::Symbol>();
    for (const StructuralOp& op : StructuralOps())
      s->insert(torch::jit::Symbol::fromQualString(op.name));
    return s;
  }();
  return *kinds;
}

const absl::flat_hash_set<OpKey>& CoreAtenKeys() {
  static const auto* core = [] {
    auto* set = new absl::flat_hash_set<OpKey>();
    for (const std::shared_ptr<torch::jit::Operator>& op : torch::jit::getAllOperators()) {
      const c10::ArrayRef<at::Tag> tags = op->getTags();
      if (std::find(tags.begin(), tags.end(), at::Tag::core) != tags.end()) {
        set->insert(OpKey{op->schema().name(), op->schema().overload_name()});
      }
    }
    return set;
  }();
  return *core;
}

}  // namespace

absl::string_view OpClassName(OpClass c) {
  switch (c) {
    case OpClass::kCore:
      return "core";
    case OpClass::kKept:
      return "kept";
    case OpClass::kStructural:
      return "structural";
    case OpClass::kGlue:
      return "glue";
    case OpClass::kNonCore:
      return "non-core";
  }
  return "?";
}

const std::vector<StructuralOp>& StructuralOps() {
  static const auto* ops = new std::vector<StructuralOp>{
      {"prim::Constant", "literals, including frozen parameters"},
      {"prim::ListConstruct", "argument lists such as int[] sizes and Tensor[] for aten::cat"},
      {"prim::ListUnpack", "results of ops returning Tensor[] (split, unbind, chunk)"},
      {"prim::TupleConstruct", "multiple graph outputs and tuple arguments"},
      {"prim::TupleUnpack", "tuple inputs and multi-output results"},
      {"prim::TupleIndex", "constant-index access into tuples"},
      {"prim::DictConstruct", "dict outputs of a program"},
      {"prim::If", "control flow (blocks are lowered inside)"},
      {"prim::Loop", "control flow (blocks are lowered inside)"},
      {"prim::GetAttr", "reading a module attribute where the module is kept, not frozen"},
      {"prim::Uninitialized", "placeholder values of early returns and breaks in control flow"},
      {"prim::unchecked_cast", "type refinement of Optional/Union values; no runtime work"},
  };
  return *ops;
}

Opset Opset::CoreAten() {
  Opset opset;
  opset.legal_ = CoreAtenKeys();
  return opset;
}

bool Opset::IsCoreAten(const OpKey& op) { return CoreAtenKeys().contains(op); }

absl::Status Opset::Keep(absl::string_view text) {
  text = absl::StripAsciiWhitespace(text);
  if (absl::EndsWith(text, ".*")) {
    ASSIGN_OR_RETURN(OpKey key, OpKey::Parse(text.substr(0, text.size() - 2)));
    const auto ops = torch::jit::getAllOperatorsFor(key.Kind());
    if (ops.empty()) {
      return absl::InvalidArgumentError(absl::StrCat("'", text, "' names no registered operator"));
    }
    for (const auto& op : ops) legal_.insert(OpKey{key.name, op->schema().overload_name()});
    return absl::OkStatus();
  }
  ASSIGN_OR_RETURN(OpKey key, OpKey::Parse(text));
  absl::StatusOr<c10::FunctionSchema> schema = FindOperatorSchema(key);
  if (!schema.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("'", text, "' names no operator overload: ", schema.status().message()));
  }
  legal_.insert(std::move(key));
  return absl::OkStatus();
}

void Opset::IncludeCoreAten() { legal_.insert(CoreAtenKeys().begin(), CoreAtenKeys().end()); }

absl::Status Opset::KeepList(absl::string_view comma_separated) {
  for (absl::string_view entry : absl::StrSplit(comma_separated, ',', absl::SkipWhitespace())) {
    RETURN_IF_ERROR(Keep(entry));
  }
  return absl::OkStatus();
}

absl::Status Opset::LoadFile(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) {
    return absl::InvalidArgumentError(
        absl::StrCat(path, ": not an opset file (not a regular file)"));
  }
  std::ifstream in(path);
  if (!in) return absl::InvalidArgumentError(absl::StrCat(path, ": cannot open opset file"));
  std::string line;
  int line_no = 0;
  while (std::getline(in, line)) {
    ++line_no;
    absl::string_view entry = line;
    entry = entry.substr(0, entry.find('#'));
    entry = absl::StripAsciiWhitespace(entry);
    if (entry.empty()) continue;
    if (entry == "include core_aten") {
      IncludeCoreAten();
      continue;
    }
    if (absl::Status s = Keep(entry); !s.ok()) {
      return absl::InvalidArgumentError(absl::StrCat(path, ":", line_no, ": ", s.message()));
    }
  }
  return absl::OkStatus();
}

OpClass Opset::Classify(const torch::jit::Node& node) const {
  if (StructuralKinds().contains(node.kind())) return OpClass::kStructural;
  const OpKey key = OpKey::Of(node);
  if (legal_.contains(key)) return IsCoreAten(key) ? OpClass::kCore : OpClass::kKept;
  if (IsGlue(node)) return OpClass::kGlue;
  return OpClass::kNonCore;
}

OpClass OpsetClassifier::Classify(const torch::jit::Node& node) {
  if (StructuralKinds().contains(node.kind())) return OpClass::kStructural;
  const c10::FunctionSchema* schema = node.maybeSchema();
  if (!schema || schema->is_varret()) return opset_.Classify(node);
  auto [it, inserted] = by_schema_.try_emplace(schema, OpClass::kNonCore);
  if (inserted) it->second = opset_.Classify(node);
  return it->second;
}

}  // namespace graph_lower
