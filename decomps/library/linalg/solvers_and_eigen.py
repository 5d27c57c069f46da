"""Solvers, inverses, determinants, eigen- and singular value decompositions. Sources and
conventions: common.py of this folder.
"""


def _permsign(piv: Tensor) -> Tensor:
    # (-1)^(number of row interchanges) of getrf's pivots (b, k) 0-based, float64 (b,)
    k = piv.size(1)
    ar = torch.unsqueeze(torch.arange(0, k, 1), 0)
    s = torch.where(torch.ne(piv, ar), torch.full(piv.size(), -1.0, dtype=torch.float64),
                    torch.full(piv.size(), 1.0, dtype=torch.float64))
    return torch.prod(s, 1)


# det(A) = (-1)^(row interchanges) prod(diag(U)) from P A = L U (Golub & Van Loan sec. 3.4; as
# torch's linalg_det kernel computes it).
def _linalg_det(A: Tensor) -> Tuple[Tensor, Tensor, Tensor]:
    s = A.size()
    batch = s[:-2]
    n = s[len(s) - 1]
    lu, piv = _lu(_flat(A))
    det = torch.mul(torch.prod(torch.diagonal(lu, 0, 1, 2), 1), _permsign(piv))
    piv_out = torch.reshape(torch._to_copy(torch.add(piv, 1), dtype=torch.int32), batch + [n])
    return (torch.reshape(torch._to_copy(det, dtype=A.dtype), batch),
            torch.reshape(torch._to_copy(lu, dtype=A.dtype), s), piv_out)


# sign and log|det| from the LU factorisation: sign = (-1)^(interchanges) prod(sign(U_ii)),
# logabsdet = sum(log|U_ii|) (torch's linalg_slogdet kernel).
def _linalg_slogdet(A: Tensor) -> Tuple[Tensor, Tensor, Tensor, Tensor]:
    s = A.size()
    batch = s[:-2]
    n = s[len(s) - 1]
    lu, piv = _lu(_flat(A))
    d = torch.diagonal(lu, 0, 1, 2)
    sign = torch.mul(torch.prod(torch.sign(d), 1), _permsign(piv))
    logabs = torch.sum(torch.log(torch.abs(d)), [1])
    piv_out = torch.reshape(torch._to_copy(torch.add(piv, 1), dtype=torch.int32), batch + [n])
    return (torch.reshape(torch._to_copy(sign, dtype=A.dtype), batch),
            torch.reshape(torch._to_copy(logabs, dtype=A.dtype), batch),
            torch.reshape(torch._to_copy(lu, dtype=A.dtype), s), piv_out)


# A^-1 by solving A X = I from the LU factorisation (LAPACK dgesv on the identity).
def linalg_inv_ex(A: Tensor, check_errors: bool = False) -> Tuple[Tensor, Tensor]:
    s = A.size()
    n = s[len(s) - 1]
    lu, piv = _lu(_flat(A))
    x = _lusolve(lu, piv, _eye(lu.size(0), n, n), False)
    return torch.reshape(torch._to_copy(x, dtype=A.dtype), s), torch.reshape(_luinfo(lu), s[:-2])


# Solves A X = B (X A = B when not left) from the LU factorisation of A (LAPACK dgesv); B is a
# (batch of) vector(s) when linalg_solve_is_vector_rhs says so
# (aten/src/ATen/native/LinearAlgebraUtils.h).
def _linalg_solve_ex(A: Tensor, B: Tensor, left: bool = True,
                     check_errors: bool = False) -> Tuple[Tensor, Tensor, Tensor, Tensor]:
    s = A.size()
    batch = s[:-2]
    n = s[len(s) - 1]
    vector = B.dim() == 1 or (B.dim() == A.dim() - 1 and B.size() == s[:-1])
    rhs = B
    if vector:
        rhs = torch.unsqueeze(B, -1)
    a = _flat(A)
    if not left:
        a = _tr(a)
        rhs = _tr(rhs)
    lu, piv = _lu(a)
    x = _lusolve_b(lu, piv, batch, rhs, False)
    if not left:
        x = _tr(x)
    if vector:
        x = torch.squeeze(x, -1)
    dt = torch.result_type(A, B)
    piv_out = torch.reshape(torch._to_copy(torch.add(piv, 1), dtype=torch.int32), batch + [n])
    return (torch._to_copy(x, dtype=dt), torch.reshape(torch._to_copy(lu, dtype=A.dtype), s),
            piv_out, torch.reshape(_luinfo(lu), batch))


