// SaveExportedProgram: a lowered program as a torch.export archive (see exported_program.h).
//
// The JSON follows torch/_export/serde/schema.py as torch/_export/serde/serialize.py writes it;
// the layouts are those of torch/_export/__init__.py's save (torch 2.6) and
// torch/export/pt2_archive/_package.py (the PT2 archive of later versions).
#include <ATen/ATen.h>
#include <caffe2/serialize/inline_container.h>
#include <torch/csrc/jit/ir/constants.h>
#include <torch/csrc/jit/runtime/operator.h>
#include <zip.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "ir/errors.h"
#include "ir/export_schema.h"
#include "ir/exported_program.h"
#include "ir/files.h"
#include "ir/torch_version.h"

namespace graph_lower {
namespace {

using json = nlohmann::json;
using torch::jit::Node;
using torch::jit::Value;

// torch 2.6's torch.export.save writes files at the zip's root; later versions the PT2 archive.
constexpr bool kWritesPt2Archive = !(kTorchVersionMajor == 2 && kTorchVersionMinor <= 6);

// The export schema version (torch/_export/serde/schema.py's SCHEMA_VERSION) of the running
// torch: 8.2 in torch 2.6, 8.20 in torch 2.14 (measured).
constexpr int kWrittenSchemaMajor = 8;
constexpr int kWrittenSchemaMinor = kWritesPt2Archive ? 20 : 2;

// A program the archive cannot hold; SaveExportedProgram turns it into its InvalidArgument.
struct Unwritable {
  std::string message;
};
[[noreturn]] void Refuse(std::string message) { throw Unwritable{std::move(message)}; }

template <typename T, size_t N>
int CodeOf(const std::pair<int, T> (&table)[N], T value, absl::string_view what,
           const std::string& name) {
  for (const auto& [code, v] : table) {
    if (v == value) return code;
  }
  Refuse(absl::StrCat(name, ": the export schema has no number for ", what, " ", c10::str(value)));
}

json IntJson(int64_t v) { return {{"as_int", v}}; }

// nlohmann writes a non-finite float as null; Python's json (serialize.py) writes Infinity,
// -Infinity and NaN. Such floats are written as these strings and replaced in the dumped text.
constexpr char kPositiveInfinity[] = "\x01graph-lower:Infinity";
constexpr char kNegativeInfinity[] = "\x01graph-lower:-Infinity";
constexpr char kNotANumber[] = "\x01graph-lower:NaN";

json FloatJson(double v) {
  if (std::isnan(v)) return kNotANumber;
  if (std::isinf(v)) return v > 0 ? kPositiveInfinity : kNegativeInfinity;
  return v;
}

std::string Dump(const json& j) {
  std::string text = j.dump(-1, ' ', false, json::error_handler_t::replace);
  // The sentinels as nlohmann escapes them.
  auto escaped = [](const char* s) { return absl::StrCat("\"\\u0001", s + 1, "\""); };
  return absl::StrReplaceAll(text, {{escaped(kPositiveInfinity), "Infinity"},
                                    {escaped(kNegativeInfinity), "-Infinity"},
                                    {escaped(kNotANumber), "NaN"}});
}

json DeviceJson(const c10::Device& d) {
  json j = {{"type", c10::DeviceTypeName(d.type(), /*lower_case=*/true)}};
  if (d.has_index()) {
    j["index"] = d.index();
  } else if (kWritesPt2Archive) {
    j["index"] = nullptr;
  }
  return j;
}

// schema.py's TensorMeta of `t`.
json MetaJson(const at::Tensor& t, const c10::Device& device, bool requires_grad,
              const std::string& name) {
  json sizes = json::array(), strides = json::array();
  for (const int64_t s : t.sizes()) sizes.push_back(IntJson(s));
  for (const int64_t s : t.strides()) strides.push_back(IntJson(s));
  return {{"dtype", CodeOf(kSerdeScalarTypes, t.scalar_type(), "dtype", name)},
          {"sizes", sizes},
          {"requires_grad", requires_grad},
          {"device", DeviceJson(device)},
          {"strides", strides},
          {"storage_offset", IntJson(t.storage_offset())},
          {"layout", CodeOf(kSerdeLayouts, t.layout(), "layout", name)}};
}

// Python's keywords and the builtins an op may be named after: torch.fx renames a node so named
// (torch/fx/graph.py, _Namespace), which would break the signature's references to it.
bool IsReservedName(absl::string_view name) {
  static const auto* const kReserved = new absl::flat_hash_set<std::string>{
      "False", "None",     "True",  "and",    "as",     "assert",  "async",  "await",    "break",
      "class", "continue", "def",   "del",    "elif",   "else",    "except", "finally",  "for",
      "from",  "global",   "if",    "import", "in",     "is",      "lambda", "nonlocal", "not",
      "or",    "pass",     "raise", "return", "try",    "while",   "with",   "yield",    "abs",
      "all",   "any",      "bin",   "bool",   "chr",    "complex", "divmod", "float",    "format",
      "hash",  "hex",      "id",    "input",  "int",    "iter",    "len",    "list",     "map",
      "max",   "min",      "next",  "object", "oct",    "ord",     "pow",    "print",    "range",
      "repr",  "round",    "set",   "slice",  "sorted", "str",     "sum",    "tuple",    "type",
      "zip",   "torch",    "self",  "inf",    "nan",    "device",  "dtype",  "getattr",  "copy"};
  return kReserved->contains(name);
}

// The value `v` stands for: glue cleanup may leave a prim::unchecked_cast (an Optional refined)
// or a tuple made by prim::TupleConstruct and taken apart by prim::TupleUnpack.
const Value* Source(const Value* v) {
  while (true) {
    const Node* n = v->node();
    if (n->kind() == c10::prim::unchecked_cast) {
      v = n->input();
    } else if (n->kind() == c10::prim::TupleUnpack &&
               n->input()->node()->kind() == c10::prim::TupleConstruct) {
      v = n->input()->node()->input(v->offset());
    } else {
      return v;
    }
  }
}

// The exported program's JSON for a lowered graph, and the tensors it lifts.
class ProgramWriter {
 public:
  ProgramWriter(const torch::jit::Graph& graph, const Program& program,
                const ExportedProgramSource& source)
      : graph_(graph), program_(program), source_(source) {}

