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
}
