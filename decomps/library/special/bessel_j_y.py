"""Bessel functions of the first and second kind (j0, j1, y0, y1), spherical_bessel_j0 and airy_ai.
Sources and conventions: common.py of this folder.
"""


# The Cephes j0.c (j1.c when one) asymptotic form for |x| > 5 of ax = |x|: J as
# sqrt(2 / pi) (P cos(ax - ph) - 5 / ax Q sin(ax - ph)) / sqrt(ax), or Y (second) as
# sqrt(2 / pi) (P sin(ax - ph) + 5 / ax Q cos(ax - ph)) / sqrt(ax), ph = pi / 4 (3 pi / 4 when one).
def _jy_asym(ax: Tensor, one: bool, second: bool) -> Tensor:
    if one:
        w = torch.mul(torch.div(5.0, ax), torch.div(5.0, ax))
        ph = 2.356194490192345
        pp = _polevl(w, [
            0.0007621256162081731, 0.07313970569409176, 1.1271960812968493, 5.112079511468076,
            8.424045901417724, 5.214515986823615, 1.0
        ])
        pq = _polevl(w, [
            0.0005713231280725487, 0.06884559087544954, 1.105142326340617, 5.073863861286015,
            8.399855543276042, 5.209828486823619, 1.0
        ])
        qp = _polevl(w, [
            0.05108625947501766, 4.982138729512334, 75.82382841325453, 366.7796093601508,
            710.8563049989261, 597.4896124006136, 211.68875710057213, 25.207020585802372
        ])
        qq = _polevl(w, [
            74.23732770356752, 1056.4488603826283, 4986.410583376536, 9562.318924047562,
            7997.041604473507, 2826.1927851763908, 336.0936078106983
        ])
    else:
        w = torch.div(25.0, torch.mul(ax, ax))
        ph = 0.7853981633974483
        pp = _polevl(w, [
            0.0007969367292973471, 0.08283523921074408, 1.239533716464143, 5.447250030587687,
            8.74716500199817, 5.303240382353949, 1.0
        ])
        pq = _polevl(w, [
            0.0009244088105588637, 0.08562884743544745, 1.2535274390105895, 5.470977403304171,
            8.761908832370695, 5.306052882353947, 1.0
        ])
        qp = _polevl(w, [
            -0.011366383889846916, -1.2825271867050931, -19.553954425773597, -93.20601521237683,
            -177.68116798048806, -147.07750515495118, -51.41053267665993, -6.050143506007285
        ])
        qq = _polevl(w, [
            64.3178256118178, 856.4300259769806, 3882.4018360540163, 7240.467741956525,
            5930.727011873169, 2062.0933166032783, 242.0057402402914
        ])
    pr = torch.div(pp, pq)
    qr = torch.mul(torch.div(5.0, ax), torch.div(qp, qq))
    if second:
        s = torch.add(torch.mul(pr, torch.sin(torch.sub(ax, ph))),
                      torch.mul(qr, torch.cos(torch.sub(ax, ph))))
    else:
        s = torch.sub(torch.mul(pr, torch.cos(torch.sub(ax, ph))),
                      torch.mul(qr, torch.sin(torch.sub(ax, ph))))
    return torch.div(torch.mul(s, 0.797884560802865355879892119868763737), torch.sqrt(ax))


def _j0(x: Tensor) -> Tensor:
    ax = torch.abs(x)
    z = torch.mul(ax, ax)
    rp = _polevl(z, [
        -4794432209.782018, 1956174919465.5657, -249248344360967.72, 9708622510473064.0
    ])
    rq = _polevl(z, [
        499.563147152651, 173785.4016763747, 48440965.83399621, 11185553704.535683,
        2112775201154.892, 310518229857422.56, 3.1812195594320496e+16, 1.7108629408104315e+18
    ])
    sm = torch.mul(torch.mul(torch.sub(z, 5.78318596294678452118e+00),
                             torch.sub(z, 3.04712623436620863991e+01)),
                   torch.div(rp, rq))
    sm = torch.where(torch.lt(ax, 0.00001), torch.rsub(torch.div(z, 4.0), 1.0), sm)
    lg = _jy_asym(ax, False, False)
    r = torch.where(torch.le(ax, 5.0), sm, lg)
    return r


# Bessel J0; Rational approximations of Cephes j0.c with the coefficients of
# aten/src/ATen/native/Math.h (bessel_j0_forward), evaluated in float64.
def bessel_j0(self: Tensor) -> Tensor:
    x = torch._to_copy(self, dtype=torch.float64)
    return torch._to_copy(_j0(x), dtype=_float_dtype(self))


def _j1(x: Tensor) -> Tensor:
    ax = torch.abs(x)
    z = torch.mul(ax, ax)
    rp = _polevl(z, [
        -899971225.7055594, 452228297998.19403, -72749424522181.83, 3682957328638529.0
    ])
    rq = _polevl(z, [
        620.8364781180543, 256987.25675774884, 83514679.14319493, 22151159547.97925,
        4749141220799.914, 784369607876235.9, 8.952223361846274e+16, 5.322786203326801e+18
    ])
    sm = torch.mul(torch.mul(torch.mul(torch.div(rp, rq), ax),
                             torch.sub(z, 1.46819706421238932572e+01)),
                   torch.sub(z, 4.92184563216946036703e+01))
    lg = _jy_asym(ax, True, False)
    r = torch.where(torch.le(ax, 5.0), sm, lg)
    r = torch.where(torch.lt(x, 0), torch.neg(r), r)
    return r


