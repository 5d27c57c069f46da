// Shape specialisation by running the graph on example values.
#include "passes/specialize_shapes.h"

#include <ATen/ATen.h>
#include <ATen/core/dispatch/Dispatcher.h>
#include <torch/csrc/autograd/grad_mode.h>
#include <torch/csrc/jit/ir/constants.h>
#include <torch/csrc/jit/runtime/operator.h>

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <iostream>
#include <sstream>

#include "absl/base/casts.h"
#include "absl/cleanup/cleanup.h"
#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/synchronization/mutex.h"
#include "ir/errors.h"
#include "ir/example_values.h"
#include "ir/mutation.h"

namespace graph_lower {
namespace {

using torch::jit::Block;
using torch::jit::Node;
using torch::jit::Value;

bool HasTag(const Node& node, at::Tag tag) {
  const torch::jit::Operator* op = node.maybeOperator();
  if (!op) return false;
  for (at::Tag t : op->getTags()) {
    if (t == tag) return true;
  }
  return false;
}

bool IntDivisionByZero(const Node& node, const std::vector<c10::IValue>& in) {
  static const auto* kinds = new absl::flat_hash_set<c10::Symbol>{
      c10::aten::remainder, c10::aten::floordiv,
      c10::aten::fmod,      c10::aten::__round_to_zero_floordiv,
      c10::aten::divmod,    c10::aten::floor_divide};
  return kinds->contains(node.kind()) && in.size() == 2 && in[0].isInt() && in[1].isInt() &&
         in[1].toInt() == 0;
}

// A copy of an example input the run may write (tensors, also in lists, keep their strides).
c10::IValue CopyInput(const c10::IValue& v) {
  if (v.isTensor()) return CopyKeepingLayout(v.toTensor());
  if (v.isTensorList()) {
    c10::List<at::Tensor> out;
    for (const at::Tensor& t : v.toTensorList().vec()) out.push_back(CopyKeepingLayout(t));
    return out;
  }
  return v;
}

// Zeros of a meta tensor's sizes, strides and dtype, on the CPU.
at::Tensor CpuZerosLike(const at::Tensor& t) {
  const std::optional<int64_t> extent = StorageExtent(t);
  if (!extent) return at::zeros(t.sizes(), t.options().device(at::kCPU));
  return at::zeros({*extent}, t.options().device(at::kCPU)).as_strided(t.sizes(), t.strides(), 0);
}

// Int list argument `v` with one entry per spatial dimension (a single entry is repeated).
std::optional<std::vector<int64_t>> SpatialList(const c10::IValue& v, size_t spatial) {
  if (!v.isIntList()) return std::nullopt;
  std::vector<int64_t> out = v.toIntVector();
  if (out.size() == 1) out.assign(spatial, out[0]);
  if (out.size() != spatial) return std::nullopt;
  return out;
}

// The output of aten::convolution / _convolution / conv1d / conv2d / conv3d (int padding) on
// meta tensors, from the output-size rule of torch.nn.Conv2d's documentation (the one
// aten/src/ATen/native/ConvUtils.h conv_output_size / conv_input_size implement), for batched,
// contiguous floating-point operands with a contiguous result (what the CPU kernels return for
// contiguous operands); nullopt otherwise.
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

// The outputs of aten::_native_multi_head_attention (nn.MultiheadAttention's fast path, a CPU
// kernel without a Meta one) on meta tensors with need_weights false, as native_multi_head_
// attention_cpu (aten/src/ATen/native/transformers/attention.cpp) makes them for dense 3-D
// query, key and value of one shape [B, T, D], no mask, and operands of one floating dtype: the
// projection, contiguous [B, T, proj_weight.size(0)] of the query's dtype, and an undefined
// attention-weights tensor. nullopt for any other case (nested or empty inputs, weights asked
// for, a mask (the kernel's checks depend on mask_type), arguments its checks reject), which
// then runs on zeros. Running it on zeros put the whole model's projections through a real
// GEMM: most of a lowering of ViT-B/16 (perf).
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

// The output of aten::_transformer_encoder_layer_fwd (nn.TransformerEncoderLayer's fast path, a
// CPU kernel without a Meta one) on meta tensors, as transformer_encoder_layer_forward
// (aten/src/ATen/native/transformers/transformer.cpp) makes it for a dense 3-D src [B, T, D]
// with elements and no mask, D = embed_dim, parameters of the layer's shapes (qkv [3D, D] and
// [3D], out projection [D, D] and [D], norms [D], feed-forward [F, D], [F], [D, F], [D]) and all
// of src's floating dtype: [B, T, D] contiguous, of src's dtype (the attention's fresh output,
// added to in place, then layer norm and the feed-forward block). nullopt otherwise (masks,
// nested or empty inputs, other shapes), which then runs on zeros. Running it on zeros was a
// sixth of a lowering of a 2-layer nn.TransformerEncoder (perf), twice per lowering.
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
// zeros was a fifth of a lowering of ResNet-18 (perf).
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

// The outputs of the batch norm ops above on meta tensors. _native_batch_norm_legit_no_training
// saves no statistics in eval mode: its saved mean and inverse std are [0] tensors of the running
// statistics' dtype on the CPU ([C] from its Python meta function).
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

// aten::relu and aten::hardswish (no Meta kernels in libtorch's C++) of a floating-point meta
// tensor: the output of aten::clamp_min(x, 0) on meta. relu's CPU kernel is that call
// (aten/src/ATen/native/Activation.cpp), and hardswish's builds the same unary TensorIterator,
// so sizes, strides and dtype are the same; checked against the CPU kernels in 120 cases
// (contiguous, channels-last, permuted, sliced, expanded, size-1 and empty, four dtypes). Running
// them on zeros was a tenth of a lowering of ResNet-18 (perf).
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

// Operators that threw on meta tensors and gave their output on zero-filled CPU tensors
// instead (no Meta kernel in libtorch's C++), for the life of the process.
absl::Mutex without_meta_kernel_mutex;
absl::flat_hash_set<const torch::jit::Operator*>& WithoutMetaKernel() {
  static auto* ops = new absl::flat_hash_set<const torch::jit::Operator*>;
  return *ops;
}
bool KnownWithoutMetaKernel(const torch::jit::Operator* op) {
  absl::MutexLock lock(&without_meta_kernel_mutex);
  return WithoutMetaKernel().contains(op);
}
void RememberWithoutMetaKernel(const torch::jit::Operator* op) {
  absl::MutexLock lock(&without_meta_kernel_mutex);
  WithoutMetaKernel().insert(op);
}

// RunWithoutMetaKernel's memo (blocks of LayerNorm or attention run the same op on the same
// shapes once per block: scaled_dot_product_attention on zero-filled CPU tensors was 4.9% of a
// lowering of 1,024 blocks, perf). What its result depends on: the operator, and of each input
// its dtype, sizes, strides and storage offset when it is a meta tensor (its values are zeros),
// its value otherwise. Inputs of other kinds (CPU tensors, whose values the op reads; objects,
// generators) are not described, and the node is then run every time.
bool DescribeForMemo(const c10::IValue& v, std::string& key) {
  if (v.isTensor()) {
    const at::Tensor& t = v.toTensor();
    if (!t.defined()) {
      key += "u;";
      return true;
    }
    if (!t.is_meta()) return false;
    absl::StrAppend(&key, "t", static_cast<int>(t.scalar_type()),
                    t.unsafeGetTensorImpl()->is_wrapped_number() ? "w" : "", "[",
                    absl::StrJoin(t.sizes(), ","), "][", absl::StrJoin(t.strides(), ","), "]",
                    t.storage_offset(), ";");
    return true;
  }
  if (v.isNone()) {
    key += "n;";
    return true;
  }
  if (v.isBool()) {
    absl::StrAppend(&key, "b", v.toBool() ? 1 : 0, ";");
    return true;
  }
  if (v.isInt()) {
    absl::StrAppend(&key, "i", v.toInt(), ";");
    return true;
  }
  if (v.isDouble()) {  // its bits: 0.1 and the double nearest it differ
    absl::StrAppend(&key, "d", absl::bit_cast<uint64_t>(v.toDouble()), ";");
    return true;
  }
  if (v.isString()) {
    const std::string& text = v.toStringRef();
    absl::StrAppend(&key, "s", text.size(), ":", text, ";");
    return true;
  }
  if (v.isDevice()) {
    absl::StrAppend(&key, "v", v.toDevice().str(), ";");
    return true;
  }
  if (v.isList()) {
    absl::StrAppend(&key, "l", static_cast<int>(v.toList().elementType()->kind()), "(");
    for (const c10::IValue& e : v.toListRef()) {
      if (!DescribeForMemo(e, key)) return false;
    }
    key += ");";
    return true;
  }
  return false;
}

// One output of a memoised run: a tensor by its dtype, sizes and strides (a fresh meta tensor is
// made from it each time, so that no two values share one), a list of such, or a number, bool or
// None, kept as it is.
struct MemoOutput {
  enum class Kind { kTensor, kTensorList, kValue } kind;
  struct TensorShape {
    at::ScalarType dtype;
    std::vector<int64_t> sizes, strides;
    bool wrapped_number;
    bool defined;
  };
  std::vector<TensorShape> tensors;  // one for kTensor, the elements for kTensorList
  c10::IValue value;                 // kValue
};

std::optional<MemoOutput::TensorShape> ShapeOf(const c10::IValue& v) {
  if (!v.isTensor()) return std::nullopt;
  const at::Tensor& t = v.toTensor();
  if (!t.defined()) return MemoOutput::TensorShape{at::kFloat, {}, {}, false, false};
  if (t.layout() != at::kStrided || !(t.device().is_cpu() || t.is_meta()) || t.is_quantized() ||
      t.is_nested() || t.is_mkldnn()) {
    return std::nullopt;
  }
  return MemoOutput::TensorShape{t.scalar_type(), t.sizes().vec(), t.strides().vec(),
                                 t.unsafeGetTensorImpl()->is_wrapped_number(), true};
}

// A meta tensor of these sizes, strides and dtype; a number made a tensor (prim::NumToTensor,
// `wrapped_number`) takes part in type promotion as a number, so the flag is kept.
at::Tensor MetaTensor(at::IntArrayRef sizes, at::IntArrayRef strides, at::ScalarType dtype,
                      bool wrapped_number) {
  at::Tensor m =
      at::empty_strided(sizes, strides, at::TensorOptions().dtype(dtype).device(at::kMeta));
  if (wrapped_number) m.unsafeGetTensorImpl()->set_wrapped_number(true);
  return m;
}

at::Tensor MetaTensorOf(const MemoOutput::TensorShape& shape) {
  if (!shape.defined) return at::Tensor();
  return MetaTensor(shape.sizes, shape.strides, shape.dtype, shape.wrapped_number);
}

// The memo's entry for a run's outputs, or nullopt when one is of a kind not kept.
std::optional<std::vector<MemoOutput>> MemoOutputsOf(const torch::jit::Stack& stack) {
  std::vector<MemoOutput> outs;
  for (const c10::IValue& v : stack) {
    MemoOutput out;
    if (v.isTensor()) {
      std::optional<MemoOutput::TensorShape> shape = ShapeOf(v);
      if (!shape) return std::nullopt;
      out.kind = MemoOutput::Kind::kTensor;
      out.tensors.push_back(*std::move(shape));
    } else if (v.isTensorList()) {
      out.kind = MemoOutput::Kind::kTensorList;
      for (const c10::IValue& e : v.toListRef()) {
        std::optional<MemoOutput::TensorShape> shape = ShapeOf(e);
        if (!shape) return std::nullopt;
        out.tensors.push_back(*std::move(shape));
      }
    } else if (v.isNone() || v.isBool() || v.isInt() || v.isDouble()) {
      out.kind = MemoOutput::Kind::kValue;
      out.value = v;
    } else {
      return std::nullopt;
    }
    outs.push_back(std::move(out));
  }
  return outs;
}

torch::jit::Stack StackOf(const std::vector<MemoOutput>& outs) {
  torch::jit::Stack stack;
  for (const MemoOutput& out : outs) {
    switch (out.kind) {
      case MemoOutput::Kind::kTensor:
        stack.emplace_back(MetaTensorOf(out.tensors.at(0)));
        break;
      case MemoOutput::Kind::kTensorList: {
        c10::List<at::Tensor> list;
        for (const MemoOutput::TensorShape& shape : out.tensors)
          list.push_back(MetaTensorOf(shape));
        stack.emplace_back(std::move(list));
        break;
      }
      case MemoOutput::Kind::kValue:
        stack.push_back(out.value);
        break;
    }
  }
  return stack;
}

// The types one run observed: value -> complete type (merged over loop iterations).
using ObservedTypes = absl::flat_hash_map<Value*, c10::TensorTypePtr>;

// A tensor value on the meta device with the same sizes, strides and dtype, or nullopt when it
// cannot stand for the value (not a dense CPU tensor). Containers are converted element-wise.
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
  if (v.isList()) {
    const c10::impl::GenericList in = v.toList();
    c10::impl::GenericList out(in.elementType());
    out.reserve(in.size());
    for (const c10::IValue& e : v.toListRef()) {
      std::optional<c10::IValue> m = ToMeta(e);
      if (!m) return std::nullopt;
      out.push_back(*std::move(m));
    }
    return out;
  }
  if (v.isTuple()) {
    std::vector<c10::IValue> elements;
    for (const c10::IValue& e : v.toTupleRef().elements()) {
      std::optional<c10::IValue> m = ToMeta(e);
      if (!m) return std::nullopt;
      elements.push_back(*std::move(m));
    }
    return c10::ivalue::Tuple::create(std::move(elements));
  }
  // Objects (the module, input 0 of an archive's forward) are kept: what prim::GetAttr reads
  // from them is converted as it is read.
  if (v.isGenericDict() || v.isFuture() || v.isRRef()) return std::nullopt;
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

// Whether no value of `type` can hold a tensor: numbers, strings, devices, None, and lists,
// tuples and optionals of them (not Any, classes or dicts, which may).
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

// Ops that read a tensor's metadata only (sizes, strides, dtype, layout), never its values or
// device: on a meta tensor they answer what they answer on the CPU tensor it stands for.
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

// Ops whose Meta kernels give other strides or sizes than their CPU kernels (found by running
// the test suite with GRAPH_LOWER_CHECK_INVARIANTS, which compares the two runs): FFTs and
// linear algebra (column-major CPU results), embedding_bag (its offset2bag output), batch norm
// (the saved statistics of _native_batch_norm_legit_no_training: [C] on meta, [0] on the CPU;
// aten::batch_norm is not listed: it returns no statistics, and it has no Meta kernel in
// libtorch's C++ (torch/_meta_registrations.py has one for Python only), so its meta run throws
// and BatchNormOnMeta gives its output),
// scaled_dot_product_attention (its kernel picks a backend by device: the CPU's fused kernel
// returns another layout than the math path meta tensors take).
// A meta run runs them on zero-filled CPU tensors (RunWithoutMetaKernel).
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

// Whether any tensor among `in` (lists included) is not contiguous (channels_last, transposed,
// expanded). Meta kernels lay out results for such inputs otherwise than CPU kernels do in many
// cases (the try-to-break-it pass: pixel_shuffle, pixel_unshuffle, channel_shuffle, reflection
// and replication padding, group_norm, roll, rrelu, fft2); a meta run runs every op but views on
// them on zero-filled CPU tensors.
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

// Matrix products, whose Meta and CPU kernels lay out their outputs alike whatever the inputs'
// strides: mm, addmm, bmm, baddbmm, mv and addmv are structured kernels (one meta function,
// aten/src/ATen/native/LinearAlgebra.cpp, allocates the output for every backend: contiguous),
// and matmul and linear are CompositeImplicitAutograd over them, branching on sizes and strides
// alone. A transposed weight (linear's decomposition, addmm(b, x, w.t())) made every linear run
// on zero-filled CPU tensors: a real GEMM, 63% of a lowering of ViT-B/16 (perf).
bool MetaLayoutAgreesOnStrided(c10::Symbol kind) {
  static const auto* kinds = new absl::flat_hash_set<c10::Symbol>{
      c10::aten::mm, c10::aten::addmm, c10::aten::bmm,    c10::aten::baddbmm,
      c10::aten::mv, c10::aten::addmv, c10::aten::matmul, c10::aten::linear,
  };
  return kinds->contains(kind);
}

// Whether the node's op returns a view of an input (an output aliasing an input without writing:
// `Tensor(a) self -> Tensor(a)`). Views compute their strides in code shared by every backend.
bool IsView(const Node& node) {
  const c10::FunctionSchema* schema = node.maybeSchema();
  if (!schema || schema->returns().empty()) return false;
  for (const c10::Argument& r : schema->returns()) {
    if (!r.alias_info() || r.alias_info()->isWrite()) return false;
  }
  return true;
}

// Whether the node has an output holding tensors that is not declared an alias of an input: ops
// such as aten::append or aten::__getitem__ make no tensor (and their list inputs may be long:
// AnyNonContiguousTensor on every append was quadratic in a loop's list, minutes for 150,000
// appends; found by the try-to-break-it pass).
bool MakesTensors(const Node& node) {
  const c10::FunctionSchema* schema = node.maybeSchema();
  for (size_t i = 0; i < node.outputs().size(); ++i) {
    if (!TypeHoldsTensor(node.outputs()[i]->type())) continue;
    if (!schema || i >= schema->returns().size() || !schema->returns()[i].alias_info()) return true;
  }
  return false;
}

// Ops that ask for a tensor's device: a meta run answers them for the CPU.
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

class Specializer {
 public:
  // meta: run on meta tensors standing for CPU ones (see SpecializeShapes).
  Specializer(SpecializeStats& stats, bool writes, bool meta, int64_t max_loop_steps)
      : stats_(stats), loop_steps_left_(max_loop_steps), writes_(writes), meta_(meta) {}

