"""The CLI on torch.export archives (.pt2) written by the running torch version: programs lowered
with --verify on the archive's own example inputs, written as TorchScript archives, checked
against eager on new inputs and by tests/models/zoo.py's independent census; bad archives refused
with one line, exit 2 and nothing written."""

import io
import json
import os
import sys
import zipfile

import pytest
import torch

from conftest import REPO, run_cli

sys.path.insert(0, os.path.join(REPO, "tests", "models"))
import zoo  # noqa: E402


class Block(torch.nn.Module):
    """A pre-norm transformer block with a dict output and a non-persistent buffer."""

    def __init__(self):
        super().__init__()
        self.norm = torch.nn.LayerNorm(16)
        self.attn = torch.nn.MultiheadAttention(16, 4, batch_first=True)
        self.mlp = torch.nn.Sequential(torch.nn.Linear(16, 32), torch.nn.GELU(),
                                       torch.nn.Linear(32, 16))
        self.register_buffer("scale", torch.tensor(0.5), persistent=False)

    def forward(self, x, mask):
        h = self.norm(x)
        a, _ = self.attn(h, h, h, attn_mask=mask, need_weights=False)
        x = x + a
        return {"out": x + self.mlp(x) * self.scale, "parts": (a.sum(-1), x.split(3, dim=1))}


class Scalars(torch.nn.Module):
    """Numbers where ATen takes tensors, keyword arguments, integer and bool inputs."""

    def forward(self, x, idx, keep):
        y = torch.where(keep, x * 2 + 1, -x).clamp(min=-1.5)
        z = torch.full_like(x, True) + torch.arange(x.shape[1], dtype=torch.float32)
        return y.index_select(0, idx).pow(2) + z[idx], y.to(torch.float64).sum(dim=1, keepdim=True)


class Upsampler(torch.nn.Module):
    """A top-level Parameter (torch 2.6 pickles it with _rebuild_parameter_with_state), bilinear
    interpolation (upsample_bilinear2d.vec, None scales) and specialised non-tensor inputs."""

    def __init__(self):
        super().__init__()
        self.gain = torch.nn.Parameter(torch.randn(1, 3, 1, 1))

    def forward(self, x, scale: float, flip: bool, unused=None):
        y = torch.nn.functional.interpolate(x * self.gain, size=(8, 8), mode="bilinear")
        return (-y if flip else y) * scale


class WritesInput(torch.nn.Module):
    """Writes a user input in place and makes a tensor constant in forward (lifted by export)."""

    def forward(self, x, y):
        x.add_(1)
        return x * y + torch.tensor([1.0, -2.0, 3.0])


class Tied(torch.nn.Module):
    """One parameter under two names (an embedding tied to the output projection)."""

    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(10, 8)
        self.head = torch.nn.Linear(8, 10, bias=False)
        self.head.weight = self.emb.weight

    def forward(self, ids):
        return torch.log_softmax(self.head(torch.relu(self.emb(ids))), dim=-1)


class Recurrent(torch.nn.Module):
    """A GRU called without h0: lowering folds its zero state into a constant list of tensors."""

    def __init__(self):
        super().__init__()
        self.gru = torch.nn.GRU(4, 8, num_layers=2, batch_first=True)

    def forward(self, x):
        return self.gru(x)[0]


class Masked(torch.nn.Module):
    """-inf as a scalar argument: torch writes it as the string "-Infinity" in the JSON."""

    def forward(self, x, mask):
        return x.masked_fill(mask, float("-inf")).softmax(-1) + x.clamp(max=float("inf"))


