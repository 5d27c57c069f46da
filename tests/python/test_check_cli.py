"""End-to-end tests of `graph-lower --check` on scripted torchvision models and on bad input.

The expected non-core ops are derived here, in Python, from the running PyTorch's own op tags
(`torch.Tag.core` on each OpOverload), not copied from graph-lower's output.
"""

import json
import os
import subprocess

import pytest
import torch

from conftest import run_cli

# Models from torchvision 0.21 that script with random weights (../shared/TOOLCHAIN.md).
MODELS = ["resnet18", "mobilenet_v3_small", "squeezenet1_0", "shufflenet_v2_x0_5"]


def _contains_tensor(t):
    return isinstance(t, torch._C.TensorType) or any(_contains_tensor(c) for c in t.containedTypes())


def _all_nodes(block):
    for node in block.nodes():
        yield node
        for sub in node.blocks():
            yield from _all_nodes(sub)


def _overload_packet(qualified_name):
    ns, name = qualified_name.split("::")
    return getattr(getattr(torch.ops, ns), name, None)


def expected_classes(archive):
    """({non-core tensor overloads}, {glue overloads}) of the frozen forward graph of `archive`.

    Frozen with torch._C._freeze_module (eval mode), as graph-lower's freezing does apart from the
    peephole pass (see the test below). A tensor op takes, returns or writes a Tensor (also in a
    container): a backend must run it, be it a data read or a metadata query (`x.size()`); it is
    core when its OpOverload carries torch.Tag.core. Nodes without a schema are not counted.
    """
    module = torch.jit.load(archive).eval()
    frozen = torch._C._freeze_module(module._c)
    graph = frozen._get_method("forward").graph
    non_core, glue = set(), set()
    for node in _all_nodes(graph):
        text = node.schema()
        if text == "(no schema)":
            continue
        schema = torch._C.parse_schema(text)
        key = schema.name + (f".{schema.overload_name}" if schema.overload_name else "")
        writes_tensor = any(
            a.alias_info is not None and a.alias_info.is_write and _contains_tensor(a.type)
            for a in schema.arguments
        )
        tensor_op = writes_tensor or any(_contains_tensor(r.type) for r in schema.returns)
        tensor_op |= any(_contains_tensor(a.type) for a in schema.arguments)
        if not tensor_op:
            glue.add(key)
            continue
        packet = _overload_packet(schema.name)
        overload = getattr(packet, schema.overload_name or "default", None) if packet else None
        if overload is None or torch.Tag.core not in overload.tags:
            non_core.add(key)
    return non_core, glue


@pytest.mark.parametrize("model", MODELS)
def test_check_lists_exactly_the_ops_the_core_tag_excludes(model, scripted_model, graph_lower_bin,
                                                          tmp_path):
    archive = scripted_model(model)
    report_path = tmp_path / "report.json"
    proc = run_cli(graph_lower_bin, archive, "--check", "--report", str(report_path))
    assert proc.returncode == 1, proc.stderr  # scripted models hold non-core ops before lowering
    report = json.loads(report_path.read_text())
    non_core, glue = expected_classes(archive)
    assert non_core, "a scripted torchvision model always holds some non-core op"
    assert set(report["non_core_ops"]) == non_core
    # graph-lower freezes without the JIT's peephole pass (ir/archive_load.cc, docs/semantics.md),
    # which folds `x is None` tests whose answer the types give; those may stay as glue, nothing
    # else.
    extra_glue = set(report["glue_ops"]) - glue
    assert glue <= set(report["glue_ops"])
    assert extra_glue <= {"aten::__is__", "aten::__isnot__"}, extra_glue
    assert report["legal"] is False
    assert sum(report["ops"].values()) == report["nodes"]
    # The table on stdout names every non-core op.
    for op in non_core:
        assert op in proc.stdout


def test_keep_ops_makes_the_graph_legal(scripted_model, graph_lower_bin, tmp_path):
    archive = scripted_model("resnet18")
    non_core, _ = expected_classes(archive)
    report_path = tmp_path / "report.json"
    proc = run_cli(graph_lower_bin, archive, "--check", "--keep-ops", ",".join(sorted(non_core)),
                   "--report", str(report_path))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    report = json.loads(report_path.read_text())
    assert report["non_core_ops"] == []
    assert sorted(report["kept_ops"]) == sorted(non_core)


