"""One OpInfo sample through graph-lower and through torch.export's run_decompositions.

A *case* is (OpInfo, variant, dtype, sample index). Variants: "" (the OpInfo's `op`),
"inplace" (`inplace_variant`) and "out" (`op(..., out=...)`, where the OpInfo supports out=).
Each column (ours, anchor) of a case ends with one status:

  pass                 every op is core ATen and the outputs equal eager's
  capture              the call could not be captured (trace or export failed): not counted
  no decomposition     a non-core op is left, and no source could decompose it
  cycle                a non-core op is left because of re-entry or a decomposition cycle
  shape, dtype, numerics   core ATen only (or not), but an output differs from eager's
  crash                lowering, or running the lowered program, raised
  hang                 the case did not finish within the time limit (set by the sweep)

"Core ATen" is the `core` tag of the running PyTorch (torch.Tag.core, native_functions.yaml),
checked the same way for both columns (`non_core_ops_ts`, `non_core_ops_fx`); graph-lower's own
report is checked against it too. Numerics: torch.testing.assert_close with the OpInfo's own
float tolerance overrides (toleranceOverride decorators, loosest of them) where it has them,
else assert_close's defaults (float32: rtol 1.3e-6, atol 1e-5); integers and bool exact.
float16 and bfloat16 outputs outside that tolerance still pass when they are no further from
eager's float64 result than eager's own low-precision output is, as PyTorch checks its own
decompositions (test/test_decomp.py, op_assert_ref; both columns get the same rule).
Ops whose eager output changes with the seed (random ops) are compared on shape, dtype and,
with 1,000 elements or more, the mean (within 6 standard errors of eager's mean).
"""

import math
import re

import torch
import torch.utils._pytree as pytree

import graph_lower

DTYPES = {"float32": torch.float32, "int64": torch.int64, "bool": torch.bool,
          "float64": torch.float64, "float16": torch.float16, "bfloat16": torch.bfloat16}
LOW_PRECISION = (torch.float16, torch.bfloat16)


# (overload, function, TorchScript source) tried before the built library (sweep --extra-library).
EXTRA_DECOMPOSITIONS = []


class CaptureError(Exception):
    """The call could not be captured; not a failure of the column."""


# ---------------------------------------------------------------------------------------------
# Building the call


def variants(op):
    """The OpInfo's variants swept: [(name, callable-kind)]."""
    out = [("", op.op)]
    if op.inplace_variant is not None:
        out.append(("inplace", op.inplace_variant))
    if op.supports_out:
        out.append(("out", op.op))
    return out


def split_sample(sample):
    """Tensor leaves of (input, args, kwargs), and a function rebuilding the call from them."""
    leaves, spec = pytree.tree_flatten((sample.input, tuple(sample.args), dict(sample.kwargs)))
    tensor_at = [i for i, leaf in enumerate(leaves) if isinstance(leaf, torch.Tensor)]
    for i in tensor_at:
        t = leaves[i]
        if t.layout != torch.strided or t.is_complex() or t.is_quantized:
            raise CaptureError(f"input of layout {t.layout} / dtype {t.dtype}")
    tensors = [leaves[i] for i in tensor_at]

    def rebuild(new_tensors):
        filled = list(leaves)
        for i, t in zip(tensor_at, new_tensors):
            filled[i] = t
        return pytree.tree_unflatten(filled, spec)

    return tensors, rebuild


def make_call(op, variant, sample):
    """(fn(*tensors) -> outputs, tensors): the call as a function of its tensor inputs."""
    fn = dict(variants(op))[variant] if variant != "out" else op.op
    tensors, rebuild = split_sample(sample)
    if variant == "out":
        inp, args, kwargs = rebuild(tensors)
        expected = fn(inp, *args, **kwargs)
        outs = pytree.tree_map(
            lambda t: torch.empty_like(t) if isinstance(t, torch.Tensor) else t, expected)
        out_leaves, out_spec = pytree.tree_flatten(outs)
        if not all(isinstance(t, torch.Tensor) for t in out_leaves):
            raise CaptureError("out= of a non-tensor result")
        n = len(tensors)

        def call(*ts):
            inp, args, kwargs = rebuild(ts[:n])
            out = pytree.tree_unflatten(list(ts[n:]), out_spec)
            return fn(inp, *args, out=out, **kwargs)

        return call, tensors + out_leaves

    def call(*ts):
        inp, args, kwargs = rebuild(ts)
        return fn(inp, *args, **kwargs)

    return call, tensors


