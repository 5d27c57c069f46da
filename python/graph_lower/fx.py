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

Errors (ValueError, naming the FX node or the IR node): symbolic shapes (SymInt placeholders or
arguments), `call_module`/`call_method` nodes or Python callables (the graph is not at ATen level;
trace it with make_fx first), higher-order ops, control flow (`prim::If`, `prim::Loop`) on export.
"""

import dataclasses
import operator
from typing import Any, List

import torch
import torch.fx
import torch.utils._pytree as pytree

__all__ = ["ImportedGraph", "import_fx", "export_fx"]


@dataclasses.dataclass
class ImportedGraph:
    """The result of import_fx.

    graph: the TorchScript graph; one input per FX placeholder, in order.
    input_names: the FX placeholders' names.
    out_spec: the pytree spec of the FX output (pytree.tree_unflatten(outputs, out_spec) rebuilds
        it from the graph's outputs).
    """

    graph: torch._C.Graph
    input_names: List[str]
    out_spec: Any


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


class _Importer:
    def __init__(self, gm: torch.fx.GraphModule, example_inputs=None):
        self.gm = gm
        self.examples = list(example_inputs) if example_inputs is not None else None
        self.g = torch._C.Graph()
        self.env = {}
        self.unpacked = {}  # fx node of a Tensor[] result -> its prim::ListUnpack outputs

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
        if not isinstance(target, torch._ops.OpOverload):
            raise ValueError(f"{where}: only torch.ops overloads can be imported; trace the "
                             "graph to ATen level first (torch.fx.experimental.proxy_tensor."
                             "make_fx or torch.export)")
        schema = target._schema
        values = []
        for i, arg in enumerate(schema.arguments):
            if not arg.kwarg_only and i < len(node.args):
                x = node.args[i]
            elif arg.name in node.kwargs:
                x = node.kwargs[arg.name]
            elif arg.has_default_value():
                x = arg.default_value
            else:
                raise ValueError(f"{where}: no value for argument '{arg.name}'")
            values.append(x)
        names = [a.name for a in schema.arguments]
        if schema.name in ("aten::full", "aten::scalar_tensor") and "dtype" in names:
            # These infer their dtype from the fill value; a bool one is passed as an int.
            fill = values[1] if schema.name == "aten::full" else values[0]
            if isinstance(fill, bool) and values[names.index("dtype")] is None:
                values[names.index("dtype")] = torch.bool
        inputs = []
        for arg, x in zip(schema.arguments, values):
            inputs.append(self.value(x, arg.type, f"{where} argument '{arg.name}'"))
        extra = set(node.kwargs) - {a.name for a in schema.arguments}
        if extra or len(node.args) > len(schema.arguments):
            raise ValueError(f"{where}: arguments the schema does not have: "
                             f"{sorted(extra) or node.args[len(schema.arguments):]}")
        ir = self.g.create(schema.name, inputs, len(schema.returns))
        self.g.insertNode(ir)
        for out, ret in zip(ir.outputs(), schema.returns):
            out.setType(ret.type)
        got = ir.schema()
        if got == "(no schema)":
            types = ", ".join(str(i.type()) for i in inputs)
            raise ValueError(f"{where}: no TorchScript overload of {schema.name} takes ({types}); "
                             f"expected '{schema}'")
        if got != str(schema):
            raise ValueError(f"{where}: the TorchScript node resolves to '{got}', not to "
                             f"'{schema}'")
        outs = list(ir.outputs())
        self.env[node] = outs[0] if len(outs) == 1 else outs

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
        return ImportedGraph(self.g, names, out_spec)


def example_value(node: torch.fx.Node, generator: torch.Generator, what: str):
    """A value for placeholder `node` from its meta["val"] (the FakeTensors of torch.export and
    make_fx): a tensor of its shape and dtype (floating point and complex random normal drawn
    from `generator`, other dtypes zeros), or the int, float or bool itself; None without a val.
    Raises ValueError (starting with `what`) for symbolic sizes and other types."""
    val = node.meta.get("val")
    if val is None:
        return None
    if isinstance(val, torch.Tensor):
        shape = []
        for s in val.shape:
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


def _python_value(iv, real_type):
    """An argument for torch.ops from a constant of TorchScript type `real_type`."""
    t = str(_unwrap_optional(real_type))
    if isinstance(iv, int) and not isinstance(iv, bool):
        if t == "ScalarType":
            return _dtypes()[iv]
        if t == "Layout":
            return _LAYOUTS[iv]
        if t == "MemoryFormat":
            return _MEMORY_FORMATS[iv]
    return iv


def export_fx(graph: torch._C.Graph, out_spec=None, input_names=None, mutated_inputs=(),
              mutations="copy_") -> torch.fx.GraphModule:
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
    Raises ValueError naming the first IR node that has no FX form (control flow, module
    attributes, ops without a schema).
    """
    if not isinstance(graph, torch._C.Graph):
        raise ValueError(f"export_fx: expected a torch._C.Graph, got {type(graph).__name__}")
    fxg = torch.fx.Graph()
    root = torch.nn.Module()
    env = {}
    constants = {}
    inputs = list(graph.inputs())
    names = list(input_names) if input_names is not None else [
        i.debugName().split(".")[0] for i in inputs]
    for v, name in zip(inputs, names):
        if isinstance(v.type(), torch._C.ClassType):
            raise ValueError(f"export_fx: input {v.debugName()} is a module; lower a frozen graph")
        env[v.unique()] = fxg.placeholder(name.replace(".", "_") or "input")

    def arg(v):
        return env[v.unique()]

    def lift(iv):
        """A constant as an FX argument: tensors (also inside lists and tuples, e.g. a folded
        Tensor?[] of indices) become buffers read with get_attr."""
        if isinstance(iv, torch.Tensor):
            key = id(iv)
            if key not in constants:
                name = f"_tensor_constant{len(constants)}"
                root.register_buffer(name, iv)
                constants[key] = (name, iv)  # the tensor kept alive: its id stays unique
            return fxg.get_attr(constants[key][0])
        if isinstance(iv, list):
            return [lift(x) for x in iv]
        if isinstance(iv, tuple):
            return tuple(lift(x) for x in iv)
        return iv

    for node in graph.nodes():
        kind = node.kind()
        outs = list(node.outputs())
        where = f"IR node {kind}" + (f" (%{outs[0].debugName()})" if outs else "")
        if kind == "prim::Constant":
            env[node.output().unique()] = lift(node.output().toIValue())
        elif kind == "prim::ListConstruct":
            env[node.output().unique()] = [arg(i) for i in node.inputs()]
        elif kind == "prim::TupleConstruct":
            env[node.output().unique()] = tuple(arg(i) for i in node.inputs())
        elif kind == "prim::unchecked_cast":
            # A type refinement (Optional[Tensor] -> Tensor); FX values are untyped.
            env[node.output().unique()] = arg(node.input())
        elif kind in ("prim::ListUnpack", "prim::TupleUnpack"):
            src = arg(node.input())
            for i, out in enumerate(node.outputs()):
                env[out.unique()] = (src[i] if isinstance(src, (list, tuple))
                                     else fxg.call_function(operator.getitem, (src, i)))
        else:
            text = node.schema()
            if text == "(no schema)":
                raise ValueError(f"export_fx: {where} has no FX form (control flow, module "
                                 "attributes and ops without a schema are not exported)")
            schema = torch._C.parse_schema(text)
            ns, name = schema.name.split("::")
            try:
                packet = getattr(getattr(torch.ops, ns), name)
                op = getattr(packet, schema.overload_name or "default")
            except (AttributeError, RuntimeError) as err:
                raise ValueError(f"export_fx: {where}: no torch.ops overload: {err}") from err
            args, kwargs = [], {}
            for a, v in zip(schema.arguments, node.inputs()):
                x = arg(v)
                x = _python_value(x, a.real_type)
                if a.kwarg_only:
                    kwargs[a.name] = x
                else:
                    args.append(x)
            call = fxg.call_function(op, tuple(args), kwargs)
            outs = list(node.outputs())
            if len(outs) == 1:
                env[outs[0].unique()] = call
            else:
                for i, out in enumerate(outs):
                    env[out.unique()] = fxg.call_function(operator.getitem, (call, i))
    results = [arg(v) for v in graph.outputs()]
    mutated_inputs = list(mutated_inputs)
    if mutated_inputs:
        if len(results) == 1 and isinstance(results[0], tuple):
            results = list(results[0])  # (output, new_x, ...) for a single output
        n = len(results) - len(mutated_inputs)
        results, new_values = results[:n], results[n:]
        by_name = {i.debugName(): env[i.unique()] for i in inputs}
        missing = [m for m in mutated_inputs if m not in by_name]
        if missing or n < 0:
            raise ValueError(f"export_fx: mutated inputs {missing or mutated_inputs} do not "
                             "match the graph's inputs and outputs")
        if mutations == "copy_":
            for name, value in zip(mutated_inputs, new_values):
                fxg.call_function(torch.ops.aten.copy_.default, (by_name[name], value))
        elif mutations == "return":
            fxg.output(tuple(new_values) + tuple(results))
            gm = torch.fx.GraphModule(root, fxg)
            gm.graph.eliminate_dead_code()
            gm.recompile()
            return gm
        else:
            raise ValueError(f"export_fx: mutations must be 'copy_' or 'return', not "
                             f"{mutations!r}")
    if out_spec is not None:
        result = pytree.tree_unflatten(results, out_spec)
    else:
        result = results[0] if len(results) == 1 else tuple(results)
    fxg.output(result)
    gm = torch.fx.GraphModule(root, fxg)
    gm.graph.eliminate_dead_code()
    gm.recompile()
    return gm
