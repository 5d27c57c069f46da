"""Dynamic shapes: a program exported with dynamic dims is lowered once, keeps its symbols and
their ranges, and computes what eager computes at every size in range (issue 39)."""

import collections
import json
import os
import sys

import pytest
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.utils._pytree as pytree
from torch.export import Dim, export

import graph_lower

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                "benchmarks"))
import decoder_lm  # noqa: E402

# The symbolic-size ops torch.export itself emits, allowed besides core ATen.
SYMBOLIC = {"aten.sym_size.int", "aten.sym_stride.int", "aten.sym_numel.default",
            "aten._assert_scalar.default"}


def DecoderLM(kv_heads=4, layers=2):
    """A small decoder LM (benchmarks/decoder_lm.py): vocabulary 64, d 32, 4 heads."""
    return decoder_lm.DecoderLM(vocab=64, d=32, layers=layers, heads=4, kv_heads=kv_heads,
                                log_probs=True)


def _targets(ep):
    return collections.Counter(str(n.target) for n in ep.graph.nodes if n.op == "call_function")


def _non_core(ep):
    bad = set()
    for n in ep.graph.nodes:
        if n.op != "call_function" or str(n.target) in SYMBOLIC:
            continue
        if isinstance(n.target, torch._ops.OpOverload):
            if torch.Tag.core not in n.target.tags:
                bad.add(str(n.target))
        # torch/_export/verifier.py's _allowed_builtin_ops: operator.*, math.ceil/floor/trunc.
        elif n.target.__module__ not in ("_operator", "operator", "math") and n.target not in (
                torch.sym_not, torch.sym_max, torch.sym_min, torch.sym_float, torch.sym_int):
            bad.add(str(n.target))
    return bad


@pytest.mark.parametrize("kv_heads", [4, 2])
def test_a_decoder_exported_with_dynamic_batch_and_length_keeps_both(kv_heads):
    torch.manual_seed(0)
    model = DecoderLM(kv_heads=kv_heads).eval()
    batch, seq = Dim("batch", min=1, max=16), Dim("seq", min=2, max=96)
    ep = export(model, (torch.randint(0, 64, (2, 8)),),
                dynamic_shapes={"idx": {0: batch, 1: seq}})
    lowered = graph_lower.run_decompositions(ep)
    assert lowered.range_constraints == ep.range_constraints
    report = lowered.graph_lower_report
    assert report["non_core_ops"] == []
    assert set(report["symbolic_dims"]["idx"]) == {"0", "1"}
    assert _non_core(lowered) == set(), _targets(lowered)
    placeholder = [n for n in lowered.graph.nodes if n.op == "placeholder"][-1]
    assert [str(s) for s in placeholder.meta["val"].shape] == [
        str(s) for s in [n for n in ep.graph.nodes if n.op == "placeholder"][-1].meta["val"].shape]
    module = lowered.module()
    for b, t in ((1, 2), (2, 8), (3, 17), (16, 96), (5, 33)):
        idx = torch.randint(0, 64, (b, t))
        with torch.no_grad():
            torch.testing.assert_close(module(idx), model(idx), atol=1e-5, rtol=1e-5)


def test_a_static_dim_folds_while_the_dynamic_one_is_read_at_run_time():
    class M(nn.Module):
        def forward(self, x):
            return torch.softmax(x.flatten(1) @ x.flatten(1).t(), -1)

    ep = export(M(), (torch.randn(4, 3, 5),), dynamic_shapes={"x": {0: Dim("n", min=2, max=50)}})
    lowered = graph_lower.run_decompositions(ep)
    # Only dim 0 is read; dims 1 and 2 are folded into the view's size.
    sizes = [n for n in lowered.graph.nodes if n.target is torch.ops.aten.sym_size.int]
    assert sizes and all(n.args[1] == 0 for n in sizes)
    for n in (2, 7, 50):
        x = torch.randn(n, 3, 5)
        torch.testing.assert_close(lowered.module()(x), M()(x))


def test_compile_dynamic_lowers_once_for_every_length():
    from graph_lower import backend

    torch.manual_seed(0)
    model = DecoderLM().eval()
    backend.clear_reports()
    torch._dynamo.reset()
    compiled = torch.compile(model, backend="graph_lower", dynamic=True)
    with torch.no_grad():
        for length in (8, 5, 31, 64, 2):
            idx = torch.randint(0, 64, (3, length))
            torch.testing.assert_close(compiled(idx), model(idx), atol=1e-5, rtol=1e-5)
    reports = backend.reports()
    assert len(reports) == 1, [r.get("symbolic_dims") for r in reports]
    report = reports[0]
    assert report["runner"] == "fx" and report["non_core_ops"] == []
    dims = [d for per_input in report["symbolic_dims"].values() for d in per_input]
    assert "0" in dims and "1" in dims  # the token ids' batch and length


