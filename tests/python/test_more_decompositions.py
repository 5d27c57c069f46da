"""Library decompositions of ops that were left outside core ATen: bucketize.Scalar, bincount (a
data-dependent length), the bit shifts (every overload, integer dtypes, ATen's edge rules) and
the backward ops programs call directly.

Each case is lowered by the CLI with its example inputs and --verify (lower_checked), then the
lowered program is compared with eager PyTorch on NEW inputs: other values, and for bincount
another maximum, so a length baked from the example input would show.
"""

import subprocess
import sys
from typing import List, Optional

import pytest
import torch
from torch import nn

from conftest import lower_checked

torch.manual_seed(0)

INT_DTYPES = [torch.int8, torch.uint8, torch.int32, torch.int64]


def _same(a, b):
    assert a.dtype == b.dtype and a.shape == b.shape, (a.dtype, b.dtype, a.shape, b.shape)
    if a.dtype.is_floating_point:
        torch.testing.assert_close(b, a, equal_nan=True, rtol=1e-5, atol=1e-6)
    else:
        assert torch.equal(a, b), (a, b)


def _check(program, module, inputs):
    with torch.no_grad():
        want = module(*inputs)
        got = program(*inputs)
    if isinstance(want, torch.Tensor):
        want, got = [want], [got]
    assert len(want) == len(got)
    for a, b in zip(want, got):
        _same(a, b)


# ------------------------------------------------------------------------------------ shifts
def _shift_grid(dtype):
    """Every (x, s) pair of edge values: negative x, s = 0, 1, W - 2, W - 1, W, W + 1, -1, 100."""
    info = torch.iinfo(dtype)
    w = info.bits
    xs = [v for v in [0, 1, -1, 5, -5, 3, info.min, info.max, info.min + 1, info.max - 1]
          if info.min <= v <= info.max]
    ss = [v for v in [0, 1, w - 2, w - 1, w, w + 1, -1, -w, 100] if info.min <= v <= info.max]
    x = torch.tensor(xs, dtype=dtype).repeat_interleave(len(ss))
    s = torch.tensor(ss, dtype=dtype).repeat(len(xs))
    return x, s


class ShiftTensors(nn.Module):
    def forward(self, x, s):
        return (torch.bitwise_left_shift(x, s), torch.bitwise_right_shift(x, s), x << s,
                x >> s)


class ShiftByScalar(nn.Module):
    def __init__(self, k: int):
        super().__init__()
        self.k = k

    def forward(self, x):
        return (torch.bitwise_left_shift(x, self.k), torch.bitwise_right_shift(x, self.k),
                x << self.k, x >> self.k)


class ShiftScalarByTensor(nn.Module):
    def __init__(self, k: int):
        super().__init__()
        self.k = k

    def forward(self, s):
        return torch.bitwise_left_shift(self.k, s), torch.bitwise_right_shift(self.k, s)


@pytest.mark.parametrize("dtype", INT_DTYPES, ids=str)
def test_shift_tensor_tensor_matches_eager_on_edge_values(graph_lower_bin, tmp_path, dtype):
    x, s = _shift_grid(dtype)
    module = ShiftTensors()
    program = lower_checked(graph_lower_bin, tmp_path, module, [x, s])
    # New inputs: the same grid in another order.
    perm = torch.randperm(x.numel())
    _check(program, module, [x, s])
    _check(program, module, [x[perm], s[perm]])


@pytest.mark.parametrize("dtype", INT_DTYPES, ids=str)
@pytest.mark.parametrize("k", [0, 1, 7, 8, 31, 63, 64])
def test_shift_by_a_scalar_matches_eager(graph_lower_bin, tmp_path, dtype, k):
    info = torch.iinfo(dtype)
    if k > info.max:
        pytest.skip("the shift does not fit the dtype")
    x = torch.randint(info.min, info.max, (12,), dtype=dtype)
    module = ShiftByScalar(k)
    program = lower_checked(graph_lower_bin, tmp_path, module, [x])
    x[:3] = torch.tensor([info.min, info.max, 0], dtype=dtype)
    _check(program, module, [torch.randint(info.min, info.max, (12,), dtype=dtype)])
    _check(program, module, [x])


