"""Chebyshev polynomials T, U, V and W, and their shifted forms. Sources and conventions: common.py
of this folder.
"""

# Chebyshev polynomials T, U, V, W (kind 0 to 3) of y = x, or of y = 2x - 1 when shifted, as
# chebyshev_polynomial_{t,u,v,w}_forward and shifted_chebyshev_polynomial_{t,u,v,w}_forward of
# aten/src/ATen/native/Math.h: the recurrence P_j = 2y P_(j-1) - P_(j-2) from P_1 = y, 2y, 2y - 1,
# 2y + 1, run to the largest n present, masked per element; the trigonometric form where |y| < 1 and
# n > big; the special values at y = +-1 (x = 0 and 1 when shifted), in float64.
def _cheb(x_or_scalar: Union[Tensor, number], n_or_scalar: Union[Tensor, number], kind: int,
          shifted: bool, big: float) -> Tensor:
    d, x, nn = _poly_args(x_or_scalar, n_or_scalar)
    y = x
    if shifted:
        y = torch.sub(torch.add(x, x), 1.0)
    if kind == 0:
        q = y
    elif kind == 1:
        q = torch.add(y, y)
    elif kind == 2:
        q = torch.sub(torch.add(y, y), 1.0)
    else:
        q = torch.add(torch.add(y, y), 1.0)
    res = _recurrence(y, nn, q, 0)
    ac = torch.acos(torch.clamp(y, -1.0, 1.0))
    tr = torch.logical_and(torch.gt(nn, big), torch.lt(torch.abs(y), 1.0))
    one = _c(x, 1.0)
    pm = torch.where(_even(nn), one, _c(x, -1.0))
    n1 = torch.add(nn, 1.0)
    n2 = torch.add(torch.add(nn, nn), 1.0)
    # tv: the trigonometric form; hi, lo: the values at y = 1 and y = -1.
    if kind == 0:
        tv = torch.cos(torch.mul(nn, ac))
        hi = one
        lo = pm
    elif kind == 1:
        sa = torch.sin(ac)
        tv = torch.where(torch.ne(sa, 0.0), torch.div(torch.sin(torch.mul(n1, ac)), sa),
                         torch.div(torch.mul(n1, torch.cos(torch.mul(n1, ac))), y))
        hi = n1
        lo = torch.where(_even(nn), n1, torch.neg(n1))
    elif kind == 2:
        hi = one
        lo = torch.where(_even(nn), n2, torch.neg(n2))
        tv = torch.where(torch.ne(torch.sin(torch.div(ac, 2.0)), 1.0),
                         torch.div(torch.cos(torch.mul(torch.add(nn, 0.5), ac)),
                                   torch.cos(torch.div(ac, 2.0))), lo)
    else:
        hi = n2
        lo = pm
        alt = pm
        if not shifted:
            alt = torch.where(torch.gt(y, 0.0), n2, pm)
        tv = torch.where(torch.ne(torch.cos(torch.div(ac, 2.0)), 1.0),
                         torch.div(torch.sin(torch.mul(torch.add(nn, 0.5), ac)),
                                   torch.sin(torch.div(ac, 2.0))), alt)
    res = torch.where(tr, tv, res)
    if shifted:
        res = torch.where(torch.eq(x, 0.0), lo, res)
        res = torch.where(torch.eq(x, 1.0), hi, res)
    else:
        res = torch.where(torch.eq(torch.abs(x), 1.0), torch.where(torch.gt(x, 0.0), hi, lo), res)
    return torch._to_copy(torch.where(torch.lt(nn, 0.0), _c(x, 0.0), res), dtype=d)

# T_n(x), trigonometric form for n > 6.
def chebyshev_polynomial_t(x: Union[Tensor, number], n: Union[Tensor, number]) -> Tensor:
    return _cheb(x, n, 0, False, 6.0)

# T*_n(x) = T_n(2x - 1), trigonometric form for n > 6.
def shifted_chebyshev_polynomial_t(x: Union[Tensor, number], n: Union[Tensor, number]) -> Tensor:
    return _cheb(x, n, 0, True, 6.0)

