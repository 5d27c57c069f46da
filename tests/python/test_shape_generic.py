"""The shape-generic decompositions (decomps/library/shape_generic): a program lowered without
example inputs, where no CompositeImplicitAutograd kernel can be traced, must come out core ATen
apart from shape glue and the metadata queries of tensors of unknown rank (counted non-core:
a backend must answer them), and compute what eager computes at every size; the same program
lowered with example inputs (kernels traced on them, where their non-tensor arguments are
constants) must agree with it."""

from typing import List, Optional

import pytest
import torch
import torch.nn.functional as F

import graph_lower
from conftest import only_metadata_queries_left


def _linear(x: torch.Tensor, w: torch.Tensor, b: Optional[torch.Tensor]):
    return F.linear(x, w, b)


def _matmul(a: torch.Tensor, b: torch.Tensor):
    return torch.matmul(a, b)


def _softmax(x: torch.Tensor):
    return torch.softmax(x, -1), torch.log_softmax(x, 1), torch.softmax(x, 0, torch.float64)


def _layer_norm(x: torch.Tensor, w: torch.Tensor, b: torch.Tensor):
    return F.layer_norm(x, [x.size(-1)], w, b, 1e-5)


def _group_norm(x: torch.Tensor, w: torch.Tensor, b: torch.Tensor):
    return F.group_norm(x, 2, w, b), F.group_norm(x.flatten(2).transpose(1, 2), 1)


def _sdpa(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, mask: Optional[torch.Tensor],
          causal: bool):
    return F.scaled_dot_product_attention(q, k, v, attn_mask=mask, is_causal=causal)


def _sdpa_gqa(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor):
    return F.scaled_dot_product_attention(q, k, v, enable_gqa=True)


def _max_pool(x: torch.Tensor):
    return F.max_pool2d(x, 3, 2, 1)


def _pad(x: torch.Tensor):
    return (F.pad(x, [1, 2, 0, 1], value=0.5), F.pad(x, [1, 2, 2, 1], mode="reflect"),
            F.pad(x[0], [2, 1], mode="replicate"), F.pad(x, [1, 2, 2, 1], mode="circular"))


def _instance_norm(x: torch.Tensor, w: torch.Tensor, b: torch.Tensor):
    return F.instance_norm(x, weight=w, bias=b), F.instance_norm(x)


def _rms_norm(x: torch.Tensor, w: torch.Tensor):
    return F.rms_norm(x, [x.size(-1)], w), F.rms_norm(x, [x.size(-2), x.size(-1)], eps=1e-3)


def _resize(x: torch.Tensor):
    return (F.interpolate(x, scale_factor=2.0, mode="bicubic"),
            F.interpolate(x, size=[5, 9], mode="nearest-exact"),
            F.interpolate(x, scale_factor=1.5, mode="bilinear", antialias=True),
            F.interpolate(x.flatten(2), scale_factor=3.0, mode="linear"),
            F.interpolate(x.flatten(2), size=[7]),
            F.interpolate(x.unsqueeze(2), scale_factor=[1.0, 2.0, 0.5], mode="trilinear"),
            F.interpolate(x.unsqueeze(2), size=[2, 3, 4], mode="area"))


def _pool(x: torch.Tensor):
    return (F.max_pool3d(x.unsqueeze(0), 2), F.adaptive_max_pool1d(x.flatten(2), 3),
            F.adaptive_avg_pool3d(x.unsqueeze(0), [1, 2, 3]))


def _shapes(x: torch.Tensor, y: torch.Tensor):
    return (torch.cat(torch.chunk(x, 3, -1)[::-1], -1), x.repeat_interleave(2, 1),
            x.repeat_interleave(3), y.expand_as(x), x.narrow(-1, 1, 2),
            x.narrow(-1, -2, 1))


def _moments(x: torch.Tensor):
    v, m = torch.var_mean(x, [1, 2], unbiased=False)
    s, sm = torch.std_mean(x, [-1], keepdim=True)
    return torch.var(x, [0]), torch.std(x, [-1]), v, m, s, sm, torch.norm(x, dim=[1, 2])


