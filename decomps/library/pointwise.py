"""Decompositions of pointwise ops and activations into core ATen. Formulas follow
torch/_decomp/decompositions.py (hardswish, hardsigmoid, silu) and torch/_refs (masked_fill).
"""


# hardswish(x) = x * relu6(x + 3) / 6 (Howard et al. 2019, MobileNetV3, eq. 4).
def hardswish(self: Tensor) -> Tensor:
    return self * torch.clamp(self + 3.0, 0.0, 6.0) / 6.0


# hardsigmoid(x) = relu6(x + 3) / 6 (same paper).
def hardsigmoid(self: Tensor) -> Tensor:
    return torch.clamp(self + 3.0, 0.0, 6.0) / 6.0


# silu(x) = x * sigmoid(x) (Elfwing et al. 2018; torch.nn.SiLU), in _opmath.
def silu(self: Tensor) -> Tensor:
    x = _opmath(self)
    return _cast_to(x * torch.sigmoid(x), self.dtype)


def relu6(self: Tensor) -> Tensor:
    return torch.hardtanh(self, 0.0, 6.0)


def masked_fill(self: Tensor, mask: Tensor, value: Union[Tensor, number]) -> Tensor:
    return torch.where(mask, _filled_like(self, value), self)


# softplus(x) = log(1 + exp(beta x)) / beta, and x itself where beta x > threshold
# (torch/_refs/nn/functional softplus).
def softplus(self: Tensor, beta: number = 1, threshold: number = 20) -> Tensor:
    scaled = torch.mul(self, beta)
    soft = torch.div(torch.log1p(torch.exp(scaled)), beta)
    return torch.where(torch.gt(scaled, threshold), self, soft)


# rsub(x, other, alpha) = other - alpha * x; Scalars stay Scalars (`number`), so type promotion is
# the kernel's (an int tensor minus a float gives float).
def rsub(self: Tensor, other: number, alpha: number = 1) -> Tensor:
    return torch.add(torch.neg(torch.mul(self, alpha)), other)


# floor_divide(a, b) = div(a, b, rounding_mode="floor") (torch/_refs floor_divide; the kernel has
# rounded toward -inf since PyTorch 1.13).
def floor_divide(self: Tensor, other: Tensor) -> Tensor:
    return torch.div(self, other, rounding_mode="floor")


def floor_divide_Scalar(self: Tensor, other: number) -> Tensor:
    return torch.div(self, other, rounding_mode="floor")


# lerp(a, b, w) = a + w (b - a), evaluated from the nearer end as torch/_refs lerp does: (w - 1)(b -
# a) + b when |w| >= 0.5; in _opmath (lerp takes one dtype).
def lerp(self: Tensor, end: Tensor, weight: number) -> Tensor:
    w = float(weight)
    a = _opmath(self)
    b = _opmath(end)
    if w >= 0.5 or w <= -0.5:
        return _cast_to(torch.add(torch.mul(torch.sub(b, a), w - 1.0), b), self.dtype)
    return _cast_to(torch.add(torch.mul(torch.sub(b, a), w), a), self.dtype)


def lerp_Tensor(self: Tensor, end: Tensor, weight: Tensor) -> Tensor:
    a = _opmath(self)
    b = _opmath(end)
    wt = _opmath(weight)
    far = torch.ge(torch.abs(wt), 0.5)
    coeff = torch.where(far, torch.sub(wt, 1), wt)
    base = torch.where(far, b, a)
    return _cast_to(torch.add(torch.mul(coeff, torch.sub(b, a)), base), self.dtype)


# round(x, decimals): as the CPU kernel (UnaryOpsKernel.cpp round_decimals): round half to even of x
# * 10^d, divided back; for d < 0, of x / 10^-d, multiplied back.
def round_decimals(self: Tensor, decimals: int) -> Tensor:
    if decimals == 0:
        return torch.round(self)
    if decimals > 0:
        p = 10.0 ** decimals
        return torch.div(torch.round(torch.mul(self, p)), p)
    p = 10.0 ** (-decimals)
    return torch.mul(torch.round(torch.div(self, p)), p)


