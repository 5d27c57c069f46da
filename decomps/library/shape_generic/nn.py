"""Shape-generic decompositions of CompositeImplicitAutograd layers, for nodes whose shapes are not
all known (dynamic dims, data-dependent sizes, graphs lowered without example inputs). The
registry tries them after the CIA kernels (decomps/registry.h, source "generic"): with shapes known
the kernel traced on them is used, so static lowerings are unchanged. Sizes are read with
aten::size at run time; ranks, dtypes and arguments fold when known. Each follows the op's C++
kernel (aten/src/ATen/native/Linear.cpp, LinearAlgebra.cpp _matmul_impl, SoftMax.cpp,
layer_norm.cpp, group_norm.cpp, transformers/attention.cpp, PadNd.cpp) and
torch/_decomp/decompositions.py; tests/python/test_shape_generic.py checks each against eager and
against the traced kernel.
"""


def _prod_of(sizes: List[int], start: int, end: int) -> int:
    p = 1
    for d in range(start, end):
        p = p * sizes[d]
    return p


# input [*, K] @ weight [N, K]^T + bias [N] -> [*, N]. Rank 2 with a bias is one addmm, as the
# kernel; higher ranks fold the leading dims (the kernel's _flatten_nd_linear) into one of their
# product (not -1, which a zero K would leave ambiguous).
def linear(input: Tensor, weight: Tensor, bias: Optional[Tensor] = None) -> Tensor:
    n = input.dim()
    if bias is None:
        return torch.matmul(input, torch.t(weight))
    if n == 2:
        return torch.addmm(bias, input, torch.t(weight))
    if n >= 3:
        sizes = input.size()
        rows = _prod_of(sizes, 0, n - 1)
        out = torch.addmm(bias, torch.reshape(input, [rows, sizes[n - 1]]), torch.t(weight))
        shape = sizes[:n - 1]
        shape.append(weight.size(0))
        return torch.view(out, shape)
    return torch.add(torch.matmul(input, torch.t(weight)), bias)


# A contiguous copy viewed: what reshape does when no view is possible, without its walk over
# the strides, whose path depends on the sizes (with symbolic sizes each step would be a guard).
# For the broadcast (expanded) and transposed operands below, which reshape copies anyway.
def _copy_view(x: Tensor, shape: List[int]) -> Tensor:
    return torch.view(torch.clone(x, memory_format=torch.contiguous_format), shape)


def _broadcast_dim(x: int, y: int) -> int:
    if x == 1:
        return y
    return x


def _broadcast_batch(a: List[int], b: List[int]) -> List[int]:
    n = len(a)
    if len(b) > n:
        n = len(b)
    out: List[int] = []
    for i in range(n):
        ia = i - n + len(a)
        ib = i - n + len(b)
        x = 1
        y = 1
        if ia >= 0:
            x = a[ia]
        if ib >= 0:
            y = b[ib]
        # One append per dim whatever the sizes, so that the list's length folds.
        out.append(_broadcast_dim(x, y))
    return out


# _matmul_impl: dot, mv, mm for ranks 1 and 2; a batched left operand against a vector or matrix
# folds its batch into the rows of one mm or mv; anything else broadcasts the batch dims and
# runs one bmm.
def matmul(self: Tensor, other: Tensor) -> Tensor:
    d1 = self.dim()
    d2 = other.dim()
    assert d1 > 0 and d2 > 0, "both arguments to matmul need to be at least 1D"
    if d1 == 1 and d2 == 1:
        return torch.dot(self, other)
    if d1 == 2 and d2 == 1:
        return torch.mv(self, other)
    if d1 == 1 and d2 == 2:
        return torch.squeeze(torch.mm(torch.unsqueeze(self, 0), other), 0)
    if d1 == 2 and d2 == 2:
        return torch.mm(self, other)
    if d1 >= 3 and d2 <= 2:
        sizes = self.size()
        rows = _prod_of(sizes, 0, d1 - 1)
        folded = torch.reshape(self, [rows, sizes[d1 - 1]])
        shape = sizes[:d1 - 1]
        if d2 == 2:
            shape.append(other.size(1))
            return torch.view(torch.mm(folded, other), shape)
        return torch.view(torch.mv(folded, other), shape)
    n = 1
    if d1 > 1:
        n = self.size(-2)
    m1 = self.size(-1)
    p = 1
    if d2 > 1:
        p = other.size(-1)
    m2 = other.size(0)
    if d2 > 1:
        m2 = other.size(-2)
    batch1: List[int] = []
    for i in range(d1 - 2):
        batch1.append(self.size(i))
    batch2: List[int] = []
    for i in range(d2 - 2):
        batch2.append(other.size(i))
    batch = _broadcast_batch(batch1, batch2)
    b = _prod_of(batch, 0, len(batch))
    left = torch.unsqueeze(self, 0) if d1 == 1 else self
    size1 = batch[:]
    size1.append(n)
    size1.append(m1)
    left = _copy_view(torch.expand(left, size1), [b, n, m1])
    right = torch.unsqueeze(other, 1) if d2 == 1 else other
    size2 = batch[:]
    size2.append(m2)
    size2.append(p)
    right = _copy_view(torch.expand(right, size2), [b, m2, p])
    out_shape = batch[:]
    if d1 > 1:
        out_shape.append(n)
    if d2 > 1:
        out_shape.append(p)
    return torch.view(torch.bmm(left, right), out_shape)