def _conv_transpose(x: torch.Tensor, w1: torch.Tensor, w2: torch.Tensor):
    return (F.conv_transpose1d(x.flatten(2), w1, stride=2, padding=1, output_padding=1),
            F.conv_transpose2d(x, w2, groups=3, dilation=2), F.conv_transpose2d(x[0], w2,
                                                                               groups=3))


r = torch.randn
CASES = {
    "linear-2d": (_linear, [lambda n: (r(n, 8), r(6, 8), r(6))]),
    "linear-3d": (_linear, [lambda n: (r(2, n, 8), r(6, 8), r(6))]),
    "linear-4d-transposed": (_linear, [lambda n: (r(n, 3, 8, 2).transpose(2, 3), r(6, 8),
                                                  r(6))]),
    "linear-no-bias": (_linear, [lambda n: (r(n, 3, 8), r(6, 8), None)]),
    "linear-1d": (_linear, [lambda n: (r(8), r(n, 8), r(n))]),
    "matmul-1-1": (_matmul, [lambda n: (r(n), r(n))]),
    "matmul-2-1": (_matmul, [lambda n: (r(n, 4), r(4))]),
    "matmul-1-2": (_matmul, [lambda n: (r(4), r(4, n))]),
    "matmul-2-2": (_matmul, [lambda n: (r(n, 4), r(4, 3))]),
    "matmul-3-2": (_matmul, [lambda n: (r(2, n, 4), r(4, 3))]),
    "matmul-4-1": (_matmul, [lambda n: (r(2, n, 3, 4), r(4))]),
    "matmul-1-3": (_matmul, [lambda n: (r(4), r(n, 4, 3))]),
    "matmul-2-4": (_matmul, [lambda n: (r(3, 4), r(2, n, 4, 5))]),
    "matmul-broadcast": (_matmul, [lambda n: (r(2, 1, n, 4), r(3, 4, 5))]),
    "matmul-4-4": (_matmul, [lambda n: (r(2, 3, n, 4), r(2, 3, 4, n))]),
    "softmax": (_softmax, [lambda n: (r(n, 5),)]),
    "layer_norm": (_layer_norm, [lambda n: (r(2, n, 8), r(8), r(8))]),
    "group_norm": (_group_norm, [lambda n: (r(n, 4, 3, 5), r(4), r(4))]),
    "sdpa": (_sdpa, [lambda n: (r(2, 3, n, 8), r(2, 3, n, 8), r(2, 3, n, 8), None, False)]),
    "sdpa-causal": (_sdpa, [lambda n: (r(2, 3, n, 8), r(2, 3, n + 2, 8), r(2, 3, n + 2, 4),
                                       None, True)]),
    "sdpa-bool-mask": (_sdpa, [lambda n: (r(1, 2, n, 8), r(1, 2, 5, 8), r(1, 2, 5, 8),
                                          torch.rand(n, 5) > 0.3, False)]),
    "sdpa-float-mask": (_sdpa, [lambda n: (r(n, 4, 8), r(n, 6, 8), r(n, 6, 8), r(4, 6),
                                           False)]),
    "sdpa-gqa": (_sdpa_gqa, [lambda n: (r(2, 8, n, 4), r(2, 2, n, 4), r(2, 2, n, 4))]),
    "max_pool2d": (_max_pool, [lambda n: (r(2, 3, n, n + 1),)]),
    "pad": (_pad, [lambda n: (r(2, 3, n + 3, n + 4),)]),
    "instance_norm": (_instance_norm, [lambda n: (r(n, 3, 4, n + 2), r(3), r(3))]),
    "rms_norm": (_rms_norm, [lambda n: (r(2, n, 8), r(8))]),
    "resize": (_resize, [lambda n: (r(2, 3, n + 1, n + 2),)]),
    "pool": (_pool, [lambda n: (r(3, 4, n + 2, n + 3),)]),
    "shapes": (_shapes, [lambda n: (r(2, 3, n + 3), r(3, 1))]),
    "moments": (_moments, [lambda n: (r(3, n + 1, 5),)]),
    "conv_transpose": (_conv_transpose, [lambda n: (r(2, 3, n, n + 1), r(3, 2, 3),
                                                    r(3, 1, 3, 2))]),
}


