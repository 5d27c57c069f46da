"""Shared fixtures: where the graph-lower binary is, and scripted torchvision models on disk."""

import os
import shutil
import subprocess
import sys

import pytest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(REPO, "examples"))
# The graph_lower package as Bazel assembles it (//python:package: sources and extension), which
# tools/run_tests.sh builds first.
PACKAGE_DIR = os.path.join(REPO, "bazel-bin", "python", "site")
sys.path.insert(0, PACKAGE_DIR)

# Test runs check the lowering pipeline's invariants after every pass (graph lint; no cleanup
# pass adds a non-core op; lowering/pipeline.h), in this process and in every CLI it starts.
os.environ["GRAPH_LOWER_CHECK_INVARIANTS"] = "1"


@pytest.fixture(scope="session")
def graph_lower_bin():
    """Path of the built CLI: $GRAPH_LOWER_BIN (tools/check_sanitizers.sh points it at a sanitizer
    build), else on PATH inside tools/dev, else bazel-bin."""
    path = (os.environ.get("GRAPH_LOWER_BIN") or shutil.which("graph-lower") or
            os.path.join(REPO, "bazel-bin", "cli", "graph-lower"))
    if not os.path.exists(path):
        pytest.fail("graph-lower is not built; run `tools/dev bazel build //cli:graph-lower`")
    return path


@pytest.fixture(scope="session")
def scripted_model(tmp_path_factory):
    """Returns a function name -> path of that torchvision model, scripted (random weights)."""
    import make_model  # examples/make_model.py

    cache = {}
    root = tmp_path_factory.mktemp("models")

    def get(name):
        if name not in cache:
            path = str(root / f"{name}.pt")
            make_model.main(["make_model", name, path])
            cache[name] = path
        return cache[name]

    return get


def run_cli(binary, *args, cwd=None):
    """Runs graph-lower with args (in directory cwd when given); returns the CompletedProcess
    (text mode)."""
    return subprocess.run([binary, *args], capture_output=True, text=True, timeout=600, cwd=cwd)


def lower_checked(binary, tmp_path, module, inputs, *extra):
    """Scripts `module`, lowers it with the CLI (--verify on `inputs`), asserts exit 0, a verified
    report and nothing outside core ATen or foldable glue by tests/models/zoo.py's independent
    check; returns the loaded lowered program."""
    import json

    import torch

    sys.path.insert(0, os.path.join(REPO, "tests", "models"))
    import zoo

    archive, lowered = str(tmp_path / "m.pt"), str(tmp_path / "m.core.pt")
    torch.jit.save(torch.jit.script(module.eval()), archive)
    torch.save(list(inputs), str(tmp_path / "in.pt"))
    report = tmp_path / "report.json"
    proc = run_cli(binary, archive, "-o", lowered, "--example-inputs", str(tmp_path / "in.pt"),
                   "--verify", "--report", str(report), *extra)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(report.read_text())["verified"] is True
    program = torch.jit.load(lowered)
    found = zoo.check_graph(program.forward.graph)
    assert {k: v for k, v in found.items() if k != "data_glue" and v} == {}, found
    return program


# Ops that read a tensor's metadata into a scalar (TorchScript's names). Core ATen has
# sym_size.int, sym_stride.int and sym_numel for those a backend must answer at run time.
METADATA_QUERIES = {"aten::size", "aten::stride", "aten::dim", "aten::numel", "aten::len",
                    "aten::is_contiguous", "aten::is_complex", "aten::is_floating_point",
                    "aten::result_type", "prim::dtype", "prim::device", "prim::layout"}


def only_metadata_queries_left(report):
    """Whether every op a lowering left outside the opset is a metadata query (a program lowered
    without example inputs, where ranks are unknown, keeps them), each reported as one."""
    left = report["non_core_ops"]
    for op in left:
        if op.split(".")[0] not in METADATA_QUERIES:
            return False
        if not report["undecomposable"][op][0].startswith("a query of a tensor's metadata"):
            return False
    return True