@pytest.mark.parametrize("dtype", INT_DTYPES, ids=str)
def test_scalar_shifted_by_a_tensor_matches_eager(graph_lower_bin, tmp_path, dtype):
    _, s = _shift_grid(dtype)
    module = ShiftScalarByTensor(-3 if dtype != torch.uint8 else 3)
    program = lower_checked(graph_lower_bin, tmp_path, module, [s])
    _check(program, module, [s.flip(0)])


def test_shift_of_mixed_dtypes_promotes(graph_lower_bin, tmp_path):
    x = torch.randint(-100, 100, (10,), dtype=torch.int8)
    s = torch.randint(0, 10, (10,), dtype=torch.int64)
    module = ShiftTensors()
    program = lower_checked(graph_lower_bin, tmp_path, module, [x, s])
    _check(program, module, [torch.randint(-100, 100, (10,), dtype=torch.int8),
                             torch.randint(-2, 70, (10,), dtype=torch.int64)])


class AugmentedShifts(nn.Module):
    """`y <<= k` is aten::__ilshift__ in TorchScript: written in place, seen through an alias."""
    def forward(self, x, s):
        y = x.clone()
        alias = y
        y <<= 2
        y >>= s
        return alias, y * 1


@pytest.mark.parametrize("dtype", [torch.int8, torch.int64], ids=str)
def test_augmented_shift_assignments_become_functional(graph_lower_bin, tmp_path, dtype):
    x, s = _shift_grid(dtype)
    module = AugmentedShifts()
    program = lower_checked(graph_lower_bin, tmp_path, module, [x, s])
    _check(program, module, [x.flip(0), s])


# ----------------------------------------------------------------- bucketize.Scalar, bincount
class BucketizeScalar(nn.Module):
    def forward(self, b):
        return (torch.bucketize(3, b), torch.bucketize(3.5, b, right=True),
                torch.bucketize(3, b, out_int32=True, right=True))


def test_bucketize_scalar_matches_eager(graph_lower_bin, tmp_path):
    module = BucketizeScalar()
    program = lower_checked(graph_lower_bin, tmp_path, module,
                            [torch.sort(torch.randn(6)).values + 3])
    _check(program, module, [torch.tensor([1.0, 2.0, 3.0, 3.0, 3.5, 9.0])])
    _check(program, module, [torch.tensor([-1.0, 0.0, 1.0, 2.0, 2.5, 2.9])])


class Bincount(nn.Module):
    def __init__(self, minlength: int):
        super().__init__()
        self.minlength = minlength

    def forward(self, x):
        return torch.bincount(x, minlength=self.minlength)


class BincountWeighted(nn.Module):
    def __init__(self, minlength: int):
        super().__init__()
        self.minlength = minlength

    def forward(self, x, w):
        return torch.bincount(x, w, self.minlength)


@pytest.mark.parametrize("minlength", [0, 10])
def test_bincount_length_follows_the_data(graph_lower_bin, tmp_path, minlength):
    module = Bincount(minlength)
    x = torch.tensor([0, 1, 1, 4, 2, 2, 2, 3, 0, 1])
    program = lower_checked(graph_lower_bin, tmp_path, module, [x])
    for new in (torch.tensor([0, 1, 1, 14, 2, 2, 2, 3, 0, 1]),   # a larger max: 15 bins
                torch.tensor([0, 1, 1, 1, 0, 0, 0, 1, 0, 1]),    # a smaller one
                torch.tensor([7, 7, 7, 7, 7, 7, 7, 7, 7, 7])):
        _check(program, module, [new])


@pytest.mark.parametrize("wdtype", [torch.float32, torch.float64, torch.int64], ids=str)
def test_weighted_bincount_length_and_dtype_follow_eager(graph_lower_bin, tmp_path, wdtype):
    module = BincountWeighted(3)
    x = torch.tensor([0, 1, 1, 4, 2, 2])
    w = torch.randn(6).to(wdtype) if wdtype.is_floating_point else torch.arange(6)
    program = lower_checked(graph_lower_bin, tmp_path, module, [x, w])
    _check(program, module, [torch.tensor([0, 9, 1, 4, 2, 9]), w * 2])
    _check(program, module, [torch.tensor([0, 1, 1, 0, 0, 0]), w])


