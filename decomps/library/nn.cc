// Decompositions of neural-network layers whose CompositeImplicitAutograd kernels end in non-core
// or untraceable ops: _convolution (what conv2d's kernel calls) and batch_norm (its kernel returns
// an int the tracer cannot record). Follow torch/_decomp/decompositions.py.
#include "decomps/library/library.h"

namespace graph_lower {

std::vector<TorchScriptDecomposition> NnDecompositions() {
  return {
      // _convolution's extra flags (benchmark, deterministic, cudnn_enabled, allow_tf32) only pick
      // backend algorithms; the values are those of aten::convolution.
      {"aten::_convolution", "convolution", R"TS(
def convolution(input: Tensor, weight: Tensor, bias: Optional[Tensor], stride: List[int],
                padding: List[int], dilation: List[int], transposed: bool,
                output_padding: List[int], groups: int, benchmark: bool, deterministic: bool,
                cudnn_enabled: bool, allow_tf32: bool) -> Tensor:
    return torch.convolution(input, weight, bias, stride, padding, dilation, transposed,
                             output_padding, groups)
)TS"},
      // Inference with running statistics -> _native_batch_norm_legit_no_training; training
      // -> _native_batch_norm_legit, which updates the running statistics as batch_norm does.
      {"aten::batch_norm", "batch_norm", R"TS(
def batch_norm(input: Tensor, weight: Optional[Tensor], bias: Optional[Tensor],
               running_mean: Optional[Tensor], running_var: Optional[Tensor], training: bool,
               momentum: float, eps: float, cudnn_enabled: bool) -> Tensor:
    if running_mean is None or running_var is None:
        return torch._native_batch_norm_legit(input, weight, bias, training, momentum, eps)[0]
    if training:
        return torch._native_batch_norm_legit(input, weight, bias, running_mean, running_var,
                                              training, momentum, eps)[0]
    return torch._native_batch_norm_legit_no_training(input, weight, bias, running_mean,
                                                      running_var, momentum, eps)[0]
)TS"},
      // Global pooling is a mean; other sizes are core's _adaptive_avg_pool2d. (The CIA kernel
      // restrides a channels-last result in place with as_strided_; values are the same.)
      {"aten::adaptive_avg_pool2d", "adaptive_avg_pool2d", R"TS(
def adaptive_avg_pool2d(self: Tensor, output_size: List[int]) -> Tensor:
    if output_size[0] == 1 and output_size[1] == 1:
        return torch.mean(self, [-1, -2], True)
    return torch._adaptive_avg_pool2d(self, output_size)
)TS"},
      // Inference (train=False) is the identity, as dropout's kernel; training draws the mask with
      // native_dropout, which is core ATen.
      {"aten::dropout", "dropout", R"TS(
def dropout(input: Tensor, p: float, train: bool) -> Tensor:
    if not train or p == 0.0:
        return input
    return torch.native_dropout(input, p, train)[0]
)TS"},
  };
}

}  // namespace graph_lower
