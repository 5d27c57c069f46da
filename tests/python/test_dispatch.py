"""graph_lower.decompose and decomposition_table inside __torch_dispatch__ (graph_lower.dispatch),
through the reference backend examples/subclass_backend.py. Results are compared with eager
PyTorch on the same inputs."""

import copy
import threading

import pytest
import torch
import torchvision

import graph_lower
from graph_lower import dispatch
from subclass_backend import CoreAtenMode, CoreTensor, is_core

aten = torch.ops.aten


def _plain(x):
    if isinstance(x, CoreTensor):
        return x.elem
    if isinstance(x, (list, tuple)):
        return type(x)(_plain(e) for e in x)
    return x


def _through_backend(fn, *inputs):
    """fn on CoreTensor-wrapped inputs under a CoreAtenMode; (plain result, backend)."""
    with CoreAtenMode() as backend:
        out = fn(*[CoreTensor(i) if isinstance(i, torch.Tensor) else i for i in inputs])
    return _plain(out), backend


def _check_backend(backend):
    # The backend was asked to decompose something, and decompositions sent it core ops only.
    assert any(not is_core(op) for op in backend.seen), "no op needed decomposing"
    assert backend.from_decompositions, "graph_lower.decompose sent the backend nothing"
    assert backend.non_core() == {}


def _encoder():
    layer = torch.nn.TransformerEncoderLayer(32, 4, 64, dropout=0.0, batch_first=True)
    return torch.nn.TransformerEncoder(layer, 2, enable_nested_tensor=False)


MODELS = {
    "resnet18": lambda: (torchvision.models.resnet18(), (2, 3, 64, 64)),
    "mobilenet_v3_small": lambda: (torchvision.models.mobilenet_v3_small(), (1, 3, 96, 96)),
    # chunk, channel shuffle: CompositeImplicitAutograd traced from inside __torch_dispatch__.
    "shufflenet_v2_x0_5": lambda: (torchvision.models.shufflenet_v2_x0_5(), (1, 3, 64, 64)),
    "transformer_encoder": lambda: (_encoder(), (2, 7, 32)),
}


@pytest.mark.parametrize("grad_mode", ["inference_mode", "no_grad"])
@pytest.mark.parametrize("name", sorted(MODELS))
def test_models_run_on_a_core_aten_backend_and_match_eager(name, grad_mode):
    torch.manual_seed(0)
    model, shape = MODELS[name]()
    model.eval()
    x = torch.randn(shape)
    ctx = getattr(torch, grad_mode)
    with ctx():
        expected = model(x)
        got, backend = _through_backend(model, x)
    torch.testing.assert_close(got, expected, rtol=1e-4, atol=1e-5)
    _check_backend(backend)


def _train_step(model, x, target):
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9, foreach=False)
    loss = torch.nn.functional.cross_entropy(model(x), target)
    loss.backward()
    opt.step()
    return loss


@pytest.mark.parametrize("name", ["resnet18", "transformer_encoder"])
def test_training_step_with_autograd_above_the_backend_matches_eager(name):
    torch.manual_seed(0)
    model, shape = MODELS[name]()
    model.train()
    twin = copy.deepcopy(model)
    x = torch.randn(shape)
    if name == "resnet18":
        target = torch.tensor([1, 3])
    else:
        target = torch.randn(2, 7, 32).softmax(-1)  # probabilities over the last dim
    expected = _train_step(model, x, target)
    with CoreAtenMode() as backend:
        loss = _train_step(twin, CoreTensor(x), target)
    torch.testing.assert_close(_plain(loss), expected)
    for (n, p), q in zip(model.named_parameters(), twin.parameters()):
        torch.testing.assert_close(_plain(q), p, rtol=1e-4, atol=1e-5, msg=n)
    for (n, b), c in zip(model.named_buffers(), twin.buffers()):
        torch.testing.assert_close(_plain(c), b, msg=n)  # BatchNorm running statistics
    _check_backend(backend)
    assert any("backward" in str(op) for op in backend.seen), "no backward op reached it"


def test_writes_in_place_and_returned_views_alias_as_in_eager():
    def program(x, buf):
        buf.add_(x, alpha=2)                  # in place, not core
        x.relu_()
        y = x.transpose(0, 1)                 # views, not core
        a, b = x.split(2, dim=1)
        u = x.unflatten(1, (2, 2))
        return y, a, b, u

    x0, buf0 = torch.randn(3, 4), torch.randn(3, 4)
    x1, buf1 = x0.clone(), buf0.clone()
    expected = program(x0, buf0)
    cx, cbuf = CoreTensor(x1), CoreTensor(buf1)
    with CoreAtenMode() as backend:
        got = program(cx, cbuf)
    for g, e in zip(got, expected):
        torch.testing.assert_close(g.elem, e)
        assert g.elem.untyped_storage().data_ptr() == x1.untyped_storage().data_ptr()
    torch.testing.assert_close(x1, x0)
    torch.testing.assert_close(buf1, buf0)
    _check_backend(backend)