@pytest.mark.parametrize("dtype", [torch.uint8, torch.int8, torch.int32], ids=str)
def test_bincount_of_small_integer_dtypes(graph_lower_bin, tmp_path, dtype):
    # uint8 once gave 256 bins: the -1 padding of the max wrapped to 255 (found by helper-16).
    module = Bincount(0)
    program = lower_checked(graph_lower_bin, tmp_path, module,
                            [torch.tensor([0, 1, 1, 3, 2]).to(dtype)])
    _check(program, module, [torch.tensor([0, 1, 1, 3, 2]).to(dtype)])
    _check(program, module, [torch.tensor([5, 0, 7, 7, 2]).to(dtype)])


def test_bincount_of_an_empty_input_is_minlength_zeros(graph_lower_bin, tmp_path):
    module = Bincount(4)
    program = lower_checked(graph_lower_bin, tmp_path, module, [torch.tensor([3, 1])])
    _check(program, module, [torch.tensor([8, 1])])
    empty = Bincount(4)
    (tmp_path / "empty").mkdir()
    program = lower_checked(graph_lower_bin, tmp_path / "empty", empty,
                            [torch.zeros(0, dtype=torch.int64)])
    _check(program, empty, [torch.zeros(0, dtype=torch.int64)])


# ----------------------------------------------------------------------------- backward ops
class ThresholdBw(nn.Module):
    def forward(self, g, x):
        return torch.ops.aten.threshold_backward(g, x, 0.5)


class EluBw(nn.Module):
    def forward(self, g, x):
        return (torch.ops.aten.elu_backward(g, 1.3, 1.1, 0.7, False, x),
                torch.ops.aten.elu_backward(g, 1.3, 1.1, 0.7, True, torch.nn.functional.elu(x)))


class GeluBw(nn.Module):
    def forward(self, g, x):
        return (torch.ops.aten.gelu_backward(g, x),
                torch.ops.aten.gelu_backward(g, x, approximate="tanh"))


class GluBw(nn.Module):
    def forward(self, g, x):
        return torch.ops.aten.glu_backward(g, x, 1)


class HardBw(nn.Module):
    def forward(self, g, x):
        return (torch.ops.aten.hardsigmoid_backward(g, x), torch.ops.aten.hardswish_backward(g, x),
                torch.ops.aten.hardtanh_backward(g, x, -1.0, 1.0),
                torch.ops.aten.leaky_relu_backward(g, x, 0.2, False))


class SigmoidTanhBw(nn.Module):
    def forward(self, g, x):
        return (torch.ops.aten.sigmoid_backward(g, torch.sigmoid(x)),
                torch.ops.aten.tanh_backward(g, torch.tanh(x)),
                torch.ops.aten.softplus_backward(g, x, 2.0, 3.0))


class LogSigmoidBw(nn.Module):
    def forward(self, g, x):
        out, buf = torch.ops.aten.log_sigmoid_forward(x)
        return torch.ops.aten.log_sigmoid_backward(g, x, buf)


class LogitBw(nn.Module):
    def forward(self, g, x):
        return (torch.ops.aten.logit_backward(g, x), torch.ops.aten.logit_backward(g, x, 0.2))


class RreluBw(nn.Module):
    def forward(self, g, x, n):
        return (torch.ops.aten.rrelu_with_noise_backward(g, x, n, 0.1, 0.3, False, False),
                torch.ops.aten.rrelu_with_noise_backward(g, x, n, 0.1, 0.3, True, False),
                torch.ops.aten.rrelu_with_noise_backward(g, x, n, 0.2, 0.2, True, False))


class LossBw(nn.Module):
    def __init__(self, reduction: int):
        super().__init__()
        self.reduction = reduction

    def forward(self, g, x, t):
        r = self.reduction
        p = torch.sigmoid(x)
        tp = torch.sigmoid(t)
        return (torch.ops.aten.mse_loss_backward(g, x, t, r),
                torch.ops.aten.huber_loss_backward(g, x, t, r, 0.5),
                torch.ops.aten.smooth_l1_loss_backward(g, x, t, r, 0.5),
                torch.ops.aten.smooth_l1_loss_backward(g, x, t, r, 0.0),
                torch.ops.aten.soft_margin_loss_backward(g, x, torch.sign(t), r),
                torch.ops.aten.binary_cross_entropy_backward(g, p, tp, None, r),
                torch.ops.aten.binary_cross_entropy_backward(g, p, tp, tp * 2, r))


class NllBw(nn.Module):
    def __init__(self, reduction: int):
        super().__init__()
        self.reduction = reduction

    def forward(self, g, x, t, w, tw):
        r = self.reduction
        return (torch.ops.aten.nll_loss_backward(g, x, t, None, r, -100, tw),
                torch.ops.aten.nll_loss_backward(g, x, t, w, r, 2, tw))


