"""graph_lower.lower_graph (python/graph_lower): lowering torch._C.Graph objects in process."""

import pytest
import torch

import graph_lower
from conftest import only_metadata_queries_left


def _lower_and_run(fn, inputs):
    traced = torch.jit.trace(fn, tuple(inputs))
    lowered, report = graph_lower.lower_graph(traced.graph, list(inputs))
    return graph_lower.to_function(lowered)(*inputs), report


def test_lowers_to_core_aten_and_matches_eager():
    x, y = torch.randn(3, 4), torch.randn(3, 4)

    def fn(a, b):
        return torch.nn.functional.gelu(a).addcmul(b, a) + torch.logsumexp(a, 1, keepdim=True)

    out, report = _lower_and_run(fn, [x, y])
    assert report["non_core_ops"] == []
    assert "aten::addcmul" in report["decompositions"]
    torch.testing.assert_close(out, fn(x, y))


def test_reshape_of_an_expanded_tensor_copies():
    # An expanded input (stride 0) is not contiguous: reshape must copy, not view. Specialising
    # the decomposition on a contiguous copy of its example input made it a view, which failed
    # when run ("view size is not compatible with input tensor's size and stride").
    m = torch.randn(3)

    def fn(v):
        return torch.reshape(v.expand(2, 3), [-1]) * 2

    out, report = _lower_and_run(fn, [m])
    assert report["non_core_ops"] == []
    torch.testing.assert_close(out, fn(m))


def test_bad_example_inputs_raise_value_error():
    traced = torch.jit.trace(lambda a: a + 1, (torch.randn(2),))
    try:
        graph_lower.lower_graph(traced.graph, [torch.randn(2), torch.randn(2)])
    except ValueError as err:
        assert "inputs" in str(err)
    else:
        raise AssertionError("two example inputs for a one-input graph were accepted")


def test_example_inputs_that_are_not_dense_cpu_tensors_raise_value_error():
    # Break-it pass: a sparse input raised libtorch's RuntimeError from inside a pass; mkldnn and
    # nested inputs left the program unspecialised without a word.
    x = torch.randn(2, 3)
    scripted = torch.jit.trace(lambda a: torch.softmax(a, 1) * 2, (x,))
    for bad, what in [(x.to_sparse(), "layout Sparse"), (x.to_mkldnn(), "layout Mkldnn"),
                      (torch.nested.nested_tensor([x, x]), "a nested tensor")]:
        try:
            graph_lower.lower_graph(scripted.graph, [bad])
        except ValueError as err:
            assert "example input 0" in str(err) and what in str(err), str(err)
        else:
            raise AssertionError(f"an example input {what} was accepted")
    # A list holding one is refused too; dense CPU tensors, strided or not, are lowered.
    cat = torch.jit.trace(lambda xs: torch.cat(xs, 0), ([x, x],))
    try:
        graph_lower.lower_graph(cat.graph, [[x, x.to_sparse()]])
    except ValueError as err:
        assert "layout Sparse" in str(err), str(err)
    else:
        raise AssertionError("a list holding a sparse tensor was accepted")
    lowered, report = graph_lower.lower_graph(scripted.graph, [x.t()])
    assert report["non_core_ops"] == []
    torch.testing.assert_close(graph_lower.to_function(lowered)(x.t()), torch.softmax(x.t(), 1) * 2)


def test_meta_example_inputs_stand_for_cpu_tensors_and_cannot_verify():
    x = torch.randn(2, 3)
    scripted = torch.jit.trace(lambda a: torch.nn.functional.silu(a).log_softmax(1), (x,))
    on_cpu, _ = graph_lower.lower_graph(scripted.graph, [x])
    on_meta, report = graph_lower.lower_graph(scripted.graph, [x.to("meta")])
    assert report["non_core_ops"] == [] and report["specialized"]
    assert str(on_meta) == str(on_cpu)
    torch.testing.assert_close(graph_lower.to_function(on_meta)(x), scripted(x))
    try:
        graph_lower.lower_graph(scripted.graph, [x.to("meta")], verify=True)
    except ValueError as err:
        assert "example input 0" in str(err) and "meta tensor" in str(err), str(err)
    else:
        raise AssertionError("verify=True with a meta example input was accepted")


def test_user_decompositions_are_used_or_refused():
    a = torch.randn(5)
    graph = torch.jit.trace(torch.sinc, (a,)).graph
    # A source without a final newline is used (it fell back to the library before).
    triple = ("aten::sinc", "sinc", "def sinc(self: Tensor) -> Tensor:\n    return self * 3.0")
    lowered, report = graph_lower.lower_graph(graph, [a], decompositions=[triple])
    assert report["decompositions"]["aten::sinc"] == "user"
    torch.testing.assert_close(graph_lower.to_function(lowered)(a), a * 3.0)
    for bad in [("aten::sinc", "sinc", "def sinc(self: Tensor) -> Tensor:\n    return self *"),
                ("aten::sinc", "nope", "def sinc(self: Tensor) -> Tensor:\n    return self"),
                ("aten::sinc", "sinc", "def sinc(s: Tensor, b: int) -> Tensor:\n    return s")]:
        try:
            graph_lower.lower_graph(graph, [a], decompositions=[bad])
        except ValueError as err:
            assert "aten::sinc" in str(err)
        else:
            raise AssertionError(f"accepted an unusable decomposition {bad}")


