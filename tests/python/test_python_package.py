"""The graph_lower Python package: lower(), FX in and out, run_decompositions, the torch.compile
backend. Every numerical check compares with eager PyTorch on the same inputs."""

import copy
import operator
import warnings

import pytest
import torch
import torchvision
from torch.fx.experimental.proxy_tensor import make_fx

import graph_lower
from graph_lower import backend


def _is_core(target):
    """A call_function target is core ATen (tagged core in native_functions.yaml)."""
    if target is operator.getitem:
        return True
    return isinstance(target, torch._ops.OpOverload) and torch.Tag.core in target.tags


def _reports_since(n):
    return backend.reports()[n:]


# --- torch.compile(model, backend="graph_lower") ---------------------------------------------

def _encoder():
    layer = torch.nn.TransformerEncoderLayer(32, 4, 64, batch_first=True, dropout=0.1)
    return torch.nn.TransformerEncoder(layer, 2, enable_nested_tensor=False)


MODELS = {
    "resnet18": (lambda: torchvision.models.resnet18(), lambda: torch.randn(2, 3, 64, 64)),
    "mobilenet_v3_small": (lambda: torchvision.models.mobilenet_v3_small(),
                           lambda: torch.randn(2, 3, 64, 64)),
    "vit_b_16": (lambda: torchvision.models.vit_b_16(), lambda: torch.randn(1, 3, 224, 224)),
    "transformer_encoder": (_encoder, lambda: torch.randn(2, 7, 32)),
}


@pytest.mark.parametrize("name", sorted(MODELS))
def test_compile_matches_eager_and_runs_core_aten_only(name):
    torch.manual_seed(0)
    make_model, make_input = MODELS[name]
    model = make_model().eval()
    x = make_input()
    before = len(backend.reports())
    torch._dynamo.reset()
    compiled = torch.compile(model, backend="graph_lower")
    with torch.no_grad():
        got = compiled(x)
        want = model(x)
    torch.testing.assert_close(got, want, rtol=1e-4, atol=1e-4)
    reports = _reports_since(before)
    assert reports, "the backend lowered no graph"
    for r in reports:
        assert r["non_core_ops"] == [], (r["graph_id"], r["non_core_ops"])
        assert r["legal"]
        # No control flow is left, so the lowered graph runs as FX, not in the JIT interpreter.
        assert r["runner"] == "fx", r.get("runner_reason")


def test_compile_returns_new_tensors_for_outputs_computed_from_constants():
    # The lowered x.new_zeros(3) is aten::full on constants, which TorchScript's executor would
    # fold into one tensor returned by every call (passes/fresh_outputs.h).
    torch._dynamo.reset()

    def fn(x):
        return x.new_zeros(3), x * 2

    compiled = torch.compile(fn, backend="graph_lower")
    x = torch.randn(2)
    for _ in range(4):
        zeros, doubled = compiled(x)
        torch.testing.assert_close(zeros, torch.zeros(3))
        torch.testing.assert_close(doubled, x * 2)
        zeros.add_(5)

    # Dynamo drops the unused x: the graph has no input at all (found by the try-to-break-it pass).
    def no_input(x):
        return torch.zeros(3)

    compiled = torch.compile(no_input, backend="graph_lower")
    for _ in range(4):
        zeros = compiled(x)
        torch.testing.assert_close(zeros, torch.zeros(3))
        zeros.add_(5)


def test_compile_lowers_again_for_new_shapes_and_graph_breaks():
    torch._dynamo.reset()
    before = len(backend.reports())

    def fn(x):
        y = torch.nn.functional.silu(x).cumsum(0)
        print("graph break")  # noqa: T201  (dynamo splits the graph here)
        return torch.logsumexp(y, dim=-1)

    compiled = torch.compile(fn, backend="graph_lower")
    for shape in [(3, 4), (5, 4), (6, 2)]:
        x = torch.randn(shape)
        torch.testing.assert_close(compiled(x), fn(x))
    reports = _reports_since(before)
    assert len({r["graph_id"] for r in reports}) >= 2  # the graph break gives two graphs
    assert len(reports) >= 4  # ... each lowered for more than one shape
    assert all(r["non_core_ops"] == [] for r in reports)


