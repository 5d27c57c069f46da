"""Issue 7's bad-input list through the CLI: each case exits 2 with one line that names the input
and the problem, and writes nothing (no output archive, no report, no temporary file left
beside them). Damaged archives (truncated at many points, bytes flipped) never crash it."""

import os
import random
import signal
import subprocess
import time
from typing import Dict, List, Tuple

import pytest
import torch

from conftest import run_cli


class Small(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 4, 3)
        self.fc = torch.nn.Linear(4, 2)

    def forward(self, x):
        return self.fc(torch.nn.functional.gelu(self.conv(x)).mean([2, 3]))


class NoForward(torch.nn.Module):
    @torch.jit.export
    def f(self, x):
        return x + 1


@pytest.fixture(scope="module")
def small_archive(tmp_path_factory):
    path = str(tmp_path_factory.mktemp("bad_input") / "small.pt")
    torch.manual_seed(0)
    torch.jit.save(torch.jit.script(Small().eval()), path)
    return path


def _expect_bad_input(proc, *needles):
    assert proc.returncode == 2, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    for needle in needles:
        assert needle in lines[0], (needle, lines[0])


def _only(directory, *names):
    """The directory holds exactly these files: no output, no leftover temporary file."""
    assert sorted(os.listdir(directory)) == sorted(names)


def test_archive_without_forward(graph_lower_bin, tmp_path):
    path = str(tmp_path / "no_forward.pt")
    torch.jit.save(torch.jit.script(NoForward()), path)
    out = tmp_path / "out.pt"
    proc = run_cli(graph_lower_bin, path, "-o", str(out))
    _expect_bad_input(proc, path, "no forward method")
    _only(tmp_path, "no_forward.pt")


# Count, rank, dtype and channel mismatches; a value of the wrong kind. The archive is named in
# the shape and dtype cases (the graph is run on the inputs to specialise it and fails there).
@pytest.mark.parametrize("spec,needles", [
    ("1x3x8x8:float32;1x3x8x8:float32", ["--example-inputs", "takes 1 input; 2 were given"]),
    ("1x3x8:float32", ["fails on the example inputs", "aten::conv2d", "channels"]),
    ("1x3x8x8:int64", ["fails on the example inputs", "aten::conv2d", "long"]),
    ("1x5x8x8:float32", ["fails on the example inputs", "aten::conv2d", "5 channels"]),
    ("=3", ["--example-inputs", "input 0 (x)", "is Tensor; an int was given"]),
    # Malformed shapes (break-it pass: these were read as 1x3x8x8).
    ("1x3xx8x8:float32", ["example input 0", "empty dimension"]),
    ("1x3x8x8x:float32", ["example input 0", "empty dimension"]),
    ("x1x3x8x8", ["example input 0", "empty dimension"]),
    # Break-it pass: a 40 GB spec tensor was allocated and filled (the CLI was OOM-killed), and an
    # int past int64's range was read as a float.
    ("100000x100000:float32", ["example input 0", "more than 2 GiB in all", "torch.save file"]),
    ("1x3x8x8;=99999999999999999999", ["example input 1", "outside int64's range"]),
])
def test_example_inputs_that_do_not_match_the_graph(graph_lower_bin, small_archive, tmp_path,
                                                    spec, needles):
    out = tmp_path / "out.pt"
    report = tmp_path / "report.json"
    proc = run_cli(graph_lower_bin, small_archive, "--example-inputs", spec, "-o", str(out),
                   "--report", str(report))
    _expect_bad_input(proc, *needles)
    if "fails on the example inputs" in needles:
        assert small_archive in proc.stderr
    _only(tmp_path)


def test_opset_file_entry_that_names_no_operator(graph_lower_bin, small_archive, tmp_path):
    opset = tmp_path / "opset.txt"
    opset.write_text("include core_aten\naten::no_such_op.Tensor\n")
    proc = run_cli(graph_lower_bin, small_archive, "--check", "--opset", str(opset))
    _expect_bad_input(proc, f"{opset}:2:", "aten::no_such_op", "names no operator")