  void RunBlock(Block& block) {
    for (Node* node : block.nodes()) {
      // Nothing runs once the loop budget is spent (SpendLoopBudget): those values get no type.
      if (!meta_failure_.empty() || loop_budget_spent_) return;
      RunNode(*node);
    }
  }

  void Bind(Value* v, c10::IValue value) { values_[v] = std::move(value); }

  // Why a meta run cannot stand for a run on the example values (empty when it can).
  const std::string& meta_failure() const { return meta_failure_; }

  // The values computed, as at the end of the run (RunOnExamples' ExampleRun::values).
  absl::flat_hash_map<Value*, c10::IValue> TakeValues() { return std::move(values_); }

  // The types seen, merged over values observed more than once (loops); values computed from
  // data-dependent ones are left out.
  ObservedTypes Observed() && {
    ObservedTypes out = std::move(observed_);
    for (Value* v : data_dependent_) out.erase(v);
    for (Value* v : past_loop_budget_) out.erase(v);
    return out;
  }

 private:
  std::optional<std::vector<c10::IValue>> InputsOf(Node& node) {
    std::vector<c10::IValue> in;
    in.reserve(node.inputs().size());
    for (Value* v : node.inputs()) {
      auto it = values_.find(v);
      if (it == values_.end()) return std::nullopt;
      in.push_back(it->second);
    }
    return in;
  }

