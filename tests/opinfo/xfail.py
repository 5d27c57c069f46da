"""Expected failures of graph-lower's column of the OpInfo sweep, each with its reason.

XFAIL maps an OpInfo name (name.variant_test_name) to a list of entries
(variant, dtype, samples, reason): variant "" / "inplace" / "out" or "*"; dtype a name, a tuple
of names (FLOATS: every floating dtype swept) or "*"; samples a tuple of sample indices or "*". A case that fails and is not listed, or is listed and
passes, fails the sweep (tests/opinfo/sweep.py), so this table cannot go stale.
"""

FLOATS = ("float32", "float64", "float16", "bfloat16")

# Generated from a sweep by tests/opinfo/make_xfail.py, then given reasons by hand.
XFAIL = {
    'kthvalue': [
        ('', 'int64', (0, 1),
         "index of ties: eager's quickselect picks an index among equal values that depends on the algorithm; values equal"),
        ('out', 'int64', (0, 1),
         "index of ties: eager's quickselect picks an index among equal values that depends on the algorithm; values equal"),
    ],
    'linalg.eig': [
        ('', FLOATS, (0, 1),
         'eigenvalues of a general real matrix are complex: no Hessenberg-QR algorithm written (aten::linalg_eig)'),
        ('out', FLOATS, (0, 1),
         'eigenvalues of a general real matrix are complex: no Hessenberg-QR algorithm written (aten::linalg_eig)'),
    ],
    'linalg.eigh': [
        ('', FLOATS, (0,),
         "eigenvector signs differ from LAPACK's (eigenvalues equal; eigenvectors are unique up to sign): Jacobi, not LAPACK's tridiagonal QL"),
        ('out', FLOATS, (0,),
         "eigenvector signs differ from LAPACK's (eigenvalues equal; eigenvectors are unique up to sign): Jacobi, not LAPACK's tridiagonal QL"),
    ],
    'linalg.eigvals': [
        ('', FLOATS, (0, 1),
         'eigenvalues of a general real matrix are complex: no Hessenberg-QR algorithm written (aten::_linalg_eigvals)'),
        ('out', FLOATS, (0, 1),
         'eigenvalues of a general real matrix are complex: no Hessenberg-QR algorithm written (aten::_linalg_eigvals)'),
    ],
    'linalg.lstsq': [
        ('', FLOATS, (0, 1),
         "with the gelsd/gelss drivers the residuals' shape depends on the computed rank (a value-dependent shape); not written yet (aten::linalg_lstsq)"),
        ('out', FLOATS, (0, 1),
         "with the gelsd/gelss drivers the residuals' shape depends on the computed rank (a value-dependent shape); not written yet (aten::linalg_lstsq)"),
    ],
    'linalg.lstsq.grad_oriented': [
        ('', FLOATS, (0, 1),
         "with the gelsd/gelss drivers the residuals' shape depends on the computed rank (a value-dependent shape); not written yet (aten::linalg_lstsq)"),
    ],
    'matrix_exp': [
        ('', ('float16', 'bfloat16'), (0, 1),
         "eager's float16/bfloat16 kernel gives NaN everywhere (mexp reads its float64 coefficient table as the input dtype); ours is finite, within 4% of float64 on sample 0"),
    ],
    'nn.functional.ctc_loss': [
        ('', FLOATS, (1,),
         'input/target lengths given as tensors are read by value (the CIA kernel reads them; a trace would bake them in) (aten::ctc_loss.Tensor)'),
    ],
    'nn.functional.one_hot': [
        ('', 'int64', (0,),
         'the number of classes defaults to max(input) + 1, a value-dependent shape: not written yet (aten::one_hot)'),
    ],
    'signbit': [
        ('*', 'float32', '*',
         'no core ATen op reads the sign bit of a NaN (no bit cast, no copysign): a floating signbit is left as it is (aten::signbit)'),
        ('*', 'float64', '*',
         'no core ATen op reads the sign bit of a NaN (no bit cast, no copysign): a floating signbit is left as it is (aten::signbit)'),
        ('*', 'float16', '*',
         'no core ATen op reads the sign bit of a NaN (no bit cast, no copysign): a floating signbit is left as it is (aten::signbit)'),
        ('*', 'bfloat16', '*',
         'no core ATen op reads the sign bit of a NaN (no bit cast, no copysign): a floating signbit is left as it is (aten::signbit)'),
    ],
    'tensor_split': [
        ('', 'bool', (1,),
         'a Tensor[] built in a loop whose trip count is read from a tensor at run time (aten::append.t stays) (aten::append.t)'),
        ('', FLOATS, (1,),
         'a Tensor[] built in a loop whose trip count is read from a tensor at run time (aten::append.t stays) (aten::append.t)'),
        ('', 'int64', (1,),
         'a Tensor[] built in a loop whose trip count is read from a tensor at run time (aten::append.t stays) (aten::append.t)'),
    ],
}



# Expected failures under torch 2.14 only (same format): OpInfos and ops that 2.14 added, and one
# that only 2.14's OpInfo sample reaches.
XFAIL_TORCH_2_14 = {
    'grid_sampler_3d': [
        ('', 'float32', (0, 1),
         'trilinear grid sampling not written yet; reached under torch 2.14 only (aten::grid_sampler_3d)'),
    ],
    'hash_tensor': [
        ('*', '*', (0, 1),
         'new in torch 2.14: a bitwise hash reduction, not written yet (aten::hash_tensor)'),
    ],
    'linalg.matrix_sqrth': [
        ('*', '*', (0, 1),
         'new in torch 2.14: needs a symmetric eigendecomposition, not written yet (aten::linalg_matrix_sqrth)'),
    ],
    'linalg.polar': [
        ('*', '*', (0, 1),
         'new in torch 2.14: needs an SVD, not written yet (aten::linalg_polar)'),
    ],
}


def _running_tables():
    import torch

    major, minor = (int(p) for p in torch.__version__.split(".")[:2])
    return [XFAIL] + ([XFAIL_TORCH_2_14] if (major, minor) >= (2, 14) else [])


_TABLES = _running_tables()


def expected(name, variant, dtype, sample):
    """The reason (op, variant, dtype, sample) is expected to fail, or None."""
    for v, d, samples, reason in [e for table in _TABLES for e in table.get(name, ())]:
        if v not in ("*", variant) or not (d == "*" or d == dtype or
                                           (isinstance(d, tuple) and dtype in d)):
            continue
        if samples == "*" or sample in samples:
            return reason
    return None
