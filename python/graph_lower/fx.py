"""FX graphs in and out of TorchScript IR, by overload.

`import_fx(gm)` turns an ATen-level `torch.fx.GraphModule` (from `make_fx`, `torch.export`'s
`ExportedProgram.graph_module`, or AOT tracing of a dynamo graph) into a `torch._C.Graph`: each
`call_function` of an `OpOverload` (`torch.ops.aten.add.Tensor`) becomes a node whose schema is
that overload's, with every schema argument given (defaults filled in, keyword-only ones
included); placeholders become graph inputs; `get_attr` tensors become tensor constants; Python
lists become `prim::ListConstruct`; `None` constants are typed as the argument's optional type so
that the node resolves to the same overload; `operator.getitem` on a multi-output op picks that
output, on a `Tensor[]` result it becomes `prim::ListUnpack` (the length from the node's
`meta["val"]`) or `aten::__getitem__.t`. The graph returns the flattened leaves of the FX output;
`ImportedGraph.out_spec` rebuilds the structure.

`export_fx(graph, out_spec=None)` goes back: every node with a schema becomes a `call_function`
of `torch.ops.<ns>.<name>.<overload>` (keyword-only arguments as kwargs; `ScalarType`, `Layout`
and `MemoryFormat` ints as `torch.dtype`, `torch.layout`, `torch.memory_format`), tensor
constants become buffers read with `get_attr`, lists and tuples become Python lists and tuples.

Symbolic sizes. Imported: `aten.sym_size.int` becomes `aten::size.int`, SymInt arithmetic
(`operator.mul`, `torch.sym_max`, ...) the TorchScript scalar op (`aten::mul.int`, `prim::max`),
and placeholders take their types from the example inputs given. Exported (with a fake mode whose
shape environment holds the symbols): shape glue becomes what torch.export emits
(`aten.sym_size.int`, `aten.sym_stride.int`, `aten.sym_numel`, `operator.*` on SymInts), and is
folded to a Python number where the symbols decide it; `prim::If` is inlined on the branch its
condition takes (asserted with `aten._assert_scalar` when the symbols' ranges do not decide it)
and `prim::Loop` unrolled.

Errors (ValueError, naming the FX node or the IR node): `call_module`/`call_method` nodes or
Python callables (the graph is not at ATen level; trace it with make_fx first), higher-order ops,
a loop or `list[i]` whose trip count or index is symbolic on export.
"""

import contextlib
import dataclasses
import gc
import math
import operator
from typing import Any, Dict, List

import torch
import torch.fx
import torch.utils._pytree as pytree
from torch._subclasses.fake_tensor import FakeTensor

from . import _C

__all__ = ["ImportedGraph", "import_fx", "export_fx"]


@dataclasses.dataclass
class ImportedGraph:
    """The result of import_fx.

    graph: the TorchScript graph; one input per FX placeholder, in order.
    input_names: the FX placeholders' names.
    out_spec: the pytree spec of the FX output (pytree.tree_unflatten(outputs, out_spec) rebuilds
        it from the graph's outputs).
    origins: FX node name -> its meta, for each call_function node; the TorchScript node made
        for it has that name as its scope (`scopeName()`), which the C++ pass gives on to the
        node's decomposition (export_fx's `origins`).
    """

    graph: torch._C.Graph
    input_names: List[str]
    out_spec: Any
    origins: Dict[str, Dict[str, Any]] = dataclasses.field(default_factory=dict)


def _scalar_type_codes():
    # The JIT stores ScalarType as an int (c10::ScalarType's value); ask it rather than assume.
    g = torch._C.Graph()
    codes = {}
    for name in dir(torch):
        d = getattr(torch, name)
        if isinstance(d, torch.dtype) and d not in codes.values():
            try:
                codes[g.insertConstant(d).toIValue()] = d
            except Exception:  # noqa: BLE001 - a dtype the JIT has no constant for
                pass
    return codes


_DTYPES = None
# c10/core/Layout.h and c10/core/MemoryFormat.h enum order.
_LAYOUTS = [torch.strided, torch.sparse_coo, torch.sparse_csr, torch._mkldnn, torch.sparse_csc,
            torch.sparse_bsr, torch.sparse_bsc, torch.jagged]
_MEMORY_FORMATS = [torch.contiguous_format, torch.preserve_format, torch.channels_last,
                   torch.channels_last_3d]


def _dtypes():
    global _DTYPES
    if _DTYPES is None:
        _DTYPES = _scalar_type_codes()
    return _DTYPES


def _dtype_code(dtype):
    for code, d in _dtypes().items():
        if d == dtype:
            return code
    raise ValueError(f"dtype {dtype} has no TorchScript constant")


def _type_of_example(value, where):
    if isinstance(value, torch.Tensor):
        return torch._C.TensorType.get()
    if isinstance(value, (torch.SymInt, torch.SymFloat, torch.SymBool)):
        raise ValueError(f"{where}: symbolic shapes ({type(value).__name__}) are not supported; "
                         "trace with static shapes (dynamic=False)")
    if isinstance(value, bool):
        return torch._C.BoolType.get()
    if isinstance(value, int):
        return torch._C.IntType.get()
    if isinstance(value, float):
        return torch._C.FloatType.get()
    return None


def _unwrap_optional(t):
    if isinstance(t, torch._C.OptionalType):
        return t.getElementType()
    return t


@contextlib.contextmanager
def gc_paused():
    """Pauses Python's cyclic garbage collector (as it was before, after): building thousands of
    FX nodes set off its full collections, each a walk of every object of the process, a quarter
    of a first run_decompositions on 7,000 nodes."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


@dataclasses.dataclass
class _Signature:
    """What import_fx needs of an overload's schema, read once per overload (reading it through
    the binding made most of an import's time)."""

    name: str  # "aten::add"
    text: str  # the schema, as torch._C.Node.schema() gives it
    arguments: tuple  # (name, kwarg_only, has_default, default, type) per argument
    names: frozenset
    returns: tuple  # the return types
    infers_dtype_from: Any  # (fill value index, dtype index) for full and scalar_tensor


_SIGNATURES = {}


def _signature(op):
    sig = _SIGNATURES.get(op)
    if sig is None:
        schema = op._schema
        arguments = tuple((a.name, a.kwarg_only, a.has_default_value(),
                           a.default_value if a.has_default_value() else None, a.type)
                          for a in schema.arguments)
        names = [a[0] for a in arguments]
        infers = None
        if schema.name in ("aten::full", "aten::scalar_tensor") and "dtype" in names:
            infers = (1 if schema.name == "aten::full" else 0, names.index("dtype"))
        sig = _SIGNATURES[op] = _Signature(schema.name, str(schema), arguments, frozenset(names),
                                           tuple(r.type for r in schema.returns), infers)
    return sig


_SCALAR_SIBLINGS = {}


def _alias(argument):
    info = argument.alias_info
    return None if info is None else (info.is_write, sorted(info.before_set))


def _scalar_sibling(op, positions):
    """The overload of `op`'s packet that takes a Scalar at `positions`, where `op` takes a
    Tensor, and is otherwise the same (add.Tensor -> add.Scalar, pow.Tensor_Tensor ->
    pow.Tensor_Scalar, where.self -> where.ScalarOther), or None.

    FX graphs pass Python numbers to Tensor arguments (mul.Tensor(x, 100)). Eager wraps such a
    number into a "wrapped number" tensor, which type promotion ranks below every tensor, 0-dim
    ones included (c10/core/TensorImpl.h is_wrapped_number, aten/src/ATen/native/
    TypeProperties.cpp). A Scalar argument promotes the same way; a 0-dim tensor constant does
    not (int8 0-dim x * 100 would become int64). Whether an argument is keyword-only may
    differ (add.Tensor's alpha is, add.Scalar's is not): the IR node takes every argument in
    schema order."""
    key = (op, positions)
    if key not in _SCALAR_SIBLINGS:
        want = op._schema
        found = None
        for name in op.overloadpacket.overloads():
            cand = getattr(op.overloadpacket, name)
            have = cand._schema
            if (cand is op or len(have.arguments) != len(want.arguments)
                    or len(have.returns) != len(want.returns)):
                continue
            same = True
            for i, (a, b) in enumerate(zip(want.arguments, have.arguments)):
                if i in positions:
                    same = (a.name == b.name and isinstance(b.type, torch._C.OptionalType)
                            == isinstance(a.type, torch._C.OptionalType)
                            and isinstance(_unwrap_optional(b.type), torch._C.NumberType))
                else:
                    same = (a.name == b.name and str(a.type) == str(b.type)
                            and _alias(a) == _alias(b))
                if not same:
                    break
            if same:
                found = cand
                break
        _SCALAR_SIBLINGS[key] = found
    return _SCALAR_SIBLINGS[key]