def test_backend_opset_file(scripted_model, graph_lower_bin, tmp_path):
    archive = scripted_model("resnet18")
    opset = tmp_path / "backend.opset"
    opset.write_text("# a backend that runs only convolutions natively\naten::conv2d\n")
    report_path = tmp_path / "report.json"
    proc = run_cli(graph_lower_bin, archive, "--check", "--opset", str(opset),
                   "--report", str(report_path))
    assert proc.returncode == 1
    report = json.loads(report_path.read_text())
    assert "aten::conv2d" not in report["non_core_ops"]
    assert "aten::conv2d" in report["kept_ops"]
    assert "aten::linear" in report["non_core_ops"]


def _bad_inputs(tmp_path, good_archive):
    data = open(good_archive, "rb").read()
    cases = {
        "missing": (str(tmp_path / "does_not_exist.pt"), "no such file"),
    }
    for name, contents, reason in [
        ("empty.pt", b"", "empty file"),
        ("truncated.pt", data[: len(data) // 2], "cannot load TorchScript archive"),
        ("garbage.pt", bytes(range(256)) * 4, "neither a TorchScript archive nor text IR"),
        ("bad.ir", b"graph(%x : Tensor):\n  %y : Tensor = aten::relu(%x\n  return (%y)\n",
         "line 3"),
        ("dir", None, "not a regular file"),
    ]:
        path = tmp_path / name
        if contents is None:
            path.mkdir()
        else:
            path.write_bytes(contents)
        cases[name] = (str(path), reason)
    return cases


def test_bad_input_exits_2_with_one_line_naming_the_file(scripted_model, graph_lower_bin,
                                                         tmp_path):
    for name, (path, reason) in _bad_inputs(tmp_path, scripted_model("resnet18")).items():
        report_path = tmp_path / f"{name}.report.json"
        proc = run_cli(graph_lower_bin, path, "--check", "--report", str(report_path))
        assert proc.returncode == 2, (name, proc.stderr)
        lines = proc.stderr.strip().splitlines()
        assert len(lines) == 1, (name, proc.stderr)
        assert path in lines[0] and reason in lines[0], (name, lines[0])
        assert not report_path.exists(), name


def test_usage_errors_exit_2(scripted_model, graph_lower_bin):
    archive = scripted_model("resnet18")
    for args, reason in [
        ([archive, archive], "exactly one INPUT"),
        ([archive, "--verify"], "--verify needs --example-inputs"),
        ([archive, "--example-inputs", "1x3x224x224:float99"], "unknown dtype"),
        ([archive, "--example-inputs", "1x3:float32;2x2"], "takes 1 input; 2 were given"),
        (["--check"], "exactly one INPUT"),
        ([archive, "--check", "--keep-ops", "aten::no_such_op"], "aten::no_such_op"),
        ([archive, "--check", "--opset", "/no/such/file"], "/no/such/file"),
        ([archive, "--check", "--no-such-flag"], "no_such_flag"),
    ]:
        proc = run_cli(graph_lower_bin, *args)
        assert proc.returncode == 2, (args, proc.stderr)
        assert reason in proc.stderr, (args, proc.stderr)


def test_report_to_unwritable_path_fails_cleanly(scripted_model, graph_lower_bin):
    proc = run_cli(graph_lower_bin, scripted_model("resnet18"), "--check", "--report",
                   "/no/such/dir/report.json")
    assert proc.returncode == 2
    assert "/no/such/dir/report.json" in proc.stderr


def test_outputs_never_replace_the_input_or_special_files(scripted_model, graph_lower_bin,
                                                          tmp_path):
    import shutil
    archive = str(tmp_path / "model.pt")
    shutil.copy(scripted_model("resnet18"), archive)
    before = open(archive, "rb").read()
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for target in (archive, str(fifo), str(tmp_path)):
        proc = run_cli(graph_lower_bin, archive, "--check", "--report", target)
        assert proc.returncode == 2, (target, proc.stderr)
        assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr
        assert proc.stdout == ""  # nothing printed when the report cannot be written
    assert open(archive, "rb").read() == before
    assert fifo.exists() and not fifo.is_file()


def test_non_utf8_file_name_is_reported_not_a_crash(scripted_model, graph_lower_bin, tmp_path):
    import shutil
    name = os.path.join(os.fsencode(str(tmp_path)), b"mod\xff.pt")
    shutil.copy(scripted_model("resnet18"), name)
    report = tmp_path / "r.json"
    proc = subprocess.run([graph_lower_bin, name, "--check", "--report", str(report)],
                          capture_output=True, timeout=600)
    assert proc.returncode == 1, proc.stderr
    assert json.loads(report.read_text())["non_core_ops"]