def _leaves(x):
    return list(x) if isinstance(x, tuple) else [x]


@pytest.mark.parametrize("name", sorted(CASES))
def test_generic_form_matches_eager_and_the_traced_kernel(name):
    fn, makers = CASES[name]
    scripted = torch.jit.script(fn)
    generic = graph_lower.lower(scripted.graph)
    assert only_metadata_queries_left(generic.report), generic.report["non_core_ops"]
    assert "generic" in generic.report["decompositions"].values(), generic.report
    for n in (1, 3, 7):  # one lowering, inputs of several sizes
        torch.manual_seed(n)
        inputs = makers[0](n)
        want = _leaves(fn(*inputs))
        got = _leaves(generic.module(*inputs))
        traced = graph_lower.lower(scripted.graph, example_inputs=inputs, strict=True)
        again = _leaves(traced.module(*inputs))
        for w, g, t in zip(want, got, again):
            assert g.shape == w.shape and g.dtype == w.dtype
            torch.testing.assert_close(g, w, atol=1e-5, rtol=1e-5)
            torch.testing.assert_close(g, t, atol=1e-5, rtol=1e-5)


def test_a_scripted_language_model_lowered_once_serves_every_size():
    import torch.nn as nn

    class Block(nn.Module):
        def __init__(self, d: int = 32, heads: int = 4):
            super().__init__()
            self.heads = heads
            self.ln = nn.LayerNorm(d)
            self.qkv = nn.Linear(d, 3 * d)
            self.out = nn.Linear(d, d)
            self.ff = nn.Sequential(nn.Linear(d, 64), nn.GELU(), nn.Linear(64, d))

        def forward(self, x):
            B, T, C = x.shape
            q, k, v = self.qkv(self.ln(x)).split(C, dim=2)
            q = q.view(B, T, self.heads, C // self.heads).transpose(1, 2)
            k = k.view(B, T, self.heads, C // self.heads).transpose(1, 2)
            v = v.view(B, T, self.heads, C // self.heads).transpose(1, 2)
            y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
            x = x + self.out(y.transpose(1, 2).reshape(B, T, C))
            return x + self.ff(x)

    model = nn.Sequential(nn.Embedding(50, 32), Block(), Block(), nn.Linear(32, 50)).eval()
    result = graph_lower.lower(torch.jit.script(model))
    assert only_metadata_queries_left(result.report), result.report["non_core_ops"]
    for batch, length in ((1, 1), (2, 9), (3, 40)):
        idx = torch.randint(0, 50, (batch, length))
        with torch.no_grad():
            torch.testing.assert_close(result(idx), model(idx), atol=1e-5, rtol=1e-5)


def _data_dependent(x: torch.Tensor, w: torch.Tensor):
    return torch.softmax(x[x > 0], 0), F.linear(x.nonzero().float(), w)


def test_sizes_that_depend_on_data_are_decomposed_shape_generically():
    # Boolean masking and nonzero give sizes known only at run time (unbacked): the example
    # inputs cannot specialise what follows, and the generic forms decompose it.
    scripted = torch.jit.script(_data_dependent)
    w = torch.randn(3, 2)
    result = graph_lower.lower(scripted.graph, [torch.randn(4, 2), w], strict=True)
    assert result.report["decompositions"]["aten::softmax.int"] == "generic"
    assert result.report["decompositions"]["aten::linear"] == "generic"
    for n in (4, 9, 1):
        torch.manual_seed(n)
        x = torch.randn(n, 2)
        for got, want in zip(result.module(x, w), _data_dependent(x, w)):
            torch.testing.assert_close(got, want)
