"""End-to-end tests of lowering with the CLI: scripted torchvision models in, core ATen out.

Expected values come from eager PyTorch (the nn.Module itself, not TorchScript), and "core" from
the running PyTorch's `torch.Tag.core`, never from graph-lower's own output.
"""

import json

import pytest
import torch

import make_model
from conftest import run_cli

# All 14 torchvision classification models lower (see the issue notes); these cover CNNs and
# functionalized mask writes (swin), and warnings.warn in forward (googlenet). vit_b_16 lowers and verifies too, but its lowered
# archive runs very slowly under the JIT's profiling executor (over 3 minutes), so it is checked
# by the sweep in the issue notes, not in CI.
LOWERED_MODELS = ["resnet18", "mobilenet_v3_small", "efficientnet_b0", "squeezenet1_0",
                  "convnext_tiny", "swin_t", "googlenet"]


def _non_core_tensor_ops(graph):
    """Overloads of tensor ops in `graph` (blocks included) that torch.Tag.core does not mark."""
    from test_check_cli import _all_nodes, _contains_tensor, _overload_packet

    bad = set()
    for node in _all_nodes(graph):
        text = node.schema()
        if text == "(no schema)":
            continue
        schema = torch._C.parse_schema(text)
        tensor_op = any(_contains_tensor(r.type) for r in schema.returns) or any(
            a.alias_info is not None and a.alias_info.is_write and _contains_tensor(a.type)
            for a in schema.arguments)
        if not tensor_op:
            continue
        packet = _overload_packet(schema.name)
        overload = getattr(packet, schema.overload_name or "default", None) if packet else None
        if overload is None or torch.Tag.core not in overload.tags:
            bad.add(f"{schema.name}.{schema.overload_name}")
    return bad


def _logits(output):
    """Scripted googlenet returns GoogLeNetOutputs(logits, aux2=None, aux1=None) even in eval,
    where the eager module returns the logits."""
    return output[0] if isinstance(output, tuple) else output


@pytest.mark.parametrize("model", LOWERED_MODELS)
def test_lowered_model_is_core_aten_and_matches_eager(model, scripted_model, graph_lower_bin,
                                                      tmp_path):
    archive = scripted_model(model)
    inputs_file = archive[:-3] + ".inputs.pt"
    out = tmp_path / "lowered.pt"
    report_path = tmp_path / "report.json"
    proc = run_cli(graph_lower_bin, archive, "-o", str(out), "--example-inputs", inputs_file,
                   "--verify", "--report", str(report_path))
    assert proc.returncode == 0, proc.stderr
    report = json.loads(report_path.read_text())
    assert report["non_core_ops"] == []
    assert report["verified"] is True
    assert report["decompositions"], "a scripted model always needs some decomposition"

    lowered = torch.jit.load(str(out))
    assert _non_core_tensor_ops(lowered.graph) == set()
    (x,) = torch.load(inputs_file)
    with torch.no_grad():
        expected = make_model.build(model)(x)
        actual = _logits(lowered(x))
    torch.testing.assert_close(actual, expected, rtol=1e-4, atol=1e-4)
    # The lowered program is shape-specialised, not value-specialised: other data, same shape.
    y = torch.randn_like(x)
    with torch.no_grad():
        torch.testing.assert_close(_logits(lowered(y)), make_model.build(model)(y), rtol=1e-4,
                                   atol=1e-4)


def test_without_example_inputs_only_shape_generic_decompositions_apply(scripted_model,
                                                                         graph_lower_bin,
                                                                         tmp_path):
    report_path = tmp_path / "report.json"
    proc = run_cli(graph_lower_bin, scripted_model("resnet18"), "--report", str(report_path))
    assert proc.returncode == 1
    report = json.loads(report_path.read_text())
    assert "aten::conv2d" in report["non_core_ops"]
    reasons = " ".join(report["undecomposable"]["aten::conv2d"])
    assert "no complete shape" in reasons
    # Shape-generic library decompositions still apply: batch_norm becomes core.
    assert report["decompositions"].get("aten::batch_norm") == "library"


def test_strict_fails_writes_no_archive_but_the_report(scripted_model, graph_lower_bin, tmp_path):
    # Without example inputs, shape-dependent ops stay: --strict fails.
    out, report = tmp_path / "out.pt", tmp_path / "report.json"
    proc = run_cli(graph_lower_bin, scripted_model("resnet18"), "--strict", "-o", str(out),
                   "--report", str(report))
    assert proc.returncode == 1
    assert "strict" in proc.stderr
    assert not out.exists()
    rep = json.loads(report.read_text())
    assert rep["non_core_ops"] and rep["violations"] and "output" not in rep


class _BufferNamedLikeAConstant(torch.nn.Module):
    """A buffer named `constant_0`, the name lowered archives give their first tensor constant."""

    def __init__(self):
        super().__init__()
        self.register_buffer("constant_0", torch.arange(4.0))

    def forward(self, x):
        return x * self.constant_0 + torch.tensor([1.0, 2.0, 3.0, 4.0])


def test_lifted_buffer_keeps_its_value_beside_tensor_constants(graph_lower_bin, tmp_path):
    module = _BufferNamedLikeAConstant().eval()
    archive, out = tmp_path / "m.pt", tmp_path / "low.pt"
    torch.jit.script(module).save(str(archive))
    proc = run_cli(graph_lower_bin, str(archive), "-o", str(out), "--example-inputs", "4",
                   "--lift-parameters")
    assert proc.returncode == 0, proc.stderr
    x = torch.randn(4)
    torch.testing.assert_close(torch.jit.load(str(out))(x), module(x))


class _ReturnsFoldableValues(torch.nn.Module):
    """Returns values computed from constants only: the caller may write them in place."""

    def __init__(self):
        super().__init__()
        self.w = torch.nn.Parameter(torch.randn(3, 4))
        self.a = torch.nn.Parameter(torch.ones(3))
        self.b = torch.nn.Parameter(torch.ones(3))

    def forward(self, x):
        # type_as returns its input without saying so in its schema
        return (self.w * 2).type_as(x), self.a, self.b


def test_outputs_written_by_the_caller_do_not_change_the_next_call(graph_lower_bin, tmp_path):
    module = _ReturnsFoldableValues().eval()
    archive, out = tmp_path / "m.pt", tmp_path / "low.pt"
    torch.jit.script(module).save(str(archive))
    proc = run_cli(graph_lower_bin, str(archive), "-o", str(out), "--example-inputs", "3x4")
    assert proc.returncode == 0, proc.stderr
    lowered = torch.jit.load(str(out))
    x = torch.randn(3, 4)

    def twice(fn):
        # A caller writing its outputs in place between calls; the parameters returned as they
        # are change in eager PyTorch too, and must change alone (a and b are equal, not one).
        for t in fn(x):
            t.add_(100)
        return fn(x)

    with torch.no_grad():
        expected, got = twice(module), twice(lowered)
    for g, e in zip(got, expected):
        torch.testing.assert_close(g, e)