# Bessel J1; Rational approximations of Cephes j1.c with the coefficients of
# aten/src/ATen/native/Math.h (bessel_j1_forward), evaluated in float64.
def bessel_j1(self: Tensor) -> Tensor:
    x = torch._to_copy(self, dtype=torch.float64)
    return torch._to_copy(_j1(x), dtype=_float_dtype(self))


# Y0 (Y1 when one) of x (float64): Cephes j0.c (j1.c) rational form for x <= 5, the asymptotic form
# above, -inf at 0, nan below.
def _y(x: Tensor, one: bool) -> Tensor:
    z = torch.mul(x, x)
    if one:
        yp = _polevl(z, [
            1263204747.9017804, -647355876379.1603, 114509511541823.73, -8127702555013251.0,
            2.024394757135949e+17, -7.788771962659501e+17
        ])
        yq = _polevl(z, [
            594.3015923461282, 235564.09294306856, 73481194.44597217, 18760131610.870617,
            3882312774962.3857, 620557727146953.8, 6.871410873553005e+16, 3.9727060811656064e+18
        ])
        sm = torch.add(torch.mul(x, torch.div(yp, yq)),
                       torch.mul(torch.sub(torch.mul(_j1(x), torch.log(x)), torch.reciprocal(x)),
                                 0.636619772367581343075535053490057448))
    else:
        yp = _polevl(z, [
            15592.436785523574, -14663929.59039716, 5435264770.518765, -982136065717.9115,
            87590639439536.7, -3466283033847297.0, 4.4273326857256984e+16, -1.8495080043698668e+16
        ])
        yq = _polevl(z, [
            1041.2835366425984, 626107.330137135, 268919633.39381415, 86400248710.3935,
            20297961275010.555, 3171577528429750.5, 2.5059625617265306e+17
        ])
        sm = torch.add(torch.div(yp, yq),
                       torch.mul(torch.mul(torch.log(x), 0.636619772367581343075535053490057448),
                                 _j0(x)))
    lg = _jy_asym(x, one, True)
    r = torch.where(torch.le(x, 5.0), sm, lg)
    r = torch.where(torch.eq(x, 0), torch.full_like(x, float("-inf")), r)
    r = torch.where(torch.lt(x, 0), torch.full_like(x, float("nan")), r)
    return r


# Bessel Y0; Rational approximations of Cephes j0.c with the coefficients of
# aten/src/ATen/native/Math.h (bessel_y0_forward), evaluated in float64.
def bessel_y0(self: Tensor) -> Tensor:
    x = torch._to_copy(self, dtype=torch.float64)
    return torch._to_copy(_y(x, False), dtype=_float_dtype(self))


# Bessel Y1; Rational approximations of Cephes j1.c with the coefficients of
# aten/src/ATen/native/Math.h (bessel_y1_forward), evaluated in float64.
def bessel_y1(self: Tensor) -> Tensor:
    x = torch._to_copy(self, dtype=torch.float64)
    return torch._to_copy(_y(x, True), dtype=_float_dtype(self))


# j0(x) = sin(x) / x, Taylor series for |x| < 0.5, 0 at +-inf (aten/src/ATen/native/Math.h
# spherical_bessel_j0_forward), in float64.
def spherical_bessel_j0(x: Tensor) -> Tensor:
    v = torch._to_copy(x, dtype=torch.float64)
    z = torch.mul(v, v)
    t = torch.add(torch.mul(z, 1.0 / 6227020800.0), -1.0 / 39916800.0)
    t = torch.add(torch.mul(z, t), 1.0 / 362880.0)
    t = torch.add(torch.mul(z, t), -1.0 / 5040.0)
    t = torch.add(torch.mul(z, t), 1.0 / 120.0)
    t = torch.add(torch.mul(z, t), -1.0 / 6.0)
    t = torch.add(torch.mul(z, t), 1.0)
    r = torch.where(torch.lt(torch.abs(v), 0.5), t, torch.div(torch.sin(v), v))
    r = torch.where(torch.isinf(v), torch.full_like(v, 0.0), r)
    return torch._to_copy(r, dtype=_float_dtype(x))