# addcmul(x, a, b, value) = x + value * a * b; addcdiv = x + value * a / b (torch/_refs); in
# _opmath when all three are float16 or bfloat16.
def addcmul(self: Tensor, tensor1: Tensor, tensor2: Tensor, value: number = 1) -> Tensor:
    if _all_low(self, tensor1, tensor2):
        r = torch.add(_opmath(self), torch.mul(torch.mul(_opmath(tensor1), _opmath(tensor2)),
                                               value))
        return torch._to_copy(r, dtype=self.dtype)
    return torch.add(self, torch.mul(torch.mul(tensor1, tensor2), value))


def addcdiv(self: Tensor, tensor1: Tensor, tensor2: Tensor, value: number = 1) -> Tensor:
    if _all_low(self, tensor1, tensor2):
        r = torch.add(_opmath(self), torch.mul(torch.div(_opmath(tensor1), _opmath(tensor2)),
                                               value))
        return torch._to_copy(r, dtype=self.dtype)
    return torch.add(self, torch.mul(torch.div(tensor1, tensor2), value))


# exp2(x) = 2**x as pow(2.0, x) (torch/_refs exp2 is prims.exp2); a float Scalar base with an
# integer or bool exponent tensor gives the default float dtype, as exp2's INT_TO_FLOAT promotion
# does.
def exp2(self: Tensor) -> Tensor:
    return torch.pow(2.0, self)


# deg2rad(x) = x * pi/180 and rad2deg(x) = x * 180/pi, with the constants of
# aten/src/ATen/native/UnaryOps.cpp (and torch/_refs); integer/bool inputs give the default float
# dtype there, as a tensor times a float Scalar does here.
def deg2rad(self: Tensor) -> Tensor:
    return torch.mul(self, 0.017453292519943295769236907684886127134428718885417)


def rad2deg(self: Tensor) -> Tensor:
    return torch.mul(self, 57.295779513082320876798154814105170332405472466564)


# frac(x) = x - trunc(x) (the CPU kernel, aten/src/ATen/native/cpu/UnaryOpsKernel.cpp).
def frac(self: Tensor) -> Tensor:
    return torch.sub(self, torch.trunc(self))


# signbit(x) of an integer x: x < 0. Of a floating x it stays signbit: no core ATen op reads the
# sign bit of a NaN (core ATen has no bit cast and no copysign; torch/_refs signbit is a prim), and
# x < 0 | 1/x < 0 would give False for -nan. Calling the op itself leaves the node (the worklist's
# cycle stop), so the report names it.
def signbit(self: Tensor) -> Tensor:
    d = self.dtype
    if _is_float(d):
        return torch.signbit(self)
    return torch.lt(self, 0)


# isposinf(x) = x == inf, isneginf(x) = x == -inf (torch/_refs; all False for integers).
def isposinf(self: Tensor) -> Tensor:
    return torch.eq(self, float("inf"))


def isneginf(self: Tensor) -> Tensor:
    return torch.eq(self, float("-inf"))


# nan_to_num (torch/_refs nan_to_num): NaN -> nan (0), +inf -> posinf (the dtype's largest finite
# value), -inf -> neginf (its lowest); integer and bool tensors are copied.
def nan_to_num(self: Tensor, nan: Optional[float] = None, posinf: Optional[float] = None,
               neginf: Optional[float] = None) -> Tensor:
    d = self.dtype
    if not _is_float(d):
        return torch.clone(self)
    big = 3.4028234663852886e38
    if d == torch.float64:
        big = 1.7976931348623157e308
    elif d == torch.float16:
        big = 65504.0
    elif d == torch.bfloat16:
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


# heaviside(x, v) = v where x == 0, else (x > 0) (the CPU kernel,
# aten/src/ATen/native/cpu/BinaryOpsKernel.cpp; eager requires x and v of one dtype).
def heaviside(self: Tensor, values: Tensor) -> Tensor:
    return torch.where(torch.eq(self, 0), values,
                       torch._to_copy(torch.gt(self, 0), dtype=self.dtype))


# ldexp(a, b) = a * 2**b (aten/src/ATen/native/BinaryOps.cpp ldexp: mul(self, pow(2.0, other)), so
# integer and bool inputs give the default float dtype). torch 2.6 decomposed it through that
# CompositeImplicitAutograd kernel; 2.14 gives it a kernel of its own.
def ldexp(self: Tensor, other: Tensor) -> Tensor:
    return torch.mul(self, torch.pow(2.0, other))


