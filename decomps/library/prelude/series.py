"""Series evaluation on tensors, as the Cephes Math Library (Steven Moshier, 3-clause BSD) and
PyTorch's aten/src/ATen/native/Math.h evaluate them. Coefficient lists are constants, so the
loops unroll when a decomposition is compiled (decomps/torchscript_source.cc).
"""


# Horner's rule, coefficients from the highest power down: c[0] x^n + ... + c[n] (Cephes polevl).
def _polevl(x: Tensor, coeffs: List[float]) -> Tensor:
    p = torch.full_like(x, coeffs[0])
    for c in coeffs[1:]:
        p = torch.add(torch.mul(p, x), c)
    return p


# Clenshaw's recurrence for the Chebyshev series sum'_k c[n-k] T_k(x / 2), coefficients from the
# highest order down; the first term is halved (Cephes chbevl). With f32, in float32 arithmetic: x
# and every step rounded to float32, as the CPU kernel evaluates a float32 input (the tensors stay
# float64 and hold float32 values).
def _chbevl(x: Tensor, coeffs: List[float], f32: bool) -> Tensor:
    if f32:
        x = _r32(x)
    b0 = torch.full_like(x, coeffs[0])
    b1 = torch.full_like(x, 0.0)
    b2 = b1
    for c in coeffs[1:]:
        b2 = b1
        b1 = b0
        if f32:
            b0 = _r32(torch.add(_r32(torch.sub(torch.mul(x, b1), b2)), c))
        else:
            b0 = torch.add(torch.sub(torch.mul(x, b1), b2), c)
    r = torch.mul(torch.sub(b0, b2), 0.5)
    if f32:
        r = _r32(r)
    return r
