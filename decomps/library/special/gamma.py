"""The gamma family: digamma, polygamma, lgamma, mvlgamma and the Hurwitz zeta function. Sources
and conventions: common.py of this folder.
"""


def _digamma(x: Tensor) -> Tensor:
    neg = torch.lt(x, 0)
    xr = torch.where(neg, torch.rsub(x, 1.0), x)
    fr = torch.sub(x, torch.trunc(x))
    refl = torch.div(3.141592653589793, torch.tan(torch.mul(fr, 3.141592653589793)))
    # The recurrence psi(z) = psi(z + 1) - 1 / z while z < 10 takes n = ceil(10 - xr) steps (at
    # most 10); each term reads xr itself, as a chain of selects would grow exponentially once
    # torch 2.6's TensorExpr fuser inlines it (lowering/library_test.cc).
    n = torch.clamp(torch.ceil(torch.rsub(xr, 10.0)), 0.0, 10.0)
    res = torch.full_like(x, 0.0)
    for i in range(10):
        res = torch.sub(res, torch.where(torch.gt(n, float(i)),
                                         torch.reciprocal(torch.add(xr, float(i))), 0.0))
    z = torch.add(xr, n)
    zz = torch.reciprocal(torch.mul(z, z))
    pa = _polevl(zz, [
        0.08333333333333333, -0.021092796092796094, 0.007575757575757576, -0.004166666666666667,
        0.003968253968253968, -0.008333333333333333, 0.08333333333333333
    ])
    y = torch.where(torch.lt(z, 1.0e17), torch.mul(zz, pa), torch.full_like(z, 0.0))
    asym = torch.sub(torch.sub(torch.add(res, torch.log(z)), torch.div(0.5, z)), y)
    r = torch.where(torch.eq(z, 10.0), torch.add(res, 2.25175258906672110764), asym)
    r = torch.where(neg, torch.sub(r, refl), r)
    r = torch.where(torch.logical_and(neg, torch.eq(x, torch.trunc(x))),
                    torch.full_like(x, float("nan")), r)
    r = torch.where(torch.eq(x, 0), torch.neg(torch.reciprocal(x)), r)
    r = torch.where(torch.isnan(x), x, r)
    return r


# digamma: reflection for x < 0, recurrence up to x >= 10, then the asymptotic series (calc_digamma
# of aten/src/ATen/native/Math.h, from Cephes psi.c), in float64.
def digamma(self: Tensor) -> Tensor:
    x = torch._to_copy(self, dtype=torch.float64)
    return torch._to_copy(_digamma(x), dtype=_float_dtype(self))


def _zeta(x: Tensor, q: Tensor) -> Tensor:
    nx = torch.neg(x)
    s = torch.pow(q, nx)
    for i in range(1, 10):
        s = torch.add(s, torch.pow(torch.add(q, float(i)), nx))
    # Then while a <= 9 (q <= 0): n = floor(9 - a) + 1 more terms, at most 50, each reading a9
    # itself (no chain of selects: see _digamma).
    a9 = torch.add(q, 9.0)
    n = torch.clamp(torch.add(torch.floor(torch.rsub(a9, 9.0)), 1.0), 0.0, 50.0)
    for j in range(1, 51):
        s = torch.add(s, torch.where(torch.ge(n, float(j)),
                                     torch.pow(torch.add(a9, float(j)), nx), 0.0))
    w = torch.add(a9, n)
    b = torch.pow(w, nx)
    s = torch.add(s, torch.div(torch.mul(b, w), torch.sub(x, 1.0)))
    s = torch.sub(s, torch.mul(b, 0.5))
    aa = torch.full_like(s, 1.0)
    k = 0.0
    A = [12.0, -720.0, 30240.0, -1209600.0, 47900160.0, -1892437580.3183792, 74724249600.0,
         -2950130727918.164, 116467828143500.67, -4597978722407473.0, 1.8152105401943546e+17,
         -7.166165256175667e+18]
    for i in range(12):
        aa = torch.mul(aa, torch.add(x, k))
        b = torch.div(b, w)
        s = torch.add(s, torch.div(torch.mul(aa, b), A[i]))
        k = k + 1.0
        aa = torch.mul(aa, torch.add(x, k))
        b = torch.div(b, w)
        k = k + 1.0
    qle = torch.le(q, 0.0)
    s = torch.where(torch.logical_and(qle, torch.ne(x, torch.floor(x))),
                    torch.full_like(s, float("nan")), s)
    s = torch.where(torch.logical_and(qle, torch.eq(q, torch.floor(q))),
                    torch.full_like(s, float("inf")), s)
    s = torch.where(torch.lt(x, 1.0), torch.full_like(s, float("nan")), s)
    return torch.where(torch.eq(x, 1.0), torch.full_like(s, float("inf")), s)