  // By value: callers pass elements of values_ itself, which the insertion may move.
  void Observe(Value* v, c10::IValue value) {
    values_.insert_or_assign(v, value);
    if (!value.isTensor() || !value.toTensor().defined() || !v->type()->cast<c10::TensorType>()) {
      return;
    }
    c10::TensorTypePtr t = TensorTypeOf(value.toTensor());
    auto [it, inserted] = observed_.try_emplace(v, t);
    if (!inserted && *it->second != *t) it->second = it->second->merge(*t);
  }

  void Unknown(Node& node) {
    for (Value* out : node.outputs()) {
      values_.erase(out);
      if (out->type()->cast<c10::TensorType>()) ++stats_.unknown;
    }
  }

  // aten::index is tagged dynamic_output_shape for its boolean masks; with integer indices (or
  // None) its shape follows from the shapes alone (the indices broadcast), as for the constant
  // index lists of library decompositions (im2col, adaptive pooling windows).
  bool IndexedByIntegers(const Node& node) const {
    if (node.kind() != c10::aten::index || node.inputs().size() != 2) return false;
    auto it = values_.find(node.input(1));
    if (it == values_.end() || !it->second.isList()) return false;
    for (const c10::IValue& index : it->second.toListRef()) {
      if (index.isNone()) continue;
      if (!index.isTensor()) return false;
      const c10::ScalarType t = index.toTensor().scalar_type();
      if (t == c10::kBool || t == c10::kByte || !c10::isIntegralType(t, false)) return false;
    }
    return true;
  }