# Triangular solve by forward/back substitution (Golub & Van Loan Alg. 3.1.1/3.1.2; LAPACK dtrtrs);
# X A = B is solved as A^T X^T = B^T.
def linalg_solve_triangular(A: Tensor, B: Tensor, upper: bool, left: bool = True,
                            unitriangular: bool = False) -> Tensor:
    dt = torch.result_type(A, B)
    if left:
        x = _trsolve_b(A, B, not upper, unitriangular, False)
    else:
        x = _tr(_trsolve_b(A, _tr(B), not upper, unitriangular, True))
    return torch._to_copy(x, dtype=dt)


# torch.triangular_solve(b, A): solves op(A) X = b by substitution (LAPACK dtrtrs); also returns A
# broadcast to the batch shape, as the kernel does.
def triangular_solve(self: Tensor, A: Tensor, upper: bool = True, transpose: bool = False,
                     unitriangular: bool = False) -> Tuple[Tensor, Tensor]:
    x = _trsolve_b(A, self, not upper, unitriangular, transpose)
    s = A.size()
    batch = _bcast(s[:-2], self.size()[:-2])
    n = s[len(s) - 1]
    return torch._to_copy(x, dtype=self.dtype), torch.clone(A.expand(batch + [n, n]))


def _prot(x: Tensor, p: Tensor, q: Tensor, c: Tensor, s: Tensor) -> Tensor:
    # Rotates the column pairs (p_i, q_i) of x (b, r, n) by [c_i s_i; -s_i c_i] (c, s: (b, h)).
    b = x.size(0)
    r = x.size(1)
    h = p.size(0)
    xp = torch.index_select(x, 2, p)
    xq = torch.index_select(x, 2, q)
    cc = torch.unsqueeze(c, 1)
    ss = torch.unsqueeze(s, 1)
    ip = torch.unsqueeze(torch.unsqueeze(p, 0), 0).expand([b, r, h])
    iq = torch.unsqueeze(torch.unsqueeze(q, 0), 0).expand([b, r, h])
    x = torch.scatter(x, 2, ip, torch.sub(torch.mul(cc, xp), torch.mul(ss, xq)))
    return torch.scatter(x, 2, iq, torch.add(torch.mul(ss, xp), torch.mul(cc, xq)))


def _rot(app: Tensor, aqq: Tensor, apq: Tensor) -> Tuple[Tensor, Tensor]:
    # Symmetric 2x2 Schur decomposition (Golub & Van Loan Alg. 8.5.1, symSchur2): (c, s) with
    # [c s; -s c]^T [app apq; apq aqq] [c s; -s c] diagonal. Identity where apq == 0.
    nz = torch.ne(apq, 0.0)
    one = torch.full_like(apq, 1.0)
    tau = torch.div(torch.sub(aqq, app), torch.mul(torch.where(nz, apq, one), 2.0))
    sg = torch.where(torch.ge(tau, 0.0), one, torch.neg(one))
    t = torch.div(sg, torch.add(torch.abs(tau), torch.sqrt(torch.add(torch.mul(tau, tau), 1.0))))
    c = torch.rsqrt(torch.add(torch.mul(t, t), 1.0))
    s = torch.mul(t, c)
    return torch.where(nz, c, one), torch.where(nz, s, torch.full_like(apq, 0.0))


def _rrpairs(np: int, r: int) -> Tuple[Tensor, Tensor]:
    # Round r of the round-robin (circle) ordering of np (even) indices: np/2 disjoint pairs, and
    # rounds 0..np-2 cover every pair once (the parallel ordering of Golub & Van Loan sec. 8.5.5).
    h = np // 2
    nn = np - 1
    i = torch.arange(0, h, 1)
    p = torch.div(torch.add(i, r), nn, rounding_mode="floor")
    p = torch.sub(torch.add(i, r), torch.mul(p, nn))
    q = torch.add(torch.sub(torch.full([h], r, dtype=torch.int64), i), nn)
    q = torch.sub(q, torch.mul(torch.div(q, nn, rounding_mode="floor"), nn))
    p = torch.where(torch.eq(i, 0), torch.full_like(p, nn), p)
    return p, q


