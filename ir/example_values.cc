// Synthesised example tensors.
#include "ir/example_values.h"

#include <torch/csrc/jit/ir/constants.h>
#include <torch/csrc/jit/serialization/pickle.h>
#include <torch/torch.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "ir/errors.h"
#include "ir/files.h"
#include "ir/graph_io.h"
#include "ir/mutation.h"
#include "ir/pickle_check.h"

namespace graph_lower {

std::optional<int64_t> StorageExtent(const at::Tensor& t) {
  int64_t extent = 1;
  for (int64_t d = 0; d < t.dim(); ++d) {
    if (t.size(d) == 0) return std::nullopt;
    extent += (t.size(d) - 1) * t.stride(d);
  }
  return extent;
}

at::Tensor CopyKeepingLayout(const at::Tensor& t) {
  if (!t.defined()) return t;
  if (t.layout() != at::kStrided || t.is_non_overlapping_and_dense()) return t.clone();
  const std::optional<int64_t> extent = StorageExtent(t);
  if (!extent) return t.clone();
  return t.as_strided({*extent}, {1}).clone().as_strided(t.sizes(), t.strides(), 0);
}

c10::IValue CopyInputValue(const c10::IValue& v) {
  if (v.isTensor()) return CopyKeepingLayout(v.toTensor());
  if (v.isList()) {
    c10::impl::GenericList out(v.toList().elementType());
    for (const c10::IValue& e : v.toListRef()) out.push_back(CopyInputValue(e));
    return out;
  }
  if (v.isTuple()) {
    std::vector<c10::IValue> out;
    for (const c10::IValue& e : v.toTupleRef().elements()) out.push_back(CopyInputValue(e));
    return c10::ivalue::Tuple::create(std::move(out));
  }
  if (v.isGenericDict()) {
    const c10::impl::GenericDict in = v.toGenericDict();
    c10::impl::GenericDict out(in.keyType(), in.valueType());
    for (const auto& entry : in) out.insert_or_assign(entry.key(), CopyInputValue(entry.value()));
    return out;
  }
  return v;
}

std::optional<at::Tensor> SynthesizeTensor(const c10::TensorType& type, bool on_meta) {
  auto sizes = type.sizes().concrete_sizes();
  auto dtype = type.scalarType();
  auto device = type.device();
  if (!sizes || !dtype || !device) return std::nullopt;
  auto strides = type.strides().concrete_sizes();
  at::TensorOptions options = at::TensorOptions().dtype(*dtype).device(*device);
  const bool strided = strides && strides->size() == sizes->size();
  if (on_meta) {
    if (!device->is_cpu()) return std::nullopt;
    options = options.device(at::kMeta);
    return strided ? at::empty_strided(*sizes, *strides, options) : at::empty(*sizes, options);
  }
  // The values go into a flat storage first: with strides, elements may share memory (an
  // expanded tensor has stride 0), and filling such a tensor in place is an error.
  int64_t storage = 1;
  bool empty = false;
  for (size_t i = 0; i < sizes->size(); ++i) {
    empty = empty || (*sizes)[i] == 0;
    storage += strided ? ((*sizes)[i] - 1) * (*strides)[i] : 0;
  }
  if (!strided || empty) storage = 0;
  at::Tensor flat =
      at::empty({strided && !empty ? storage : c10::multiply_integers(*sizes)}, options);
  if (at::isFloatingType(*dtype) || at::isComplexType(*dtype)) {
    flat.uniform_(0, 1);
  } else {
    flat.zero_();
  }
  if (strided && !empty) return flat.as_strided(*sizes, *strides);
  return strided ? at::empty_strided(*sizes, *strides, options) : flat.reshape(*sizes);
}

c10::TensorTypePtr TensorTypeOf(const at::Tensor& t) {
  c10::TensorTypePtr type = c10::TensorType::create(t);
  return t.is_meta() ? type->withDevice(at::Device(at::kCPU)) : type;
}

bool SameTensorLayout(const c10::TensorType& a, const c10::TensorType& b) {
  if (a == b) return true;
  auto sizes = a.sizes().concrete_sizes();
  auto sa = a.strides().concrete_sizes();
  auto sb = b.strides().concrete_sizes();
  if (!sizes || !sa || !sb || sizes != b.sizes().concrete_sizes() ||
      a.scalarType() != b.scalarType() || a.device() != b.device() ||
      a.requiresGrad() != b.requiresGrad()) {
    return false;
  }
  return SameStrides(*sizes, *sa, *sb);
}

bool SameStrides(absl::Span<const int64_t> sizes, absl::Span<const int64_t> a,
                 absl::Span<const int64_t> b) {
  if (a.size() != sizes.size() || b.size() != sizes.size()) return false;
  if (std::find(sizes.begin(), sizes.end(), 0) != sizes.end()) return true;
  for (size_t d = 0; d < sizes.size(); ++d) {
    if (sizes[d] != 1 && a[d] != b[d]) return false;
  }
  return true;
}

bool IsScalarTypeArgument(const c10::Argument& arg) {
  // The schema's spelling (ScalarType) is one of the argument's two types; the other is int.
  // Raw pointers: copying the TypePtrs (atomic reference counts) was most of this check, which
  // runs for every argument of every node of a graph (FirstNodeGivenBadDtype).
  for (const c10::Type* type : {arg.type().get(), arg.real_type().get()}) {
    if (type->kind() == c10::TypeKind::OptionalType) {
      type = type->expectRef<c10::OptionalType>().getElementType().get();
    }
    if (type->kind() == c10::TypeKind::ScalarTypeType) return true;
  }
  return false;
}

bool IsBadScalarType(const c10::IValue& v) {
  if (!v.isInt()) return false;
  const int64_t i = v.toInt();
  return i < 0 || i >= static_cast<int64_t>(c10::ScalarType::NumOptions) ||
         i == static_cast<int64_t>(c10::ScalarType::Undefined);
}

namespace {

bool TakesScalarType(const c10::FunctionSchema& schema) {
  return std::any_of(schema.arguments().begin(), schema.arguments().end(), IsScalarTypeArgument);
}

}  // namespace

bool GivenBadDtypeConstant(const torch::jit::Node& node) {
  // A kind with no overload taking a ScalarType is given no dtype (its schema need not be found).
  const c10::FunctionSchema* schema = SchemaIfSomeOverloadSatisfies(node, TakesScalarType);
  if (schema == nullptr) return false;
  for (size_t i = 0; i < schema->arguments().size() && i < node.inputs().size(); ++i) {
    if (!IsScalarTypeArgument(schema->arguments()[i])) continue;
    if (std::optional<c10::IValue> v = torch::jit::toIValue(node.inputs()[i]);
        v && IsBadScalarType(*v)) {
      return true;
    }
  }
  return false;
}

bool CrashesLibtorch(const torch::jit::Node& node, const std::vector<c10::IValue>& args) {
  // A dtype argument that names no ScalarType (`aten::softmax(%x, %dim, %dtype)` with dtype -1):
  // libtorch's kernels index their type tables with it and segfault.
  if (const c10::FunctionSchema* schema = node.maybeSchema()) {
    for (size_t i = 0; i < schema->arguments().size() && i < args.size(); ++i) {
      if (IsScalarTypeArgument(schema->arguments()[i]) && IsBadScalarType(args[i])) return true;
    }
  }
  if (!node.kind().is_aten() ||
      !absl::StrContains(node.kind().toUnqualString(), "scaled_dot_product")) {
    return false;
  }
  return std::any_of(args.begin(), args.end(), [](const c10::IValue& v) {
    return v.isTensor() && v.toTensor().defined() && v.toTensor().numel() == 0;
  });
}

namespace {

// Bytes of a tensor of complete type `type`, or 0 when unknown.
int64_t TypeBytes(const c10::TensorType& type) {
  auto sizes = type.sizes().concrete_sizes();
  auto dtype = type.scalarType();
  if (!sizes || !dtype) return 0;
  int64_t n = 1;
  for (int64_t s : *sizes) {
    if (s > 0 && n > (int64_t{1} << 62) / s) return int64_t{1} << 62;
    n *= s;
  }
  return n * static_cast<int64_t>(c10::elementSize(*dtype));
}

}  // namespace

absl::StatusOr<std::vector<c10::IValue>> ExampleArguments(const torch::jit::Node& node,
                                                          bool on_meta) {
  if (!on_meta) {
    int64_t bytes = 0;
    for (const torch::jit::Value* v : node.inputs()) {
      if (auto tt = v->type()->cast<c10::TensorType>()) bytes += TypeBytes(*tt);
      if (v->node()->kind() == c10::prim::ListConstruct) {
        for (const torch::jit::Value* e : v->node()->inputs()) {
          if (auto et = e->type()->cast<c10::TensorType>()) bytes += TypeBytes(*et);
        }
      }
    }
    if (bytes > kMaxExampleArgumentBytes) {
      return absl::FailedPreconditionError(absl::StrCat("its example tensors would take ",
                                                        bytes >> 20, " MiB (more than ",
                                                        kMaxExampleArgumentBytes >> 20, " MiB)"));
    }
  }
  std::vector<c10::IValue> args;
  args.reserve(node.inputs().size());
  const c10::FunctionSchema* schema = node.maybeSchema();
  for (size_t i = 0; i < node.inputs().size(); ++i) {
    const torch::jit::Value* v = node.inputs()[i];
    if (std::optional<c10::IValue> c = torch::jit::toIValue(v); c && !c->isTensor()) {
      // A dtype that names no ScalarType (folded from `2 - 3`): the kernel run on these arguments
      // (CIA tracing, even on meta) would segfault.
      if (schema && i < schema->arguments().size() &&
          IsScalarTypeArgument(schema->arguments()[i]) && IsBadScalarType(*c)) {
        return absl::FailedPreconditionError(
            absl::StrCat("its dtype argument ", c->toInt(),
                         " names no ScalarType (libtorch's kernels crash on it)"));
      }
      args.push_back(*c);
      continue;
    }
    if (auto tt = v->type()->cast<c10::TensorType>()) {
      std::optional<at::Tensor> t = SynthesizeTensor(*tt, on_meta);
      if (!t) {
        return absl::FailedPreconditionError(absl::StrCat("input ", i, " (%", v->debugName(),
                                                          ") has no complete shape, dtype and ",
                                                          on_meta ? "CPU device" : "device"));
      }
      args.emplace_back(*t);
      continue;
    }
    if (v->node()->kind() == c10::prim::ListConstruct &&
        v->type()->isSubtypeOf(*c10::ListType::ofTensors())) {
      c10::List<at::Tensor> list;
      for (const torch::jit::Value* e : v->node()->inputs()) {
        auto et = e->type()->cast<c10::TensorType>();
        std::optional<at::Tensor> t = et ? SynthesizeTensor(*et, on_meta) : std::nullopt;
        if (!t) {
          return absl::FailedPreconditionError(absl::StrCat(
              "input ", i, " (%", v->debugName(), ") holds a tensor without a complete type"));
        }
        list.push_back(*t);
      }
      args.emplace_back(list);
      continue;
    }
    return absl::FailedPreconditionError(absl::StrCat("input ", i, " (%", v->debugName(), ": ",
                                                      v->type()->annotation_str(),
                                                      ") is neither a constant nor a tensor"));
  }
  return args;
}

namespace {

std::optional<c10::ScalarType> ParseDtype(absl::string_view name) {
  static const std::pair<const char*, c10::ScalarType> kDtypes[] = {
      {"float32", at::kFloat},     {"float", at::kFloat},  {"float64", at::kDouble},
      {"double", at::kDouble},     {"float16", at::kHalf}, {"half", at::kHalf},
      {"bfloat16", at::kBFloat16}, {"int64", at::kLong},   {"long", at::kLong},
      {"int32", at::kInt},         {"int", at::kInt},      {"int16", at::kShort},
      {"int8", at::kChar},         {"uint8", at::kByte},   {"bool", at::kBool},
  };
  for (const auto& [n, t] : kDtypes) {
    if (name == n) return t;
  }
  return std::nullopt;
}

absl::StatusOr<std::vector<c10::IValue>> LoadInputsFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return absl::InvalidArgumentError(absl::StrCat(path, ": cannot open example inputs"));
  std::vector<char> data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (data.empty()) return absl::InvalidArgumentError(absl::StrCat(path, ": empty file"));
  c10::IValue value;
  try {
    // A torch.save zip: its pickle and tensor records checked first, as an archive's are.
    if (IsZip(absl::string_view(data.data(), data.size()))) {
      if (absl::Status s = CheckArchivePickles(path, data.size()); !s.ok()) {
        return absl::InvalidArgumentError(
            absl::StrCat(path, ": damaged torch.save file: ", s.message()));
      }
    }
    value = torch::jit::pickle_load(data);
  } catch (const std::exception& e) {
    std::string what = e.what();
    return absl::InvalidArgumentError(absl::StrCat(
        path, ": not a torch.save file of tensors: ", what.substr(0, what.find('\n'))));
  }
  std::vector<c10::IValue> values;
  if (value.isTensor()) {
    values.push_back(value);
  } else if (value.isList() || value.isTuple()) {
    values = value.isList() ? value.toListRef().vec() : value.toTupleRef().elements().vec();
  } else {
    return absl::InvalidArgumentError(absl::StrCat(path, ": holds a ", value.tagKind(),
                                                   ", expected a tensor or a list of tensors"));
  }
  // Leaves: tensors, None, numbers and strings; in lists, tuples and dicts (forward's List[int],
  // Tuple[Tensor, Tensor], Dict[str, Tensor] inputs).
  std::function<std::string(const c10::IValue&)> bad_leaf = [&](const c10::IValue& v) {
    if (v.isTensor() || v.isNone() || v.isInt() || v.isDouble() || v.isBool() || v.isString()) {
      return std::string();
    }
    if (v.isList() || v.isTuple()) {
      const std::vector<c10::IValue> items =
          v.isList() ? v.toListRef().vec() : v.toTupleRef().elements().vec();
      for (const c10::IValue& e : items) {
        if (std::string why = bad_leaf(e); !why.empty()) return why;
      }
      return std::string();
    }
    if (v.isGenericDict()) {
      for (const auto& entry : v.toGenericDict()) {
        std::string why = bad_leaf(entry.key());
        if (why.empty()) why = bad_leaf(entry.value());
        if (!why.empty()) return why;
      }
      return std::string();
    }
    return std::string(v.tagKind());
  };
  for (size_t i = 0; i < values.size(); ++i) {
    if (std::string kind = bad_leaf(values[i]); !kind.empty()) {
      return absl::InvalidArgumentError(absl::StrCat(
          path, ": element ", i, " holds a ", kind,
          ", not a tensor, None, a number or a string (or a list, tuple or dict of them)"));
    }
  }
  return values;
}

}  // namespace