  void RunNode(Node& node) {
    if (!loops_.empty() && --loop_steps_left_ < 0) return SpendLoopBudget();
    bool data_dependent = HasTag(node, at::Tag::dynamic_output_shape) && !IndexedByIntegers(node);
    for (Value* in : node.inputs()) data_dependent |= data_dependent_.contains(in);
    if (data_dependent) {
      // Shapes that depend on values: a meta run has none.
      if (meta_) return MetaFails(node, "its output shape depends on tensor values");
      for (Value* out : node.outputs()) data_dependent_.insert(out);
    }
    if (node.kind() == c10::prim::Constant) {
      // A copy when the graph writes: running it must not mutate the graph's own constants.
      // Scalars need none (and IValue::deepcopy rejects complex numbers in torch 2.6).
      if (std::optional<c10::IValue> c = torch::jit::toIValue(node.output())) {
        if (meta_) {
          std::optional<c10::IValue> m = ToMeta(*c);
          if (!m) return MetaFails(node, "a constant is not a dense CPU tensor");
          values_[node.output()] = *std::move(m);
        } else {
          values_[node.output()] = !writes_ || c->isComplexDouble() ? *c : c->deepcopy();
        }
      }
      return;
    }
    // After a prim::RaiseException has run the program would have stopped: nothing after it
    // is run (it would run on values the program never reaches, e.g. n % 0 after an assert).
    if (raised_) return Unknown(node);
    std::optional<std::vector<c10::IValue>> in = InputsOf(node);
    if (!in) return Unknown(node);
    // Integer division or remainder by zero is undefined behaviour in the interpreter's scalar
    // ops (SIGFPE); example values (zeros for integer tensors, ir/example_values.h) can make a
    // divisor zero that the program's own values never do.
    if (IntDivisionByZero(node, *in)) return Unknown(node);
    // libtorch's CPU flash attention divides by zero (SIGFPE) on an empty key or query (found by
    // make fuzz); such a node is left as it is.
    if (CrashesLibtorch(node, *in)) {
      return meta_ ? MetaFails(node, "attention on an empty tensor") : Unknown(node);
    }
    if (node.kind() == c10::prim::If) return RunIf(node, *in);
    if (node.kind() == c10::prim::Loop) return RunLoop(node, *in);
    if (!node.blocks().empty()) return Unknown(node);
    if (meta_ && !MetaCanRun(node, *in)) return;
    torch::jit::Stack stack(in->begin(), in->end());
    // Container ops are run by the interpreter itself, not registered as operators.
    const c10::Symbol kind = node.kind();
    const torch::jit::Operator* op = nullptr;
    if (kind != c10::prim::ListConstruct && kind != c10::prim::TupleConstruct &&
        kind != c10::prim::ListUnpack && kind != c10::prim::TupleUnpack) {
      op = node.maybeOperator();
      if (!op) return Unknown(node);
    }
    try {
      if (kind == c10::prim::ListConstruct) {
        c10::impl::GenericList list(
            node.output()->type()->expectRef<c10::ListType>().getElementType());
        for (const c10::IValue& v : *in) list.push_back(v);
        stack = {c10::IValue(list)};
      } else if (kind == c10::prim::TupleConstruct) {
        stack = {c10::IValue(c10::ivalue::Tuple::create(*in))};
      } else if (kind == c10::prim::ListUnpack || kind == c10::prim::TupleUnpack) {
        const c10::IValue& v = (*in)[0];
        if (!(v.isList() || v.isTuple())) return Unknown(node);
        stack = v.isList() ? v.toListRef().vec() : v.toTupleRef().elements().vec();
      } else if (meta_ && (MetaKernelDisagrees(kind) || KnownWithoutMetaKernel(op) ||
                           (!IsView(node) && !MetaLayoutAgreesOnStrided(kind) &&
                            MakesTensors(node) && AnyNonContiguousTensor(*in)))) {
        std::optional<torch::jit::Stack> outs = RunWithoutMetaKernel(node, *op, *in);
        if (!outs) return MetaFails(node, "no Meta kernel, and its shapes cannot be had otherwise");
        stack = *std::move(outs);
      } else {
        op->getOperation (&node)(stack);
      }
    } catch (const std::exception& e) {
      // Ops without a tensor result (aten::format, aten::warn: implemented inside the
      // interpreter, not runnable alone) cannot make the program fail on shapes here.
      const bool tensor_op = std::any_of(node.outputs().begin(), node.outputs().end(),
                                         [](const Value* v) { return TypeHoldsTensor(v->type()); });
      if (meta_ && tensor_op) {
        // An op without a Meta kernel in libtorch's C++ (many have theirs in Python only,
        // torch/_meta_registrations.py): its output shapes come another way, or the run on
        // the example values decides (which also decides whether the program fails here).
        std::optional<torch::jit::Stack> outs = RunWithoutMetaKernel(node, *op, *in);
        if (!outs) return MetaFails(node, ExceptionMessage(e));
        // Its kernel is missing, not its arguments wrong: the next call skips the throw, which
        // costs more than the op on a meta tensor (blocks of LayerNorm: about a third of the run).
        if (op) RememberWithoutMetaKernel(op);
        stack = *std::move(outs);
      } else {
        if (node.kind() == c10::prim::RaiseException) raised_ = true;
        const std::string what = ExceptionMessage(e);
        if (std::getenv("GRAPH_LOWER_DEBUG")) {
          std::cerr << "specialize: " << node.kind().toQualString() << " threw: " << what << "\n";
        }
        if (tensor_op && stats_.first_failure.empty()) {
          stats_.first_failure = absl::StrCat(node.kind().toQualString(), ": ", what);
        }
        return Unknown(node);
      }
    }
    if (stack.size() != node.outputs().size()) return Unknown(node);
    const c10::FunctionSchema* schema = node.maybeSchema();
    for (size_t i = 0; i < stack.size(); ++i) {
      // A list that aliases an input list (aten::append's) holds meta values already;
      // converting it would copy it, once per call: quadratic in the list's length, minutes for
      // a loop appending 150,000 times (found by the try-to-break-it pass). A tensor is still
      // converted (a view run on a CPU stand-in by RunWithoutMetaKernel is a CPU tensor).
      const bool aliased_list = stack[i].isList() && schema && i < schema->returns().size() &&
                                schema->returns()[i].alias_info();
      if (meta_ && !aliased_list) {
        // Factories without a device argument, prim::GetAttr, ... make CPU tensors.
        std::optional<c10::IValue> m = ToMeta(stack[i]);
        if (!m) return MetaFails(node, "an output is not a dense CPU tensor");
        stack[i] = *std::move(m);
      }
      Observe(node.output(i), stack[i]);
    }
    // An op that writes an argument may change its sizes or strides (unsqueeze_, t_, resize_).
    // A value has one type, so the argument's becomes the merge of its types before and after.
    // Functionalization replaces such ops outside control flow, not inside an If or a Loop on a
    // value from outside it: there its type stayed the one it was made with, and aten::dim
    // folded to the old rank (found by the try-to-break-it pass: `y.unsqueeze_(0)` in an If gave
    // x * 2 where eager gives x * 3).
    if (schema && schema->is_mutable()) {
      for (size_t i = 0; i < schema->arguments().size() && i < node.inputs().size(); ++i) {
        const c10::AliasInfo* alias = schema->arguments()[i].alias_info();
        if (!alias || !alias->isWrite()) continue;
        if (auto it = values_.find(node.input(i)); it != values_.end()) {
          Observe(node.input(i), it->second);
        }
      }
    }
  }