# softmax/log_softmax with an optional result dtype: the input converted, then the core kernel
# without half-to-float (SoftMax.cpp softmax / log_softmax on the CPU).
def softmax(self: Tensor, dim: int, dtype: Optional[int] = None) -> Tensor:
    if dtype is not None:
        return torch._softmax(torch._to_copy(self, dtype=dtype), dim, False)
    return torch._softmax(self, dim, False)


def log_softmax(self: Tensor, dim: int, dtype: Optional[int] = None) -> Tensor:
    if dtype is not None:
        return torch._log_softmax(torch._to_copy(self, dtype=dtype), dim, False)
    return torch._log_softmax(self, dim, False)


def layer_norm(input: Tensor, normalized_shape: List[int], weight: Optional[Tensor] = None,
               bias: Optional[Tensor] = None, eps: float = 1e-05,
               cudnn_enable: bool = True) -> Tensor:
    return torch.native_layer_norm(input, normalized_shape, weight, bias, eps)[0]


# group_norm.cpp: N = size(0), C = size(1), HxW the product of the rest; the kernel takes a
# contiguous input (a transposed one is copied first, as the CIA kernel does).
def group_norm(input: Tensor, num_groups: int, weight: Optional[Tensor] = None,
               bias: Optional[Tensor] = None, eps: float = 1e-05,
               cudnn_enabled: bool = True) -> Tensor:
    sizes = input.size()
    hw = _prod_of(sizes, 2, len(sizes))
    return torch.native_group_norm(torch.contiguous(input), weight, bias, sizes[0], sizes[1], hw,
                                   num_groups, eps)[0]


# repeat_interleave(x, r, -3) of a [..., H, S, E] tensor as a view and one copy:
# [..., H, 1, S, E] expanded to [..., H, r, S, E], reshaped to [..., H * r, S, E].
def _repeat_heads(x: Tensor, r: int) -> Tensor:
    sizes = x.size()
    n = len(sizes)
    expanded = sizes[:n - 2]
    expanded.append(r)
    expanded.append(sizes[n - 2])
    expanded.append(sizes[n - 1])
    merged = sizes[:n - 3]
    merged.append(sizes[n - 3] * r)
    merged.append(sizes[n - 2])
    merged.append(sizes[n - 1])
    return _copy_view(torch.expand(torch.unsqueeze(x, -3), expanded), merged)


# scaled_dot_product_attention in its math form (attention.cpp _scaled_dot_product_attention_math):
# softmax(Q K^T * scale + mask) V, with a top-left causal mask, a boolean mask (False = masked
# out) or an additive float mask, and grouped-query attention (enable_gqa: each key/value head
# serves query_heads / kv_heads query heads, as repeat_interleave on dim -3). Dropout draws with
# native_dropout: the same distribution as the kernel, not the same numbers.
def scaled_dot_product_attention(query: Tensor, key: Tensor, value: Tensor,
                                 attn_mask: Optional[Tensor] = None, dropout_p: float = 0.0,
                                 is_causal: bool = False, scale: Optional[float] = None,
                                 enable_gqa: bool = False) -> Tensor:
    k = key
    v = value
    if enable_gqa and query.dim() >= 3:
        hq = query.size(-3)
        hk = key.size(-3)
        if hq != hk:
            k = _repeat_heads(key, hq // hk)
            v = _repeat_heads(value, hq // hk)
    if scale is None:
        s = 1.0 / (float(query.size(-1)) ** 0.5)
    else:
        s = scale
    scores = torch.matmul(query, torch.transpose(k, -2, -1)) * s
    if is_causal:
        L = query.size(-2)
        S = k.size(-2)
        rows = torch.unsqueeze(torch.arange(0, L, 1, device=query.device), 1)
        cols = torch.unsqueeze(torch.arange(0, S, 1, device=query.device), 0)
        scores = torch.where(cols <= rows, scores, torch.full_like(scores, float("-inf")))
    if attn_mask is not None:
        if attn_mask.dtype == torch.bool:
            scores = torch.where(attn_mask, scores, torch.full_like(scores, float("-inf")))
        else:
            scores = scores + attn_mask
    attn = torch._softmax(scores, -1, False)
    if dropout_p > 0.0:
        attn = torch.native_dropout(attn, dropout_p, True)[0]
    # On the CPU the kernel runs flash attention for 4-D inputs (attention.py).
    return _in_query_layout(torch.matmul(attn, v), query)


# max_pool2d without indices is the first result of the core op with them.
def max_pool2d(self: Tensor, kernel_size: List[int], stride: List[int] = [],
               padding: List[int] = [0, 0], dilation: List[int] = [1, 1],
               ceil_mode: bool = False) -> Tensor:
    return torch.max_pool2d_with_indices(self, kernel_size, stride, padding, dilation,
                                         ceil_mode)[0]


DECOMPOSITIONS = {
    "aten::linear": linear,
    "aten::matmul": matmul,
    "aten::softmax.int": softmax,
    "aten::log_softmax.int": log_softmax,
    "aten::layer_norm": layer_norm,
    "aten::group_norm": group_norm,
    "aten::scaled_dot_product_attention": scaled_dot_product_attention,
    "aten::max_pool2d": max_pool2d,
}