def test_cli_dynamic_dims_give_one_archive_for_every_size(graph_lower_bin, tmp_path):
    from conftest import run_cli

    torch.manual_seed(0)
    model = DecoderLM(kv_heads=2).eval()
    archive, inputs, out = tmp_path / "lm.pt", tmp_path / "in.pt", tmp_path / "lm.core.pt"
    torch.jit.save(torch.jit.script(model), str(archive))
    torch.save([torch.randint(0, 64, (2, 8))], str(inputs))
    proc = run_cli(graph_lower_bin, str(archive), "--example-inputs", str(inputs),
                   "--dynamic-dims", "0.0=batch,0.-1", "--verify", "--strict", "-o", str(out),
                   "--report", str(tmp_path / "report.json"))
    assert proc.returncode == 0, proc.stderr
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["symbolic_dims"] == {"idx": {"0": "batch", "1": "0.1"}}
    lowered = torch.jit.load(str(out))
    for b, t in ((1, 2), (2, 8), (5, 19)):
        idx = torch.randint(0, 64, (b, t))
        with torch.no_grad():
            torch.testing.assert_close(lowered(idx), model(idx), atol=1e-5, rtol=1e-5)


@pytest.mark.parametrize("spec, message", [
    ("1.0", "input 1 does not exist; the program takes 1 input"),
    ("0.2", "dim 2 is beyond input 0's rank 2"),
    ("0.0=a,0.1=a", "a: input 0 dim 1 has size 8, input 0 dim 0 has size 2"),
    ("0.x", "expected INPUT.DIM or INPUT.DIM=NAME"),
    ("0.0.0", "expected INPUT.DIM or INPUT.DIM=NAME"),
    ("0.0,,0.1", "expected INPUT.DIM or INPUT.DIM=NAME"),
    ("0.1,0.-1", "input 0 dim 1 is named twice"),
    ("0.1=a;0.0", "a NAME is letters, digits and '_'"),
])
def test_cli_bad_dynamic_dims_are_refused_and_nothing_is_written(graph_lower_bin, tmp_path, spec,
                                                                 message):
    from conftest import run_cli

    archive, inputs, out = tmp_path / "lm.pt", tmp_path / "in.pt", tmp_path / "out.pt"
    torch.jit.save(torch.jit.script(DecoderLM(layers=1).eval()), str(archive))
    torch.save([torch.randint(0, 64, (2, 8))], str(inputs))
    proc = run_cli(graph_lower_bin, str(archive), "--example-inputs", str(inputs),
                   "--dynamic-dims", spec, "-o", str(out))
    assert proc.returncode == 2
    assert message in proc.stderr and proc.stderr.count("\n") == 1, proc.stderr
    assert not out.exists()


class ConvNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 3)
        self.bn = nn.BatchNorm2d(4)
        self.pool = nn.MaxPool2d(2)

    def forward(self, x):
        y = F.interpolate(self.bn(self.conv(x)), scale_factor=2.0)
        return torch.log_softmax(self.pool(F.relu(y)).flatten(1), -1)


def test_a_cnn_with_dynamic_batch_and_height_keeps_both_and_leaves_the_program_alone():
    torch.manual_seed(0)
    model = ConvNet().eval()
    ep = export(model, (torch.randn(2, 3, 16, 16),),
                dynamic_shapes={"x": {0: Dim("n", min=1, max=8), 2: Dim("h", min=8, max=64)}})
    shape = [str(s) for s in [n for n in ep.graph.nodes if n.op == "placeholder"][-1]
             .meta["val"].shape]
    lowered = graph_lower.run_decompositions(ep)
    # The program given is not specialised by the lowering (its shape environment is shared).
    assert [str(s) for s in [n for n in ep.graph.nodes if n.op == "placeholder"][-1]
            .meta["val"].shape] == shape
    assert shape[1:4:2] == ["3", "16"] and not shape[0].isdigit() and not shape[2].isdigit()
    assert lowered.range_constraints == ep.range_constraints
    assert lowered.graph_lower_report["symbolic_dims"] == {"x": {"0": shape[0], "2": shape[2]}}
    assert _non_core(lowered) == set()
    for n, h in ((1, 8), (3, 21), (8, 64)):
        x = torch.randn(n, 3, h, 16)
        with torch.no_grad():
            torch.testing.assert_close(lowered.module()(x), model(x), atol=1e-5, rtol=1e-5)


