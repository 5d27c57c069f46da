"""Decompositions of linear algebra: factorisations, solves, inverses, determinants, eigen/singular
value decompositions into core ATen. The textbook algorithms are written as loops over columns
(Golub & Van Loan, Matrix Computations, 4th ed., 2013; LAPACK's reference routines for pivot
choices and sign conventions), batched over the leading dimensions, computed in float64 and cast
back to the input dtype. Each entry carries its own copy of the helpers it uses (sources are
compiled one entry at a time).

This file holds the helpers the files of this folder share.
"""


def _bsize(sizes: List[int]) -> int:
    b = 1
    for s in sizes:
        b = b * s
    return b


# The batch shape and the matrix dims m, n of a (..., m, n) shape.
def _mat_dims(s: List[int]) -> Tuple[List[int], int, int]:
    return s[:-2], s[len(s) - 2], s[len(s) - 1]


# The dims b, m, n of a (b, m, n) tensor, and min(m, n).
def _bmnk(a: Tensor) -> Tuple[int, int, int, int]:
    return a.size(0), a.size(1), a.size(2), min(a.size(1), a.size(2))


def _flat(x: Tensor) -> Tensor:
    # (..., m, n) -> (b, m, n) float64
    s = x.size()
    m = s[len(s) - 2]
    n = s[len(s) - 1]
    return torch.reshape(torch._to_copy(x, dtype=torch.float64), [_bsize(s[:-2]), m, n])


def _lu(a: Tensor) -> Tuple[Tensor, Tensor]:
    # LU with partial pivoting (Golub & Van Loan, Matrix Computations 4th ed., Alg. 3.4.1; the
    # pivot is the first entry of largest magnitude, as LAPACK dgetf2/idamax choose it).
    # a: (b, m, n) float64. Returns packed L\U and 0-based pivot rows (b, min(m, n)) int64.
    b, m, n, k = _bmnk(a)
    piv = torch.full([b, k], 0, dtype=torch.int64)
    for j in range(k):
        col = torch.select(torch.slice(a, 1, j, m), 2, j)
        p = torch.add(torch.argmax(torch.abs(col), 1), j)
        piv = torch.select_scatter(piv, p, 1, j)
        idx = torch.unsqueeze(torch.unsqueeze(p, 1), 2).expand([b, 1, n])
        rowp = torch.gather(a, 1, idx)
        rowj = torch.slice(a, 1, j, j + 1)
        a = torch.scatter(a, 1, idx, rowj)
        a = torch.slice_scatter(a, rowp, 1, j, j + 1)
        pivot = torch.slice(rowp, 2, j, j + 1)
        # A zero pivot (singular column) is left unscaled, as dgetf2 does.
        safe = torch.where(torch.eq(pivot, 0.0), torch.full_like(pivot, 1.0), pivot)
        sub = torch.slice(a, 1, j + 1, m)
        l = torch.div(torch.slice(sub, 2, j, j + 1), safe)
        upd = torch.sub(torch.slice(sub, 2, j + 1, n), torch.mul(l, torch.slice(rowp, 2, j + 1, n)))
        sub = torch.slice_scatter(sub, l, 2, j, j + 1)
        sub = torch.slice_scatter(sub, upd, 2, j + 1, n)
        a = torch.slice_scatter(a, sub, 1, j + 1, m)
    return a, piv


def _luinfo(lu: Tensor) -> Tensor:
    # LAPACK getrf's info: 1-based index of the first exactly zero U(i, i), else 0. (b,) int32
    b = lu.size(0)
    d = torch.diagonal(lu, 0, 1, 2)
    if d.size(1) == 0:
        return torch.full([b], 0, dtype=torch.int32)
    z = torch.eq(d, 0.0)
    first = torch.add(torch.argmax(torch._to_copy(z, dtype=torch.int64), 1), 1)
    info = torch.where(torch.any(z, 1), first, torch.full_like(first, 0))
    return torch._to_copy(info, dtype=torch.int32)


def _eye(b: int, m: int, n: int) -> Tensor:
    # (b, m, n) float64 identity
    r = torch.unsqueeze(torch.arange(0, m, 1), 1)
    c = torch.unsqueeze(torch.arange(0, n, 1), 0)
    e = torch._to_copy(torch.eq(r, c), dtype=torch.float64)
    return torch.clone(torch.unsqueeze(e, 0).expand([b, m, n]))


