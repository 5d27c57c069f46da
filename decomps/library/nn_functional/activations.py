"""Activations and other nn.functional ops. Sources and conventions: common.py of this folder.
"""


# ---------------------------------------------------------------- activations x > 0 ? scale * x :
# scale * alpha * (exp(input_scale * x) - 1), following torch/_refs/nn/functional/__init__.py elu
# and ATen's elu kernel (Activation.cpp).
def elu(self: Tensor, alpha: number = 1, scale: number = 1, input_scale: number = 1) -> Tensor:
    neg = torch.mul(torch.expm1(torch.mul(self, input_scale)), torch.mul(alpha, scale))
    return torch.where(torch.gt(self, 0), torch.mul(self, scale), neg)


# celu(x, a) = elu(x, a, 1, 1/a), as ATen's celu (Activation.cpp) computes it.
def celu(self: Tensor, alpha: number = 1.0) -> Tensor:
    inv = 1.0 / float(alpha)
    neg = torch.mul(torch.expm1(torch.mul(self, inv)), alpha)
    return torch.where(torch.gt(self, 0), self, neg)


# x * tanh(softplus(x)) = x * tanh(log1p(exp(x))), as ATen's mish kernel (Activation.cpp) and
# torch/_refs/nn/functional/__init__.py mish.
def mish(self: Tensor) -> Tensor:
    return torch.mul(self, torch.tanh(torch.log1p(torch.exp(self))))


# (x >= -l && x <= l) ? 0 : x, following torch/_refs/nn/functional/__init__.py hardshrink.
def hardshrink(self: Tensor, lambd: number = 0.5) -> Tensor:
    inside = torch.logical_and(torch.ge(self, torch.neg(lambd)), torch.le(self, lambd))
    return torch.where(inside, torch.zeros_like(self), self)


# x > l ? x - l : (x < -l ? x + l : 0), following torch/_refs/nn/functional/__init__.py softshrink
# (NaN passes through, as in the ATen kernel).
def softshrink(self: Tensor, lambd: number = 0.5) -> Tensor:
    zero = torch.zeros_like(self)
    r = torch.where(torch.gt(self, lambd), torch.sub(self, lambd), zero)
    r = torch.where(torch.lt(self, torch.neg(lambd)), torch.add(self, lambd), r)
    return torch.where(torch.isnan(self), self, r)


# x <= threshold ? value : x, following torch/_refs/nn/functional/__init__.py threshold.
def threshold(self: Tensor, threshold: number, value: number) -> Tensor:
    return torch.where(torch.le(self, threshold), torch.full_like(self, value), self)


# a * sigmoid(b) for the two halves of dim, following torch/_refs/nn/functional glu.
def glu(self: Tensor, dim: int = -1) -> Tensor:
    h = self.size(dim) // 2
    a = torch.slice(self, dim, 0, h)
    b = torch.slice(self, dim, h, 2 * h)
    return torch.mul(a, torch.sigmoid(b))


# where(x > 0, x, w * x), following torch/_decomp/decompositions.py _prelu_kernel.
def _prelu_kernel(self: Tensor, weight: Tensor) -> Tensor:
    return torch.where(torch.gt(self, 0), self, torch.mul(weight, self))


# Eval: leaky_relu with slope (lower + upper) / 2; training: x * U(lower, upper) where x <= 0
# (ATen's rrelu_with_noise, Activation.cpp / RreluWithNoise.cpp; the noise tensor the kernel also
# writes is not updated here).
def rrelu_with_noise(self: Tensor, noise: Tensor, lower: number = 0.125,
                     upper: number = 0.3333333333333333, training: bool = False,
                     generator: Optional[Generator] = None) -> Tensor:
    if not training:
        return torch.leaky_relu(self, (float(lower) + float(upper)) / 2.0)
    r = torch.add(torch.mul(torch.rand_like(self), float(upper) - float(lower)), float(lower))
    return torch.where(torch.le(self, 0), torch.mul(self, r), self)


# g * (mask * scale), following torch/_decomp/decompositions.py native_dropout_backward.
def native_dropout_backward(grad_output: Tensor, mask: Tensor, scale: float) -> Tensor:
    m = torch._to_copy(mask, dtype=grad_output.dtype)
    return torch.mul(grad_output, torch.mul(m, scale))


# Unsqueezes each input at its expand dims (ascending, as ATen's _trilinear in Linear.cpp),
# multiplies the three and sums over sumdim.
def _trilinear(i1: Tensor, i2: Tensor, i3: Tensor, expand1: List[int], expand2: List[int],
               expand3: List[int], sumdim: List[int], unroll_dim: int = 1) -> Tensor:
    total = i1.dim() + len(expand1)
    a = i1
    b = i2
    c = i3
    for i in range(total):
        if i in expand1:
            a = torch.unsqueeze(a, i)
        if i in expand2:
            b = torch.unsqueeze(b, i)
        if i in expand3:
            c = torch.unsqueeze(c, i)
    r = torch.mul(torch.mul(a, b), c)
    if len(sumdim) > 0:
        r = torch.sum(r, sumdim)
    return r


