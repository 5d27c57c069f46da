// Running ops on meta tensors (shapes only) in place of CPU ones: output-size rules for ops
// without a usable Meta kernel, and which ops and values a meta run can stand for. Used by
// SpecializeShapes (specialize_shapes.h); not for use outside passes/.
#ifndef GRAPH_LOWER_PASSES_META_SHAPE_RULES_H_
#define GRAPH_LOWER_PASSES_META_SHAPE_RULES_H_

#include <ATen/ATen.h>
#include <torch/csrc/jit/ir/ir.h>
#include <torch/csrc/jit/runtime/operator.h>

#include <optional>
#include <vector>

namespace graph_lower {

// Zeros of a meta tensor's sizes, strides and dtype, on the CPU.
at::Tensor CpuZerosLike(const at::Tensor& t);

// The output of aten::convolution / _convolution / conv1d / conv2d / conv3d (int padding) on
// meta tensors, from the output-size rule of torch.nn.Conv2d's documentation (the one
// aten/src/ATen/native/ConvUtils.h conv_output_size / conv_input_size implement), for batched,
// contiguous floating-point operands with a contiguous result (what the CPU kernels return for
// contiguous operands); nullopt otherwise.
std::optional<torch::jit::Stack> ConvolutionOnMeta(const torch::jit::Node& node,
                                                   const std::vector<c10::IValue>& in);

// The outputs of aten::_native_multi_head_attention (nn.MultiheadAttention's fast path, a CPU
// kernel without a Meta one) on meta tensors with need_weights false, as native_multi_head_
// attention_cpu (aten/src/ATen/native/transformers/attention.cpp) makes them for dense 3-D
// query, key and value of one shape [B, T, D], no mask, and operands of one floating dtype: the
// projection, contiguous [B, T, proj_weight.size(0)] of the query's dtype, and an undefined
// attention-weights tensor. nullopt for any other case (nested or empty inputs, weights asked
// for, a mask (the kernel's checks depend on mask_type), arguments its checks reject), which
// then runs on zeros. Running it on zeros put the whole model's projections through a real
// GEMM, which dominated a lowering of ViT-B/16 (docs/benchmarks.md).
std::optional<torch::jit::Stack> MultiHeadAttentionOnMeta(const torch::jit::Node& node,
                                                          const std::vector<c10::IValue>& in);

// The output of aten::_transformer_encoder_layer_fwd (nn.TransformerEncoderLayer's fast path, a
// CPU kernel without a Meta one) on meta tensors, as transformer_encoder_layer_forward
// (aten/src/ATen/native/transformers/transformer.cpp) makes it for a dense 3-D src [B, T, D]
// with elements and no mask, D = embed_dim, parameters of the layer's shapes (qkv [3D, D] and
// [3D], out projection [D, D] and [D], norms [D], feed-forward [F, D], [F], [D, F], [D]) and all
// of src's floating dtype: [B, T, D] contiguous, of src's dtype (the attention's fresh output,
// added to in place, then layer norm and the feed-forward block). nullopt otherwise (masks,
// nested or empty inputs, other shapes), which then runs on zeros. Running it on zeros, twice
// per lowering, was a large share of a lowering of an nn.TransformerEncoder (docs/benchmarks.md).
std::optional<torch::jit::Stack> TransformerEncoderLayerOnMeta(const torch::jit::Node& node,
                                                               const std::vector<c10::IValue>& in);

// The outputs of the batch norm ops above on meta tensors. _native_batch_norm_legit_no_training
// saves no statistics in eval mode: its saved mean and inverse std are [0] tensors of the running
// statistics' dtype on the CPU ([C] from its Python meta function).
std::optional<torch::jit::Stack> BatchNormOnMeta(const torch::jit::Node& node,
                                                 const std::vector<c10::IValue>& in);

// aten::relu and aten::hardswish (no Meta kernels in libtorch's C++) of a floating-point meta
// tensor: the output of aten::clamp_min(x, 0) on meta. relu's CPU kernel is that call
// (aten/src/ATen/native/Activation.cpp), and hardswish's builds the same unary TensorIterator,
// so sizes, strides and dtype are the same; checked against the CPU kernels in 120 cases
// (contiguous, channels-last, permuted, sliced, expanded, size-1 and empty, four dtypes). Running
// them on zeros was a large share of a lowering of ResNet-18 (docs/benchmarks.md).
std::optional<torch::jit::Stack> ActivationOnMeta(const torch::jit::Node& node,
                                                  const std::vector<c10::IValue>& in);

// aten::scaled_dot_product_attention on meta tensors, as its CPU kernel makes it
// (aten/src/ATen/native/transformers/attention.cpp): by the backend aten::_fused_sdp_choice picks
// for CPU operands of the same sizes, strides and dtypes (its CPU kernel reads their metadata,
// the dropout probability, causality and grad mode, no values). Flash attention: empty_like(query)
// (the layout of torch/_meta_registrations.py's _scaled_dot_product_flash_attention_for_cpu);
// math: contiguous [batch..., L, Ev], the query's batch dimensions broadcast with the mask's, of
// the query's dtype. Both checked against the CPU kernel in 768 cases (4 dtypes, 2-D to 5-D,
// transposed operands, float, bool and broadcast masks, causal, dropout, GQA) in torch 2.6 and
// 2.14. nullopt for other backends or arguments (batch dimensions that differ between query, key
// and value). The meta kernel takes the math path, and its _safe_softmax has no Meta kernel in
// C++; running the op on zeros computed a real attention per shape, most of a lowering of
// ViT-B/16 (docs/benchmarks.md).
std::optional<torch::jit::Stack> AttentionOnMeta(const torch::jit::Node& node,
                                                 const std::vector<c10::IValue>& in);

// A meta tensor of these sizes, strides and dtype; a number made a tensor (prim::NumToTensor,
// `wrapped_number`) takes part in type promotion as a number, so the flag is kept.
at::Tensor MetaTensor(at::IntArrayRef sizes, at::IntArrayRef strides, at::ScalarType dtype,
                      bool wrapped_number);

// A tensor value on the meta device with the same sizes, strides and dtype, or nullopt when it
// cannot stand for the value (not a dense CPU tensor). Containers are converted element-wise; one
// none of whose elements changes (a list of ints, of meta tensors) is returned itself, so that
// what aliases it still does.
std::optional<c10::IValue> ToMeta(const c10::IValue& v);

// Whether `v` holds a defined tensor (lists, tuples and dicts included).
bool HoldsTensor(const c10::IValue& v);

// Whether no value of `type` can hold a tensor: numbers, strings, devices, None, and lists,
// tuples and optionals of them (not Any, classes or dicts, which may).
bool CannotHoldTensor(const c10::TypePtr& type);

// Whether a value of `type` is, or contains, a tensor.
bool TypeHoldsTensor(const c10::TypePtr& type);

// Ops that read a tensor's metadata only (sizes, strides, dtype, layout), never its values or
// device: on a meta tensor they answer what they answer on the CPU tensor it stands for.
bool ReadsMetadataOnly(c10::Symbol kind);

// Ops whose Meta kernels give other strides or sizes than their CPU kernels (the test suite run
// with GRAPH_LOWER_CHECK_INVARIANTS, which compares the two runs, shows them): FFTs and
// linear algebra (column-major CPU results), embedding_bag (its offset2bag output), batch norm
// (the saved statistics of _native_batch_norm_legit_no_training: [C] on meta, [0] on the CPU;
// aten::batch_norm is not listed: it returns no statistics, and it has no Meta kernel in
// libtorch's C++ (torch/_meta_registrations.py has one for Python only), so its meta run throws
// and BatchNormOnMeta gives its output),
// scaled_dot_product_attention (its kernel picks a backend by device: the CPU's fused kernel
// returns another layout than the math path meta tensors take).
// A meta run runs them on zero-filled CPU tensors (RunWithoutMetaKernel).
bool MetaKernelDisagrees(c10::Symbol kind);

// Whether any tensor among `in` (lists included) is not contiguous (channels_last, transposed,
// expanded). Meta kernels lay out results for such inputs otherwise than CPU kernels do in many
// cases (pixel_shuffle, pixel_unshuffle, channel_shuffle, reflection and replication padding,
// group_norm, roll, rrelu, fft2); a meta run runs every op but views on them on zero-filled CPU
// tensors.
bool AnyNonContiguousTensor(const std::vector<c10::IValue>& in);

// Matrix products, whose Meta and CPU kernels lay out their outputs alike whatever the inputs'
// strides: mm, addmm, bmm, baddbmm, mv and addmv are structured kernels (one meta function,
// aten/src/ATen/native/LinearAlgebra.cpp, allocates the output for every backend: contiguous),
// and matmul and linear are CompositeImplicitAutograd over them, branching on sizes and strides
// alone. A transposed weight (linear's decomposition, addmm(b, x, w.t())) made every linear run
// on zero-filled CPU tensors: a real GEMM, which dominated a lowering of ViT-B/16
// (docs/benchmarks.md).
bool MetaLayoutAgreesOnStrided(c10::Symbol kind);

// Whether the node's op returns a view of an input (an output aliasing an input without writing:
// `Tensor(a) self -> Tensor(a)`). Views compute their strides in code shared by every backend.
bool IsView(const torch::jit::Node& node);

// Whether the node has an output holding tensors that is not declared an alias of an input: ops
// such as aten::append or aten::__getitem__ make no tensor (and their list inputs may be long:
// AnyNonContiguousTensor on every append would be quadratic in a loop's list, prohibitive for a
// long loop of appends; docs/benchmarks.md).
bool MakesTensors(const torch::jit::Node& node);

// Ops that ask for a tensor's device: a meta run answers them for the CPU.
bool AsksDevice(c10::Symbol kind);

}  // namespace graph_lower

#endif  // GRAPH_LOWER_PASSES_META_SHAPE_RULES_H_
