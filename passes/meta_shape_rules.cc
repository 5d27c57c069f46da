// Output-size rules on meta tensors, and what a meta run stands for (see meta_shape_rules.h).
#include "passes/meta_shape_rules.h"

#include <ATen/ATen.h>
#include <ATen/SDPBackend.h>

#include <algorithm>
#include <functional>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/match.h"
#include "ir/example_values.h"

namespace graph_lower {
namespace {

using torch::jit::Node;

}  // namespace

at::Tensor CpuZerosLike(const at::Tensor& t) {
  const std::optional<int64_t> extent = StorageExtent(t);
  if (!extent) return at::zeros(t.sizes(), t.options().device(at::kCPU));
  return at::zeros({*extent}, t.options().device(at::kCPU)).as_strided(t.sizes(), t.strides(), 0);
}

namespace {

// Int list argument `v` with one entry per spatial dimension (a single entry is repeated).
std::optional<std::vector<int64_t>> SpatialList(const c10::IValue& v, size_t spatial) {
  if (!v.isIntList()) return std::nullopt;
  std::vector<int64_t> out = v.toIntVector();
  if (out.size() == 1) out.assign(spatial, out[0]);
  if (out.size() != spatial) return std::nullopt;
  return out;
}

}  // namespace

std::optional<torch::jit::Stack> ConvolutionOnMeta(const Node& node,
                                                   const std::vector<c10::IValue>& in) {
  static const c10::Symbol conv1d = c10::Symbol::fromQualString("aten::conv1d");
  static const c10::Symbol conv2d = c10::Symbol::fromQualString("aten::conv2d");
  static const c10::Symbol conv3d = c10::Symbol::fromQualString("aten::conv3d");
  const c10::Symbol kind = node.kind();
  const bool conv_nd = kind == conv1d || kind == conv2d || kind == conv3d;
  if (!conv_nd && kind != c10::aten::convolution && kind != c10::aten::_convolution) {
    return std::nullopt;
  }
  if (in.size() != (conv_nd ? 7u : kind == c10::aten::convolution ? 9u : 13u)) return std::nullopt;
  if (!in[0].isTensor() || !in[1].isTensor()) return std::nullopt;
  const at::Tensor& input = in[0].toTensor();
  const at::Tensor& weight = in[1].toTensor();
  if (!input.is_meta() || !weight.is_meta() || input.dim() != weight.dim() || input.dim() < 3 ||
      !input.is_floating_point() || input.scalar_type() != weight.scalar_type() ||
      !input.is_contiguous() || !weight.is_contiguous()) {
    return std::nullopt;
  }
  if (!in[2].isNone()) {
    if (!in[2].isTensor() || in[2].toTensor().scalar_type() != input.scalar_type()) {
      return std::nullopt;
    }
  }
  const size_t spatial = input.dim() - 2;
  const bool transposed = conv_nd ? false : in[6].isBool() && in[6].toBool();
  if (!conv_nd && !in[6].isBool()) return std::nullopt;
  const c10::IValue& groups_value = conv_nd ? in[6] : in[8];
  auto stride = SpatialList(in[3], spatial);
  auto padding = SpatialList(in[4], spatial);
  auto dilation = SpatialList(in[5], spatial);
  std::optional<std::vector<int64_t>> output_padding =
      conv_nd ? std::vector<int64_t>(spatial, 0) : SpatialList(in[7], spatial);
  if (!stride || !padding || !dilation || !output_padding || !groups_value.isInt()) {
    return std::nullopt;
  }
  const int64_t groups = groups_value.toInt();
  if (groups <= 0) return std::nullopt;
  const int64_t in_channels = transposed ? weight.size(0) : weight.size(1) * groups;
  const int64_t out_channels = transposed ? weight.size(1) * groups : weight.size(0);
  if (input.size(1) != in_channels || (!transposed && weight.size(0) % groups != 0) ||
      (transposed && weight.size(0) % groups != 0)) {
    return std::nullopt;
  }
  if (!in[2].isNone() &&
      (in[2].toTensor().dim() != 1 || in[2].toTensor().size(0) != out_channels)) {
    return std::nullopt;
  }
  std::vector<int64_t> sizes = {input.size(0), out_channels};
  for (size_t d = 0; d < spatial; ++d) {
    const int64_t s = (*stride)[d], p = (*padding)[d], dl = (*dilation)[d];
    const int64_t op = (*output_padding)[d], k = weight.size(d + 2), x = input.size(d + 2);
    if (s <= 0 || dl <= 0 || p < 0 || op < 0 || (transposed && op >= std::max(s, dl))) {
      return std::nullopt;
    }
    const int64_t size = transposed ? (x - 1) * s - 2 * p + dl * (k - 1) + op + 1
                                    : (x + 2 * p - dl * (k - 1) - 1) / s + 1;
    if (size <= 0 || (!transposed && x + 2 * p < dl * (k - 1) + 1)) return std::nullopt;
    sizes.push_back(size);
  }
  return torch::jit::Stack{at::empty(sizes, input.options())};
}

std::optional<torch::jit::Stack> MultiHeadAttentionOnMeta(const Node& node,
                                                          const std::vector<c10::IValue>& in) {
  static const c10::Symbol mha = c10::Symbol::fromQualString("aten::_native_multi_head_attention");
  // query, key, value, embed_dim, num_head, qkv_weight, qkv_bias, proj_weight, proj_bias, mask,
  // need_weights, average_attn_weights, mask_type
  if (node.kind() != mha || in.size() != 13 || node.outputs().size() != 2) return std::nullopt;
  for (size_t i : {0, 1, 2, 5, 6, 7, 8}) {
    if (!in[i].isTensor() || !in[i].toTensor().defined() || !in[i].toTensor().is_meta()) {
      return std::nullopt;
    }
  }
  if (!in[3].isInt() || !in[4].isInt() || !in[9].isNone() || !in[10].isBool() || in[10].toBool()) {
    return std::nullopt;
  }
  const at::Tensor& query = in[0].toTensor();
  const at::Tensor& qkv_weight = in[5].toTensor();
  const at::Tensor& qkv_bias = in[6].toTensor();
  const at::Tensor& proj_weight = in[7].toTensor();
  const at::Tensor& proj_bias = in[8].toTensor();
  const int64_t d = in[3].toInt();
  const int64_t heads = in[4].toInt();
  if (query.dim() != 3 || !query.is_floating_point() || query.numel() == 0 || d <= 0 ||
      heads <= 0 || d % heads != 0 || query.size(2) != d) {
    return std::nullopt;
  }
  for (size_t i : {1, 2, 5, 6, 7, 8}) {
    if (in[i].toTensor().scalar_type() != query.scalar_type()) return std::nullopt;
  }
  if (in[1].toTensor().sizes() != query.sizes() || in[2].toTensor().sizes() != query.sizes() ||
      qkv_weight.dim() != 2 || qkv_weight.size(0) != 3 * d || qkv_weight.size(1) != d ||
      qkv_bias.dim() != 1 || qkv_bias.size(0) != 3 * d || proj_weight.dim() != 2 ||
      proj_weight.size(1) != d || proj_bias.dim() != 1 ||
      proj_bias.size(0) != proj_weight.size(0)) {
    return std::nullopt;
  }
  return torch::jit::Stack{
      at::empty({query.size(0), query.size(1), proj_weight.size(0)}, query.options()),
      at::Tensor()};
}

std::optional<torch::jit::Stack> TransformerEncoderLayerOnMeta(const Node& node,
                                                               const std::vector<c10::IValue>& in) {
  static const c10::Symbol layer =
      c10::Symbol::fromQualString("aten::_transformer_encoder_layer_fwd");
  // src, embed_dim, num_heads, qkv_weight, qkv_bias, proj_weight, proj_bias, use_gelu,
  // norm_first, eps, norm_weight_1, norm_bias_1, norm_weight_2, norm_bias_2, ffn_weight_1,
  // ffn_bias_1, ffn_weight_2, ffn_bias_2, mask, mask_type
  if (node.kind() != layer || in.size() != 20 || node.outputs().size() != 1) return std::nullopt;
  const std::vector<size_t> tensors = {0, 3, 4, 5, 6, 10, 11, 12, 13, 14, 15, 16, 17};
  for (size_t i : tensors) {
    if (!in[i].isTensor() || !in[i].toTensor().defined() || !in[i].toTensor().is_meta()) {
      return std::nullopt;
    }
  }
  if (!in[1].isInt() || !in[2].isInt() || !in[7].isBool() || !in[8].isBool() || !in[9].isDouble() ||
      !in[18].isNone()) {
    return std::nullopt;
  }
  const at::Tensor& src = in[0].toTensor();
  const int64_t d = in[1].toInt();
  const int64_t heads = in[2].toInt();
  if (src.dim() != 3 || !src.is_floating_point() || src.numel() == 0 || d <= 0 || heads <= 0 ||
      d % heads != 0 || src.size(2) != d || !src.is_non_overlapping_and_dense()) {
    return std::nullopt;
  }
  for (size_t i : tensors) {
    if (in[i].toTensor().scalar_type() != src.scalar_type()) return std::nullopt;
  }
  const int64_t f = in[14].toTensor().dim() == 2 ? in[14].toTensor().size(0) : -1;
  auto shaped = [&in](size_t i, std::vector<int64_t> sizes) {
    return in[i].toTensor().sizes() == c10::IntArrayRef(sizes);
  };
  if (f <= 0 || !shaped(3, {3 * d, d}) || !shaped(4, {3 * d}) || !shaped(5, {d, d}) ||
      !shaped(6, {d}) || !shaped(10, {d}) || !shaped(11, {d}) || !shaped(12, {d}) ||
      !shaped(13, {d}) || !shaped(14, {f, d}) || !shaped(15, {f}) || !shaped(16, {d, f}) ||
      !shaped(17, {d})) {
    return std::nullopt;
  }
  return torch::jit::Stack{at::empty(src.sizes(), src.options())};
}

namespace {

// Batch norm's output on meta tensors, for aten::batch_norm (no Meta kernel in libtorch's C++:
// its native_batch_norm has none) and aten::_native_batch_norm_legit_no_training (what
// batch_norm's library form calls in eval mode), as batch_norm_cpu (aten/src/ATen/native/
// Normalization.cpp) makes it for an input dense in the contiguous or channels-last format and
// 1-D contiguous running statistics and parameters of size C: the input's sizes, format and
// dtype. Only for parameters of the input's dtype, or float32 ones for a bfloat16 or float16
// input (the CPU kernel rejects other mixes), and, for aten::batch_norm, an input with elements
// (an empty one is cloned, keeping other strides). `in` is input, weight, bias, running_mean,
// running_var, then the rest. Checked against the CPU kernels: 784 cases for the eval op and
// 1,408 for batch_norm in eval and training (2- to 5-D, 0-size and size-1 dims, four dtypes,
// with and without weight). nullopt for any other case, which runs on zeros. Running it on
// zeros was a large share of a lowering of ResNet-18 (docs/benchmarks.md).
std::optional<at::Tensor> BatchNormOutputOnMeta(const std::vector<c10::IValue>& in) {
  if (in.size() < 5 || !in[0].isTensor() || !in[3].isTensor()) return std::nullopt;
  const at::Tensor& input = in[0].toTensor();
  const at::Tensor& mean = in[3].toTensor();
  if (!input.defined() || !input.is_meta() || input.dim() < 2 || !input.is_floating_point() ||
      !mean.defined()) {
    return std::nullopt;
  }
  const int64_t channels = input.size(1);
  const at::ScalarType param = mean.scalar_type();
  const bool reduced = input.scalar_type() == at::kBFloat16 || input.scalar_type() == at::kHalf;
  if (param != input.scalar_type() && !(reduced && param == at::kFloat)) return std::nullopt;
  for (size_t i : {1, 2, 3, 4}) {
    const bool optional = i == 1 || i == 2;  // weight, bias
    if (in[i].isNone() && optional) continue;
    if (!in[i].isTensor()) return std::nullopt;
    const at::Tensor& t = in[i].toTensor();
    if (!t.defined()) {
      if (optional) continue;
      return std::nullopt;
    }
    if (!t.is_meta() || t.dim() != 1 || t.size(0) != channels || !t.is_contiguous() ||
        t.scalar_type() != param) {
      return std::nullopt;
    }
  }
  at::MemoryFormat format;
  if (input.is_contiguous()) {
    format = at::MemoryFormat::Contiguous;
  } else if (input.dim() == 4 && input.is_contiguous(at::MemoryFormat::ChannelsLast)) {
    format = at::MemoryFormat::ChannelsLast;
  } else if (input.dim() == 5 && input.is_contiguous(at::MemoryFormat::ChannelsLast3d)) {
    format = at::MemoryFormat::ChannelsLast3d;
  } else {
    return std::nullopt;
  }
  return at::empty(input.sizes(), input.options().memory_format(format));
}

}  // namespace

std::optional<torch::jit::Stack> BatchNormOnMeta(const Node& node,
                                                 const std::vector<c10::IValue>& in) {
  static const c10::Symbol no_training =
      c10::Symbol::fromQualString("aten::_native_batch_norm_legit_no_training");
  static const c10::Symbol batch_norm = c10::Symbol::fromQualString("aten::batch_norm");
  if (node.kind() == no_training && in.size() == 7 && node.outputs().size() == 3) {
    std::optional<at::Tensor> out = BatchNormOutputOnMeta(in);
    if (!out) return std::nullopt;
    const at::TensorOptions stats = in[3].toTensor().options();
    return torch::jit::Stack{*out, at::empty({0}, stats), at::empty({0}, stats)};
  }
  if (node.kind() == batch_norm && in.size() == 9 && node.outputs().size() == 1 && in[5].isBool()) {
    std::optional<at::Tensor> out;
    if (in[0].isTensor() && in[0].toTensor().defined() && in[0].toTensor().numel() > 0) {
      out = BatchNormOutputOnMeta(in);
    }
    if (!out) return std::nullopt;
    return torch::jit::Stack{*out};
  }
  return std::nullopt;
}

std::optional<torch::jit::Stack> ActivationOnMeta(const Node& node,
                                                  const std::vector<c10::IValue>& in) {
  static const c10::Symbol hardswish = c10::Symbol::fromQualString("aten::hardswish");
  if ((node.kind() != c10::aten::relu && node.kind() != hardswish) || in.size() != 1 ||
      node.outputs().size() != 1 || !in[0].isTensor()) {
    return std::nullopt;
  }
  const at::Tensor& x = in[0].toTensor();
  if (!x.defined() || !x.is_meta() || !x.is_floating_point()) return std::nullopt;
  return torch::jit::Stack{at::clamp_min(x, 0)};
}

std::optional<torch::jit::Stack> AttentionOnMeta(const Node& node,
                                                 const std::vector<c10::IValue>& in) {
  // (query, key, value, attn_mask, dropout_p, is_causal, scale, enable_gqa)
  if (node.kind() != c10::aten::scaled_dot_product_attention || in.size() != 8 ||
      node.outputs().size() != 1) {
    return std::nullopt;
  }
  auto meta_tensor = [](const c10::IValue& v) {
    return v.isTensor() && v.toTensor().defined() && v.toTensor().is_meta();
  };
  if (!meta_tensor(in[0]) || !meta_tensor(in[1]) || !meta_tensor(in[2]) ||
      !(in[3].isNone() || meta_tensor(in[3])) || !in[4].isDouble() || !in[5].isBool() ||
      !(in[6].isNone() || in[6].isDouble()) || !in[7].isBool()) {
    return std::nullopt;
  }
  const at::Tensor& q = in[0].toTensor();
  const at::Tensor& k = in[1].toTensor();
  const at::Tensor& v = in[2].toTensor();
  std::optional<at::Tensor> mask;
  if (!in[3].isNone()) mask = in[3].toTensor();
  const double dropout_p = in[4].toDouble();
  const bool is_causal = in[5].toBool();
  const std::optional<double> scale =
      in[6].isNone() ? std::nullopt : std::optional<double>(in[6].toDouble());
  const bool enable_gqa = in[7].toBool();
  // Uninitialised CPU tensors of the same metadata: the choice reads no values.
  auto on_cpu = [](const at::Tensor& t) {
    return at::empty_strided(t.sizes(), t.strides(), t.options().device(at::kCPU));
  };
  std::optional<at::Tensor> cpu_mask;
  if (mask) cpu_mask = on_cpu(*mask);
  const int64_t choice = at::_fused_sdp_choice(on_cpu(q), on_cpu(k), on_cpu(v), cpu_mask, dropout_p,
                                               is_causal, scale, enable_gqa);
  if (choice == static_cast<int64_t>(at::SDPBackend::flash_attention)) {
    return torch::jit::Stack{at::empty_like(q)};
  }
  if (choice != static_cast<int64_t>(at::SDPBackend::math) || q.dim() < 2 || k.dim() != q.dim() ||
      v.dim() != q.dim()) {
    return std::nullopt;
  }
  // Math: attn @ value, contiguous, its batch dimensions the query's broadcast with the mask's.
  // The key's and value's must be the query's (but for the heads, dimension -3, under GQA).
  for (const at::Tensor* t : {&k, &v}) {
    for (int64_t d = 0; d < q.dim() - 2; ++d) {
      if (t->size(d) != q.size(d) && !(enable_gqa && d == q.dim() - 3)) return std::nullopt;
    }
  }
  std::vector<int64_t> batch(q.sizes().begin(), q.sizes().end() - 2);
  if (mask) {
    if (mask->dim() < 2) return std::nullopt;
    try {
      batch = at::infer_size(batch, mask->sizes().slice(0, mask->dim() - 2));
    } catch (const std::exception&) {
      return std::nullopt;
    }
  }
  batch.push_back(q.size(-2));
  batch.push_back(v.size(-1));
  return torch::jit::Stack{at::empty(batch, q.options())};
}

at::Tensor MetaTensor(at::IntArrayRef sizes, at::IntArrayRef strides, at::ScalarType dtype,
                      bool wrapped_number) {
  at::Tensor m =
      at::empty_strided(sizes, strides, at::TensorOptions().dtype(dtype).device(at::kMeta));
  if (wrapped_number) m.unsafeGetTensorImpl()->set_wrapped_number(true);
  return m;
}

std::optional<c10::IValue> ToMeta(const c10::IValue& v) {
  if (v.isTensor()) {
    const at::Tensor& t = v.toTensor();
    if (!t.defined() || t.is_meta()) return v;
    if (!t.device().is_cpu() || t.layout() != at::kStrided || t.is_quantized() || t.is_nested() ||
        t.is_mkldnn()) {
      return std::nullopt;
    }
    return MetaTensor(t.sizes(), t.strides(), t.scalar_type(),
                      t.unsafeGetTensorImpl()->is_wrapped_number());
  }
  // A container none of whose elements changes is kept itself, not copied: it may be reached
  // through another (`t = [s]; t[0].append(1)` writes s), and a copy would miss the write.
  if (v.isList()) {
    const c10::impl::GenericList in = v.toList();
    c10::impl::GenericList out(in.elementType());
    out.reserve(in.size());
    bool changed = false;
    for (const c10::IValue& e : v.toListRef()) {
      std::optional<c10::IValue> m = ToMeta(e);
      if (!m) return std::nullopt;
      changed |= !m->isSameIdentity(e);
      out.push_back(*std::move(m));
    }
    if (!changed) return v;
    return out;
  }
  if (v.isTuple()) {
    std::vector<c10::IValue> elements;
    bool changed = false;
    for (const c10::IValue& e : v.toTupleRef().elements()) {
      std::optional<c10::IValue> m = ToMeta(e);
      if (!m) return std::nullopt;
      changed |= !m->isSameIdentity(e);
      elements.push_back(*std::move(m));
    }
    if (!changed) return v;
    return c10::ivalue::Tuple::create(std::move(elements));
  }
  // Objects (the module, input 0 of an archive's forward) are kept: what prim::GetAttr reads
  // from them is converted as it is read.
  if (v.isGenericDict()) {
    // Kept when no key or value changes (a dict of ints or lists of them); else not converted.
    for (const auto& entry : v.toGenericDict()) {
      std::optional<c10::IValue> key = ToMeta(entry.key());
      std::optional<c10::IValue> value = ToMeta(entry.value());
      if (!key || !value || !key->isSameIdentity(entry.key()) ||
          !value->isSameIdentity(entry.value())) {
        return std::nullopt;
      }
    }
    return v;
  }
  if (v.isFuture() || v.isRRef()) return std::nullopt;
  return v;
}

bool HoldsTensor(const c10::IValue& v) {
  if (v.isTensor()) return v.toTensor().defined();
  if (v.isList()) {
    for (const c10::IValue& e : v.toListRef()) {
      if (HoldsTensor(e)) return true;
    }
  }
  if (v.isTuple()) {
    for (const c10::IValue& e : v.toTupleRef().elements()) {
      if (HoldsTensor(e)) return true;
    }
  }
  return false;
}

bool CannotHoldTensor(const c10::TypePtr& type) {
  switch (type->kind()) {
    case c10::TypeKind::IntType:
    case c10::TypeKind::FloatType:
    case c10::TypeKind::BoolType:
    case c10::TypeKind::ComplexType:
    case c10::TypeKind::NumberType:
    case c10::TypeKind::StringType:
    case c10::TypeKind::NoneType:
    case c10::TypeKind::DeviceObjType:
      return true;
    case c10::TypeKind::ListType:
    case c10::TypeKind::TupleType:
    case c10::TypeKind::OptionalType:
      for (const c10::TypePtr& contained : type->containedTypes()) {
        if (!CannotHoldTensor(contained)) return false;
      }
      return true;
    default:
      return false;
  }
}

bool TypeHoldsTensor(const c10::TypePtr& type) {
  if (type->kind() == c10::TypeKind::TensorType) return true;
  for (const c10::TypePtr& contained : type->containedTypes()) {
    if (TypeHoldsTensor(contained)) return true;
  }
  return false;
}

bool ReadsMetadataOnly(c10::Symbol kind) {
  static const auto* kinds = [] {
    auto* set = new absl::flat_hash_set<c10::Symbol>;
    for (const char* name : {"aten::size",
                             "aten::sym_size",
                             "aten::dim",
                             "aten::numel",
                             "aten::sym_numel",
                             "aten::stride",
                             "aten::sym_stride",
                             "aten::len",
                             "prim::dtype",
                             "prim::shape",
                             "prim::layout",
                             "aten::is_contiguous",
                             "aten::is_floating_point",
                             "aten::is_complex",
                             "aten::is_signed",
                             "aten::is_same_size",
                             "aten::element_size",
                             "prim::requires_grad",
                             "aten::__is__",
                             "aten::__isnot__",
                             "aten::__getitem__",
                             "prim::TupleIndex",
                             "prim::ListUnpack",
                             "prim::TupleUnpack",
                             "prim::ListConstruct",
                             "prim::TupleConstruct",
                             "aten::format",
                             "aten::warn",
                             "prim::is_sparse",
                             "prim::is_sparse_csr",
                             "prim::is_mkldnn",
                             "prim::is_quantized",
                             "prim::is_nested"}) {
      set->insert(c10::Symbol::fromQualString(name));
    }
    return set;
  }();
  return kinds->contains(kind);
}

bool MetaKernelDisagrees(c10::Symbol kind) {
  if (!kind.is_aten()) return false;
  const absl::string_view name = kind.toUnqualString();
  return absl::StartsWith(name, "fft_") || absl::StartsWith(name, "_fft_") ||
         absl::StartsWith(name, "linalg_") || absl::StartsWith(name, "_linalg_") ||
         absl::StartsWith(name, "embedding_bag") || absl::StartsWith(name, "_embedding_bag") ||
         (absl::StrContains(name, "batch_norm") && name != "batch_norm") ||
         absl::StartsWith(name, "scaled_dot_product") || absl::StrContains(name, "pixel_shuffle") ||
         absl::StrContains(name, "pixel_unshuffle") || absl::StrContains(name, "channel_shuffle") ||
         absl::StrContains(name, "group_norm") || absl::StartsWith(name, "reflection_pad") ||
         absl::StartsWith(name, "replication_pad") || name == "roll" ||
         absl::StartsWith(name, "rrelu") || name == "geqrf" || name == "lu_solve" ||
         name == "svd" || name == "qr" || name == "cholesky" || name == "triangular_solve" ||
         name == "lu_unpack";
}

bool AnyNonContiguousTensor(const std::vector<c10::IValue>& in) {
  std::function<bool(const c10::IValue&)> non_contiguous = [&](const c10::IValue& v) {
    if (v.isTensor()) return v.toTensor().defined() && !v.toTensor().is_contiguous();
    if (v.isList()) {
      for (const c10::IValue& e : v.toListRef()) {
        if (non_contiguous(e)) return true;
      }
    }
    return false;
  };
  return std::any_of(in.begin(), in.end(), non_contiguous);
}

bool MetaLayoutAgreesOnStrided(c10::Symbol kind) {
  static const auto* kinds = new absl::flat_hash_set<c10::Symbol>{
      c10::aten::mm, c10::aten::addmm, c10::aten::bmm,    c10::aten::baddbmm,
      c10::aten::mv, c10::aten::addmv, c10::aten::matmul, c10::aten::linear,
  };
  return kinds->contains(kind);
}

bool IsView(const Node& node) {
  const c10::FunctionSchema* schema = node.maybeSchema();
  if (!schema || schema->returns().empty()) return false;
  for (const c10::Argument& r : schema->returns()) {
    if (!r.alias_info() || r.alias_info()->isWrite()) return false;
  }
  return true;
}

bool MakesTensors(const Node& node) {
  const c10::FunctionSchema* schema = node.maybeSchema();
  for (size_t i = 0; i < node.outputs().size(); ++i) {
    if (!TypeHoldsTensor(node.outputs()[i]->type())) continue;
    if (!schema || i >= schema->returns().size() || !schema->returns()[i].alias_info()) return true;
  }
  return false;
}

bool AsksDevice(c10::Symbol kind) {
  static const auto* kinds = [] {
    auto* set = new absl::flat_hash_set<c10::Symbol>;
    for (const char* name : {"prim::device", "prim::is_cpu", "prim::is_cuda", "prim::is_xpu",
                             "prim::is_mps", "prim::is_meta", "prim::is_ipu", "prim::is_vulkan",
                             "prim::is_maia", "prim::is_xla", "prim::is_lazy"}) {
      set->insert(c10::Symbol::fromQualString(name));
    }
    return set;
  }();
  return kinds->contains(kind);
}

}  // namespace graph_lower
