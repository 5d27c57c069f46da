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
      // lerp(a, b, w) = a + w (b - a), evaluated from the nearer end as torch/_refs lerp does:
      // (w - 1)(b - a) + b when |w| >= 0.5.
      {"aten::lerp.Scalar", "lerp", R"TS(
def lerp(self: Tensor, end: Tensor, weight: number) -> Tensor:
    w = float(weight)
    if w >= 0.5 or w <= -0.5:
        return torch.add(torch.mul(torch.sub(end, self), w - 1.0), end)
    return torch.add(torch.mul(torch.sub(end, self), w), self)
)TS"},
      {"aten::lerp.Tensor", "lerp", R"TS(
def lerp(self: Tensor, end: Tensor, weight: Tensor) -> Tensor:
    far = torch.ge(torch.abs(weight), 0.5)
    coeff = torch.where(far, torch.sub(weight, 1), weight)
    base = torch.where(far, end, self)
    return torch.add(torch.mul(coeff, torch.sub(end, self)), base)
)TS"},
      // round(x, decimals): as the CPU kernel (UnaryOpsKernel.cpp round_decimals): round half to
      // even of x * 10^d, divided back; for d < 0, of x / 10^-d, multiplied back.
      {"aten::round.decimals", "round_decimals", R"TS(
def round_decimals(self: Tensor, decimals: int) -> Tensor:
    if decimals == 0:
        return torch.round(self)
    if decimals > 0:
        p = 10.0 ** decimals
        return torch.div(torch.round(torch.mul(self, p)), p)
    p = 10.0 ** (-decimals)
    return torch.mul(torch.round(torch.div(self, p)), p)
)TS"},
      // addcmul(x, a, b, value) = x + value * a * b; addcdiv = x + value * a / b (torch/_refs).
      {"aten::addcmul", "addcmul", R"TS(
def addcmul(self: Tensor, tensor1: Tensor, tensor2: Tensor, value: number = 1) -> Tensor:
    return torch.add(self, torch.mul(torch.mul(tensor1, tensor2), value))
)TS"},
      {"aten::addcdiv", "addcdiv", R"TS(
def addcdiv(self: Tensor, tensor1: Tensor, tensor2: Tensor, value: number = 1) -> Tensor:
    return torch.add(self, torch.mul(torch.div(tensor1, tensor2), value))
)TS"},
  };
}

}  // namespace graph_lower