class Nll2dBw(nn.Module):
    def forward(self, g, x, t, w, tw):
        return torch.ops.aten.nll_loss2d_backward(g, x, t, w, 1, 1, tw)


class LogSoftmaxBw(nn.Module):
    def forward(self, g, x):
        return (torch.ops.aten._log_softmax_backward_data(g, torch.log_softmax(x, 1), 1,
                                                         torch.float32),
                torch.ops.aten._log_softmax_backward_data(g, torch.log_softmax(x, 0), 0,
                                                         torch.float32))


class ViewBw(nn.Module):
    def forward(self, x):
        s: List[int] = [3, 4, 5]
        return (torch.ops.aten.select_backward(x[0], s, 0, 1),
                torch.ops.aten.slice_backward(x[:, 1:3], s, 1, 1, 3, 1),
                torch.ops.aten.slice_backward(x[:, :, 0:5:2], s, 2, 0, 5, 2),
                torch.ops.aten.diagonal_backward(torch.diagonal(x, 1, 1, 2), s, 1, 1, 2),
                torch.ops.aten.diagonal_backward(torch.diagonal(x, -1, 0, 2), s, -1, 0, 2),
                torch.ops.aten.unfold_backward(x.unfold(2, 2, 1), s, 2, 2, 1),
                torch.ops.aten.unfold_backward(x.unfold(1, 2, 2), s, 1, 2, 2),
                torch.ops.aten.unfold_backward(x.unfold(-1, 3, 1), s, -1, 3, 1))


def _edges(shape):
    x = torch.randn(shape) * 3
    flat = x.view(-1)
    edge = torch.tensor([0.0, 0.5, -3.0, 3.0, -1.0, 1.0, 1.5, 2.0, -0.0])
    flat[:edge.numel()] = edge
    return x


def _unit(shape):
    x = torch.rand(shape)
    flat = x.view(-1)
    flat[:4] = torch.tensor([0.0, 1.0, 0.2, 0.8])
    flat[4:6] = torch.tensor([-0.5, 1.5])
    return x


BACKWARD_CASES = {
    "threshold": (ThresholdBw, lambda: [torch.randn(3, 4), _edges((3, 4))]),
    "elu": (EluBw, lambda: [torch.randn(3, 4), _edges((3, 4))]),
    "gelu": (GeluBw, lambda: [torch.randn(3, 4), _edges((3, 4))]),
    "glu": (GluBw, lambda: [torch.randn(3, 2), torch.randn(3, 4)]),
    "hard_and_leaky": (HardBw, lambda: [torch.randn(3, 4), _edges((3, 4))]),
    "sigmoid_tanh_softplus": (SigmoidTanhBw, lambda: [torch.randn(3, 4), _edges((3, 4))]),
    "log_sigmoid": (LogSigmoidBw, lambda: [torch.randn(3, 4), _edges((3, 4))]),
    "logit": (LogitBw, lambda: [torch.randn(3, 4), _unit((3, 4))]),
    "rrelu_with_noise": (RreluBw, lambda: [torch.randn(3, 4), _edges((3, 4)), torch.rand(3, 4)]),
    "log_softmax_data": (LogSoftmaxBw, lambda: [torch.randn(3, 4), torch.randn(3, 4)]),
    "views": (ViewBw, lambda: [torch.randn(3, 4, 5)]),
}
for _r in (0, 1, 2):
    BACKWARD_CASES[f"losses_r{_r}"] = (
        lambda r=_r: LossBw(r),
        lambda r=_r: [torch.randn(()) if r else torch.randn(3, 4), _edges((3, 4)),
                      _edges((3, 4)) * 0.5])
    BACKWARD_CASES[f"nll_r{_r}"] = (
        lambda r=_r: NllBw(r),
        lambda r=_r: [torch.randn(()) if r else torch.randn(5), torch.randn(5, 4).log_softmax(1),
                      torch.tensor([0, 2, 3, 1, 2]), torch.rand(4), torch.tensor(2.5)])
BACKWARD_CASES["nll2d"] = (
    Nll2dBw, lambda: [torch.randn(()), torch.randn(2, 3, 4, 5).log_softmax(1),
                      torch.randint(0, 3, (2, 4, 5)), torch.rand(3), torch.tensor(7.0)])