@pytest.mark.parametrize("where", ["under_a_file", "missing_dir"])
def test_output_path_that_cannot_be_written(graph_lower_bin, small_archive, tmp_path, where):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    out = blocker / "out.pt" if where == "under_a_file" else tmp_path / "no" / "out.pt"
    proc = run_cli(graph_lower_bin, small_archive, "--example-inputs", "1x3x8x8:float32",
                   "-o", str(out))
    _expect_bad_input(proc, str(out))
    _only(tmp_path, "file")


def test_failed_lowering_leaves_no_partial_output(graph_lower_bin, small_archive, tmp_path):
    """--strict fails after lowering: neither the archive nor a temporary file remains."""
    opset = tmp_path / "opset.txt"
    opset.write_text("aten::relu\n")  # conv, linear, gelu, mean cannot all lower to relu
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    proc = run_cli(graph_lower_bin, small_archive, "--example-inputs", "1x3x8x8:float32",
                   "--strict", "--opset", str(opset), "-o", str(out_dir / "small.pt"))
    assert proc.returncode == 1, proc.stderr
    assert "aten::convolution" in proc.stderr, proc.stderr
    _only(out_dir)


def _size(path):
    try:
        return os.path.getsize(path)
    except FileNotFoundError:  # renamed or removed meanwhile
        return 0


@pytest.mark.parametrize("signal_number", [signal.SIGTERM, signal.SIGINT])
def test_a_save_killed_by_a_signal_leaves_no_temporary_file(graph_lower_bin, tmp_path,
                                                            signal_number):
    """The signal is sent once the temporary file of the archive (64 MiB of weights) is being
    written (the writability probe before lowering makes an empty one):
    the CLI dies of it, and the directory holds no temporary file and no half-written output
    (the whole output, if the rename came first)."""
    src = str(tmp_path / "big.pt")
    torch.jit.script(torch.nn.Linear(4096, 4096)).save(src)
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    # Default dispositions (a background job's shell starts its children with SIGINT ignored,
    # which the CLI keeps).
    proc = subprocess.Popen([graph_lower_bin, src, "-o", str(out_dir / "big.core.pt")],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            preexec_fn=lambda: signal.signal(signal_number, signal.SIG_DFL))
    seen = False
    while proc.poll() is None and not seen:
        seen = any(name.endswith(".tmp") and _size(out_dir / name) > 0
                   for name in os.listdir(out_dir))
    if seen:
        proc.send_signal(signal_number)
    proc.wait(timeout=120)
    assert seen, "the save finished before its temporary file was seen"
    assert proc.returncode == -signal_number, proc.stderr.read()
    assert [name for name in os.listdir(out_dir) if name != "big.core.pt"] == []
    if os.listdir(out_dir):
        torch.jit.load(str(out_dir / "big.core.pt"))  # complete