def test_compile_training_gradients_and_running_statistics_match_eager():
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.BatchNorm1d(8), torch.nn.GELU(),
                                torch.nn.Linear(8, 1))
    reference = copy.deepcopy(model)
    torch._dynamo.reset()
    before = len(backend.reports())
    compiled = torch.compile(model, backend="graph_lower")
    x = torch.randn(6, 4)
    compiled(x).sum().backward()
    reference(x).sum().backward()
    for p, q in zip(model.parameters(), reference.parameters()):
        torch.testing.assert_close(p.grad, q.grad)
    for name in ["running_mean", "running_var", "num_batches_tracked"]:
        torch.testing.assert_close(getattr(model[1], name), getattr(reference[1], name))
    # Forward and backward both ran core ATen only (the backward's native_batch_norm_backward
    # and gelu_backward through PyTorch's decomposition table).
    reports = _reports_since(before)
    assert {r["phase"] for r in reports} == {"forward", "backward"}
    assert all(r["non_core_ops"] == [] for r in reports), [r["non_core_ops"] for r in reports]


def test_graph_lowers_own_use_of_torchscript_raises_no_deprecation_warning():
    # torch 2.14 deprecates TorchScript's Python front end (FutureWarning on torch.jit.script,
    # trace, freeze, load, save); what graph_lower calls itself must not warn the user.
    model = torch.nn.Sequential(torch.nn.Linear(6, 4), torch.nn.LayerNorm(4), torch.nn.GELU())
    model.eval()
    x = torch.randn(3, 6)
    scripted = torch.jit.script(model)  # the caller's own use: may warn, outside the check
    graph = torch.jit.trace(lambda a: torch.nn.functional.silu(a) * 2, (x,)).graph
    exported = torch.export.export(model, (x,))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        torch.testing.assert_close(torch.compile(model, backend="graph_lower")(x), model(x))
        torch.testing.assert_close(graph_lower.lower(scripted, [x]).module(x), model(x))
        graph_lower.lower(graph, [x])
        graph_lower.run_decompositions(exported)
    jit = [str(w.message) for w in caught if "jit" in str(w.message).lower()]
    assert not jit, jit


# --- graph_lower.lower ------------------------------------------------------------------------

def test_lower_script_module_returns_a_lowered_module_and_leaves_the_original():
    torch.manual_seed(0)
    model = torchvision.models.resnet18()
    scripted = torch.jit.script(model)
    assert scripted.training
    x = torch.randn(1, 3, 64, 64)
    result = graph_lower.lower(scripted, [x], verify=True, strict=True)
    assert isinstance(result.module, torch.jit.ScriptModule)
    assert result.report["legal"] and result.report["verified"]
    assert scripted.training  # the caller's module is not put in eval mode
    torch.testing.assert_close(result(x), model.eval()(x), rtol=1e-4, atol=1e-4)
    kinds = {n.kind() for n in result.graph.nodes()}
    assert "aten::conv2d" not in kinds and "aten::batch_norm" not in kinds


def test_lower_raw_graph_returns_a_function():
    def fn(a, b):
        return torch.nn.functional.softplus(a).addcdiv(b, a.exp())

    a, b = torch.randn(3, 4), torch.randn(3, 4)
    graph = torch.jit.trace(fn, (a, b)).graph
    result = graph_lower.lower(graph, [a, b], strict=True)
    assert result.report["non_core_ops"] == []
    torch.testing.assert_close(result(a, b), fn(a, b))


def test_strict_raises_with_the_report_when_ops_are_left():
    graph = torch.jit.trace(lambda a: torch.sinc(a) + 1, (torch.randn(3),)).graph
    with pytest.raises(graph_lower.NotCoreAtenError) as err:
        graph_lower.lower(graph, [torch.randn(3)], opset=["aten::add.Tensor"], strict=True)
    assert "aten::" in str(err.value)
    assert err.value.report["non_core_ops"]


def _double(x: torch.Tensor) -> torch.Tensor:
    return x * 2


