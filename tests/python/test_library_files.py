"""The decomposition library's source files (decomps/library/**/*.py) and the build step that
embeds them (tools/embed_library.py): layout rules, and clear errors for malformed files."""

import glob
import os
import re
import subprocess
import sys

import pytest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LIBRARY = os.path.join(REPO, "decomps", "library")
EMBED = os.path.join(REPO, "tools", "embed_library.py")
FILES = sorted(glob.glob(os.path.join(LIBRARY, "**", "*.py"), recursive=True))

sys.path.insert(0, os.path.join(REPO, "tools"))
import embed_library  # noqa: E402


# Issue 36 set 8,500 lines in all when the library held 6,726; issue 40's decompositions (the
# igamma kernel's 25x25 asymptotic table alone is 190 lines of data) took it past that.
def test_library_files_are_at_most_600_lines_and_9000_in_all():
    sizes = {os.path.relpath(f, REPO): len(open(f).read().splitlines()) for f in FILES}
    assert len(sizes) > 20
    assert {f: n for f, n in sizes.items() if n > 600} == {}
    assert sum(sizes.values()) <= 9000


# A dtype, memory format or layout written as its number where the library names it.
RAW_CODE = re.compile(r"\b(dtype|memory_format|layout)\s*(=|==|!=)\s*\d")


def test_no_raw_enum_codes():
    found = [f"{os.path.relpath(f, REPO)}:{i}: {line.strip()}"
             for f in FILES for i, line in enumerate(open(f), 1) if RAW_CODE.search(line)]
    assert found == []


def test_every_overload_names_a_defined_function_and_each_name_is_defined_once():
    functions, table = embed_library.read_library(FILES)
    entries = embed_library.entry_sources(functions, table)
    assert len(entries) == len(table) > 350
    # Each source holds what its function calls, callees first, and nothing unused.
    for op, function, path, source in entries:
        defined = re.findall(r"^def (\w+)\(", source, re.M)
        assert defined[-1] == function, op
        assert set(defined) == set(embed_library.closure(function, functions)), op


def embed(tmp_path, files):
    paths = []
    for name, text in files.items():
        p = tmp_path / name
        p.write_text(text)
        paths.append(str(p))
    return subprocess.run([sys.executable, EMBED, str(tmp_path / "out.cc")] + paths,
                          capture_output=True, text=True)


@pytest.mark.parametrize("files, message", [
    ({"a.py": "def f(x: Tensor) -> Tensor:\n    return x\n",
      "b.py": "def f(x: Tensor) -> Tensor:\n    return x\n"},
     "b.py:1: f is already defined in"),
    ({"a.py": 'DECOMPOSITIONS = {"aten::relu": g}\n'},
     "aten::relu names g, which no library file defines"),
    ({"a.py": "x = 1\n"}, "a.py:1: only functions, a docstring and DECOMPOSITIONS"),
    ({"a.py": "def f(:\n"}, "a.py:1:"),
    ({"a.py": 'def f(x: Tensor) -> Tensor:\n    return x\nDECOMPOSITIONS = {"aten::relu": f}\n',
      "b.py": 'DECOMPOSITIONS = {"aten::relu": f}\n'},
     "aten::relu is already decomposed in"),
])
def test_malformed_library_files_are_refused_with_the_file_and_line(tmp_path, files, message):
    r = embed(tmp_path, files)
    assert r.returncode == 1
    assert r.stderr.startswith("embed_library.py: error: ")
    assert message in r.stderr
    assert not (tmp_path / "out.cc").exists()


def test_a_well_formed_library_embeds_each_overload_with_its_callees_only(tmp_path):
    r = embed(tmp_path, {
        "helpers.py": '"""Helpers."""\n\n\ndef _h(x: Tensor) -> Tensor:\n    return x\n\n\n'
                      "def _unused(x: Tensor) -> Tensor:\n    return x\n",
        "ops.py": "def relu(x: Tensor) -> Tensor:\n    return torch.clamp_min(_h(x), 0)\n\n\n"
                  'DECOMPOSITIONS = {"aten::relu": relu}\n'})
    assert r.returncode == 0, r.stderr
    out = (tmp_path / "out.cc").read_text()
    assert '{"aten::relu", "relu", ' in out
    assert out.index("def _h(") < out.index("def relu(")
    assert "_unused" not in out


def test_the_index_names_each_library_overloads_file_and_function():
    # docs/decompositions.md is generated for torch 2.6 (make index); its library section must
    # say what the files say, on any torch.
    functions, table = embed_library.read_library(FILES)
    text = open(os.path.join(REPO, "docs", "decompositions.md")).read()
    rows = {m.group(1): (m.group(2), m.group(3)) for m in re.finditer(
        r"^\| `([^`]+)` \| \[([^\]]+)\]\([^)]*\) \| `(\w+)` \|", text, re.M)}
    assert rows == {op: (os.path.relpath(e["file"], REPO), e["function"])
                    for op, e in table.items()}
