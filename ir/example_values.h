// Example values built from types: the inputs shape specialisation and CIA tracing run on.
#ifndef GRAPH_LOWER_IR_EXAMPLE_VALUES_H_
#define GRAPH_LOWER_IR_EXAMPLE_VALUES_H_

#include <ATen/ATen.h>
#include <torch/csrc/jit/ir/ir.h>

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"

namespace graph_lower {

// A tensor of `type`'s dtype, sizes and device (and strides when recorded), or nullopt when any
// of dtype, sizes, device is unknown. Floating point and complex values are uniform in [0, 1)
// (finite and positive, so log/sqrt/rsqrt stay defined); integers and bools are zero.
// on_meta: a tensor on the meta device (sizes, strides and dtype, no values, nothing allocated)
// standing for a CPU tensor; nullopt when `type`'s device is not the CPU.
std::optional<at::Tensor> SynthesizeTensor(const c10::TensorType& type, bool on_meta = false);

// Elements of storage a tensor's sizes and strides span (1 + the largest offset), or nullopt when
// it has no elements.
std::optional<int64_t> StorageExtent(const at::Tensor& t);

// A copy of `t` with its sizes and strides, for a run that must not write the caller's tensor:
// clone() lays out a tensor that overlaps itself or has gaps (expanded: stride 0; sliced)
// contiguously, and a program specialised to an input's strides (reshape: view or copy) expects
// them. Such a tensor gets a copy of the storage its strides span, at offset 0. An undefined
// tensor is returned as it is; dense and non-strided ones are cloned.
at::Tensor CopyKeepingLayout(const at::Tensor& t);

// A copy of a program input for a run that may write it: tensors by CopyKeepingLayout, lists,
// tuples and dicts element by element (a program may append to a list input, or write a tensor
// it holds), so that each run starts from the caller's values. Anything else (numbers, strings,
// the module object) is shared.
c10::IValue CopyInputValue(const c10::IValue& v);

// The complete type of an example tensor (TensorType::create); a meta tensor stands for a CPU
// one (SynthesizeTensor's on_meta, shape specialisation's meta run), so its type says cpu.
c10::TensorTypePtr TensorTypeOf(const at::Tensor& t);

// Whether `a` and `b` are the same tensor type, except for strides no layout depends on: those of
// dimensions of size one, and all of a tensor without elements (kernels differ there: a meta
// kernel may give [18, 1, 1] where the CPU one gives [18, 6, 6]). Types that differ otherwise
// need complete sizes and strides to be judged the same.
bool SameTensorLayout(const c10::TensorType& a, const c10::TensorType& b);

// Whether strides `a` and `b` of a tensor of `sizes` lay it out the same: strides of dimensions of
// size one, and all of a tensor without elements, are ignored. False when either has another rank.
bool SameStrides(absl::Span<const int64_t> sizes, absl::Span<const int64_t> a,
                 absl::Span<const int64_t> b);

// Whether running `node` on `args` with libtorch's CPU kernels is known to kill the process:
// scaled_dot_product_attention with an empty tensor (its CPU flash attention divides by zero,
// SIGFPE), and any op given a dtype argument that names no ScalarType (an int outside
// [0, NumOptions) or Undefined: softmax with dtype -1 segfaults). Shape specialisation and CIA
// tracing do not run such a node.
bool IsScalarTypeArgument(const c10::Argument& arg);
bool IsBadScalarType(const c10::IValue& v);
bool CrashesLibtorch(const torch::jit::Node& node, const std::vector<c10::IValue>& args);
// Whether `node` is given a constant dtype argument that names no ScalarType (IsBadScalarType).
bool GivenBadDtypeConstant(const torch::jit::Node& node);

// The most memory ExampleArguments allocates for one node's example tensors: 256 MiB, ten times
// the largest activation of the torchvision set at batch 8 (ResNet-50's 8x256x56x56 floats,
// 25 MiB). CIA kernels are traced, and decompositions specialised, on meta tensors first
// (on_meta, which allocate nothing); a node with larger inputs is decomposed unspecialised only
// when a run on these tensors is needed (SpecializeOptions::make_example_values).
constexpr int64_t kMaxExampleArgumentBytes = int64_t{256} << 20;

// Example arguments for `node`, one per input: a synthesised tensor for each Tensor input (its
// type must be complete), a list of synthesised tensors for a Tensor[] built by
// prim::ListConstruct, the constant itself for other constant inputs. FailedPrecondition naming
// the input otherwise, and when the tensors (not on_meta) would take more than
// kMaxExampleArgumentBytes. Decomposition specialisation and CIA tracing run on these. on_meta: the
// tensors are meta tensors (SynthesizeTensor), and every tensor input must be on the CPU.
absl::StatusOr<std::vector<c10::IValue>> ExampleArguments(const torch::jit::Node& node,
                                                          bool on_meta = false);

// The most memory the random tensors of one --example-inputs spec may take: 2 GiB, 400 times
// ResNet-50's batch-8 input (8x3x224x224 float32, 4.6 MiB). The tensors are allocated and filled,
// so a spec such as 100000x100000:float32 (40 GB) would otherwise exhaust the machine's memory
// (the CLI would be OOM-killed); larger inputs can be given as a torch.save file.
constexpr int64_t kMaxSpecInputBytes = int64_t{2} << 30;

// Example inputs for a program, from the CLI's --example-inputs:
//  - a spec "1x3x224x224:float32;2x5:int64;:float32" (a shape per input, `x`-separated, empty for a
//    0-d tensor; dtype one of float32 float64 float16 bfloat16 int64 int32 int16 int8 uint8 bool,
//    default float32): seeded random tensors (torch::manual_seed(seed)): floats standard normal,
//    integers uniform in [0, 10), bools uniform; the entry `None` passes None (for an Optional
//    argument such as an attention mask), `=3`, `=0.5`, `=true` pass an int, float or bool;
//    The spec's tensors may take kMaxSpecInputBytes in all;
//  - or the path of a file written by torch.save of a tensor, or of a list/tuple of tensors,
//    None, ints, floats and bools (read with torch::jit::pickle_load).
// Errors: InvalidArgument naming the entry or file and the problem (an integer out of int64's
// range, tensors past kMaxSpecInputBytes, ...).
absl::StatusOr<std::vector<c10::IValue>> ParseExampleInputs(const std::string& spec_or_path,
                                                            uint64_t seed = 0);

}  // namespace graph_lower

#endif  // GRAPH_LOWER_IR_EXAMPLE_VALUES_H_
