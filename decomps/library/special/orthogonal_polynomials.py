"""Hermite (H and He), Laguerre and Legendre polynomials. Sources and conventions: common.py of
this folder.
"""


def _hermite_polynomial_h_poly(x: Tensor, nn: Tensor) -> Tensor:
    y = x
    nmax = _nmax(torch.where(torch.isnan(nn), _c(nn, 0.0), torch.clamp(nn, -1.0, 1.0e6)))
    p = _c(x, 1.0)
    q = torch.add(y, y)
    for jj in range(2, nmax + 1):
        j = float(jj)
        r = torch.sub(torch.mul(torch.add(y, y), q), torch.mul(p, 2.0 * (j - 1.0)))
        m = torch.ge(nn, j)
        p = torch.where(m, q, p)
        q = torch.where(m, r, q)
    res = q
    res = torch.where(torch.eq(nn, 0.0), _c(x, 1.0), res)
    return torch.where(torch.lt(nn, 0.0), _c(x, 0.0), res)


# Physicists' Hermite polynomial H_n(x): H_j = 2x H_(j-1) - 2(j-1) H_(j-2)
# (hermite_polynomial_h_forward of aten/src/ATen/native/Math.h), run to the largest n present,
# masked per element, in float64.
def hermite_polynomial_h(x: Tensor, n: Tensor) -> Tensor:
    d = _float_result_dtype(x, n)
    bx, bn = torch.broadcast_tensors([torch._to_copy(x, dtype=torch.float64), torch.trunc(torch._to_copy(n, dtype=torch.float64))])
    return torch._to_copy(_hermite_polynomial_h_poly(bx, bn), dtype=d)


def hermite_polynomial_h_x_scalar(x: number, n: Tensor) -> Tensor:
    return hermite_polynomial_h(torch.scalar_tensor(x, dtype=_float_dtype(n)), n)


def hermite_polynomial_h_n_scalar(x: Tensor, n: number) -> Tensor:
    return hermite_polynomial_h(x, torch.scalar_tensor(n, dtype=_float_dtype(x)))


def _hermite_polynomial_he_poly(x: Tensor, nn: Tensor) -> Tensor:
    y = x
    nmax = _nmax(torch.where(torch.isnan(nn), _c(nn, 0.0), torch.clamp(nn, -1.0, 1.0e6)))
    p = _c(x, 1.0)
    q = y
    for jj in range(2, nmax + 1):
        j = float(jj)
        r = torch.sub(torch.mul(y, q), torch.mul(p, j - 1.0))
        m = torch.ge(nn, j)
        p = torch.where(m, q, p)
        q = torch.where(m, r, q)
    res = q
    res = torch.where(torch.eq(nn, 0.0), _c(x, 1.0), res)
    return torch.where(torch.lt(nn, 0.0), _c(x, 0.0), res)


def _poly32(x: Tensor, nn: Tensor) -> Tensor:
    y = x
    nmax = _nmax(torch.where(torch.isnan(nn), _c(nn, 0.0), torch.clamp(nn, -1.0, 1.0e6)))
    p = _c(x, 1.0)
    q = y
    for jj in range(2, nmax + 1):
        j = float(jj)
        r = _r32(torch.sub(torch.mul(y, q), _r32(torch.mul(p, j - 1.0))))
        m = torch.ge(nn, j)
        p = torch.where(m, q, p)
        q = torch.where(m, r, q)
    res = q
    res = torch.where(torch.eq(nn, 0.0), _c(x, 1.0), res)
    return torch.where(torch.lt(nn, 0.0), _c(x, 0.0), res)


# Probabilists' Hermite polynomial He_n(x): He_j = x He_(j-1) - (j-1) He_(j-2)
# (hermite_polynomial_he_forward of aten/src/ATen/native/Math.h), run to the largest n present,
# masked per element, in float64.
def hermite_polynomial_he(x: Tensor, n: Tensor) -> Tensor:
    d = _float_result_dtype(x, n)
    bx, bn = torch.broadcast_tensors([torch._to_copy(x, dtype=torch.float64), torch.trunc(torch._to_copy(n, dtype=torch.float64))])
    return torch._to_copy(_poly32(torch._to_copy(torch._to_copy(bx, dtype=torch.float32), dtype=torch.float64), bn) if d == torch.float32 else _hermite_polynomial_he_poly(bx, bn), dtype=d)


def hermite_polynomial_he_x_scalar(x: number, n: Tensor) -> Tensor:
    return hermite_polynomial_he(torch.scalar_tensor(x, dtype=_float_dtype(n)), n)


def hermite_polynomial_he_n_scalar(x: Tensor, n: number) -> Tensor:
    return hermite_polynomial_he(x, torch.scalar_tensor(n, dtype=_float_dtype(x)))