def clone_all(tensors):
    return [t.clone() for t in tensors]


def flat_outputs(value, where):
    leaves = pytree.tree_leaves(value)
    for leaf in leaves:
        if not isinstance(leaf, torch.Tensor):
            raise CaptureError(f"{where} returns a {type(leaf).__name__}, not only tensors")
    return leaves


# ---------------------------------------------------------------------------------------------
# Checking: core ATen and numerics


def _is_core(packet_name, overload):
    packet = getattr(torch.ops.aten, packet_name, None)
    if packet is None:
        return False
    try:
        op = getattr(packet, overload or "default")
    except AttributeError:
        return False
    return torch.Tag.core in op.tags


_SCHEMA_NAME = re.compile(r"^aten::([A-Za-z0-9_]+)(?:\.([A-Za-z0-9_]+))?\(")


def _is_tensor_op(node):
    """Makes or writes a tensor (glue, e.g. aten::size.int, reads one and makes none)."""
    if any("Tensor" in str(v.type()) for v in node.outputs()):
        return True
    # A written tensor argument: Tensor(a!) (a list appended to, t[](a!), is glue).
    return re.search(r"Tensor\([a-z]+!\)", node.schema()) is not None


def non_core_ops_ts(graph):
    """Tensor ops of a TorchScript graph that are not core ATen (aten ops only; prim ops are
    structural). Glue (aten ops that neither make nor write a tensor: size, len, item, ...) is
    allowed, as in graph-lower's opset (opset/opset.h)."""
    found = set()

    def walk(block):
        for node in block.nodes():
            for b in node.blocks():
                walk(b)
            kind = node.kind()
            if not kind.startswith("aten::") or not _is_tensor_op(node):
                continue
            schema = node.schema()
            m = _SCHEMA_NAME.match(schema)
            if m is None:
                found.add(kind)
            elif not _is_core(m.group(1), m.group(2)):
                found.add(kind + ("." + m.group(2) if m.group(2) else ""))

    walk(graph)
    return sorted(found)


def non_core_ops_fx(gm):
    """call_function targets of an FX graph that are not core ATen OpOverloads."""
    import operator

    found = set()
    for node in gm.graph.nodes:
        if node.op != "call_function":
            continue
        target = node.target
        if target is operator.getitem:
            continue
        if isinstance(target, torch._ops.OpOverload):
            if torch.Tag.core not in target.tags:
                found.add(str(target))
        elif getattr(target, "__module__", "").startswith("torch.fx.experimental.sym_node") or \
                str(target).startswith("<built-in function"):
            continue  # symbolic shape arithmetic
        else:
            found.add(str(target))
    return sorted(found)


def tolerance(op, dtype):
    """(rtol, atol) from the OpInfo's toleranceOverride decorators for dtype, loosest; or None."""
    from torch.testing._internal.common_device_type import toleranceOverride

    best = None
    for info in list(getattr(op, "decorators", ()) or ()):
        for dec in getattr(info, "decorators", ()) or ():
            if isinstance(dec, toleranceOverride) and dtype in dec.d:
                t = dec.d[dtype]
                cand = (t.rtol, t.atol)
                best = cand if best is None else (max(best[0], cand[0]), max(best[1], cand[1]))
    return best


# OpInfos whose outputs hold uninitialised memory: only shape and dtype are compared.
UNDEFINED_VALUES = {"empty", "empty_like", "empty_strided", "empty_permuted", "new_empty",
                    "new_empty_strided"}