# The SymInt/SymFloat/SymBool arithmetic torch.export and make_fx trace with Python functions,
# and the TorchScript op computing each (their int/float overloads are chosen by the inputs).
_SYM_IMPORTS = {
    operator.add: "aten::add", operator.sub: "aten::sub", operator.mul: "aten::mul",
    operator.floordiv: "aten::floordiv", operator.truediv: "aten::div",
    operator.mod: "aten::remainder", operator.neg: "aten::neg", operator.pow: "aten::pow",
    operator.eq: "aten::eq", operator.ne: "aten::ne", operator.lt: "aten::lt",
    operator.le: "aten::le", operator.gt: "aten::gt", operator.ge: "aten::ge",
    operator.and_: "aten::__and__", operator.or_: "aten::__or__", torch.sym_not: "aten::__not__",
    torch.sym_max: "prim::max", torch.sym_min: "prim::min", torch.sym_float: "aten::Float",
    torch.sym_int: "aten::Int", math.trunc: "aten::Int", math.floor: "aten::floor",
    math.ceil: "aten::ceil",
}


class _Importer:
    def __init__(self, gm: torch.fx.GraphModule, example_inputs=None):
        self.gm = gm
        self.examples = list(example_inputs) if example_inputs is not None else None
        self.g = torch._C.Graph()
        self.env = {}
        self.unpacked = {}  # fx node of a Tensor[] result -> its prim::ListUnpack outputs
        self.scoped = ([], [])  # the IR node of each call_function node, and its FX name
        self.origins = {}

    def constant(self, value, arg_type, where):
        """A Value for a Python constant `value` passed where `arg_type` is expected."""
        real = _unwrap_optional(arg_type) if arg_type is not None else None
        if value is None:
            v = self.g.insertConstant(None)
            if arg_type is not None:
                v.setType(arg_type if isinstance(arg_type, torch._C.OptionalType)
                          else torch._C.OptionalType(arg_type))
            return v
        if isinstance(value, torch.dtype):
            return self.g.insertConstant(_dtype_code(value))
        if isinstance(value, torch.layout):
            return self.g.insertConstant(_LAYOUTS.index(value))
        if isinstance(value, torch.memory_format):
            return self.g.insertConstant(_MEMORY_FORMATS.index(value))
        if isinstance(value, (torch.SymInt, torch.SymFloat, torch.SymBool)):
            raise ValueError(f"{where}: symbolic value {value} is not supported; trace with "
                             "static shapes (dynamic=False)")
        if isinstance(real, torch._C.TensorType) and isinstance(value, (bool, int, float)):
            # FX passes Python numbers where the schema takes a Tensor (add_.Tensor(t, 1));
            # TorchScript needs a tensor: a 0-dim one, of the default dtype for a float, which
            # promotes as the wrapped number the Python binding makes would, except against
            # another 0-dim tensor.
            return self.g.insertConstant(torch.tensor(value))
        if isinstance(value, bool) and isinstance(real, torch._C.NumberType):
            # TorchScript's Scalar is int, float or complex: a bool fill value (full(s, True),
            # masked_fill(m, True)) is passed as 0 or 1; ops that infer their dtype from it say
            # bool explicitly (see _call's dtype).
            return self.g.insertConstant(int(value))
        if isinstance(value, float) and isinstance(real, torch._C.IntType):
            raise ValueError(f"{where}: float {value} passed as an int")
        if isinstance(value, (int, float, bool, str, torch.device, torch.Tensor)):
            return self.g.insertConstant(value)
        raise ValueError(f"{where}: unsupported constant {value!r} ({type(value).__name__})")

    def is_number(self, x):
        """Whether `x` is a Python int or float, or an FX value of a number (an int or float
        input, the Scalar of `_local_scalar_dense`, which dynamo's `.item()` of a float input
        becomes). Bool constants are excluded: TorchScript's Scalar has none, and a 0-dim bool
        tensor promotes as a wrapped bool."""
        if isinstance(x, torch.fx.Node):
            v = self.env.get(x)
            return v is not None and not isinstance(v, list) and isinstance(
                v.type(), (torch._C.IntType, torch._C.FloatType, torch._C.NumberType))
        return isinstance(x, (int, float)) and not isinstance(x, bool)

    def value(self, x, arg_type, where):
        if isinstance(x, torch.fx.Node):
            v = self.env.get(x)
            if v is None or isinstance(v, list):
                raise ValueError(f"{where}: argument {x.name} is not a single value "
                                 "(a multi-output op used without getitem)")
            real = _unwrap_optional(arg_type) if arg_type is not None else None
            if isinstance(real, torch._C.TensorType) and isinstance(
                    v.type(), (torch._C.IntType, torch._C.FloatType, torch._C.BoolType,
                               torch._C.NumberType)):
                # A Python number input where the schema takes a Tensor (x * n with n an int
                # input): a 0-dim tensor, as for constants below.
                node = self.g.create("prim::NumToTensor", [v], 1)
                self.g.insertNode(node)
                node.output().setType(torch._C.TensorType.get())
                return node.output()
            return v
        if isinstance(x, (list, tuple)):
            real = _unwrap_optional(arg_type) if arg_type is not None else None
            elem = real.getElementType() if isinstance(real, torch._C.ListType) else None
            items = [self.value(e, elem, where) for e in x]
            if elem is None:
                kinds = {str(i.type()) for i in items}
                elem = items[0].type() if len(kinds) == 1 else torch._C.TensorType.get()
            node = self.g.create("prim::ListConstruct", items, 1)
            self.g.insertNode(node)
            node.output().setType(torch._C.ListType(elem))
            return node.output()
        return self.constant(x, arg_type, where)

    def call(self, node: torch.fx.Node):
        target = node.target
        where = f"FX node {node.name} ({target})"
        if target is operator.getitem:
            src, index = node.args
            got = self.env.get(src)
            if isinstance(got, list):
                self.env[node] = got[index]
                return
            # An item of a Tensor[] result (split, unbind, chunk).
            val = src.meta.get("val")
            if isinstance(val, (list, tuple)):
                outs = self.unpacked.get(src)
                if outs is None:
                    unpack = self.g.create("prim::ListUnpack", [got], len(val))
                    self.g.insertNode(unpack)
                    outs = list(unpack.outputs())
                    for o in outs:
                        o.setType(torch._C.TensorType.get())
                    self.unpacked[src] = outs
                self.env[node] = outs[index]
                return
            item = self.g.create("aten::__getitem__", [got, self.g.insertConstant(index)], 1)
            self.g.insertNode(item)
            item.output().setType(torch._C.TensorType.get())
            self.env[node] = item.output()
            return
        if target is torch.ops.aten.sym_size.int or target in _SYM_IMPORTS:
            self.symbolic(node, where)
            return
        if target is getattr(torch, "sym_sum", None):
            self.sym_sum(node, where)
            return
        if not isinstance(target, torch._ops.OpOverload):
            raise ValueError(f"{where}: only torch.ops overloads can be imported; trace the "
                             "graph to ATen level first (torch.fx.experimental.proxy_tensor."
                             "make_fx or torch.export)")
        if target is torch.ops.aten._assert_scalar.default:
            self.assertion(node, where)
            return
        args, kwargs = node.args, node.kwargs
        if str(target) == "prims.convert_element_type.default":
            # torch._prims' dtype conversion (AOTAutograd makes one of a float argument dynamo
            # wraps as a tensor): ATen's own, which core ATen holds.
            target = torch.ops.aten._to_copy.default
            args, kwargs = args[:1], {"dtype": args[1] if len(args) > 1 else kwargs["dtype"]}
        sig = _signature(target)
        values = []
        for i, (name, kwarg_only, has_default, default, _) in enumerate(sig.arguments):
            if not kwarg_only and i < len(args):
                x = args[i]
            elif name in kwargs:
                x = kwargs[name]
            elif has_default:
                x = default
            else:
                raise ValueError(f"{where}: no value for argument '{name}'")
            values.append(x)
        if sig.infers_dtype_from is not None:
            # These infer their dtype from the fill value; a bool one is passed as an int.
            fill, dtype = sig.infers_dtype_from
            if isinstance(values[fill], bool) and values[dtype] is None:
                values[dtype] = torch.bool
        numbers = tuple(i for i, (a, x) in enumerate(zip(sig.arguments, values))
                        if isinstance(_unwrap_optional(a[4]), torch._C.TensorType)
                        and self.is_number(x))
        if numbers:
            sibling = _scalar_sibling(target, numbers)
            if sibling is not None:
                sig = _signature(sibling)
        inputs = []
        for (name, _, _, _, arg_type), x in zip(sig.arguments, values):
            v = self.value(x, arg_type, f"{where} argument '{name}'")
            if (isinstance(_unwrap_optional(arg_type), torch._C.IntType)
                    and isinstance(v.type(), torch._C.NumberType)):
                # A size read from data (aten.item's Scalar, an unbacked SymInt) where the
                # schema takes an int.
                cast = self.g.create("aten::Int", [v], 1)
                self.g.insertNode(cast)
                cast.output().setType(torch._C.IntType.get())
                v = cast.output()
            inputs.append(v)
        if len(args) > len(sig.arguments) or not sig.names.issuperset(kwargs):
            extra = set(kwargs) - sig.names
            raise ValueError(f"{where}: arguments the schema does not have: "
                             f"{sorted(extra) or args[len(sig.arguments):]}")
        ir = self.g.create(sig.name, inputs, len(sig.returns))
        self.g.insertNode(ir)
        for out, ret in zip(ir.outputs(), sig.returns):
            out.setType(ret)
        got = ir.schema()
        if got == "(no schema)":
            types = ", ".join(str(i.type()) for i in inputs)
            raise ValueError(f"{where}: no TorchScript overload of {sig.name} takes ({types}); "
                             f"expected '{sig.text}'")
        if got != sig.text:
            raise ValueError(f"{where}: the TorchScript node resolves to '{got}', not to "
                             f"'{sig.text}'")
        outs = list(ir.outputs())
        self.env[node] = outs[0] if len(outs) == 1 else outs
        self.scoped[0].append(ir)
        self.scoped[1].append(node.name)
        self.origins[node.name] = node.meta

    def assertion(self, node, where):
        """aten._assert_scalar(cond, message) (torch.export's run-time guards) as what a
        scripted `assert` is: prim::If(cond) with a prim::RaiseException branch, which the
        lowering keeps (the op itself has no outputs and no side effects, so dead code
        elimination would drop it; TorchScript's Scalar has no bool either). Exported back as
        aten._assert_scalar (_Exporter.control)."""
        cond = self.value(node.args[0], torch._C.BoolType.get(), where)
        if cond.type().kind() != "BoolType":
            cast = self.g.create("aten::Bool", [cond], 1)
            self.g.insertNode(cast)
            cast.output().setType(torch._C.BoolType.get())
            cond = cast.output()
        message = self.g.insertConstant(str(node.args[1]) if len(node.args) > 1 else "")
        qualified = self.g.insertConstant("builtins.RuntimeError")
        branch = self.g.create("prim::If", [cond], 0)
        self.g.insertNode(branch)
        branch.addBlock()
        branch.addBlock().addNode("prim::RaiseException", [message, qualified])
        self.env[node] = None

    def sym_sum(self, node, where):
        """torch.sym_sum(ints) (a cat's size of symbolic sizes) as a chain of aten::add.int."""
        if node.kwargs or len(node.args) != 1 or not isinstance(node.args[0], (list, tuple)):
            raise ValueError(f"{where}: torch.sym_sum takes one list of ints")
        terms = [self.value(a, None, where) for a in node.args[0]]
        total = terms[0] if terms else self.g.insertConstant(0)
        for term in terms[1:]:
            add = self.g.create("aten::add", [total, term], 1)
            self.g.insertNode(add)
            add.output().setType(torch._C.IntType.get())
            if add.schema() == "(no schema)":
                raise ValueError(f"{where}: torch.sym_sum of non-int values")
            total = add.output()
        self.env[node] = total

    def symbolic(self, node, where):
        """A symbolic-size node of torch.export or make_fx (aten.sym_size.int, SymInt
        arithmetic with operator.*) as the TorchScript glue computing it (aten::size.int,
        aten::mul.int, ...)."""
        target = node.target
        if node.kwargs:
            raise ValueError(f"{where}: keyword arguments are not supported here")
        inputs = [self.value(a, None, where) for a in node.args]
        kind = "aten::size" if target is torch.ops.aten.sym_size.int else _SYM_IMPORTS[target]
        ir = self.g.create(kind, inputs, 1)
        self.g.insertNode(ir)
        val = node.meta.get("val")
        if isinstance(val, (bool, torch.SymBool)):
            ir.output().setType(torch._C.BoolType.get())
        elif isinstance(val, (float, torch.SymFloat)):
            ir.output().setType(torch._C.FloatType.get())
        else:
            ir.output().setType(torch._C.IntType.get())
        if ir.schema() == "(no schema)":
            types = ", ".join(str(i.type()) for i in inputs)
            raise ValueError(f"{where}: no TorchScript overload of {kind} takes ({types})")
        self.env[node] = ir.output()

    def run(self) -> ImportedGraph:
        names = []
        out_spec = None
        for node in self.gm.graph.nodes:
            where = f"FX node {node.name}"
            if node.op == "placeholder":
                v = self.g.addInput(node.name)
                val = node.meta.get("val", node.meta.get("example_value"))
                if self.examples is not None and len(names) < len(self.examples):
                    val = self.examples[len(names)]
                t = _type_of_example(val, where) if val is not None else None
                if t is None and val is not None:
                    raise ValueError(f"{where}: placeholder of unsupported type "
                                     f"{type(val).__name__}")
                v.setType(t or torch._C.TensorType.get())
                self.env[node] = v
                names.append(node.name)
            elif node.op == "get_attr":
                obj = self.gm
                for part in node.target.split("."):
                    obj = getattr(obj, part)
                if not isinstance(obj, torch.Tensor):
                    raise ValueError(f"{where}: get_attr of a {type(obj).__name__}, not a tensor "
                                     "(higher-order ops are not supported)")
                self.env[node] = self.g.insertConstant(obj.detach())
            elif node.op == "call_function":
                self.call(node)
            elif node.op == "output":
                leaves, out_spec = pytree.tree_flatten(node.args[0])
                for leaf in leaves:
                    v = self.value(leaf, None, f"{where} (output)")
                    self.g.registerOutput(v)
            else:
                raise ValueError(f"{where}: {node.op} nodes cannot be imported; trace the graph "
                                 "to ATen level first (make_fx or torch.export)")
        _C.set_scopes(*self.scoped)
        return ImportedGraph(self.g, names, out_spec, self.origins)