# Hurwitz zeta(x, q): direct sum until q + i > 9 (at least 9 terms; here at most 59), then 12
# Euler-Maclaurin terms (zeta of aten/src/ATen/native/Math.h, from Cephes zeta.c), in float64;
# without the early exit on convergence, whose terms are below 1e-16 relative.
def zeta(self: Union[Tensor, number], other: Union[Tensor, number]) -> Tensor:
    a, b = _tensors_of(self, other)
    d = _float_result_dtype(a, b)
    x = torch._to_copy(a, dtype=torch.float64)
    q = torch._to_copy(b, dtype=torch.float64)
    bx, bq = torch.broadcast_tensors([x, q])
    return torch._to_copy(_zeta(bx, bq), dtype=d)


# lgamma(z) for 0.5 <= z < 13. Near the zeros z = 1 and z = 2 (0.5 <= z < 2.5) by the Taylor
# series lgamma(2 + t) = (1 - gamma) t + sum_k>=2 (-1)^k (zeta(k) - 1) / k t^k (DLMF 5.7.3 with
# lgamma(1 + t) = lgamma(2 + t) - log1p(t)), 30 terms for |t| <= 0.5, whose terms fall as 4^-k;
# t = z - 1 and z - 2 are exact, so the relative error stays small where lgamma vanishes (a
# recurrence to [2, 3) cancels there). Above, Cephes gamma.c lgam: the recurrence takes z to u in
# [2, 3) as a product, then lgamma(z) = log(product) + t B(t) / C(t), t = u - 2.
def _lgamma_small(z: Tensor) -> Tensor:
    # k = floor(z) - 2 steps down, product (z - 1) ... (z - k): each factor reads z itself, not
    # the previous step (a chain of selects each reading the last three times grows as 3^10 when
    # torch 2.6's TensorExpr fuser inlines it, and the program's second call never returned).
    k = torch.clamp(torch.sub(torch.floor(z), 2.0), 0.0, 10.0)
    u = torch.sub(z, k)
    prod = torch.full_like(z, 1.0)
    for j in range(1, 11):
        prod = torch.mul(prod, torch.where(torch.ge(k, float(j)), torch.sub(z, float(j)),
                                           torch.full_like(z, 1.0)))
    t = torch.sub(u, 2.0)
    num = _polevl(t, [-1.37825152569120859100e3, -3.88016315134637840924e4,
                      -3.31612992738871184744e5, -1.16237097492762307383e6,
                      -1.72173700820839662146e6, -8.53555664245765465627e5])
    den = _polevl(t, [1.0, -3.51815701436523470549e2, -1.70642106651881159223e4,
                      -2.20528590553854454839e5, -1.13933444367982507207e6,
                      -2.53252307177582951285e6, -2.01889141433532773231e6])
    rational = torch.add(torch.log(prod), torch.div(torch.mul(t, num), den))
    below = torch.lt(z, 1.5)
    tz = torch.where(below, torch.sub(z, 1.0), torch.sub(z, 2.0))
    taylor = torch.mul(tz, _polevl(tz, [
        3.1044247747322276e-11, -6.4229645638381e-11, 1.330476437424449e-10,
        -2.7595228851242334e-10, 5.731367241678862e-10, -1.1921401405860912e-09,
        2.4836745438024785e-09, -5.183475041970047e-09, 1.0838659214896955e-08,
        -2.2711094608943164e-08, 4.7698101693639804e-08, -1.0043224823968099e-07,
        2.1207184805554665e-07, -4.492469198764566e-07, 9.55141213040742e-07,
        -2.039215753801366e-06, 4.374866789907488e-06, -9.439488275268397e-06,
        2.050721277567069e-05, -4.492623673813314e-05, 9.945751278180853e-05,
        -0.00022315475845357939, 0.0005096695247430425, -0.001192753911703261,
        0.0028905103307415234, -0.007385551028673986, 0.020580808427784546, -0.0673523010531981,
        0.3224670334241132, 0.42278433509846713
    ]))
    taylor = torch.where(below, torch.sub(taylor, torch.log1p(tz)), taylor)
    return torch.where(torch.lt(z, 2.5), taylor, rational)


