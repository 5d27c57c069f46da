// The example run's memo of ops run without a Meta kernel: which operators have none (for the life
// of the process), and the outputs of such runs by their inputs' shapes. Used by SpecializeShapes
// (specialize_shapes.h); not for use outside passes/.
#ifndef GRAPH_LOWER_PASSES_EXAMPLE_RUN_MEMO_H_
#define GRAPH_LOWER_PASSES_EXAMPLE_RUN_MEMO_H_

#include <ATen/ATen.h>
#include <torch/csrc/jit/runtime/operator.h>

#include <optional>
#include <string>
#include <vector>

namespace graph_lower {

// Operators that threw on meta tensors and gave their output on zero-filled CPU tensors
// instead (no Meta kernel in libtorch's C++), for the life of the process: whether `op` is one,
// and recording that it is.
bool KnownWithoutMetaKernel(const torch::jit::Operator* op);
void RememberWithoutMetaKernel(const torch::jit::Operator* op);

// RunWithoutMetaKernel's memo (blocks of LayerNorm or attention run the same op on the same shapes
// once per block, and a run on zero-filled CPU tensors can be costly: attention's is a notable
// share of a lowering of many blocks; docs/benchmarks.md). What its result depends on: the
// operator, and of each input its dtype, sizes, strides and storage offset when it is a meta tensor
// (its values are zeros), its value otherwise. Inputs of other kinds (CPU tensors, whose values the
// op reads; objects, generators) are not described, and the node is then run every time.
bool DescribeForMemo(const c10::IValue& v, std::string& key);

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

// The memo's entry for a run's outputs, or nullopt when one is of a kind not kept.
std::optional<std::vector<MemoOutput>> MemoOutputsOf(const torch::jit::Stack& stack);

// A stack of fresh meta tensors and values from a memo entry (MemoOutputsOf).
torch::jit::Stack StackOf(const std::vector<MemoOutput>& outs);

}  // namespace graph_lower

#endif  // GRAPH_LOWER_PASSES_EXAMPLE_RUN_MEMO_H_
