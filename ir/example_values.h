// Example values built from types: the inputs shape specialisation and CIA tracing run on.
#ifndef GRAPH_LOWER_IR_EXAMPLE_VALUES_H_
#define GRAPH_LOWER_IR_EXAMPLE_VALUES_H_

#include <ATen/ATen.h>
#include <torch/csrc/jit/ir/ir.h>

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace graph_lower {

// A tensor of `type`'s dtype, sizes and device (and strides when recorded), or nullopt when any
// of dtype, sizes, device is unknown. Floating point and complex values are uniform in [0, 1)
// (finite and positive, so log/sqrt/rsqrt stay defined); integers and bools are zero.
std::optional<at::Tensor> SynthesizeTensor(const c10::TensorType& type);

// Example arguments for `node`, one per input: a synthesised tensor for each Tensor input (its
// type must be complete), a list of synthesised tensors for a Tensor[] built by
// prim::ListConstruct, the constant itself for other constant inputs. FailedPrecondition naming
// the input otherwise. Decomposition specialisation and CIA tracing run on these.
absl::StatusOr<std::vector<c10::IValue>> ExampleArguments(const torch::jit::Node& node);

// Example inputs for a program, from the CLI's --example-inputs:
//  - a spec "1x3x224x224:float32;2x5:int64;:float32" (a shape per input, `x`-separated, empty for a
//    0-d tensor; dtype one of float32 float64 float16 bfloat16 int64 int32 int16 int8 uint8 bool,
//    default float32): seeded random tensors (torch::manual_seed(seed)): floats standard normal,
//    integers uniform in [0, 10), bools uniform; the entry `None` passes None (for an Optional
//    argument such as an attention mask), `=3`, `=0.5`, `=true` pass an int, float or bool;
//  - or the path of a file written by torch.save of a tensor, or of a list/tuple of tensors,
//    None, ints, floats and bools (read with torch::jit::pickle_load).
// Errors: InvalidArgument naming the entry or file and the problem.
absl::StatusOr<std::vector<c10::IValue>> ParseExampleInputs(const std::string& spec_or_path,
                                                            uint64_t seed = 0);

}  // namespace graph_lower

#endif  // GRAPH_LOWER_IR_EXAMPLE_VALUES_H_