def _programs():
    import torchvision

    yield "resnet18", torchvision.models.resnet18(num_classes=10), (torch.randn(2, 3, 64, 64),)
    mask = torch.triu(torch.full((6, 6), float("-inf")), 1)
    yield "block", Block(), (torch.randn(2, 6, 16), mask)
    yield "scalars", Scalars(), (torch.randn(4, 5), torch.tensor([2, 0, 3]),
                                 torch.rand(4, 5) > 0.5)
    yield "upsampler", Upsampler(), (torch.randn(2, 3, 4, 4), 0.5, True, None)
    # Training mode: the program writes its buffers (num_batches_tracked.add_(1), an int64
    # buffer given the number 1), whose new values come after the outputs.
    yield "batchnorm_training", torch.nn.BatchNorm1d(4), (torch.randn(8, 4),)
    yield "writes_input", WritesInput(), (torch.randn(2, 3), torch.randn(2, 3))
    yield "tied", Tied(), (torch.tensor([[1, 2, 3], [4, 5, 9]]),)
    yield "recurrent", Recurrent(), (torch.randn(2, 5, 4),)
    mask = torch.rand(3, 6) > 0.5
    mask[:, 0] = False
    yield "masked", Masked(), (torch.randn(3, 6), mask)
    yield "mobilenet_v3_small", torchvision.models.mobilenet_v3_small(num_classes=10), (
        torch.randn(1, 3, 64, 64),)


def _new_inputs(inputs):
    torch.manual_seed(7)
    return tuple(torch.randn_like(t) if isinstance(t, torch.Tensor) and t.is_floating_point()
                 and t.dim() > 0 and t.isfinite().all() else t for t in inputs)


@pytest.mark.parametrize("name", ["resnet18", "block", "scalars", "upsampler",
                                  "batchnorm_training"])
def test_pt2_lowers_to_core_aten_and_matches_eager(graph_lower_bin, tmp_path, name):
    module, inputs = next((m, i) for n, m, i in _programs() if n == name)
    module.train(name == "batchnorm_training")
    torch._dynamo.reset()
    path, out, report = tmp_path / f"{name}.pt2", tmp_path / f"{name}.core.pt", tmp_path / "r.json"
    torch.export.save(torch.export.export(module, inputs), str(path))
    proc = run_cli(graph_lower_bin, str(path), "-o", str(out), "--verify", "--report", str(report))
    assert proc.returncode == 0, proc.stderr
    got = json.loads(report.read_text())
    assert got["verified"] is True and not got["non_core_ops"]
    state = dict(module.state_dict())
    lifted = {t["name"] for t in got["lifted_inputs"]}
    assert lifted >= set(state), set(state) - lifted
    lowered = torch.jit.load(str(out))
    found = zoo.check_graph(lowered.forward.graph)
    assert {k: v for k, v in found.items() if k != "data_glue" and v} == {}, found
    new = _new_inputs(inputs)
    want = torch.utils._pytree.tree_leaves(module(*new))
    have = lowered(*new)
    have = list(have) if isinstance(have, tuple) else [have]
    # Buffers the program writes: their new values follow the outputs.
    assert len(have) == len(want) + len(got["mutated_inputs"]), got["mutated_inputs"]
    for a, b in zip(have, want):
        torch.testing.assert_close(a, b, rtol=1e-4, atol=1e-4)


def _is_core(target):
    import operator
    return target is operator.getitem or torch.Tag.core in getattr(target, "tags", ())


def _specs(specs):
    """(kind, target, name) of each spec but the tensor constants lowering may add or fold."""
    return [(s.kind.name, s.target, s.arg.name if hasattr(s.arg, "name") else repr(s.arg))
            for s in specs if s.kind.name != "CONSTANT_TENSOR"]


def _check_tensor_metadata(ep, user_inputs):
    """Every node's recorded meta["val"] has the sizes, strides and dtype that PyTorch's own
    kernels give it, running the graph (torch.fx.Interpreter) on real inputs. (torch.export.load
    makes every val at storage offset 0, whatever the archive says.)"""
    import copy
    flat = iter(x for x in torch.utils._pytree.tree_leaves(copy.deepcopy(user_inputs))
                if isinstance(x, torch.Tensor))
    args = []
    for spec in ep.graph_signature.input_specs:
        kind = spec.kind.name
        if kind == "USER_INPUT":
            tensor = isinstance(spec.arg, torch.export.graph_signature.TensorArgument)
            args.append(next(flat) if tensor else spec.arg.value)
        elif kind == "CONSTANT_TENSOR" or spec.target not in ep.state_dict:
            args.append(ep.constants[spec.target].clone())
        else:
            args.append(ep.state_dict[spec.target].detach().clone())
    checked = []

    class Recorder(torch.fx.Interpreter):
        def run_node(self, n):
            got = super().run_node(n)
            want = n.meta.get("val")
            if n.op == "call_function" and isinstance(got, torch.Tensor):
                assert isinstance(want, torch.Tensor), (n.name, want)
                assert (want.shape, want.stride(), want.dtype) == \
                    (got.shape, got.stride(), got.dtype), n.format_node()
                checked.append(n.name)
            return got

    with torch.no_grad():
        Recorder(ep.graph_module).run(*args)
    assert checked