# ---------------------------------------------------------------- backward ops of activations,
# called directly by programs: each follows its CPU kernel (native/cpu/Activation.cpp,
# BinaryOpsKernel.cpp, UnaryOpsKernel.cpp) and torch/_decomp/decompositions.py's rule of the
# same name.
# x <= threshold ? 0 : g.
def threshold_backward(grad_output: Tensor, self: Tensor, threshold: number) -> Tensor:
    return torch.where(torch.le(self, threshold), torch.zeros_like(grad_output), grad_output)


# x <= 0 ? g * input_scale * (y + alpha * scale) (y the result) or g * input_scale * alpha * scale
# * exp(x * input_scale) : g * scale.
def elu_backward(grad_output: Tensor, alpha: number, scale: number, input_scale: number,
                 is_result: bool, self_or_result: Tensor) -> Tensor:
    negcoef = float(alpha) * float(scale)
    x = self_or_result
    if is_result:
        neg = torch.mul(torch.mul(grad_output, input_scale), torch.add(x, negcoef))
    else:
        neg = torch.mul(torch.mul(torch.mul(grad_output, input_scale), negcoef),
                        torch.exp(torch.mul(x, input_scale)))
    return torch.where(torch.le(x, 0), neg, torch.mul(grad_output, scale))


# none: g * (Phi(x) + x * phi(x)); tanh: g * (0.5 (1 + t) + 0.5 x (1 - t^2) * b (1 + 3 k x^2)),
# t = tanh(b (x + k x^3)), b = sqrt(2 / pi), k = 0.044715 (GeluKernel in Activation.cpp).
def gelu_backward(grad_output: Tensor, self: Tensor, approximate: str = "none") -> Tensor:
    x = self
    if approximate == "tanh":
        b = 0.7978845608028654
        k = 0.044715
        x2 = torch.mul(x, x)
        t = torch.tanh(torch.mul(torch.add(x, torch.mul(torch.mul(x2, x), k)), b))
        left_d = torch.mul(torch.add(t, 1.0), 0.5)
        tanh_d = torch.rsub(torch.mul(t, t), 1.0)
        inner_d = torch.mul(torch.add(torch.mul(x2, 3.0 * k), 1.0), b)
        right_d = torch.mul(torch.mul(torch.mul(x, 0.5), tanh_d), inner_d)
        return torch.mul(grad_output, torch.add(left_d, right_d))
    cdf = torch.mul(torch.add(torch.erf(torch.mul(x, 0.7071067811865476)), 1.0), 0.5)
    pdf = torch.mul(torch.exp(torch.mul(torch.mul(x, x), -0.5)), 0.3989422804014327)
    return torch.mul(grad_output, torch.add(cdf, torch.mul(x, pdf)))


# glu(a, b) = a * sigmoid(b): d/da = g * sigmoid(b), d/db = g * a * sigmoid(b) (1 - sigmoid(b)),
# concatenated along dim.
def glu_backward(grad_output: Tensor, self: Tensor, dim: int) -> Tensor:
    h = self.size(dim) // 2
    a = torch.slice(self, dim, 0, h)
    sb = torch.sigmoid(torch.slice(self, dim, h, 2 * h))
    ga = torch.mul(sb, grad_output)
    gb = torch.mul(torch.mul(torch.mul(torch.rsub(sb, 1.0), sb), a), grad_output)
    return torch.cat([ga, gb], dim)


# -3 < x < 3 ? g * (1 / 6) : 0 (a product, as the kernel: g / 6 can differ in the last bit).
def hardsigmoid_backward(grad_output: Tensor, self: Tensor) -> Tensor:
    inside = torch.logical_and(torch.gt(self, -3.0), torch.lt(self, 3.0))
    return torch.where(inside, torch.mul(grad_output, 1.0 / 6.0), torch.zeros_like(grad_output))


# x < -3 ? 0 : (x <= 3 ? g * (x / 3 + 0.5) : g).
def hardswish_backward(grad_output: Tensor, self: Tensor) -> Tensor:
    mid = torch.mul(grad_output, torch.add(torch.div(self, 3.0), 0.5))
    r = torch.where(torch.le(self, 3.0), mid, grad_output)
    return torch.where(torch.lt(self, -3.0), torch.zeros_like(r), r)