absl::StatusOr<std::vector<c10::IValue>> ParseExampleInputs(const std::string& spec_or_path,
                                                            uint64_t seed) {
  std::error_code ec;
  // A path (an existing file, or a spec that cannot be a shape list) names a torch.save file; a
  // FIFO, a device (/dev/zero) or a directory is refused as for the program's own path.
  if (std::filesystem::is_regular_file(spec_or_path, ec) ||
      spec_or_path.find('/') != std::string::npos || absl::EndsWith(spec_or_path, ".pt")) {
    if (absl::StatusOr<uintmax_t> size = CheckInputFile(spec_or_path); !size.ok()) {
      return size.status();
    }
    return LoadInputsFile(spec_or_path);
  }
  torch::manual_seed(seed);
  std::vector<c10::IValue> values;
  int index = 0;
  int64_t spec_bytes = 0;  // of the tensors read so far
  struct SpecTensor {
    size_t position;  // in `values`
    int index;
    std::string entry;
    c10::ScalarType dtype;
    std::vector<int64_t> shape;
  };
  std::vector<SpecTensor> tensors;
  for (absl::string_view entry : absl::StrSplit(spec_or_path, ';', absl::SkipWhitespace())) {
    entry = absl::StripAsciiWhitespace(entry);
    if (entry == "None") {
      values.emplace_back();
      ++index;
      continue;
    }
    if (absl::ConsumePrefix(&entry, "=")) {  // a scalar argument: =3, =0.5, =true
      int64_t i;
      double d;
      if (absl::SimpleAtoi(entry, &i)) {
        values.emplace_back(i);
      } else if (absl::StripPrefix(absl::StripPrefix(entry, "-"), "+")
                     .find_first_not_of("0123456789") == absl::string_view::npos) {
        return absl::InvalidArgumentError(absl::StrCat("--example-inputs: example input ", index,
                                                       " '=", entry,
                                                       "': an integer outside int64's range"));
      } else if (entry == "true" || entry == "false") {
        values.emplace_back(entry == "true");
      } else if (absl::SimpleAtod(entry, &d)) {
        values.emplace_back(d);
      } else {
        return absl::InvalidArgumentError(
            absl::StrCat("--example-inputs: example input ", index, " '=", entry,
                         "': expected =INT, =FLOAT, =true or =false"));
      }
      ++index;
      continue;
    }
    std::vector<absl::string_view> parts = absl::StrSplit(entry, ':');
    if (parts.size() > 2) {
      return absl::InvalidArgumentError(absl::StrCat("--example-inputs: example input ", index,
                                                     " '", entry, "': expected SHAPE[:DTYPE]"));
    }
    c10::ScalarType dtype = at::kFloat;
    if (parts.size() == 2) {
      std::optional<c10::ScalarType> d = ParseDtype(absl::StripAsciiWhitespace(parts[1]));
      if (!d) {
        return absl::InvalidArgumentError(absl::StrCat("--example-inputs: example input ", index,
                                                       " '", entry, "': unknown dtype '", parts[1],
                                                       "'"));
      }
      dtype = *d;
    }
    std::vector<int64_t> shape;
    // An empty shape is a 0-d tensor; otherwise every `x`-separated piece must be a size
    // ("4xx5", "4x5x" and "x4x5" are refused, not read as 4x5).
    const absl::string_view dims = absl::StripAsciiWhitespace(parts[0]);
    if (!dims.empty()) {
      for (absl::string_view dim : absl::StrSplit(dims, 'x')) {
        dim = absl::StripAsciiWhitespace(dim);
        int64_t n;
        if (dim.empty()) {
          return absl::InvalidArgumentError(absl::StrCat(
              "--example-inputs: example input ", index, " '", entry,
              "': empty dimension in shape '", dims, "' (sizes are separated by a single x)"));
        }
        if (!absl::SimpleAtoi(dim, &n) || n < 0 || n > (int64_t{1} << 31)) {
          return absl::InvalidArgumentError(absl::StrCat("--example-inputs: example input ", index,
                                                         " '", entry, "': bad dimension '", dim,
                                                         "'"));
        }
        shape.push_back(n);
      }
    }
    // The size in bytes, checked before anything is allocated (each dim is at most 2^31, so
    // the running product is compared before it could overflow).
    int64_t bytes = static_cast<int64_t>(c10::elementSize(dtype));
    for (int64_t n : shape) {
      if (n != 0 && bytes > (kMaxSpecInputBytes - spec_bytes) / n) {
        bytes = kMaxSpecInputBytes + 1;
        break;
      }
      bytes *= n;
    }
    if (spec_bytes + bytes > kMaxSpecInputBytes) {
      return absl::InvalidArgumentError(absl::StrCat(
          "--example-inputs: example input ", index, " '", entry,
          "': the spec's random tensors would take more than ", kMaxSpecInputBytes >> 30,
          " GiB in all; give inputs this large as a torch.save file"));
    }
    spec_bytes += bytes;
    // Made once every entry is read, so that the total is checked before anything is allocated.
    tensors.push_back({values.size(), index, std::string(entry), dtype, std::move(shape)});
    values.emplace_back();
    ++index;
  }
  if (values.empty()) {
    return absl::InvalidArgumentError("--example-inputs: no inputs given");
  }
  for (const SpecTensor& spec : tensors) {
    at::TensorOptions options = at::TensorOptions().dtype(spec.dtype);
    try {
      if (spec.dtype == at::kBool) {
        values[spec.position] = torch::randint(0, 2, spec.shape, options);
      } else if (at::isIntegralType(spec.dtype, /*includeBool=*/false)) {
        values[spec.position] = torch::randint(0, 10, spec.shape, options);
      } else {
        values[spec.position] = torch::randn(spec.shape, options);
      }
    } catch (const std::exception& e) {  // too large to allocate
      return absl::InvalidArgumentError(
          absl::StrCat("--example-inputs: example input ", spec.index, " '", spec.entry,
                       "': cannot make the tensor: ", ExceptionMessage(e)));
    }
  }
  return values;
}

}  // namespace graph_lower