# U_n(x), trigonometric form for n > 8.
def chebyshev_polynomial_u(x: Union[Tensor, number], n: Union[Tensor, number]) -> Tensor:
    return _cheb(x, n, 1, False, 8.0)

# U*_n(x) = U_n(2x - 1), trigonometric form for n > 6.
def shifted_chebyshev_polynomial_u(x: Union[Tensor, number], n: Union[Tensor, number]) -> Tensor:
    return _cheb(x, n, 1, True, 6.0)

# V_n(x), trigonometric form for n > 8.
def chebyshev_polynomial_v(x: Union[Tensor, number], n: Union[Tensor, number]) -> Tensor:
    return _cheb(x, n, 2, False, 8.0)

# V*_n(x) = V_n(2x - 1), trigonometric form for n > 6.
def shifted_chebyshev_polynomial_v(x: Union[Tensor, number], n: Union[Tensor, number]) -> Tensor:
    return _cheb(x, n, 2, True, 6.0)

# W_n(x), trigonometric form for n > 8.
def chebyshev_polynomial_w(x: Union[Tensor, number], n: Union[Tensor, number]) -> Tensor:
    return _cheb(x, n, 3, False, 8.0)

# W*_n(x) = W_n(2x - 1), trigonometric form for n > 4.
def shifted_chebyshev_polynomial_w(x: Union[Tensor, number], n: Union[Tensor, number]) -> Tensor:
    return _cheb(x, n, 3, True, 4.0)

DECOMPOSITIONS = {
    "aten::special_chebyshev_polynomial_t": chebyshev_polynomial_t,
    "aten::special_chebyshev_polynomial_t.x_scalar": chebyshev_polynomial_t,
    "aten::special_chebyshev_polynomial_t.n_scalar": chebyshev_polynomial_t,
    "aten::special_shifted_chebyshev_polynomial_t": shifted_chebyshev_polynomial_t,
    "aten::special_shifted_chebyshev_polynomial_t.x_scalar": shifted_chebyshev_polynomial_t,
    "aten::special_shifted_chebyshev_polynomial_t.n_scalar": shifted_chebyshev_polynomial_t,
    "aten::special_chebyshev_polynomial_u": chebyshev_polynomial_u,
    "aten::special_chebyshev_polynomial_u.x_scalar": chebyshev_polynomial_u,
    "aten::special_chebyshev_polynomial_u.n_scalar": chebyshev_polynomial_u,
    "aten::special_shifted_chebyshev_polynomial_u": shifted_chebyshev_polynomial_u,
    "aten::special_shifted_chebyshev_polynomial_u.x_scalar": shifted_chebyshev_polynomial_u,
    "aten::special_shifted_chebyshev_polynomial_u.n_scalar": shifted_chebyshev_polynomial_u,
    "aten::special_chebyshev_polynomial_v": chebyshev_polynomial_v,
    "aten::special_chebyshev_polynomial_v.x_scalar": chebyshev_polynomial_v,
    "aten::special_chebyshev_polynomial_v.n_scalar": chebyshev_polynomial_v,
    "aten::special_shifted_chebyshev_polynomial_v": shifted_chebyshev_polynomial_v,
    "aten::special_shifted_chebyshev_polynomial_v.x_scalar": shifted_chebyshev_polynomial_v,
    "aten::special_shifted_chebyshev_polynomial_v.n_scalar": shifted_chebyshev_polynomial_v,
    "aten::special_chebyshev_polynomial_w": chebyshev_polynomial_w,
    "aten::special_chebyshev_polynomial_w.x_scalar": chebyshev_polynomial_w,
    "aten::special_chebyshev_polynomial_w.n_scalar": chebyshev_polynomial_w,
    "aten::special_shifted_chebyshev_polynomial_w": shifted_chebyshev_polynomial_w,
    "aten::special_shifted_chebyshev_polynomial_w.x_scalar": shifted_chebyshev_polynomial_w,
    "aten::special_shifted_chebyshev_polynomial_w.n_scalar": shifted_chebyshev_polynomial_w,
}