def compare(actual, expected, tol, random, reference=None):
    """None if equal, else (class, message). random: "undefined" compares shape and dtype only,
    True also the mean of large outputs. reference: for float16/bfloat16 outputs, eager's values
    of them on the inputs in float64 (a list, one per output); an output not within tolerance of
    eager's passes when it is no
    further from the reference than eager's own output (plus 1e-7 absolute): PyTorch's rule for
    its decompositions in low precision (test/test_decomp.py, op_assert_ref)."""
    if len(actual) != len(expected):
        return "shape", f"{len(actual)} outputs, eager has {len(expected)}"
    for i, (a, e) in enumerate(zip(actual, expected)):
        if not isinstance(a, torch.Tensor):
            return "dtype", f"output {i} is a {type(a).__name__}"
        if a.shape != e.shape:
            return "shape", f"output {i}: shape {tuple(a.shape)}, eager {tuple(e.shape)}"
        if a.dtype != e.dtype:
            return "dtype", f"output {i}: dtype {a.dtype}, eager {e.dtype}"
        if random:
            if random != "undefined" and e.numel() >= 1000 and e.is_floating_point():
                ed = e.double()
                se = ed.std().item() / math.sqrt(e.numel()) + 1e-12
                diff = abs(a.double().mean().item() - ed.mean().item())
                if diff > 6 * se:
                    return "numerics", f"output {i}: mean differs by {diff:.3g} ({diff / se:.1f} SE)"
            continue
        kwargs = {"equal_nan": True, "check_dtype": True, "check_stride": False}
        if tol is not None and e.is_floating_point():
            kwargs["rtol"], kwargs["atol"] = tol
        try:
            torch.testing.assert_close(a, e, **kwargs)
        except AssertionError as err:
            if reference is not None and i < len(reference) and e.dtype in LOW_PRECISION \
                    and _as_accurate_as_eager(a, e, reference[i]):
                continue
            lines = [ln.strip() for ln in str(err).splitlines() if ln.strip()]
            return "numerics", f"output {i}: " + "; ".join(lines[:4])
    return None


def _as_accurate_as_eager(actual, eager, reference):
    """Whether actual is no further from the float64 reference than eager is (max abs error over
    the finite reference values; NaN and inf must sit where eager's do)."""
    if reference is None or reference.shape != eager.shape:
        return False
    a, e, r = actual.double(), eager.double(), reference.double()
    if not torch.equal(a.isnan(), e.isnan()) or not torch.equal(a.isinf(), e.isinf()):
        return False
    if not torch.equal(a[a.isinf()], e[e.isinf()]):
        return False
    finite = r.isfinite() & a.isfinite() & e.isfinite()
    if not finite.any():
        return True
    ours = (a[finite] - r[finite]).abs().max().item()
    theirs = (e[finite] - r[finite]).abs().max().item()
    return ours <= theirs + 1e-7


class Reference:
    """Eager's outputs, and its inputs after the call, with every float16/bfloat16 input upcast
    to float64 (seed 0)."""

    def __init__(self, outputs, inputs):
        self.outputs, self.inputs = outputs, inputs


def float64_reference(call, tensors):
    """A Reference, or None when no input is low precision or the op refuses float64."""
    if not any(t.dtype in LOW_PRECISION for t in tensors):
        return None
    up = [t.double() if t.dtype in LOW_PRECISION else t.clone() for t in tensors]
    try:
        torch.manual_seed(0)
        return Reference(flat_outputs(call(*up), "eager in float64"), up)
    except Exception:  # noqa: BLE001 - no float64 kernel, or a dtype check of the op
        return None