  // Builds the program JSON (schema.py's ExportedProgram).
  json Build(const std::vector<std::string>& mutated_inputs);

  // Tensor constants of the graph lifted to inputs: (tensor_constant_name, value).
  const std::vector<std::pair<std::string, at::Tensor>>& lifted_constants() const {
    return lifted_constants_;
  }

 private:
  void Evaluate();
  bool EvaluateOn(bool meta);  // false: an op failed on meta tensors
  bool Typed(const Node* n);   // n's outputs as meta tensors of their complete types
  c10::Device DeviceOf(const Value* v, const at::Tensor& t) const;  // t: v's value
  std::string NewName(const std::string& base);
  std::string Lift(const at::Tensor& t);  // a tensor constant as a new input; its name
  std::string TensorName(const Value* v, const std::string& where);
  json Argument(const Value* v, const c10::Argument* formal, const std::string& where);
  json ConstantJson(const c10::IValue& c, const c10::TypePtr& real, const std::string& where);
  void Call(const Node* n, size_t index);
  void FlattenOutputs(const Value* v, std::vector<const Value*>& out);

  const torch::jit::Graph& graph_;
  const Program& program_;
  const ExportedProgramSource& source_;
  absl::flat_hash_map<const Value*, c10::IValue> values_;  // each value, run on the samples
  absl::flat_hash_map<const Value*, bool> requires_grad_;  // autograd would record it
  absl::flat_hash_map<const Value*, std::string> names_;   // tensors
  absl::flat_hash_map<const Value*, std::vector<std::string>> list_names_;  // tensor lists
  absl::flat_hash_set<std::string> used_;
  absl::flat_hash_map<std::string, int> counts_;
  json nodes_ = json::array();
  json tensor_values_ = json::object();
  std::vector<std::pair<std::string, at::Tensor>> lifted_constants_;
  std::vector<std::string> lifted_constant_inputs_;  // their placeholder names
  bool mutates_ = false;                             // some op writes an argument
  std::optional<c10::Device> device_;                // the first real input's
};

std::string ProgramWriter::NewName(const std::string& base) {
  std::string name = base;
  int& n = counts_[base];
  if (n > 0 || IsReservedName(base) || used_.contains(name)) {
    do {
      name = absl::StrCat(base, "_", ++n);
    } while (used_.contains(name));
  }
  used_.insert(name);
  return name;
}

// A meta tensor with `t`'s sizes, strides, storage offset and dtype (no data).
at::Tensor MetaOf(const at::Tensor& t) {
  if (!t.defined() || t.is_meta()) return t;
  const int64_t storage = static_cast<int64_t>(t.storage().nbytes() / t.element_size());
  return at::empty({storage}, t.options().device(at::kMeta))
      .as_strided(t.sizes(), t.strides(), t.storage_offset());
}

c10::IValue MetaOf(const c10::IValue& v) {
  if (v.isTensor()) return MetaOf(v.toTensor());
  if (v.isTensorList()) {
    c10::List<at::Tensor> list;
    for (const at::Tensor& t : v.toTensorVector()) list.push_back(MetaOf(t));
    return list;
  }
  if (v.isList() && v.type()->expectRef<c10::ListType>().getElementType()->kind() ==
                        c10::TypeKind::OptionalType) {
    c10::impl::GenericList list(v.type()->expectRef<c10::ListType>().getElementType());
    for (const c10::IValue& e : v.toListRef()) list.push_back(MetaOf(e));
    return list;
  }
  return v;
}

// A meta tensor for a complete TensorType (sizes, strides, dtype and device known), else none.
std::optional<at::Tensor> MetaOfType(const c10::TypePtr& type) {
  const auto t = type->cast<c10::TensorType>();
  if (!t || !t->isComplete()) return std::nullopt;
  return at::empty_strided(*t->sizes().concrete_sizes(), *t->strides().concrete_sizes(),
                           at::TensorOptions().dtype(*t->scalarType()).device(at::kMeta));
}

void ProgramWriter::Evaluate() {
  for (const Node* n : graph_.nodes()) {
    if (!n->blocks().empty()) {
      Refuse(absl::StrCat("the lowered program has control flow (", n->kind().toQualString(),
                          "), which an exported program cannot hold"));
    }
    if (const c10::FunctionSchema* schema = n->maybeSchema(); schema && schema->is_mutable()) {
      mutates_ = true;
    }
  }
  // Each op runs on meta tensors, as torch.export's FakeTensors run it. An op with no meta
  // kernel in libtorch's C++ (convolution, native_layer_norm) takes its outputs' sizes, strides
  // and dtypes from the lowered graph's complete types; where those are incomplete, or an output
  // is a view (its storage offset), the whole program runs on the sample inputs instead.
  if (EvaluateOn(/*meta=*/true)) return;
  values_.clear();
  EvaluateOn(/*meta=*/false);
}

bool ProgramWriter::EvaluateOn(bool meta) {
  const auto inputs = graph_.inputs();
  const size_t users = inputs.size() - program_.lifted.size();
  const bool samples = program_.sample_inputs && program_.sample_inputs->size() == users;
  for (size_t i = 0; i < inputs.size(); ++i) {
    c10::IValue v;
    if (i >= users) {
      v = program_.lifted[i - users].value;
    } else if (samples) {
      v = (*program_.sample_inputs)[i];
    } else if (auto t = meta ? MetaOfType(inputs[i]->type()) : std::nullopt) {
      v = *t;
    } else if (meta) {
      return false;
    } else {
      Refuse("the program has no sample inputs to measure its tensors' metadata with");
    }
    // A program that writes its inputs (--keep-input-mutation) must not reach the weights.
    if (mutates_ && !meta && v.isTensor()) v = v.toTensor().clone();
    if (v.isTensor() && v.toTensor().defined() && !v.toTensor().is_meta() && !device_) {
      device_ = v.toTensor().device();
    }
    values_[inputs[i]] = std::move(v);
  }
  for (const Node* n : graph_.nodes()) {
    if (n->kind() == c10::prim::Constant) {
      values_[n->output()] = *torch::jit::toIValue(n->output());
      continue;
    }
    torch::jit::Stack stack;
    for (const Value* in : n->inputs()) {
      stack.push_back(meta ? MetaOf(values_.at(in)) : values_.at(in));
    }
    if (n->kind() == c10::prim::TupleConstruct) {  // the outputs: no operation to run
      values_[n->output()] = c10::ivalue::Tuple::create(std::move(stack));
      continue;
    }
    if (n->kind() == c10::prim::ListConstruct) {
      c10::impl::GenericList list(n->output()->type()->expectRef<c10::ListType>().getElementType());
      for (c10::IValue& v : stack) list.push_back(std::move(v));
      values_[n->output()] = std::move(list);
      continue;
    }
    if (n->kind() == c10::prim::unchecked_cast) {  // a refinement of Optional: the value itself
      values_[n->output()] = stack.at(0);
      continue;
    }
    if (n->kind() == c10::prim::TupleUnpack && stack.at(0).isTuple() &&
        stack.at(0).toTupleRef().elements().size() == n->outputs().size()) {
      for (size_t i = 0; i < n->outputs().size(); ++i) {
        values_[n->output(i)] = stack.at(0).toTupleRef().elements()[i];
      }
      continue;
    }
    if (n->kind() == c10::prim::ListUnpack) {
      const c10::IValue& list = stack.at(0);
      if (!list.isList() || list.toListRef().size() != n->outputs().size()) {
        Refuse(absl::StrCat("prim::ListUnpack of a list of another length"));
      }
      for (size_t i = 0; i < n->outputs().size(); ++i) {
        values_[n->output(i)] = list.toListRef()[i];
      }
      continue;
    }
    try {
      n->getOperation()(stack);
    } catch (const std::exception& e) {
      if (meta && Typed(n)) continue;
      if (meta) return false;
      Refuse(absl::StrCat("running ", n->kind().toQualString(),
                          " on the sample inputs failed: ", ExceptionMessage(e)));
    }
    if (stack.size() != n->outputs().size()) {
      Refuse(absl::StrCat(n->kind().toQualString(), " returned ", stack.size(), " values, not ",
                          n->outputs().size()));
    }
    for (size_t i = 0; i < stack.size(); ++i) values_[n->output(i)] = std::move(stack[i]);
  }
  return true;
}

bool ProgramWriter::Typed(const Node* n) {
  if (!n->maybeSchema()) return false;
  for (const c10::Argument& r : n->schema().returns()) {
    if (r.alias_info()) return false;
  }
  std::vector<at::Tensor> outs;
  for (const Value* out : n->outputs()) {
    auto t = MetaOfType(out->type());
    if (!t) return false;
    outs.push_back(std::move(*t));
  }
  for (size_t i = 0; i < outs.size(); ++i) values_[n->output(i)] = std::move(outs[i]);
  return true;
}

c10::Device ProgramWriter::DeviceOf(const Value* v, const at::Tensor& t) const {
  if (!t.is_meta()) return t.device();
  if (auto type = v->type()->cast<c10::TensorType>(); type && type->device()) {
    return *type->device();
  }
  return device_.value_or(c10::Device(c10::kCPU));
}

std::string ProgramWriter::Lift(const at::Tensor& t) {
  // torch.export's lifted constants: input c_lifted_tensor_N, constant lifted_tensor_N.
  std::string target;
  for (int n = static_cast<int>(lifted_constants_.size());; ++n) {
    target = absl::StrCat("lifted_tensor_", n);
    if (!used_.contains(target) && !used_.contains("c_" + target)) break;
  }
  const std::string name = NewName("c_" + target);
  used_.insert(target);
  lifted_constants_.emplace_back(target, t);
  lifted_constant_inputs_.push_back(name);
  tensor_values_[name] = MetaJson(t, t.device(), false, name);
  return name;
}

std::string ProgramWriter::TensorName(const Value* v, const std::string& where) {
  v = Source(v);
  if (auto it = names_.find(v); it != names_.end()) return it->second;
  if (v->node()->kind() == c10::prim::Constant && values_.at(v).isTensor()) {
    return names_[v] = Lift(values_.at(v).toTensor());
  }
  Refuse(absl::StrCat(where, ": a value of type ", v->type()->repr_str(), " made by ",
                      v->node()->kind().toQualString(),
                      ", computed at run time, which an exported program cannot hold"));
}

json ProgramWriter::ConstantJson(const c10::IValue& c, const c10::TypePtr& real,
                                 const std::string& where) {
  const c10::TypeKind kind = real ? real->kind() : c10::TypeKind::AnyType;
  if (c.isNone()) return {{"as_none", true}};
  if (c.isBool()) return {{"as_bool", c.toBool()}};
  if (c.isInt()) {
    const int64_t v = c.toInt();
    if (kind == c10::TypeKind::ScalarTypeType) {
      return {{"as_scalar_type",
               CodeOf(kSerdeScalarTypes, static_cast<c10::ScalarType>(v), "dtype", where)}};
    }
    if (kind == c10::TypeKind::LayoutType) {
      return {{"as_layout", CodeOf(kSerdeLayouts, static_cast<c10::Layout>(v), "layout", where)}};
    }
    if (kind == c10::TypeKind::MemoryFormatType) {
      return {{"as_memory_format", CodeOf(kSerdeMemoryFormats, static_cast<c10::MemoryFormat>(v),
                                          "memory format", where)}};
    }
    return IntJson(v);
  }
  if (c.isDouble()) return {{"as_float", FloatJson(c.toDouble())}};
  if (c.isString()) return {{"as_string", c.toStringRef()}};
  if (c.isDevice()) return {{"as_device", DeviceJson(c.toDevice())}};
  if (c.isIntList()) return {{"as_ints", c.toIntVector()}};
  if (c.isDoubleList()) {
    json floats = json::array();
    for (const double d : c.toDoubleVector()) floats.push_back(FloatJson(d));
    return {{"as_floats", floats}};
  }
  if (c.isBoolList()) {
    json bools = json::array();
    for (const bool b : c.toBoolList()) bools.push_back(b);
    return {{"as_bools", bools}};
  }
  if (c.isList()) {
    json strings = json::array();
    for (const c10::IValue& e : c.toListRef()) {
      if (!e.isString()) {
        Refuse(absl::StrCat(where, ": a constant of type ", c.type()->repr_str(),
                            ", which the export schema cannot hold"));
      }
      strings.push_back(e.toStringRef());
    }
    return {{"as_strings", strings}};
  }
  Refuse(absl::StrCat(where, ": a constant of type ", c.type()->repr_str(),
                      ", which the export schema cannot hold"));
}

json ProgramWriter::Argument(const Value* v, const c10::Argument* formal,
                             const std::string& where) {
  v = Source(v);
  c10::TypePtr real = formal ? formal->real_type() : nullptr;
  if (real) {
    if (auto o = real->cast<c10::OptionalType>()) real = o->getElementType();
  }
  const Node* p = v->node();
  const auto list_type = v->type()->cast<c10::ListType>();
  const bool tensors =
      list_type && (list_type->getElementType()->kind() == c10::TypeKind::TensorType ||
                    list_type->getElementType()->isSubtypeOf(
                        *c10::OptionalType::create(c10::TensorType::get())));
  if (p->kind() == c10::prim::Constant && !values_.at(v).isTensor() && !tensors) {
    return ConstantJson(values_.at(v), real, where);
  }
  const c10::TypePtr type = v->type();
  if (type->kind() == c10::TypeKind::TensorType ||
      (type->kind() == c10::TypeKind::OptionalType && values_.at(v).isTensor())) {
    return {{"as_tensor", {{"name", TensorName(v, where)}}}};
  }
  if (auto list = type->cast<c10::ListType>()) {
    const c10::TypePtr element = list->getElementType();
    const bool optional_tensors =
        element->kind() == c10::TypeKind::OptionalType &&
        element->cast<c10::OptionalType>()->getElementType()->kind() == c10::TypeKind::TensorType;
    if (element->kind() == c10::TypeKind::TensorType || optional_tensors) {
      std::vector<std::string> names;  // "" for None
      if (p->kind() == c10::prim::ListConstruct) {
        for (const Value* e : p->inputs()) {
          names.push_back(optional_tensors && values_.at(e).isNone() ? std::string()
                                                                     : TensorName(e, where));
        }
      } else if (p->kind() == c10::prim::Constant) {
        // A constant list of tensors (glue folded): each element lifted, once per list.
        auto [it, added] = list_names_.try_emplace(v);
        if (added) {
          for (const c10::IValue& e : values_.at(v).toListRef()) {
            it->second.push_back(e.isTensor() ? Lift(e.toTensor()) : std::string());
          }
        }
        names = it->second;
      } else if (auto it = list_names_.find(v); it != list_names_.end() && !optional_tensors) {
        names = it->second;
      } else {
        Refuse(absl::StrCat(where, ": a tensor list made by ", p->kind().toQualString()));
      }
      json items = json::array();
      for (const std::string& name : names) {
        if (name.empty()) {
          items.push_back({{"as_none", true}});
        } else if (optional_tensors) {
          items.push_back({{"as_tensor", {{"name", name}}}});
        } else {
          items.push_back({{"name", name}});
        }
      }
      return {{optional_tensors ? "as_optional_tensors" : "as_tensors", items}};
    }
    if (p->kind() == c10::prim::ListConstruct) {
      for (const Value* e : p->inputs()) {
        if (e->node()->kind() != c10::prim::Constant) {
          Refuse(absl::StrCat(where, ": a list holding a value of type ", e->type()->repr_str(),
                              " made by ", e->node()->kind().toQualString(),
                              ", computed at run time, which an exported program cannot hold"));
        }
      }
      return ConstantJson(values_.at(v), real, where);
    }
  }
  Refuse(absl::StrCat(where, ": a value of type ", type->repr_str(), " made by ",
                      p->kind().toQualString(),
                      ", computed at run time, which an exported program cannot hold"));
}

void ProgramWriter::Call(const Node* n, size_t index) {
  const c10::FunctionSchema& schema = n->schema();
  const std::string op = schema.name();  // "aten::add"
  const std::string where = absl::StrCat("node ", index, " (", c10::toString(schema), ")");
  json inputs = json::array();
  bool requires_grad = false;
  for (size_t i = 0; i < schema.arguments().size(); ++i) {
    const c10::Argument& formal = schema.arguments()[i];
    json entry = {{"name", formal.name()},
                  {"arg", Argument(n->input(i), &formal,
                                   absl::StrCat(where, " argument '", formal.name(), "'"))}};
    if (kWritesPt2Archive) entry["kind"] = formal.kwarg_only() ? 2 : 1;  // ArgumentKind
    inputs.push_back(std::move(entry));
    if (auto it = requires_grad_.find(Source(n->input(i)));
        it != requires_grad_.end() && it->second) {
      requires_grad = true;
    }
  }
  // Autograd records an output that is floating or complex when some input requires grad.
  auto grad_of = [&](const at::Tensor& t) {
    return requires_grad && (t.is_floating_point() || t.is_complex());
  };
  const std::string base = op.substr(op.find("::") + 2);
  json outputs = json::array();
  std::string node_name;
  for (size_t i = 0; i < n->outputs().size(); ++i) {
    const Value* out = n->output(i);
    const c10::IValue& v = values_.at(out);
    const std::string name = NewName(n->outputs().size() == 1 ? base : "getitem");
    if (v.isTensor() && v.toTensor().defined()) {
      const at::Tensor& t = v.toTensor();
      const bool grad = grad_of(t);
      names_[out] = name;
      requires_grad_[out] = grad;
      tensor_values_[name] = MetaJson(t, DeviceOf(out, t), grad, name);
      outputs.push_back({{"as_tensor", {{"name", name}}}});
    } else if (v.isTensorList()) {
      std::vector<std::string>& names = list_names_[out];
      json items = json::array();
      for (const at::Tensor& t : v.toTensorVector()) {
        const std::string item = NewName("getitem");
        const bool grad = grad_of(t);
        tensor_values_[item] = MetaJson(t, DeviceOf(out, t), grad, item);
        names.push_back(item);
        items.push_back({{"name", item}});
      }
      outputs.push_back({{"as_tensors", items}});
    } else if (v.isNone() || (v.isTensor() && !v.toTensor().defined())) {
      outputs.push_back({{"as_none", true}});
    } else {
      Refuse(absl::StrCat(where, " returns a value of type ", out->type()->repr_str(),
                          ", computed at run time, which an exported program cannot hold"));
    }
    if (node_name.empty()) node_name = name;
  }
  if (n->outputs().size() != 1) node_name = NewName(base);
  std::string overload = schema.overload_name();
  json node = {{"target", absl::StrCat("torch.ops.", op.substr(0, op.find("::")), ".", base, ".",
                                       overload.empty() ? "default" : overload)},
               {"inputs", std::move(inputs)},
               {"outputs", std::move(outputs)},
               {"metadata", json::object()}};
  if (kWritesPt2Archive) {
    node["is_hop_single_tensor_return"] = nullptr;
    node["name"] = node_name;
  }
  nodes_.push_back(std::move(node));
}

void ProgramWriter::FlattenOutputs(const Value* v, std::vector<const Value*>& out) {
  v = Source(v);
  if (v->node()->kind() == c10::prim::TupleConstruct) {
    for (const Value* e : v->node()->inputs()) FlattenOutputs(e, out);
  } else {
    out.push_back(v);
  }
}

json ProgramWriter::Build(const std::vector<std::string>& mutated_inputs) {
  const json& ep = source_.program;
  const json& module = ep.at("graph_module");
  const json& specs = module.at("signature").at("input_specs");
  const json& original_outputs = module.at("signature").at("output_specs");
  const auto inputs = graph_.inputs();
  if (source_.input_specs.size() != inputs.size()) {
    Refuse(absl::StrCat("the lowered graph has ", inputs.size(), " inputs, the program ",
                        source_.input_specs.size()));
  }
  Evaluate();

  // Inputs keep their names; their metadata is the archive's.
  const json& old_values = module.at("graph").at("tensor_values");
  std::vector<std::string> input_names(inputs.size());
  for (size_t i = 0; i < inputs.size(); ++i) {
    const json& spec = specs.at(source_.input_specs[i]);
    const std::string kind = spec.begin().key();
    const json& body = spec.begin().value();
    std::string name;
    if (kind == "user_input") {
      const json& arg = body.at("arg");
      if (arg.contains("as_tensor")) name = arg["as_tensor"].at("name").get<std::string>();
    } else if (kind != "constant_input") {
      name = body.at("arg").at("name").get<std::string>();
    }
    if (name.empty()) continue;  // a specialised non-tensor input
    input_names[i] = name;
    used_.insert(name);
    names_[inputs[i]] = name;
    const bool grad = old_values.contains(name) && old_values[name].value("requires_grad", false);
    requires_grad_[inputs[i]] = grad;
    tensor_values_[name] =
        old_values.contains(name)
            ? old_values[name]
            : MetaJson(values_.at(inputs[i]).toTensor(),
                       DeviceOf(inputs[i], values_.at(inputs[i]).toTensor()), grad, name);
  }

  size_t index = 0;
  for (const Node* n : graph_.nodes()) {
    switch (n->kind()) {
      case c10::prim::Constant:
      case c10::prim::ListConstruct:
      case c10::prim::TupleConstruct:
        break;  // arguments and outputs of the nodes that use them
      case c10::prim::unchecked_cast:
        break;  // Source() sees through it
      case c10::prim::ListUnpack: {
        const Value* list = Source(n->input());
        std::vector<std::string> names;
        if (auto it = list_names_.find(list); it != list_names_.end()) {
          names = it->second;
        } else if (list->node()->kind() == c10::prim::ListConstruct) {
          for (const Value* e : list->node()->inputs()) {
            names.push_back(TensorName(e, absl::StrCat("node ", index, " (prim::ListUnpack)")));
          }
        } else {
          Refuse(absl::StrCat("node ", index, ": prim::ListUnpack of a list made by ",
                              list->node()->kind().toQualString()));
        }
        if (names.size() != n->outputs().size()) {
          Refuse(absl::StrCat("node ", index, ": prim::ListUnpack of ", names.size(),
                              " tensors into ", n->outputs().size()));
        }
        for (size_t i = 0; i < names.size(); ++i) {
          names_[n->output(i)] = names[i];
          requires_grad_[n->output(i)] = requires_grad_[list];
        }
        break;
      }
      default:
        if (n->kind() == c10::prim::TupleUnpack && Source(n->output(0)) != n->output(0)) break;
        if (n->kind().is_prim() || !n->maybeSchema()) {
          Refuse(absl::StrCat("node ", index, " (", n->kind().toQualString(),
                              ") is not an operator call an exported program can hold"));
        }
        Call(n, index);
    }
    ++index;
  }

  // Outputs: the program's, then the final values of the inputs it writes.
  std::vector<const Value*> outputs;
  for (const Value* v : graph_.outputs()) FlattenOutputs(v, outputs);
  const size_t own = original_outputs.size();
  if (outputs.size() != own + mutated_inputs.size()) {
    Refuse(absl::StrCat("the lowered graph returns ", outputs.size(), " values; the program ", own,
                        " and ", mutated_inputs.size(), " written inputs"));
  }
  json mutations = json::array(), mutation_args = json::array();
  json others = json::array(), other_args = json::array();
  auto tensor_spec = [&](const Value* v, const std::string& where) {
    return json{{"name", TensorName(v, where)}};
  };
  for (size_t i = 0; i < own; ++i) {
    const std::string where = absl::StrCat("output ", i);
    json spec = original_outputs[i];
    json& body = spec.begin().value();
    const std::string kind = spec.begin().key();
    json arg;
    if (kind == "user_output") {
      arg = Argument(outputs[i], nullptr, where);
      body["arg"] = arg;
    } else {
      body["arg"] = tensor_spec(outputs[i], where);
      arg = {{"as_tensor", body["arg"]}};
    }
    const bool mutation =
        kind == "buffer_mutation" || kind == "user_input_mutation" || kind == "parameter_mutation";
    (mutation ? mutations : others).push_back(std::move(spec));
    (mutation ? mutation_args : other_args).push_back(std::move(arg));
  }
  for (size_t k = 0; k < mutated_inputs.size(); ++k) {
    const Value* out = outputs[own + k];
    const std::string where = absl::StrCat("output ", own + k);
    size_t input = inputs.size();
    for (size_t i = 0; i < inputs.size(); ++i) {
      if (inputs[i]->debugName() == mutated_inputs[k] ||
          ParameterName(inputs[i]->debugName()) == mutated_inputs[k]) {
        input = i;
      }
    }
    if (input == inputs.size()) {
      Refuse(absl::StrCat("the written input '", mutated_inputs[k], "' is not a graph input"));
    }
    const json& spec = specs.at(source_.input_specs[input]);
    const std::string kind = spec.begin().key();
    json body = {{"arg", tensor_spec(out, where)}};
    if (kind == "buffer") {
      body["buffer_name"] = spec.begin().value().at("buffer_name");
      mutations.push_back({{"buffer_mutation", body}});
    } else if (kind == "user_input") {
      body["user_input_name"] = input_names[input];
      mutations.push_back({{"user_input_mutation", body}});
    } else if (kind == "parameter" && kWritesPt2Archive) {
      body["parameter_name"] = spec.begin().value().at("parameter_name");
      mutations.push_back({{"parameter_mutation", body}});
    } else {
      Refuse(absl::StrCat("the program writes its ", kind, " '", input_names[input],
                          "', which the export schema of this torch cannot record"));
    }
    mutation_args.push_back({{"as_tensor", body["arg"]}});
  }

  // Inputs: the archive's, with the lifted constants after the other lifted tensors.
  json input_specs = json::array(), graph_inputs = json::array();
  const json& old_inputs = module.at("graph").at("inputs");
  size_t first_user = specs.size();
  for (size_t i = 0; i < specs.size(); ++i) {
    const std::string kind = specs[i].begin().key();
    if ((kind == "user_input" || kind == "constant_input") && first_user == specs.size()) {
      first_user = i;
    }
  }
  for (size_t i = 0; i <= specs.size(); ++i) {
    if (i == first_user) {
      for (size_t c = 0; c < lifted_constants_.size(); ++c) {
        input_specs.push_back({{"tensor_constant",
                                {{"arg", {{"name", lifted_constant_inputs_[c]}}},
                                 {"tensor_constant_name", lifted_constants_[c].first}}}});
        graph_inputs.push_back({{"as_tensor", {{"name", lifted_constant_inputs_[c]}}}});
      }
    }
    if (i == specs.size()) break;
    input_specs.push_back(specs[i]);
    graph_inputs.push_back(old_inputs.at(i));
  }

  json out = ep;
  json& gm = out["graph_module"];
  json& g = gm["graph"];
  g["inputs"] = std::move(graph_inputs);
  json graph_outputs = mutation_args;
  for (json& a : other_args) graph_outputs.push_back(std::move(a));
  g["outputs"] = std::move(graph_outputs);
  g["nodes"] = std::move(nodes_);
  g["tensor_values"] = std::move(tensor_values_);
  for (const char* field : {"sym_int_values", "sym_bool_values", "sym_float_values"}) {
    if (g.contains(field)) g[field] = json::object();
  }
  json output_specs = std::move(mutations);
  for (json& s : others) output_specs.push_back(std::move(s));
  gm["signature"] = {{"input_specs", std::move(input_specs)},
                     {"output_specs", std::move(output_specs)}};
  // torch/_export/verifier.py's dialect ATEN: functional ops only.
  if (!mutates_) out["verifiers"] = json::array({"ATEN"});
  return out;
}

// torch.save (torch/serialization.py's _save) of a state dict or of sample inputs: data.pkl in
// pickle protocol 2, each storage a persistent id ('storage', torch.<Type>Storage, key, 'cpu',
// numel) for the record data/<key>, shared storages once. Written here because libtorch's
// Pickler (torch/csrc/jit/serialization/pickler.h) keeps the GLOBAL opcode private, so it cannot
// make a torch.nn.Parameter (torch/_utils.py's _rebuild_parameter), which torch.export.load of
// torch 2.6 requires of parameters, and it tags dicts and lists with
// torch.jit._pickle.restore_type_tag, which torch.load(weights_only=True) of torch 2.14 refuses.
class TorchSaveWriter {
 public:
  // A dict of name -> tensor, in order, parameters (the bool) as torch.nn.Parameter.
  std::string SaveStateDict(const std::vector<std::tuple<std::string, at::Tensor, bool>>& entries) {
    out_ = "\x80\x02";  // PROTO 2
    out_ += "}(";       // EMPTY_DICT, MARK: a dict, as torch.export.save pickles state dicts
    for (const auto& [name, tensor, is_parameter] : entries) {
      String(name);
      if (is_parameter) Global("torch._utils", "_rebuild_parameter");
      Tensor(tensor, is_parameter);
      if (is_parameter) {
        out_ += '\x88';   // requires_grad
        OrderedDict();    // backward hooks
        out_ += "\x87R";  // TUPLE3, REDUCE
      }
    }
    out_ += "u.";  // SETITEMS, STOP
    return Finish();
  }

