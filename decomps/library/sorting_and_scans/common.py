"""Decompositions of sorting, selection, scans, searching, histograms, scatter/gather reductions
and data-dependent shapes into core ATen.

This file holds the helpers the files of this folder share.
"""


# dim wrapped into [0, x.dim()).
def _wrap_dim(dim: int, x: Tensor) -> int:
    if dim < 0:
        return dim + x.dim()
    return dim


# What a scan or selection along a dim gives for a 0-d x (or an empty dim): x and index 0.
def _scalar_pair(x: Tensor) -> Tuple[Tensor, Tensor]:
    return (torch.clone(x), torch.full_like(x, 0, dtype=torch.int64))
