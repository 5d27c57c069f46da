"""Histograms, bincount, bucketize and searchsorted. Sources and conventions: common.py of this
folder.
"""


# searchsorted: the insertion point is the count of boundaries b with !(b >= v) (left) or !(b > v)
# (right), the predicates of ATen's cus_lower_bound / cus_upper_bound (native/Bucketization.cpp),
# NaNs sorted last included; a broadcast compare then sum.
def searchsorted(sorted_sequence: Tensor, self: Tensor, out_int32: bool = False,
                 right: bool = False, side: Optional[str] = None,
                 sorter: Optional[Tensor] = None) -> Tensor:
    seq, r = _sorted_side(sorted_sequence, right, side, sorter)
    if seq.dim() > 1:
        seq = torch.unsqueeze(seq, -2)
    return _count_below(seq, torch.unsqueeze(self, -1), r, out_int32)


def bucketize(self: Tensor, boundaries: Tensor, out_int32: bool = False,
              right: bool = False) -> Tensor:
    return _count_below(boundaries, torch.unsqueeze(self, -1), right, out_int32)


# searchsorted with a scalar value: the count of boundaries with !(b >= v) / !(b > v).
def searchsorted_scalar(sorted_sequence: Tensor, self: number, out_int32: bool = False,
                        right: bool = False, side: Optional[str] = None,
                        sorter: Optional[Tensor] = None) -> Tensor:
    seq, r = _sorted_side(sorted_sequence, right, side, sorter)
    if r:
        c = torch.logical_not(torch.gt(seq, self))
    else:
        c = torch.logical_not(torch.ge(seq, self))
    return _count(c, out_int32)


# The sequence in sorter's order, and whether the right side is asked for.
def _sorted_side(seq: Tensor, right: bool, side: Optional[str],
                 sorter: Optional[Tensor]) -> Tuple[Tensor, bool]:
    if sorter is not None:
        seq = torch.gather(seq, -1, sorter)
    if side is not None:
        right = side == "right"
    return seq, right


def _count_below(seq: Tensor, v: Tensor, right: bool, out_int32: bool) -> Tensor:
    if right:
        c = torch.logical_not(torch.gt(seq, v))
    else:
        c = torch.logical_not(torch.ge(seq, v))
    return _count(c, out_int32)


def _count(c: Tensor, out_int32: bool) -> Tensor:
    out = torch.sum(c, [-1], False, dtype=torch.int64)
    if out_int32:
        out = torch._to_copy(out, dtype=torch.int32)
    return out


