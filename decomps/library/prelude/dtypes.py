"""Dtype rules shared by the library: which dtypes are floating, and the float dtype an op that
promotes integers to floats computes in (torch/_prims_common ELEMENTWISE_TYPE_PROMOTION_KIND
INT_TO_FLOAT, with float32 as the default dtype).
"""


def _is_float(d: int) -> bool:
    return d == torch.float16 or d == torch.float32 or d == torch.float64 or d == torch.bfloat16


# x's dtype when it is floating, else the default float32.
def _float_dtype(x: Tensor) -> int:
    d = x.dtype
    if _is_float(d):
        return d
    return torch.float32


# The dtype of a + b (type promotion, 0-d tensors included) when floating, else float32.
def _float_result_dtype(a: Tensor, b: Tensor) -> int:
    d = torch.add(torch.mul(a, 0), torch.mul(b, 0)).dtype
    if not _is_float(d):
        d = torch.float32
    return d


# The tensors of a binary op's Tensor, self_scalar/x_scalar and other_scalar/n_scalar overloads:
# the Scalar argument becomes a 0-d tensor of the other argument's _float_dtype.
def _tensors_of(a: Union[Tensor, number], b: Union[Tensor, number]) -> Tuple[Tensor, Tensor]:
    if isinstance(a, Tensor):
        if isinstance(b, Tensor):
            return a, b
        return a, torch.scalar_tensor(b, dtype=_float_dtype(a))
    assert isinstance(b, Tensor), "one argument must be a tensor"
    return torch.scalar_tensor(a, dtype=_float_dtype(b)), b


# The fill of masked_fill and index_fill: a Scalar or 0-d tensor value, in self's dtype.
def _filled_like(self: Tensor, value: Union[Tensor, number]) -> Tensor:
    if isinstance(value, Tensor):
        return torch._to_copy(value, dtype=self.dtype)
    return torch.full_like(self, value)


# x in the dtype ATen's CPU kernels compute float16 and bfloat16 in (opmath_t: float32); other
# dtypes as they are (torch/_decomp/decompositions.py pw_cast_for_opmath, torch/_refs
# reduction_dtypes). Computing there and rounding once at the end keeps the kernels' accuracy.
def _opmath(x: Tensor) -> Tensor:
    if x.dtype == torch.float16 or x.dtype == torch.bfloat16:
        return torch._to_copy(x, dtype=torch.float32)
    return x


# Whether a, b and c are float16 (or all bfloat16): an op on them computes in _opmath.
def _all_low(a: Tensor, b: Tensor, c: Tensor) -> bool:
    d = a.dtype
    return (d == torch.float16 or d == torch.bfloat16) and b.dtype == d and c.dtype == d


# r in dtype d (the result of a computation in _opmath), unchanged when it is already.
def _cast_to(r: Tensor, d: int) -> Tensor:
    if r.dtype != d:
        return torch._to_copy(r, dtype=d)
    return r


# x (float64) rounded to float32 and back: float32 arithmetic emulated step by step.
def _r32(x: Tensor) -> Tensor:
    return torch._to_copy(torch._to_copy(x, dtype=torch.float32), dtype=torch.float64)


# The dtype and device given, else x's (the new_* and *_like factories).
def _dtype_device(x: Tensor, dtype: Optional[int],
                  device: Optional[Device]) -> Tuple[int, Device]:
    dt = x.dtype
    if dtype is not None:
        dt = dtype
    dev = x.device
    if device is not None:
        dev = device
    return dt, dev