@pytest.mark.parametrize("name", sorted(BACKWARD_CASES))
def test_backward_op_matches_eager_on_new_inputs(graph_lower_bin, tmp_path, name):
    if name == "hard_and_leaky" and torch.__version__ >= "2.14":
        # Measured: torch 2.14's hardswish_backward gives 0 at x = -3 and 1 at x = 3, where
        # 2.6's (and the library's) gives -0.5 and 1.5: the kernel's boundary moved.
        pytest.xfail("hardswish_backward at x = +-3 differs between torch 2.6 and 2.14")
    make, inputs = BACKWARD_CASES[name]
    module = make()
    program = lower_checked(graph_lower_bin, tmp_path, module, inputs())
    _check(program, module, inputs())
    _check(program, module, inputs())


def test_nll_loss_backward_keeps_a_nan_in_its_own_row(graph_lower_bin, tmp_path):
    # A NaN in one row's gradient, or in a class weight other than the target's, must not reach
    # the zeros (ATen writes the target entries only; found by helper-16).
    def inputs(nan_row):
        g = torch.randn(5)
        g[nan_row] = float("nan")
        w = torch.rand(4)
        w[3] = float("nan")
        return [g, torch.randn(5, 4).log_softmax(1), torch.tensor([0, 2, 1, 1, 2]), w,
                torch.tensor(2.5)]
    module = NllBw(0)
    program = lower_checked(graph_lower_bin, tmp_path, module, inputs(0))
    _check(program, module, inputs(0))
    _check(program, module, inputs(3))


# ---------------------------------------------------- TorchScript's Tensor[] indexing overloads
class IndexTwins(nn.Module):
    def forward(self, x, i, v):
        idx: List[torch.Tensor] = [i]
        y = x.clone()
        torch.ops.aten.index_put_(y, idx, v)                    # index_put_.hacked_twin
        return (torch.ops.aten.index(x, idx),                   # index.Tensor_hacked_twin
                torch.ops.aten.index_put(x, idx, v, True),      # index_put.hacked_twin
                y)


class IndexPutImpl(nn.Module):
    def forward(self, x, i, v):
        idx: List[Optional[torch.Tensor]] = [None, i]
        y = x.clone()
        torch.ops.aten._index_put_impl_(y, idx, v, True, False)
        return y


class IndexPutImplTwin(nn.Module):
    def forward(self, x, i, v):
        idx: List[torch.Tensor] = [i]
        y = x.clone()
        alias = y
        torch._index_put_impl_(y, idx, v, True, False)         # _index_put_impl_.hacked_twin
        return alias * 1


@pytest.mark.parametrize("module", [IndexTwins(), IndexPutImpl(), IndexPutImplTwin()],
                         ids=lambda m: type(m).__name__)
def test_index_overloads_match_eager_on_new_indices(graph_lower_bin, tmp_path, module):
    x = torch.randn(4, 4)
    program = lower_checked(graph_lower_bin, tmp_path, module,
                            [x, torch.tensor([0, 2]), torch.randn(4, 2)
                             if isinstance(module, IndexPutImpl) else torch.randn(2, 4)])
    v = torch.randn(4, 2) if isinstance(module, IndexPutImpl) else torch.randn(2, 4)
    _check(program, module, [torch.randn(4, 4), torch.tensor([3, 3]), v])
    _check(program, module, [torch.randn(4, 4), torch.tensor([-1, 1]), v])


# ------------------------------------------------------------------------ gcd, lcm, indices
class GcdLcm(nn.Module):
    def forward(self, a, b):
        return torch.gcd(a, b), torch.lcm(a, b)


def _fibonacci(n):
    f = [0, 1]
    while len(f) < n:
        f.append(f[-1] + f[-2])
    return f


@pytest.mark.parametrize("dtype", INT_DTYPES, ids=str)
def test_gcd_and_lcm_match_eager_on_worst_cases(graph_lower_bin, tmp_path, dtype):
    # Consecutive Fibonacci numbers take Euclid the most steps (Lame); the unrolled loop must
    # cover them up to the dtype's largest. lcm of small dtypes wraps as ATen's C++ does.
    info = torch.iinfo(dtype)
    fib = [v for v in _fibonacci(100) if v <= info.max]
    a = torch.tensor(fib[1:-1] + [0, 0, 12, info.max, info.min], dtype=dtype)
    b = torch.tensor(fib[2:] + [0, 7, 18, info.max - 1, 3], dtype=dtype)
    module = GcdLcm()
    program = lower_checked(graph_lower_bin, tmp_path, module, [a, b])
    assert "prim::Loop" not in str(program.forward.graph)
    _check(program, module, [a, b])
    _check(program, module, [b.flip(0), a])
    new = [torch.randint(info.min, info.max, (40,), dtype=dtype) for _ in range(2)]
    _check(program, module, new)