@pytest.mark.parametrize("name", ["resnet18", "block", "scalars", "upsampler",
                                  "batchnorm_training", "writes_input", "tied",
                                  "recurrent", "masked", "mobilenet_v3_small"])
def test_pt2_to_pt2_loads_keeps_its_signature_and_matches_eager(graph_lower_bin, tmp_path, name):
    import copy
    module, inputs = next((m, i) for n, m, i in _programs() if n == name)
    module.train(name == "batchnorm_training")
    torch._dynamo.reset()
    path, out = tmp_path / f"{name}.pt2", tmp_path / f"{name}.core.pt2"
    ep = torch.export.export(copy.deepcopy(module), copy.deepcopy(inputs))
    torch.export.save(ep, str(path))
    proc = run_cli(graph_lower_bin, str(path), "-o", str(out), "--verify")
    assert proc.returncode == 0, proc.stderr
    lowered = torch.export.load(str(out))
    calls = [n.target for n in lowered.graph.nodes if n.op == "call_function"]
    assert calls and [t for t in calls if not _is_core(t)] == []
    # The same parameters, buffers and user inputs under the same names, in the same roles.
    assert _specs(lowered.graph_signature.input_specs) == _specs(ep.graph_signature.input_specs)
    decomposed = ep.run_decompositions()
    kinds = [s.kind.name for s in lowered.graph_signature.output_specs]
    want_kinds = [s.kind.name for s in decomposed.graph_signature.output_specs]
    assert sorted(kinds) == sorted(want_kinds), (kinds, want_kinds)
    assert sorted(lowered.graph_signature.buffers_to_mutate.values()) == \
        sorted(decomposed.graph_signature.buffers_to_mutate.values())
    # Against eager, the original module on copies of new inputs, and against PyTorch's own
    # decomposition; buffers and inputs written as eager writes them.
    new = _new_inputs(inputs)
    _check_tensor_metadata(lowered, new)
    runs = []
    for m in (module, lowered.module(), decomposed.module()):
        args = copy.deepcopy(new)
        runs.append((torch.utils._pytree.tree_leaves(m(*args)), args,
                     {k: v for k, v in m.state_dict().items()}))
    (want, want_args, want_state), ours, theirs = runs
    for have, have_args, have_state in (ours, theirs):
        assert len(have) == len(want)
        for a, b in zip(have, want):
            torch.testing.assert_close(a, b, rtol=1e-4, atol=1e-4)
        for a, b in zip(torch.utils._pytree.tree_leaves(have_args),
                        torch.utils._pytree.tree_leaves(want_args)):
            torch.testing.assert_close(a, b)
        # ep.module() keeps one name of tied weights, as PyTorch's own does.
        assert set(have_state) == set(theirs[2])
        for k in set(have_state) & set(want_state):
            torch.testing.assert_close(have_state[k], want_state[k], rtol=1e-4, atol=1e-4)


def test_pt2_output_needs_a_pt2_input(graph_lower_bin, tmp_path):
    src = tmp_path / "m.pt"
    torch.jit.save(torch.jit.script(torch.nn.Linear(3, 2)), str(src))
    out = tmp_path / "m.pt2"
    proc = run_cli(graph_lower_bin, str(src), "--example-inputs", "f32[4,3]", "-o", str(out))
    assert proc.returncode == 2 and "no torch.export signature" in proc.stderr, proc.stderr
    assert not out.exists()


def test_pt2_example_inputs_must_have_the_exported_shapes(graph_lower_bin, tmp_path):
    path = _saved(tmp_path)
    proc = run_cli(graph_lower_bin, str(path), "--example-inputs", "5x7:int64", "--verify")
    assert proc.returncode == 2, proc.stderr
    assert "input" in proc.stderr and "Float[4, 3]" in proc.stderr, proc.stderr
    proc = run_cli(graph_lower_bin, str(path), "--example-inputs", "4x3", "--verify")
    assert proc.returncode == 0, proc.stderr