def _linspace_edges(lo: Tensor, hi: Tensor, steps: int) -> Tensor:
    # ATen's cpu linspace kernel (native/cpu/RangeFactoriesKernel.cpp): step = (end - start) /
    # (steps - 1); start + step * i below steps // 2, end - step * (steps - 1 - i) above.
    step = torch.div(torch.sub(hi, lo), steps - 1)
    i = torch.arange(0, steps, 1, dtype=lo.dtype, device=lo.device)
    up = torch.add(lo, torch.mul(step, i))
    down = torch.sub(hi, torch.mul(step, torch.sub(torch.full_like(i, steps - 1), i)))
    return torch.where(torch.lt(i, steps // 2), up, down)


# histc(x, bins, min, max): ATen's histogram_histc_out (native/Histogram.cpp): the range is [min,
# max], the data's [amin, amax] when min == max, widened by 1 on both sides when still empty; edges
# linspace(lo, hi, bins + 1) in x's dtype; an element in [lo, hi] goes to bin trunc((e - lo) * bins
# / (hi - lo)) (the LINEAR_INTERPOLATION path of native/cpu/HistogramKernel.cpp, same float
# operations), e == hi to the last bin.
def histc(self: Tensor, bins: int = 100, min: number = 0, max: number = 0) -> Tensor:
    x = torch.reshape(self, [-1])
    if float(min) == float(max) and x.size(0) > 0:
        lo = torch.amin(x, [], False)
        hi = torch.amax(x, [], False)
    else:
        lo = torch.full([], min, dtype=x.dtype, device=x.device)
        hi = torch.full([], max, dtype=x.dtype, device=x.device)
    same = torch.eq(lo, hi)
    lo = torch.where(same, torch.sub(lo, 1), lo)
    hi = torch.where(same, torch.add(hi, 1), hi)
    edges = _linspace_edges(lo, hi, bins + 1)
    lo = torch.select(edges, 0, 0)
    hi = torch.select(edges, 0, bins)
    valid = torch.logical_and(torch.ge(x, lo), torch.le(x, hi))
    pos = torch.div(torch.mul(torch.sub(x, lo), bins), torch.sub(hi, lo))
    pos = torch.clamp(torch._to_copy(torch.where(valid, pos, torch.full_like(pos, 0)),
                                     dtype=torch.int64),
                      0, bins - 1)
    ones = torch.where(valid, torch.full_like(x, 1), torch.full_like(x, 0))
    return torch.scatter_add(torch.full([bins], 0, dtype=x.dtype, device=x.device), 0, pos, ones)


# histogram(x, bins: int, range, weight, density) -> (hist, bin_edges): ATen's histogram_out
# (native/Histogram.cpp): range or the data's [amin, amax] ([0, 1] if empty), widened by 0.5 on both
# sides when empty (numpy's rule), edges linspace(lo, hi, bins + 1); binning by upper_bound on the
# edges (LINEAR_INTERPOLATION_WITH_LOCAL_SEARCH ends in that same upper_bound).
def histogram_bin_ct(self: Tensor, bins: int = 100, range: Optional[List[float]] = None,
                     weight: Optional[Tensor] = None,
                     density: bool = False) -> Tuple[Tensor, Tensor]:
    x = torch.reshape(self, [-1])
    edges = _outer_edges(x, range, 0, bins)
    return (_dd_hist(torch.unsqueeze(x, 1), [edges], weight, density), edges)


def histogram_bins_tensor(self: Tensor, bins: Tensor, weight: Optional[Tensor] = None,
                          density: bool = False) -> Tuple[Tensor, Tensor]:
    x = torch.reshape(self, [-1])
    return (_dd_hist(torch.unsqueeze(x, 1), [bins], weight, density), torch.clone(bins))


def _outer_edges(col: Tensor, rng: Optional[List[float]], k: int, bins: int) -> Tensor:
    # histogramdd_select_outer_bin_edges (native/Histogram.cpp): the range pair k, or the column's
    # [min, max] ([0, 1] if empty), widened by 0.5 when empty; linspace(lo, hi, bins + 1).
    if rng is not None:
        lo = torch.full([], rng[2 * k], dtype=torch.float64, device=col.device)
        hi = torch.full([], rng[2 * k + 1], dtype=torch.float64, device=col.device)
    elif col.size(0) == 0:
        lo = torch.full([], 0.0, dtype=torch.float64, device=col.device)
        hi = torch.full([], 1.0, dtype=torch.float64, device=col.device)
    else:
        lo = torch._to_copy(torch.amin(col, [], False), dtype=torch.float64)
        hi = torch._to_copy(torch.amax(col, [], False), dtype=torch.float64)
    same = torch.eq(lo, hi)
    lo = torch._to_copy(torch.where(same, torch.sub(lo, 0.5), lo), dtype=col.dtype)
    hi = torch._to_copy(torch.where(same, torch.add(hi, 0.5), hi), dtype=col.dtype)
    return _linspace_edges(lo, hi, bins + 1)


def _dd_edges(x: Tensor, bins: List[int], rng: Optional[List[float]]) -> List[Tensor]:
    out: List[Tensor] = []
    for k in range(len(bins)):
        out.append(_outer_edges(torch.select(x, 1, k), rng, k, bins[k]))
    return out


# histogramdd (the three ops torch.histogramdd is made of): x viewed as [N, D] rows.
def _histogramdd_bin_edges(self: Tensor, bins: List[int], rng: Optional[List[float]] = None,
                           weight: Optional[Tensor] = None,
                           density: bool = False) -> List[Tensor]:
    x = torch.reshape(self, [-1, self.size(-1)])
    return _dd_edges(x, bins, rng)


def _dd_hist(x: Tensor, edges: List[Tensor], w: Optional[Tensor], density: bool) -> Tensor:
    # histogramdd_cpu_contiguous (native/cpu/HistogramKernel.cpp): a row counts when every
    # coordinate is in [edges[0], edges[-1]]; its bin per dim is upper_bound(edges, e) - 1, the
    # last edge in the last bin; hist in x's dtype with weights; density divides by the total
    # and by the bin widths of every dim.
    valid = torch.full([x.size(0)], True, dtype=torch.bool, device=x.device)
    flat = torch.full([x.size(0)], 0, dtype=torch.int64, device=x.device)
    shape: List[int] = []
    total = 1
    for k in range(len(edges)):
        e = edges[k]
        nb = e.size(0) - 1
        shape.append(nb)
        total = total * nb
        col = torch.select(x, 1, k)
        valid = torch.logical_and(valid, torch.logical_and(
            torch.ge(col, torch.select(e, 0, 0)), torch.le(col, torch.select(e, 0, nb))))
        pos = torch.sub(torch.sum(torch.le(torch.unsqueeze(e, 0), torch.unsqueeze(col, 1)), [1],
                                  False, dtype=torch.int64), 1)
        pos = torch.clamp(pos, 0, nb - 1)
        flat = torch.add(torch.mul(flat, nb), pos)
    if w is None:
        ones = torch.full([x.size(0)], 1, dtype=x.dtype, device=x.device)
    else:
        ones = torch._to_copy(torch.reshape(w, [-1]), dtype=x.dtype)
    ones = torch.where(valid, ones, torch.full_like(ones, 0))
    flat = torch.where(valid, flat, torch.full_like(flat, 0))
    hist = torch.scatter_add(torch.full([total], 0, dtype=x.dtype, device=x.device), 0, flat, ones)
    hist = torch.reshape(hist, shape)
    if density:
        hist = torch.div(hist, torch.sum(hist, [], False))
        for k in range(len(edges)):
            e = edges[k]
            nb = e.size(0) - 1
            wshape: List[int] = []
            for j in range(len(edges)):
                if j == k:
                    wshape.append(nb)
                else:
                    wshape.append(1)
            widths = torch.sub(torch.slice(e, 0, 1, nb + 1), torch.slice(e, 0, 0, nb))
            hist = torch.div(hist, torch.reshape(widths, wshape))
    return hist


def _histogramdd_from_bin_cts(self: Tensor, bins: List[int], rng: Optional[List[float]] = None,
                              weight: Optional[Tensor] = None, density: bool = False) -> Tensor:
    x = torch.reshape(self, [-1, self.size(-1)])
    return _dd_hist(x, _dd_edges(x, bins, rng), weight, density)


def _histogramdd_from_bin_tensors(self: Tensor, bins: List[Tensor], weight: Optional[Tensor] = None,
                                  density: bool = False) -> Tensor:
    x = torch.reshape(self, [-1, self.size(-1)])
    return _dd_hist(x, bins, weight, density)


# bucketize with a scalar value: searchsorted_scalar on the (1-D) boundaries, a 0-d result.
def bucketize_scalar(self: number, boundaries: Tensor, out_int32: bool = False,
                     right: bool = False) -> Tensor:
    return searchsorted_scalar(boundaries, self, out_int32, right)


# bincount(x, weights, minlength): ATen's _bincount_cpu (native/SummaryOps.cpp): max(x) + 1 bins,
# at least minlength (minlength for an empty x); counts in int64, or the weights summed in float32
# when they are float32, else in float64. max(x) is read at run time through item (x padded with
# -1, so an empty x needs no branch): the length follows the data, not the example input.
def bincount(self: Tensor, weights: Optional[Tensor] = None, minlength: int = 0) -> Tensor:
    idx = torch._to_copy(self, dtype=torch.int64)  # first: -1 padding would wrap in uint8
    top = torch.amax(torch.constant_pad_nd(idx, [0, 1], -1), [0], False)
    n = max(int(top.item()) + 1, minlength)
    if weights is None:
        return torch.scatter_add(torch.full([n], 0, dtype=torch.int64, device=self.device), 0,
                                 idx, torch.full_like(idx, 1))
    d = torch.float64
    if weights.dtype == torch.float32:
        d = torch.float32
    return torch.scatter_add(torch.full([n], 0, dtype=d, device=self.device), 0, idx,
                             torch._to_copy(weights, dtype=d))


DECOMPOSITIONS = {
    "aten::searchsorted.Tensor": searchsorted,
    "aten::bucketize.Tensor": bucketize,
    "aten::bucketize.Scalar": bucketize_scalar,
    "aten::bincount": bincount,
    "aten::searchsorted.Scalar": searchsorted_scalar,
    "aten::histc": histc,
    "aten::histogram.bin_ct": histogram_bin_ct,
    "aten::histogram.bins_tensor": histogram_bins_tensor,
    "aten::_histogramdd_bin_edges": _histogramdd_bin_edges,
    "aten::_histogramdd_from_bin_cts": _histogramdd_from_bin_cts,
    "aten::_histogramdd_from_bin_tensors": _histogramdd_from_bin_tensors,
}
