// Loads the embedded library: names resolved, C++ forms attached, removed overloads left out.
#include "decomps/library/library.h"

#include <ATen/core/Reduction.h>
#include <c10/core/Layout.h>
#include <c10/core/MemoryFormat.h>
#include <c10/core/ScalarType.h>

#include <string>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "ir/torch_version.h"

namespace graph_lower {
namespace {

// What the library writes for libtorch's enums, and their values in the running libtorch.
// TorchScript's C++ frontend resolves torch.X only as the builtin aten::X, so `torch.float64`
// has no meaning there; Reduction has no TorchScript name at all.
std::vector<std::pair<std::string, std::string>> EnumNames() {
  std::vector<std::pair<std::string, std::string>> names;
  const std::pair<const char*, c10::ScalarType> dtypes[] = {{"uint8", c10::kByte},
                                                            {"int8", c10::kChar},
                                                            {"int16", c10::kShort},
                                                            {"int32", c10::kInt},
                                                            {"int64", c10::kLong},
                                                            {"float16", c10::kHalf},
                                                            {"float32", c10::kFloat},
                                                            {"float64", c10::kDouble},
                                                            {"complex32", c10::kComplexHalf},
                                                            {"complex64", c10::kComplexFloat},
                                                            {"complex128", c10::kComplexDouble},
                                                            {"bool", c10::kBool},
                                                            {"bfloat16", c10::kBFloat16}};
  for (const auto& [name, type] : dtypes) {
    names.emplace_back(absl::StrCat("torch.", name), absl::StrCat(static_cast<int>(type)));
  }
  const std::pair<const char*, c10::MemoryFormat> formats[] = {
      {"contiguous_format", c10::MemoryFormat::Contiguous},
      {"preserve_format", c10::MemoryFormat::Preserve},
      {"channels_last", c10::MemoryFormat::ChannelsLast},
      {"channels_last_3d", c10::MemoryFormat::ChannelsLast3d}};
  for (const auto& [name, format] : formats) {
    names.emplace_back(absl::StrCat("torch.", name), absl::StrCat(static_cast<int>(format)));
  }
  names.emplace_back("torch.strided", absl::StrCat(static_cast<int>(c10::Layout::Strided)));
  const std::pair<const char*, at::Reduction::Reduction> reductions[] = {
      {"NONE", at::Reduction::None}, {"MEAN", at::Reduction::Mean}, {"SUM", at::Reduction::Sum}};
  for (const auto& [name, reduction] : reductions) {
    names.emplace_back(absl::StrCat("Reduction.", name), absl::StrCat(static_cast<int>(reduction)));
  }
  return names;
}

// The family of shape-generic forms of CompositeImplicitAutograd ops (ShapeGenericDecompositions).
constexpr absl::string_view kShapeGenericDir = "decomps/library/shape_generic/";

std::vector<TorchScriptDecomposition> Load(bool shape_generic) {
  const absl::flat_hash_map<std::string, StaticShapeDecomposition> on_static_shapes = {
      {"aten::reshape", ReshapeOnStaticShapes},
      {"aten::t", TOnStaticShapes},
      {"aten::transpose.int", TransposeOnStaticShapes},
      {"aten::flatten.using_ints", FlattenOnStaticShapes}};
  const std::vector<std::pair<std::string, std::string>> names = EnumNames();
  std::vector<TorchScriptDecomposition> all;
  for (const EmbeddedDecomposition& e : EmbeddedLibrary()) {
    if (IsOverloadRemovedFromRunningTorch(e.op)) continue;
    if (absl::StartsWith(e.file, kShapeGenericDir) != shape_generic) continue;
    TorchScriptDecomposition d{e.op, e.function, absl::StrReplaceAll(e.source, names)};
    if (auto it = on_static_shapes.find(e.op); it != on_static_shapes.end()) {
      d.on_static_shapes = it->second;
    }
    all.push_back(std::move(d));
  }
  return all;
}

}  // namespace

std::vector<TorchScriptDecomposition> LibraryDecompositions() {
  static const auto* const kLibrary = new std::vector<TorchScriptDecomposition>(Load(false));
  return *kLibrary;
}

std::vector<TorchScriptDecomposition> ShapeGenericDecompositions() {
  static const auto* const kGeneric = new std::vector<TorchScriptDecomposition>(Load(true));
  return *kGeneric;
}

}  // namespace graph_lower