class PoolAndResize(nn.Module):
    """A size that is the same at the hint and at hint + 1 (pooling: 5 at 8 and 9 in ceil mode) and
    read back as a number (the bilinear scale): only the run at 2 * hint + 1 tells it varies."""

    def forward(self, x):
        y = F.max_pool2d(x, 3, 2, 1, ceil_mode=True)
        return F.interpolate(y, size=x.shape[2:], mode="bilinear", align_corners=False)


def test_a_size_equal_at_two_runs_stays_symbolic():
    from graph_lower import backend

    model = PoolAndResize()
    backend.clear_reports()
    torch._dynamo.reset()
    compiled = torch.compile(model, backend="graph_lower", dynamic=True)
    for h, w in ((8, 10), (9, 9), (33, 7), (4, 4), (17, 3)):
        x = torch.randn(2, 3, h, w)
        torch.testing.assert_close(compiled(x), model(x), atol=1e-5, rtol=1e-5)


class NoGenericForms(nn.Module):
    """CompositeImplicitAutograd ops the library has no shape-generic form of (einsum,
    cosine_similarity), and some it has."""

    def __init__(self):
        super().__init__()
        self.norm = nn.InstanceNorm2d(3, affine=True)

    def forward(self, x):
        y = F.pad(self.norm(x), [1, 2, 2, 1], mode="reflect")
        y = F.interpolate(y, scale_factor=2.0, mode="bicubic")
        z = torch.einsum("bchw,bchv->bcwv", y, y)
        return torch.std(y, -1), F.cosine_similarity(y, y + 1, 1), z.flatten(2).chunk(2, -1)


def test_ops_without_a_generic_form_are_traced_on_the_symbols():
    torch.manual_seed(0)
    model = NoGenericForms().eval()
    ep = export(model, (torch.randn(2, 3, 8, 10),),
                dynamic_shapes={"x": {0: Dim("n", min=1, max=8), 2: Dim("h", min=4, max=64)}})
    lowered = graph_lower.run_decompositions(ep)
    report = lowered.graph_lower_report
    assert _non_core(lowered) == set() and report["non_core_ops"] == []
    assert lowered.range_constraints == ep.range_constraints
    sources = report["decompositions"]
    assert sources["aten::pad"] == "generic"
    assert sources["aten::einsum"] == sources["aten::cosine_similarity"] == "cia-symbolic"
    for n, h in ((1, 4), (3, 9), (8, 64)):
        x = torch.randn(n, 3, h, 10)
        with torch.no_grad():
            want = pytree.tree_leaves(model(x))
            got = pytree.tree_leaves(lowered.module()(x))
        assert len(got) == len(want)
        for g, w in zip(got, want):
            torch.testing.assert_close(g, w, atol=1e-4, rtol=1e-4)


class DataDependent(nn.Module):
    def forward(self, x, w):
        y = x[x > 0]
        torch._check(y.size(0) >= 2)
        return y * 2, F.linear(x.nonzero().float(), w), y.sum()


def test_an_exported_program_with_data_dependent_sizes_keeps_its_guards():
    torch.manual_seed(0)
    model = DataDependent()
    ep = export(model, (torch.randn(4, 5), torch.randn(3, 2)))
    lowered = graph_lower.run_decompositions(ep)
    assert _non_core(lowered) == set()
    # torch.export's run-time guards (aten._assert_scalar) are kept, with their messages.
    asserts = [n for n in lowered.graph.nodes
               if n.target is torch.ops.aten._assert_scalar.default]
    assert any("u0 >= 2" in str(n.args[1]) for n in asserts), lowered.graph
    for seed in range(3):
        torch.manual_seed(seed)
        x, w = torch.randn(4, 5), torch.randn(3, 2)
        for got, want in zip(lowered.module()(x, w), model(x, w)):
            torch.testing.assert_close(got, want)
    with pytest.raises(RuntimeError, match="u0 >= 2"):
        lowered.module()(-torch.ones(4, 5), torch.randn(3, 2))


def test_compile_dynamic_training_lowers_the_forward_and_backward_once():
    import copy

    from graph_lower import backend

    torch.manual_seed(0)
    model = nn.Sequential(nn.Conv2d(3, 4, 3, padding=1), nn.BatchNorm2d(4), nn.GELU(),
                          nn.MaxPool2d(2), nn.Flatten(1))
    reference = copy.deepcopy(model)
    backend.clear_reports()
    torch._dynamo.reset()
    compiled = torch.compile(model, backend="graph_lower", dynamic=True)
    for n, h in ((2, 8), (3, 10), (5, 6), (4, 12)):
        x = torch.randn(n, 3, h, h)
        compiled(x).pow(2).mean().backward()
        reference(x).pow(2).mean().backward()
        for got, want in zip(model.parameters(), reference.parameters()):
            torch.testing.assert_close(got.grad, want.grad, atol=1e-4, rtol=1e-4)
        torch.testing.assert_close(model[1].running_var, reference[1].running_var)
    reports = backend.reports()
    assert sorted(r["phase"] for r in reports) == ["backward", "forward"]
    assert all(r["non_core_ops"] == [] and r["symbolic_dims"] for r in reports)