def test_in_place_and_out_overloads_return_the_argument_written():
    x, y = torch.randn(2, 3), torch.randn(2, 3)
    expected = x + y
    assert graph_lower.decompose(aten.add_.Tensor, x, y) is x
    torch.testing.assert_close(x, expected)
    out = torch.empty(2, 3)
    a, b = torch.randn(2, 3), torch.randn(2, 3)
    got = graph_lower.decompose(aten.hypot.out, a, b, out=out)
    assert got is out
    torch.testing.assert_close(out, torch.hypot(a, b))
    # An out= tensor of other sizes would have to be resized: left to the backend.
    assert graph_lower.decompose(aten.hypot.out, a, b, out=torch.empty(0)) is NotImplemented


def test_decompose_matches_eager_without_a_mode():
    x, w, b = torch.randn(4, 6), torch.randn(5, 6), torch.randn(5)
    torch.testing.assert_close(graph_lower.decompose(aten.linear.default, x, w, b),
                               torch.nn.functional.linear(x, w, b))
    torch.testing.assert_close(graph_lower.decompose(aten.softmax.int, x, 1), x.softmax(1))
    parts = graph_lower.decompose(aten.split.Tensor, x, 4, 1)
    assert isinstance(parts, list) and [p.shape[1] for p in parts] == [4, 2]
    got = graph_lower.decompose(aten.var_mean.correction, x, [1], correction=1, keepdim=True)
    for g, e in zip(got, torch.var_mean(x, 1, keepdim=True)):
        torch.testing.assert_close(g, e)
    # item is core ATen's _local_scalar_dense; other scalar glue that reads data is left to the
    # backend (graph_lower.dispatch docstring).
    assert graph_lower.decompose(aten.item.default, torch.tensor(2.5)) == 2.5
    assert graph_lower.decompose(aten.is_nonzero.default, torch.tensor(2.5)) is NotImplemented


def test_a_cache_hit_costs_no_lowering_and_new_metadata_lowers_again():
    table = graph_lower.decomposition_table(keep_ops=["aten::erfinv"])  # a table of its own
    table.clear_cache()
    table.decompose(aten.hardswish.default, torch.randn(3, 5))
    before = table.cache_info()["lowerings"]
    for _ in range(3):
        x = torch.randn(3, 5) * 4
        torch.testing.assert_close(table.decompose(aten.hardswish.default, x),
                                   torch.nn.functional.hardswish(x))
    assert table.cache_info()["lowerings"] == before
    table.decompose(aten.hardswish.default, torch.randn(2, 5))       # new sizes
    table.decompose(aten.hardswish.default, torch.randn(3, 5).double())  # new dtype
    table.decompose(aten.hardswish.default, torch.randn(5, 3).t())   # new strides
    assert table.cache_info()["lowerings"] == before + 3


def test_no_data_is_read_meta_tensors_decompose_to_meta_results():
    x = torch.empty(2, 8, device="meta")
    w = torch.empty(4, 8, device="meta")
    out = graph_lower.decompose(aten.linear.default, x, w)
    assert out.device.type == "meta" and out.shape == (2, 4)
    z = graph_lower.decompose(aten.zeros_like.default, x)
    assert z.device.type == "meta"


def test_core_ops_copy_and_ops_without_a_decomposition_give_not_implemented():
    x = torch.randn(3)
    assert graph_lower.decompose(aten.add.Tensor, x, x) is NotImplemented
    assert graph_lower.decompose(aten.copy_.default, x, x) is NotImplemented
    table = graph_lower.decomposition_table()
    assert aten.linear.default in table and aten.add.Tensor not in table
    assert aten.copy_.default not in table
    with pytest.raises(KeyError):
        table[aten.add.Tensor]
    torch.testing.assert_close(table[aten.gelu_.default](x.clone()),
                               torch.nn.functional.gelu(x))
    assert len(table) > 500 and all(not is_core(op) for op in table)