def test_clamp_with_a_nan_bound_is_nan_everywhere():
    x = torch.tensor([0.0, 1.0, float("nan"), -3.0])
    for fn in (lambda t: torch.clamp_max(t, float("nan")),
               lambda t: torch.clamp_min(t, float("nan"))):
        out, report = _lower_and_run(fn, [x])
        assert report["non_core_ops"] == []
        torch.testing.assert_close(out, fn(x), equal_nan=True)


def test_ctc_loss_mean_divides_by_target_lengths():
    # The CIA trace of ctc_loss.IntList lost the division by the target lengths (mean
    # reduction); the library decomposition does it as LossCTC.cpp does.
    torch.manual_seed(0)
    log_probs = torch.randn(6, 2, 5).log_softmax(2)
    targets = torch.randint(1, 5, (2, 3))
    for reduction in ("mean", "sum", "none"):
        def fn(lp, t):
            return torch.nn.functional.ctc_loss(lp, t, [6, 5], [2, 3], reduction=reduction)

        out, report = _lower_and_run(fn, [log_probs, targets])
        assert report["non_core_ops"] == []
        torch.testing.assert_close(out, fn(log_probs, targets))


def test_optimize_numerics_false_keeps_the_batch_norm_for_decomposition():
    # lower(module) freezes as torch.jit.freeze does; optimize_numerics=False is the CLI's
    # --nooptimize-numerics: the batch norm is decomposed instead of folded into the conv.
    torch.manual_seed(0)
    net = torch.nn.Sequential(torch.nn.Conv2d(3, 4, 3), torch.nn.BatchNorm2d(4)).eval()
    with torch.no_grad():
        net[1].running_mean.uniform_(-1, 1)
        net[1].running_var.uniform_(0.5, 2)
    x = torch.randn(2, 3, 8, 8)
    scripted = torch.jit.script(net)
    with torch.no_grad():
        expected = net(x)
    for optimize, batch_norm_decomposed in [(True, False), (False, True)]:
        result = graph_lower.lower(scripted, [x], optimize_numerics=optimize)
        assert result.report["non_core_ops"] == []
        assert ("aten::batch_norm" in result.report["decompositions"]) == batch_norm_decomposed
        with torch.no_grad():
            torch.testing.assert_close(result.module(x), expected)
    try:
        graph_lower.lower(scripted, [x], optimize_numerics="no")
    except ValueError as err:
        assert "optimize_numerics" in str(err)
    else:
        raise AssertionError("optimize_numerics='no' was accepted")


def test_transformer_decoder_lowers_to_core_aten_and_matches_eager():
    # nn.TransformerDecoder passes memory_is_causal (a forward argument, a bool known only at
    # run time) to SDPA's is_causal: its CIA kernel is traced for both values. Cross-attention's
    # query is not its key, so the packed in-projection's unflatten sits in a branch the example
    # does not take, with no shapes to trace: the library's shape-generic unflatten lowers it.
    torch.manual_seed(0)
    layer = torch.nn.TransformerDecoderLayer(16, 2, 32, batch_first=True)
    dec = torch.nn.TransformerDecoder(layer, 2).eval()
    tgt, memory = torch.randn(2, 5, 16), torch.randn(2, 7, 16)
    with torch.no_grad():
        result = graph_lower.lower(torch.jit.script(dec), [tgt, memory], verify=True)
    # The branch the example does not take keeps the queries of ranks no run gave: counted.
    assert only_metadata_queries_left(result.report), result.report["non_core_ops"]
    assert result.report["decompositions"]["aten::unflatten.int"] == "library"
    # Traced for the example's shapes, or (nodes in the branch the example does not take, with
    # no shapes) the shape-generic form.
    assert result.report["decompositions"]["aten::scaled_dot_product_attention"] in ("cia",
                                                                                    "generic")
    with torch.no_grad():
        for _ in range(2):
            t, m = torch.randn(2, 5, 16), torch.randn(2, 7, 16)
            torch.testing.assert_close(result.module(t, m), dec(t, m), rtol=1e-4, atol=1e-5)


def test_nested_calls_are_inlined_with_executor_optimisation_off():
    # torch::jit::Inline inlines one level when the graph executor does not optimise: a call in
    # a called function was left as prim::CallFunction, and calling the result crashed.
    @torch.jit.script
    def inner(x):
        return torch.nn.functional.silu(x) * 2

    @torch.jit.script
    def outer(x):
        return inner(x) + torch.nn.functional.softplus(x)

    x = torch.randn(3, 4)
    with torch.jit.optimized_execution(False):
        result = graph_lower.lower(outer.graph, [x], strict=True, verify=True)
        kinds = {n.kind() for n in result.graph.nodes()}
        assert not kinds & {"prim::CallFunction", "prim::CallMethod"}, kinds
        torch.testing.assert_close(result(x), outer(x))


def test_strict_glue_raises_only_for_glue_that_should_have_folded():
    def fn(x, n: int):
        return x.reshape(n * 2, -1) * x.size(0)

    scripted = torch.jit.script(fn)
    x = torch.randn(4, 6)
    # Glue on a scalar input stays, with its reason: strict_glue accepts it.
    result = graph_lower.lower(scripted.graph, [x, 2], strict_glue=True)
    assert result.report["glue_left"], result.report
    assert all(g["why"] != "nothing: it should have folded" for g in result.report["glue_left"])
    # Unexplained glue (opset/verify.h kGlueShouldHaveFolded) raises, naming the node.
    report = {"glue_left": [{"op": "aten::format", "node": "%7", "why":
                             "nothing: it should have folded"}], "non_core_ops": []}
    with pytest.raises(graph_lower.NotCoreAtenError, match=r"strict_glue.*aten::format \(%7\)"):
        graph_lower._check(report, False, False, "graph", strict_glue=True)