def _jacobi_eigh(a: Tensor, sweeps: int) -> Tuple[Tensor, Tensor]:
    # Jacobi eigenvalue algorithm (Golub & Van Loan Alg. 8.5.3) with the parallel round-robin
    # ordering (sec. 8.5.5) on symmetric a (b, n, n) float64: each round applies np/2 disjoint
    # rotations, A <- J^T A J, V <- V J. An odd n is padded with a zero row and column, whose
    # rotations are the identity. Returns the eigenvalues ascending (as LAPACK dsyevd) and the
    # matching eigenvector columns.
    b = a.size(0)
    n = a.size(1)
    np = n + (n % 2)
    if np > n:
        a = torch.cat([a, torch.full([b, n, 1], 0.0, dtype=torch.float64)], 2)
        a = torch.cat([a, torch.full([b, 1, np], 0.0, dtype=torch.float64)], 1)
    v = _eye(b, np, np)
    for sweep in range(sweeps):
        for r in range(np - 1):
            p, q = _rrpairs(np, r)
            d = torch.diagonal(a, 0, 1, 2)
            app = torch.index_select(d, 1, p)
            aqq = torch.index_select(d, 1, q)
            apq = torch.squeeze(torch.gather(torch.index_select(a, 1, p), 2,
                                             torch.unsqueeze(torch.unsqueeze(q, 0),
                                                             2).expand([b, p.size(0), 1])),
                                2)
            c, s = _rot(app, aqq, apq)
            a = _prot(a, p, q, c, s)
            a = _tr(_prot(_tr(a), p, q, c, s))
            v = _prot(v, p, q, c, s)
    d = torch.slice(torch.diagonal(a, 0, 1, 2), 1, 0, n)
    v = torch.slice(torch.slice(v, 1, 0, n), 2, 0, n)
    w, idx = torch.sort(d, 1)
    v = torch.gather(v, 2, torch.unsqueeze(idx, 1).expand([b, n, n]))
    return w, v


