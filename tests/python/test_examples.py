"""The C++ example pipeline builds and lowers its sample graph to verified core ATen."""

import os
import subprocess

from conftest import REPO


def test_custom_pipeline_example():
    binary = os.path.join(REPO, "bazel-bin", "examples", "custom_pipeline")
    assert os.path.exists(binary), "bazel build //examples:custom_pipeline first"
    proc = subprocess.run([binary, os.path.join(REPO, "examples", "linear_gelu.ir"),
                           "2x3:float32;4x3:float32"], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert "legal: every tensor op is in the opset" in proc.stderr
    assert "outputs match" in proc.stderr
    assert "aten::linear" not in proc.stdout and "aten::silu" not in proc.stdout
    assert "aten::mm" in proc.stdout or "aten::addmm" in proc.stdout


def test_subclass_backend_example_runs_resnet18_as_a_script():
    proc = subprocess.run(["python3", os.path.join(REPO, "examples", "subclass_backend.py")],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert float(lines[0].split(":")[1]) < 1e-4, lines[0]
    assert any("aten.convolution.default" in line for line in lines)
    assert any("(NOT CORE, decomposed)" in line for line in lines)
