"""Reads the TorchScript decompositions of decomps/library/**/*.py, and checks them without a
build.

    python3 tools/library_entries.py decomps/library/special/gamma.py [...]

For each overload in the DECOMPOSITIONS table of the files (tools/embed_library.py reads them
as the build does; a file outside decomps/library may call the library's helpers): compiles its
source with TorchScript, checks that the function takes as many parameters as the overload's
schema has arguments, and lists every aten op the function calls that is neither core ATen
(torch.Tag.core) nor decomposed further (an entry of some library file, or a
CompositeImplicitAutograd kernel). Exit status 1 if an entry fails a check.
The sweep (tests/opinfo/sweep.py --extra-library FILE.py) runs entries the same way before they
are built into the library.
"""

import glob
import os
import re
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(REPO, "tools"))
import embed_library  # noqa: E402

LIBRARY = os.path.join(REPO, "decomps", "library")


def _library_files():
    return sorted(glob.glob(os.path.join(LIBRARY, "**", "*.py"), recursive=True))


def _resolve(source):
    """`source` with Reduction.NONE/MEAN/SUM as the running torch's values, as the C++ loader
    resolves them (decomps/library/library.cc); torch.float32 and the like resolve in Python."""
    from torch.nn import _reduction

    for name in ("NONE", "MEAN", "SUM"):
        source = source.replace(f"Reduction.{name}", str(_reduction.get_enum(name.lower())))
    return source


def parse(path):
    """[(overload, function, source)] of the overloads one library file decomposes."""
    path = os.path.abspath(path)
    paths = _library_files()
    if path not in paths:
        paths.append(path)
    functions, table = embed_library.read_library(paths)
    return [(op, fn, _resolve(text) + "\n")
            for op, fn, file, text in embed_library.entry_sources(functions, table)
            if file == path]


def library_ops():
    """Overloads with an entry in any library file."""
    return set(embed_library.read_library(_library_files())[1])


def _overload(qualname):
    import torch

    name = qualname.split("::", 1)[1]
    packet, _, overload = name.partition(".")
    return getattr(getattr(torch.ops.aten, packet), overload or "default")


_ATEN_NAMESPACE = None


def _aten_namespace():
    """`torch` as graph-lower's C++ compiler sees it in library sources: torch.X is aten::X."""
    global _ATEN_NAMESPACE
    if _ATEN_NAMESPACE is None:
        import types

        import torch

        ns = types.ModuleType("torch")
        for name in dir(torch):
            if not name.startswith("__"):
                setattr(ns, name, getattr(torch, name))
        for schema in torch._C._jit_get_all_schemas():
            if schema.name.startswith("aten::"):
                op = schema.name.split("::", 1)[1]
                try:
                    setattr(ns, op, getattr(torch.ops.aten, op))
                except (AttributeError, RuntimeError):
                    pass
        _ATEN_NAMESPACE = ns
    return _ATEN_NAMESPACE


def compile_entry(source, function):
    """The scripted function `function` of a library source, compiled as the C++ library is
    (torch.X resolves to aten::X)."""
    from typing import List, Optional, Tuple  # noqa: F401  (resolved from this frame)

    import torch

    torch = _aten_namespace()  # noqa: F841  (resolved from this frame by the compiler)
    import torch as _torch

    cu = _torch.jit.CompilationUnit(source, _frames_up=0)
    return getattr(cu, function)


def check(entries, known):
    """Problems of the entries, as strings."""
    import torch

    problems = []
    for op, function, source in entries:
        try:
            overload = _overload(op)
        except AttributeError:
            problems.append(f"{op}: no such overload")
            continue
        try:
            fn = compile_entry(source, function)
        except Exception as err:  # noqa: BLE001
            problems.append(f"{op}: does not compile: {str(err).strip()[:600]}")
            continue
        n_schema = len(overload._schema.arguments)
        n_fn = len(list(fn.graph.inputs()))
        if n_schema != n_fn:
            problems.append(f"{op}: {function} takes {n_fn} parameters, the schema has {n_schema}")
        graph = fn.graph.copy()
        torch._C._jit_pass_inline(graph)
        called = set()

        def walk(block):
            for node in block.nodes():
                for b in node.blocks():
                    walk(b)
                if node.kind().startswith("aten::"):
                    m = re.match(r"aten::([A-Za-z0-9_]+)(?:\.([A-Za-z0-9_]+))?\(", node.schema())
                    if m:
                        called.add((m.group(1), m.group(2) or ""))

        walk(graph)
        for packet, ov in sorted(called):
            qual = f"aten::{packet}" + (f".{ov}" if ov else "")
            try:
                o = getattr(getattr(torch.ops.aten, packet), ov or "default")
            except AttributeError:
                continue
            if torch.Tag.core in o.tags or qual in known:
                continue
            try:
                if torch._C._dispatch_has_kernel_for_dispatch_key(
                        o.name(), "CompositeImplicitAutograd"):
                    continue
            except RuntimeError:
                continue  # a TorchScript builtin (aten::Float.Scalar, ...), not a dispatcher op
            returns_tensor = any("Tensor" in str(r.type) for r in o._schema.returns)
            writes = any(a.alias_info is not None and a.alias_info.is_write
                         for a in o._schema.arguments)
            if not returns_tensor and not writes:
                continue  # glue: size, len, item, ... (opset/opset.h)
            problems.append(f"{op}: calls {qual}, which is not core ATen and has no "
                            "decomposition (library entry or CompositeImplicitAutograd kernel)")
    return problems


def main(argv):
    if len(argv) < 2:
        print(__doc__)
        return 2
    known = library_ops()
    entries = []
    for path in argv[1:]:
        if not os.path.isfile(path):
            print(f"{path}: no such file")
            return 2
        try:
            found = parse(path)
        except embed_library.LibraryError as e:
            print(e)
            return 1
        known.update(op for op, _, _ in found)
        entries += found
    problems = check(entries, known)
    for p in problems:
        print(p)
    print(f"{len(entries)} entries, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
