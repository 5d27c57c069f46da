"""graph_lower.backend.make_backend: someone else's compiler behind torch.compile receives
core-ATen FX graphs (each node with meta["val"]) and its callable runs them, matching eager in
inference and training; examples/my_backend.py runs as a script; bad arguments are refused."""

import operator
import os
import subprocess

import pytest
import torch

from conftest import REPO
from graph_lower.backend import make_backend


class Recorder:
    """Records the graphs a compiler received, then hands each to `inner`: by default the
    compiler of examples/my_backend.py; `interpret=True` runs the graph with torch.fx.Interpreter
    instead (not the GraphModule's own code), as a backend author's code generator would."""

    def __init__(self, interpret=False):
        self.graphs = []
        self.interpret = interpret

    def __call__(self, gm, example_inputs):
        self.graphs.append(gm)
        if not self.interpret:
            from my_backend import my_compiler

            return my_compiler(gm, example_inputs)
        interpreter = torch.fx.Interpreter(gm)

        def run(*args):
            return interpreter.run(*args)
        return run

    def targets(self):
        return [n.target for g in self.graphs for n in g.graph.nodes if n.op == "call_function"]

    def check_core(self, allowed=()):
        assert self.graphs, "the compiler was never called"
        for g in self.graphs:
            for n in g.graph.nodes:
                if n.op != "call_function":
                    continue
                assert n.target is operator.getitem or n.target in allowed or \
                    torch.Tag.core in n.target.tags, n.format_node()
                assert "val" in n.meta, n.format_node()


class Block(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.layer = torch.nn.TransformerEncoderLayer(16, 4, 32, dropout=0.0, batch_first=True)
        self.head = torch.nn.Linear(16, 3)

    def forward(self, x):
        return self.head(self.layer(x).mean(1)).softmax(-1)


def _inference_cases():
    import torchvision

    yield "resnet18", torchvision.models.resnet18(num_classes=10).eval(), torch.randn(2, 3, 64, 64)
    yield "block", Block().eval(), torch.randn(2, 5, 16)


@pytest.mark.parametrize("name", ["resnet18", "block"])
def test_compiler_receives_core_aten_and_matches_eager(name):
    model, x = next((m, x) for n, m, x in _inference_cases() if n == name)
    torch._dynamo.reset()
    recorder = Recorder()
    with torch.no_grad():
        compiled = torch.compile(model, backend=make_backend(recorder))
        torch.testing.assert_close(compiled(x), model(x), rtol=1e-4, atol=1e-4)
        x2 = torch.randn_like(x)
        torch.testing.assert_close(compiled(x2), model(x2), rtol=1e-4, atol=1e-4)
    recorder.check_core()


def test_training_step_matches_eager():
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Conv2d(3, 8, 3), torch.nn.BatchNorm2d(8),
                                torch.nn.ReLU(), torch.nn.Flatten(), torch.nn.Linear(8 * 6 * 6, 4))
    ours = __import__("copy").deepcopy(model)
    torch._dynamo.reset()
    recorder = Recorder()
    compiled = torch.compile(ours, backend=make_backend(recorder))
    opt_a = torch.optim.SGD(model.parameters(), lr=0.1)
    opt_b = torch.optim.SGD(ours.parameters(), lr=0.1)
    for step in range(2):
        x, y = torch.randn(4, 3, 8, 8), torch.randint(0, 4, (4,))
        for m, opt in ((model, opt_a), (compiled, opt_b)):
            opt.zero_grad()
            torch.nn.functional.cross_entropy(m(x), y).backward()
            opt.step()
    for (name, a), b in zip(model.state_dict().items(), ours.state_dict().values()):
        torch.testing.assert_close(b, a, rtol=1e-4, atol=1e-5, msg=name)
    recorder.check_core()
    # A forward and a backward graph reached the compiler.
    assert len(recorder.graphs) >= 2


def test_keep_ops_reach_the_compiler():
    # aten::silu is not core ATen and has a kernel of its own (not CompositeImplicitAutograd,
    # which AOTAutograd's tracing decomposes before graph-lower sees the graph).
    torch._dynamo.reset()
    recorder = Recorder(interpret=True)
    model = torch.nn.Sequential(torch.nn.Linear(4, 4), torch.nn.SiLU())
    x = torch.randn(2, 4)
    with torch.no_grad():
        compiled = torch.compile(model, backend=make_backend(recorder, keep_ops=["aten::silu"]))
        torch.testing.assert_close(compiled(x), model(x))
    assert torch.ops.aten.silu.default in recorder.targets()
    recorder.check_core(allowed=(torch.ops.aten.silu.default,))
    torch._dynamo.reset()
    plain = Recorder()
    with torch.no_grad():
        torch.compile(model, backend=make_backend(plain))(x)
    assert torch.ops.aten.silu.default not in plain.targets()
    plain.check_core()