def _swaps(x: Tensor, piv: Tensor, reverse: bool) -> Tensor:
    # Applies the row interchanges piv (b, k) 0-based (LAPACK laswp order) to x (b, n, r).
    b = x.size(0)
    r = x.size(2)
    k = piv.size(1)
    for jj in range(k):
        j = jj
        if reverse:
            j = k - 1 - jj
        p = torch.select(piv, 1, j)
        idx = torch.unsqueeze(torch.unsqueeze(p, 1), 2).expand([b, 1, r])
        rowp = torch.gather(x, 1, idx)
        rowj = torch.slice(x, 1, j, j + 1)
        x = torch.scatter(x, 1, idx, rowj)
        x = torch.slice_scatter(x, rowp, 1, j, j + 1)
    return x


def _tr(x: Tensor) -> Tensor:
    return torch.transpose(x, -2, -1)


def _trimask(t: Tensor, lower: bool, diag: int) -> Tensor:
    # Keeps the lower (upper) triangle of (b, m, n) t from diagonal `diag` on, zeros the rest.
    m = t.size(1)
    n = t.size(2)
    r = torch.unsqueeze(torch.arange(0, m, 1), 1)
    c = torch.unsqueeze(torch.arange(0, n, 1), 0)
    if lower:
        keep = torch.ge(torch.sub(r, c), diag)
    else:
        keep = torch.ge(torch.sub(c, r), diag)
    return torch.where(keep, t, torch.full_like(t, 0.0))


def _trsolve(t: Tensor, rhs: Tensor, lower: bool, unit: bool) -> Tensor:
    # Forward (lower) or back (upper) substitution, Golub & Van Loan Alg. 3.1.1/3.1.2, row by
    # row: t (b, n, n) float64, rhs (b, n, r). Only t's triangle (and diagonal unless unit) is read.
    b = t.size(0)
    n = t.size(1)
    r = rhs.size(2)
    off = _trimask(t, lower, 1)
    x = torch.full([b, n, r], 0.0, dtype=torch.float64)
    for ii in range(n):
        i = ii
        if not lower:
            i = n - 1 - ii
        xi = torch.sub(torch.slice(rhs, 1, i, i + 1), torch.bmm(torch.slice(off, 1, i, i + 1), x))
        if not unit:
            xi = torch.div(xi, torch.slice(torch.slice(t, 1, i, i + 1), 2, i, i + 1))
        x = torch.slice_scatter(x, xi, 1, i, i + 1)
    return x


def _lusolve(lu: Tensor, piv: Tensor, rhs: Tensor, adjoint: bool) -> Tensor:
    # Solves A x = rhs (A^T x = rhs when adjoint) from getrf's P A = L U (LAPACK dgetrs):
    # x = U^-1 L^-1 P rhs, or x = P^T L^-T U^-T rhs. All (b, ., .) float64.
    if not adjoint:
        y = _swaps(rhs, piv, False)
        y = _trsolve(lu, y, True, True)
        return _trsolve(lu, y, False, False)
    lut = _tr(lu)
    y = _trsolve(lut, rhs, True, False)
    y = _trsolve(lut, y, False, True)
    return _swaps(y, piv, True)


def _bcast(x: List[int], y: List[int]) -> List[int]:
    # Broadcast shape of two batch shapes (torch broadcasting rules), read off a broadcast add of
    # two tiny tensors of those shapes.
    return torch.add(torch.full(x, 0, dtype=torch.int8), torch.full(y, 0, dtype=torch.int8)).size()


def _lusolve_b(lu: Tensor, piv: Tensor, abatch: List[int], rhs: Tensor, adjoint: bool) -> Tensor:
    # lu (bA, n, n) float64 and 0-based piv (bA, n) of batch shape abatch; rhs (..., n, r).
    # Broadcasts the batch dimensions; returns x (batch..., n, r) float64.
    n = lu.size(1)
    rs = rhs.size()
    r = rs[len(rs) - 1]
    batch = _bcast(abatch, rs[:-2])
    bb = _bsize(batch)
    lu_e = torch.reshape(torch.reshape(lu, abatch + [n, n]).expand(batch + [n, n]), [bb, n, n])
    k = piv.size(1)
    piv_e = torch.reshape(torch.reshape(piv, abatch + [k]).expand(batch + [k]), [bb, k])
    rhs_e = torch.reshape(torch._to_copy(rhs, dtype=torch.float64).expand(batch + [n, r]),
                          [bb, n, r])
    x = _lusolve(lu_e, piv_e, rhs_e, adjoint)
    return torch.reshape(x, batch + [n, r])


