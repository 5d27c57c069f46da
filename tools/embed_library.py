"""Embeds the decomposition library (TorchScript source files) into C++ at build time.

Usage: embed_library.py OUT.cc FILE.py...  (decomps/BUILD runs it on decomps/library/**/*.py)

Every FILE.py is TorchScript: top-level `def`s only, plus, in an op family's file, one table

    DECOMPOSITIONS = {"aten::xlogy.Tensor": xlogy, ...}

naming the function that decomposes each overload. Function names are global across the
library (a prelude's helpers are called from any family), so a name defined twice is an error.
For each overload the generated source holds its function and every function it calls,
callees first, and nothing else: a lowering compiles only what it uses.

Dtypes, memory formats and layouts are written by their torch names (torch.float32,
torch.contiguous_format, torch.strided), reductions as Reduction.MEAN (NONE, SUM); the names
are resolved to the running libtorch's values when the library is loaded
(decomps/library/library.cc), as TorchScript's C++ frontend does not know them.

OUT.cc defines graph_lower::EmbeddedLibrary() (decomps/library/library.h): one entry per
overload with the overload, the function, the file and the source text.
"""

import ast
import sys

TABLE = "DECOMPOSITIONS"


class LibraryError(Exception):
    pass


def read_file(path, functions, table):
    text = open(path, encoding="utf-8").read()
    lines = text.split("\n")
    try:
        tree = ast.parse(text, filename=path)
    except SyntaxError as e:
        raise LibraryError(f"{path}:{e.lineno}: {e.msg}") from e
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            if node.name in functions:
                raise LibraryError(f"{path}:{node.lineno}: {node.name} is already defined in "
                                   f"{functions[node.name]['file']}")
            calls = {n.func.id for n in ast.walk(node)
                     if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
            functions[node.name] = {
                "file": path,
                "text": "\n".join(lines[node.lineno - 1:node.end_lineno]),
                "calls": calls,
            }
        elif (isinstance(node, ast.Assign) and len(node.targets) == 1
              and isinstance(node.targets[0], ast.Name) and node.targets[0].id == TABLE):
            if not isinstance(node.value, ast.Dict):
                raise LibraryError(f"{path}:{node.lineno}: {TABLE} must be a dict literal")
            for k, v in zip(node.value.keys, node.value.values):
                if not (isinstance(k, ast.Constant) and isinstance(k.value, str)
                        and isinstance(v, ast.Name)):
                    raise LibraryError(f"{path}:{k.lineno}: {TABLE} maps overload names "
                                       "(strings) to functions (names)")
                if k.value in table:
                    raise LibraryError(f"{path}:{k.lineno}: {k.value} is already decomposed in "
                                       f"{table[k.value]['file']}")
                table[k.value] = {"file": path, "function": v.id, "line": k.lineno}
        elif not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)):
            raise LibraryError(f"{path}:{node.lineno}: only functions, a docstring and "
                               f"{TABLE} may be at top level")


def closure(function, functions):
    """Names of `function` and everything it calls, callees before callers."""
    order, seen = [], set()

    def visit(name):
        if name in seen or name not in functions:
            return
        seen.add(name)
        for callee in sorted(functions[name]["calls"]):
            visit(callee)
        order.append(name)

    visit(function)
    return order


def cpp_string(text):
    if ')TS"' in text:
        raise LibraryError('source contains the raw-string delimiter )TS"')
    return 'R"TS(\n' + text + '\n)TS"'


def read_library(paths):
    """(functions, table) of the library files `paths`: functions by name, with their file,
    text and the names they call; the overload table, overload -> file, function, line."""
    functions, table = {}, {}
    for path in paths:
        read_file(path, functions, table)
    return functions, table


def entry_sources(functions, table):
    """[(overload, function, file, source)] sorted by overload; `source` holds the function and
    everything it calls, callees first."""
    entries = []
    for op in sorted(table):
        entry = table[op]
        if entry["function"] not in functions:
            raise LibraryError(f"{entry['file']}:{entry['line']}: {op} names "
                               f"{entry['function']}, which no library file defines")
        text = "\n\n".join(functions[f]["text"] for f in closure(entry["function"], functions))
        entries.append((op, entry["function"], entry["file"], text))
    return entries


def main(argv):
    out = argv[1]
    sources, index, entries = [], {}, []
    for op, function, path, text in entry_sources(*read_library(argv[2:])):
        if text not in index:
            index[text] = len(sources)
            sources.append(text)
        entries.append((op, function, path, index[text]))
    parts = ["// Generated by tools/embed_library.py from decomps/library/**/*.py. Do not edit.\n",
             '#include "decomps/library/library.h"\n\nnamespace graph_lower {\nnamespace {\n\n',
             "const char* const kSources[] = {\n"]
    parts += ["    " + cpp_string(s) + ",\n" for s in sources]
    parts.append("};\n\n}  // namespace\n\nstd::vector<EmbeddedDecomposition> EmbeddedLibrary() {\n"
                 "  return {\n")
    parts += [f'      {{"{op}", "{fn}", "{path}", kSources[{i}]}},\n' for op, fn, path, i in entries]
    parts.append("  };\n}\n\n}  // namespace graph_lower\n")
    with open(out, "w", encoding="utf-8") as f:
        f.write("".join(parts))

if __name__ == "__main__":
    try:
        main(sys.argv)
    except LibraryError as e:
        sys.stderr.write(f"embed_library.py: error: {e}\n")
        sys.exit(1)