# copysign(a, b) = |a| with b's sign (torch/_refs copysign: where(signbit(b), -|a|, |a|)), in the
# promoted dtype, integer/bool promoted to the default float dtype (INT_TO_FLOAT); b's sign bit as
# in signbit above (-0.0 counts as negative).
def copysign(self: Tensor, other: Union[Tensor, number]) -> Tensor:
    if isinstance(other, Tensor):
        d = torch.add(self, other).dtype
    else:
        d = torch.add(self, other).dtype
    if not _is_float(d):
        d = torch.float32
    if isinstance(other, Tensor):
        o = torch._to_copy(other, dtype=d)
    else:
        o = torch.scalar_tensor(other, dtype=torch.float64)
    mag = torch.abs(torch._to_copy(self, dtype=d))
    neg = torch.logical_or(torch.lt(o, 0), torch.lt(torch.reciprocal(o), 0))
    return torch.where(neg, torch.neg(mag), mag)


# fmax/fmin: maximum/minimum, except that a NaN loses to a number (C fmax/fmin, the CPU kernel;
# torch/_refs fmax is prims.fmax).
def fmax(self: Tensor, other: Tensor) -> Tensor:
    m = torch.maximum(self, other)
    m = torch.where(torch.isnan(other), torch._to_copy(self, dtype=m.dtype), m)
    return torch.where(torch.isnan(self), torch._to_copy(other, dtype=m.dtype), m)


def fmin(self: Tensor, other: Tensor) -> Tensor:
    m = torch.minimum(self, other)
    m = torch.where(torch.isnan(other), torch._to_copy(self, dtype=m.dtype), m)
    return torch.where(torch.isnan(self), torch._to_copy(other, dtype=m.dtype), m)


# hypot(a, b) = sqrt(a^2 + b^2), computed in float64 so that it neither overflows nor underflows for
# float32/half inputs, cast back to the promoted dtype; inf wins over NaN as in C hypot (the kernel
# calls std::hypot).
def hypot(self: Tensor, other: Tensor) -> Tensor:
    d = torch.add(self, other).dtype
    a = torch._to_copy(self, dtype=torch.float64)
    b = torch._to_copy(other, dtype=torch.float64)
    r = torch.sqrt(torch.add(torch.mul(a, a), torch.mul(b, b)))
    r = torch.where(torch.logical_or(torch.isinf(a), torch.isinf(b)),
                    torch.full_like(r, float("inf")), r)
    return torch._to_copy(r, dtype=d)


# logaddexp(a, b) = max + log1p(exp(min - max)), and a itself where a == b is infinite (torch/_refs
# logaddexp, real case); in float64, cast back to the promoted dtype (the kernel computes
# half/bfloat16 in float, rounding once).
def logaddexp(self: Tensor, other: Tensor) -> Tensor:
    return _logaddexp(self, other, False)


# logaddexp2(a, b) = max + log1p(2^(min - max)) / ln 2 (torch/_refs logaddexp2), in float64 as
# logaddexp.
def logaddexp2(self: Tensor, other: Tensor) -> Tensor:
    return _logaddexp(self, other, True)


def _logaddexp(self: Tensor, other: Tensor, base2: bool) -> Tensor:
    d = torch.add(self, other).dtype
    a = torch._to_copy(self, dtype=torch.float64)
    b = torch._to_copy(other, dtype=torch.float64)
    mask = torch.ge(a, b)
    mx = torch.where(mask, a, b)
    mn = torch.where(mask, b, a)
    inf_mask = torch.logical_and(torch.isinf(a), torch.eq(a, b))
    if base2:
        inv_log_2 = 1.4426950408889634
        res = torch.add(mx, torch.mul(torch.log1p(torch.pow(2.0, torch.sub(mn, mx))), inv_log_2))
    else:
        res = torch.add(mx, torch.log1p(torch.exp(torch.sub(mn, mx))))
    return torch._to_copy(torch.where(inf_mask, a, res), dtype=d)


