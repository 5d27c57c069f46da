"""Programs shaped as other people's models are: structured outputs, scratch module state, lists
read between appends, operators from a C++ library (issue 40). Each is lowered by the CLI with
`--verify`; expected values come from the eager module, and "core" from torch.Tag.core (through
tests/models/zoo.py's independent check, not graph-lower's census)."""

import json
import warnings
from collections import OrderedDict
from typing import Dict, List, Optional, Tuple

import torch

from conftest import lower_checked, run_cli


class DictOut(torch.nn.Module):
    """As torchvision's segmentation models: an OrderedDict filled by item assignment."""

    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 4, 3, padding=1)
        self.aux = torch.nn.Conv2d(3, 2, 1)

    def forward(self, x) -> Dict[str, torch.Tensor]:
        result = OrderedDict()
        result["out"] = torch.relu(self.conv(x))
        result["aux"] = self.aux(x)
        result["out"] = result["out"] * 2.0
        return result


class NestedOut(torch.nn.Module):
    def forward(self, x) -> Tuple[List[torch.Tensor], Tuple[torch.Tensor, Optional[torch.Tensor]],
                                  int, Dict[str, torch.Tensor]]:
        return [x + 1, x * 2], (x.sum(0), None), 3, {"mean": x.mean(1)}


class ScratchState(torch.nn.Module):
    """As torchvision's RAFT: forward writes a submodule's attribute, then reads it (in a loop)."""

    def __init__(self):
        super().__init__()
        self.block = Pyramid()
        self.proj = torch.nn.Linear(8, 8)

    def forward(self, x):
        self.block.build(self.proj(x))
        y = x
        for _ in range(3):
            y = y + self.block.lookup(y)
        return y