def test_dynamic_shapes_compile_once_with_symbolic_examples():
    torch._dynamo.reset()
    recorder = Recorder(interpret=True)
    model = torch.nn.Sequential(torch.nn.Linear(4, 4), torch.nn.LayerNorm(4))
    compiled = torch.compile(model, backend=make_backend(recorder), dynamic=True)
    with torch.no_grad():
        for batch in (2, 5, 9):
            x = torch.randn(batch, 4)
            torch.testing.assert_close(compiled(x), model(x))
    recorder.check_core(allowed=(torch.ops.aten.sym_size.int,))
    assert len(recorder.graphs) == 1


def test_dynamic_shapes_respect_the_guards_of_other_sizes():
    """view(-1, 12) guards s1 * s2 == 12 and a 2x2 pool an even size: the other sizes the
    symbolic lowering runs at keep to such guards, so these graphs too are lowered once."""
    from graph_lower.backend import clear_reports, reports

    cnn = torch.nn.Sequential(torch.nn.Conv2d(3, 4, 3, padding=1), torch.nn.MaxPool2d(2),
                              torch.nn.Flatten(), torch.nn.Linear(64, 5))
    for model, shape in ((lambda x: x.view(-1, 12) @ torch.ones(12, 2), (3, 4)),
                         (cnn, (3, 8, 8))):
        torch._dynamo.reset()
        clear_reports()
        recorder = Recorder(interpret=True)
        compiled = torch.compile(model, backend=make_backend(recorder), dynamic=True)
        with torch.no_grad():
            for batch in (2, 5, 9):
                x = torch.randn(batch, *shape)
                torch.testing.assert_close(compiled(x), model(x))
        assert len(recorder.graphs) == 1
        assert [r.get("dynamic_fallback") for r in reports()] == [None]


def test_cat_of_a_constant_and_a_symbolic_size_compiles_once():
    """torch 2.6 traces the size of cat([ones(3, 4), x]) as torch.sym_sum((3, s0)), which once
    made the symbolic lowering fall back to one lowering per size (placeholders without val)."""
    def f(x):
        k = torch.cat([torch.ones(3, 4), x], dim=0)
        return k.view(k.shape[0], 2, 2).sum(-1) * k.shape[0]

    torch._dynamo.reset()
    recorder = Recorder(interpret=True)
    compiled = torch.compile(f, backend=make_backend(recorder), dynamic=True)
    with torch.no_grad():
        for t in (5, 2, 7):
            x = torch.randn(t, 4)
            torch.testing.assert_close(compiled(x), f(x))
    assert len(recorder.graphs) == 1
    for n in recorder.graphs[0].graph.nodes:
        assert n.op == "output" or "val" in n.meta, n.format_node()


def test_float_argument_under_dynamic_shapes_reaches_the_compiler_as_core_aten():
    """Dynamo wraps a float argument as a tensor, which AOTAutograd converts with
    prims.convert_element_type: imported as aten._to_copy, which core ATen holds."""
    def f(x, a: float):
        return x[:, :2] * a

    torch._dynamo.reset()
    recorder = Recorder(interpret=True)
    compiled = torch.compile(f, backend=make_backend(recorder), dynamic=True)
    with torch.no_grad():
        for a in (1.5, 2.0, -3.25):
            x = torch.randn(3, 4)
            torch.testing.assert_close(compiled(x, a), f(x, a))
    recorder.check_core(allowed=(torch.ops.aten.sym_size.int,))


@pytest.mark.parametrize("training", [False, True])
def test_float_argument_whose_value_changes(training):
    """After a float argument's value changed, dynamo passes it as a 0-d tensor the graph reads
    with .item(); x.pow(a) then needs a guard on the value (a == 1.0), and round(a, 2) is a
    Python call on it. Both backends give eager's results for every value, forward and
    gradients, and the compiler receives core ATen."""
    lin = torch.nn.Linear(5, 3)

    def f(x, a: float):
        return (lin(x).abs().pow(a) * a + round(a, 2)).sum(-1)

    recorder = Recorder(interpret=True)
    for backend in ("graph_lower", make_backend(recorder)):
        torch._dynamo.reset()
        compiled = torch.compile(f, backend=backend)
        for a in (2.5, 0.3, 1.75, 0.3):
            x = torch.randn(4, 5)
            with torch.set_grad_enabled(training):
                lin.zero_grad()
                got = compiled(x, a)
                if training:
                    got.sum().backward()
                    got_grad = lin.weight.grad.clone()
                lin.zero_grad()
                want = f(x, a)
                if training:
                    want.sum().backward()
                    torch.testing.assert_close(got_grad, lin.weight.grad)
                torch.testing.assert_close(got, want)
    recorder.check_core()


