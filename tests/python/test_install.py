"""The installable package: `pip install --no-build-isolation .` into a fresh virtual environment
of this toolchain's Python, then graph_lower used from outside the repository."""

import os
import subprocess
import sys
import textwrap

import pytest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# Run from /tmp with the environment's own paths only: nothing of the source tree on sys.path.
USE = textwrap.dedent("""
    import os, sys, importlib.metadata
    import torch
    torch.manual_seed(0)

    class Block(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.conv = torch.nn.Conv2d(3, 8, 3, padding=1)
            self.norm = torch.nn.GroupNorm(2, 8)
            self.head = torch.nn.Linear(8, 5)

        def forward(self, x):
            y = torch.nn.functional.silu(self.norm(self.conv(x)))
            return torch.log_softmax(self.head(y.mean((2, 3))), -1)

    model = Block().eval()
    x = torch.randn(2, 3, 16, 16)
    # The backend is found by name through the torch_dynamo_backends entry point, before any
    # import of graph_lower.
    compiled = torch.compile(model, backend="graph_lower")
    with torch.no_grad():
        torch.testing.assert_close(compiled(x), model(x))
    import graph_lower
    import graph_lower.backend
    reports = graph_lower.backend.reports()
    assert reports and all(r["non_core_ops"] == [] for r in reports), reports
    print("package", graph_lower.__file__)
    print("entry points", [e.value for e in importlib.metadata.entry_points(
        group="torch_dynamo_backends") if e.name == "graph_lower"])
""")


@pytest.fixture(scope="module")
def venv(tmp_path_factory):
    """A fresh venv (--system-site-packages: this toolchain's torch) with graph_lower installed by
    pip from the repository."""
    root = tmp_path_factory.mktemp("venv")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(root)], check=True,
                   env=env)
    python = str(root / "bin" / "python")
    done = subprocess.run([python, "-m", "pip", "install", "--no-build-isolation", "--no-index",
                           "--no-deps", REPO], capture_output=True, text=True, env=env,
                          timeout=3600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return root, env


def test_installed_package_compiles_a_model_from_outside_the_repository(venv):
    root, env = venv
    done = subprocess.run([str(root / "bin" / "python"), "-W", "always", "-c", USE], cwd="/tmp",
                          env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    # torch 2.14 deprecates TorchScript's Python front end; graph_lower's own use of it is silent.
    warnings = [line for line in done.stderr.splitlines() if "Warning" in line]
    assert not [w for w in warnings if "jit" in w.lower()], warnings
    # The package imported is the installed one, not the source tree's.
    assert f"package {root}/" in done.stdout, done.stdout
    assert "entry points ['graph_lower.backend:graph_lower_backend']" in done.stdout
    assert REPO not in done.stdout


def test_installed_cli_is_on_the_environments_path(venv, tmp_path):
    root, env = venv
    env = dict(env, PATH=f"{root}/bin:/usr/bin:/bin")
    path = subprocess.run(["sh", "-c", "command -v graph-lower"], env=env, capture_output=True,
                          text=True).stdout.strip()
    assert path == f"{root}/bin/graph-lower"
    program = tmp_path / "f.ir"
    program.write_text("graph(%x : Tensor):\n"
                       "  %y : Tensor = aten::silu(%x)\n"
                       "  return (%y)\n")
    done = subprocess.run(["graph-lower", str(program), "--example-inputs", "4x5:float32",
                           "--verify", "-o", str(tmp_path / "f.pt")], cwd="/tmp", env=env,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert "outputs match" in done.stdout + done.stderr
    assert (tmp_path / "f.pt").exists()
