"""End-to-end tests of lowering small scripted modules with the CLI: optional forward arguments,
nn.TransformerEncoder's inference fast path, and overloads that must survive torch.jit.save/load.

Expected values come from the eager nn.Module under torch.no_grad(); "core" comes from the running
PyTorch's torch.Tag.core (test_lower_cli._non_core_tensor_ops), never from graph-lower's output.
"""

import json
import warnings
from typing import Optional

import pytest
import torch
from torch import nn

from conftest import run_cli
from test_lower_cli import _non_core_tensor_ops


class MaskedLinear(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(8, 8)

    def forward(self, x, mask: Optional[torch.Tensor] = None, scale: float = 2.0):
        y = self.lin(x) * scale
        if mask is not None:
            y = y.masked_fill(mask, 0.0)
        return y


def _lower(graph_lower_bin, module, tmp_path, *args):
    src = tmp_path / "in.pt"
    torch.jit.script(module.eval()).save(str(src))
    out = tmp_path / "out.pt"
    report = tmp_path / "report.json"
    proc = run_cli(graph_lower_bin, str(src), "-o", str(out), "--report", str(report), *args)
    return proc, out, report


def test_trailing_arguments_with_defaults_may_be_left_out(graph_lower_bin, tmp_path):
    torch.manual_seed(0)
    m = MaskedLinear()
    proc, out, report = _lower(graph_lower_bin, m, tmp_path, "--example-inputs", "2x8",
                               "--verify")
    assert proc.returncode == 0, proc.stderr
    rep = json.loads(report.read_text())
    assert rep["non_core_ops"] == [] and rep["verified"] is True
    assert rep["none_inputs"] == ["mask"]
    lowered = torch.jit.load(str(out))
    assert _non_core_tensor_ops(lowered.graph) == set()
    x = torch.randn(2, 8)
    with torch.no_grad():
        torch.testing.assert_close(lowered(x), m(x))
        # scale was not given: it stays an input with its default, not a constant.
        torch.testing.assert_close(lowered(x, None, 3.0), m(x, None, 3.0))
    # mask was specialised to None: passing one fails loudly instead of being ignored.
    with pytest.raises(RuntimeError, match="NoneType"):
        lowered(x, torch.zeros(2, 8, dtype=torch.bool))


def test_example_inputs_can_pass_none_and_scalars(graph_lower_bin, tmp_path):
    torch.manual_seed(0)
    m = MaskedLinear()
    proc, out, _ = _lower(graph_lower_bin, m, tmp_path, "--example-inputs", "2x8;2x8:bool;=0.5",
                          "--verify")
    assert proc.returncode == 0, proc.stderr
    lowered = torch.jit.load(str(out))
    x, mask = torch.randn(2, 8), torch.rand(2, 8) > 0.5
    with torch.no_grad():
        torch.testing.assert_close(lowered(x, mask, 0.5), m(x, mask, 0.5))


@pytest.mark.parametrize("spec,message", [
    ("2x8;2x8:bool;=1;2x8", "takes 1 to 3 inputs; 4 were given"),
    ("None", "input 0 (x) of"),
    ("2x8;=1", "Optional[Tensor]; an int was given"),
    ("2x5", "mat1 and mat2 shapes cannot be multiplied (2x5 and 8x8)"),
])
def test_example_inputs_that_do_not_fit_are_named(graph_lower_bin, tmp_path, spec, message):
    proc, out, _ = _lower(graph_lower_bin, MaskedLinear(), tmp_path, "--example-inputs", spec)
    assert proc.returncode == 2
    assert message in proc.stderr, proc.stderr
    assert not out.exists()


def test_transformer_encoder_fast_path_lowers_and_matches_eager(graph_lower_bin, tmp_path):
    torch.manual_seed(0)
    enc = nn.TransformerEncoder(nn.TransformerEncoderLayer(16, 2, 32, batch_first=True), 2)
    x = torch.randn(2, 5, 16)
    inputs = tmp_path / "inputs.pt"
    torch.save([x], str(inputs))
    proc, out, report = _lower(graph_lower_bin, enc, tmp_path, "--example-inputs", str(inputs),
                               "--verify")
    assert proc.returncode == 0, proc.stderr
    rep = json.loads(report.read_text())
    assert rep["non_core_ops"] == [] and rep["verified"] is True
    assert "aten::_transformer_encoder_layer_fwd" in rep["decompositions"]
    lowered = torch.jit.load(str(out))
    assert _non_core_tensor_ops(lowered.graph) == set()
    enc.eval()
    for _ in range(2):
        y = torch.randn(2, 5, 16)
        with torch.no_grad():
            torch.testing.assert_close(lowered(y), enc(y), rtol=1e-4, atol=1e-4)


def test_upsample_vec_overload_survives_save_and_load(graph_lower_bin, tmp_path):
    class Up(nn.Module):
        def forward(self, x):
            return nn.functional.interpolate(x, size=[6, 6]) + 1

    proc, out, _ = _lower(graph_lower_bin, Up(), tmp_path, "--example-inputs", "1x2x3x3",
                          "--verify")
    assert proc.returncode == 0, proc.stderr
    lowered = torch.jit.load(str(out))
    assert _non_core_tensor_ops(lowered.graph) == set()
    x = torch.randn(1, 2, 3, 3)
    torch.testing.assert_close(lowered(x), Up()(x))


class Chatty(nn.Module):
    """Uses ops the interpreter implements itself (aten::format, aten::warn) on the way."""

    def forward(self, x):
        torch._assert(x.dim() == 2, f"expected 2 dims, got {x.dim()}")
        if x.size(0) > 100:
            warnings.warn("large batch")
        return x.relu()


def test_format_and_warn_do_not_fail_lowering(graph_lower_bin, tmp_path):
    proc, out, report = _lower(graph_lower_bin, Chatty(), tmp_path, "--example-inputs", "2x3",
                               "--verify")
    assert proc.returncode == 0, proc.stderr
    x = torch.randn(2, 3)
    torch.testing.assert_close(torch.jit.load(str(out))(x), x.relu())


def test_files_read_are_never_overwritten(graph_lower_bin, tmp_path):
    src = tmp_path / "in.pt"
    torch.jit.script(Chatty()).save(str(src))
    inputs = tmp_path / "inputs.pt"
    torch.save([torch.randn(2, 3)], str(inputs))
    before = inputs.read_bytes()
    for args in (["-o", str(inputs)], ["--report", str(inputs)]):
        proc = run_cli(graph_lower_bin, str(src), "--example-inputs", str(inputs), *args)
        assert proc.returncode == 2 and "refusing to overwrite" in proc.stderr, proc.stderr
        assert inputs.read_bytes() == before
    out = tmp_path / "o.pt"
    proc = run_cli(graph_lower_bin, str(src), "--example-inputs", str(inputs), "-o", str(out),
                   "--report", str(out))
    assert proc.returncode == 2 and "both -o and --report" in proc.stderr
    # A report that cannot be written fails before the archive is written.
    proc = run_cli(graph_lower_bin, str(src), "--example-inputs", str(inputs), "-o", str(out),
                   "--report", str(tmp_path / "missing" / "r.json"))
    assert proc.returncode == 2 and "no such directory" in proc.stderr
    assert not out.exists()


class MultiheadKeyPadding(nn.Module):
    def __init__(self):
        super().__init__()
        self.mha = nn.MultiheadAttention(16, 4, batch_first=True)

    def forward(self, x, key_padding_mask: Optional[torch.Tensor] = None):
        return self.mha(x, x, x, key_padding_mask=key_padding_mask)


class MultiheadFastPath(nn.Module):
    """nn.MultiheadAttention without weights, as ViT calls it: in eval mode without grad its
    scripted forward takes the fast path, aten::_native_multi_head_attention."""

    def __init__(self, embed_dim, heads):
        super().__init__()
        self.mha = nn.MultiheadAttention(embed_dim, heads, batch_first=True)

    def forward(self, x, key_padding_mask: Optional[torch.Tensor] = None):
        return self.mha(x, x, x, key_padding_mask=key_padding_mask, need_weights=False)[0]


@pytest.mark.parametrize("shape,heads", [((2, 5, 16), 4), ((1, 7, 24), 3), ((3, 1, 8), 8)])
def test_multihead_attention_fast_path_matches_eager(graph_lower_bin, tmp_path, shape, heads):
    # Its output shape comes from a rule of ours on meta tensors (passes/meta_shape_rules.cc,
    # MultiHeadAttentionOnMeta); the suite's invariant check compares it with the CPU run.
    torch.manual_seed(0)
    m = MultiheadFastPath(shape[2], heads).eval()
    args = [torch.randn(*shape)]
    with torch.no_grad():
        graph = torch.jit.script(m).graph
        torch._C._jit_pass_inline(graph)
    assert "aten::_native_multi_head_attention" in str(graph)
    inputs = tmp_path / "inputs.pt"
    torch.save(args, str(inputs))
    proc, out, report = _lower(graph_lower_bin, m, tmp_path, "--example-inputs", str(inputs),
                               "--verify")
    assert proc.returncode == 0, proc.stderr
    lowered = torch.jit.load(str(out))
    assert _non_core_tensor_ops(lowered.graph) == set()
    assert "_native_multi_head_attention" not in str(lowered.graph)
    with torch.no_grad():
        fresh = torch.randn(*shape)
        torch.testing.assert_close(lowered(fresh), m(fresh), rtol=1e-4, atol=1e-4)


def test_multihead_attention_with_a_key_padding_mask_matches_eager(graph_lower_bin, tmp_path):
    torch.manual_seed(0)
    m = MultiheadKeyPadding().eval()
    x = torch.randn(2, 5, 16)
    mask = torch.zeros(2, 5, dtype=torch.bool)
    mask[0, 3:] = True
    inputs = tmp_path / "inputs.pt"
    torch.save([x, mask], str(inputs))
    proc, out, report = _lower(graph_lower_bin, m, tmp_path, "--example-inputs", str(inputs),
                               "--verify")
    assert proc.returncode == 0, proc.stderr
    lowered = torch.jit.load(str(out))
    assert _non_core_tensor_ops(lowered.graph) == set()
    with torch.no_grad():
        torch.testing.assert_close(lowered(x, mask), m(x, mask), rtol=1e-4, atol=1e-4)