@pytest.mark.parametrize("call, message", [
    (lambda: graph_lower.lower(torch.nn.Linear(2, 2)), "eager nn.Module"),
    (lambda: graph_lower.lower("model.pt"), "expected a torch.jit.ScriptModule"),
    (lambda: graph_lower.lower(torch.jit.script(_double)), "pass fn.graph"),
    (lambda: graph_lower.lower(torch.jit.script(torch.nn.Linear(2, 2)), [torch.randn(2, 2)],
                               keep_ops=["aten::no_such_op"]), "aten::no_such_op"),
    (lambda: graph_lower.lower(torch.jit.script(torch.nn.Linear(2, 2)),
                               [torch.randn(2, 2), torch.randn(2)]), "example_inputs"),
    (lambda: graph_lower.lower(torch.jit.script(torch.nn.Linear(2, 2)), ["text"]),
     "example_inputs[0]"),
    (lambda: graph_lower.lower(torch.jit.script(torch.nn.Linear(2, 2)), verify=True),
     "verify=True needs example_inputs"),
    (lambda: graph_lower.lower(torch.jit.script(torch.nn.Linear(2, 2)), opset="/no/such/file"),
     "/no/such/file"),
    (lambda: graph_lower.lower(torch.jit.script(torch.nn.Linear(2, 2)), opset=["aten::nope"]),
     "aten::nope"),
])
def test_bad_arguments_raise_value_error_naming_the_problem(call, message):
    with pytest.raises(ValueError) as err:
        call()
    assert message in str(err.value)


# --- FX in and out ----------------------------------------------------------------------------