def is_random(call, tensors):
    """True if the eager result changes with the seed (a random op); eight seeds are tried, so a
    three-element bernoulli is caught too."""
    first = None
    for seed in range(1, 9):
        torch.manual_seed(seed)
        outs = flat_outputs(call(*clone_all(tensors)), "eager")
        outs = [o.nan_to_num(0.0) if o.is_floating_point() else o for o in outs]
        if first is None:
            first = outs
            continue
        for x, y in zip(first, outs):
            if x.shape != y.shape or not torch.equal(x, y):
                return True
    return False


# ---------------------------------------------------------------------------------------------
# The two columns


def eager_reference(call, tensors):
    """(outputs, inputs after the call) of eager PyTorch, seed 0."""
    inputs = clone_all(tensors)
    torch.manual_seed(0)
    outputs = flat_outputs(call(*inputs), "the op")
    return outputs, inputs


def capture_ts(call, tensors):
    """(torch._C.Graph, ScriptFunction running it) of the traced call; CaptureError if tracing
    fails."""
    try:
        with torch.no_grad():
            traced = torch.jit.trace(call, tuple(clone_all(tensors)), check_trace=False,
                                     strict=False)
    except CaptureError:
        raise
    except Exception as err:  # noqa: BLE001 - any trace failure is a capture failure
        raise CaptureError(f"trace: {type(err).__name__}: {str(err).splitlines()[0][:200]}")
    return traced.graph, graph_lower.to_function(traced.graph)


def check_capture(traced_fn, tensors, expected, tol, random):
    """CaptureError unless the traced graph, run as it is, reproduces eager: torch.jit.trace
    records some calls wrongly (e.g. torch.max(x, out=t) as aten::max(x, t), which is
    max.other), and that is not the lowering's failure."""
    try:
        torch.manual_seed(0)
        outs = flat_outputs(traced_fn(*clone_all(tensors)), "the traced graph")
    except CaptureError:
        raise
    except Exception as err:  # noqa: BLE001
        raise CaptureError(f"the traced graph fails: {type(err).__name__}: "
                           f"{str(err).strip().splitlines()[0][:200] if str(err).strip() else ''}")
    bad = compare(outs[:len(expected)], expected, tol, random)
    if bad:
        raise CaptureError(f"the traced graph differs from eager ({bad[0]}: {bad[1][:160]})")


def run_ours(graph, tensors, expected, inputs_after, tol, random, reference=None):
    """graph-lower's column on the traced graph: returns (status, detail)."""
    try:
        lowered, report = graph_lower.lower_graph(graph, clone_all(tensors),
                                                  decompositions=EXTRA_DECOMPOSITIONS)
    except Exception as err:  # noqa: BLE001
        return "crash", f"lower_graph: {type(err).__name__}: {str(err)[:300]}"
    left = sorted(set(report["non_core_ops"]) | set(non_core_ops_ts(lowered)))
    if left:
        cyc = {op for cycle in report["cycles"] for op in cycle}
        why = report["undecomposable"]
        cls = "cycle" if any(op in cyc for op in left) else "no decomposition"
        detail = "; ".join(
            f"{op}" + (f" ({' / '.join(why[op])[:160]})" if op in why else "") for op in left)
        return cls, detail
    try:
        fn = graph_lower.to_function(lowered)
        torch.manual_seed(0)
        result = fn(*clone_all(tensors))
        outs = flat_outputs(result, "the lowered graph")
    except CaptureError as err:
        return "crash", str(err)
    except Exception as err:  # noqa: BLE001
        return "crash", f"running the lowered graph: {type(err).__name__}: {str(err)[:300]}"
    mutated = report["mutated_inputs"]
    if mutated:
        # Lowered graphs return written inputs' new values after their own outputs.
        # The report names inputs without TorchScript's ".1" suffixes.
        names = [v.debugName() for v in graph.inputs()]
        taken = set()
        extra = outs[len(outs) - len(mutated):]
        outs = outs[:len(outs) - len(mutated)]
        for name, value in zip(mutated, extra):
            idx = next((i for i, n in enumerate(names) if i not in taken and
                        (n == name or n.rsplit(".", 1)[0] == name)), -1)
            taken.add(idx)
            if idx < 0:
                return "crash", f"mutated input {name} is not a graph input"
            bad = compare([value], [inputs_after[idx]], tol, random,
                          [reference.inputs[idx]] if reference else None)
            if bad:
                return bad[0], f"written input {name}: {bad[1]}"
    bad = compare(outs, expected, tol, random, reference.outputs if reference else None)
    if bad:
        return bad
    return "pass", ""