# nextafter(a, b): the next representable value after a toward b. No core op views the bits as an
# integer, so the step is computed arithmetically (IEEE 754 binary formats): for 2^e <= |a| <
# 2^(e+1) (e >= emin) the spacing is 2^(e-p+1), p the precision (24 for float32, 53 float64, 11
# half, 8 bfloat16), and 2^(e-p) just below a power of two; below 2^emin the subnormal spacing
# 2^(emin-p+1). e = floor(log2|a|), corrected by one either way; the step is added in float64,
# exactly. a == b gives b, NaN gives NaN, +-inf gives the largest finite value, 0 gives +-the
# smallest subnormal (C nextafter, which the kernel calls).
def nextafter(self: Tensor, other: Tensor) -> Tensor:
    d = torch.add(self, other).dtype
    p = 24
    emin = -126
    big = 3.4028234663852886e38
    if d == torch.float64:
        p = 53
        emin = -1022
        big = 1.7976931348623157e308
    elif d == torch.float16:
        p = 11
        emin = -14
        big = 65504.0
    elif d == torch.bfloat16:
        p = 8
        big = 3.3895313892515355e38
    x = torch._to_copy(torch._to_copy(self, dtype=d), dtype=torch.float64)
    y = torch._to_copy(torch._to_copy(other, dtype=d), dtype=torch.float64)
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


# Bit width of an integer dtype (the shift kernels' sizeof(T) * CHAR_BIT).
def _int_width(d: int) -> int:
    if d == torch.int8 or d == torch.uint8:
        return 8
    if d == torch.int16:
        return 16
    if d == torch.int32:
        return 32
    return 64


# The operands of a shift in their promoted integer dtype; a Scalar takes the tensor's dtype (a
# wrapped number does not promote an integer tensor).
def _shift_operands(a: Union[Tensor, number],
                    b: Union[Tensor, number]) -> Tuple[Tensor, Tensor]:
    if isinstance(a, Tensor):
        if isinstance(b, Tensor):
            d = torch.add(torch.mul(a, 0), torch.mul(b, 0)).dtype
            return torch._to_copy(a, dtype=d), torch._to_copy(b, dtype=d)
        return a, torch.scalar_tensor(b, dtype=a.dtype)
    assert isinstance(b, Tensor), "one argument must be a tensor"
    return torch.scalar_tensor(a, dtype=b.dtype), b


# x << s as ATen's lshift kernel (native/cpu/BinaryOpsKernel.cpp): x shifted as unsigned (the
# result wraps), 0 when s < 0 or s >= the bit width W. x * 2^(s // 2) * 2^(s - s // 2): neither
# factor overflows (2^(W / 2) at most) and the products wrap as the shift does.
def bitwise_left_shift(self: Union[Tensor, number], other: Union[Tensor, number]) -> Tensor:
    x, s = _shift_operands(self, other)
    w = _int_width(x.dtype)
    valid = torch.logical_and(torch.ge(s, 0), torch.lt(s, w))
    sc = torch.where(valid, s, torch.zeros_like(s))
    h = torch.div(sc, 2, rounding_mode="floor")
    r = torch.mul(torch.mul(x, torch.pow(2, h)), torch.pow(2, torch.sub(sc, h)))
    return torch.where(valid, r, torch.zeros_like(r))


# x >> s as ATen's rshift kernel (native/cpu/BinaryOpsKernel.cpp): arithmetic shift, the sign
# fill (-1 or 0) when s < 0 or s >= W. floor(x / 2^s) while 2^s fits the dtype (s <= W - 2, W - 1
# for uint8); s = W - 1 of a signed dtype is the sign fill too.
def bitwise_right_shift(self: Union[Tensor, number], other: Union[Tensor, number]) -> Tensor:
    x, s = _shift_operands(self, other)
    top = _int_width(x.dtype) - 2
    if x.dtype == torch.uint8:
        top = 7
    valid = torch.logical_and(torch.ge(s, 0), torch.le(s, top))
    sc = torch.where(valid, s, torch.zeros_like(s))
    q = torch.div(x, torch.pow(2, sc), rounding_mode="floor")
    fill = torch.neg(torch._to_copy(torch.lt(x, 0), dtype=x.dtype))
    return torch.where(valid, q, fill)