def _lgamma(x: Tensor) -> Tensor:
    neg = torch.lt(x, 0.5)
    z = torch.where(neg, torch.rsub(x, 1.0), x)
    small = torch.lt(z, 13.0)
    zs = torch.where(small, torch.full_like(z, 13.0), z)
    iz = torch.reciprocal(zs)
    iz2 = torch.mul(iz, iz)
    ser = torch.add(torch.mul(iz2, 1.0 / 1188.0), -1.0 / 1680.0)
    ser = torch.add(torch.mul(iz2, ser), 1.0 / 1260.0)
    ser = torch.add(torch.mul(iz2, ser), -1.0 / 360.0)
    ser = torch.mul(iz, torch.add(torch.mul(iz2, ser), 1.0 / 12.0))
    st = torch.add(torch.add(torch.sub(torch.mul(torch.sub(zs, 0.5), torch.log(zs)), zs),
                             0.91893853320467274178),
                   ser)
    pos = torch.where(small, _lgamma_small(torch.where(small, z, torch.full_like(z, 2.0))), st)
    fr = torch.sub(x, torch.floor(x))
    refl = torch.sub(torch.log(torch.div(3.141592653589793,
                                         torch.abs(torch.sin(torch.mul(fr, 3.141592653589793))))),
                     pos)
    r = torch.where(neg, refl, pos)
    r = torch.where(torch.logical_and(torch.le(x, 0.0), torch.eq(x, torch.floor(x))),
                    torch.full_like(x, float("inf")), r)
    r = torch.where(torch.isinf(x), torch.full_like(x, float("inf")), r)
    return r


# lgamma: _lgamma_small below 13, the Stirling series (Abramowitz & Stegun 6.1.41, five terms)
# above, reflection log(pi / |sin(pi x)|) - lgamma(1 - x) for x < 0.5, in float64.
def lgamma(self: Tensor) -> Tensor:
    x = torch._to_copy(self, dtype=torch.float64)
    return torch._to_copy(_lgamma(x), dtype=_float_dtype(self))


# Multivariate log-gamma: p (p - 1) / 4 log(pi) + sum_j lgamma(x - j / 2) (torch/_refs/special
# multigammaln); lgamma as above, in float64.
def mvlgamma(self: Tensor, p: int) -> Tensor:
    x = torch._to_copy(self, dtype=torch.float64)
    r = torch.full_like(x, float(p * (p - 1)) / 4.0 * 1.1447298858494002)
    for j in range(p):
        r = torch.add(r, _lgamma(torch.sub(x, float(j) / 2.0)))
    return torch._to_copy(r, dtype=_float_dtype(self))


def _trigamma(x: Tensor) -> Tensor:
    lo = torch.lt(x, 0.5)
    sp = torch.sin(torch.mul(x, 3.141592653589793))
    res = torch.where(lo, torch.neg(torch.div(9.869604401089358, torch.mul(sp, sp))),
                      torch.full_like(x, 0.0))
    z = torch.where(lo, torch.rsub(x, 1.0), x)
    for i in range(6):
        res = torch.add(res, torch.reciprocal(torch.mul(z, z)))
        z = torch.add(z, 1.0)
    ixx = torch.reciprocal(torch.mul(z, z))
    t = torch.mul(ixx,
                  torch.rsub(torch.mul(ixx, torch.rsub(torch.mul(ixx, 1.0 / 42.0), 1.0 / 30.0)),
                             1.0 / 6.0))
    res = torch.add(res, torch.div(torch.add(torch.add(torch.div(0.5, z), 1.0), t), z))
    return torch.where(lo, torch.neg(res), res)


# polygamma(n, x): digamma for n = 0, trigamma (aten/src/ATen/native/Math.h) for n = 1, else
# (-1)^(n+1) n! zeta(n + 1, x) (calc_polygamma there); digamma: reflection for x < 0, recurrence up
# to x >= 10, then the asymptotic series (calc_digamma of aten/src/ATen/native/Math.h, from Cephes
# psi.c), in float64.
def polygamma(n: int, self: Tensor) -> Tensor:
    x = torch._to_copy(self, dtype=torch.float64)
    if n == 0:
        r = _digamma(x)
    elif n == 1:
        if _float_dtype(self) == torch.float32:
            # float32: the kernel's trigamma(float), evaluated in float32 (its sin(pi x) rounding
            # dominates near the poles)
            return _trigamma(torch._to_copy(self, dtype=torch.float32))
        r = _trigamma(x)
    else:
        fact = 1.0
        for i in range(2, n + 1):
            fact = fact * float(i)
        if n % 2 == 0:
            fact = -fact
        r = torch.mul(_zeta(torch.full_like(x, float(n + 1)), x), fact)
    return torch._to_copy(r, dtype=_float_dtype(self))


DECOMPOSITIONS = {
    "aten::digamma": digamma,
    "aten::special_zeta": zeta,
    "aten::special_zeta.other_scalar": zeta,
    "aten::special_zeta.self_scalar": zeta,
    "aten::lgamma": lgamma,
    "aten::mvlgamma": mvlgamma,
    "aten::polygamma": polygamma,
}