  // `value` (tensors, numbers, bools, strings, None, and tuples, lists and dicts of them) as
  // plain Python values. Unwritable for anything else.
  std::string Save(const c10::IValue& value) {
    out_ = "\x80\x02";
    Push(value);
    out_ += '.';
    return Finish();
  }

 private:
  void Push(const c10::IValue& v) {
    if (v.isNone()) {
      out_ += 'N';
    } else if (v.isBool()) {
      out_ += v.toBool() ? '\x88' : '\x89';
    } else if (v.isInt()) {
      Int(v.toInt());
    } else if (v.isDouble()) {
      out_ += 'G';  // BINFLOAT, big-endian
      uint64_t bits;
      const double d = v.toDouble();
      std::memcpy(&bits, &d, 8);
      for (int i = 7; i >= 0; --i) out_ += static_cast<char>(bits >> (8 * i));
    } else if (v.isString()) {
      String(v.toStringRef());
    } else if (v.isTensor()) {
      Tensor(v.toTensor(), false);
    } else if (v.isTuple()) {
      out_ += '(';
      for (const c10::IValue& e : v.toTupleRef().elements()) Push(e);
      out_ += 't';
    } else if (v.isList()) {
      out_ += "](";  // EMPTY_LIST, MARK
      for (const c10::IValue& e : v.toListRef()) Push(e);
      out_ += 'e';  // APPENDS
    } else if (v.isGenericDict()) {
      out_ += "}(";  // EMPTY_DICT, MARK
      for (const auto& entry : v.toGenericDict()) {
        Push(entry.key());
        Push(entry.value());
      }
      out_ += 'u';
    } else {
      Refuse(absl::StrCat("a value of type ", v.type()->repr_str(), " cannot be written"));
    }
  }