def test_damaged_archives_are_rejected_never_crash(graph_lower_bin, small_archive, tmp_path):
    data = open(small_archive, "rb").read()
    rng = random.Random(7)
    cases = {f"cut{n}.pt": data[:n] for n in
             sorted({4, 22, 30, 100, len(data) // 3, len(data) // 2, len(data) - 22, len(data) - 1})}
    for i in range(24):
        damaged = bytearray(data)
        for _ in range(rng.choice([1, 4, 32])):
            damaged[rng.randrange(len(damaged))] = rng.randrange(256)
        cases[f"flip{i}.pt"] = bytes(damaged)
    outcomes = {}
    for name, contents in cases.items():
        path = tmp_path / name
        path.write_bytes(contents)
        out = tmp_path / (name + ".out")
        proc = run_cli(graph_lower_bin, str(path), "--example-inputs", "1x3x8x8:float32",
                       "--verify", "-o", str(out))
        # Never a signal (a negative return code) and never a hang (run_cli's timeout).
        assert proc.returncode in (0, 1, 2), (name, proc.returncode, proc.stderr[-2000:])
        if proc.returncode == 2:
            assert str(path) in proc.stderr, (name, proc.stderr)
            assert not out.exists(), name
        outcomes[name] = proc.returncode
    # Every truncation is a bad input; some flips land in unchecked bytes and still load.
    assert all(outcomes[n] == 2 for n in outcomes if n.startswith("cut")), outcomes
    leftovers = [f for f in os.listdir(tmp_path) if not f.endswith((".pt", ".out"))]
    assert leftovers == [], leftovers


def _alive(pid):
    """Whether process `pid` runs (exists and is not a zombie)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return not f.read().rsplit(") ", 1)[-1].startswith("Z")
    except FileNotFoundError:
        return False


def test_a_kill_while_graphviz_renders_leaves_no_file_and_no_graphviz(graph_lower_bin,
                                                                      small_archive, tmp_path):
    """Break-it pass: SIGTERM while `dot` rendered --html left /tmp/graph-lower-dot-* files and a
    `dot` that went on after the CLI died. A stand-in `dot` first on PATH records its pid and
    sleeps; the CLI is killed while it waits for it."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    pid_file = tmp_path / "dot.pid"
    fake_dot = bin_dir / "dot"
    fake_dot.write_text(f"#!/bin/sh\necho $$ > {pid_file}.part && mv {pid_file}.part {pid_file}\n"
                        "exec sleep 120\n")
    fake_dot.chmod(0o755)
    tmp_dir = tmp_path / "tmp"
    tmp_dir.mkdir()
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    env = dict(os.environ, PATH=f"{bin_dir}:{os.environ['PATH']}", TMPDIR=str(tmp_dir))
    proc = subprocess.Popen([graph_lower_bin, small_archive, "--example-inputs", "1x3x8x8",
                             "--html", str(out_dir / "report.html")],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env,
                            preexec_fn=lambda: signal.signal(signal.SIGTERM, signal.SIG_DFL))
    try:
        while proc.poll() is None and not pid_file.exists():
            pass
        assert pid_file.exists(), proc.stderr.read()
        dot_pid = int(pid_file.read_text())
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=60)
        assert proc.returncode == -signal.SIGTERM, proc.stderr.read()
        # The stand-in is gone (it is the CLI's child: reaped by init once killed; poll a while).
        for _ in range(200):
            if not _alive(dot_pid):
                break
            time.sleep(0.05)
        else:
            os.kill(dot_pid, signal.SIGKILL)
            pytest.fail("the Graphviz process outlived the CLI")
    finally:
        if proc.poll() is None:
            proc.kill()
    assert os.listdir(tmp_dir) == []
    assert os.listdir(out_dir) == []


# From the try-to-break-it pass: each of these once wrote, lost or mangled something.
def test_outputs_that_are_one_file_spelled_two_ways(graph_lower_bin, small_archive, tmp_path):
    os.chdir(tmp_path)
    proc = run_cli(graph_lower_bin, small_archive, "--example-inputs", "1x3x8x8:float32",
                   "-o", "x.out", "--report", "./x.out")
    _expect_bad_input(proc, "given as both")
    _only(tmp_path)


def test_o_with_the_name_of_a_text_format_is_refused(graph_lower_bin, small_archive, tmp_path):
    """-o out.json once wrote a TorchScript archive under that name."""
    for name, flag in (("out.json", "--report"), ("g.dot", "--dot"), ("g.HTML", "--html")):
        proc = run_cli(graph_lower_bin, small_archive, "-o", str(tmp_path / name))
        _expect_bad_input(proc, name, flag)
    _only(tmp_path)


def test_an_output_that_cannot_be_written_stops_before_any_is_written(graph_lower_bin,
                                                                       small_archive, tmp_path):
    out = tmp_path / "out.pt"
    proc = run_cli(graph_lower_bin, small_archive, "--example-inputs", "1x3x8x8:float32",
                   "-o", str(out), "--report", "/proc/graph-lower-report.json")
    _expect_bad_input(proc, "/proc/graph-lower-report.json", "cannot write")
    _only(tmp_path)


def test_a_dump_lowered_again_into_its_own_dump_dir_is_refused(graph_lower_bin, tmp_path):
    import shutil
    from conftest import REPO
    dump = tmp_path / "03-r1-decompose.ir"
    shutil.copy(os.path.join(REPO, "examples", "linear_gelu.ir"), dump)
    before = dump.read_bytes()
    proc = run_cli(graph_lower_bin, str(dump), "--example-inputs", "3x4:float32;5x4:float32",
                   "--dump-dir", str(tmp_path))
    _expect_bad_input(proc, str(dump), "would overwrite")
    assert dump.read_bytes() == before
    _only(tmp_path, "03-r1-decompose.ir")


def test_an_output_named_as_a_dump_in_the_dump_dir_is_refused(graph_lower_bin, small_archive,
                                                              tmp_path):
    # Break-it pass: -o DIR/03-r1-decompose.ir was overwritten by that step's dump.
    dumps = tmp_path / "dumps"
    dumps.mkdir()
    proc = run_cli(graph_lower_bin, small_archive, "--example-inputs", "1x3x8x8:float32",
                   "--dump-dir", str(dumps), "-o", str(dumps / ".." / "dumps" / "03-r1-decompose.ir"))
    _expect_bad_input(proc, "03-r1-decompose.ir", "named as a dump")
    _only(tmp_path, "dumps")
    _only(dumps)


@pytest.mark.parametrize("kind", ["symlink", "fifo", "device"])
def test_an_output_that_is_not_a_regular_file_stops_before_any_is_written(
        graph_lower_bin, small_archive, tmp_path, kind):
    # Break-it pass: -o was written before --report (a symlink, a FIFO, /dev/full) failed.
    target = tmp_path / "t.json"
    target.write_text("{}")
    if kind == "symlink":
        report = tmp_path / "link.json"
        report.symlink_to(target)
    elif kind == "fifo":
        report = tmp_path / "fifo.json"
        os.mkfifo(report)
    else:
        report = "/dev/full"
    proc = run_cli(graph_lower_bin, small_archive, "--example-inputs", "1x3x8x8:float32",
                   "-o", str(tmp_path / "p.pt"), "--report", str(report))
    _expect_bad_input(proc, str(report), "not a regular file")
    assert not (tmp_path / "p.pt").exists()
    assert target.read_text() == "{}"


@pytest.mark.parametrize("flag", ["--example-inputs", "--opset"])
def test_a_file_read_that_is_named_as_a_dump_in_the_dump_dir_is_refused(
        graph_lower_bin, small_archive, tmp_path, flag):
    # Break-it pass: an --example-inputs file named 00-input.ir in the dump dir was removed as an
    # earlier run's dump, and an --opset file so named was overwritten.
    dump = tmp_path / "00-input.ir"
    if flag == "--example-inputs":
        torch.save([torch.randn(1, 3, 8, 8)], str(dump))
        args = ["--example-inputs", str(dump)]
    else:
        dump.write_text("aten::convolution\n")
        args = ["--example-inputs", "1x3x8x8", "--opset", str(dump)]
    before = dump.read_bytes()
    proc = run_cli(graph_lower_bin, small_archive, *args, "--dump-dir", str(tmp_path))
    _expect_bad_input(proc, str(dump), flag, "would overwrite")
    assert dump.read_bytes() == before
    _only(tmp_path, "00-input.ir")


def test_bad_input_creates_no_dump_dir(graph_lower_bin, tmp_path):
    proc = run_cli(graph_lower_bin, str(tmp_path / "missing.ir"), "--dump-dir",
                   str(tmp_path / "dumps" / "sub"))
    _expect_bad_input(proc, "missing.ir", "no such file")
    _only(tmp_path)


def test_opset_that_is_a_directory(graph_lower_bin, small_archive, tmp_path):
    proc = run_cli(graph_lower_bin, small_archive, "--check", "--opset", str(tmp_path))
    _expect_bad_input(proc, str(tmp_path), "not a regular file")


def test_flag_values_that_are_not_utf8_are_escaped(graph_lower_bin, small_archive):
    import subprocess
    proc = subprocess.run([graph_lower_bin, small_archive, "--check", "--keep-ops", b"aten::\xff"],
                          capture_output=True, timeout=600)
    assert proc.returncode == 2, proc.stderr
    line = proc.stderr.decode("utf-8")  # raises if a raw 0xff byte got through
    assert "aten::\\xff" in line, line


def test_dash_as_output_is_refused(graph_lower_bin, small_archive, tmp_path):
    # As --output=-: given as "-o -", Abseil adds a line of its own ("Did you really mean ...").
    proc = run_cli(graph_lower_bin, small_archive, "--output=-", cwd=str(tmp_path))
    _expect_bad_input(proc, "-o -:", "standard output")
    _only(tmp_path)


@pytest.mark.parametrize("args,needle", [
    (["-o", ""], "-o: empty file name"),
    (["--output="], "-o: empty file name"),
    (["-o", "x.pt", "--report", ""], "--report: empty file name"),
    (["--example-inputs="], "--example-inputs: empty file name"),
    # Abseil takes a single dash too.
    (["-output="], "-o: empty file name"),
    (["-o", "x.pt", "-report", ""], "--report: empty file name"),
    (["-dump_dir="], "--dump-dir: empty file name"),
])
def test_an_empty_file_name_is_refused(graph_lower_bin, small_archive, tmp_path, args, needle):
    # An empty value would otherwise read as "not given": exit 0 with nothing written.
    proc = run_cli(graph_lower_bin, small_archive, *args, cwd=str(tmp_path))
    _expect_bad_input(proc, needle)
    _only(tmp_path)


def test_output_name_at_the_file_name_limit(graph_lower_bin, small_archive, tmp_path):
    # 255 bytes is the name limit of Linux file systems; the temporary file must not add to it.
    name = "o" * 252 + ".pt"
    proc = run_cli(graph_lower_bin, small_archive, "--example-inputs", "1x3x8x8", "-o",
                   str(tmp_path / name))
    assert proc.returncode == 0, proc.stderr
    _only(tmp_path, name)


def test_text_ir_call_without_its_default_arguments(graph_lower_bin, tmp_path):
    # aten::gelu(Tensor self, *, str approximate='none'): the approximate argument left out.
    path = tmp_path / "missing_default.ir"
    path.write_text("graph(%x : Tensor):\n  %y : Tensor = aten::gelu(%x)\n  return (%y)\n")
    proc = run_cli(graph_lower_bin, str(path), "-o", str(tmp_path / "out.pt"))
    _expect_bad_input(proc, str(path), "aten::gelu with 1 arguments (Tensor)",
                      "matches none of its overloads")
    _only(tmp_path, "missing_default.ir")


def _cut_record(src, dst, suffix):
    """Copies the zip `src` to `dst` with the record whose name ends in `suffix` cut to half."""
    import zipfile
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_STORED) as zout:
        found = False
        for info in zin.infolist():
            data = zin.read(info.filename)
            if info.filename.endswith(suffix):
                data, found = data[: len(data) // 2], True
            zout.writestr(info.filename, data)
    assert found, suffix


# A storage longer than its record: torch 2.14's loader refuses it itself ("... but storage only
# has N bytes"); under torch 2.6 graph-lower's own check does, naming the record.
SHORT_RECORD = ("record 'data/0' holds", "but storage only has")


def test_an_archive_whose_tensor_record_is_shorter_than_its_tensor_is_refused(
        graph_lower_bin, small_archive, tmp_path):
    # make fuzz: libtorch sizes a storage by the count its pickle declares, not by its record, so
    # a short data/N record made lowering read unmapped memory
    # (fuzz/regressions/archive/storage-shorter-than-its-tensor.pt).
    bad = tmp_path / "short.pt"
    _cut_record(small_archive, bad, "/data/0")
    proc = run_cli(graph_lower_bin, str(bad), "--example-inputs", "1x3x8x8", "-o",
                   str(tmp_path / "out.pt"))
    _expect_bad_input(proc, str(bad))
    assert any(needle in proc.stderr for needle in SHORT_RECORD), proc.stderr
    _only(tmp_path, "short.pt")


def test_an_inputs_file_whose_tensor_record_is_shorter_than_its_tensor_is_refused(
        graph_lower_bin, small_archive, tmp_path):
    # The same damage in a torch.save file: the input tensor would be read past its storage.
    good = tmp_path / "inputs.pt"
    torch.save([torch.randn(1, 3, 8, 8)], str(good))
    bad = tmp_path / "short_inputs.pt"
    _cut_record(good, bad, "/data/0")
    proc = run_cli(graph_lower_bin, small_archive, "--example-inputs", str(bad), "--verify")
    _expect_bad_input(proc, str(bad))
    assert any(needle in proc.stderr for needle in SHORT_RECORD), proc.stderr


@pytest.mark.parametrize("body,needle", [
    ("%d : Dict(str, Tensor) = prim::DictConstruct(%k)", "keys and values come in pairs"),
    ("%d : Dict(str, Tensor) = prim::DictConstruct(%x, %x)", "key %x : Tensor is not a str"),
])
def test_text_ir_dict_construct_must_pair_keys_and_values(graph_lower_bin, tmp_path, body, needle):
    # Break-it pass: an odd prim::DictConstruct read past the interpreter's stack; saving the
    # garbage value it made crashed (SIGSEGV).
    src = tmp_path / "dict.ir"
    src.write_text('graph(%x : Tensor):\n  %k : str = prim::Constant[value="a"]()\n  ' + body +
                   "\n  %a : Tensor = aten::__getitem__(%d, %k)\n  return (%a)\n")
    proc = run_cli(graph_lower_bin, str(src), "-o", str(tmp_path / "out.pt"))
    _expect_bad_input(proc, str(src), "prim::DictConstruct", needle)
    _only(tmp_path, "dict.ir")


# Break-it pass: text IR that the parser and Graph::lint accept but that reached libtorch's
# internal asserts ("please report a bug to PyTorch") further on.
@pytest.mark.parametrize("body,node,needle", [
    ("%o : Tensor = aten::add(%x, %x, %one)\n    block0():\n      -> ()",
     "aten::add", "only prim::If and prim::Loop carry blocks"),
    ("%i : int = prim::unchecked_cast(%x)\n  %o : Tensor = aten::mul(%x, %i)",
     "prim::unchecked_cast", "casts %x : Tensor to int, an unrelated type"),
    ("%i : int = prim::unchecked_cast()\n  %o : Tensor = aten::mul(%x, %i)",
     "prim::unchecked_cast", "takes 0 inputs"),
    ("%i : int = prim::unchecked_cast(%one, %one)\n  %o : Tensor = aten::mul(%x, %i)",
     "prim::unchecked_cast", "takes 2 inputs"),
    ("%t : bool = prim::Constant[value=1]()\n"
     "  %r : int = prim::Loop(%one, %t, %x)\n"
     "    block0(%i : int, %c : int):\n      %d : int = aten::add(%c, %one)\n      -> (%t, %d)\n"
     "  %o : Tensor = aten::mul(%x, %r)",
     "prim::Loop", "carries %x : Tensor as %c : int"),
])
def test_text_ir_nodes_libtorch_would_assert_on_are_refused(graph_lower_bin, tmp_path, body, node,
                                                            needle):
    src = tmp_path / "bad.ir"
    src.write_text("graph(%x : Tensor):\n  %one : int = prim::Constant[value=1]()\n  " + body +
                   "\n  return (%o)\n")
    proc = run_cli(graph_lower_bin, str(src), "--example-inputs", "2x3", "-o",
                   str(tmp_path / "out.pt"))
    _expect_bad_input(proc, str(src), node, needle)
    _only(tmp_path, "bad.ir")


@pytest.mark.parametrize("kind", ["fifo", "device", "directory"])
def test_example_inputs_that_name_something_other_than_a_file(graph_lower_bin, small_archive,
                                                              tmp_path, kind):
    # Break-it pass: a FIFO or /dev/zero was reported as "no such file".
    if kind == "fifo":
        path = str(tmp_path / "inputs.pt")
        os.mkfifo(path)
    elif kind == "device":
        path = "/dev/zero"
    else:
        path = str(tmp_path / "inputs.pt")
        os.mkdir(path)
    proc = run_cli(graph_lower_bin, small_archive, "--example-inputs", path, "-o",
                   str(tmp_path / "out.pt"))
    _expect_bad_input(proc, path, "not a regular file")
    _only(tmp_path, *([] if kind == "device" else ["inputs.pt"]))


class ContainerAttributes(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.names: List[str] = ["a", "b"]
        self.table: Dict[str, torch.Tensor] = {"w": torch.randn(3)}
        self.pairs: List[Tuple[int, torch.Tensor]] = [(1, torch.randn(3))]

    def forward(self, x):
        return x * self.table["w"] + self.pairs[0][1] * len(self.names)


def test_an_archive_with_tagged_container_attributes_passes_the_storage_check(
        graph_lower_bin, tmp_path):
    # The storage check unpickles an archive's state itself; container type tags (List[str],
    # Dict[str, Tensor]) must resolve there as they do in torch.jit.load (the first version of
    # the check refused every LSTM: "Unknown type for tag restoration: List[str]").
    src = tmp_path / "containers.pt"
    torch.jit.save(torch.jit.script(ContainerAttributes().eval()), str(src))
    proc = run_cli(graph_lower_bin, str(src), "--example-inputs", "3", "--verify")
    assert proc.returncode == 0, proc.stderr


@torch.jit.script
def _softmax_dtype_minus_one(x):
    return torch.softmax(x, 0, dtype=-1)


@torch.jit.script
def _softmax_dtype_input(x, d: int):
    return torch.softmax(x, 0, dtype=d)


# A dtype int that names no ScalarType segfaulted libtorch's kernels (found by the
# try-to-break-it pass): a constant in an archive is refused; one given as an input is an error
# of the --verify run, never a crash; nothing is written.
def test_archive_whose_dtype_names_no_scalar_type(graph_lower_bin, tmp_path):
    path = str(tmp_path / "dtype.pt")
    _softmax_dtype_minus_one.save(path)
    proc = run_cli(graph_lower_bin, path, "-o", str(tmp_path / "out.pt"),
                   "--example-inputs", "2x3")
    _expect_bad_input(proc, path, "aten::softmax",
                      "is given a dtype argument that is an int naming no ScalarType")
    _only(tmp_path, "dtype.pt")


def test_dtype_input_that_names_no_scalar_type_under_verify(graph_lower_bin, tmp_path):
    path = str(tmp_path / "dtype_input.pt")
    _softmax_dtype_input.save(path)
    proc = run_cli(graph_lower_bin, path, "-o", str(tmp_path / "out.pt"),
                   "--example-inputs", "2x3;=-1", "--verify")
    _expect_bad_input(proc, path, "the original graph fails on the example inputs",
                      "aten::softmax is given dtype -1, an int that names no ScalarType")
    _only(tmp_path, "dtype_input.pt")


class TupleInput(torch.nn.Module):
    def forward(self, x, t: Tuple[torch.Tensor, torch.Tensor]):
        return x + t[0] + t[1]


def test_a_container_example_input_of_the_wrong_element_types(graph_lower_bin, tmp_path):
    path = str(tmp_path / "m.pt")
    torch.jit.save(torch.jit.script(TupleInput()), path)
    bad = tmp_path / "in.pt"
    torch.save([torch.randn(3), (torch.randn(3), 5)], str(bad))
    proc = run_cli(graph_lower_bin, path, "--example-inputs", str(bad), "-o",
                   str(tmp_path / "out.pt"))
    _expect_bad_input(proc, "input 1 (t)", "is Tuple[Tensor, Tensor]; Tuple[Tensor, int] was given")
    torch.save([torch.randn(3), (torch.randn(3), object)], str(bad))
    proc = run_cli(graph_lower_bin, path, "--example-inputs", str(bad), "-o",
                   str(tmp_path / "out.pt"))
    assert proc.returncode == 2, proc.stderr
    _only(tmp_path, "m.pt", "in.pt")


class ListInput(torch.nn.Module):
    def forward(self, x, s: List[int]):
        return x.view(s)


def test_a_list_example_input_of_floats_for_ints_is_named(graph_lower_bin, tmp_path):
    path = str(tmp_path / "m.pt")
    torch.jit.save(torch.jit.script(ListInput()), path)
    bad = tmp_path / "in.pt"
    torch.save([torch.randn(12), [2.0, 6.0]], str(bad))
    proc = run_cli(graph_lower_bin, path, "--example-inputs", str(bad), "-o",
                   str(tmp_path / "out.pt"))
    _expect_bad_input(proc, "input 1 (s)", "is List[int]; List[float] was given")
    _only(tmp_path, "m.pt", "in.pt")