def _airy(x: Tensor) -> Tensor:
    ng = torch.lt(x, -2.09)
    xn = torch.where(ng, x, torch.full_like(x, -3.0))
    zt = torch.div(torch.mul(torch.mul(xn, -2.0), torch.sqrt(torch.neg(xn))), 3.0)
    z = torch.reciprocal(zt)
    zz = torch.mul(z, z)
    afn = _polevl(zz, [
        -0.1316963234183318, -0.6264565444319123, -0.6931580360369335, -0.2797799815451191,
        -0.04919001326095003, -0.004062659235948854, -0.0001592764962392621, -2.776491081552329e-06,
        -1.6778769848911465e-08
    ])
    afd = _polevl(zz, [
        13.356042070655324, 32.682503279522464, 26.736704094149957, 9.187074029072596,
        1.4752914677166642, 0.11568717379518804, 0.004402916416152112, 7.547203482874142e-05,
        4.5185009297058035e-07
    ])
    agn = _polevl(zz, [
        0.01973399320916857, 0.39110302961568827, 1.0657989759959559, 0.9391692298166502,
        0.35146565610554764, 0.06338889196289255, 0.005858041130483885, 0.000282851600836737,
        6.98793669997261e-06, 8.117892395543892e-08, 3.415517847659236e-10
    ])
    agd = _polevl(zz, [
        9.30892908077442, 19.835292871831214, 15.564662893286462, 5.476860694229755,
        0.9542936116189619, 0.08645808263523921, 0.004126565238242226, 0.00010125908511650914,
        1.1716673321441352e-06, 4.9183457006293e-09
    ])
    t = torch.add(zt, 0.25 * 3.141592653589793)
    neg = torch.mul(torch.div(5.64189583547756286948e-01, torch.sqrt(torch.sqrt(torch.neg(xn)))),
                    torch.sub(torch.mul(torch.sin(t),
                                        torch.add(torch.div(torch.mul(zz, afn), afd), 1.0)),
                              torch.mul(torch.cos(t), torch.div(torch.mul(z, agn), agd))))
    ps = torch.ge(x, 2.09)
    xp = torch.where(ps, x, torch.full_like(x, 3.0))
    ze = torch.div(torch.mul(torch.mul(xp, 2.0), torch.sqrt(xp)), 3.0)
    iz = torch.reciprocal(ze)
    an = _polevl(iz, [
        0.346538101525629, 12.007595273964581, 76.27960536152345, 168.08922493463058,
        159.75639135016442, 70.53609068404442, 14.026469116338967, 1.0
    ])
    ad = _polevl(iz, [
        0.5675945326387702, 14.75625625848472, 84.51389701414746, 177.31808814540045,
        164.2346928715297, 71.47784008255756, 14.095913560783403, 1.0
    ])
    pos = torch.div(torch.mul(torch.div(an, ad), 5.64189583547756286948e-01),
                    torch.mul(torch.mul(torch.sqrt(torch.sqrt(xp)), 2.0), torch.exp(ze)))
    mid = torch.logical_and(torch.logical_not(ng), torch.logical_not(ps))
    xm = torch.where(mid, x, torch.full_like(x, 0.0))
    # f = sum_j c_j z^j and g = x sum_j d_j z^j, z = x^3, c_j = prod_{i<j} 1 / ((3i + 2)(3i + 3)),
    # d_j = prod_{i<j} 1 / ((3i + 3)(3i + 4)), j <= 40, by Horner's rule from j = 40 down: the
    # kernel's running terms would chain, and torch 2.6's TensorExpr fuser inlines a chain of
    # terms into every partial sum (quadratic size: lowering/library_test.cc).
    z3 = torch.mul(torch.mul(xm, xm), xm)
    c = 1.0
    d = 1.0
    for i in range(40):
        c = c / ((3.0 * i + 2.0) * (3.0 * i + 3.0))
        d = d / ((3.0 * i + 3.0) * (3.0 * i + 4.0))
    f = torch.full_like(x, c)
    g = torch.full_like(x, d)
    for j in range(39, -1, -1):
        c = c * ((3.0 * j + 2.0) * (3.0 * j + 3.0))
        d = d * ((3.0 * j + 3.0) * (3.0 * j + 4.0))
        f = torch.add(torch.mul(f, z3), c)
        g = torch.add(torch.mul(g, z3), d)
    g = torch.mul(g, xm)
    ser = torch.sub(torch.mul(f, 0.355028053887817239260), torch.mul(g, 0.258819403792806798405))
    r = torch.where(ng, neg, torch.where(ps, pos, ser))
    r = torch.where(torch.gt(x, 103.892), torch.full_like(x, 0.0), r)
    r = torch.where(torch.isinf(x), torch.full_like(x, float("nan")), r)
    return r


# Airy function Ai: Cephes airy.c rational asymptotic forms for x < -2.09 and x >= 2.09 and the
# Maclaurin series in between (airy_ai_forward of aten/src/ATen/native/Math.h; here 40 series terms
# instead of the stop at machine epsilon), in float64.
def airy_ai(self: Tensor) -> Tensor:
    x = torch._to_copy(self, dtype=torch.float64)
    return torch._to_copy(_airy(x), dtype=_float_dtype(self))


DECOMPOSITIONS = {
    "aten::special_bessel_j0": bessel_j0,
    "aten::special_bessel_j1": bessel_j1,
    "aten::special_bessel_y0": bessel_y0,
    "aten::special_bessel_y1": bessel_y1,
    "aten::special_spherical_bessel_j0": spherical_bessel_j0,
    "aten::special_airy_ai": airy_ai,
}