  // The outputs of an op that threw on meta tensors, as meta tensors: aten::convolution by its
  // output-size rule; otherwise the op run on zero-filled CPU tensors of the inputs' sizes,
  // strides and dtypes, when that cannot change its output shapes. Shapes read from values are
  // tagged dynamic_output_shape on ops with a kernel of their own (FakeTensor relies on the same
  // tag), so zeros are safe for them and for floating-point inputs; a CompositeImplicitAutograd
  // op with integer or bool tensor inputs may read them (tensor_split's indices): nullopt.
  // Memoised by the operator and the inputs' shapes (DescribeForMemo) for operators of the
  // dispatcher (c10 ops), whose Operation does not read the node; a failure (nullopt) too.
  std::optional<torch::jit::Stack> RunWithoutMetaKernel(const Node& node,
                                                        const torch::jit::Operator& op,
                                                        const std::vector<c10::IValue>& in) {
    std::string key;
    bool memoisable = op.isC10Op();
    if (memoisable) {
      absl::StrAppend(&key, reinterpret_cast<uintptr_t>(&op), ":");
      for (const c10::IValue& v : in) {
        if (!DescribeForMemo(v, key)) {
          memoisable = false;
          break;
        }
      }
    }
    if (memoisable) {
      if (auto it = without_meta_memo_.find(key); it != without_meta_memo_.end()) {
        ++stats_.memoised_runs_on_zeros;
        if (!it->second) return std::nullopt;
        return StackOf(*it->second);
      }
    }
    std::optional<torch::jit::Stack> outs = RunOnZeros(node, op, in);
    if (memoisable) {
      if (!outs) {
        without_meta_memo_.emplace(std::move(key), std::nullopt);
      } else if (std::optional<std::vector<MemoOutput>> entry = MemoOutputsOf(*outs)) {
        without_meta_memo_.emplace(std::move(key), *std::move(entry));
      }
    }
    return outs;
  }