def test_data_dependent_sizes_reach_the_compiler_with_vals():
    """A boolean mask's index (capture_dynamic_output_shape_ops) and a value read from data
    (capture_scalar_outputs): every node the compiler receives has its meta["val"]."""
    cases = ((lambda x: x[x > 0].sum(), "capture_dynamic_output_shape_ops"),
             (lambda x: x * x.sum().item(), "capture_scalar_outputs"))
    for f, option in cases:
        torch._dynamo.reset()
        recorder = Recorder(interpret=True)
        with torch._dynamo.config.patch(**{option: True}), torch.no_grad():
            compiled = torch.compile(f, backend=make_backend(recorder))
            x = torch.tensor([1.0, -1.0, 2.0])
            torch.testing.assert_close(compiled(x), f(x))
        assert recorder.graphs
        for n in (n for g in recorder.graphs for n in g.graph.nodes):
            if n.op != "call_function":
                continue
            # The size checks AOTAutograd's graphs hold too: operator.ge on SymInts, and
            # _assert_scalar, which returns nothing.
            if n.target in (operator.ge, operator.le, torch.ops.aten._assert_scalar.default):
                continue
            assert torch.Tag.core in n.target.tags or n.target in (
                torch.ops.aten.sym_size.int, torch.ops.aten._local_scalar_dense.default), \
                n.format_node()
            assert "val" in n.meta, n.format_node()


def test_bad_arguments():
    with pytest.raises(TypeError, match="compiler must be callable"):
        make_backend(3)
    with pytest.raises(ValueError):
        make_backend(Recorder(), keep_ops=["aten::no_such_op"])

    def returns_a_number(gm, example_inputs):
        return 3

    for dynamic in (False, True):
        torch._dynamo.reset()
        compiled = torch.compile(torch.nn.Linear(2, 2), backend=make_backend(returns_a_number),
                                 dynamic=dynamic)
        # A TypeError as it is, static shapes or not (not dynamo's BackendCompilerFailed).
        with torch.no_grad(), pytest.raises(TypeError, match="returns_a_number.*not callable"):
            compiled(torch.randn(1, 2))


def test_boxed_and_list_returning_compilers():
    """AOTAutograd's boxed convention (functorch.compile.make_boxed_func: the inputs as one
    list) and a callable returning a list instead of a tuple both work, as with aot_autograd."""
    from functorch.compile import make_boxed_func

    model = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.ReLU())
    x = torch.randn(1, 3)  # batch 1: a boxed call mistaken for a plain one would run x[0]
    for compiler in (lambda gm, ex: make_boxed_func(gm.forward),
                     lambda gm, ex: (lambda *args: list(gm(*args)))):
        torch._dynamo.reset()
        compiled = torch.compile(model, backend=make_backend(compiler))
        with torch.no_grad():
            torch.testing.assert_close(compiled(x), model(x))


def test_compiler_errors_reach_the_caller_with_dynamic_shapes():
    """An exception from the user's compiler is its own: not hidden by the fallback that lowers
    a graph per input signature when the symbolic lowering fails."""
    calls = []

    def broken(gm, example_inputs):
        calls.append(gm)
        raise RuntimeError("broken codegen")

    torch._dynamo.reset()
    compiled = torch.compile(torch.nn.Linear(4, 4), backend=make_backend(broken), dynamic=True)
    with torch.no_grad(), pytest.raises(Exception, match="broken codegen"):
        compiled(torch.randn(3, 4))
    assert len(calls) == 1


def test_keep_ops_takes_overload_objects():
    torch._dynamo.reset()
    recorder = Recorder()
    model = torch.nn.Sequential(torch.nn.Linear(4, 4), torch.nn.GELU())
    compiled = torch.compile(model, backend=make_backend(
        recorder, keep_ops=[torch.ops.aten.gelu.default]))
    x = torch.randn(2, 4)
    with torch.no_grad():
        torch.testing.assert_close(compiled(x), model(x))
    assert torch.ops.aten.gelu.default in recorder.targets()
    with pytest.raises(ValueError, match="empty"):
        make_backend(Recorder(), keep_ops=[""])


def test_my_backend_example_runs():
    proc = subprocess.run(["python3", os.path.join(REPO, "examples", "my_backend.py")],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    assert "aten.addmm.default" in proc.stdout and "matches eager" in proc.stdout, proc.stdout