class TriangleIndices(nn.Module):
    def __init__(self, row: int, col: int, offset: int):
        super().__init__()
        self.row, self.col, self.offset = row, col, offset

    def forward(self, x):
        # Returned as they are: a graph output is never folded to a constant by running eager's
        # kernel at lowering time, so the decompositions themselves run.
        return (torch.tril_indices(self.row, self.col, self.offset),
                torch.triu_indices(self.row, self.col, self.offset, dtype=torch.int32), x + 1)


@pytest.mark.parametrize("row,col,offset", [(4, 4, 0), (3, 5, 1), (5, 3, -2), (4, 6, 9),
                                            (6, 4, -9), (0, 3, 0), (1, 1, 0), (3, 3, 0),
                                            (100, 37, -5), (37, 100, 13), (2, 2, -1)])
def test_tril_and_triu_indices_match_eager(graph_lower_bin, tmp_path, row, col, offset):
    module = TriangleIndices(row, col, offset)
    program = lower_checked(graph_lower_bin, tmp_path, module, [torch.tensor(0)])
    _check(program, module, [torch.tensor(3)])


class MaskedIndex(nn.Module):
    def forward(self, x, mask, i, v):
        idx: List[Optional[torch.Tensor]] = [None, i]
        return (torch.ops.aten._unsafe_masked_index(x, mask, idx, -1.5),
                torch.ops.aten._unsafe_masked_index_put_accumulate(x, mask, idx, v))


def test_unsafe_masked_index_ignores_out_of_range_masked_indices(graph_lower_bin, tmp_path):
    # Inductor's ops: an index out of range where the mask is False reads nothing.
    module = MaskedIndex()
    i = torch.tensor([0, 3, 9, -2, -8])
    mask = torch.tensor([True, True, False, True, False])
    program = lower_checked(graph_lower_bin, tmp_path, module,
                            [torch.randn(3, 4), mask, i, torch.randn(3, 5)])
    _check(program, module, [torch.randn(3, 4), ~mask, torch.tensor([1, 1, 2, -1, 0]),
                             torch.randn(3, 5)])


class NonzeroColumns(nn.Module):
    def forward(self, x):
        columns = torch.ops.aten.nonzero_numpy(x)  # torch.nonzero(x, as_tuple=True) traced
        return columns[0] * 10 + columns[1], torch.argwhere(x)


def test_nonzero_columns_and_argwhere_follow_the_data(graph_lower_bin, tmp_path):
    module = NonzeroColumns()
    program = lower_checked(graph_lower_bin, tmp_path, module, [torch.randn(3, 4) > 0])
    _check(program, module, [torch.randn(3, 4) > 1])
    _check(program, module, [torch.zeros(3, 4, dtype=torch.bool)])


class MatrixExp(nn.Module):
    def forward(self, a):
        return torch.linalg.matrix_exp(a)


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64], ids=str)
def test_matrix_exp_matches_eager_for_every_degree_and_squaring(graph_lower_bin, tmp_path, dtype):
    # 1-norms from 1e-9 to ~400 take every Taylor degree and up to 9 squarings, each matrix of a
    # batch its own; a NaN matrix stays NaN.
    torch.manual_seed(1)
    module = MatrixExp()
    program = lower_checked(graph_lower_bin, tmp_path, module, [torch.randn(5, 4, 4, dtype=dtype)])
    tol = dict(rtol=1e-4, atol=1e-5) if dtype == torch.float32 else dict(rtol=1e-10, atol=1e-12)
    for scales in ([1e-9, 1e-5, 1e-3, 0.05, 0.2], [0.6, 3.0, 30.0, 100.0, 1e-4]):
        a = torch.randn(5, 4, 4, dtype=dtype) * torch.tensor(scales, dtype=dtype).view(-1, 1, 1) / 4
        torch.testing.assert_close(program(a), module(a), **tol)
    a = torch.randn(5, 4, 4, dtype=dtype)
    a[1, 0, 0] = float("nan")
    got, want = program(a), module(a)
    assert got[1].isnan().all() and want[1].isnan().all()
    keep = [0, 2, 3, 4]
    torch.testing.assert_close(got[keep], want[keep], **tol)


