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
      // exp2(x) = 2**x as pow(2.0, x) (torch/_refs exp2 is prims.exp2); a float Scalar base
      // with an integer or bool exponent tensor gives the default float dtype, as exp2's
      // INT_TO_FLOAT promotion does.
      {"aten::exp2", "exp2", R"TS(
def exp2(self: Tensor) -> Tensor:
    return torch.pow(2.0, self)
)TS"},
      // deg2rad(x) = x * pi/180 and rad2deg(x) = x * 180/pi, with the constants of
      // aten/src/ATen/native/UnaryOps.cpp (and torch/_refs); integer/bool inputs give the
      // default float dtype there, as a tensor times a float Scalar does here.
      {"aten::deg2rad", "deg2rad", R"TS(
def deg2rad(self: Tensor) -> Tensor:
    return torch.mul(self, 0.017453292519943295769236907684886127134428718885417)
)TS"},
      {"aten::rad2deg", "rad2deg", R"TS(
def rad2deg(self: Tensor) -> Tensor:
    return torch.mul(self, 57.295779513082320876798154814105170332405472466564)
)TS"},
      // frac(x) = x - trunc(x) (the CPU kernel, aten/src/ATen/native/cpu/UnaryOpsKernel.cpp).
      {"aten::frac", "frac", R"TS(
def frac(self: Tensor) -> Tensor:
    return torch.sub(self, torch.trunc(self))
)TS"},
      // signbit(x): x < 0, and for floating x also -0.0 (as 1/-0.0 = -inf < 0); no core op reads
      // the
      // sign bit of a NaN, so a negative NaN gives False here (torch/_refs signbit is a prim).
      {"aten::signbit", "signbit", R"TS(
def signbit(self: Tensor) -> Tensor:
    d = self.dtype
    if d == 5 or d == 6 or d == 7 or d == 15:
        return torch.logical_or(torch.lt(self, 0), torch.lt(torch.reciprocal(self), 0))
    return torch.lt(self, 0)
)TS"},
      // isposinf(x) = x == inf, isneginf(x) = x == -inf (torch/_refs; all False for integers).
      {"aten::isposinf", "isposinf", R"TS(
def isposinf(self: Tensor) -> Tensor:
    return torch.eq(self, float("inf"))
)TS"},
      {"aten::isneginf", "isneginf", R"TS(
def isneginf(self: Tensor) -> Tensor:
    return torch.eq(self, float("-inf"))
)TS"},
      // nan_to_num (torch/_refs nan_to_num): NaN -> nan (0), +inf -> posinf (the dtype's largest
      // finite value), -inf -> neginf (its lowest); integer and bool tensors are copied.
      {"aten::nan_to_num", "nan_to_num", R"TS(
def nan_to_num(self: Tensor, nan: Optional[float] = None, posinf: Optional[float] = None,
               neginf: Optional[float] = None) -> Tensor:
    d = self.dtype
    if not (d == 5 or d == 6 or d == 7 or d == 15):
        return torch.clone(self)
    big = 3.4028234663852886e38
    if d == 7:
        big = 1.7976931348623157e308
    elif d == 5:
        big = 65504.0
    elif d == 15:
        big = 3.3895313892515355e38
    nan_v = 0.0
    if nan is not None:
        nan_v = nan
    pos_v = big
    if posinf is not None:
        pos_v = posinf
    neg_v = -big
    if neginf is not None:
        neg_v = neginf
    result = torch.where(torch.isnan(self), torch.full_like(self, nan_v), self)
    result = torch.where(torch.eq(self, float("-inf")), torch.full_like(self, neg_v), result)
    return torch.where(torch.eq(self, float("inf")), torch.full_like(self, pos_v), result)
)TS"},
      // heaviside(x, v) = v where x == 0, else (x > 0) (the CPU kernel,
      // aten/src/ATen/native/cpu/BinaryOpsKernel.cpp; eager requires x and v of one dtype).
      {"aten::heaviside", "heaviside", R"TS(
def heaviside(self: Tensor, values: Tensor) -> Tensor:
    return torch.where(torch.eq(self, 0), values,
                       torch._to_copy(torch.gt(self, 0), dtype=self.dtype))
)TS"},
      // ldexp(a, b) = a * 2**b (aten/src/ATen/native/BinaryOps.cpp ldexp: mul(self, pow(2.0,
      // other)), so integer and bool inputs give the default float dtype). torch 2.6 decomposed it
      // through that CompositeImplicitAutograd kernel; 2.14 gives it a kernel of its own.
      {"aten::ldexp.Tensor", "ldexp", R"TS(
def ldexp(self: Tensor, other: Tensor) -> Tensor:
    return torch.mul(self, torch.pow(2.0, other))
)TS"},
      // copysign(a, b) = |a| with b's sign (torch/_refs copysign: where(signbit(b), -|a|, |a|)),
      // in the promoted dtype, integer/bool promoted to the default float dtype (INT_TO_FLOAT);
      // b's sign bit as in signbit above (-0.0 counts as negative).
      {"aten::copysign.Tensor", "copysign", R"TS(
def copysign(self: Tensor, other: Tensor) -> Tensor:
    d = torch.add(self, other).dtype
    if not (d == 5 or d == 6 or d == 7 or d == 15):
        d = 6
    mag = torch.abs(torch._to_copy(self, dtype=d))
    o = torch._to_copy(other, dtype=d)
    neg = torch.logical_or(torch.lt(o, 0), torch.lt(torch.reciprocal(o), 0))
    return torch.where(neg, torch.neg(mag), mag)
)TS"},
      {"aten::copysign.Scalar", "copysign", R"TS(
def copysign(self: Tensor, other: number) -> Tensor:
    d = torch.add(self, other).dtype
    if not (d == 5 or d == 6 or d == 7 or d == 15):
        d = 6
    mag = torch.abs(torch._to_copy(self, dtype=d))
    o = torch.scalar_tensor(other, dtype=7)
    neg = torch.logical_or(torch.lt(o, 0), torch.lt(torch.reciprocal(o), 0))
    return torch.where(neg, torch.neg(mag), mag)
)TS"},
      // fmax/fmin: maximum/minimum, except that a NaN loses to a number (C fmax/fmin, the CPU
      // kernel; torch/_refs fmax is prims.fmax).
      {"aten::fmax", "fmax", R"TS(
def fmax(self: Tensor, other: Tensor) -> Tensor:
    m = torch.maximum(self, other)
    m = torch.where(torch.isnan(other), torch._to_copy(self, dtype=m.dtype), m)
    return torch.where(torch.isnan(self), torch._to_copy(other, dtype=m.dtype), m)
)TS"},
      {"aten::fmin", "fmin", R"TS(
def fmin(self: Tensor, other: Tensor) -> Tensor:
    m = torch.minimum(self, other)
    m = torch.where(torch.isnan(other), torch._to_copy(self, dtype=m.dtype), m)
    return torch.where(torch.isnan(self), torch._to_copy(other, dtype=m.dtype), m)
)TS"},
      // hypot(a, b) = sqrt(a^2 + b^2), computed in float64 so that it neither overflows nor
      // underflows for float32/half inputs, cast back to the promoted dtype; inf wins over NaN as
      // in
      // C hypot (the kernel calls std::hypot).
      {"aten::hypot", "hypot", R"TS(
def hypot(self: Tensor, other: Tensor) -> Tensor:
    d = torch.add(self, other).dtype
    a = torch._to_copy(self, dtype=7)
    b = torch._to_copy(other, dtype=7)
    r = torch.sqrt(torch.add(torch.mul(a, a), torch.mul(b, b)))
    r = torch.where(torch.logical_or(torch.isinf(a), torch.isinf(b)),
                    torch.full_like(r, float("inf")), r)
    return torch._to_copy(r, dtype=d)
)TS"},
      // logaddexp(a, b) = max + log1p(exp(min - max)), and a itself where a == b is infinite
      // (torch/_refs logaddexp, real case); in float64, cast back to the promoted dtype (the
      // kernel computes half/bfloat16 in float, rounding once).
      {"aten::logaddexp", "logaddexp", R"TS(
def logaddexp(self: Tensor, other: Tensor) -> Tensor:
    d = torch.add(self, other).dtype
    a = torch._to_copy(self, dtype=7)
    b = torch._to_copy(other, dtype=7)
    mask = torch.ge(a, b)
    mx = torch.where(mask, a, b)
    mn = torch.where(mask, b, a)
    inf_mask = torch.logical_and(torch.isinf(a), torch.eq(a, b))
    res = torch.add(mx, torch.log1p(torch.exp(torch.sub(mn, mx))))
    return torch._to_copy(torch.where(inf_mask, a, res), dtype=d)
)TS"},
      // logaddexp2(a, b) = max + log1p(2^(min - max)) / ln 2 (torch/_refs logaddexp2), in float64
      // as logaddexp.
      {"aten::logaddexp2", "logaddexp2", R"TS(
def logaddexp2(self: Tensor, other: Tensor) -> Tensor:
    d = torch.add(self, other).dtype
    a = torch._to_copy(self, dtype=7)
    b = torch._to_copy(other, dtype=7)
    mask = torch.ge(a, b)
    mx = torch.where(mask, a, b)
    mn = torch.where(mask, b, a)
    inf_mask = torch.logical_and(torch.isinf(a), torch.eq(a, b))
    inv_log_2 = 1.4426950408889634
    res = torch.add(mx, torch.mul(torch.log1p(torch.pow(2.0, torch.sub(mn, mx))), inv_log_2))
    return torch._to_copy(torch.where(inf_mask, a, res), dtype=d)
)TS"},
      // nextafter(a, b): the next representable value after a toward b. No core op views the bits
      // as an integer, so the step is computed arithmetically (IEEE 754 binary formats): for
      // 2^e <= |a| < 2^(e+1) (e >= emin) the spacing is 2^(e-p+1), p the precision (24 for
      // float32, 53 float64, 11 half, 8 bfloat16), and 2^(e-p) just below a power of two; below
      // 2^emin the subnormal spacing 2^(emin-p+1). e = floor(log2|a|), corrected by one either
      // way; the step is added in float64, exactly. a == b gives b, NaN gives NaN, +-inf gives
      // the largest finite value, 0 gives +-the smallest subnormal (C nextafter, which the
      // kernel calls).
      {"aten::nextafter", "nextafter", R"TS(
def nextafter(self: Tensor, other: Tensor) -> Tensor:
    d = torch.add(self, other).dtype
    p = 24
    emin = -126
    big = 3.4028234663852886e38
    if d == 7:
        p = 53
        emin = -1022
        big = 1.7976931348623157e308
    elif d == 5:
        p = 11
        emin = -14
        big = 65504.0
    elif d == 15:
        p = 8
        big = 3.3895313892515355e38
    x = torch._to_copy(torch._to_copy(self, dtype=d), dtype=7)
    y = torch._to_copy(torch._to_copy(other, dtype=d), dtype=7)
    up = torch.gt(y, x)
    away = torch.logical_or(torch.logical_and(up, torch.gt(x, 0)),
                            torch.logical_and(torch.logical_not(up), torch.lt(x, 0)))
    ax = torch.abs(x)
    finite = torch.logical_not(torch.logical_or(torch.isinf(ax), torch.isnan(ax)))
    ax_safe = torch.where(torch.logical_and(torch.gt(ax, 0), finite), ax, torch.full_like(ax, 1.0))
    e = torch.floor(torch.log2(ax_safe))
    e = torch.where(torch.gt(torch.pow(2.0, e), ax_safe), torch.sub(e, 1), e)
    e = torch.where(torch.le(torch.pow(2.0, torch.add(e, 1)), ax_safe), torch.add(e, 1), e)
    e = torch.clamp(e, float(emin))
    p2e = torch.pow(2.0, e)
    step_away = torch.mul(p2e, 2.0 ** (1 - p))
    at_pow2 = torch.logical_and(torch.eq(ax_safe, p2e), torch.gt(e, float(emin)))
    step_toward = torch.where(at_pow2, torch.mul(p2e, 2.0 ** (-p)), step_away)
    step = torch.where(away, step_away, step_toward)
    r = torch.add(x, torch.where(up, step, torch.neg(step)))
    tiny = 2.0 ** (emin + 1 - p)
    r = torch.where(torch.eq(x, 0), torch.where(up, torch.full_like(r, tiny),
                                                torch.full_like(r, -tiny)), r)
    r = torch.where(torch.isinf(x), torch.mul(torch.sign(x), big), r)
    r = torch.where(torch.eq(x, y), y, r)
    r = torch.where(torch.logical_or(torch.isnan(x), torch.isnan(y)),
                    torch.full_like(r, float("nan")), r)
    return torch._to_copy(r, dtype=d)
)TS"},
  };
}

}  // namespace graph_lower