class MaskedAttention(nn.Module):
    """Heads split by view, reshape and unflatten, masks, and the heads merged by a reshape of a
    transposed tensor: reshapes whose view-or-copy choice compares sizes."""

    def __init__(self, d=16, h=4):
        super().__init__()
        self.h = h
        self.qkv, self.o, self.ln = nn.Linear(d, 3 * d), nn.Linear(d, d), nn.LayerNorm(d)

    def forward(self, x, mask):
        b, t, d = x.shape
        q, k, v = self.qkv(self.ln(x)).chunk(3, dim=-1)
        q = q.view(b, t, self.h, d // self.h).transpose(1, 2)
        k = k.reshape(b, t, self.h, -1).transpose(1, 2)
        v = v.unflatten(-1, (self.h, -1)).transpose(1, 2)
        att = (q @ k.transpose(-2, -1)) / (d // self.h) ** 0.5
        att = att.masked_fill(~mask[:, None, None, :], float("-inf"))
        causal = torch.ones(t, t, dtype=torch.bool).tril()
        att = att.masked_fill(~causal, float("-inf")).softmax(-1)
        return x + self.o((att @ v).transpose(1, 2).reshape(b, t, d))


def test_reshapes_serve_every_size_in_range_without_asserts():
    torch.manual_seed(0)
    model = MaskedAttention().eval()
    # Exported with the batch equal to the number of heads, and lengths below it in range.
    ep = export(model, (torch.randn(4, 8, 16), torch.ones(4, 8, dtype=torch.bool)),
                dynamic_shapes={"x": {0: Dim("b", min=1, max=32), 1: Dim("t", min=2, max=64)},
                                "mask": {0: Dim("b", min=1, max=32),
                                         1: Dim("t", min=2, max=64)}})
    lowered = graph_lower.run_decompositions(ep)
    assert lowered.graph_lower_report["runtime_asserts"] == []
    assert _non_core(lowered) == set()
    for b, t in ((1, 2), (5, 5), (2, 4), (3, 3), (32, 64)):
        x, mask = torch.randn(b, t, 16), torch.rand(b, t) > 0.3
        mask[:, 0] = True
        with torch.no_grad():
            torch.testing.assert_close(lowered.module()(x, mask), model(x, mask), atol=1e-5,
                                       rtol=1e-5)


def test_a_slice_to_a_size_read_from_data():
    class FirstK(nn.Module):
        def forward(self, x, n):
            k = n.item()
            torch._check_is_size(k)
            torch._check(k <= x.shape[0])
            torch._check(k >= 1)
            return x[:k].sum(0)

    ep = export(FirstK(), (torch.randn(8, 3), torch.tensor(3)),
                dynamic_shapes=({0: Dim("n", min=2, max=32)}, None))
    lowered = graph_lower.run_decompositions(ep)
    assert _non_core(lowered) == set()
    for rows, k in ((8, 3), (5, 5), (20, 1)):
        x, n = torch.randn(rows, 3), torch.tensor(k)
        torch.testing.assert_close(lowered.module()(x, n), FirstK()(x, n))


def test_compile_dynamic_training_at_batch_one():
    """Dynamo specialises a batch of 1 and traces again; AOTAutograd's backward graph then views
    tensors that eager lays out contiguously."""
    import copy

    torch.manual_seed(0)

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.emb, self.ln = nn.Linear(8, 16), nn.LayerNorm(16)
            self.att = nn.MultiheadAttention(16, 4, batch_first=True)
            self.out = nn.Linear(16, 3)

        def forward(self, x):
            h = self.ln(self.emb(x))
            a, _ = self.att(h, h, h, need_weights=False)
            return self.out(F.gelu(h + a)).mean(1)

    model = Net().train()
    reference = copy.deepcopy(model)
    torch._dynamo.reset()
    compiled = torch.compile(model, backend="graph_lower", dynamic=True)
    for b, t in ((2, 5), (1, 2), (3, 7)):
        x = torch.randn(b, t, 8)
        compiled(x).pow(2).sum().backward()
        reference(x).pow(2).sum().backward()
        for got, want in zip(model.parameters(), reference.parameters()):
            torch.testing.assert_close(got.grad, want.grad, atol=1e-4, rtol=1e-4)
        model.zero_grad()
        reference.zero_grad()