class IncompleteGamma(nn.Module):
    def forward(self, a, x):
        return torch.igamma(a, x), torch.special.gammaincc(a, x)


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
def test_incomplete_gamma_matches_eager_in_every_regime(graph_lower_bin, tmp_path, dtype):
    # a from 1e-3 to 1e4 and x around a take the power series, both complementary series, the
    # continued fraction and both asymptotic bands of calc_igamma; then SciPy's boundary values.
    torch.manual_seed(2)
    n = 3000
    a = torch.exp(torch.empty(n, dtype=torch.float64).uniform_(-7.0, 9.2))
    x = a * torch.exp(torch.randn(n, dtype=torch.float64) * 0.5)
    edges = [(0.0, 0.0), (0.0, 1.0), (1.0, 0.0), (float("inf"), 2.0), (2.0, float("inf")),
             (float("inf"), float("inf")), (float("nan"), 1.0), (-1.0, 1.0), (1.0, -1.0),
             (3.0, float("nan")), (25.0, 25.0), (400.0, 401.0)]
    a = torch.cat([a, torch.tensor([e[0] for e in edges], dtype=torch.float64)]).to(dtype)
    x = torch.cat([x, torch.tensor([e[1] for e in edges], dtype=torch.float64)]).to(dtype)
    module = IncompleteGamma()
    example = [torch.rand(a.shape, dtype=dtype) + 0.5, torch.rand(a.shape, dtype=dtype) + 0.5]
    program = lower_checked(graph_lower_bin, tmp_path, module, example)
    tol = dict(rtol=1.3e-6, atol=1e-5) if dtype == torch.float32 else dict(rtol=1e-10, atol=0.0)
    for got, want in zip(program(a, x), module(a, x)):
        torch.testing.assert_close(got, want, equal_nan=True, **tol)


class LogGamma(nn.Module):
    def forward(self, x, a):
        return torch.lgamma(x), torch.special.gammaincc(a, torch.full_like(a, 0.5))


def test_lgamma_keeps_its_relative_accuracy_at_its_zeros(graph_lower_bin, tmp_path):
    # lgamma is 0 at 1 and 2: a Stirling sum after the recurrence cancelled there (relative
    # error 3% at 1 + 1e-12), and so did igammac for tiny a, which subtracts lgamma(a + 1).
    torch.manual_seed(4)
    near = torch.tensor([1.0, 2.0], dtype=torch.float64).repeat_interleave(24)
    offsets = torch.logspace(-14, -1, 12, dtype=torch.float64)
    near = near + torch.cat([offsets, -offsets]).repeat(2)
    wide = torch.exp(torch.empty(400, dtype=torch.float64).uniform_(-20.0, 12.0))
    x = torch.cat([near, wide, -wide[:100] - 0.5 * torch.rand(100, dtype=torch.float64)])
    a = torch.logspace(-14, 1, x.numel(), dtype=torch.float64)
    module = LogGamma()
    program = lower_checked(graph_lower_bin, tmp_path, module, [torch.rand_like(x) + 0.5,
                                                               torch.rand_like(a) + 0.5])
    got, want = program(x, a), module(x, a)
    positive = x > 0
    torch.testing.assert_close(got[0][positive], want[0][positive], rtol=1e-13, atol=0.0)
    torch.testing.assert_close(got[0], want[0], rtol=1e-12, atol=1e-12)
    torch.testing.assert_close(got[1], want[1], rtol=1e-12, atol=0.0)