def test_keep_ops_reach_the_backend_instead_of_being_decomposed():
    table = graph_lower.decomposition_table(keep_ops=["aten::t"])
    assert aten.t.default not in table
    calls = []

    class Mode(torch.utils._python_dispatch.TorchDispatchMode):
        def __torch_dispatch__(self, func, types, args=(), kwargs=None):
            calls.append(func)
            if func in table:
                with self:
                    return table[func](*args, **(kwargs or {}))
            return func(*args, **(kwargs or {}))

    x, w = torch.randn(2, 3), torch.randn(4, 3)
    with torch.inference_mode(), Mode():
        got = torch.nn.functional.linear(x, w)
    torch.testing.assert_close(got, x @ w.t())
    assert aten.t.default in calls and aten.permute.default not in calls


def test_an_opset_of_the_backends_own_keeps_its_ops():
    table = graph_lower.decomposition_table(opset=["core_aten", "aten::silu"])
    assert aten.silu.default not in table and aten.silu_.default in table
    x = torch.randn(5)
    expected = torch.nn.functional.silu(x)
    calls = []

    class Mode(torch.utils._python_dispatch.TorchDispatchMode):
        def __torch_dispatch__(self, func, types, args=(), kwargs=None):
            calls.append(func)
            return func(*args, **(kwargs or {}))

    with Mode():
        assert table[aten.silu_.default](x) is x
    torch.testing.assert_close(x, expected)
    assert calls == [aten.silu.default, aten.copy_.default]
    with pytest.raises(ValueError, match="aten::no_such_op"):
        graph_lower.decomposition_table(opset=["aten::no_such_op"])


def test_concurrent_threads_share_the_cache_and_get_right_results():
    table = graph_lower.decomposition_table(keep_ops=["aten::lgamma"])
    table.clear_cache()
    errors = []

    def work(i):
        try:
            for n in range(1, 6):
                x = torch.randn(n, i + 2)
                torch.testing.assert_close(table.decompose(aten.log_softmax.int, x, 1),
                                           x.log_softmax(1))
        except Exception as e:  # noqa: BLE001 - reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(i % 2,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert table.cache_info()["entries"] == 10


@pytest.mark.parametrize("func, error, message", [
    (aten.linear, TypeError, "OpOverloadPacket"),
    (torch.nn.functional.linear, TypeError, "builtin_function_or_method"),
    ("aten::linear", TypeError, "str"),
])
def test_func_that_is_not_an_overload_raises_type_error(func, error, message):
    with pytest.raises(error, match=message):
        graph_lower.decompose(func, torch.randn(2, 3), torch.randn(4, 3))


@pytest.mark.parametrize("args, kwargs, message", [
    ((torch.randn(2, 3),), {}, "no value for argument 'weight'"),
    ((torch.randn(2, 3), torch.randn(4, 3), None, 7), {}, "4 positional arguments"),
    ((torch.randn(2, 3), torch.randn(4, 3)), {"bias_": None}, "no argument named 'bias_'"),
    ((torch.randn(2, 3), "w"), {}, "argument 'weight' must be Tensor"),
])
def test_arguments_that_do_not_fit_the_schema_raise_value_error_quoting_it(args, kwargs,
                                                                          message):
    with pytest.raises(ValueError, match=message) as info:
        graph_lower.decompose(aten.linear.default, *args, **kwargs)
    assert "aten::linear(Tensor input, Tensor weight" in str(info.value)


def test_arguments_the_op_rejects_raise_runtime_error_as_eager():
    with pytest.raises(RuntimeError, match="aten.linear.default"):
        graph_lower.decompose(aten.linear.default, torch.randn(2, 3), torch.randn(4, 5))


def test_symbolic_sizes_are_not_decomposed_yet():
    from torch._subclasses.fake_tensor import FakeTensorMode
    from torch.fx.experimental.symbolic_shapes import ShapeEnv

    with FakeTensorMode(shape_env=ShapeEnv()) as mode:
        x = mode.from_tensor(torch.randn(4, 6), symbolic_context=None)
    # A static fake tensor is metadata like any other: decomposed.
    with mode:
        assert graph_lower.decompose(aten.softmax.int, x, 1).shape == (4, 6)


def test_an_op_whose_integer_inputs_would_have_to_be_made_up_is_not_decomposed():
    # linalg_ldl_solve has no Meta kernel, so lowering must run it; its integer pivots cannot be
    # synthesised (zeros made LAPACK write out of bounds and killed the process).
    a = torch.randn(4, 4)
    ld, pivots = torch.linalg.ldl_factor(a @ a.mT + torch.eye(4))
    b = torch.randn(4, 2)
    got = graph_lower.decompose(aten.linalg_ldl_solve.default, ld, pivots, b)
    if got is not NotImplemented:
        torch.testing.assert_close(got, torch.linalg.ldl_solve(ld, pivots, b))