  std::optional<torch::jit::Stack> RunOnZeros(const Node& node, const torch::jit::Operator& op,
                                              const std::vector<c10::IValue>& in) {
    std::optional<torch::jit::Stack> by_rule = ConvolutionOnMeta(node, in);
    if (!by_rule) by_rule = MultiHeadAttentionOnMeta(node, in);
    if (!by_rule) by_rule = TransformerEncoderLayerOnMeta(node, in);
    if (!by_rule) by_rule = BatchNormOnMeta(node, in);
    if (!by_rule) by_rule = ActivationOnMeta(node, in);
    if (by_rule) {
      ++stats_.shape_rule_runs;
      return by_rule;
    }
    bool value_read = false;
    const c10::FunctionSchema* schema = node.maybeSchema();
    if (!schema) return std::nullopt;
    // An op that writes its arguments (out= overloads, in-place ops) is not run on stand-ins:
    // the run on zero-filled copies of _native_batch_norm_legit.out's arguments left its
    // outputs pointing at freed tensors (an ASan heap-use-after-free when they were read; found
    // by the OpInfo sweep; where libtorch frees them was not pinned down). The run on the
    // example values decides instead.
    if (schema->is_mutable()) return std::nullopt;
    auto handle = c10::Dispatcher::singleton().findOp(schema->operator_name());
    const bool composite =
        handle && handle->hasKernelForDispatchKey(c10::DispatchKey::CompositeImplicitAutograd);
    std::function<std::optional<c10::IValue>(const c10::IValue&)> zeros =
        [&](const c10::IValue& v) -> std::optional<c10::IValue> {
      if (v.isTensor()) {
        const at::Tensor& t = v.toTensor();
        if (!t.defined() || !t.is_meta()) return v;
        // Integer tensors hold indices, pivots, offsets or counts that the op reads: zeros are
        // not safe stand-ins (a CIA kernel branches on them, bool masks included;
        // linalg_ldl_solve's LAPACK call writes out of bounds with zero pivots, a heap
        // corruption in libtorch 2.6). The run on the example values decides instead.
        value_read |= !t.is_floating_point() && !t.is_complex() &&
                      (composite || t.scalar_type() != at::kBool);
        at::Tensor z = CpuZerosLike(t);
        if (t.unsafeGetTensorImpl()->is_wrapped_number()) {
          z.unsafeGetTensorImpl()->set_wrapped_number(true);
        }
        return z;
      }
      if (v.isList()) {
        c10::impl::GenericList out(v.toList().elementType());
        for (const c10::IValue& e : v.toListRef()) {
          std::optional<c10::IValue> z = zeros(e);
          if (!z) return std::nullopt;
          out.push_back(*std::move(z));
        }
        return out;
      }
      if (v.isDevice() && v.toDevice().is_meta()) return at::Device(at::kCPU);
      return v;
    };
    torch::jit::Stack stack;
    for (const c10::IValue& v : in) {
      std::optional<c10::IValue> z = zeros(v);
      if (!z) return std::nullopt;
      stack.push_back(*std::move(z));
    }
    if (value_read) return std::nullopt;
    try {
      op.getOperation (&node)(stack);
    } catch (const std::exception&) {
      return std::nullopt;
    }
    return stack;
  }

  void MetaFails(const Node& node, const std::string& why) {
    if (meta_failure_.empty()) meta_failure_ = absl::StrCat(node.kind().toQualString(), ": ", why);
  }

  // In a meta run: whether `node` may run on meta tensors, and if so its device arguments are
  // made meta (`in` is then its inputs). A node answered here (device queries) is recorded and
  // false returned.
  bool MetaCanRun(Node& node, std::vector<c10::IValue>& in) {
    const c10::Symbol kind = node.kind();

    if (AsksDevice(kind)) {
      // Answered for the CPU tensor the meta one stands for: run on an empty CPU tensor.
      if (in.size() != 1 || !in[0].isTensor() || node.outputs().size() != 1) {
        MetaFails(node, "a device query of an unexpected form");
        return false;
      }
      const torch::jit::Operator* op = node.maybeOperator();
      if (!op) {
        MetaFails(node, "a device query without an operator");
        return false;
      }
      torch::jit::Stack stack = {at::empty({0}, in[0].toTensor().options().device(at::kCPU))};
      try {
        op->getOperation (&node)(stack);
      } catch (const std::exception& e) {
        MetaFails(node, ExceptionMessage(e));
        return false;
      }
      values_.insert_or_assign(node.output(), stack.at(0));
      return false;
    }
    // A value other than a tensor computed from a tensor may have read its values. A value whose
    // type cannot hold one is not scanned: scanning a List[int] at each of its appends was
    // quadratic, 94 s for 300,000 appends (found by the try-to-break-it pass).
    bool tensor_in = false;
    for (size_t i = 0; i < in.size() && !tensor_in; ++i) {
      tensor_in = !CannotHoldTensor(node.inputs()[i]->type()) && HoldsTensor(in[i]);
    }
    if (tensor_in && !ReadsMetadataOnly(kind)) {
      for (const Value* out : node.outputs()) {
        if (!TypeHoldsTensor(out->type()) && out->type()->kind() != c10::TypeKind::NoneType) {
          MetaFails(node, "it computes a value other than a tensor from a tensor");
          return false;
        }
      }
    }
    // Tensors made on a device (factories, aten::to) are made on the meta device instead.
    const bool makes_tensors =
        std::any_of(node.outputs().begin(), node.outputs().end(),
                    [](const Value* v) { return TypeHoldsTensor(v->type()); });
    if (const c10::FunctionSchema* schema = makes_tensors ? node.maybeSchema() : nullptr) {
      const auto& args = schema->arguments();
      for (size_t i = 0; i < in.size() && i < args.size(); ++i) {
        if (in[i].isDevice()) {
          if (!in[i].toDevice().is_cpu()) {
            MetaFails(node, "a tensor is made on a device other than the CPU");
            return false;
          }
          in[i] = at::Device(at::kMeta);
        } else if (in[i].isNone() && args[i].name() == "device") {
          in[i] = at::Device(at::kMeta);
        }
      }
    }
    return true;
  }