def _laguerre_polynomial_l_poly(x: Tensor, nn: Tensor) -> Tensor:
    y = x
    nmax = _nmax(torch.where(torch.isnan(nn), _c(nn, 0.0), torch.clamp(nn, -1.0, 1.0e6)))
    p = _c(x, 1.0)
    q = torch.add(torch.neg(y), 1.0)
    for jj in range(2, nmax + 1):
        j = float(jj)
        r = torch.div(torch.sub(torch.mul(torch.add(torch.neg(y), 2.0 * j - 1.0), q), torch.mul(p, j - 1.0)), j)
        m = torch.ge(nn, j)
        p = torch.where(m, q, p)
        q = torch.where(m, r, q)
    res = q
    res = torch.where(torch.eq(nn, 0.0), _c(x, 1.0), res)
    res = torch.where(torch.eq(x, 0.0), _c(x, 1.0), res)
    return torch.where(torch.lt(nn, 0.0), _c(x, 0.0), res)


# Laguerre polynomial L_n(x): L_j = ((2j - 1 - x) L_(j-1) - (j-1) L_(j-2)) / j, 1 at x = 0
# (laguerre_polynomial_l_forward of aten/src/ATen/native/Math.h), run to the largest n present,
# masked per element, in float64.
def laguerre_polynomial_l(x: Tensor, n: Tensor) -> Tensor:
    d = _float_result_dtype(x, n)
    bx, bn = torch.broadcast_tensors([torch._to_copy(x, dtype=torch.float64), torch.trunc(torch._to_copy(n, dtype=torch.float64))])
    return torch._to_copy(_laguerre_polynomial_l_poly(bx, bn), dtype=d)


def laguerre_polynomial_l_x_scalar(x: number, n: Tensor) -> Tensor:
    return laguerre_polynomial_l(torch.scalar_tensor(x, dtype=_float_dtype(n)), n)


def laguerre_polynomial_l_n_scalar(x: Tensor, n: number) -> Tensor:
    return laguerre_polynomial_l(x, torch.scalar_tensor(n, dtype=_float_dtype(x)))


def _legendre_polynomial_p_poly(x: Tensor, nn: Tensor) -> Tensor:
    y = x
    nmax = _nmax(torch.where(torch.isnan(nn), _c(nn, 0.0), torch.clamp(nn, -1.0, 1.0e6)))
    p = _c(x, 1.0)
    q = y
    for jj in range(2, nmax + 1):
        j = float(jj)
        r = torch.div(torch.sub(torch.mul(torch.mul(y, 2.0 * j - 1.0), q), torch.mul(p, j - 1.0)), j)
        m = torch.ge(nn, j)
        p = torch.where(m, q, p)
        q = torch.where(m, r, q)
    res = q
    res = torch.where(torch.eq(nn, 0.0), _c(x, 1.0), res)
    res = torch.where(torch.eq(torch.abs(x), 1.0), torch.where(torch.logical_or(torch.gt(x, 0.0), _even(nn)), _c(x, 1.0), _c(x, -1.0)), res)
    return torch.where(torch.lt(nn, 0.0), _c(x, 0.0), res)


# Legendre polynomial P_n(x): P_j = ((2j - 1) x P_(j-1) - (j-1) P_(j-2)) / j, +-1 at |x| = 1
# (legendre_polynomial_p_forward of aten/src/ATen/native/Math.h), run to the largest n present,
# masked per element, in float64.
def legendre_polynomial_p(x: Tensor, n: Tensor) -> Tensor:
    d = _float_result_dtype(x, n)
    bx, bn = torch.broadcast_tensors([torch._to_copy(x, dtype=torch.float64), torch.trunc(torch._to_copy(n, dtype=torch.float64))])
    return torch._to_copy(_legendre_polynomial_p_poly(bx, bn), dtype=d)


def legendre_polynomial_p_x_scalar(x: number, n: Tensor) -> Tensor:
    return legendre_polynomial_p(torch.scalar_tensor(x, dtype=_float_dtype(n)), n)


def legendre_polynomial_p_n_scalar(x: Tensor, n: number) -> Tensor:
    return legendre_polynomial_p(x, torch.scalar_tensor(n, dtype=_float_dtype(x)))


DECOMPOSITIONS = {
    "aten::special_hermite_polynomial_h": hermite_polynomial_h,
    "aten::special_hermite_polynomial_h.x_scalar": hermite_polynomial_h_x_scalar,
    "aten::special_hermite_polynomial_h.n_scalar": hermite_polynomial_h_n_scalar,
    "aten::special_hermite_polynomial_he": hermite_polynomial_he,
    "aten::special_hermite_polynomial_he.x_scalar": hermite_polynomial_he_x_scalar,
    "aten::special_hermite_polynomial_he.n_scalar": hermite_polynomial_he_n_scalar,
    "aten::special_laguerre_polynomial_l": laguerre_polynomial_l,
    "aten::special_laguerre_polynomial_l.x_scalar": laguerre_polynomial_l_x_scalar,
    "aten::special_laguerre_polynomial_l.n_scalar": laguerre_polynomial_l_n_scalar,
    "aten::special_legendre_polynomial_p": legendre_polynomial_p,
    "aten::special_legendre_polynomial_p.x_scalar": legendre_polynomial_p_x_scalar,
    "aten::special_legendre_polynomial_p.n_scalar": legendre_polynomial_p_n_scalar,
}