# x <= min or x >= max ? 0 : g.
def hardtanh_backward(grad_output: Tensor, self: Tensor, min_val: number,
                      max_val: number) -> Tensor:
    out = torch.logical_or(torch.le(self, min_val), torch.ge(self, max_val))
    return torch.where(out, torch.zeros_like(grad_output), grad_output)


# x > 0 ? g : g * negative_slope.
def leaky_relu_backward(grad_output: Tensor, self: Tensor, negative_slope: number,
                        self_is_result: bool) -> Tensor:
    return torch.where(torch.gt(self, 0), grad_output, torch.mul(grad_output, negative_slope))


# g * (max_deriv - sign * b / (1 + b)) with (max_deriv, sign) = (1, 1) for x < 0 else (0, -1), b
# the forward's buffer exp(-|x|) (the CPU kernel reads it; the decomposition recomputes it).
def log_sigmoid_backward(grad_output: Tensor, self: Tensor, buffer: Tensor) -> Tensor:
    neg = torch.lt(self, 0)
    q = torch.div(buffer, torch.add(buffer, 1.0))
    d = torch.where(neg, torch.rsub(q, 1.0), q)
    return torch.mul(d, grad_output)


# g / (x (1 - x)) inside [eps, 1 - eps], 0 outside; without eps (or eps < 0) inside [0, 1] and NaN
# outside.
def logit_backward(grad_output: Tensor, self: Tensor, eps: Optional[float] = None) -> Tensor:
    lo = 0.0
    fill = float("nan")
    if eps is not None and eps >= 0.0:
        lo = eps
        fill = 0.0
    r = torch.div(grad_output, torch.mul(self, torch.rsub(self, 1.0)))
    out = torch.logical_or(torch.lt(self, lo), torch.gt(self, 1.0 - lo))
    return torch.where(out, torch.full_like(r, fill), r)


# g * (1 - y) * y, y = sigmoid(x).
def sigmoid_backward(grad_output: Tensor, output: Tensor) -> Tensor:
    return torch.mul(torch.mul(grad_output, torch.rsub(output, 1.0)), output)


# g * (1 - y^2), y = tanh(x).
def tanh_backward(grad_output: Tensor, output: Tensor) -> Tensor:
    return torch.mul(grad_output, torch.rsub(torch.mul(output, output), 1.0))


# beta x > threshold ? g : g * z / (z + 1), z = exp(beta x).
def softplus_backward(grad_output: Tensor, self: Tensor, beta: number,
                      threshold: number) -> Tensor:
    bx = torch.mul(self, beta)
    z = torch.exp(bx)
    soft = torch.div(torch.mul(grad_output, z), torch.add(z, 1.0))
    return torch.where(torch.gt(bx, threshold), grad_output, soft)


# Training: noise * g; otherwise leaky_relu_backward with slope (lower + upper) / 2 (ATen's
# rrelu_with_noise_backward, Activation.cpp; torch/_decomp's also asks upper - lower > 1e-6, which
# the kernel does not: lower == upper in training still multiplies by the noise).
def rrelu_with_noise_backward(grad_output: Tensor, self: Tensor, noise: Tensor, lower: number,
                              upper: number, training: bool, self_is_result: bool) -> Tensor:
    lo = float(lower)
    hi = float(upper)
    if training:
        return torch.mul(noise, grad_output)
    return leaky_relu_backward(grad_output, self, (lo + hi) / 2.0, self_is_result)


DECOMPOSITIONS = {
    "aten::elu": elu,
    "aten::celu": celu,
    "aten::mish": mish,
    "aten::hardshrink": hardshrink,
    "aten::softshrink": softshrink,
    "aten::threshold": threshold,
    "aten::glu": glu,
    "aten::_prelu_kernel": _prelu_kernel,
    "aten::rrelu_with_noise": rrelu_with_noise,
    "aten::native_dropout_backward": native_dropout_backward,
    "aten::_trilinear": _trilinear,
    "aten::threshold_backward": threshold_backward,
    "aten::elu_backward": elu_backward,
    "aten::gelu_backward": gelu_backward,
    "aten::glu_backward": glu_backward,
    "aten::hardsigmoid_backward": hardsigmoid_backward,
    "aten::hardswish_backward": hardswish_backward,
    "aten::hardtanh_backward": hardtanh_backward,
    "aten::leaky_relu_backward": leaky_relu_backward,
    "aten::log_sigmoid_backward": log_sigmoid_backward,
    "aten::logit_backward": logit_backward,
    "aten::sigmoid_backward": sigmoid_backward,
    "aten::tanh_backward": tanh_backward,
    "aten::softplus_backward": softplus_backward,
    "aten::rrelu_with_noise_backward": rrelu_with_noise_backward,
}