  void RunIf(Node& node, const std::vector<c10::IValue>& in) {
    if (!in[0].isBool()) return Unknown(node);
    Block* taken = node.blocks()[in[0].toBool() ? 0 : 1];
    RunBlock(*taken);
    for (size_t i = 0; i < node.outputs().size(); ++i) {
      auto it = values_.find(taken->outputs()[i]);
      if (it == values_.end()) {
        values_.erase(node.output(i));
        continue;
      }
      Observe(node.output(i), it->second);
    }
  }

  // prim::Loop(max_trip_count, initial_condition, carried...): body block(i, carried...) ->
  // (condition, carried...).
  // Loop work is bounded (SpecializeOptions::max_loop_steps): each iteration, and each node run
  // inside a loop, is a step; SpendLoopBudget stops the run when they are spent.
  void RunLoop(Node& node, const std::vector<c10::IValue>& in) {
    if (!in[0].isInt() || !in[1].isBool()) return Unknown(node);
    Block* body = node.blocks()[0];
    const int64_t max_trips = in[0].toInt();
    bool cond = in[1].toBool();
    std::vector<c10::IValue> carried(in.begin() + 2, in.end());
    loops_.push_back(&node);
    absl::Cleanup pop_loop = [this] { loops_.pop_back(); };
    // Each output's type is the merge of the carried value's before the loop and after every
    // iteration: the trip count or condition may come from values (an int argument, a tensor's
    // sum), and other values may run it more or fewer times. A shape that changes from one
    // iteration to the next is not specialised (found by the try-to-break-it pass: `for i in
    // range(n): x = torch.cat([x, x])` lowered with n = 2 folded x.size(0) to 32 for every n).
    for (size_t k = 0; k < carried.size(); ++k) Observe(node.output(k), carried[k]);
    for (int64_t i = 0; i < max_trips && cond; ++i) {
      if (--loop_steps_left_ < 0) SpendLoopBudget();
      if (loop_budget_spent_) break;
      values_[body->inputs()[0]] = c10::IValue(i);
      for (size_t k = 0; k < carried.size(); ++k) Observe(body->inputs()[k + 1], carried[k]);
      RunBlock(*body);
      if (loop_budget_spent_) break;
      auto c = values_.find(body->outputs()[0]);
      if (c == values_.end() || !c->second.isBool()) return UnknownLoop(node);
      cond = c->second.toBool();
      for (size_t k = 0; k < carried.size(); ++k) {
        auto it = values_.find(body->outputs()[k + 1]);
        if (it == values_.end()) return UnknownLoop(node);
        carried[k] = it->second;
        Observe(node.output(k), carried[k]);
      }
    }
  }

  // A loop that could not be run to its end: its outputs get neither a value nor a type.
  void UnknownLoop(Node& node) {
    Unknown(node);
    for (Value* out : node.outputs()) observed_.erase(out);
  }

  // The loop budget is spent: the run stops. The outermost loop running, with every value inside
  // it, and everything after it get no type from this run: a value after the loop may depend on
  // iterations not run (a list appended to inside it; found by the try-to-break-it pass: its
  // partial length was specialised, and `len` folded to a wrong number). Named in
  // SpecializeStats::loops_left.
  void SpendLoopBudget() {
    if (loop_budget_spent_) return;
    loop_budget_spent_ = true;
    Node& outer = *loops_.front();
    std::string where;
    if (auto flc = outer.sourceRange().file_line_col()) {
      where = absl::StrCat(" at ", std::get<0>(*flc), ":", std::get<1>(*flc));
    }
    stats_.loops_left.push_back(
        absl::StrCat("prim::Loop (outputs ", OutputNames(outer), ")", where,
                     " and everything after it: the loop work of shape specialisation (",
                     "SpecializeOptions::max_loop_steps) is spent"));
    LeaveUnspecialised(outer);
  }

  // `node`'s outputs, and every value of its blocks, get no type from this run.
  void LeaveUnspecialised(Node& node) {
    Unknown(node);
    for (Value* out : node.outputs()) past_loop_budget_.insert(out);
    for (Block* block : node.blocks()) {
      for (Value* v : block->inputs()) past_loop_budget_.insert(v);
      for (Node* inner : block->nodes()) LeaveUnspecialised(*inner);
    }
  }