def test_pt2_of_a_newer_schema_is_not_written_back_as_pt2(graph_lower_bin, tmp_path):
    """torch 2.6 writes export schema 8.2 and cannot load 8.20 (torch 2.14's): an archive of
    8.20 lowered by a graph-lower built with torch 2.6 is written as .pt, never as .pt2."""
    minor = json.loads(_program_json(_saved(tmp_path)))["schema_version"]["minor"]
    if minor >= 20:
        pytest.skip("the running torch writes the newest schema the reader knows")
    newer = tmp_path / "newer.pt2"
    _rewritten(_saved(tmp_path), newer, _json_change(
        lambda j: j["schema_version"].update(minor=20)))
    out = tmp_path / "out.pt2"
    proc = run_cli(graph_lower_bin, str(newer), "-o", str(out))
    assert proc.returncode == 2 and "8.20" in proc.stderr and ".pt" in proc.stderr, proc.stderr
    assert not out.exists()
    proc = run_cli(graph_lower_bin, str(newer), "-o", str(tmp_path / "out.pt"), "--verify")
    assert proc.returncode == 0, proc.stderr


def _program_json(path):
    with zipfile.ZipFile(path) as z:
        name = next(n for n in z.namelist()
                    if n.endswith(("serialized_exported_program.json", "models/model.json")))
        return z.read(name)


def _saved(tmp_path):
    path = tmp_path / "good.pt2"
    torch._dynamo.reset()  # each export of nn.Linear counts toward dynamo's recompile limit
    torch.export.save(torch.export.export(torch.nn.Linear(3, 2), (torch.randn(4, 3),)), str(path))
    return path


def _rewritten(src, dst, change):
    """Copies the zip `src` to `dst`, passing the exported program's JSON through `change`."""
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w") as zout:
        for info in zin.infolist():
            data = zin.read(info.filename)
            if info.filename.endswith(("serialized_exported_program.json", "models/model.json")):
                data = change(data)
            zout.writestr(info, data)


def _cut_weight_storage(src, dst, keep=8):
    """Copies the .pt2 with the weight's raw storage (24 bytes) cut to `keep` bytes: torch 2.6's
    data/0 inside the serialized_state_dict.pt zip, or the PT2 archive's data/weights/weight_0."""
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w") as zout:
        for info in zin.infolist():
            data = zin.read(info.filename)
            if info.filename.endswith("data/weights/weight_0"):
                data = data[:keep]
            elif info.filename.endswith("serialized_state_dict.pt"):
                inner = io.BytesIO()
                with zipfile.ZipFile(io.BytesIO(data)) as a, zipfile.ZipFile(inner, "w") as b:
                    for i in a.infolist():
                        d = a.read(i.filename)
                        b.writestr(i, d[:keep] if i.filename.endswith("/data/0") else d)
                data = inner.getvalue()
            zout.writestr(info, data)


def _json_change(f):
    def change(data):
        j = json.loads(data)
        f(j)
        return json.dumps(j).encode()
    return change


def _set_version(j):
    j["schema_version"] = {"major": 99, "minor": 1}


def _unknown_op(j):
    j["graph_module"]["graph"]["nodes"][0]["target"] = "torch.ops.aten.no_such_op.default"


def _unknown_namespace(j):
    j["graph_module"]["graph"]["nodes"][0]["target"] = "torch.ops.torchvision.roi_align.default"


def _negative_size(j):
    j["graph_module"]["graph"]["tensor_values"]["input"]["sizes"][0] = {"as_int": -4}


def _drop_nodes(j):
    del j["graph_module"]["graph"]["nodes"]


def _define_twice(j):
    nodes = j["graph_module"]["graph"]["nodes"]
    nodes.append(nodes[0])


def _weight_meta(j):
    graph = j["graph_module"]["graph"]
    spec = next(s["parameter"] for s in j["graph_module"]["signature"]["input_specs"]
                if "parameter" in s)
    return graph["tensor_values"][spec["arg"]["name"]]