  void Tensor(const at::Tensor& tensor, bool requires_grad) {
    Global("torch._utils", "_rebuild_tensor_v2");
    out_ += '(';
    const c10::StorageImpl* impl = tensor.storage().unsafeGetStorageImpl();
    auto [it, added] = keys_.try_emplace(impl, std::to_string(keys_.size()));
    if (added) storages_.emplace_back(it->second, tensor.storage());
    out_ += '(';
    String("storage");
    Global("torch", absl::StrCat(c10::toString(tensor.scalar_type()), "Storage"));
    String(it->second);
    String("cpu");
    Int(static_cast<int64_t>(tensor.storage().nbytes() / tensor.element_size()));
    out_ += "tQ";  // TUPLE, BINPERSID
    Int(tensor.storage_offset());
    Ints(tensor.sizes());
    Ints(tensor.strides());
    out_ += tensor.requires_grad() || requires_grad ? '\x88' : '\x89';
    OrderedDict();  // backward hooks
    out_ += "tR";   // TUPLE, REDUCE
  }

  std::string Finish() {
    std::string zip;
    caffe2::serialize::PyTorchStreamWriter writer([&zip](const void* data, size_t n) {
      zip.append(static_cast<const char*>(data), n);
      return n;
    });
    writer.writeRecord("data.pkl", out_.data(), out_.size());
    writer.writeRecord("byteorder", "little", 6);
    for (const auto& [key, storage] : storages_) {
      writer.writeRecord(absl::StrCat("data/", key), storage.data(), storage.nbytes());
    }
    writer.writeEndOfFile();
    return zip;
  }

