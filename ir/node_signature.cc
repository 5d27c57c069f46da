// Builds NodeSignature keys from TorchScript values' types and constants.
#include "ir/node_signature.h"

#include <torch/csrc/jit/ir/constants.h>

#include <sstream>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace graph_lower {

InputMeta InputMeta::Of(const torch::jit::Value& value) {
  InputMeta meta;
  const c10::TypePtr& type = value.type();
  auto tensor_type = type->cast<c10::TensorType>();
  if (value.node()->kind() == c10::prim::Constant && !tensor_type) {
    meta.kind = Kind::kConstant;
    std::optional<c10::IValue> iv = torch::jit::toIValue(&value);
    std::ostringstream os;
    if (iv) {
      os << *iv;
    } else {
      os << "?";
    }
    meta.text = absl::StrCat(type->annotation_str(), " ", os.str());
    return meta;
  }
  if (tensor_type) {
    meta.kind = value.node()->kind() == c10::prim::Constant ? Kind::kConstant : Kind::kTensor;
    meta.dtype = tensor_type->scalarType();
    meta.device = tensor_type->device();
    if (auto rank = tensor_type->sizes().size()) {
      std::vector<std::optional<int64_t>> sizes;
      sizes.reserve(*rank);
      for (size_t i = 0; i < *rank; ++i) sizes.push_back(tensor_type->sizes()[i]);
      meta.sizes = std::move(sizes);
    }
    meta.text = "Tensor";
    // Non-contiguous strides are part of the key: a decomposition may fold is_contiguous() or
    // stride() (reshape -> view), so an expanded input must not share a contiguous one's graph.
    if (tensor_type->isComplete()) {
      const std::vector<int64_t> strides = *tensor_type->strides().concrete_sizes();
      if (strides != c10::TensorType::contiguousStridesOf(*tensor_type->sizes().concrete_sizes())) {
        meta.text = absl::StrCat("Tensor strides=", absl::StrJoin(strides, ","));
      }
    }
    return meta;
  }
  meta.text = type->annotation_str();
  // A list built in the graph (e.g. the Tensor[] of aten::cat or aten::einsum): decompositions
  // specialised to its elements must not be shared with lists of other elements.
  if (value.node()->kind() == c10::prim::ListConstruct) {
    std::vector<std::string> elements;
    for (const torch::jit::Value* e : value.node()->inputs()) {
      elements.push_back(InputMeta::Of(*e).ToString());
    }
    absl::StrAppend(&meta.text, "[", absl::StrJoin(elements, ", "), "]");
  }
  return meta;
}

std::string InputMeta::ToString() const {
  if (kind == Kind::kConstant && text != "Tensor") return absl::StrCat("const ", text);
  if (kind == Kind::kOther) return text;
  std::string out = dtype ? std::string(c10::toString(*dtype)) : "Tensor";
  std::vector<std::string> parts;
  if (sizes) {
    for (const auto& d : *sizes) parts.push_back(d ? absl::StrCat(*d) : "*");
  } else {
    parts.push_back("...");
  }
  if (device) parts.push_back(device->str());
  if (kind == Kind::kTensor && text != "Tensor") parts.push_back(text.substr(7));  // strides=
  return absl::StrCat(kind == Kind::kConstant ? "const " : "", out, "(", absl::StrJoin(parts, ", "),
                      ")");
}

NodeSignature NodeSignature::Of(const torch::jit::Node& node) {
  NodeSignature sig{OpKey::Of(node), {}};
  sig.inputs.reserve(node.inputs().size());
  for (const torch::jit::Value* v : node.inputs()) sig.inputs.push_back(InputMeta::Of(*v));
  return sig;
}

std::string NodeSignature::ToString() const {
  std::vector<std::string> parts;
  parts.reserve(inputs.size());
  for (const InputMeta& m : inputs) parts.push_back(m.ToString());
  return absl::StrCat(op.ToString(), "(", absl::StrJoin(parts, ", "), ")");
}

}  // namespace graph_lower