# Symmetric eigendecomposition by the cyclic Jacobi method (Golub & Van Loan Alg. 8.5.3) on the
# matrix mirrored from its UPLO triangle, as LAPACK dsyevd reads it; eigenvalues ascending.
# Eigenvectors are unique only up to sign: LAPACK's signs are not reproduced.
def _linalg_eigh(A: Tensor, UPLO: str = "L", compute_v: bool = True) -> Tuple[Tensor, Tensor]:
    s = A.size()
    batch = s[:-2]
    n = s[len(s) - 1]
    a = _flat(A)
    if UPLO == "U":
        a = _tr(a)
    low = _trimask(a, True, 0)
    a = torch.add(low, _tr(_trimask(a, True, 1)))
    w, v = _jacobi_eigh(a, 10 + n // 4)
    w = torch.reshape(torch._to_copy(w, dtype=A.dtype), batch + [n])
    if not compute_v:
        return w, torch.full([0], 0.0, dtype=A.dtype)
    return w, torch.reshape(torch._to_copy(v, dtype=A.dtype), s)


def _jacobi_svd(a: Tensor, sweeps: int) -> Tuple[Tensor, Tensor, Tensor]:
    # One-sided (Hestenes) Jacobi SVD (Golub & Van Loan sec. 8.6.3; Demmel & Veselic, SIAM J.
    # Matrix Anal. Appl. 13(4), 1992) with the parallel round-robin ordering (sec. 8.5.5):
    # a (b, m, n) float64, m >= n. Column pairs of W = A V are rotated until orthogonal (an odd n
    # is padded with a zero column, left untouched); then sigma_j = |w_j|, u_j = w_j / sigma_j.
    # Returns U (b, m, n), S (b, n) descending, V (b, n, n).
    b = a.size(0)
    m = a.size(1)
    n = a.size(2)
    np = n + (n % 2)
    if np > n:
        a = torch.cat([a, torch.full([b, m, 1], 0.0, dtype=torch.float64)], 2)
    v = _eye(b, np, np)
    for sweep in range(sweeps):
        for r in range(np - 1):
            p, q = _rrpairs(np, r)
            wp = torch.index_select(a, 2, p)
            wq = torch.index_select(a, 2, q)
            alpha = torch.sum(torch.mul(wp, wp), [1])
            beta = torch.sum(torch.mul(wq, wq), [1])
            gamma = torch.sum(torch.mul(wp, wq), [1])
            c, s = _rot(alpha, beta, gamma)
            a = _prot(a, p, q, c, s)
            v = _prot(v, p, q, c, s)
    a = torch.slice(a, 2, 0, n)
    v = torch.slice(torch.slice(v, 1, 0, n), 2, 0, n)
    sv = torch.sqrt(torch.sum(torch.mul(a, a), [1]))
    sv, idx = torch.sort(sv, 1, True)
    a = torch.gather(a, 2, torch.unsqueeze(idx, 1).expand([b, m, n]))
    v = torch.gather(v, 2, torch.unsqueeze(idx, 1).expand([b, n, n]))
    safe = torch.where(torch.eq(sv, 0.0), torch.full_like(sv, 1.0), sv)
    return torch.div(a, torch.unsqueeze(safe, 1)), sv, v


# SVD by one-sided Jacobi (Golub & Van Loan sec. 8.6.3) on A or A^T, whichever is tall; full U (V)
# completed with the Householder QR of the thin factor (LAPACK dgeqrf/dorgqr). Singular vectors are
# unique only up to sign: LAPACK's signs are not reproduced.
def _linalg_svd(A: Tensor, full_matrices: bool = False, compute_uv: bool = True,
                driver: Optional[str] = None) -> Tuple[Tensor, Tensor, Tensor]:
    s = A.size()
    batch, m, n = _mat_dims(s)
    k = min(m, n)
    a = _flat(A)
    wide = m < n
    if wide:
        a = _tr(a)
    mm = a.size(1)
    u, sv, v = _jacobi_svd(a, 10 + k // 4)
    S = torch.reshape(torch._to_copy(sv, dtype=A.dtype), batch + [k])
    empty = torch.full([0], 0.0, dtype=A.dtype)
    if not compute_uv:
        return empty, S, empty
    if full_matrices and mm > k:
        qf, tau = _geqrf(u)
        q = _orgqr(qf, tau, mm)
        keep = torch.unsqueeze(torch.gt(sv, 0.0), 1)
        u = torch.cat([torch.where(keep, u, torch.slice(q, 2, 0, k)), torch.slice(q, 2, k, mm)], 2)
    if wide:
        uu = v
        vh = _tr(u)
    else:
        uu = u
        vh = _tr(v)
    U = torch.reshape(torch._to_copy(uu, dtype=A.dtype), batch + [m, uu.size(2)])
    Vh = torch.reshape(torch._to_copy(vh, dtype=A.dtype), batch + [vh.size(1), n])
    return U, S, Vh


# Pseudo-inverse V diag(1/S) U^T keeping singular values above max(atol, rtol * S_max), with torch's
# default tolerances (aten/src/ATen/native/LinearAlgebra.cpp linalg_pinv and get_atol_rtol); the SVD
# by one-sided Jacobi, the Hermitian case by Jacobi eigh on the lower triangle. The result does not
# depend on the singular vectors' signs.
def linalg_pinv(self: Tensor, atol: Optional[Tensor] = None, rtol: Optional[Tensor] = None,
                hermitian: bool = False) -> Tensor:
    s = self.size()
    batch, m, n = _mat_dims(s)
    if m == 0 or n == 0 or self.numel() == 0:
        return torch.full(batch + [n, m], 0.0, dtype=self.dtype)
    eps = 1.1920928955078125e-07
    if self.dtype == torch.float64:
        eps = 2.220446049250313e-16
    at = torch.full([], 0.0, dtype=torch.float64)
    if atol is not None:
        at = torch._to_copy(atol, dtype=torch.float64)
    if rtol is not None:
        rt = torch._to_copy(rtol, dtype=torch.float64)
    else:
        rt = torch.full([], eps * max(m, n), dtype=torch.float64)
        if atol is not None:
            rt = torch.where(torch.gt(atol, 0), torch.full([], 0.0, dtype=torch.float64), rt)
    a = _flat(self)
    if hermitian:
        a = torch.add(_trimask(a, True, 0), _tr(_trimask(a, True, 1)))
        w, v = _jacobi_eigh(a, 10 + n // 4)
        w = torch.reshape(w, batch + [n])
        v = torch.reshape(v, batch + [n, n])
        sabs = torch.abs(w)
        tol = torch.maximum(torch.unsqueeze(at, -1),
                            torch.mul(torch.unsqueeze(rt, -1), torch.amax(sabs, [-1], True)))
        winv = torch.where(torch.gt(sabs, tol), torch.reciprocal(w), torch.full_like(w, 0.0))
        out = torch.matmul(torch.mul(v, torch.unsqueeze(winv, -2)), torch.transpose(v, -2, -1))
        return torch._to_copy(out, dtype=self.dtype)
    wide = m < n
    if wide:
        a = _tr(a)
    u, sv, v = _jacobi_svd(a, 10 + min(m, n) // 4)
    k = min(m, n)
    sv = torch.reshape(sv, batch + [k])
    tol = torch.maximum(torch.unsqueeze(at, -1),
                        torch.mul(torch.unsqueeze(rt, -1), torch.slice(sv, -1, 0, 1)))
    sinv = torch.where(torch.gt(sv, tol), torch.reciprocal(sv), torch.full_like(sv, 0.0))
    u = torch.reshape(u, batch + [u.size(1), k])
    v = torch.reshape(v, batch + [k, k])
    if wide:
        out = torch.matmul(torch.mul(u, torch.unsqueeze(sinv, -2)), torch.transpose(v, -2, -1))
    else:
        out = torch.matmul(torch.mul(v, torch.unsqueeze(sinv, -2)), torch.transpose(u, -2, -1))
    return torch._to_copy(out, dtype=self.dtype)


# ---- matrix exponential: the algorithm of aten/src/ATen/native/LinearAlgebra.cpp (mexp), after
# Bader, Blanes & Casas, "Computing the Matrix Exponential with an Optimized Taylor Polynomial
# Approximation", Mathematics 7(12), 2019. Each matrix takes the Taylor polynomial of degree 1, 2,
# 4, 8 or 12 whose bound theta (below, float32's or float64's) its 1-norm is within, evaluated
# with the paper's products; from theta_12 on, degree 18 on A / 2^s, s = max(0, ceil(log2(|A|_1 /
# theta_18))), then s squarings. Computed in the input dtype, as eager. s is a value of the data:
# the squarings are taken with where, up to 64 of them (|A|_1 up to theta_18 2^64, 2e19 in float64);
# a matrix of a larger norm gives NaN where eager squares on (a nilpotent one may be finite there).
# A matrix whose norm is NaN gives NaN, as eager.
def _mexp_powers(a: Tensor, count: int) -> List[Tensor]:
    # [I, A, A^2, A^3, A^6][:count], a (b, n, n)
    n = a.size(2)
    r = torch.unsqueeze(torch.arange(0, n, 1, device=a.device), 1)
    c = torch.unsqueeze(torch.arange(0, n, 1, device=a.device), 0)
    eye = torch._to_copy(torch.eq(r, c), dtype=a.dtype)
    ps = [torch.clone(torch.unsqueeze(eye, 0).expand(a.size())), a]
    if count > 2:
        ps.append(torch.matmul(a, a))
    if count > 3:
        ps.append(torch.matmul(a, ps[2]))
    if count > 4:
        ps.append(torch.matmul(ps[3], ps[3]))
    return ps


def _lincomb(ps: List[Tensor], cs: List[float]) -> Tensor:
    r = torch.mul(ps[0], cs[0])
    for j in range(1, len(cs)):
        r = torch.add(r, torch.mul(ps[j], cs[j]))
    return r


def _mexp_t8(a: Tensor) -> Tensor:
    q = 0.1330413469565007072504e+2  # sqrt(177)
    x3 = 2.0 / 3.0
    x1 = x3 * ((1.0 + q) / 88.0)
    x2 = x3 * ((1.0 + q) / 352.0)
    x4 = (-271.0 + 29.0 * q) / (315.0 * x3)
    x5 = (-11.0 + 11.0 * q) / (1260.0 * x3)
    x6 = (-99.0 + 11.0 * q) / (5040.0 * x3)
    x7 = (89.0 - q) / (5040.0 * x3)
    y2 = (857.0 - 58.0 * q) / 630.0
    ps = _mexp_powers(a, 3)
    a4 = torch.matmul(ps[2], _lincomb([ps[1], ps[2]], [x1, x2]))
    a8 = torch.matmul(_lincomb([ps[2], a4], [x3, 1.0]), _lincomb([ps[0], ps[1], ps[2], a4],
                                                                [x4, x5, x6, x7]))
    return _lincomb([ps[0], ps[1], ps[2], a4, a8], [1.0, 1.0, y2, 0.0, 1.0])


def _mexp_t12(a: Tensor) -> Tensor:
    b = [[9.0198e-16, 0.46932117595418237389, -0.20099424927047284052, -0.04623946134063071740],
         [5.31597895759871264183, 1.19926790417132231573, 0.01179296240992997031,
          0.01108844528519167989],
         [0.18188869982170434744, 0.05502798439925399070, 0.09351590770535414968,
          0.00610700528898058230],
         [-2.0861320e-13, -0.13181061013830184015, -0.02027855540589259079,
          -0.00675951846863086359]]
    ps = _mexp_powers(a, 4)
    bs = [_lincomb(ps, row) for row in b]
    b2 = torch.add(bs[2], torch.matmul(bs[3], bs[3]))
    return torch.add(bs[0], torch.matmul(torch.add(bs[1], b2), b2))


def _mexp_t18(a: Tensor) -> Tensor:
    b = [[0.0, -1.00365581030144618291e-01, -8.02924648241156932449e-03,
          -8.92138498045729985177e-04, 0.0],
         [0.0, 3.97849749499645077844e-01, 1.36783778460411720168e+00,
          4.98289622525382669416e-01, -6.37898194594723280150e-04],
         [-1.09676396052962061844e+01, 1.68015813878906206114e+00, 5.71779846478865511061e-02,
          -6.98210122488052056106e-03, 3.34975017086070470649e-05],
         [-9.04316832390810593223e-02, -6.76404519071381882256e-02, 6.75961301770459654925e-02,
          2.95552570429315521194e-02, -1.39180257516060693404e-05],
         [0.0, 0.0, -9.23364619367118555360e-02, -1.69364939002081722752e-02,
          -1.40086798182036094347e-05]]
    ps = _mexp_powers(a, 5)
    bs = [_lincomb(ps, row) for row in b]
    b3 = torch.add(bs[3], torch.matmul(bs[0], bs[4]))
    return torch.add(bs[1], torch.matmul(torch.add(bs[2], b3), b3))


def linalg_matrix_exp(self: Tensor) -> Tensor:
    shape = self.size()
    n = shape[len(shape) - 1]
    if n == 0:
        return torch.clone(self)
    if n == 1:
        return torch.exp(self)
    a = torch.reshape(self, [-1, n, n])
    if self.dtype == torch.float32:
        theta = [1.192092800768788e-07, 5.978858893805233e-04, 5.116619363445086e-02,
                 5.800524627688768e-01, 1.461661507209034e+00, 3.010066362817634e+00]
    else:
        theta = [2.220446049250313e-16, 2.580956802971767e-08, 3.397168839976962e-04,
                 4.991228871115323e-02, 2.996158913811580e-01, 1.090863719290036e+00]
    norm = torch.amax(torch.sum(torch.abs(a), [1]), [1])  # (b,) the 1-norm
    nrm = torch.unsqueeze(torch.unsqueeze(norm, 1), 2)
    ps = _mexp_powers(a, 3)
    degrees = [torch.add(ps[0], ps[1]),
               torch.add(torch.add(ps[0], ps[1]), torch.div(ps[2], 2.0)),
               _lincomb([ps[0], ps[1], ps[2],
                         torch.matmul(ps[2], _lincomb(ps, [1 / 2.0, 1 / 6.0, 1 / 24.0]))],
                        [1.0, 1.0, 0.0, 1.0]),
               _mexp_t8(a), _mexp_t12(a)]
    r = torch.full_like(a, float("nan"))
    for i in range(5):
        low = -1.0
        if i > 0:
            low = theta[i - 1]
        inside = torch.logical_and(torch.lt(low, nrm), torch.le(nrm, theta[i]))
        r = torch.where(inside, degrees[i], r)
    # Degree 18, scaled and squared.
    s = torch.clamp_min(torch.ceil(torch.log2(torch.div(nrm, theta[5]))), 0.0)
    e = _mexp_t18(torch.div(a, torch.pow(2.0, s)))
    for p in range(64):
        e = torch.where(torch.lt(float(p), s), torch.matmul(e, e), e)
    # Past 64 squarings the result would be wrong: NaN instead.
    e = torch.where(torch.gt(s, 64.0), torch.full_like(e, float("nan")), e)
    r = torch.where(torch.ge(nrm, theta[4]), e, r)
    return torch.reshape(r, shape)


DECOMPOSITIONS = {
    "aten::linalg_matrix_exp": linalg_matrix_exp,
    "aten::_linalg_det": _linalg_det,
    "aten::_linalg_slogdet": _linalg_slogdet,
    "aten::linalg_inv_ex": linalg_inv_ex,
    "aten::_linalg_solve_ex": _linalg_solve_ex,
    "aten::linalg_solve_triangular": linalg_solve_triangular,
    "aten::triangular_solve": triangular_solve,
    "aten::_linalg_eigh": _linalg_eigh,
    "aten::_linalg_svd": _linalg_svd,
    "aten::linalg_pinv.atol_rtol_tensor": linalg_pinv,
}