def _trsolve_b(a: Tensor, rhs: Tensor, lower: bool, unit: bool, trans: bool) -> Tensor:
    # Solves T x = rhs (T^T x = rhs when trans) with T the lower/upper triangle of a (..., n, n),
    # rhs (..., n, r), batch dimensions broadcast. Returns (batch..., n, r) float64.
    s = a.size()
    n = s[len(s) - 1]
    rs = rhs.size()
    r = rs[len(rs) - 1]
    batch = _bcast(s[:-2], rs[:-2])
    bb = _bsize(batch)
    t = torch.reshape(torch._to_copy(a, dtype=torch.float64).expand(batch + [n, n]), [bb, n, n])
    rhs_e = torch.reshape(torch._to_copy(rhs, dtype=torch.float64).expand(batch + [n, r]),
                          [bb, n, r])
    if trans:
        t = _tr(t)
        lower = not lower
    x = _trsolve(t, rhs_e, lower, unit)
    return torch.reshape(x, batch + [n, r])


def _geqrf(a: Tensor) -> Tuple[Tensor, Tensor]:
    # Householder QR as LAPACK dgeqr2/dlarfg compute it (Golub & Van Loan Alg. 5.2.1): for column
    # j, x = a[j:, j], beta = -sign(alpha) |x|, tau = (beta - alpha) / beta, v = x / (alpha - beta)
    # with v_0 = 1 (tau = 0 when x[1:] = 0); R's diagonal is beta, v is stored below it.
    # a (b, m, n) float64; returns the packed matrix and tau (b, min(m, n)).
    b, m, n, k = _bmnk(a)
    tau = torch.full([b, k], 0.0, dtype=torch.float64)
    r = torch.unsqueeze(torch.arange(0, m, 1), 0)
    for j in range(k):
        x = torch.select(a, 2, j)
        alpha = torch.select(x, 1, j)
        tail = torch.where(torch.gt(r, j), x, torch.full_like(x, 0.0))
        xn2 = torch.sum(torch.mul(tail, tail), [1])
        nz = torch.gt(xn2, 0.0)
        one = torch.full_like(alpha, 1.0)
        sg = torch.where(torch.ge(alpha, 0.0), one, torch.neg(one))
        beta = torch.where(nz,
                           torch.neg(torch.mul(sg,
                                               torch.sqrt(torch.add(torch.mul(alpha, alpha),
                                                                    xn2)))),
                           alpha)
        t = torch.where(nz, torch.div(torch.sub(beta, alpha), torch.where(nz, beta, one)),
                        torch.full_like(alpha, 0.0))
        denom = torch.where(nz, torch.sub(alpha, beta), one)
        vt = torch.div(tail, torch.unsqueeze(denom, 1))
        v = torch.where(torch.eq(r, j), torch.full_like(vt, 1.0), vt)
        tr = torch.slice(a, 2, j + 1, n)
        w = torch.bmm(torch.unsqueeze(v, 1), tr)
        tr = torch.sub(tr,
                       torch.mul(torch.unsqueeze(torch.unsqueeze(t, 1), 2),
                                 torch.mul(torch.unsqueeze(v, 2), w)))
        a = torch.slice_scatter(a, tr, 2, j + 1, n)
        col = torch.where(torch.gt(r, j), vt, x)
        col = torch.where(torch.eq(r, j), torch.unsqueeze(beta, 1).expand([b, m]), col)
        a = torch.select_scatter(a, col, 2, j)
        tau = torch.select_scatter(tau, t, 1, j)
    return a, tau


def _orgqr(a: Tensor, tau: Tensor, ncols: int) -> Tensor:
    # Q = H_1 H_2 ... H_k applied to the first ncols columns of the identity, H_j = I - tau_j v_j
    # v_j^T with v_j stored below the diagonal of a (b, m, n) (LAPACK dorg2r, backward
    # accumulation: Golub & Van Loan sec. 5.1.6). Returns (b, m, ncols) float64.
    b = a.size(0)
    m = a.size(1)
    k = tau.size(1)
    q = _eye(b, m, ncols)
    r = torch.unsqueeze(torch.arange(0, m, 1), 0)
    for jj in range(k):
        j = k - 1 - jj
        x = torch.select(a, 2, j)
        v = torch.where(torch.gt(r, j), x, torch.full_like(x, 0.0))
        v = torch.where(torch.eq(r, j), torch.full_like(x, 1.0), v)
        w = torch.bmm(torch.unsqueeze(v, 1), q)
        t = torch.unsqueeze(torch.unsqueeze(torch.select(tau, 1, j), 1), 2)
        q = torch.sub(q, torch.mul(t, torch.mul(torch.unsqueeze(v, 2), w)))
    return q