class Pyramid(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.levels = [torch.zeros(1)]  # replaced by build() at every call

    @torch.jit.export
    def build(self, x):
        self.levels = [x, x * 0.5]

    @torch.jit.export
    def lookup(self, y):
        return self.levels[0] * y + self.levels[1]


class WarnOnce(torch.nn.Module):
    """As torchvision's detection models: a flag set beside a warning."""

    def __init__(self):
        super().__init__()
        self._has_warned = False

    def forward(self, x):
        if not self._has_warned:
            warnings.warn("returns the ReLU")
            self._has_warned = True
        return x.relu()


class Dense(torch.nn.Module):
    """As DenseNet: a list of tensors read by torch.cat between appends."""

    def __init__(self):
        super().__init__()
        self.layers = torch.nn.ModuleList([torch.nn.Conv2d(4 + 2 * i, 2, 1) for i in range(3)])

    def forward(self, x):
        features = [x]
        for layer in self.layers:
            features.append(layer(torch.cat(features, 1)))
        return torch.cat(features, 1)


_lower = lower_checked


def test_dict_output_is_a_dict_construct(graph_lower_bin, tmp_path):
    torch.manual_seed(0)
    module, x = DictOut(), torch.randn(1, 3, 8, 8)
    program = _lower(graph_lower_bin, tmp_path, module, [x])
    assert "prim::DictConstruct" in str(program.forward.graph)
    y = torch.randn(1, 3, 8, 8)
    got, want = program(y), module(y)
    assert list(got) == list(want) == ["out", "aux"]
    for key in want:
        torch.testing.assert_close(got[key], want[key])


def test_nested_outputs_keep_their_structure(graph_lower_bin, tmp_path):
    x = torch.randn(4, 5)
    program = _lower(graph_lower_bin, tmp_path, NestedOut(), [x])
    got, want = program(x), NestedOut()(x)
    torch.testing.assert_close(got[0], want[0])
    torch.testing.assert_close(got[1][0], want[1][0])
    assert got[1][1] is None and got[2] == 3
    torch.testing.assert_close(got[3]["mean"], want[3]["mean"])


def test_scratch_module_state_becomes_local_values(graph_lower_bin, tmp_path):
    torch.manual_seed(0)
    module, x = ScratchState(), torch.randn(2, 8)
    program = _lower(graph_lower_bin, tmp_path, module, [x])
    y = torch.randn(2, 8)
    with torch.no_grad():
        torch.testing.assert_close(program(y), module(y))


def test_warn_once_flag_is_dropped(graph_lower_bin, tmp_path):
    x = torch.randn(3, 4)
    program = _lower(graph_lower_bin, tmp_path, WarnOnce(), [x])
    assert "prim::SetAttr" not in str(program.forward.graph)
    torch.testing.assert_close(program(x), x.relu())


def test_list_read_between_appends_folds(graph_lower_bin, tmp_path):
    torch.manual_seed(0)
    module, x = Dense(), torch.randn(1, 4, 5, 5)
    program = _lower(graph_lower_bin, tmp_path, module, [x])
    assert "aten::append" not in str(program.forward.graph)
    y = torch.randn(1, 4, 5, 5)
    with torch.no_grad():
        torch.testing.assert_close(program(y), module(y))


def _nms_program(path):
    import torchvision

    def detect(boxes: torch.Tensor, scores: torch.Tensor) -> torch.Tensor:
        keep = torchvision.ops.nms(boxes, scores, 0.5)
        return boxes.index_select(0, keep).sigmoid()

    torch.jit.save(torch.jit.script(detect), path)


def test_operator_from_an_unloaded_library_is_named(graph_lower_bin, tmp_path):
    path = str(tmp_path / "nms.pt")
    _nms_program(path)
    proc = run_cli(graph_lower_bin, path, "--check")
    assert proc.returncode == 2
    line = proc.stderr.strip()
    assert len(line.splitlines()) == 1, line
    assert "torchvision::nms" in line and "`torchvision` namespace" in line
    assert "--load-library" in line and "keep_ops" in line


def test_load_library_registers_the_operators(graph_lower_bin, tmp_path):
    import torchvision

    path = str(tmp_path / "nms.pt")
    _nms_program(path)
    boxes = torch.tensor([[0, 0, 10, 10], [1, 1, 10, 10], [20, 20, 30, 30.]])
    scores = torch.tensor([0.9, 0.8, 0.7])
    torch.save([boxes, scores], str(tmp_path / "in.pt"))
    lowered = str(tmp_path / "nms.core.pt")
    proc = run_cli(graph_lower_bin, path, "-o", lowered, "--example-inputs",
                   str(tmp_path / "in.pt"), "--verify", "--load-library",
                   torchvision.extension._get_extension_path("_C"), "--keep-ops",
                   "torchvision::nms")
    assert proc.returncode == 0, proc.stderr
    got = torch.jit.load(lowered)(boxes, scores)
    torch.testing.assert_close(got, boxes[[0, 2]].sigmoid())


def test_load_library_refuses_a_file_that_is_not_a_library(graph_lower_bin, tmp_path):
    bad = tmp_path / "not_a_library.so"
    bad.write_text("hello")
    proc = run_cli(graph_lower_bin, str(tmp_path / "missing.pt"), "--check", "--load-library",
                   str(bad))
    assert proc.returncode == 2
    assert str(bad) in proc.stderr and "cannot load the --load-library file" in proc.stderr


class RandomPlusInput(torch.nn.Module):
    def forward(self, x):
        return torch.randint(0, 10, [5]) + x, x * 2


def test_verify_of_a_random_program_compares_structure(graph_lower_bin, tmp_path):
    archive = str(tmp_path / "r.pt")
    torch.jit.save(torch.jit.script(RandomPlusInput()), archive)
    report = tmp_path / "r.json"
    proc = run_cli(graph_lower_bin, archive, "--example-inputs", "5:int64", "--verify",
                   "--report", str(report))
    assert proc.returncode == 0, proc.stderr
    rep = json.loads(report.read_text())
    assert rep["verified"] is True
    assert any(op.startswith("aten::randint") for op in rep["verify_random_ops"])
    assert "random ops" in rep["verify_message"]


class Resample(torch.nn.Module):
    """Output sizes with scales that do not give them: eager places 4 points by scale 3."""

    def forward(self, x):
        a = torch.ops.aten.upsample_nearest2d(x, [4, 4], 3.0, 3.0)
        b = torch.ops.aten.upsample_bilinear2d(x, [5, 3], False, 3.0, None)
        return a, b


def test_upsample_given_disagreeing_scales_matches_eager(graph_lower_bin, tmp_path):
    x = torch.randn(1, 2, 3, 3)
    program = _lower(graph_lower_bin, tmp_path, Resample(), [x])
    y = torch.randn(1, 2, 3, 3)
    for got, want in zip(program(y), Resample()(y)):
        torch.testing.assert_close(got, want)


class Signbit(torch.nn.Module):
    def forward(self, x, n):
        return torch.signbit(x), torch.signbit(n)


def test_signbit_of_a_float_is_kept_not_decomposed_wrongly(graph_lower_bin, tmp_path):
    archive = str(tmp_path / "s.pt")
    torch.jit.save(torch.jit.script(Signbit()), archive)
    x = torch.tensor([-float("nan"), float("nan"), -0.0, 0.0, -1.0])
    n = torch.tensor([-3, 0, 4])
    torch.save([x, n], str(tmp_path / "in.pt"))
    report, out = tmp_path / "s.json", str(tmp_path / "s.core.pt")
    proc = run_cli(graph_lower_bin, archive, "-o", out, "--example-inputs", str(tmp_path / "in.pt"),
                   "--verify", "--report", str(report))
    assert proc.returncode == 1, proc.stderr  # the float signbit is left
    rep = json.loads(report.read_text())
    assert rep["non_core_ops"] == ["aten::signbit"]
    assert rep["verified"] is True
    got = torch.jit.load(out)(x, n)
    assert got[0].tolist() == [True, False, True, False, True]
    assert got[1].tolist() == [True, False, False]


class WhereIndexAdd(torch.nn.Module):
    """torch.where(mask) has as many rows as the mask has True values: a size of the data."""

    def forward(self, m, x):
        idx = torch.where(m)[0]
        return torch.zeros_like(x).index_add(0, idx, x[idx])


def test_sizes_from_torch_where_of_a_mask_are_not_specialised(graph_lower_bin, tmp_path):
    archive = str(tmp_path / "w.pt")
    torch.jit.save(torch.jit.script(WhereIndexAdd()), archive)
    m, x = torch.tensor([True, False, True, True]), torch.randn(4, 3)
    torch.save([m, x], str(tmp_path / "in.pt"))
    out = str(tmp_path / "w.core.pt")
    proc = run_cli(graph_lower_bin, archive, "-o", out, "--example-inputs",
                   str(tmp_path / "in.pt"), "--keep-ops", "aten::where.default", "--verify")
    assert proc.returncode == 0, proc.stderr
    lowered = torch.jit.load(out)
    for mask in ([True, False, False, False], [False] * 4, [True] * 4):
        m2, x2 = torch.tensor(mask), torch.randn(4, 3)
        torch.testing.assert_close(lowered(m2, x2), WhereIndexAdd()(m2, x2))


class WarnFlagRead(torch.nn.Module):
    """A flag set beside a warning and read after it: not a warn-once flag to drop."""

    def __init__(self):
        super().__init__()
        self._warned = False

    def forward(self, x):
        if not self._warned:
            warnings.warn("first call")
            self._warned = True
        return x + float(self._warned)


def test_a_flag_read_after_its_warning_is_not_dropped(graph_lower_bin, tmp_path):
    archive = str(tmp_path / "w.pt")
    torch.jit.save(torch.jit.script(WarnFlagRead()), archive)
    proc = run_cli(graph_lower_bin, archive, "-o", str(tmp_path / "o.pt"), "--example-inputs",
                   "3:float32")
    assert proc.returncode == 2 and "forward changes module state (_warned)" in proc.stderr


class GlueOnScalarsAndData(torch.nn.Module):
    def forward(self, x, n: int):
        k = int(x.sum()) + 1  # tensor data
        return x.reshape(n * 2, -1), torch.ones(k)  # n * 2: a scalar input


def test_the_report_says_why_each_glue_node_stayed(graph_lower_bin, tmp_path):
    # Glue on a scalar input and on tensor data must stay; the report names each node and why,
    # and never says "should have folded" here (every shape is known).
    src, out, report = tmp_path / "m.pt", tmp_path / "o.pt", tmp_path / "r.json"
    torch.jit.script(GlueOnScalarsAndData()).save(str(src))
    torch.save([torch.ones(4, 6), 2], str(tmp_path / "in.pt"))
    proc = run_cli(graph_lower_bin, str(src), "-o", str(out), "--example-inputs",
                   str(tmp_path / "in.pt"), "--verify", "--report", str(report))
    assert proc.returncode == 0, proc.stderr
    glue = json.loads(report.read_text())["glue_left"]
    whys = {g["op"]: g["why"] for g in glue}
    assert whys["aten::mul.int"] == "scalar input n", glue
    assert whys["aten::add.int"] == "tensor data", glue
    assert all("should have folded" not in g["why"] for g in glue), glue
    assert "because of scalar input n: " in proc.stderr
    x = torch.rand(4, 6)  # a positive sum: torch.ones(int(x.sum()) + 1) needs one
    got, want = torch.jit.load(str(out))(x, 3), GlueOnScalarsAndData()(x, 3)
    torch.testing.assert_close(got, want)
    # --strict-glue allows glue that cannot fold.
    proc = run_cli(graph_lower_bin, str(src), "-o", str(tmp_path / "o2.pt"), "--example-inputs",
                   str(tmp_path / "in.pt"), "--strict-glue")
    assert proc.returncode == 0 and (tmp_path / "o2.pt").exists(), proc.stderr


class DictPopped(torch.nn.Module):
    def forward(self, x):
        sizes: Dict[str, int] = {"a": 1, "b": 2}
        a = sizes.pop("a")
        c = sizes.pop("c", 5)
        sizes["a"] = a + c  # back at the end, as in Python
        del sizes["b"]
        sizes["d"] = 7
        in_order = list(sizes.keys()) == ["a", "d"]
        return x * sizes["a"] + float(in_order) * 100.0 + float(len(sizes))


class DictSetDefault(torch.nn.Module):
    def forward(self, x):
        sizes: Dict[str, int] = {"a": 1, "b": 2}
        sizes.setdefault("c", 3)  # a dict write no fold handles yet
        return x * sizes["c"]


def _lower_leaving_no_glue(graph_lower_bin, tmp_path, module, example):
    """Lowers scripted `module` with --strict-glue and --verify on `example` (a CLI spec such as
    "2x3:float32"), asserts that no glue is left, and returns the loaded program."""
    src, out, report = tmp_path / "m.pt", tmp_path / "o.pt", tmp_path / "r.json"
    torch.jit.script(module).save(str(src))
    proc = run_cli(graph_lower_bin, str(src), "-o", str(out), "--example-inputs", example,
                   "--strict-glue", "--verify", "--report", str(report))
    assert proc.returncode == 0, proc.stderr
    assert json.loads(report.read_text())["glue_left"] == []
    return torch.jit.load(str(out))


def test_dict_pops_and_dels_with_constant_keys_fold(graph_lower_bin, tmp_path):
    program = _lower_leaving_no_glue(graph_lower_bin, tmp_path, DictPopped(), "2x3:float32")
    x = torch.rand(2, 3)
    want = DictPopped()(x)
    torch.testing.assert_close(want, x * 6 + 102)
    torch.testing.assert_close(program(x), want)


class ListAssignedAtAScalarIndex(torch.nn.Module):
    def forward(self, x, i: int):
        t = [1, 2, 3]
        t[i] = 10
        return x * t[1]


def test_a_read_of_a_list_written_at_a_scalar_index_is_explained(graph_lower_bin, tmp_path):
    # The read t[1] depends on the write t[i]: "scalar input i", not "should have folded"
    # (helper-17), so --strict-glue passes.
    src, out, report = tmp_path / "m.pt", tmp_path / "o.pt", tmp_path / "r.json"
    torch.jit.script(ListAssignedAtAScalarIndex()).save(str(src))
    torch.save([torch.ones(4, 3), 1], str(tmp_path / "in.pt"))
    proc = run_cli(graph_lower_bin, str(src), "-o", str(out), "--example-inputs",
                   str(tmp_path / "in.pt"), "--strict-glue", "--verify", "--report", str(report))
    assert proc.returncode == 0, proc.stderr
    glue = json.loads(report.read_text())["glue_left"]
    assert glue and all(g["why"] == "scalar input i" for g in glue), glue
    x = torch.rand(4, 3)
    for i in (0, 1, -2):
        torch.testing.assert_close(torch.jit.load(str(out))(x, i),
                                   ListAssignedAtAScalarIndex()(x, i))


def test_strict_glue_fails_on_glue_that_should_have_folded(graph_lower_bin, tmp_path):
    src, out, report = tmp_path / "m.pt", tmp_path / "o.pt", tmp_path / "r.json"
    torch.jit.script(DictSetDefault()).save(str(src))
    proc = run_cli(graph_lower_bin, str(src), "-o", str(out), "--example-inputs", "2x3:float32",
                   "--strict-glue", "--report", str(report))
    assert proc.returncode == 1, proc.stderr
    assert ("--strict-glue: 2 glue nodes should have folded: aten::setdefault.str, "
            "aten::__getitem__.Dict_str") in proc.stderr
    assert not out.exists() and "output" not in json.loads(report.read_text())


class FormattedMessages(torch.nn.Module):
    """As models that check shapes with messages: `str.format` of constants and of known sizes."""

    def forward(self, x):
        tag = "layer{}".format(3)
        if x.size(1) != 6:
            raise ValueError("expected 6 columns, got {}".format(x.size(1)))
        torch._assert(x.dim() == 2, "rank {} of {}".format(x.dim(), tag))
        return x * len(tag) + len("{}x{}".format(x.size(0), x.size(1)))


def test_format_of_constants_and_known_sizes_folds(graph_lower_bin, tmp_path):
    # aten::format has a vararg schema, which libtorch's constant propagation does not run
    # (helper-21's break pass: "should have folded" under --strict-glue).
    program = _lower_leaving_no_glue(graph_lower_bin, tmp_path, FormattedMessages(), "4x6:float32")
    kinds = {n.kind() for n in program.graph.nodes()}
    assert not kinds & {"aten::format", "aten::len", "aten::size", "prim::RaiseException"}, kinds
    x = torch.rand(4, 6)
    torch.testing.assert_close(program(x), FormattedMessages()(x))