  SpecializeStats& stats_;
  absl::flat_hash_map<Value*, c10::IValue> values_;
  absl::flat_hash_map<Value*, c10::TensorTypePtr> observed_;
  absl::flat_hash_set<Value*> data_dependent_;
  absl::flat_hash_set<Value*> past_loop_budget_;  // LeaveUnspecialised
  int64_t loop_steps_left_;                       // SpecializeOptions::max_loop_steps
  bool loop_budget_spent_ = false;                // SpendLoopBudget
  std::vector<Node*> loops_;                      // the loops running, outermost first
  bool raised_ = false;                           // a prim::RaiseException ran
  const bool writes_;  // some node of the graph may write (AnyNodeWrites)
  const bool meta_;    // values are meta tensors standing for CPU ones
  std::string meta_failure_;
  // RunWithoutMetaKernel's memo: DescribeForMemo's key -> outputs, or nullopt for a failure.
  absl::flat_hash_map<std::string, std::optional<std::vector<MemoOutput>>> without_meta_memo_;
};

}  // namespace

namespace {

std::string TypeText(const c10::TensorTypePtr& t) {
  if (!t) return "(none)";
  std::ostringstream out;
  out << *t;
  return out.str();
}

// The first value whose observed types differ, as "%v (aten::op): A vs B"; empty when they agree.
std::string Disagreement(const ObservedTypes& meta, const ObservedTypes& example) {
  auto describe = [](Value* v, const c10::TensorTypePtr& a, const c10::TensorTypePtr& b) {
    return absl::StrCat("%", v->debugName(), " (", v->node()->kind().toQualString(),
                        "): ", TypeText(a), " on meta tensors, ", TypeText(b),
                        " on the example values");
  };
  for (const auto& [v, t] : example) {
    auto it = meta.find(v);
    if (it == meta.end()) return describe(v, nullptr, t);
    if (!SameTensorLayout(*it->second, *t)) return describe(v, it->second, t);
  }
  // Values only the meta run typed are those after an op that threw on the example values
  // (an integer division by the zeros of synthesised integer inputs): no shape is wrong there.
  return "";
}

}  // namespace

c10::TypePtr SpecializedOptionalType(const c10::TypePtr& declared, const c10::IValue& example) {
  auto opt = declared->cast<c10::OptionalType>();
  if (!opt) return nullptr;
  if (example.isNone()) return c10::NoneType::get();
  if (example.type()->isSubtypeOf(*opt->getElementType())) return opt->getElementType();
  return nullptr;
}

absl::StatusOr<ExampleRun> RunOnExamples(torch::jit::Graph& graph,
                                         const std::vector<c10::IValue>& inputs,
                                         const SpecializeOptions& options) {
  if (inputs.size() != graph.inputs().size()) {
    return absl::InvalidArgumentError(absl::StrCat("the graph takes ", graph.inputs().size(),
                                                   " inputs; ", inputs.size(), " were given"));
  }
  ExampleRun result;
  SpecializeStats& stats = result.stats;
  at::NoGradGuard no_grad;
  const bool writes = AnyNodeWrites(*graph.block());
  // The values a run on example values runs on: `inputs`, or what options.make_example_values
  // makes when that run is needed.
  const std::vector<c10::IValue>* values = &inputs;
  std::vector<c10::IValue> made;
  auto make_values = [&]() -> absl::Status {
    if (!options.make_example_values || values == &made) return absl::OkStatus();
    absl::StatusOr<std::vector<c10::IValue>> v = options.make_example_values();
    if (!v.ok()) return v.status();
    if (v->size() != inputs.size()) {
      return absl::InternalError(absl::StrCat("make_example_values gave ", v->size(),
                                              " values for ", inputs.size(), " inputs"));
    }
    made = *std::move(v);
    values = &made;
    return absl::OkStatus();
  };

  // One run; the input types it gives are recorded with the values' types.
  // values_out: where the run's values go (the run whose types are kept).
  auto run =
      [&](bool meta, SpecializeStats& run_stats, std::string& meta_failure,
          absl::flat_hash_map<Value*, c10::IValue>* values_out) -> std::optional<ObservedTypes> {
    Specializer s(run_stats, writes, meta, options.max_loop_steps);
    ObservedTypes input_types;
    for (size_t i = 0; i < inputs.size(); ++i) {
      Value* in = graph.inputs()[i];
      c10::IValue value;
      if (meta) {
        std::optional<c10::IValue> m = ToMeta(inputs[i]);
        if (!m) {
          meta_failure = absl::StrCat("input ", i, " is not a dense CPU tensor");
          return std::nullopt;
        }
        value = *std::move(m);
      } else {
        value = CopyInput((*values)[i]);  // the run must not write the caller's tensors
      }
      if (value.isTensor() && value.toTensor().defined() && in->type()->cast<c10::TensorType>()) {
        input_types[in] = TensorTypeOf(value.toTensor());
      }
      s.Bind(in, std::move(value));
    }
    s.RunBlock(*graph.block());
    if (meta && !s.meta_failure().empty()) {
      meta_failure = s.meta_failure();
      return std::nullopt;
    }
    if (values_out) *values_out = s.TakeValues();
    ObservedTypes observed = std::move(s).Observed();
    for (auto& [v, t] : input_types) observed[v] = std::move(t);
    return observed;
  };

  std::optional<ObservedTypes> observed;
  if (options.meta) {
    observed = run(/*meta=*/true, stats, stats.meta_failure, &result.values);
    stats.on_meta = observed.has_value();
    if (observed && options.compare_with_example_run) {
      if (absl::Status s = make_values(); !s.ok()) return s;
      SpecializeStats example_stats;
      std::string unused;
      std::optional<ObservedTypes> example =
          run(/*meta=*/false, example_stats, unused, /*values_out=*/nullptr);
      if (std::string d = Disagreement(*observed, *example); !d.empty()) {
        return absl::InternalError(
            absl::StrCat("shape specialisation on meta tensors disagrees with the run on the "
                         "example values at ",
                         d));
      }
    }
  }
  if (!observed) {
    if (options.meta && std::getenv("GRAPH_LOWER_DEBUG")) {
      std::cerr << "specialize: on the example values, not meta tensors: " << stats.meta_failure
                << "\n";
    }
    if (absl::Status s = make_values(); !s.ok()) return s;
    std::string why = std::move(stats.meta_failure);
    stats = SpecializeStats();
    stats.meta_failure = std::move(why);
    observed = run(/*meta=*/false, stats, stats.meta_failure, &result.values);
  }
  for (auto& [v, type] : *observed) {
    if (type->isComplete()) ++stats.refined;
  }
  result.types = *std::move(observed);
  return result;
}

absl::StatusOr<SpecializeStats> SpecializeShapes(torch::jit::Graph& graph,
                                                 const std::vector<c10::IValue>& inputs,
                                                 const SpecializeOptions& options) {
  absl::StatusOr<ExampleRun> run = RunOnExamples(graph, inputs, options);
  if (!run.ok()) return run.status();
  for (auto& [v, type] : run->types) {
    if (*v->type() != *type) {
      v->setType(type);
      run->stats.changed = true;
    }
  }
  return std::move(run->stats);
}

}  // namespace graph_lower