def _weight_sizes(j):
    _weight_meta(j)["sizes"][0] = {"as_int": 5}


def _weight_dtype(j):
    _weight_meta(j)["dtype"] = 5  # torch/_export/serde/schema.py ScalarType.LONG


def _swap_input_specs(j):
    specs = j["graph_module"]["signature"]["input_specs"]
    specs[0], specs[1] = specs[1], specs[0]


def _rename_output_spec(j):
    spec = j["graph_module"]["signature"]["output_specs"][0]["user_output"]
    spec["arg"]["as_tensor"]["name"] = "elsewhere"


def _garbage_in_spec(j):
    root = next(e for e in j["graph_module"]["module_call_graph"] if e["fqn"] == "")
    root["signature"]["in_spec"] = "[1, {\"type\": 7}]"


def _one_leaf_too_many(j):
    root = next(e for e in j["graph_module"]["module_call_graph"] if e["fqn"] == "")
    spec = json.loads(root["signature"]["out_spec"])
    spec[1] = {"type": "builtins.tuple", "context": "null", "children_spec": [spec[1], spec[1]]}
    root["signature"]["out_spec"] = json.dumps(spec)


def _cuda_input(j):
    j["graph_module"]["graph"]["tensor_values"]["input"]["device"] = {"type": "cuda", "index": 0}