# gcd(a, b): Euclid's algorithm on |a| and |b| as ATen's calc_gcd (aten/src/ATen/native/Math.h:
# while a != 0: a, b = b % a, a), unrolled. By Lame's theorem the remainders of operands below 2^W
# reach zero within log_phi(sqrt(5) 2^W) < 1.45 W + 2 steps (95 for int64); an element done early
# stays as it is (b % 1 = 0 keeps a at zero).
def gcd(self: Tensor, other: Tensor) -> Tensor:
    a, b = _shift_operands(self, other)
    a = torch.abs(a)
    b = torch.abs(b)
    # Two steps per iteration, so that the loop unrolls (UnrollSmallConstantLoops repeats a body
    # at most 64 times).
    for _ in range(((_int_width(a.dtype) * 145 + 99) // 100 + 3) // 2):
        for _ in range(2):
            done = torch.eq(a, 0)
            a, b = torch.fmod(b, torch.add(a, done)), torch.where(done, b, a)
    return b


# lcm(a, b) = |a / gcd(a, b) * b|, 0 where the gcd is 0 (calc_lcm, aten/src/ATen/native/Math.h).
# C++ computes the product of 8- and 16-bit operands in int, then narrows it (wrapping).
def lcm(self: Tensor, other: Tensor) -> Tensor:
    a, b = _shift_operands(self, other)
    d = a.dtype
    g = gcd(a, b)
    if _int_width(d) < 32:
        a = torch._to_copy(a, dtype=torch.int32)
        b = torch._to_copy(b, dtype=torch.int32)
        g = torch._to_copy(g, dtype=torch.int32)
    zero = torch.eq(g, 0)
    q = torch.div(a, torch.add(g, zero), rounding_mode="trunc")
    r = torch.where(zero, torch.zeros_like(g), torch.abs(torch.mul(q, b)))
    return torch._to_copy(r, dtype=d)


DECOMPOSITIONS = {
    "aten::gcd": gcd,
    "aten::lcm": lcm,
    "aten::hardswish": hardswish,
    "aten::hardsigmoid": hardsigmoid,
    "aten::silu": silu,
    "aten::relu6": relu6,
    "aten::masked_fill.Scalar": masked_fill,
    "aten::masked_fill.Tensor": masked_fill,
    "aten::softplus": softplus,
    "aten::rsub.Scalar": rsub,
    "aten::floor_divide": floor_divide,
    "aten::floor_divide.Scalar": floor_divide_Scalar,
    "aten::lerp.Scalar": lerp,
    "aten::lerp.Tensor": lerp_Tensor,
    "aten::round.decimals": round_decimals,
    "aten::addcmul": addcmul,
    "aten::addcdiv": addcdiv,
    "aten::exp2": exp2,
    "aten::deg2rad": deg2rad,
    "aten::rad2deg": rad2deg,
    "aten::frac": frac,
    "aten::signbit": signbit,
    "aten::isposinf": isposinf,
    "aten::isneginf": isneginf,
    "aten::nan_to_num": nan_to_num,
    "aten::heaviside": heaviside,
    "aten::ldexp.Tensor": ldexp,
    "aten::copysign.Tensor": copysign,
    "aten::copysign.Scalar": copysign,
    "aten::fmax": fmax,
    "aten::fmin": fmin,
    "aten::hypot": hypot,
    "aten::logaddexp": logaddexp,
    "aten::logaddexp2": logaddexp2,
    "aten::nextafter": nextafter,
    "aten::bitwise_left_shift.Tensor": bitwise_left_shift,
    "aten::bitwise_left_shift.Tensor_Scalar": bitwise_left_shift,
    "aten::bitwise_left_shift.Scalar_Tensor": bitwise_left_shift,
    "aten::bitwise_right_shift.Tensor": bitwise_right_shift,
    "aten::bitwise_right_shift.Tensor_Scalar": bitwise_right_shift,
    "aten::bitwise_right_shift.Scalar_Tensor": bitwise_right_shift,
    "aten::__lshift__.Tensor": bitwise_left_shift,
    "aten::__lshift__.Scalar": bitwise_left_shift,
    "aten::__rshift__.Tensor": bitwise_right_shift,
    "aten::__rshift__.Scalar": bitwise_right_shift,
}