class LdlSolve(nn.Module):
    def forward(self, LD, pivots, B):
        return torch.linalg.ldl_solve(LD, pivots, B)


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
def test_ldl_solve_follows_each_matrix_pivots(graph_lower_bin, tmp_path, dtype):
    # Factors from eager's ldl_factor_ex; the program lowered on one batch solves batches with
    # other pivots: 1x1 and 2x2 blocks, interchanged or not, mixed within a batch.
    torch.manual_seed(3)

    def case(force_two):
        a = torch.randn(4, 6, 6, dtype=dtype)
        a = a + a.mT
        if force_two:
            a[0] = torch.diag(torch.tensor([1e-3, 2, 3, 4, 5, 6], dtype=dtype))
            a[0, 0, 1] = a[0, 1, 0] = 5.0
        ld, piv, info = torch.linalg.ldl_factor_ex(a)
        assert not info.any()
        return [ld, piv, torch.randn(4, 6, 3, dtype=dtype)]

    module = LdlSolve()
    program = lower_checked(graph_lower_bin, tmp_path, module, case(False))
    tol = dict(rtol=1e-4, atol=1e-4) if dtype == torch.float32 else dict(rtol=1e-10, atol=1e-10)
    blocks = set()
    for seed in range(4):
        inputs = case(seed % 2 == 0)
        blocks |= {bool((p < 0).any()) for p in inputs[1]}
        torch.testing.assert_close(program(*inputs), module(*inputs), **tol)
    assert blocks == {True, False}


class LdlFactor(nn.Module):
    def forward(self, a):
        return torch.linalg.ldl_factor_ex(a)


def _ldl_inputs(dtype, n):
    a = torch.randn(6, n, n, dtype=dtype)
    a = a + a.mT
    a[0] = torch.diag(torch.arange(1, n + 1, dtype=dtype))
    a[0, 0, 0] = 1e-3
    a[0, 0, 1] = a[0, 1, 0] = 5.0  # a 2x2 pivot on rows 0, 1
    a[1] = 0.0  # singular: info 1, no update
    a[2] = torch.randn(n, n, dtype=dtype)  # not symmetric: the lower triangle is read
    a[3, :, 1] = 0.0
    a[3, 1, :] = 0.0  # a zero column after the first step
    return a


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
def test_ldl_factor_pivots_match_lapack_on_new_matrices(graph_lower_bin, tmp_path, dtype):
    # Pivots equal to LAPACK's, per matrix, on batches the program was not lowered on: 1x1 and 2x2
    # blocks, interchanges, zero columns (info) and non-symmetric input.
    torch.manual_seed(4)
    module = LdlFactor()
    program = lower_checked(graph_lower_bin, tmp_path, module, [_ldl_inputs(dtype, 6)])
    tol = dict(rtol=1e-4, atol=1e-4) if dtype == torch.float32 else dict(rtol=1e-10, atol=1e-10)
    twos = 0
    for _ in range(4):
        a = _ldl_inputs(dtype, 6)
        (ld, piv, info), (ld_e, piv_e, info_e) = program(a), module(a)
        assert torch.equal(piv, piv_e) and torch.equal(info, info_e)
        assert piv.dtype == torch.int32 and info.dtype == torch.int32
        torch.testing.assert_close(ld, ld_e, **tol)
        twos += int((piv_e < 0).sum())
    assert twos > 4 and int(info_e[1]) == 1 and int(info_e[3]) == 2


class SpecialFunctions(nn.Module):
    def forward(self, x):
        return (torch.digamma(x), torch.polygamma(2, x), torch.special.zeta(x + 1.5, x),
                torch.special.airy_ai(x - 2.0), torch.special.log_ndtr(x - 4.0))


# Runs in a child process: a hang must fail the test, not stop the suite.
_CALL_THREE_TIMES = """
import sys, time, torch
program = torch.jit.load(sys.argv[1])
x = torch.load(sys.argv[2])
for i in range(3):
    start = time.time()
    program(x)
    print(i, round(time.time() - start, 2), flush=True)
"""


def test_lowered_special_functions_return_on_their_optimised_calls(graph_lower_bin, tmp_path):
    # The second call of a TorchScript program is the first the graph executor optimises; torch
    # 2.6's TensorExpr fuser then compiled digamma's and zeta's select chains (exponential once
    # inlined) for minutes or forever (stop 61; lowering/library_test.cc bounds every
    # decomposition). Each lowered function must return on every call, in the default executor.
    x = torch.rand(5, 7, dtype=torch.float64) * 10 + 0.1
    lower_checked(graph_lower_bin, tmp_path, SpecialFunctions(), [x])
    torch.save(x, str(tmp_path / "x.pt"))
    proc = subprocess.run([sys.executable, "-c", _CALL_THREE_TIMES, str(tmp_path / "m.core.pt"),
                           str(tmp_path / "x.pt")], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert [line.split()[0] for line in proc.stdout.split("\n") if line] == ["0", "1", "2"]