  void Global(absl::string_view module, absl::string_view name) {
    absl::StrAppend(&out_, "c", module, "\n", name, "\n");
  }
  void OrderedDict() {
    Global("collections", "OrderedDict");
    out_ += ")R";  // EMPTY_TUPLE, REDUCE
  }
  void String(absl::string_view s) {
    out_ += 'X';  // BINUNICODE
    const uint32_t n = static_cast<uint32_t>(s.size());
    for (int i = 0; i < 4; ++i) out_ += static_cast<char>((n >> (8 * i)) & 0xff);
    out_.append(s.data(), s.size());
  }
  void Int(int64_t v) {
    if (v >= INT32_MIN && v <= INT32_MAX) {
      out_ += 'J';  // BININT
      for (int i = 0; i < 4; ++i) out_ += static_cast<char>((static_cast<uint32_t>(v) >> (8 * i)));
    } else {
      out_ += "\x8a\x08";  // LONG1 of 8 bytes
      for (int i = 0; i < 8; ++i) out_ += static_cast<char>(static_cast<uint64_t>(v) >> (8 * i));
    }
  }
  void Ints(c10::IntArrayRef values) {
    out_ += '(';
    for (const int64_t v : values) Int(v);
    out_ += 't';
  }

  std::string out_;
  std::map<const c10::StorageImpl*, std::string> keys_;
  std::vector<std::pair<std::string, c10::Storage>> storages_;
};

// The archive's sample inputs as torch.save writes them, or nothing when they hold a value the
// writer cannot write (the archive is then written without them).
std::optional<std::string> SampleInputs(const ExportedProgramSource& source) {
  if (!source.example_inputs) return std::nullopt;
  try {
    return TorchSaveWriter().Save(*source.example_inputs);
  } catch (const Unwritable&) {
    return std::nullopt;
  }
}

// A zip whose files sit at its root (torch 2.6's layout), in memory, with libzip.
std::string RootZip(const std::vector<std::pair<std::string, std::string>>& files) {
  zip_error_t error;
  zip_error_init(&error);
  zip_source_t* buffer = zip_source_buffer_create(nullptr, 0, 0, &error);
  if (!buffer) Refuse("cannot make a zip in memory");
  zip_source_keep(buffer);
  zip_t* zip = zip_open_from_source(buffer, ZIP_TRUNCATE, &error);
  if (!zip) {
    zip_source_free(buffer);
    Refuse("cannot make a zip in memory");
  }
  for (const auto& [name, data] : files) {
    zip_source_t* s = zip_source_buffer(zip, data.data(), data.size(), 0);
    if (!s || zip_file_add(zip, name.c_str(), s, ZIP_FL_OVERWRITE) < 0) {
      if (s) zip_source_free(s);
      zip_discard(zip);
      zip_source_free(buffer);
      Refuse(absl::StrCat("cannot add ", name, " to the zip"));
    }
    zip_set_file_compression(zip, zip_name_locate(zip, name.c_str(), 0), ZIP_CM_STORE, 0);
  }
  if (zip_close(zip) < 0) {
    zip_discard(zip);
    zip_source_free(buffer);
    Refuse("cannot write the zip in memory");
  }
  std::string bytes;
  if (zip_source_open(buffer) == 0) {
    char chunk[1 << 16];
    zip_int64_t n;
    while ((n = zip_source_read(buffer, chunk, sizeof(chunk))) > 0) bytes.append(chunk, n);
    zip_source_close(buffer);
  }
  zip_source_free(buffer);
  return bytes;
}

// The archive's bytes.
std::string Archive(const json& program, const ExportedProgramSource& source,
                    const std::vector<std::pair<std::string, at::Tensor>>& lifted_constants) {
  // The archive's weights and constants, then the constants lifted from the lowered graph.
  std::vector<std::tuple<std::string, at::Tensor, bool>> weights, constants;
  for (const ExportedTensor& t : source.state_dict) {
    weights.emplace_back(t.name, t.value, t.is_parameter);
  }
  for (const ExportedTensor& t : source.constants) constants.emplace_back(t.name, t.value, false);
  for (const auto& [name, value] : lifted_constants) constants.emplace_back(name, value, false);
  const std::string text = Dump(program);
  const json& version = program.at("schema_version");
  if (!kWritesPt2Archive) {
    std::vector<std::pair<std::string, std::string>> files = {
        {"serialized_exported_program.json", text},
        {"serialized_state_dict.pt", TorchSaveWriter().SaveStateDict(weights)},
        {"serialized_constants.pt", TorchSaveWriter().SaveStateDict(constants)}};
    if (auto samples = SampleInputs(source)) {
      files.emplace_back("serialized_example_inputs.pt", std::move(*samples));
    }
    files.emplace_back("version", absl::StrCat(version.at("major").get<int64_t>(), ".",
                                               version.at("minor").get<int64_t>()));
    return RootZip(files);
  }
  std::string bytes;
  caffe2::serialize::PyTorchStreamWriter writer([&bytes](const void* data, size_t n) {
    bytes.append(static_cast<const char*>(data), n);
    return n;
  });
  auto put = [&writer](const std::string& name, const std::string& data) {
    writer.writeRecord(name, data.data(), data.size());
  };
  // Raw storages, one record per storage (views of one storage share it), described by a config.
  auto payload = [&](const std::vector<std::tuple<std::string, at::Tensor, bool>>& tensors,
                     const std::string& dir, const std::string& prefix, const std::string& config) {
    json entries = json::object();
    std::map<const c10::StorageImpl*, std::string> files;
    for (const auto& [name, tensor, is_parameter] : tensors) {
      const c10::StorageImpl* impl = tensor.storage().unsafeGetStorageImpl();
      auto [it, added] = files.try_emplace(impl, absl::StrCat(prefix, files.size()));
      if (added) {
        writer.writeRecord(dir + it->second, tensor.storage().data(), tensor.storage().nbytes());
      }
      entries[name] = {{"path_name", it->second},
                       {"is_param", is_parameter},
                       {"use_pickle", false},
                       {"tensor_meta", MetaJson(tensor, tensor.device(), is_parameter, name)}};
    }
    put(dir + config, Dump(json{{"config", entries}}));
  };
  payload(weights, "data/weights/", "weight_", "model_weights_config.json");
  payload(constants, "data/constants/", "tensor_", "model_constants_config.json");
  put("models/model.json", text);
  if (auto samples = SampleInputs(source)) put("data/sample_inputs/model.pt", *samples);
  put("archive_format", "pt2");
  put("archive_version", "0");
  put("byteorder", "little");
  writer.writeEndOfFile();
  return bytes;
}

}  // namespace

absl::Status CheckExportedProgramOutput(const Program& program, const std::string& path) {
  if (!program.exported) {
    return absl::InvalidArgumentError(
        absl::StrCat(path, ": a .pt2 is written only for a program read from one (", program.source,
                     " has no torch.export signature); write a TorchScript archive (.pt) instead"));
  }
  if (!program.symbolic_dims.empty()) {
    return absl::InvalidArgumentError(absl::StrCat(
        path, ": ", program.source, " has symbolic sizes (", program.symbolic_dims,
        "); writing them to a .pt2 is not supported yet: write a TorchScript archive (.pt), "
        "or lower with graph_lower.run_decompositions in Python"));
  }
  // An archive of a newer schema written back by an older torch: that torch could not load it
  // (torch 2.6 rejects 2.14's fields, guards_code among them).
  const json& version = program.exported->program.at("schema_version");
  const int64_t major = version.at("major").get<int64_t>();
  const int64_t minor = version.at("minor").get<int64_t>();
  if (major > kWrittenSchemaMajor ||
      (major == kWrittenSchemaMajor && minor > kWrittenSchemaMinor)) {
    return absl::InvalidArgumentError(absl::StrCat(
        path, ": ", program.source, " has export schema ", major, ".", minor, ", newer than the ",
        kWrittenSchemaMajor, ".", kWrittenSchemaMinor, " of torch ", kTorchVersionMajor, ".",
        kTorchVersionMinor,
        ", which this graph-lower is built with and which could not load the result; write a "
        "TorchScript archive (.pt), or use a graph-lower built with a newer torch"));
  }
  return absl::OkStatus();
}

absl::Status SaveExportedProgram(const torch::jit::Graph& graph, const Program& program,
                                 const std::vector<std::string>& mutated_inputs,
                                 const std::string& path) {
  if (absl::Status s = CheckExportedProgramOutput(program, path); !s.ok()) return s;
  std::string bytes;
  try {
    ProgramWriter writer(graph, program, *program.exported);
    const json out = writer.Build(mutated_inputs);
    bytes = Archive(out, *program.exported, writer.lifted_constants());
  } catch (const Unwritable& e) {
    return absl::InvalidArgumentError(absl::StrCat(path, ": ", e.message));
  } catch (const std::exception& e) {
    return absl::InvalidArgumentError(
        absl::StrCat(path, ": cannot write the program: ", ExceptionMessage(e)));
  }
  return WriteFileAtomically(path, bytes);
}

}  // namespace graph_lower