def run_anchor(call, tensors, expected, inputs_after, tol, random, reference=None):
    """torch.export(...).run_decompositions() column: returns (status, detail)."""

    class Call(torch.nn.Module):
        def forward(self, *ts):
            return call(*ts)

    try:
        ep = torch.export.export(Call(), tuple(clone_all(tensors)))
    except Exception as err:  # noqa: BLE001
        raise CaptureError(f"export: {type(err).__name__}: {str(err).splitlines()[0][:200]}")
    try:
        ep = ep.run_decompositions()
    except Exception as err:  # noqa: BLE001
        return "crash", f"run_decompositions: {type(err).__name__}: {str(err)[:300]}"
    left = non_core_ops_fx(ep.graph_module)
    if left:
        return "no decomposition", "; ".join(left)
    try:
        inputs = clone_all(tensors)
        torch.manual_seed(0)
        outs = flat_outputs(ep.module()(*inputs), "the exported program")
    except CaptureError as err:
        return "crash", str(err)
    except Exception as err:  # noqa: BLE001
        return "crash", f"running the exported program: {type(err).__name__}: {str(err)[:300]}"
    bad = compare(outs, expected, tol, random, reference.outputs if reference else None)
    if bad:
        return bad
    # The exported module writes inputs back as eager does.
    bad = compare(inputs, inputs_after, tol, random, reference.inputs if reference else None)
    if bad:
        return bad[0], "written inputs: " + bad[1]
    return "pass", ""


def run_case(op, variant, dtype_name, sample, anchor=True):
    """Both columns of one case: {"ours": [status, detail], "anchor": [...], "random": bool}."""
    result = {}
    try:
        call, tensors = make_call(op, variant, sample)
        expected, inputs_after = eager_reference(call, tensors)
        random = is_random(call, tensors)
    except CaptureError as err:
        return {"ours": ["capture", str(err)], "anchor": ["capture", str(err)]}
    except Exception as err:  # noqa: BLE001 - the sample is not valid for this variant
        msg = f"eager: {type(err).__name__}: {str(err).splitlines()[0][:200] if str(err) else ''}"
        return {"ours": ["capture", msg], "anchor": ["capture", msg]}
    tol = tolerance(op, DTYPES[dtype_name])
    reference = None if random else float64_reference(call, tensors)
    if op.name in UNDEFINED_VALUES:
        random = "undefined"
    graph = None
    try:
        graph, traced_fn = capture_ts(call, tensors)
        # Some OpInfos seed the generator inside the call (wrapper_set_seed), so eager repeats
        # itself; the traced graph, which records no seeding, shows whether the op is random.
        random = random or is_random(traced_fn, tensors)
        check_capture(traced_fn, tensors, expected, tol, random)
    except CaptureError as err:
        result["ours"] = ["capture", str(err)]
    except Exception as err:  # noqa: BLE001 - the traced graph fails when run twice, ...
        result["ours"] = ["capture", f"{type(err).__name__}: {str(err)[:200]}"]
    if "ours" not in result:
        try:
            result["ours"] = list(run_ours(graph, tensors, expected, inputs_after, tol, random,
                                           reference))
        except Exception as err:  # noqa: BLE001 - anything else in our column is our failure
            result["ours"] = ["crash", f"{type(err).__name__}: {str(err)[:300]}"]
    result["random"] = random
    if anchor:
        try:
            result["anchor"] = list(run_anchor(call, tensors, expected, inputs_after, tol,
                                               random, reference))
        except CaptureError as err:
            result["anchor"] = ["capture", str(err)]
    return result