def symbolic_inputs(placeholders):
    """{placeholder name: [(dim, SymInt)]} for the placeholders whose `val` has symbolic sizes;
    a SymInt placeholder (a size dynamo passes as an argument) is [(None, SymInt)]."""
    found = {}
    for node in placeholders:
        val = node.meta.get("val", node.meta.get("example_value"))
        if isinstance(val, torch.Tensor):
            dims = [(d, s) for d, s in enumerate(val.shape) if isinstance(s, torch.SymInt)
                    and not isinstance(_static(s), int)]
            if dims:
                found[node.name] = dims
        elif isinstance(val, torch.SymInt) and not isinstance(_static(val), int):
            found[node.name] = [(None, val)]
    return found


def symbolic_dims_report(symbolic):
    """The report's `symbolic_dims`: per input, dim (or "value") -> its symbolic size."""
    return {name: {("value" if d is None else str(d)): str(s) for d, s in dims}
            for name, dims in symbolic.items()}


def _bound(x, default):
    """A range's end as an int; `default` for an infinite one (sympy's oo, torch's int_oo)."""
    if x is None or not getattr(x, "is_number", False) or not getattr(x, "is_Integer", False):
        return default
    return int(x)


def other_sizes(symbolic, range_of):
    """Values of a program's size symbols for the other lowering runs (LoweringOptions::
    example_inputs_at_other_sizes), two sets: each symbol's hint (the size it was traced at)
    plus one (minus one at the top of its range), so that every dynamic dim changes parity, and
    twice the hint plus one (clamped to its range), so that a size computed by rounding a
    fraction of it (ceil(h / 2): 5 at both 9 and 10) changes too. Each set must pass the shape
    environment's guards (what the program was traced assuming: `x.view(-1, 12)` guards
    s1*s2 == 12, a 2x2 pool an even size): where the value above breaks one, the next of a few
    others is taken (h + 2, 2h, 3h, ...), and a symbol no value frees keeps its hint.
    `symbolic`: symbolic_inputs' result; range_of(symbol): its
    torch.utils._sympy.value_ranges.ValueRanges or None."""
    import sympy

    env = next(iter(symbolic.values()))[0][1].node.shape_env
    # (torch 2.14 names the hints of backed symbols backed_var_to_val; var_to_val is deprecated.)
    raw = getattr(env, "backed_var_to_val", None)
    raw = env.var_to_val if raw is None else raw
    hints = {sym: int(h) for sym, h in raw.items()}
    guards = [g.expr for g in getattr(env, "guards", [])]

    def holds(values):
        # Float symbols (torch 2.14's zf*, a float argument's) at their own values.
        at = {sym: sympy.Integer(values[sym]) if sym.is_integer else sympy.sympify(h)
              for sym, h in raw.items()}
        for guard in guards:
            try:
                if guard.xreplace(at) == sympy.false:
                    return False
            except Exception:  # noqa: BLE001 - a guard sympy cannot evaluate is not checked
                continue
        return True

    # Symbols a guard makes equal (torch 2.14 gives two inputs' shared Dim a symbol each, with
    # Eq(s77, s31)) change together.
    group = {sym: sym for sym in hints if sym.is_integer}

    def root(sym):
        while group[sym] != sym:
            sym = group[sym]
        return sym
    for guard in guards:
        if (isinstance(guard, sympy.Eq) and all(a in group for a in guard.args)):
            group[root(guard.args[0])] = root(guard.args[1])
    members = {}
    for sym in group:
        members.setdefault(root(sym), []).append(sym)

    def pick(values, syms, candidates):
        for value in candidates:
            if holds({**values, **{sym: value for sym in syms}}):
                values.update({sym: value for sym in syms})
                return

    near, far = dict(hints), dict(hints)
    for syms in members.values():
        hint = hints[syms[0]]
        lower, upper = 0, 4 * hint + 4  # an unbounded range: the candidates below fit
        for sym in syms:
            vr = range_of(sym)
            lower = max(lower, _bound(vr.lower if vr is not None else None, 0))
            upper = min(upper, _bound(vr.upper if vr is not None else None, upper))

        def within(values, avoid):
            return [v for v in dict.fromkeys(values) if lower <= v <= upper and v not in avoid]
        pick(near, syms, within([hint + 1, hint - 1, hint + 2, hint - 2, 2 * hint, 3 * hint,
                                 hint + 3], [hint]))
        pick(far, syms, within([2 * hint + 1, 2 * hint + 2, 2 * hint, 3 * hint, 4 * hint,
                                hint // 2, hint + 4, upper], [hint, near[syms[0]]]))
    return [near, far]


def example_value(node: torch.fx.Node, generator: torch.Generator, what: str, sizes=None):
    """A value for placeholder `node` from its meta["val"] (the FakeTensors of torch.export and
    make_fx): a tensor of its shape and dtype (floating point and complex random normal drawn
    from `generator`, other dtypes zeros), or the int, float or bool itself; None without a val.
    A symbolic size takes its hint (the size it was traced at) or, with `sizes` ({sympy symbol:
    int}), its expression's value at those.
    Raises ValueError (starting with `what`) for symbolic sizes without a hint and other types."""
    val = node.meta.get("val", node.meta.get("example_value"))
    if val is None:
        return None
    if isinstance(val, torch.SymInt):
        if sizes is not None:
            return int(val.node.expr.xreplace(sizes))
        if _hint(val) is not None:
            return int(_hint(val))
    if isinstance(val, torch.Tensor):
        shape = []
        for s in val.shape:
            if isinstance(s, torch.SymInt):
                if sizes is not None:
                    s = int(s.node.expr.xreplace(sizes))
                elif _hint(s) is not None:
                    s = int(_hint(s))
            if not isinstance(s, int):
                raise ValueError(f"{what}: input {node.name} has a symbolic size ({s}); "
                                 "graph-lower specialises shapes: trace or export with static "
                                 "shapes")
            shape.append(s)
        if val.dtype.is_floating_point or val.dtype.is_complex:
            return torch.randn(shape, dtype=val.dtype, generator=generator)
        return torch.zeros(shape, dtype=val.dtype)
    if isinstance(val, (int, float, bool)):
        return val
    raise ValueError(f"{what}: input {node.name} of type {type(val).__name__} is not supported")


def import_fx(gm: torch.fx.GraphModule, example_inputs=None) -> ImportedGraph:
    """Imports an ATen-level FX GraphModule into a TorchScript graph (see the module docstring).

    Each placeholder's type (Tensor, int, float, bool) comes from `example_inputs` (one value per
    placeholder) when given, else from its meta["val"], else it is a Tensor.
    Raises ValueError naming the FX node that cannot be imported.
    """
    if not isinstance(gm, torch.fx.GraphModule):
        raise ValueError(f"import_fx: expected a torch.fx.GraphModule, got {type(gm).__name__}")
    return _Importer(gm, example_inputs).run()


# Argument types whose values the JIT stores as ints, by their TorchScript name.
_ENUMS = {"ScalarType": lambda code: _dtypes()[code], "Layout": _LAYOUTS.__getitem__,
          "MemoryFormat": _MEMORY_FORMATS.__getitem__}


def _python_value(iv, real_type):
    """An argument for torch.ops from a constant of TorchScript type `real_type`."""
    convert = _ENUMS.get(str(_unwrap_optional(real_type)))
    if convert is not None and isinstance(iv, int) and not isinstance(iv, bool):
        return convert(iv)
    return iv


# What export_fx needs of each schema, by its text: the overload, how many arguments are
# positional, the names of the keyword-only ones (which follow them), and the (position,
# conversion) of the arguments whose enum ints become torch.dtype, layout or memory_format.
_OVERLOADS = {}


def _overload(text, where):
    got = _OVERLOADS.get(text)
    if got is not None:
        return got
    schema = torch._C.parse_schema(text)
    ns, name = schema.name.split("::")
    try:
        op = getattr(getattr(getattr(torch.ops, ns), name), schema.overload_name or "default")
    except (AttributeError, RuntimeError) as err:
        raise ValueError(f"export_fx: IR node {where}: no torch.ops overload: {err}") from err
    positional = sum(not a.kwarg_only for a in schema.arguments)
    keywords = tuple(a.name for a in schema.arguments[positional:])
    converts = tuple((i, _ENUMS[str(_unwrap_optional(a.real_type))])
                     for i, a in enumerate(schema.arguments)
                     if str(_unwrap_optional(a.real_type)) in _ENUMS)
    got = _OVERLOADS[text] = (op, positional, keywords, converts)
    return got


def _val(x):
    """The value an exported FX value stands for: an FX node's meta["val"] (FakeTensor, SymInt,
    ...), lists item by item, constants themselves."""
    if isinstance(x, torch.fx.Node):
        return x.meta.get("val")
    if isinstance(x, list):
        return [_val(e) for e in x]
    if isinstance(x, tuple):
        return tuple(_val(e) for e in x)
    return x


def _static(value):
    """A SymInt/SymFloat/SymBool whose expression is a number, as that Python number."""
    if isinstance(value, (torch.SymInt, torch.SymFloat, torch.SymBool)):
        expr = value.node.expr
        if getattr(expr, "is_number", False) or expr in (True, False):
            if isinstance(value, torch.SymBool):
                return bool(expr)
            return int(expr) if isinstance(value, torch.SymInt) else float(expr)
    return value


def _hint(value):
    """The value a SymInt/SymBool takes at the sizes it was traced at; None when unknown
    (unbacked). (SymNode.require_hint is torch 2.6's; 2.14 has only the shape env's.)"""
    node = value.node
    if getattr(node, "hint", None) is not None:
        return node.hint
    try:
        return node.shape_env.size_hint(node.expr)
    except Exception:  # noqa: BLE001 - unbacked symbols have no hint
        return None


def _decided(value, kind):
    value = _static(value)
    if isinstance(value, (torch.SymInt, torch.SymFloat, torch.SymBool)):
        raise ValueError(f"export_fx: {kind} on a symbolic value ({value}) has no FX form")
    return value


def _range_length(lo, hi, step):
    # aten::__range_length (torch/csrc/jit/runtime/register_prim_ops.cpp): trips of range().
    if step > 0:
        return torch.sym_max(0, (hi - lo + step - 1) // step)
    return torch.sym_max(0, (lo - hi - step - 1) // (-step))


def _derive_index(index, start, step):
    return start + index * step


# TorchScript scalar ops and the Python function computing each on Python or symbolic numbers
# (the form torch.export's graphs call them in).
_GLUE_FUNCTIONS = {
    "aten::add": operator.add, "aten::sub": operator.sub, "aten::mul": operator.mul,
    "aten::floordiv": operator.floordiv, "aten::div": operator.truediv,
    "aten::remainder": operator.mod, "aten::neg": operator.neg, "aten::pow": operator.pow,
    "aten::eq": operator.eq, "aten::ne": operator.ne, "aten::lt": operator.lt,
    "aten::le": operator.le, "aten::gt": operator.gt, "aten::ge": operator.ge,
    "aten::__and__": operator.and_, "aten::__or__": operator.or_, "aten::__not__": torch.sym_not,
    "prim::max": torch.sym_max, "prim::min": torch.sym_min, "aten::Float": torch.sym_float,
    "aten::Int": torch.sym_int, "aten::floor": math.floor, "aten::ceil": math.ceil,
    "aten::Bool": bool,
}
# Metadata queries of a tensor.
_QUERIES = {"aten::size", "aten::stride", "aten::numel", "aten::dim", "prim::dtype", "prim::device",
            "aten::is_floating_point", "aten::is_contiguous", "aten::sym_size", "aten::sym_stride",
            "aten::sym_numel"}
# Core ATen's names of the size queries (passes/core_queries.h rewrites to them), read as the
# TorchScript queries.
_SYM_QUERIES = {"aten::sym_size": "aten::size", "aten::sym_stride": "aten::stride",
                "aten::sym_numel": "aten::numel"}
_GLUE_KINDS = set(_GLUE_FUNCTIONS) | _QUERIES | {
    "aten::len", "aten::__is__", "aten::__isnot__", "aten::__getitem__", "aten::slice",
    "aten::append", "aten::__range_length", "aten::__derive_index"}


# The metadata an exported node takes from the FX node it came from (import_fx records the
# origin as the TorchScript node's scope; the C++ pass gives a decomposition's nodes the scope of
# the node decomposed): what torch.export's own run_decompositions keeps.
_KEPT_META = ("stack_trace", "nn_module_stack", "source_fn_stack", "torch_fn")


def _fake(mode, t):
    """A FakeTensor of `mode` for a graph_table type (sizes, strides, dtype, device), or None
    for a value of another kind or an incomplete type."""
    if t is None or t == "module":
        return None
    sizes, strides, dtype, device = t
    return FakeTensor(mode, torch.empty_strided(sizes, strides, dtype=dtype, device="meta"),
                      device)


class _Exporter:
    """Builds the torch.fx.Graph of export_fx (see there) from _C.graph_table(graph).

    names: the placeholders' names, one per graph input.
    origins: FX node name -> that node's meta (import_fx's ImportedGraph.origins): exported nodes
        whose TorchScript node has such a scope take its _KEPT_META entries.
    fake_mode: when given, every node gets meta["val"]: a FakeTensor of that mode made from the
        TorchScript value's complete type, or (types not complete, lists, scalars) the op run on
        its arguments' vals in the mode.
    placeholder_meta: per graph input, a meta dict the placeholder starts with (None: its val
        from its type, with fake_mode).
    constant: tensor -> FX node reading that constant; the default registers a buffer on the
        root module and reads it with get_attr.
    """

    def __init__(self, graph, names, origins=None, fake_mode=None, placeholder_meta=None,
                 constant=None):
        inputs, self.nodes, self.outputs = _C.graph_table(graph)
        self.fxg = torch.fx.Graph()
        self.root = torch.nn.Module()
        self.env = []  # value number (graph_table's) -> FX value
        self.constants = {}
        self.origins = origins or {}
        self.mode = fake_mode
        self.constant = constant or self.buffer
        self.input_names = [debug for debug, _ in inputs]
        self.asserts = []  # the run-time asserts added for branches on symbolic sizes
        for k, ((debug, t), name) in enumerate(zip(inputs, names)):
            if t == "module":
                raise ValueError(f"export_fx: input {debug} is a module; lower a frozen graph")
            ph = self.fxg.placeholder(name.replace(".", "_") or "input")
            if placeholder_meta is not None and placeholder_meta[k] is not None:
                ph.meta.update(placeholder_meta[k])
            elif fake_mode is not None and t is not None:
                ph.meta["val"] = _fake(fake_mode, t)
            self.env.append(ph)

    def buffer(self, tensor):
        name = f"_tensor_constant{len(self.constants)}"
        self.root.register_buffer(name, tensor)
        return self.fxg.get_attr(name)

    def lift(self, iv):
        """A constant as an FX argument: tensors (also inside lists and tuples, e.g. a folded
        Tensor?[] of indices) become FX nodes (`constant`), once per tensor."""
        if isinstance(iv, torch.Tensor):
            key = id(iv)
            if key not in self.constants:
                node = self.constant(iv)
                if self.mode is not None:
                    # Static: a constant's sizes are not symbols (a new symbol per size would
                    # be solved by the first op that checks it against a known size).
                    node.meta["val"] = self.mode.from_tensor(iv, static_shapes=True)
                self.constants[key] = (node, iv)  # the tensor kept alive: its id stays unique
            return self.constants[key][0]
        if isinstance(iv, list):
            return [self.lift(x) for x in iv]
        if isinstance(iv, tuple):
            return tuple(self.lift(x) for x in iv)
        return iv

    def fake_run(self, op, args, kwargs):
        """op run on its arguments' vals in the fake mode, with the Python dispatcher (the
        symbolic-size forms of CompositeImplicitAutograd kernels, as torch.export traces them:
        upsample_nearest2d.vec's C++ kernel would specialise every symbol); None when that
        fails. A run that would specialise a symbolic size (a guard solved to a value) raises
        ValueError naming the op and the symbol, and the shape environment is left as before."""
        from torch._dispatch.python import enable_python_dispatcher

        env = getattr(self.mode, "shape_env", None)
        before = None
        if env is not None:
            before = (dict(env.replacements), dict(env.var_to_range), len(env.guards))
        try:
            fargs, fkwargs = torch.fx.node.map_arg((args, kwargs), lambda n: n.meta["val"])
            with self.mode, enable_python_dispatcher():
                got = op(*fargs, **fkwargs)
        except Exception:  # noqa: BLE001 - the node is left without a val
            got = None
        if env is not None and len(env.replacements) != len(before[0]):
            fixed = {str(k): str(v) for k, v in env.replacements.items() if k not in before[0]}
            env.replacements.clear()
            env.replacements.update(before[0])
            env.var_to_range.clear()
            env.var_to_range.update(before[1])
            del env.guards[before[2]:]
            raise ValueError(f"export_fx: {op} would specialise symbolic sizes "
                             f"({', '.join(f'{k} = {v}' for k, v in fixed.items())}); "
                             "its fake kernel does not support them")
        return got

    def data_read_val(self, op, args, origin):
        """The val of aten._local_scalar_dense (a tensor's one value read into a scalar): the
        unbacked symbol of the FX node the read came from when it is a read of the same kind
        (SymInt of an integer tensor, SymFloat of a floating one, SymBool of a bool one), so the
        ranges torch.export recorded for it (torch._check, _check_is_size) still hold for the
        sizes computed from it; None otherwise (fake_run then makes a new one)."""
        if op is not torch.ops.aten._local_scalar_dense.default or origin is None:
            return None
        val, source = origin.get("val"), args[0].meta.get("val")
        if not isinstance(source, torch.Tensor):
            return None
        if source.dtype == torch.bool:
            kind = torch.SymBool
        elif source.dtype.is_floating_point:
            kind = torch.SymFloat
        elif source.dtype.is_complex:
            return None
        else:
            kind = torch.SymInt
        return val if isinstance(val, kind) else None

    def view_of_copy(self, call):
        """An aten.view the symbolic strides do not allow (a graph traced by AOTAutograd views a
        tensor that eager lays out contiguously, and a decomposition gave it other strides,
        which the lowering restrides only where sizes are known): the view of a contiguous copy,
        the same values. Returns the view's val, or None."""
        source = call.args[0]
        if not isinstance(source, torch.fx.Node) or source.meta.get("val") is None:
            return None
        with self.fxg.inserting_before(call):
            copy = self.fxg.call_function(torch.ops.aten.clone.default, (source,),
                                          {"memory_format": torch.contiguous_format})
        copy.meta.update({k: v for k, v in call.meta.items() if k in _KEPT_META})
        copy.meta["val"] = self.fake_run(torch.ops.aten.clone.default, copy.args, copy.kwargs)
        call.args = (copy,) + tuple(call.args[1:])
        return self.fake_run(call.target, call.args, call.kwargs)

    def keep_meta(self, node, meta):
        for key in _KEPT_META:
            if key in meta:
                node.meta[key] = meta[key]

    def call(self, kind, schema, ins, outs, scope):
        env = self.env
        op, positional, keywords, converts = _overload(schema, kind)
        if op is torch.ops.aten.item.default:
            # The same read of a one-element tensor, in core ATen.
            op = torch.ops.aten._local_scalar_dense.default
        values = [env[i] for i in ins]
        for i, convert in converts:
            x = values[i]
            if isinstance(x, int) and not isinstance(x, bool):
                values[i] = convert(x)
        args = tuple(values[:positional])
        kwargs = dict(zip(keywords, values[positional:])) if keywords else {}
        # Named by the overload packet ("addmm", "addmm_1"), as make_fx and torch.export name.
        call = self.fxg.create_node("call_function", op, args, kwargs, name=op._opname)
        meta = self.origins.get(scope) if scope is not None else None
        if meta is not None:
            self.keep_meta(call, meta)
        vals = None
        if self.mode is not None:
            vals = [_fake(self.mode, t) for t, _ in outs]
            read = self.data_read_val(op, call.args, meta)
            if read is not None:
                vals = [read]
            elif any(v is None for v in vals):  # (`None in vals` compares tensors with ==)
                got = self.fake_run(op, call.args, call.kwargs)
                if got is None and op is torch.ops.aten.view.default:
                    got = self.view_of_copy(call)
                vals = None if got is None else [got] if len(outs) == 1 else list(got)
            if vals is not None:
                call.meta["val"] = vals[0] if len(outs) == 1 else tuple(vals)
        if len(outs) == 1:
            env.append(call)
            return
        for i, (_, used) in enumerate(outs):
            if not used:
                env.append(None)
                continue
            item = self.fxg.call_function(operator.getitem, (call, i))
            if meta is not None:
                self.keep_meta(item, meta)
            if vals is not None:
                item.meta["val"] = vals[i]
            env.append(item)

    def unpack(self, src, outs, scope):
        val = src.meta.get("val") if isinstance(src, torch.fx.Node) else None
        meta = self.origins.get(scope) if scope is not None else None
        for i, (t, used) in enumerate(outs):
            if isinstance(src, (list, tuple)):
                self.env.append(src[i])
                continue
            if not used:
                self.env.append(None)
                continue
            item = self.fxg.call_function(operator.getitem, (src, i))
            if meta is not None:
                self.keep_meta(item, meta)
            if self.mode is not None:
                fake = _fake(self.mode, t)
                if fake is None and isinstance(val, (list, tuple)):
                    fake = val[i]
                if fake is not None:
                    item.meta["val"] = fake
            self.env.append(item)

    def run(self):
        """Emits every node; returns the FX values of the graph's outputs."""
        self.emit(self.nodes)
        return [self.env[i] for i in self.outputs]

    def emit(self, nodes):
        env = self.env
        for kind, schema, ins, outs, scope, constant, blocks in nodes:
            if blocks is not None:
                self.control(kind, ins, outs, blocks)
            elif kind == "prim::Constant":
                env.append(self.lift(constant))
            elif kind == "prim::ListConstruct":
                env.append([env[i] for i in ins])
            elif kind == "prim::TupleConstruct":
                env.append(tuple(env[i] for i in ins))
            elif kind == "prim::unchecked_cast":
                # A type refinement (Optional[Tensor] -> Tensor); FX values are untyped.
                env.append(env[ins[0]])
            elif kind in ("prim::ListUnpack", "prim::TupleUnpack"):
                self.unpack(env[ins[0]], outs, scope)
            elif kind in _GLUE_KINDS and self.mode is not None and self.is_glue(kind, schema):
                env.append(self.glue(kind, [env[i] for i in ins]))
            elif schema is None:
                raise ValueError(f"export_fx: IR node {kind} has no FX form (control flow, "
                                 "module attributes and ops without a schema are not exported)")
            else:
                self.call(kind, schema, ins, outs, scope)

    def skip(self, nodes):
        """Numbers the values of `nodes` (a branch not taken) without emitting them."""
        for _, _, _, outs, _, _, blocks in nodes:
            for inputs, sub, _ in blocks or ():
                self.env.extend([None] * len(inputs))
                self.skip(sub)
            self.env.extend([None] * len(outs))

    def is_glue(self, kind, schema):
        """Whether the node computes a scalar or list of the program's shapes: a query of a
        tensor's metadata, or an op of its schema's that takes no tensor (aten::add.int)."""
        if kind in _QUERIES:
            return True
        return schema is not None and "Tensor" not in schema.split("->")[0]

    def glue(self, kind, args):
        """The Python value (int, SymInt, list, ...) a glue node computes from `args`, its
        inputs' FX values; a symbolic result is an FX node (aten.sym_size.int, operator.mul,
        ...) computing it, with it as meta["val"], as torch.export's graphs have them."""
        vals = [_val(a) for a in args]
        kind = _SYM_QUERIES.get(kind, kind)
        if kind == "aten::size":
            if len(args) == 1:
                return [self.symbolic(torch.ops.aten.sym_size.int, (args[0], d), v)
                        for d, v in enumerate(vals[0].shape)]
            return self.symbolic(torch.ops.aten.sym_size.int, tuple(args), vals[0].size(vals[1]))
        if kind == "aten::stride":
            if len(args) == 1:
                return [self.symbolic(torch.ops.aten.sym_stride.int, (args[0], d), v)
                        for d, v in enumerate(vals[0].stride())]
            return self.symbolic(torch.ops.aten.sym_stride.int, tuple(args),
                                 vals[0].stride(vals[1]))
        if kind == "aten::numel":
            return self.symbolic(torch.ops.aten.sym_numel.default, (args[0],), vals[0].numel())
        if kind == "aten::dim":
            return vals[0].dim()
        if kind == "aten::len":
            if isinstance(vals[0], torch.Tensor):
                return self.symbolic(torch.ops.aten.sym_size.int, (args[0], 0), vals[0].size(0))
            return len(args[0])
        if kind == "prim::dtype":
            return _dtype_code(vals[0].dtype)
        if kind == "prim::device":
            return vals[0].device
        if kind == "aten::is_floating_point":
            return vals[0].is_floating_point()
        if kind == "aten::is_contiguous":
            memory_format = torch.contiguous_format
            if len(vals) > 1:
                memory_format = _MEMORY_FORMATS[vals[1]]
            return _decided(vals[0].is_contiguous(memory_format=memory_format), kind)
        if kind in ("aten::__is__", "aten::__isnot__"):
            same = vals[0] is None and vals[1] is None
            if (vals[0] is None) != (vals[1] is None):
                same = False
            elif vals[0] is not None:
                same = args[0] is args[1]
            return same if kind == "aten::__is__" else not same
        if kind == "aten::__getitem__":
            return args[0][_decided(vals[1], kind)]
        if kind == "aten::slice":
            items = args[0]
            start, end, step = (_decided(v, kind) for v in vals[1:4])
            return list(items[start:end:step])
        if kind == "aten::append":
            args[0].append(args[1])
            return args[0]
        if kind == "aten::__range_length":
            lo, hi, step = vals
            return self.symbolic(_range_length, tuple(args), _range_length(lo, hi, step))
        if kind == "aten::__derive_index":
            index, start, step = vals
            return self.symbolic(_derive_index, tuple(args), start + index * step)
        fn = _GLUE_FUNCTIONS[kind]
        if any(isinstance(a, (list, tuple)) for a in args):
            return fn(*args)  # list concatenation or comparison, item by item
        return self.symbolic(fn, tuple(args), fn(*vals))

    def symbolic(self, fn, args, value):
        """`value` itself when it is static; else an FX node calling fn(*args), valued."""
        value = _static(value)
        if not isinstance(value, (torch.SymInt, torch.SymFloat, torch.SymBool)):
            return value
        node = self.fxg.call_function(fn, args)
        node.meta["val"] = value
        return node

    def loop(self, ins, blocks):
        """prim::Loop whose trip count and conditions are static: its body emitted once per
        trip (the graph unrolled). A symbolic trip count or condition: ValueError."""
        env = self.env
        trips = _decided(_val(env[ins[0]]), "prim::Loop's trip count")
        go = _decided(_val(env[ins[1]]), "prim::Loop's condition")
        carried = [env[i] for i in ins[2:]]
        inputs, nodes, outputs = blocks[0]
        start = len(env)
        i = 0
        while go and i < trips:
            del env[start:]
            env.append(i)
            env.extend(carried)
            self.emit(nodes)
            go = _decided(_val(env[outputs[0]]), "prim::Loop's condition")
            carried = [env[o] for o in outputs[1:]]
            i += 1
        del env[start:]
        env.extend([None] * len(inputs))
        self.skip(nodes)
        env.extend(carried)

    def control(self, kind, ins, outs, blocks):
        """prim::If whose condition the program's shapes decide: its branch is inlined. A
        condition on symbolic sizes that their ranges decide (statically_known_true) needs
        nothing more; one they do not decide takes the branch of the sizes the program was
        lowered on and is asserted at run time (aten._assert_scalar, as torch.export keeps its
        guards). A prim::Loop is unrolled (loop)."""
        if kind == "prim::Loop":
            self.loop(ins, blocks)
            return
        if kind != "prim::If":
            raise ValueError(f"export_fx: IR node {kind} with blocks has no FX form")
        cond = self.env[ins[0]]
        value = _static(_val(cond))
        raising = [k for k, (_, nodes, _) in enumerate(blocks)
                   if [n[0] for n in nodes if n[0] != "prim::Constant"] == ["prim::RaiseException"]]
        if isinstance(value, torch.SymBool) and len(raising) == 1 and not outs:
            # An assert (a scripted one, or an imported aten._assert_scalar): kept as
            # aten._assert_scalar of the condition under which the other branch is taken.
            ok = 1 - raising[0]
            nodes = blocks[raising[0]][1]
            raise_ins = [n[2] for n in nodes if n[0] == "prim::RaiseException"][0]
            message = self.env[raise_ins[0]] if raise_ins[0] < len(self.env) else None
            check = cond if ok == 0 else self.symbolic(torch.sym_not, (cond,),
                                                       torch.sym_not(value))
            self.fxg.call_function(torch.ops.aten._assert_scalar.default,
                                   (check, message if isinstance(message, str) else
                                    f"assertion {value} failed"))
            value = ok == 0
        elif isinstance(value, torch.SymBool):
            from torch.fx.experimental.symbolic_shapes import statically_known_true
            if statically_known_true(value):
                value = True
            elif statically_known_true(torch.sym_not(value)):
                value = False
            else:
                hint = _hint(value)
                if hint is None:
                    raise ValueError(f"export_fx: a branch on {value}, which neither the ranges "
                                     "of its symbols nor their traced sizes decide")
                hint = bool(hint)
                check = cond if hint else self.symbolic(torch.sym_not, (cond,),
                                                        torch.sym_not(value))
                message = f"graph-lower lowered for {value} being {hint}"
                self.fxg.call_function(torch.ops.aten._assert_scalar.default, (check, message))
                self.asserts.append(f"{value} == {hint}")
                value = hint
        if not isinstance(value, bool):
            raise ValueError(f"export_fx: prim::If on a value that is not a bool ({value!r})")
        taken = 0 if value else 1
        for k, (inputs, nodes, _) in enumerate(blocks):
            self.env.extend([None] * len(inputs))
            if k == taken:
                self.emit(nodes)
            else:
                self.skip(nodes)
        for o in blocks[taken][2]:
            self.env.append(self.env[o])

    def output(self, results, mutated_inputs, mutations, out_spec):
        """Adds the output node: `results` (run's) with the new values of `mutated_inputs`
        written back (`mutations="copy_"`) or returned first (`"return"`); see export_fx."""
        fxg = self.fxg
        mutated_inputs = list(mutated_inputs)
        if mutations not in ("copy_", "return"):
            raise ValueError(f"export_fx: mutations must be 'copy_' or 'return', not "
                             f"{mutations!r}")
        if mutated_inputs:
            if len(results) == 1 and isinstance(results[0], tuple):
                results = list(results[0])  # (output, new_x, ...) for a single output
            n = len(results) - len(mutated_inputs)
            results, new_values = results[:n], results[n:]
            by_name = dict(zip(self.input_names, self.env))
            missing = [m for m in mutated_inputs if m not in by_name]
            if missing or n < 0:
                raise ValueError(f"export_fx: mutated inputs {missing or mutated_inputs} do not "
                                 "match the graph's inputs and outputs")
            if mutations == "return":
                fxg.output(tuple(new_values) + tuple(results))
                return
            for name, value in zip(mutated_inputs, new_values):
                fxg.call_function(torch.ops.aten.copy_.default, (by_name[name], value))
        if out_spec is not None:
            result = pytree.tree_unflatten(results, out_spec)
        else:
            result = results[0] if len(results) == 1 else tuple(results)
        fxg.output(result)


def export_fx(graph: torch._C.Graph, out_spec=None, input_names=None, mutated_inputs=(),
              mutations="copy_", origins=None, fake_mode=None) -> torch.fx.GraphModule:
    """A torch.fx.GraphModule of torch.ops calls computing what `graph` computes.

    graph: a TorchScript graph without a module input (lowered by graph_lower.lower_graph or
        imported by import_fx); its inputs become placeholders (named by `input_names`, or by
        the inputs' debug names).
    out_spec: the pytree spec of the output (ImportedGraph.out_spec); None returns the single
        output, or a tuple of them.
    mutated_inputs: names of the inputs the graph writes (a lowering report's mutated_inputs):
        their new values follow the outputs (docs/semantics.md). `mutations="copy_"` writes them
        back into the inputs with aten.copy_ before returning (as AOTAutograd's epilogue), so
        the module behaves as the original; `"return"` returns them first, then the outputs,
        flat (torch.export's BUFFER_MUTATION / USER_INPUT_MUTATION outputs).
    origins: ImportedGraph.origins of the graph `graph` was lowered from: each node keeps the
        stack_trace, nn_module_stack, source_fn_stack and torch_fn of the FX node it came from.
    fake_mode: a FakeTensorMode: every node gets meta["val"] in it (placeholders too, from
        their TorchScript types, when complete).
    Raises ValueError naming the first IR node that has no FX form (control flow, module
    attributes, ops without a schema).
    """
    if not isinstance(graph, torch._C.Graph):
        raise ValueError(f"export_fx: expected a torch._C.Graph, got {type(graph).__name__}")
    names = list(input_names) if input_names is not None else [
        i.debugName().split(".")[0] for i in graph.inputs()]
    exporter = _Exporter(graph, names, origins, fake_mode)
    exporter.output(exporter.run(), mutated_inputs, mutations, out_spec)
    exporter.fxg.eliminate_dead_code()
    return torch.fx.GraphModule(exporter.root, exporter.fxg)


def _op_key(op):
    s = op._schema
    return s.name + (f".{s.overload_name}" if s.overload_name else "")


def _has_symbolic_size(value):
    if isinstance(value, torch.Tensor):
        return any(not isinstance(_static(d), int) for d in value.shape)
    if isinstance(value, (list, tuple)):
        return any(_has_symbolic_size(v) for v in value)
    return isinstance(value, torch.SymInt) and not isinstance(_static(value), int)


def _implied(decided):
    # ShapeEnv._maybe_evaluate_static: sympy.true when the ranges imply the guard, else None or
    # sympy.false.
    return decided is not None and bool(decided)


@contextlib.contextmanager
def _shape_env_kept(env, what):
    """Runs the body; if it specialised a symbol (a replacement) or added a guard the symbols'
    ranges do not imply, the shape environment is restored and ValueError names `what`."""
    if env is None:
        yield
        return
    before = (dict(env.replacements), dict(env.var_to_range), len(env.guards))
    try:
        yield
        added = [g.expr for g in env.guards[before[2]:]]
        undecided = [e for e in added if not _implied(env._maybe_evaluate_static(e))]
        if len(env.replacements) != len(before[0]) or undecided:
            fixed = [f"{k} = {v}" for k, v in env.replacements.items() if k not in before[0]]
            raise ValueError(f"{what} would specialise or guard symbolic sizes "
                             f"({', '.join(fixed + [str(e) for e in undecided])})")
    except BaseException:
        env.replacements.clear()
        env.replacements.update(before[0])
        env.var_to_range.clear()
        env.var_to_range.update(before[1])
        del env.guards[before[2]:]
        raise


def _trace_cia(node, mode):
    """make_fx's graph of `node`'s CompositeImplicitAutograd kernel run on its inputs' fake values
    (symbolic sizes kept as aten.sym_size.int and SymInt arithmetic, as torch.export traces
    them), with the Python dispatcher (the kernels' symbolic forms, torch/_decomp). Raises when
    the kernel cannot run on them or would specialise a symbol."""
    from torch._dispatch.python import enable_python_dispatcher
    from torch.fx.experimental.proxy_tensor import make_fx

    op = node.target
    flat, spec = pytree.tree_flatten((node.args, node.kwargs))
    at = [i for i, a in enumerate(flat) if isinstance(a, torch.fx.Node)]

    def run(*xs):
        vals = list(flat)
        for i, x in zip(at, xs):
            vals[i] = x
        args, kwargs = pytree.tree_unflatten(vals, spec)
        return op.decompose(*args, **kwargs)

    fakes = [flat[i].meta["val"] for i in at]
    with _shape_env_kept(getattr(mode, "shape_env", None), str(op)):
        with mode, enable_python_dispatcher():
            sub = make_fx(run, tracing_mode="real")(*fakes)
    if any(n.op == "get_attr" for n in sub.graph.nodes):
        raise ValueError(f"{op}: its kernel makes tensor constants")
    return sub, [flat[i] for i in at]


def decompose_symbolic_cia(gm, names, mode):
    """A copy of `gm` whose calls of the CompositeImplicitAutograd overloads in `names`
    ("aten::pad") with symbolic sizes are replaced by their kernel traced on the symbols
    (_trace_cia), or None when none could be. Returns (GraphModule, {name: reason not
    decomposed}) with the names it decomposed in `decomposed`."""
    graph = torch.fx.Graph()
    env = {}
    graph.output(graph.graph_copy(gm.graph, env))
    decomposed, failed = set(), {}
    for node in list(graph.nodes):
        op = node.target
        if node.op != "call_function" or not isinstance(op, torch._ops.OpOverload):
            continue
        name = _op_key(op)
        if name not in names or not torch._C._dispatch_has_kernel_for_dispatch_key(
                op.name(), "CompositeImplicitAutograd"):
            continue
        inputs = [_val(a) for a in pytree.tree_leaves((node.args, node.kwargs))]
        if not (_has_symbolic_size(node.meta.get("val")) or _has_symbolic_size(inputs)):
            continue
        try:
            sub, inputs = _trace_cia(node, mode)
        except Exception as e:  # noqa: BLE001 - the node is left for the report
            failed[name] = f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"
            continue
        mapping = dict(zip([n for n in sub.graph.nodes if n.op == "placeholder"], inputs))
        result = None
        with graph.inserting_before(node):
            for n in sub.graph.nodes:
                if n.op == "placeholder":
                    continue
                if n.op == "output":
                    result = torch.fx.node.map_arg(n.args[0], lambda x: mapping[x])
                    continue
                copy = graph.node_copy(n, lambda x: mapping[x])
                for key in _KEPT_META:
                    if key in node.meta:
                        copy.meta[key] = node.meta[key]
                mapping[n] = copy
        if isinstance(result, (list, tuple)):
            for user in list(node.users):
                if user.target is not operator.getitem:
                    raise ValueError(f"{node.name}: a multi-output call used by {user.name}")
                user.replace_all_uses_with(result[user.args[1]])
                graph.erase_node(user)
        else:
            node.replace_all_uses_with(result)
        graph.erase_node(node)
        decomposed.add(name)
    if not decomposed:
        return None, failed
    out = torch.fx.GraphModule(gm, graph)
    out.decomposed = decomposed
    return out, failed