def test_a_forked_child_lowers_on_a_thread_of_its_own():
    import multiprocessing

    graph_lower.decompose(aten.hardswish.default, torch.randn(3))  # the parent's thread exists
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(1) as pool:
        ok = pool.apply_async(_decompose_in_child).get(timeout=120)
    assert ok


def _decompose_in_child():
    x = torch.randn(4, 3)
    got = graph_lower.decompose(aten.hardsigmoid.default, x)  # a new key: a lowering
    return bool(torch.allclose(got, torch.nn.functional.hardsigmoid(x)))


# Found by the fresh-user pass of issue 37.

def test_writes_to_list_elements_are_never_dropped_and_out_returns_the_argument():
    x = torch.randn(3)
    expected = x.clamp(-0.5, 0.5)
    # _foreach ops write the elements of a Tensor[]: lowering does not return those writes
    # yet, so they must not be decomposed into nothing.
    a, b = torch.randn(3), torch.randn(2)
    expected_ab = [a + 1.5, b + 1.5]
    got = graph_lower.decompose(aten._foreach_add_.Scalar, [a, b], 1.5)
    assert got is NotImplemented or got is None
    if got is None:
        torch.testing.assert_close([a, b], expected_ab)
    out = torch.empty(3)
    assert graph_lower.decompose(aten.clamp.out, x, -0.5, 0.5, out=out) is out
    torch.testing.assert_close(out, expected)
    # An assert has no result and writes nothing: lowering would drop it.
    assert graph_lower.decompose(aten._assert_async.msg, torch.tensor(False), "boom") \
        is NotImplemented


def test_an_op_that_fails_on_made_up_values_is_not_decomposed_rather_than_raising():
    spd = torch.tensor([[4.0, 1.0], [1.0, 3.0]])
    for _ in range(2):  # nothing wrong is cached either
        got = graph_lower.decompose(aten.linalg_cholesky.default, spd)
        if got is not NotImplemented:
            torch.testing.assert_close(got, torch.linalg.cholesky(spd))


def test_meta_tensors_decompose_to_meta_also_with_folded_constants():
    x = torch.empty(4, 4, device="meta")
    assert graph_lower.decompose(aten.triu.default, x).device.type == "meta"
    q = torch.empty(1, 2, 8, 16, device="meta")
    out = graph_lower.decompose(aten.scaled_dot_product_attention.default, q, q, q,
                                is_causal=True)
    assert out.device.type == "meta" and out.shape == q.shape
    # Huge: nothing of this size may be allocated (8 TB as float32).
    huge = torch.empty(1 << 20, 1 << 21, device="meta")
    got = graph_lower.decompose(aten.tril_.default, huge)
    assert got is NotImplemented or got is huge


def test_sparse_tensors_and_metadata_changes_in_place_are_not_decomposed():
    x = torch.randn(3, 4)
    assert graph_lower.decompose(aten.sum.default, x.to_sparse()) is NotImplemented
    assert graph_lower.decompose(aten.sum.default, x.expand(3, 4)) is not NotImplemented
    assert graph_lower.decompose(aten.squeeze_.dim, torch.randn(3, 1), 1) is NotImplemented


def test_storage_offsets_are_part_of_the_call():
    base = torch.arange(32.0)
    a = base[16:].view(4, 4)
    expected = torch.as_strided_scatter(a, torch.zeros(2, 2), [2, 2], [1, 1], 17)
    got = graph_lower.decompose(aten.as_strided_scatter.default, a, torch.zeros(2, 2),
                                [2, 2], [1, 1], 17)
    if got is not NotImplemented:
        torch.testing.assert_close(got, expected)
    v = base[5:].view(3, 9)  # a view at offset 5 keeps its offset through a decomposed view op
    t = graph_lower.decompose(aten.transpose.int, v, 0, 1)
    assert t.storage_offset() == 5 and torch.equal(t, v.t())


def test_devices_given_as_strings_and_integers_out_of_range():
    x = torch.randn(2, 3)
    z = graph_lower.decompose(aten.new_zeros.default, x, [2], device="cpu")
    assert torch.equal(z, torch.zeros(2))
    with pytest.raises(ValueError, match="argument 'end_dim' must be int"):
        graph_lower.decompose(aten.flatten.using_ints, x, 0, 2 ** 70)