class _Attention(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.qkv = torch.nn.Linear(16, 48)

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        return torch.nn.functional.scaled_dot_product_attention(q, k, v, is_causal=True)


class _ConvBn(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 8, 3, padding=1)
        self.bn = torch.nn.BatchNorm2d(8)

    def forward(self, x):
        y = torch.nn.functional.hardswish(self.bn(self.conv(x)))
        return y.flatten(1).softmax(-1), y.mean(dim=(2, 3))


class _Misc(torch.nn.Module):
    def forward(self, x, input):
        a, b = torch.split(x, [2, 3], dim=1)
        c = torch.where(a > 0, a, a.new_zeros(()))
        return {"sum": c.sum(dim=1, dtype=torch.float64), "norm": torch.linalg.vector_norm(b),
                "lse": torch.logsumexp(input, 0), "ints": x.to(torch.int32) // 2}


EXPORTED = {
    "attention": (_Attention, lambda: (torch.randn(2, 5, 16),)),
    "conv_bn_eval": (lambda: _ConvBn().eval(), lambda: (torch.randn(2, 3, 8, 8),)),
    "conv_bn_train": (_ConvBn, lambda: (torch.randn(2, 3, 8, 8),)),
    "misc": (_Misc, lambda: (torch.randn(4, 5), torch.randn(6))),
}


@pytest.mark.parametrize("name", sorted(EXPORTED))
def test_run_decompositions_gives_core_aten_that_matches_eager(name):
    torch.manual_seed(0)
    make, inputs = EXPORTED[name]
    model = make()
    args = inputs()
    ep = torch.export.export(copy.deepcopy(model), args)
    lowered = graph_lower.run_decompositions(ep)
    # Every op is core ATen, except the functional batch norm of training mode, which
    # torch.export's own run_decompositions leaves too.
    allowed = {torch.ops.aten._native_batch_norm_legit_functional.default}
    left = {str(n.target) for n in lowered.graph.nodes
            if n.op == "call_function" and not _is_core(n.target) and n.target not in allowed}
    assert not left, left
    reference = copy.deepcopy(model)
    got = lowered.module()(*args)
    want = reference(*args)
    torch.testing.assert_close(got, want, rtol=1e-4, atol=1e-5)
    if name == "conv_bn_train":
        # The buffer mutations are outputs of the graph, applied by the module.
        kinds = [s.kind.name for s in lowered.graph_signature.output_specs]
        assert kinds.count("BUFFER_MUTATION") == 3, kinds


def test_run_decompositions_result_carries_what_downstream_passes_read():
    # A val (FakeTensor) on every node, of the value's real shape, stride and dtype; stack traces
    # and module stacks where PyTorch's own run_decompositions has them; the same signature.
    class Block(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.ln = torch.nn.LayerNorm(8)
            self.fc = torch.nn.Linear(8, 24)
            self.register_buffer("scale", torch.ones(8))

        def forward(self, input):
            q, k, v = self.fc(self.ln(input)).chunk(3, dim=-1)
            a = torch.nn.functional.scaled_dot_product_attention(q, k, v)
            return torch.nn.functional.gelu(a) * self.scale

    torch.manual_seed(0)
    model = Block().eval()
    x = torch.randn(2, 3, 5, 8)
    ep = torch.export.export(model, (x,))
    ours = graph_lower.run_decompositions(ep)
    theirs = ep.run_decompositions()
    interpreter = torch.fx.Interpreter(ours.module())
    values = {}
    original_run_node = interpreter.run_node

    def run_node(node):
        values[node.name] = original_run_node(node)
        return values[node.name]

    interpreter.run_node = run_node
    interpreter.run(x)
    for node in ours.graph.nodes:
        if node.op == "output":
            continue
        val = node.meta.get("val")
        assert isinstance(val, (torch.Tensor, tuple, list)), (node.name, val)
        if isinstance(val, torch.Tensor) and node.name in values:
            real = values[node.name]
            assert (val.shape, val.stride(), val.dtype) == (real.shape, real.stride(),
                                                           real.dtype), node.name
    calls = [n for n in ours.graph.nodes if n.op == "call_function"]
    assert all(n.meta.get("stack_trace") and n.meta.get("nn_module_stack") for n in calls), [
        n.name for n in calls if not n.meta.get("stack_trace")]
    modules = {list(n.meta["nn_module_stack"].values())[-1][0] for n in calls}
    assert {"ln", "fc"} <= modules, modules

    def spec(sig):
        return ([(s.kind, s.target, s.arg.name) for s in sig.input_specs],
                [(s.kind, s.target) for s in sig.output_specs])

    assert spec(ours.graph_signature) == spec(theirs.graph_signature)
    assert ours.state_dict.keys() == theirs.state_dict.keys()
    torch.testing.assert_close(ours.module()(x), model(x))


def test_fx_round_trip_of_a_make_fx_graph_keeps_overloads_and_values():
    def fn(x, w):
        y = torch.nn.functional.gelu(x @ w, approximate="tanh")
        parts = torch.unbind(y, dim=0)
        return parts[0] + parts[1], y.to(torch.float64).clamp(min=-1.0)

    x, w = torch.randn(2, 4), torch.randn(4, 3)
    gm = make_fx(fn)(x, w)
    imported = graph_lower.fx.import_fx(gm)
    overloads = {n.schema() for n in imported.graph.nodes() if n.kind().startswith("aten::")}
    assert {str(n.target._schema) for n in gm.graph.nodes if n.op == "call_function"
            and isinstance(n.target, torch._ops.OpOverload)} <= overloads
    back = graph_lower.fx.export_fx(imported.graph, imported.out_spec, imported.input_names)
    torch.testing.assert_close(back(x, w), gm(x, w))
    lowered = graph_lower.lower(gm, verify=True, strict=True)
    assert all(_is_core(n.target) for n in lowered.module.graph.nodes if n.op == "call_function")
    torch.testing.assert_close(lowered(x, w), fn(x, w))


def test_fx_graph_that_writes_an_input_copies_back_like_eager():
    def fn(x, buf):
        buf.mul_(0.5).add_(x.sum(0))
        return x * buf

    x, buf = torch.randn(3, 4), torch.randn(4)
    gm = make_fx(fn)(x, buf.clone())
    result = graph_lower.lower(gm, [x, buf.clone()])
    assert result.report["mutated_inputs"]
    mine, theirs = buf.clone(), buf.clone()
    torch.testing.assert_close(result(x, mine), fn(x, theirs))
    torch.testing.assert_close(mine, theirs)


def test_fx_import_names_the_node_it_cannot_take():
    gm = torch.fx.symbolic_trace(torch.nn.Sequential(torch.nn.Linear(2, 2)))
    with pytest.raises(ValueError) as err:
        graph_lower.fx.import_fx(gm)
    assert "make_fx" in str(err.value) and "FX node" in str(err.value)


# --- PyTorch's Python decomposition table as a source ----------------------------------------

@pytest.mark.parametrize("name", ["resnet18", "mobilenet_v3_small"])
def test_pytorch_decomposition_table_through_the_engine_terminates_in_core_aten(name):
    torch.manual_seed(0)
    make_model, make_input = MODELS[name]
    model = make_model().eval()
    x = make_input()
    result = graph_lower.lower(torch.jit.script(model), [x], verify=True, strict=True,
                               decomposition_table="pytorch")
    assert result.report["non_core_ops"] == []
    assert result.report["verified"]
    assert "python" in result.report["decompositions"].values()


def _silu_via_itself(x):
    return torch.ops.aten.silu.default(x)


def _silu_via_mish(x):
    return torch.ops.aten.mish.default(x)


def _mish_via_silu(x):
    return torch.ops.aten.silu.default(x)


def test_table_entry_calling_its_own_op_terminates_with_the_cycle_reported():
    a = torch.randn(4, 5)
    graph = torch.jit.trace(lambda t: torch.nn.functional.silu(t) * 2, (a,)).graph
    result = graph_lower.lower(graph, [a], decomposition_table={
        torch.ops.aten.silu.default: _silu_via_itself})
    assert ["aten::silu", "aten::silu"] in result.report["cycles"]
    # The op is kept where the cycle was cut; what ran still computes silu.
    torch.testing.assert_close(result(a), torch.nn.functional.silu(a) * 2)


def test_two_table_entries_calling_each_other_terminate_with_the_cycle_named():
    a = torch.randn(4, 5)
    graph = torch.jit.trace(lambda t: torch.nn.functional.silu(t) + 1, (a,)).graph
    result = graph_lower.lower(graph, [a], decomposition_table={
        torch.ops.aten.silu.default: _silu_via_mish,
        torch.ops.aten.mish.default: _mish_via_silu})
    assert ["aten::silu", "aten::mish", "aten::silu"] in result.report["cycles"]
    assert result.report["cycles"].count(["aten::silu", "aten::mish", "aten::silu"]) == 1


def test_a_table_entry_that_raises_falls_through_to_the_next_source():
    def broken(x):
        raise RuntimeError("broken entry")

    a = torch.randn(3)
    graph = torch.jit.trace(lambda t: torch.nn.functional.silu(t), (a,)).graph
    result = graph_lower.lower(graph, [a], decomposition_table={
        torch.ops.aten.silu.default: broken})
    # The library decomposes silu instead; the result is right.
    assert result.report["decompositions"]["aten::silu"] != "python"
    torch.testing.assert_close(result(a), torch.nn.functional.silu(a))


# --- Regressions from the try-to-break-it pass ------------------------------------------------

def test_compile_functions_returning_several_values_and_python_scalars():
    torch._dynamo.reset()

    def pair(x):
        return x + 1, [x * 2, x.sum()]

    x = torch.randn(3)
    torch.testing.assert_close(torch.compile(pair, backend="graph_lower")(x), pair(x))

    def affine(x, n, s):
        return x * n + s

    compiled = torch.compile(affine, backend="graph_lower")
    # The second call makes dynamo pass n as a symbolic int and s as a tensor read with .item():
    # both must stay inputs of the lowered graph, not values baked in from the first call.
    for n, s in [(2, 0.5), (3, 1.5), (3, -7.25), (4, 2.0)]:
        torch.testing.assert_close(compiled(x, n, s), affine(x, n, s))


@pytest.mark.parametrize("name", ["transformer", "multihead_attention", "interpolate"])
def test_compile_attention_and_upsampling_modules(name):
    torch.manual_seed(0)
    if name == "transformer":
        model = torch.nn.Transformer(16, 2, 1, 1, 32, batch_first=True).eval()
        args = (torch.randn(2, 5, 16), torch.randn(2, 4, 16))
    elif name == "multihead_attention":
        mha = torch.nn.MultiheadAttention(16, 4, batch_first=True).eval()
        model = lambda x: mha(x, x, x, need_weights=True)  # noqa: E731
        args = (torch.randn(2, 5, 16),)
    else:
        def model(x):
            return (torch.nn.functional.interpolate(x, scale_factor=2, mode="bilinear"),
                    torch.nn.functional.interpolate(x, scale_factor=1.5, mode="nearest"))
        args = (torch.randn(1, 2, 6, 6),)
    torch._dynamo.reset()
    before = len(backend.reports())
    with torch.no_grad():
        torch.testing.assert_close(torch.compile(model, backend="graph_lower")(*args),
                                   model(*args), rtol=1e-4, atol=1e-4)
    reports = _reports_since(before)
    assert reports and all(r["non_core_ops"] == [] for r in reports)


def test_fx_import_of_bool_fill_values_and_attention_views():
    x = torch.randn(3)

    def fill(t):
        return torch.full((3,), True) & (t > 0), torch.zeros(3, dtype=torch.bool).masked_fill(
            t > 0, True)

    result = graph_lower.lower(make_fx(fill)(x), [x], strict=True)
    torch.testing.assert_close(result(x), fill(x))

    def attention(q, k, v):
        out = torch.nn.functional.scaled_dot_product_attention(q, k, v)
        return out.transpose(1, 2).reshape(2, 3, 8)

    q = torch.randn(2, 3, 2, 4).transpose(1, 2)
    result = graph_lower.lower(make_fx(attention)(q, q, q), [q, q, q], strict=True)
    torch.testing.assert_close(result(q, q, q), attention(q, q, q))


def test_run_decompositions_with_number_inputs_and_an_encoder_layer():
    class Affine(torch.nn.Module):
        def forward(self, x, k: int, f: float):
            return x * k + f

    x = torch.randn(3)
    lowered = graph_lower.run_decompositions(torch.export.export(Affine(), (x, 3, 0.5)))
    torch.testing.assert_close(lowered.module()(x, 3, 0.5), x * 3 + 0.5)
    layer = torch.nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0, batch_first=True).eval()
    s = torch.randn(2, 5, 8)
    lowered = graph_lower.run_decompositions(torch.export.export(layer, (s,)))
    torch.testing.assert_close(lowered.module()(s), layer(s))


@pytest.mark.parametrize("call, message", [
    (lambda: graph_lower.lower_graph(None), "expected a torch._C.Graph"),
    (lambda: graph_lower.to_function(None), "expected a torch._C.Graph"),
    (lambda: graph_lower.fx.export_fx(None), "expected a torch._C.Graph"),
    (lambda: graph_lower.lower(torch.jit.script(torch.nn.Linear(2, 2)), [torch.randn(2, 2)],
                               decompositions=["aten::linear"]), "triple"),
    (lambda: graph_lower.lower(torch.jit.script(torch.nn.Linear(2, 2)), [torch.randn(2, 2)],
                               unroll_loops="x"), "unroll_loops"),
    (lambda: graph_lower.lower(torch.jit.script(torch.nn.Linear(2, 2)), [torch.randn(2, 2)],
                               decomposition_table={"aten::linear": lambda x: x}), "keys"),
    (lambda: graph_lower.lower(torch.jit.script(torch.nn.Linear(2, 2)), [torch.randn(2, 2)],
                               decomposition_table={torch.ops.aten.linear.default: 1}),
     "not callable"),
])
def test_more_bad_arguments_raise_value_error(call, message):
    with pytest.raises(ValueError) as err:
        call()
    assert message in str(err.value)


def test_compile_training_respects_detach_and_no_grad_regions():
    torch._dynamo.reset()

    def straight_through(x):
        return x + (torch.round(x) - x).detach()

    def no_grad_region(x):
        with torch.no_grad():
            y = x * 2
        return y + x

    for fn in (straight_through, no_grad_region):
        mine = torch.randn(4, requires_grad=True)
        theirs = mine.detach().clone().requires_grad_(True)
        torch.compile(fn, backend="graph_lower")(mine).sum().backward()
        fn(theirs).sum().backward()
        torch.testing.assert_close(mine.grad, theirs.grad)
    phases = {r["phase"] for r in backend.reports()}
    assert {"forward", "backward"} <= phases


def test_compile_rrelu_and_a_maxvit_layer_lower_to_core_aten():
    torch.manual_seed(0)
    rrelu = torch.nn.RReLU().eval()
    layer = torchvision.models.maxvit_t().eval().blocks[0].layers[1]
    for model, x in [(rrelu, torch.randn(5, 6)), (layer, torch.randn(1, 64, 56, 56))]:
        torch._dynamo.reset()
        before = len(backend.reports())
        with torch.no_grad():
            torch.testing.assert_close(torch.compile(model, backend="graph_lower")(x), model(x),
                                       rtol=1e-4, atol=1e-4)
        reports = _reports_since(before)
        assert reports and all(r["non_core_ops"] == [] for r in reports), reports[-1]["non_core_ops"]


@pytest.mark.parametrize("name", ["unfold", "adaptive_max_pool2d"])
def test_run_decompositions_of_integer_indexing_decompositions(name):
    # Their library decompositions index with constant integer tensors; aten::index is tagged
    # dynamic_output_shape (for boolean masks), which left the result unspecialised and a
    # reshape's is_contiguous branch in the graph, which FX cannot express.
    model = torch.nn.Unfold(2, stride=2) if name == "unfold" else torch.nn.AdaptiveMaxPool2d(3)
    x = torch.randn(2, 4, 8, 8) if name == "unfold" else torch.randn(1, 2, 7, 7)
    lowered = graph_lower.run_decompositions(torch.export.export(model, (x,)))
    assert all(_is_core(n.target) for n in lowered.graph.nodes if n.op == "call_function")
    torch.testing.assert_close(lowered.module()(x), model(x))


def test_boolean_mask_indexing_stays_data_dependent():
    def fn(t):
        return t[t > 0].sum() * 2

    x = torch.tensor([1.0, -2.0, 3.0, -4.0])
    result = graph_lower.lower(torch.jit.trace(fn, (x,)).graph, [x])
    other = torch.tensor([-1.0, 2.0, 3.0, 4.0])  # three positives instead of two
    torch.testing.assert_close(result(other), fn(other))


def test_python_numbers_in_tensor_arguments_promote_as_eager_wraps_them():
    # Eager ranks a Python number below every tensor in type promotion, 0-dim ones included: a
    # 0-dim int8 tensor times 100 stays int8 (and wraps), a float16 one plus 1.5 stays float16.
    def fn(i8, f16, f64, x):
        return (i8 * 100, f16 + 1.5, f64 * 0.1, torch.where(x > 0, x, 0.25), i8 - 3,
                torch.pow(x, 2), x.clamp(min=-0.5), torch.lerp(x, x * 2, 0.3))

    args = (torch.tensor(3, dtype=torch.int8), torch.tensor(0.1, dtype=torch.float16),
            torch.tensor(0.3, dtype=torch.float64), torch.randn(4))
    want = fn(*args)
    # The first five are one rounding of the number against the input: exact. lerp and pow
    # may decompose into several roundings.
    exact = 5

    def check(got):
        for i, (g, w) in enumerate(zip(got, want)):
            assert g.dtype == w.dtype, i
            torch.testing.assert_close(g, w, **({"rtol": 0, "atol": 0} if i < exact else {}))

    check(graph_lower.lower(make_fx(fn)(*args), list(args), strict=True)(*args))
    torch._dynamo.reset()
    check(torch.compile(fn, backend="graph_lower")(*args))


# Known race, not fixed: graph_lower's lock serialises its own make_fx calls, but dynamo's
# tracing of another thread's function shares FX's global state with them ("CURRENT_PATCHER is
# None in finally block" on torch 2.14, an AssertionError inside make_fx on 2.6). A thread that
# fails mid-trace leaves FX's patches in place for the whole process, so the scenario runs in a
# process of its own. It passed alone here and failed in clean-clone runs under load.
_THREADS_SCRIPT = """
import threading, torch, graph_lower
torch._dynamo.reset()

def make(k):
    def f(x):
        for _ in range(20):
            x = torch.nn.functional.layer_norm(torch.nn.functional.gelu(x) * (k + 1), (8,))
            x = x.softmax(-1)
        return x
    return f

functions = [make(k) for k in range(4)]
compiled = [torch.compile(f, backend="graph_lower") for f in functions]
x = torch.randn(4, 8)
results, errors = {}, []
start = threading.Barrier(len(compiled))

def call(i):
    try:
        start.wait()
        results[i] = compiled[i](x)
    except Exception as err:
        errors.append(err)

threads = [threading.Thread(target=call, args=(i,)) for i in range(len(compiled))]
for t in threads:
    t.start()
for t in threads:
    t.join(timeout=600)
assert not errors, errors
for i, f in enumerate(functions):
    torch.testing.assert_close(results[i], f(x))
print("ok")
"""


@pytest.mark.xfail(strict=False, reason="dynamo tracing in one thread races make_fx in another")
def test_compiled_graphs_first_called_from_several_threads_at_once():
    import subprocess
    import sys

    proc = subprocess.run([sys.executable, "-c", _THREADS_SCRIPT], capture_output=True,
                          text=True, timeout=900)
    assert proc.returncode == 0 and "ok" in proc.stdout, proc.stderr[-2000:]


def test_compile_float_inputs_that_change_stay_core_aten_and_keep_the_dtype():
    # From the second call on, dynamo passes a changing float as a float64 0-dim tensor read
    # with .item() (aten._local_scalar_dense, a Scalar): it must reach mul/add as a Scalar,
    # not through prim::NumToTensor as a float64 tensor.
    torch._dynamo.reset()

    def f(x, s):
        return x * s + s

    compiled = torch.compile(f, backend="graph_lower")
    strict, backend.strict = backend.strict, True
    try:
        for x in (torch.randn(3), torch.randn(())):
            for s in (0.5, 1.5, -3.25):
                got = compiled(x, s)
                assert got.dtype == torch.float32
                torch.testing.assert_close(got, f(x, s), rtol=0, atol=0)
    finally:
        backend.strict = strict