@pytest.mark.parametrize("case,expect", [
    ("swapped_input_specs", "input_specs[0].parameter is for 'p_"),
    ("renamed_output_spec", "output_specs[0].user_output is for 'elsewhere', but graph.outputs"),
    ("garbage_in_spec", "in_spec is not a pytree TreeSpec"),
    ("out_spec_leaves", "out_spec has 2 leaves, but the graph signature has 1 user outputs"),
    ("cuda_input", "a tensor on device 'cuda'; graph-lower reads programs exported on CPU"),
    ("archive_version", "archive_version is '99'; this reader knows PT2 archive version 0"),
    ("not_zip", "not a readable zip"),
    ("truncated", ""),
    ("bad_json", "JSON does not parse"),
    ("missing_field", "has no field 'nodes'"),
    ("newer_schema", "schema version 99.1 is newer than the newest this reader knows"),
    ("unknown_op", "unknown operator aten::no_such_op"),
    ("unknown_namespace", "namespace 'torchvision': load a C++ one with --load-library"),
    ("negative_size", "declares Float[-4, 3], a negative size"),
    ("defined_twice", "is defined twice"),
    ("bad_crc", "CRC"),
    ("weight_sizes", "is Float[2, 3], but the program says Float[5, 3]"),
    ("short_storage", "reach 24 bytes, but record"),
    ("weight_dtype", "is Float[2, 3], but the program says Long[2, 3]"),
])
def test_bad_pt2_gets_one_line_and_exit_2(graph_lower_bin, tmp_path, case, expect):
    good = _saved(tmp_path)
    bad = tmp_path / "bad.pt2"
    if case == "not_zip":
        bad.write_bytes(b"PK\x03\x04" + b"\0" * 64)
    elif case == "truncated":
        data = good.read_bytes()
        bad.write_bytes(data[:len(data) * 2 // 3])
    elif case == "bad_json":
        _rewritten(good, bad, lambda d: d[:len(d) // 2])
    elif case == "short_storage":
        _cut_weight_storage(good, bad)
    elif case == "archive_version":
        with zipfile.ZipFile(good) as zin:
            if not any(n.endswith("/archive_version") for n in zin.namelist()):
                pytest.skip("torch.export.save of this torch writes no PT2 archive")
            with zipfile.ZipFile(bad, "w") as zout:
                for info in zin.infolist():
                    data = zin.read(info.filename)
                    zout.writestr(info, b"99" if info.filename.endswith("/archive_version")
                                  else data)
    elif case == "bad_crc":
        # One byte of a stored (uncompressed) weight record changed, its CRC-32 left as it was.
        data = bytearray(good.read_bytes())
        with zipfile.ZipFile(good) as z:
            info = next(i for i in z.infolist() if "weight" in i.filename or
                        i.filename.endswith("state_dict.pt"))
        start = info.header_offset + 30 + len(info.filename) + len(info.extra)
        data[start + info.file_size - 8] ^= 0xFF
        bad.write_bytes(bytes(data))
    else:
        change = {"missing_field": _drop_nodes, "newer_schema": _set_version,
                  "unknown_op": _unknown_op, "defined_twice": _define_twice,
                  "unknown_namespace": _unknown_namespace, "negative_size": _negative_size,
                  "weight_sizes": _weight_sizes, "weight_dtype": _weight_dtype,
                  "swapped_input_specs": _swap_input_specs,
                  "renamed_output_spec": _rename_output_spec, "garbage_in_spec": _garbage_in_spec,
                  "out_spec_leaves": _one_leaf_too_many, "cuda_input": _cuda_input}[case]
        _rewritten(good, bad, _json_change(change))
    out = tmp_path / "out.pt"
    proc = run_cli(graph_lower_bin, str(bad), "-o", str(out))
    assert proc.returncode == 2, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and str(bad) in lines[0] and expect in lines[0], proc.stderr
    assert not out.exists()


class Reshaper(torch.nn.Module):
    """Sizes flow into a reshape and a view: ints computed from symbolic sizes (operator.mul);
    a size is a Tensor operand (aten.mul.Tensor(y, sym_size)) and a fill value."""

    def __init__(self):
        super().__init__()
        self.proj = torch.nn.Linear(8, 4)

    def forward(self, x, y):
        b, t, d = x.shape
        h = self.proj(x).reshape(b * t, 4).softmax(-1)
        return (h, (y * 2).sum(1) + y.shape[1], torch.cat([x, x], 1).view(b, 2 * t, d),
                torch.full((2,), t))


def test_pt2_with_symbolic_sizes_lowers_them_symbolic(graph_lower_bin, tmp_path):
    path, out, report = tmp_path / "dyn.pt2", tmp_path / "dyn.core.pt", tmp_path / "r.json"
    torch._dynamo.reset()
    module = Reshaper().eval()
    batch = torch.export.Dim("batch", min=1, max=64)
    seq = torch.export.Dim("seq", min=4, max=128)
    ep = torch.export.export(module, (torch.randn(3, 6, 8), torch.randn(3, 6)),
                             dynamic_shapes=({0: batch, 1: seq}, {0: batch, 1: seq}))
    torch.export.save(ep, str(path))
    proc = run_cli(graph_lower_bin, str(path), "-o", str(out), "--verify", "--report",
                   str(report))
    assert proc.returncode == 0, proc.stderr
    rep = json.loads(report.read_text())
    assert rep["legal"] and rep["verified"] and rep["max_abs_error"] == 0, rep["max_abs_error"]
    # One symbol per Dim, shared by both inputs, under the archive's own names.
    dims = rep["symbolic_dims"]
    assert set(dims) == {"x", "y"} and dims["x"]["0"] == dims["y"]["0"] != dims["x"]["1"]
    lowered = torch.jit.load(str(out))  # the weights are its attributes
    for b, t in ((1, 4), (5, 9), (2, 31)):
        x, y = torch.randn(b, t, 8), torch.randn(b, t)
        with torch.no_grad():
            for got, want in zip(lowered(x, y), module(x, y)):
                torch.testing.assert_close(got, want)
    # A .pt2 cannot hold them yet: one line, exit 2, nothing written.
    proc = run_cli(graph_lower_bin, str(path), "-o", str(tmp_path / "o.pt2"))
    assert proc.returncode == 2
    assert len(proc.stderr.strip().splitlines()) == 1 and "symbolic sizes" in proc.stderr
    assert not (tmp_path / "o.pt2").exists()


def test_pt2_input_size_expression_is_refused(graph_lower_bin, tmp_path):
    path = tmp_path / "derived.pt2"
    torch._dynamo.reset()
    half = torch.export.Dim("half", min=2, max=32)
    ep = torch.export.export(torch.nn.Linear(3, 2), (torch.randn(8, 3),),
                             dynamic_shapes=({0: 2 * half},))
    torch.export.save(ep, str(path))
    proc = run_cli(graph_lower_bin, str(path), "-o", str(tmp_path / "o.pt"))
    assert proc.returncode == 2, proc.stderr
    assert "an expression" in proc.stderr and "dim 0" in proc.stderr, proc.stderr


class Branches(torch.nn.Module):
    def forward(self, x):
        return torch.cond(x.sum() > 0, lambda t: t.sin(), lambda t: t.cos(), (x,))


def test_pt2_higher_order_op_is_refused_naming_it(graph_lower_bin, tmp_path):
    path, out = tmp_path / "cond.pt2", tmp_path / "cond.core.pt2"
    torch._dynamo.reset()
    torch.export.save(torch.export.export(Branches(), (torch.randn(3),)), str(path))
    proc = run_cli(graph_lower_bin, str(path), "-o", str(out))
    assert proc.returncode == 2, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and str(path) in lines[0] and "higher_order.cond" in lines[0], lines
    assert not out.exists()


class Head(torch.nn.Module):
    """linear, layer_norm, gelu and softmax: three non-core overloads and a core one."""

    def __init__(self):
        super().__init__()
        self.proj = torch.nn.Linear(8, 8)
        self.norm = torch.nn.LayerNorm(8)

    def forward(self, x):
        return torch.nn.functional.gelu(self.norm(self.proj(x))).softmax(-1)


def test_pt2_check_keep_ops_opset_and_strict(graph_lower_bin, tmp_path):
    path = tmp_path / "head.pt2"
    torch._dynamo.reset()
    torch.export.save(torch.export.export(Head(), (torch.randn(2, 8),)), str(path))
    proc = run_cli(graph_lower_bin, str(path), "--check")
    assert proc.returncode == 1, proc.stderr
    for op in ("aten::linear", "aten::layer_norm", "aten::softmax.int"):
        assert op in proc.stdout, proc.stdout
    kept = "aten::linear,aten::layer_norm,aten::softmax.int"
    assert run_cli(graph_lower_bin, str(path), "--check", "--keep-ops", kept).returncode == 0
    # An opset without gelu: --strict fails when lowering leaves it, writing nothing.
    opset = tmp_path / "opset.txt"
    opset.write_text("aten::addmm\naten::native_layer_norm\naten::_softmax\n")
    out = tmp_path / "head.core.pt2"
    proc = run_cli(graph_lower_bin, str(path), "--opset", str(opset), "--strict", "-o", str(out))
    assert proc.returncode == 1 and "aten::gelu" in proc.stderr, proc.stderr
    assert not out.exists()
    # --keep-ops: the written program keeps aten.linear and is core ATen otherwise.
    proc = run_cli(graph_lower_bin, str(path), "--keep-ops", "aten::linear", "--strict",
                   "--verify", "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    calls = [n.target for n in torch.export.load(str(out)).graph.nodes
             if n.op == "call_function"]
    assert torch.ops.aten.linear.default in calls
    assert [t for t in calls if not _is_core(t) and t != torch.ops.aten.linear.default] == []


def test_pt2_timing_stats_dot_html_and_dump_dir(graph_lower_bin, tmp_path):
    path = tmp_path / "head.pt2"
    torch._dynamo.reset()
    torch.export.save(torch.export.export(Head(), (torch.randn(2, 8),)), str(path))
    dot, html, dump = tmp_path / "w.dot", tmp_path / "w.html", tmp_path / "steps"
    proc = run_cli(graph_lower_bin, str(path), "-o", str(tmp_path / "o.pt2"), "--timing",
                   "--stats", "--dot", str(dot), "--html", str(html), "--dump-dir", str(dump))
    assert proc.returncode == 0, proc.stderr
    assert "timing: load" in proc.stderr and "save" in proc.stderr, proc.stderr
    assert "aten::layer_norm" in proc.stderr and "stats:" in proc.stderr, proc.stderr
    assert 'label="aten::layer_norm' in dot.read_text()
    assert "aten::softmax.int" in html.read_text()
    steps = sorted(os.listdir(dump))
    assert steps[0] == "00-input.ir" and steps[-1].endswith("-final.ir"), steps
    assert "aten::layer_norm" in (dump / steps[0]).read_text()
    assert "aten::layer_norm" not in (dump / steps[-1]).read_text()
