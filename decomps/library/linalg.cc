// Decompositions of linear algebra: factorisations, solves, inverses, determinants, eigen/singular
// value decompositions into core ATen. The textbook algorithms are written as loops over columns
// (Golub & Van Loan, Matrix Computations, 4th ed., 2013; LAPACK's reference routines for pivot
// choices and sign conventions), batched over the leading dimensions, computed in float64 and cast
// back to the input dtype. Each entry carries its own copy of the helpers it uses (sources are
// compiled one entry at a time).
#include "decomps/library/library.h"

namespace graph_lower {

std::vector<TorchScriptDecomposition> LinalgDecompositions() {
  return {
      // LU with partial pivoting (LAPACK dgetrf): packed L\U, 1-based int32 pivots, info.
      {"aten::linalg_lu_factor_ex", "linalg_lu_factor_ex", R"TS(
def _lu(a: Tensor) -> Tuple[Tensor, Tensor]:
    # LU with partial pivoting (Golub & Van Loan, Matrix Computations 4th ed., Alg. 3.4.1; the
    # pivot is the first entry of largest magnitude, as LAPACK dgetf2/idamax choose it).
    # a: (b, m, n) float64. Returns packed L\U and 0-based pivot rows (b, min(m, n)) int64.
    b = a.size(0)
    m = a.size(1)
    n = a.size(2)
    k = min(m, n)
    piv = torch.full([b, k], 0, dtype=4)
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
        return torch.full([b], 0, dtype=3)
    z = torch.eq(d, 0.0)
    first = torch.add(torch.argmax(torch._to_copy(z, dtype=4), 1), 1)
    info = torch.where(torch.any(z, 1), first, torch.full_like(first, 0))
    return torch._to_copy(info, dtype=3)

def _bsize(sizes: List[int]) -> int:
    b = 1
    for s in sizes:
        b = b * s
    return b

def _flat(x: Tensor) -> Tensor:
    # (..., m, n) -> (b, m, n) float64
    s = x.size()
    m = s[len(s) - 2]
    n = s[len(s) - 1]
    return torch.reshape(torch._to_copy(x, dtype=7), [_bsize(s[:-2]), m, n])

def linalg_lu_factor_ex(A: Tensor, pivot: bool = True, check_errors: bool = False) -> Tuple[Tensor, Tensor, Tensor]:
    s = A.size()
    batch = s[:-2]
    k = min(s[len(s) - 2], s[len(s) - 1])
    lu, piv = _lu(_flat(A))
    info = torch.reshape(_luinfo(lu), batch)
    piv_out = torch.reshape(torch._to_copy(torch.add(piv, 1), dtype=3), batch + [k])
    return torch.reshape(torch._to_copy(lu, dtype=A.dtype), s), piv_out, info
)TS"},
      // det(A) = (-1)^(row interchanges) prod(diag(U)) from P A = L U (Golub & Van Loan sec. 3.4;
      // as torch's linalg_det kernel computes it).
      {"aten::_linalg_det", "_linalg_det", R"TS(
def _lu(a: Tensor) -> Tuple[Tensor, Tensor]:
    # LU with partial pivoting (Golub & Van Loan, Matrix Computations 4th ed., Alg. 3.4.1; the
    # pivot is the first entry of largest magnitude, as LAPACK dgetf2/idamax choose it).
    # a: (b, m, n) float64. Returns packed L\U and 0-based pivot rows (b, min(m, n)) int64.
    b = a.size(0)
    m = a.size(1)
    n = a.size(2)
    k = min(m, n)
    piv = torch.full([b, k], 0, dtype=4)
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

def _bsize(sizes: List[int]) -> int:
    b = 1
    for s in sizes:
        b = b * s
    return b

def _flat(x: Tensor) -> Tensor:
    # (..., m, n) -> (b, m, n) float64
    s = x.size()
    m = s[len(s) - 2]
    n = s[len(s) - 1]
    return torch.reshape(torch._to_copy(x, dtype=7), [_bsize(s[:-2]), m, n])

def _permsign(piv: Tensor) -> Tensor:
    # (-1)^(number of row interchanges) of getrf's pivots (b, k) 0-based, float64 (b,)
    k = piv.size(1)
    ar = torch.unsqueeze(torch.arange(0, k, 1), 0)
    s = torch.where(torch.ne(piv, ar), torch.full(piv.size(), -1.0, dtype=7),
                    torch.full(piv.size(), 1.0, dtype=7))
    return torch.prod(s, 1)

def _linalg_det(A: Tensor) -> Tuple[Tensor, Tensor, Tensor]:
    s = A.size()
    batch = s[:-2]
    n = s[len(s) - 1]
    lu, piv = _lu(_flat(A))
    det = torch.mul(torch.prod(torch.diagonal(lu, 0, 1, 2), 1), _permsign(piv))
    piv_out = torch.reshape(torch._to_copy(torch.add(piv, 1), dtype=3), batch + [n])
    return (torch.reshape(torch._to_copy(det, dtype=A.dtype), batch),
            torch.reshape(torch._to_copy(lu, dtype=A.dtype), s), piv_out)
)TS"},
      // sign and log|det| from the LU factorisation: sign = (-1)^(interchanges) prod(sign(U_ii)),
      // logabsdet = sum(log|U_ii|) (torch's linalg_slogdet kernel).
      {"aten::_linalg_slogdet", "_linalg_slogdet", R"TS(
def _lu(a: Tensor) -> Tuple[Tensor, Tensor]:
    # LU with partial pivoting (Golub & Van Loan, Matrix Computations 4th ed., Alg. 3.4.1; the
    # pivot is the first entry of largest magnitude, as LAPACK dgetf2/idamax choose it).
    # a: (b, m, n) float64. Returns packed L\U and 0-based pivot rows (b, min(m, n)) int64.
    b = a.size(0)
    m = a.size(1)
    n = a.size(2)
    k = min(m, n)
    piv = torch.full([b, k], 0, dtype=4)
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

def _bsize(sizes: List[int]) -> int:
    b = 1
    for s in sizes:
        b = b * s
    return b

def _flat(x: Tensor) -> Tensor:
    # (..., m, n) -> (b, m, n) float64
    s = x.size()
    m = s[len(s) - 2]
    n = s[len(s) - 1]
    return torch.reshape(torch._to_copy(x, dtype=7), [_bsize(s[:-2]), m, n])

def _permsign(piv: Tensor) -> Tensor:
    # (-1)^(number of row interchanges) of getrf's pivots (b, k) 0-based, float64 (b,)
    k = piv.size(1)
    ar = torch.unsqueeze(torch.arange(0, k, 1), 0)
    s = torch.where(torch.ne(piv, ar), torch.full(piv.size(), -1.0, dtype=7),
                    torch.full(piv.size(), 1.0, dtype=7))
    return torch.prod(s, 1)

def _linalg_slogdet(A: Tensor) -> Tuple[Tensor, Tensor, Tensor, Tensor]:
    s = A.size()
    batch = s[:-2]
    n = s[len(s) - 1]
    lu, piv = _lu(_flat(A))
    d = torch.diagonal(lu, 0, 1, 2)
    sign = torch.mul(torch.prod(torch.sign(d), 1), _permsign(piv))
    logabs = torch.sum(torch.log(torch.abs(d)), [1])
    piv_out = torch.reshape(torch._to_copy(torch.add(piv, 1), dtype=3), batch + [n])
    return (torch.reshape(torch._to_copy(sign, dtype=A.dtype), batch),
            torch.reshape(torch._to_copy(logabs, dtype=A.dtype), batch),
            torch.reshape(torch._to_copy(lu, dtype=A.dtype), s), piv_out)
)TS"},
      // A^-1 by solving A X = I from the LU factorisation (LAPACK dgesv on the identity).
      {"aten::linalg_inv_ex", "linalg_inv_ex", R"TS(
def _lu(a: Tensor) -> Tuple[Tensor, Tensor]:
    # LU with partial pivoting (Golub & Van Loan, Matrix Computations 4th ed., Alg. 3.4.1; the
    # pivot is the first entry of largest magnitude, as LAPACK dgetf2/idamax choose it).
    # a: (b, m, n) float64. Returns packed L\U and 0-based pivot rows (b, min(m, n)) int64.
    b = a.size(0)
    m = a.size(1)
    n = a.size(2)
    k = min(m, n)
    piv = torch.full([b, k], 0, dtype=4)
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

def _bsize(sizes: List[int]) -> int:
    b = 1
    for s in sizes:
        b = b * s
    return b

def _flat(x: Tensor) -> Tensor:
    # (..., m, n) -> (b, m, n) float64
    s = x.size()
    m = s[len(s) - 2]
    n = s[len(s) - 1]
    return torch.reshape(torch._to_copy(x, dtype=7), [_bsize(s[:-2]), m, n])

def _luinfo(lu: Tensor) -> Tensor:
    # LAPACK getrf's info: 1-based index of the first exactly zero U(i, i), else 0. (b,) int32
    b = lu.size(0)
    d = torch.diagonal(lu, 0, 1, 2)
    if d.size(1) == 0:
        return torch.full([b], 0, dtype=3)
    z = torch.eq(d, 0.0)
    first = torch.add(torch.argmax(torch._to_copy(z, dtype=4), 1), 1)
    info = torch.where(torch.any(z, 1), first, torch.full_like(first, 0))
    return torch._to_copy(info, dtype=3)

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
    x = torch.full([b, n, r], 0.0, dtype=7)
    for ii in range(n):
        i = ii
        if not lower:
            i = n - 1 - ii
        xi = torch.sub(torch.slice(rhs, 1, i, i + 1), torch.bmm(torch.slice(off, 1, i, i + 1), x))
        if not unit:
            xi = torch.div(xi, torch.slice(torch.slice(t, 1, i, i + 1), 2, i, i + 1))
        x = torch.slice_scatter(x, xi, 1, i, i + 1)
    return x

def _tr(x: Tensor) -> Tensor:
    return torch.transpose(x, -2, -1)

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

def _eye(b: int, m: int, n: int) -> Tensor:
    # (b, m, n) float64 identity
    r = torch.unsqueeze(torch.arange(0, m, 1), 1)
    c = torch.unsqueeze(torch.arange(0, n, 1), 0)
    e = torch._to_copy(torch.eq(r, c), dtype=7)
    return torch.clone(torch.unsqueeze(e, 0).expand([b, m, n]))

def linalg_inv_ex(A: Tensor, check_errors: bool = False) -> Tuple[Tensor, Tensor]:
    s = A.size()
    n = s[len(s) - 1]
    lu, piv = _lu(_flat(A))
    x = _lusolve(lu, piv, _eye(lu.size(0), n, n), False)
    return torch.reshape(torch._to_copy(x, dtype=A.dtype), s), torch.reshape(_luinfo(lu), s[:-2])
)TS"},
      // Solves A X = B (X A = B when not left) from the LU factorisation of A (LAPACK dgesv); B is
      // a
      // (batch of) vector(s) when linalg_solve_is_vector_rhs says so
      // (aten/src/ATen/native/LinearAlgebraUtils.h).
      {"aten::_linalg_solve_ex", "_linalg_solve_ex", R"TS(
def _lu(a: Tensor) -> Tuple[Tensor, Tensor]:
    # LU with partial pivoting (Golub & Van Loan, Matrix Computations 4th ed., Alg. 3.4.1; the
    # pivot is the first entry of largest magnitude, as LAPACK dgetf2/idamax choose it).
    # a: (b, m, n) float64. Returns packed L\U and 0-based pivot rows (b, min(m, n)) int64.
    b = a.size(0)
    m = a.size(1)
    n = a.size(2)
    k = min(m, n)
    piv = torch.full([b, k], 0, dtype=4)
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

def _bsize(sizes: List[int]) -> int:
    b = 1
    for s in sizes:
        b = b * s
    return b

def _flat(x: Tensor) -> Tensor:
    # (..., m, n) -> (b, m, n) float64
    s = x.size()
    m = s[len(s) - 2]
    n = s[len(s) - 1]
    return torch.reshape(torch._to_copy(x, dtype=7), [_bsize(s[:-2]), m, n])

def _luinfo(lu: Tensor) -> Tensor:
    # LAPACK getrf's info: 1-based index of the first exactly zero U(i, i), else 0. (b,) int32
    b = lu.size(0)
    d = torch.diagonal(lu, 0, 1, 2)
    if d.size(1) == 0:
        return torch.full([b], 0, dtype=3)
    z = torch.eq(d, 0.0)
    first = torch.add(torch.argmax(torch._to_copy(z, dtype=4), 1), 1)
    info = torch.where(torch.any(z, 1), first, torch.full_like(first, 0))
    return torch._to_copy(info, dtype=3)

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
    x = torch.full([b, n, r], 0.0, dtype=7)
    for ii in range(n):
        i = ii
        if not lower:
            i = n - 1 - ii
        xi = torch.sub(torch.slice(rhs, 1, i, i + 1), torch.bmm(torch.slice(off, 1, i, i + 1), x))
        if not unit:
            xi = torch.div(xi, torch.slice(torch.slice(t, 1, i, i + 1), 2, i, i + 1))
        x = torch.slice_scatter(x, xi, 1, i, i + 1)
    return x

def _tr(x: Tensor) -> Tensor:
    return torch.transpose(x, -2, -1)

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
    return torch.add(torch.full(x, 0, dtype=1), torch.full(y, 0, dtype=1)).size()

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
    rhs_e = torch.reshape(torch._to_copy(rhs, dtype=7).expand(batch + [n, r]), [bb, n, r])
    x = _lusolve(lu_e, piv_e, rhs_e, adjoint)
    return torch.reshape(x, batch + [n, r])

def _linalg_solve_ex(A: Tensor, B: Tensor, left: bool = True, check_errors: bool = False) -> Tuple[Tensor, Tensor, Tensor, Tensor]:
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
    piv_out = torch.reshape(torch._to_copy(torch.add(piv, 1), dtype=3), batch + [n])
    return (torch._to_copy(x, dtype=dt), torch.reshape(torch._to_copy(lu, dtype=A.dtype), s),
            piv_out, torch.reshape(_luinfo(lu), batch))
)TS"},
      // Solves A X = B (A^T X = B when adjoint; X A = B when not left) from getrf's LU and pivots
      // (LAPACK dgetrs).
      {"aten::linalg_lu_solve", "linalg_lu_solve", R"TS(
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
    x = torch.full([b, n, r], 0.0, dtype=7)
    for ii in range(n):
        i = ii
        if not lower:
            i = n - 1 - ii
        xi = torch.sub(torch.slice(rhs, 1, i, i + 1), torch.bmm(torch.slice(off, 1, i, i + 1), x))
        if not unit:
            xi = torch.div(xi, torch.slice(torch.slice(t, 1, i, i + 1), 2, i, i + 1))
        x = torch.slice_scatter(x, xi, 1, i, i + 1)
    return x

def _tr(x: Tensor) -> Tensor:
    return torch.transpose(x, -2, -1)

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
    return torch.add(torch.full(x, 0, dtype=1), torch.full(y, 0, dtype=1)).size()

def _bsize(sizes: List[int]) -> int:
    b = 1
    for s in sizes:
        b = b * s
    return b

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
    rhs_e = torch.reshape(torch._to_copy(rhs, dtype=7).expand(batch + [n, r]), [bb, n, r])
    x = _lusolve(lu_e, piv_e, rhs_e, adjoint)
    return torch.reshape(x, batch + [n, r])

def _flat(x: Tensor) -> Tensor:
    # (..., m, n) -> (b, m, n) float64
    s = x.size()
    m = s[len(s) - 2]
    n = s[len(s) - 1]
    return torch.reshape(torch._to_copy(x, dtype=7), [_bsize(s[:-2]), m, n])

def linalg_lu_solve(LU: Tensor, pivots: Tensor, B: Tensor, left: bool = True, adjoint: bool = False) -> Tensor:
    s = LU.size()
    ps = pivots.size()
    lu = _flat(LU)
    piv = torch.reshape(torch.sub(torch._to_copy(pivots, dtype=4), 1), [lu.size(0), ps[len(ps) - 1]])
    if left:
        x = _lusolve_b(lu, piv, s[:-2], B, adjoint)
    else:
        x = _tr(_lusolve_b(lu, piv, s[:-2], _tr(B), not adjoint))
    return torch._to_copy(x, dtype=B.dtype)
)TS"},
      // torch.lu_solve(b, LU, pivots) = linalg_lu_solve(LU, pivots, b) (LAPACK dgetrs).
      {"aten::lu_solve", "lu_solve", R"TS(
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
    x = torch.full([b, n, r], 0.0, dtype=7)
    for ii in range(n):
        i = ii
        if not lower:
            i = n - 1 - ii
        xi = torch.sub(torch.slice(rhs, 1, i, i + 1), torch.bmm(torch.slice(off, 1, i, i + 1), x))
        if not unit:
            xi = torch.div(xi, torch.slice(torch.slice(t, 1, i, i + 1), 2, i, i + 1))
        x = torch.slice_scatter(x, xi, 1, i, i + 1)
    return x

def _tr(x: Tensor) -> Tensor:
    return torch.transpose(x, -2, -1)

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
    return torch.add(torch.full(x, 0, dtype=1), torch.full(y, 0, dtype=1)).size()

def _bsize(sizes: List[int]) -> int:
    b = 1
    for s in sizes:
        b = b * s
    return b

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
    rhs_e = torch.reshape(torch._to_copy(rhs, dtype=7).expand(batch + [n, r]), [bb, n, r])
    x = _lusolve(lu_e, piv_e, rhs_e, adjoint)
    return torch.reshape(x, batch + [n, r])

def _flat(x: Tensor) -> Tensor:
    # (..., m, n) -> (b, m, n) float64
    s = x.size()
    m = s[len(s) - 2]
    n = s[len(s) - 1]
    return torch.reshape(torch._to_copy(x, dtype=7), [_bsize(s[:-2]), m, n])

def lu_solve(b: Tensor, LU_data: Tensor, LU_pivots: Tensor) -> Tensor:
    s = LU_data.size()
    ps = LU_pivots.size()
    lu = _flat(LU_data)
    piv = torch.reshape(torch.sub(torch._to_copy(LU_pivots, dtype=4), 1), [lu.size(0), ps[len(ps) - 1]])
    return torch._to_copy(_lusolve_b(lu, piv, s[:-2], b, False), dtype=b.dtype)
)TS"},
      // A = P L U with partial pivoting (LAPACK dgetrf), unpacked as torch.linalg.lu returns it.
      {"aten::linalg_lu", "linalg_lu", R"TS(
def _lu(a: Tensor) -> Tuple[Tensor, Tensor]:
    # LU with partial pivoting (Golub & Van Loan, Matrix Computations 4th ed., Alg. 3.4.1; the
    # pivot is the first entry of largest magnitude, as LAPACK dgetf2/idamax choose it).
    # a: (b, m, n) float64. Returns packed L\U and 0-based pivot rows (b, min(m, n)) int64.
    b = a.size(0)
    m = a.size(1)
    n = a.size(2)
    k = min(m, n)
    piv = torch.full([b, k], 0, dtype=4)
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

def _bsize(sizes: List[int]) -> int:
    b = 1
    for s in sizes:
        b = b * s
    return b

def _flat(x: Tensor) -> Tensor:
    # (..., m, n) -> (b, m, n) float64
    s = x.size()
    m = s[len(s) - 2]
    n = s[len(s) - 1]
    return torch.reshape(torch._to_copy(x, dtype=7), [_bsize(s[:-2]), m, n])

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

def _eye(b: int, m: int, n: int) -> Tensor:
    # (b, m, n) float64 identity
    r = torch.unsqueeze(torch.arange(0, m, 1), 1)
    c = torch.unsqueeze(torch.arange(0, n, 1), 0)
    e = torch._to_copy(torch.eq(r, c), dtype=7)
    return torch.clone(torch.unsqueeze(e, 0).expand([b, m, n]))

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

def _tr(x: Tensor) -> Tensor:
    return torch.transpose(x, -2, -1)

def linalg_lu(A: Tensor, pivot: bool = True) -> Tuple[Tensor, Tensor, Tensor]:
    s = A.size()
    batch = s[:-2]
    m = s[len(s) - 2]
    n = s[len(s) - 1]
    k = min(m, n)
    lu, piv = _lu(_flat(A))
    b = lu.size(0)
    p = _tr(_swaps(_eye(b, m, m), piv, False))
    l = torch.add(_trimask(torch.slice(lu, 2, 0, k), True, 1), _eye(b, m, k))
    u = _trimask(torch.slice(lu, 1, 0, k), False, 0)
    return (torch.reshape(torch._to_copy(p, dtype=A.dtype), batch + [m, m]),
            torch.reshape(torch._to_copy(l, dtype=A.dtype), batch + [m, k]),
            torch.reshape(torch._to_copy(u, dtype=A.dtype), batch + [k, n]))
)TS"},
      // Triangular solve by forward/back substitution (Golub & Van Loan Alg. 3.1.1/3.1.2; LAPACK
      // dtrtrs); X A = B is solved as A^T X^T = B^T.
      {"aten::linalg_solve_triangular", "linalg_solve_triangular", R"TS(
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
    x = torch.full([b, n, r], 0.0, dtype=7)
    for ii in range(n):
        i = ii
        if not lower:
            i = n - 1 - ii
        xi = torch.sub(torch.slice(rhs, 1, i, i + 1), torch.bmm(torch.slice(off, 1, i, i + 1), x))
        if not unit:
            xi = torch.div(xi, torch.slice(torch.slice(t, 1, i, i + 1), 2, i, i + 1))
        x = torch.slice_scatter(x, xi, 1, i, i + 1)
    return x

def _bcast(x: List[int], y: List[int]) -> List[int]:
    # Broadcast shape of two batch shapes (torch broadcasting rules), read off a broadcast add of
    # two tiny tensors of those shapes.
    return torch.add(torch.full(x, 0, dtype=1), torch.full(y, 0, dtype=1)).size()

def _bsize(sizes: List[int]) -> int:
    b = 1
    for s in sizes:
        b = b * s
    return b

def _tr(x: Tensor) -> Tensor:
    return torch.transpose(x, -2, -1)

def _trsolve_b(a: Tensor, rhs: Tensor, lower: bool, unit: bool, trans: bool) -> Tensor:
    # Solves T x = rhs (T^T x = rhs when trans) with T the lower/upper triangle of a (..., n, n),
    # rhs (..., n, r), batch dimensions broadcast. Returns (batch..., n, r) float64.
    s = a.size()
    n = s[len(s) - 1]
    rs = rhs.size()
    r = rs[len(rs) - 1]
    batch = _bcast(s[:-2], rs[:-2])
    bb = _bsize(batch)
    t = torch.reshape(torch._to_copy(a, dtype=7).expand(batch + [n, n]), [bb, n, n])
    rhs_e = torch.reshape(torch._to_copy(rhs, dtype=7).expand(batch + [n, r]), [bb, n, r])
    if trans:
        t = _tr(t)
        lower = not lower
    x = _trsolve(t, rhs_e, lower, unit)
    return torch.reshape(x, batch + [n, r])

def linalg_solve_triangular(A: Tensor, B: Tensor, upper: bool, left: bool = True, unitriangular: bool = False) -> Tensor:
    dt = torch.result_type(A, B)
    if left:
        x = _trsolve_b(A, B, not upper, unitriangular, False)
    else:
        x = _tr(_trsolve_b(A, _tr(B), not upper, unitriangular, True))
    return torch._to_copy(x, dtype=dt)
)TS"},
      // torch.triangular_solve(b, A): solves op(A) X = b by substitution (LAPACK dtrtrs); also
      // returns
      // A broadcast to the batch shape, as the kernel does.
      {"aten::triangular_solve", "triangular_solve", R"TS(
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
    x = torch.full([b, n, r], 0.0, dtype=7)
    for ii in range(n):
        i = ii
        if not lower:
            i = n - 1 - ii
        xi = torch.sub(torch.slice(rhs, 1, i, i + 1), torch.bmm(torch.slice(off, 1, i, i + 1), x))
        if not unit:
            xi = torch.div(xi, torch.slice(torch.slice(t, 1, i, i + 1), 2, i, i + 1))
        x = torch.slice_scatter(x, xi, 1, i, i + 1)
    return x

def _bcast(x: List[int], y: List[int]) -> List[int]:
    # Broadcast shape of two batch shapes (torch broadcasting rules), read off a broadcast add of
    # two tiny tensors of those shapes.
    return torch.add(torch.full(x, 0, dtype=1), torch.full(y, 0, dtype=1)).size()

def _bsize(sizes: List[int]) -> int:
    b = 1
    for s in sizes:
        b = b * s
    return b

def _tr(x: Tensor) -> Tensor:
    return torch.transpose(x, -2, -1)

def _trsolve_b(a: Tensor, rhs: Tensor, lower: bool, unit: bool, trans: bool) -> Tensor:
    # Solves T x = rhs (T^T x = rhs when trans) with T the lower/upper triangle of a (..., n, n),
    # rhs (..., n, r), batch dimensions broadcast. Returns (batch..., n, r) float64.
    s = a.size()
    n = s[len(s) - 1]
    rs = rhs.size()
    r = rs[len(rs) - 1]
    batch = _bcast(s[:-2], rs[:-2])
    bb = _bsize(batch)
    t = torch.reshape(torch._to_copy(a, dtype=7).expand(batch + [n, n]), [bb, n, n])
    rhs_e = torch.reshape(torch._to_copy(rhs, dtype=7).expand(batch + [n, r]), [bb, n, r])
    if trans:
        t = _tr(t)
        lower = not lower
    x = _trsolve(t, rhs_e, lower, unit)
    return torch.reshape(x, batch + [n, r])

def triangular_solve(self: Tensor, A: Tensor, upper: bool = True, transpose: bool = False, unitriangular: bool = False) -> Tuple[Tensor, Tensor]:
    x = _trsolve_b(A, self, not upper, unitriangular, transpose)
    s = A.size()
    batch = _bcast(s[:-2], self.size()[:-2])
    n = s[len(s) - 1]
    return torch._to_copy(x, dtype=self.dtype), torch.clone(A.expand(batch + [n, n]))
)TS"},
      // Symmetric eigendecomposition by the cyclic Jacobi method (Golub & Van Loan Alg. 8.5.3) on
      // the
      // matrix mirrored from its UPLO triangle, as LAPACK dsyevd reads it; eigenvalues ascending.
      // Eigenvectors are unique only up to sign: LAPACK's signs are not reproduced.
      {"aten::_linalg_eigh", "_linalg_eigh", R"TS(
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
    q = torch.add(torch.sub(torch.full([h], r, dtype=4), i), nn)
    q = torch.sub(q, torch.mul(torch.div(q, nn, rounding_mode="floor"), nn))
    p = torch.where(torch.eq(i, 0), torch.full_like(p, nn), p)
    return p, q

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

def _eye(b: int, m: int, n: int) -> Tensor:
    # (b, m, n) float64 identity
    r = torch.unsqueeze(torch.arange(0, m, 1), 1)
    c = torch.unsqueeze(torch.arange(0, n, 1), 0)
    e = torch._to_copy(torch.eq(r, c), dtype=7)
    return torch.clone(torch.unsqueeze(e, 0).expand([b, m, n]))

def _tr(x: Tensor) -> Tensor:
    return torch.transpose(x, -2, -1)

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
        a = torch.cat([a, torch.full([b, n, 1], 0.0, dtype=7)], 2)
        a = torch.cat([a, torch.full([b, 1, np], 0.0, dtype=7)], 1)
    v = _eye(b, np, np)
    for sweep in range(sweeps):
        for r in range(np - 1):
            p, q = _rrpairs(np, r)
            d = torch.diagonal(a, 0, 1, 2)
            app = torch.index_select(d, 1, p)
            aqq = torch.index_select(d, 1, q)
            apq = torch.squeeze(torch.gather(torch.index_select(a, 1, p), 2, torch.unsqueeze(torch.unsqueeze(q, 0), 2).expand([b, p.size(0), 1])), 2)
            c, s = _rot(app, aqq, apq)
            a = _prot(a, p, q, c, s)
            a = _tr(_prot(_tr(a), p, q, c, s))
            v = _prot(v, p, q, c, s)
    d = torch.slice(torch.diagonal(a, 0, 1, 2), 1, 0, n)
    v = torch.slice(torch.slice(v, 1, 0, n), 2, 0, n)
    w, idx = torch.sort(d, 1)
    v = torch.gather(v, 2, torch.unsqueeze(idx, 1).expand([b, n, n]))
    return w, v

def _bsize(sizes: List[int]) -> int:
    b = 1
    for s in sizes:
        b = b * s
    return b

def _flat(x: Tensor) -> Tensor:
    # (..., m, n) -> (b, m, n) float64
    s = x.size()
    m = s[len(s) - 2]
    n = s[len(s) - 1]
    return torch.reshape(torch._to_copy(x, dtype=7), [_bsize(s[:-2]), m, n])

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
)TS"},
      // SVD by one-sided Jacobi (Golub & Van Loan sec. 8.6.3) on A or A^T, whichever is tall; full
      // U
      // (V) completed with the Householder QR of the thin factor (LAPACK dgeqrf/dorgqr). Singular
      // vectors are unique only up to sign: LAPACK's signs are not reproduced.
      {"aten::_linalg_svd", "_linalg_svd", R"TS(
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
    q = torch.add(torch.sub(torch.full([h], r, dtype=4), i), nn)
    q = torch.sub(q, torch.mul(torch.div(q, nn, rounding_mode="floor"), nn))
    p = torch.where(torch.eq(i, 0), torch.full_like(p, nn), p)
    return p, q

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

def _eye(b: int, m: int, n: int) -> Tensor:
    # (b, m, n) float64 identity
    r = torch.unsqueeze(torch.arange(0, m, 1), 1)
    c = torch.unsqueeze(torch.arange(0, n, 1), 0)
    e = torch._to_copy(torch.eq(r, c), dtype=7)
    return torch.clone(torch.unsqueeze(e, 0).expand([b, m, n]))

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
        a = torch.cat([a, torch.full([b, m, 1], 0.0, dtype=7)], 2)
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

def _geqrf(a: Tensor) -> Tuple[Tensor, Tensor]:
    # Householder QR as LAPACK dgeqr2/dlarfg compute it (Golub & Van Loan Alg. 5.2.1): for column
    # j, x = a[j:, j], beta = -sign(alpha) |x|, tau = (beta - alpha) / beta, v = x / (alpha - beta)
    # with v_0 = 1 (tau = 0 when x[1:] = 0); R's diagonal is beta, v is stored below it.
    # a (b, m, n) float64; returns the packed matrix and tau (b, min(m, n)).
    b = a.size(0)
    m = a.size(1)
    n = a.size(2)
    k = min(m, n)
    tau = torch.full([b, k], 0.0, dtype=7)
    r = torch.unsqueeze(torch.arange(0, m, 1), 0)
    for j in range(k):
        x = torch.select(a, 2, j)
        alpha = torch.select(x, 1, j)
        tail = torch.where(torch.gt(r, j), x, torch.full_like(x, 0.0))
        xn2 = torch.sum(torch.mul(tail, tail), [1])
        nz = torch.gt(xn2, 0.0)
        one = torch.full_like(alpha, 1.0)
        sg = torch.where(torch.ge(alpha, 0.0), one, torch.neg(one))
        beta = torch.where(nz, torch.neg(torch.mul(sg, torch.sqrt(torch.add(torch.mul(alpha, alpha), xn2)))), alpha)
        t = torch.where(nz, torch.div(torch.sub(beta, alpha), torch.where(nz, beta, one)), torch.full_like(alpha, 0.0))
        denom = torch.where(nz, torch.sub(alpha, beta), one)
        vt = torch.div(tail, torch.unsqueeze(denom, 1))
        v = torch.where(torch.eq(r, j), torch.full_like(vt, 1.0), vt)
        tr = torch.slice(a, 2, j + 1, n)
        w = torch.bmm(torch.unsqueeze(v, 1), tr)
        tr = torch.sub(tr, torch.mul(torch.unsqueeze(torch.unsqueeze(t, 1), 2), torch.mul(torch.unsqueeze(v, 2), w)))
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

def _bsize(sizes: List[int]) -> int:
    b = 1
    for s in sizes:
        b = b * s
    return b

def _flat(x: Tensor) -> Tensor:
    # (..., m, n) -> (b, m, n) float64
    s = x.size()
    m = s[len(s) - 2]
    n = s[len(s) - 1]
    return torch.reshape(torch._to_copy(x, dtype=7), [_bsize(s[:-2]), m, n])

def _tr(x: Tensor) -> Tensor:
    return torch.transpose(x, -2, -1)

def _linalg_svd(A: Tensor, full_matrices: bool = False, compute_uv: bool = True, driver: Optional[str] = None) -> Tuple[Tensor, Tensor, Tensor]:
    s = A.size()
    batch = s[:-2]
    m = s[len(s) - 2]
    n = s[len(s) - 1]
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
)TS"},
      // Householder QR in LAPACK's packed form (dgeqr2/dlarfg).
      {"aten::geqrf", "geqrf", R"TS(
def _geqrf(a: Tensor) -> Tuple[Tensor, Tensor]:
    # Householder QR as LAPACK dgeqr2/dlarfg compute it (Golub & Van Loan Alg. 5.2.1): for column
    # j, x = a[j:, j], beta = -sign(alpha) |x|, tau = (beta - alpha) / beta, v = x / (alpha - beta)
    # with v_0 = 1 (tau = 0 when x[1:] = 0); R's diagonal is beta, v is stored below it.
    # a (b, m, n) float64; returns the packed matrix and tau (b, min(m, n)).
    b = a.size(0)
    m = a.size(1)
    n = a.size(2)
    k = min(m, n)
    tau = torch.full([b, k], 0.0, dtype=7)
    r = torch.unsqueeze(torch.arange(0, m, 1), 0)
    for j in range(k):
        x = torch.select(a, 2, j)
        alpha = torch.select(x, 1, j)
        tail = torch.where(torch.gt(r, j), x, torch.full_like(x, 0.0))
        xn2 = torch.sum(torch.mul(tail, tail), [1])
        nz = torch.gt(xn2, 0.0)
        one = torch.full_like(alpha, 1.0)
        sg = torch.where(torch.ge(alpha, 0.0), one, torch.neg(one))
        beta = torch.where(nz, torch.neg(torch.mul(sg, torch.sqrt(torch.add(torch.mul(alpha, alpha), xn2)))), alpha)
        t = torch.where(nz, torch.div(torch.sub(beta, alpha), torch.where(nz, beta, one)), torch.full_like(alpha, 0.0))
        denom = torch.where(nz, torch.sub(alpha, beta), one)
        vt = torch.div(tail, torch.unsqueeze(denom, 1))
        v = torch.where(torch.eq(r, j), torch.full_like(vt, 1.0), vt)
        tr = torch.slice(a, 2, j + 1, n)
        w = torch.bmm(torch.unsqueeze(v, 1), tr)
        tr = torch.sub(tr, torch.mul(torch.unsqueeze(torch.unsqueeze(t, 1), 2), torch.mul(torch.unsqueeze(v, 2), w)))
        a = torch.slice_scatter(a, tr, 2, j + 1, n)
        col = torch.where(torch.gt(r, j), vt, x)
        col = torch.where(torch.eq(r, j), torch.unsqueeze(beta, 1).expand([b, m]), col)
        a = torch.select_scatter(a, col, 2, j)
        tau = torch.select_scatter(tau, t, 1, j)
    return a, tau

def _bsize(sizes: List[int]) -> int:
    b = 1
    for s in sizes:
        b = b * s
    return b

def _flat(x: Tensor) -> Tensor:
    # (..., m, n) -> (b, m, n) float64
    s = x.size()
    m = s[len(s) - 2]
    n = s[len(s) - 1]
    return torch.reshape(torch._to_copy(x, dtype=7), [_bsize(s[:-2]), m, n])

def geqrf(self: Tensor) -> Tuple[Tensor, Tensor]:
    s = self.size()
    batch = s[:-2]
    k = min(s[len(s) - 2], s[len(s) - 1])
    a, tau = _geqrf(_flat(self))
    return (torch.reshape(torch._to_copy(a, dtype=self.dtype), s),
            torch.reshape(torch._to_copy(tau, dtype=self.dtype), batch + [k]))
)TS"},
      // QR by Householder reflections with LAPACK's sign conventions (dgeqrf, then dorgqr for Q).
      {"aten::linalg_qr", "linalg_qr", R"TS(
def _geqrf(a: Tensor) -> Tuple[Tensor, Tensor]:
    # Householder QR as LAPACK dgeqr2/dlarfg compute it (Golub & Van Loan Alg. 5.2.1): for column
    # j, x = a[j:, j], beta = -sign(alpha) |x|, tau = (beta - alpha) / beta, v = x / (alpha - beta)
    # with v_0 = 1 (tau = 0 when x[1:] = 0); R's diagonal is beta, v is stored below it.
    # a (b, m, n) float64; returns the packed matrix and tau (b, min(m, n)).
    b = a.size(0)
    m = a.size(1)
    n = a.size(2)
    k = min(m, n)
    tau = torch.full([b, k], 0.0, dtype=7)
    r = torch.unsqueeze(torch.arange(0, m, 1), 0)
    for j in range(k):
        x = torch.select(a, 2, j)
        alpha = torch.select(x, 1, j)
        tail = torch.where(torch.gt(r, j), x, torch.full_like(x, 0.0))
        xn2 = torch.sum(torch.mul(tail, tail), [1])
        nz = torch.gt(xn2, 0.0)
        one = torch.full_like(alpha, 1.0)
        sg = torch.where(torch.ge(alpha, 0.0), one, torch.neg(one))
        beta = torch.where(nz, torch.neg(torch.mul(sg, torch.sqrt(torch.add(torch.mul(alpha, alpha), xn2)))), alpha)
        t = torch.where(nz, torch.div(torch.sub(beta, alpha), torch.where(nz, beta, one)), torch.full_like(alpha, 0.0))
        denom = torch.where(nz, torch.sub(alpha, beta), one)
        vt = torch.div(tail, torch.unsqueeze(denom, 1))
        v = torch.where(torch.eq(r, j), torch.full_like(vt, 1.0), vt)
        tr = torch.slice(a, 2, j + 1, n)
        w = torch.bmm(torch.unsqueeze(v, 1), tr)
        tr = torch.sub(tr, torch.mul(torch.unsqueeze(torch.unsqueeze(t, 1), 2), torch.mul(torch.unsqueeze(v, 2), w)))
        a = torch.slice_scatter(a, tr, 2, j + 1, n)
        col = torch.where(torch.gt(r, j), vt, x)
        col = torch.where(torch.eq(r, j), torch.unsqueeze(beta, 1).expand([b, m]), col)
        a = torch.select_scatter(a, col, 2, j)
        tau = torch.select_scatter(tau, t, 1, j)
    return a, tau

def _eye(b: int, m: int, n: int) -> Tensor:
    # (b, m, n) float64 identity
    r = torch.unsqueeze(torch.arange(0, m, 1), 1)
    c = torch.unsqueeze(torch.arange(0, n, 1), 0)
    e = torch._to_copy(torch.eq(r, c), dtype=7)
    return torch.clone(torch.unsqueeze(e, 0).expand([b, m, n]))

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

def _bsize(sizes: List[int]) -> int:
    b = 1
    for s in sizes:
        b = b * s
    return b

def _flat(x: Tensor) -> Tensor:
    # (..., m, n) -> (b, m, n) float64
    s = x.size()
    m = s[len(s) - 2]
    n = s[len(s) - 1]
    return torch.reshape(torch._to_copy(x, dtype=7), [_bsize(s[:-2]), m, n])

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

def linalg_qr(A: Tensor, mode: str = "reduced") -> Tuple[Tensor, Tensor]:
    s = A.size()
    batch = s[:-2]
    m = s[len(s) - 2]
    n = s[len(s) - 1]
    k = min(m, n)
    a, tau = _geqrf(_flat(A))
    rows = k
    if mode == "complete":
        rows = m
    r = _trimask(torch.slice(a, 1, 0, rows), False, 0)
    R = torch.reshape(torch._to_copy(r, dtype=A.dtype), batch + [rows, n])
    if mode == "r":
        return torch.full([0], 0.0, dtype=A.dtype), R
    q = _orgqr(a, tau, rows)
    return torch.reshape(torch._to_copy(q, dtype=A.dtype), batch + [m, rows]), R
)TS"},
      // Q = H_1 ... H_k from Householder vectors and tau (LAPACK dorgqr).
      {"aten::linalg_householder_product", "linalg_householder_product", R"TS(
def _eye(b: int, m: int, n: int) -> Tensor:
    # (b, m, n) float64 identity
    r = torch.unsqueeze(torch.arange(0, m, 1), 1)
    c = torch.unsqueeze(torch.arange(0, n, 1), 0)
    e = torch._to_copy(torch.eq(r, c), dtype=7)
    return torch.clone(torch.unsqueeze(e, 0).expand([b, m, n]))

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

def _bsize(sizes: List[int]) -> int:
    b = 1
    for s in sizes:
        b = b * s
    return b

def _flat(x: Tensor) -> Tensor:
    # (..., m, n) -> (b, m, n) float64
    s = x.size()
    m = s[len(s) - 2]
    n = s[len(s) - 1]
    return torch.reshape(torch._to_copy(x, dtype=7), [_bsize(s[:-2]), m, n])

def linalg_householder_product(input: Tensor, tau: Tensor) -> Tensor:
    s = input.size()
    n = s[len(s) - 1]
    a = _flat(input)
    ts = tau.size()
    t = torch.reshape(torch._to_copy(tau, dtype=7), [a.size(0), ts[len(ts) - 1]])
    return torch.reshape(torch._to_copy(_orgqr(a, t, n), dtype=input.dtype), s)
)TS"},
      // Multiplies by Q = H_1 ... H_k (or Q^T) from the left or right (LAPACK dormqr), with Q
      // formed
      // explicitly (dorgqr).
      {"aten::ormqr", "ormqr", R"TS(
def _eye(b: int, m: int, n: int) -> Tensor:
    # (b, m, n) float64 identity
    r = torch.unsqueeze(torch.arange(0, m, 1), 1)
    c = torch.unsqueeze(torch.arange(0, n, 1), 0)
    e = torch._to_copy(torch.eq(r, c), dtype=7)
    return torch.clone(torch.unsqueeze(e, 0).expand([b, m, n]))

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

def _bsize(sizes: List[int]) -> int:
    b = 1
    for s in sizes:
        b = b * s
    return b

def _flat(x: Tensor) -> Tensor:
    # (..., m, n) -> (b, m, n) float64
    s = x.size()
    m = s[len(s) - 2]
    n = s[len(s) - 1]
    return torch.reshape(torch._to_copy(x, dtype=7), [_bsize(s[:-2]), m, n])

def _tr(x: Tensor) -> Tensor:
    return torch.transpose(x, -2, -1)

def ormqr(self: Tensor, input2: Tensor, input3: Tensor, left: bool = True, transpose: bool = False) -> Tensor:
    s = self.size()
    cs = input3.size()
    a = _flat(self)
    ts = input2.size()
    t = torch.reshape(torch._to_copy(input2, dtype=7), [a.size(0), ts[len(ts) - 1]])
    m = a.size(1)
    q = _orgqr(a, t, m)
    if transpose:
        q = _tr(q)
    c = _flat(input3)
    if left:
        out = torch.bmm(q, c)
    else:
        out = torch.bmm(c, q)
    return torch.reshape(torch._to_copy(out, dtype=input3.dtype), cs)
)TS"},
      // Cholesky factorisation (Golub & Van Loan Alg. 4.2.2; LAPACK dpotrf) of the UPLO triangle.
      {"aten::linalg_cholesky_ex", "linalg_cholesky_ex", R"TS(
def _tr(x: Tensor) -> Tensor:
    return torch.transpose(x, -2, -1)

def _chol(a: Tensor) -> Tuple[Tensor, Tensor]:
    # Cholesky factor by columns (Golub & Van Loan Alg. 4.2.2, gaxpy Cholesky; LAPACK dpotf2),
    # reading only the lower triangle of a (b, n, n) float64. Returns L and potrf's info (b,)
    # int32: the 1-based order of the first non-positive leading minor, else 0.
    b = a.size(0)
    n = a.size(1)
    l = torch.full([b, n, n], 0.0, dtype=7)
    r = torch.unsqueeze(torch.unsqueeze(torch.arange(0, n, 1), 0), 2)
    info = torch.full([b], 0, dtype=4)
    for j in range(n):
        lj = torch.slice(l, 1, j, j + 1)
        v = torch.sub(torch.slice(a, 2, j, j + 1), torch.bmm(l, _tr(lj)))
        d = torch.slice(v, 1, j, j + 1)
        bad = torch.logical_and(torch.eq(info, 0), torch.reshape(torch.le(d, 0.0), [b]))
        info = torch.where(bad, torch.full_like(info, j + 1), info)
        sd = torch.sqrt(d)
        col = torch.where(torch.gt(r, j), torch.div(v, sd), torch.full_like(v, 0.0))
        col = torch.slice_scatter(col, sd, 1, j, j + 1)
        l = torch.slice_scatter(l, col, 2, j, j + 1)
    return l, torch._to_copy(info, dtype=3)

def _bsize(sizes: List[int]) -> int:
    b = 1
    for s in sizes:
        b = b * s
    return b

def _flat(x: Tensor) -> Tensor:
    # (..., m, n) -> (b, m, n) float64
    s = x.size()
    m = s[len(s) - 2]
    n = s[len(s) - 1]
    return torch.reshape(torch._to_copy(x, dtype=7), [_bsize(s[:-2]), m, n])

def linalg_cholesky_ex(A: Tensor, upper: bool = False, check_errors: bool = False) -> Tuple[Tensor, Tensor]:
    s = A.size()
    a = _flat(A)
    if upper:
        a = _tr(a)
    l, info = _chol(a)
    if upper:
        l = _tr(l)
    return torch.reshape(torch._to_copy(l, dtype=A.dtype), s), torch.reshape(info, s[:-2])
)TS"},
      // Cholesky factorisation (Golub & Van Loan Alg. 4.2.2; LAPACK dpotrf).
      {"aten::linalg_cholesky", "linalg_cholesky", R"TS(
def _tr(x: Tensor) -> Tensor:
    return torch.transpose(x, -2, -1)

def _chol(a: Tensor) -> Tuple[Tensor, Tensor]:
    # Cholesky factor by columns (Golub & Van Loan Alg. 4.2.2, gaxpy Cholesky; LAPACK dpotf2),
    # reading only the lower triangle of a (b, n, n) float64. Returns L and potrf's info (b,)
    # int32: the 1-based order of the first non-positive leading minor, else 0.
    b = a.size(0)
    n = a.size(1)
    l = torch.full([b, n, n], 0.0, dtype=7)
    r = torch.unsqueeze(torch.unsqueeze(torch.arange(0, n, 1), 0), 2)
    info = torch.full([b], 0, dtype=4)
    for j in range(n):
        lj = torch.slice(l, 1, j, j + 1)
        v = torch.sub(torch.slice(a, 2, j, j + 1), torch.bmm(l, _tr(lj)))
        d = torch.slice(v, 1, j, j + 1)
        bad = torch.logical_and(torch.eq(info, 0), torch.reshape(torch.le(d, 0.0), [b]))
        info = torch.where(bad, torch.full_like(info, j + 1), info)
        sd = torch.sqrt(d)
        col = torch.where(torch.gt(r, j), torch.div(v, sd), torch.full_like(v, 0.0))
        col = torch.slice_scatter(col, sd, 1, j, j + 1)
        l = torch.slice_scatter(l, col, 2, j, j + 1)
    return l, torch._to_copy(info, dtype=3)

def _bsize(sizes: List[int]) -> int:
    b = 1
    for s in sizes:
        b = b * s
    return b

def _flat(x: Tensor) -> Tensor:
    # (..., m, n) -> (b, m, n) float64
    s = x.size()
    m = s[len(s) - 2]
    n = s[len(s) - 1]
    return torch.reshape(torch._to_copy(x, dtype=7), [_bsize(s[:-2]), m, n])

def linalg_cholesky(A: Tensor, upper: bool = False) -> Tensor:
    s = A.size()
    a = _flat(A)
    if upper:
        a = _tr(a)
    l, info = _chol(a)
    if upper:
        l = _tr(l)
    return torch.reshape(torch._to_copy(l, dtype=A.dtype), s)
)TS"},
      // Cholesky factorisation (Golub & Van Loan Alg. 4.2.2; LAPACK dpotrf).
      {"aten::cholesky", "cholesky", R"TS(
def _tr(x: Tensor) -> Tensor:
    return torch.transpose(x, -2, -1)

def _chol(a: Tensor) -> Tuple[Tensor, Tensor]:
    # Cholesky factor by columns (Golub & Van Loan Alg. 4.2.2, gaxpy Cholesky; LAPACK dpotf2),
    # reading only the lower triangle of a (b, n, n) float64. Returns L and potrf's info (b,)
    # int32: the 1-based order of the first non-positive leading minor, else 0.
    b = a.size(0)
    n = a.size(1)
    l = torch.full([b, n, n], 0.0, dtype=7)
    r = torch.unsqueeze(torch.unsqueeze(torch.arange(0, n, 1), 0), 2)
    info = torch.full([b], 0, dtype=4)
    for j in range(n):
        lj = torch.slice(l, 1, j, j + 1)
        v = torch.sub(torch.slice(a, 2, j, j + 1), torch.bmm(l, _tr(lj)))
        d = torch.slice(v, 1, j, j + 1)
        bad = torch.logical_and(torch.eq(info, 0), torch.reshape(torch.le(d, 0.0), [b]))
        info = torch.where(bad, torch.full_like(info, j + 1), info)
        sd = torch.sqrt(d)
        col = torch.where(torch.gt(r, j), torch.div(v, sd), torch.full_like(v, 0.0))
        col = torch.slice_scatter(col, sd, 1, j, j + 1)
        l = torch.slice_scatter(l, col, 2, j, j + 1)
    return l, torch._to_copy(info, dtype=3)

def _bsize(sizes: List[int]) -> int:
    b = 1
    for s in sizes:
        b = b * s
    return b

def _flat(x: Tensor) -> Tensor:
    # (..., m, n) -> (b, m, n) float64
    s = x.size()
    m = s[len(s) - 2]
    n = s[len(s) - 1]
    return torch.reshape(torch._to_copy(x, dtype=7), [_bsize(s[:-2]), m, n])

def cholesky(A: Tensor, upper: bool = False) -> Tensor:
    s = A.size()
    a = _flat(A)
    if upper:
        a = _tr(a)
    l, info = _chol(a)
    if upper:
        l = _tr(l)
    return torch.reshape(torch._to_copy(l, dtype=A.dtype), s)
)TS"},
      // Solves (L L^T) X = B (U^T U when upper) by two triangular solves (LAPACK dpotrs).
      {"aten::cholesky_solve", "cholesky_solve", R"TS(
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
    x = torch.full([b, n, r], 0.0, dtype=7)
    for ii in range(n):
        i = ii
        if not lower:
            i = n - 1 - ii
        xi = torch.sub(torch.slice(rhs, 1, i, i + 1), torch.bmm(torch.slice(off, 1, i, i + 1), x))
        if not unit:
            xi = torch.div(xi, torch.slice(torch.slice(t, 1, i, i + 1), 2, i, i + 1))
        x = torch.slice_scatter(x, xi, 1, i, i + 1)
    return x

def _bcast(x: List[int], y: List[int]) -> List[int]:
    # Broadcast shape of two batch shapes (torch broadcasting rules), read off a broadcast add of
    # two tiny tensors of those shapes.
    return torch.add(torch.full(x, 0, dtype=1), torch.full(y, 0, dtype=1)).size()

def _bsize(sizes: List[int]) -> int:
    b = 1
    for s in sizes:
        b = b * s
    return b

def _tr(x: Tensor) -> Tensor:
    return torch.transpose(x, -2, -1)

def _trsolve_b(a: Tensor, rhs: Tensor, lower: bool, unit: bool, trans: bool) -> Tensor:
    # Solves T x = rhs (T^T x = rhs when trans) with T the lower/upper triangle of a (..., n, n),
    # rhs (..., n, r), batch dimensions broadcast. Returns (batch..., n, r) float64.
    s = a.size()
    n = s[len(s) - 1]
    rs = rhs.size()
    r = rs[len(rs) - 1]
    batch = _bcast(s[:-2], rs[:-2])
    bb = _bsize(batch)
    t = torch.reshape(torch._to_copy(a, dtype=7).expand(batch + [n, n]), [bb, n, n])
    rhs_e = torch.reshape(torch._to_copy(rhs, dtype=7).expand(batch + [n, r]), [bb, n, r])
    if trans:
        t = _tr(t)
        lower = not lower
    x = _trsolve(t, rhs_e, lower, unit)
    return torch.reshape(x, batch + [n, r])

def cholesky_solve(self: Tensor, input2: Tensor, upper: bool = False) -> Tensor:
    if upper:
        y = _trsolve_b(input2, self, False, False, True)
        x = _trsolve_b(input2, y, False, False, False)
    else:
        y = _trsolve_b(input2, self, True, False, False)
        x = _trsolve_b(input2, y, True, False, True)
    return torch._to_copy(x, dtype=torch.result_type(self, input2))
)TS"},
      // (L L^T)^-1 (U^T U when upper) by two triangular solves on the identity (LAPACK dpotri).
      {"aten::cholesky_inverse", "cholesky_inverse", R"TS(
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
    x = torch.full([b, n, r], 0.0, dtype=7)
    for ii in range(n):
        i = ii
        if not lower:
            i = n - 1 - ii
        xi = torch.sub(torch.slice(rhs, 1, i, i + 1), torch.bmm(torch.slice(off, 1, i, i + 1), x))
        if not unit:
            xi = torch.div(xi, torch.slice(torch.slice(t, 1, i, i + 1), 2, i, i + 1))
        x = torch.slice_scatter(x, xi, 1, i, i + 1)
    return x

def _bcast(x: List[int], y: List[int]) -> List[int]:
    # Broadcast shape of two batch shapes (torch broadcasting rules), read off a broadcast add of
    # two tiny tensors of those shapes.
    return torch.add(torch.full(x, 0, dtype=1), torch.full(y, 0, dtype=1)).size()

def _bsize(sizes: List[int]) -> int:
    b = 1
    for s in sizes:
        b = b * s
    return b

def _tr(x: Tensor) -> Tensor:
    return torch.transpose(x, -2, -1)

def _trsolve_b(a: Tensor, rhs: Tensor, lower: bool, unit: bool, trans: bool) -> Tensor:
    # Solves T x = rhs (T^T x = rhs when trans) with T the lower/upper triangle of a (..., n, n),
    # rhs (..., n, r), batch dimensions broadcast. Returns (batch..., n, r) float64.
    s = a.size()
    n = s[len(s) - 1]
    rs = rhs.size()
    r = rs[len(rs) - 1]
    batch = _bcast(s[:-2], rs[:-2])
    bb = _bsize(batch)
    t = torch.reshape(torch._to_copy(a, dtype=7).expand(batch + [n, n]), [bb, n, n])
    rhs_e = torch.reshape(torch._to_copy(rhs, dtype=7).expand(batch + [n, r]), [bb, n, r])
    if trans:
        t = _tr(t)
        lower = not lower
    x = _trsolve(t, rhs_e, lower, unit)
    return torch.reshape(x, batch + [n, r])

def _eye(b: int, m: int, n: int) -> Tensor:
    # (b, m, n) float64 identity
    r = torch.unsqueeze(torch.arange(0, m, 1), 1)
    c = torch.unsqueeze(torch.arange(0, n, 1), 0)
    e = torch._to_copy(torch.eq(r, c), dtype=7)
    return torch.clone(torch.unsqueeze(e, 0).expand([b, m, n]))

def _flat(x: Tensor) -> Tensor:
    # (..., m, n) -> (b, m, n) float64
    s = x.size()
    m = s[len(s) - 2]
    n = s[len(s) - 1]
    return torch.reshape(torch._to_copy(x, dtype=7), [_bsize(s[:-2]), m, n])

def cholesky_inverse(self: Tensor, upper: bool = False) -> Tensor:
    s = self.size()
    n = s[len(s) - 1]
    f = _flat(self)
    e = _eye(f.size(0), n, n)
    if upper:
        y = _trsolve_b(f, e, False, False, True)
        x = _trsolve_b(f, y, False, False, False)
    else:
        y = _trsolve_b(f, e, True, False, False)
        x = _trsolve_b(f, y, True, False, True)
    return torch.reshape(torch._to_copy(x, dtype=self.dtype), s)
)TS"},
      // Pseudo-inverse V diag(1/S) U^T keeping singular values above max(atol, rtol * S_max), with
      // torch's default tolerances (aten/src/ATen/native/LinearAlgebra.cpp linalg_pinv and
      // get_atol_rtol); the SVD by one-sided Jacobi, the Hermitian case by Jacobi eigh on the lower
      // triangle. The result does not depend on the singular vectors' signs.
      {"aten::linalg_pinv.atol_rtol_tensor", "linalg_pinv", R"TS(
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
    q = torch.add(torch.sub(torch.full([h], r, dtype=4), i), nn)
    q = torch.sub(q, torch.mul(torch.div(q, nn, rounding_mode="floor"), nn))
    p = torch.where(torch.eq(i, 0), torch.full_like(p, nn), p)
    return p, q

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

def _eye(b: int, m: int, n: int) -> Tensor:
    # (b, m, n) float64 identity
    r = torch.unsqueeze(torch.arange(0, m, 1), 1)
    c = torch.unsqueeze(torch.arange(0, n, 1), 0)
    e = torch._to_copy(torch.eq(r, c), dtype=7)
    return torch.clone(torch.unsqueeze(e, 0).expand([b, m, n]))

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
        a = torch.cat([a, torch.full([b, m, 1], 0.0, dtype=7)], 2)
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

def _tr(x: Tensor) -> Tensor:
    return torch.transpose(x, -2, -1)

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
        a = torch.cat([a, torch.full([b, n, 1], 0.0, dtype=7)], 2)
        a = torch.cat([a, torch.full([b, 1, np], 0.0, dtype=7)], 1)
    v = _eye(b, np, np)
    for sweep in range(sweeps):
        for r in range(np - 1):
            p, q = _rrpairs(np, r)
            d = torch.diagonal(a, 0, 1, 2)
            app = torch.index_select(d, 1, p)
            aqq = torch.index_select(d, 1, q)
            apq = torch.squeeze(torch.gather(torch.index_select(a, 1, p), 2, torch.unsqueeze(torch.unsqueeze(q, 0), 2).expand([b, p.size(0), 1])), 2)
            c, s = _rot(app, aqq, apq)
            a = _prot(a, p, q, c, s)
            a = _tr(_prot(_tr(a), p, q, c, s))
            v = _prot(v, p, q, c, s)
    d = torch.slice(torch.diagonal(a, 0, 1, 2), 1, 0, n)
    v = torch.slice(torch.slice(v, 1, 0, n), 2, 0, n)
    w, idx = torch.sort(d, 1)
    v = torch.gather(v, 2, torch.unsqueeze(idx, 1).expand([b, n, n]))
    return w, v

def _bsize(sizes: List[int]) -> int:
    b = 1
    for s in sizes:
        b = b * s
    return b

def _flat(x: Tensor) -> Tensor:
    # (..., m, n) -> (b, m, n) float64
    s = x.size()
    m = s[len(s) - 2]
    n = s[len(s) - 1]
    return torch.reshape(torch._to_copy(x, dtype=7), [_bsize(s[:-2]), m, n])

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

def linalg_pinv(self: Tensor, atol: Optional[Tensor] = None, rtol: Optional[Tensor] = None, hermitian: bool = False) -> Tensor:
    s = self.size()
    batch = s[:-2]
    m = s[len(s) - 2]
    n = s[len(s) - 1]
    if m == 0 or n == 0 or self.numel() == 0:
        return torch.full(batch + [n, m], 0.0, dtype=self.dtype)
    eps = 1.1920928955078125e-07
    if self.dtype == 7:
        eps = 2.220446049250313e-16
    at = torch.full([], 0.0, dtype=7)
    if atol is not None:
        at = torch._to_copy(atol, dtype=7)
    if rtol is not None:
        rt = torch._to_copy(rtol, dtype=7)
    else:
        rt = torch.full([], eps * max(m, n), dtype=7)
        if atol is not None:
            rt = torch.where(torch.gt(atol, 0), torch.full([], 0.0, dtype=7), rt)
    a = _flat(self)
    if hermitian:
        a = torch.add(_trimask(a, True, 0), _tr(_trimask(a, True, 1)))
        w, v = _jacobi_eigh(a, 10 + n // 4)
        w = torch.reshape(w, batch + [n])
        v = torch.reshape(v, batch + [n, n])
        sabs = torch.abs(w)
        tol = torch.maximum(torch.unsqueeze(at, -1), torch.mul(torch.unsqueeze(rt, -1), torch.amax(sabs, [-1], True)))
        winv = torch.where(torch.gt(sabs, tol), torch.reciprocal(w), torch.full_like(w, 0.0))
        out = torch.matmul(torch.mul(v, torch.unsqueeze(winv, -2)), torch.transpose(v, -2, -1))
        return torch._to_copy(out, dtype=self.dtype)
    wide = m < n
    if wide:
        a = _tr(a)
    u, sv, v = _jacobi_svd(a, 10 + min(m, n) // 4)
    k = min(m, n)
    sv = torch.reshape(sv, batch + [k])
    tol = torch.maximum(torch.unsqueeze(at, -1), torch.mul(torch.unsqueeze(rt, -1), torch.slice(sv, -1, 0, 1)))
    sinv = torch.where(torch.gt(sv, tol), torch.reciprocal(sv), torch.full_like(sv, 0.0))
    u = torch.reshape(u, batch + [u.size(1), k])
    v = torch.reshape(v, batch + [k, k])
    if wide:
        out = torch.matmul(torch.mul(u, torch.unsqueeze(sinv, -2)), torch.transpose(v, -2, -1))
    else:
        out = torch.matmul(torch.mul(v, torch.unsqueeze(sinv, -2)), torch.transpose(u, -2, -1))
    return torch._to_copy(out, dtype=self.dtype)
)TS"},
  };
}

}  // namespace graph_lower
