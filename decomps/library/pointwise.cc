// Decompositions of pointwise ops and activations into core ATen. Formulas follow
// torch/_decomp/decompositions.py (hardswish, hardsigmoid, silu) and torch/_refs (masked_fill).
#include "decomps/library/library.h"

namespace graph_lower {

std::vector<TorchScriptDecomposition> PointwiseDecompositions() {
  return {
      // hardswish(x) = x * relu6(x + 3) / 6 (Howard et al. 2019, MobileNetV3, eq. 4).
      {"aten::hardswish", "hardswish", R"TS(
def hardswish(self: Tensor) -> Tensor:
    return self * torch.clamp(self + 3.0, 0.0, 6.0) / 6.0
)TS"},
      // hardsigmoid(x) = relu6(x + 3) / 6 (same paper).
      {"aten::hardsigmoid", "hardsigmoid", R"TS(
def hardsigmoid(self: Tensor) -> Tensor:
    return torch.clamp(self + 3.0, 0.0, 6.0) / 6.0
)TS"},
      // silu(x) = x * sigmoid(x) (Elfwing et al. 2018; torch.nn.SiLU).
      {"aten::silu", "silu", R"TS(
def silu(self: Tensor) -> Tensor:
    return self * torch.sigmoid(self)
)TS"},
      {"aten::relu6", "relu6", R"TS(
def relu6(self: Tensor) -> Tensor:
    return torch.hardtanh(self, 0.0, 6.0)
)TS"},
      {"aten::masked_fill.Scalar", "masked_fill", R"TS(
def masked_fill(self: Tensor, mask: Tensor, value: float) -> Tensor:
    return torch.where(mask, torch.full_like(self, value), self)
)TS"},
      {"aten::masked_fill.Tensor", "masked_fill", R"TS(
def masked_fill(self: Tensor, mask: Tensor, value: Tensor) -> Tensor:
    return torch.where(mask, torch._to_copy(value, dtype=self.dtype), self)
)TS"},
      // softplus(x) = log(1 + exp(beta x)) / beta, and x itself where beta x > threshold
      // (torch/_refs/nn/functional softplus).
      {"aten::softplus", "softplus", R"TS(
def softplus(self: Tensor, beta: number = 1, threshold: number = 20) -> Tensor:
    scaled = torch.mul(self, beta)
    soft = torch.div(torch.log1p(torch.exp(scaled)), beta)
    return torch.where(torch.gt(scaled, threshold), self, soft)
)TS"},
      // rsub(x, other, alpha) = other - alpha * x; Scalars stay Scalars (`number`), so type
      // promotion is the kernel's (an int tensor minus a float gives float).
      {"aten::rsub.Scalar", "rsub", R"TS(
def rsub(self: Tensor, other: number, alpha: number = 1) -> Tensor:
    return torch.add(torch.neg(torch.mul(self, alpha)), other)
)TS"},
      // floor_divide(a, b) = div(a, b, rounding_mode="floor") (torch/_refs floor_divide; the
      // kernel has rounded toward -inf since PyTorch 1.13).
      {"aten::floor_divide", "floor_divide", R"TS(
def floor_divide(self: Tensor, other: Tensor) -> Tensor:
    return torch.div(self, other, rounding_mode="floor")
)TS"},
      {"aten::floor_divide.Scalar", "floor_divide", R"TS(
def floor_divide(self: Tensor, other: number) -> Tensor:
    return torch.div(self, other, rounding_mode="floor")
)TS"},
  };
}

}  // namespace graph_lower
