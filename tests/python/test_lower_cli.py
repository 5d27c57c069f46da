"""End-to-end tests of lowering with the CLI: scripted torchvision models in, core ATen out.

Expected values come from eager PyTorch (the nn.Module itself, not TorchScript), and "core" from
the running PyTorch's `torch.Tag.core`, never from graph-lower's own output.
"""

import json

import pytest
import torch

import make_model
from conftest import only_metadata_queries_left, run_cli

# All 14 torchvision classification models lower (see the issue notes); these cover CNNs and
# functionalized mask writes (swin), and warnings.warn in forward (googlenet). vit_b_16 lowers and verifies too, but its lowered
# archive runs very slowly under the JIT's profiling executor (over 3 minutes), so it is checked
# by the sweep in the issue notes, not in CI.
LOWERED_MODELS = ["resnet18", "mobilenet_v3_small", "efficientnet_b0", "squeezenet1_0",
                  "convnext_tiny", "swin_t", "googlenet"]


def _non_core_tensor_ops(graph):
    """Overloads of tensor ops in `graph` (blocks included) that torch.Tag.core does not mark."""
    from test_check_cli import _all_nodes, _contains_tensor, _overload_packet

    bad = set()
    for node in _all_nodes(graph):
        text = node.schema()
        if text == "(no schema)":
            continue
        schema = torch._C.parse_schema(text)
        tensor_op = any(_contains_tensor(r.type) for r in schema.returns) or any(
            a.alias_info is not None and a.alias_info.is_write and _contains_tensor(a.type)
            for a in schema.arguments)
        if not tensor_op:
            continue
        packet = _overload_packet(schema.name)
        overload = getattr(packet, schema.overload_name or "default", None) if packet else None
        if overload is None or torch.Tag.core not in overload.tags:
            bad.add(f"{schema.name}.{schema.overload_name}")
    return bad


def _logits(output):
    """Scripted googlenet returns GoogLeNetOutputs(logits, aux2=None, aux1=None) even in eval,
    where the eager module returns the logits."""
    return output[0] if isinstance(output, tuple) else output


@pytest.mark.parametrize("model", LOWERED_MODELS)
def test_lowered_model_is_core_aten_and_matches_eager(model, scripted_model, graph_lower_bin,
                                                      tmp_path):
    archive = scripted_model(model)
    inputs_file = archive[:-3] + ".inputs.pt"
    out = tmp_path / "lowered.pt"
    report_path = tmp_path / "report.json"
    proc = run_cli(graph_lower_bin, archive, "-o", str(out), "--example-inputs", inputs_file,
                   "--verify", "--report", str(report_path))
    assert proc.returncode == 0, proc.stderr
    report = json.loads(report_path.read_text())
    assert report["non_core_ops"] == []
    assert report["verified"] is True
    assert report["decompositions"], "a scripted model always needs some decomposition"

    lowered = torch.jit.load(str(out))
    assert _non_core_tensor_ops(lowered.graph) == set()
    (x,) = torch.load(inputs_file)
    with torch.no_grad():
        expected = make_model.build(model)(x)
        actual = _logits(lowered(x))
    torch.testing.assert_close(actual, expected, rtol=1e-4, atol=1e-4)
    # The lowered program is shape-specialised, not value-specialised: other data, same shape.
    y = torch.randn_like(x)
    with torch.no_grad():
        torch.testing.assert_close(_logits(lowered(y)), make_model.build(model)(y), rtol=1e-4,
                                   atol=1e-4)


def test_without_example_inputs_shape_generic_decompositions_lower_resnet18(scripted_model,
                                                                           graph_lower_bin,
                                                                           tmp_path):
    report_path = tmp_path / "report.json"
    # --nooptimize-numerics: the batch norms stay (by default freezing folds them into the
    # convolutions before them, as torch.jit.freeze does; see the next test).
    proc = run_cli(graph_lower_bin, scripted_model("resnet18"), "--report", str(report_path),
                   "--nooptimize-numerics")
    # Every tensor op is core; the queries of the input's unknown rank are left, and counted.
    assert proc.returncode == 1, proc.stderr
    report = json.loads(report_path.read_text())
    assert report["non_core_ops"] and only_metadata_queries_left(report), report["non_core_ops"]
    # No CompositeImplicitAutograd kernel can be traced without shapes: max_pool2d and linear
    # take their shape-generic forms, conv2d and batch_norm the library's.
    assert report["decompositions"].get("aten::max_pool2d") == "generic"
    assert report["decompositions"].get("aten::linear") == "generic"
    assert report["decompositions"].get("aten::batch_norm") == "library"
    assert report["decompositions"].get("aten::conv2d") == "library"


def _einsum_archive(tmp_path):
    class Einsum(torch.nn.Module):
        def forward(self, a, b):
            return torch.einsum("ij,jk->ik", a, b)

    path = tmp_path / "einsum.pt"
    torch.jit.save(torch.jit.script(Einsum()), str(path))
    return str(path)


def test_freezing_folds_batch_norms_into_convolutions(scripted_model, graph_lower_bin, tmp_path):
    """As torch.jit.freeze(optimize_numerics=True): each of resnet18's 20 batch norms follows a
    convolution and is folded into its weights, so no batch norm is left to decompose."""
    report_path = tmp_path / "report.json"
    run_cli(graph_lower_bin, scripted_model("resnet18"), "--report", str(report_path))
    report = json.loads(report_path.read_text())
    assert "aten::batch_norm" not in report["decompositions"]
    assert report["decompositions"].get("aten::conv2d") == "library"


def test_strict_fails_writes_no_archive_but_the_report(graph_lower_bin, tmp_path):
    # Without example inputs, an op with no shape-generic form (einsum) stays: --strict fails.
    out, report = tmp_path / "out.pt", tmp_path / "report.json"
    proc = run_cli(graph_lower_bin, _einsum_archive(tmp_path), "--strict", "-o", str(out),
                   "--report", str(report))
    assert proc.returncode == 1
    assert "strict" in proc.stderr
    assert not out.exists()
    rep = json.loads(report.read_text())
    assert rep["non_core_ops"] and rep["violations"] and "output" not in rep


class _BufferNamedLikeAConstant(torch.nn.Module):
    """A buffer named `constant_0`, the name lowered archives give their first tensor constant."""

    def __init__(self):
        super().__init__()
        self.register_buffer("constant_0", torch.arange(4.0))

    def forward(self, x):
        return x * self.constant_0 + torch.tensor([1.0, 2.0, 3.0, 4.0])


def test_lifted_buffer_keeps_its_value_beside_tensor_constants(graph_lower_bin, tmp_path):
    module = _BufferNamedLikeAConstant().eval()
    archive, out = tmp_path / "m.pt", tmp_path / "low.pt"
    torch.jit.script(module).save(str(archive))
    proc = run_cli(graph_lower_bin, str(archive), "-o", str(out), "--example-inputs", "4",
                   "--lift-parameters")
    assert proc.returncode == 0, proc.stderr
    x = torch.randn(4)
    torch.testing.assert_close(torch.jit.load(str(out))(x), module(x))


class _ReturnsFoldableValues(torch.nn.Module):
    """Returns values computed from constants only: the caller may write them in place."""

    def __init__(self):
        super().__init__()
        self.w = torch.nn.Parameter(torch.randn(3, 4))
        self.a = torch.nn.Parameter(torch.ones(3))
        self.b = torch.nn.Parameter(torch.ones(3))

    def forward(self, x):
        # type_as returns its input without saying so in its schema
        return (self.w * 2).type_as(x), self.a, self.b


def test_outputs_written_by_the_caller_do_not_change_the_next_call(graph_lower_bin, tmp_path):
    module = _ReturnsFoldableValues().eval()
    archive, out = tmp_path / "m.pt", tmp_path / "low.pt"
    torch.jit.script(module).save(str(archive))
    proc = run_cli(graph_lower_bin, str(archive), "-o", str(out), "--example-inputs", "3x4")
    assert proc.returncode == 0, proc.stderr
    lowered = torch.jit.load(str(out))
    x = torch.randn(3, 4)

    def twice(fn):
        # A caller writing its outputs in place between calls; the parameters returned as they
        # are change in eager PyTorch too, and must change alone (a and b are equal, not one).
        for t in fn(x):
            t.add_(100)
        return fn(x)

    with torch.no_grad():
        expected, got = twice(module), twice(lowered)
    for g, e in zip(got, expected):
        torch.testing.assert_close(g, e)


# Operability (issue 7 part 5): --timing per source, --dump-dir, --stats, progress, --dot, --html.

import html.parser
import os
import re
import shutil
import subprocess

LINEAR_GELU = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), "examples", "linear_gelu.ir")
LINEAR_GELU_INPUTS = "2x3:float32;3x3:float32"


def _run(binary, *args, env=None):
    """Like run_cli, with extra environment variables; output decoded with its '\\r' kept."""
    full_env = dict(os.environ)
    full_env.pop("GRAPH_LOWER_PROGRESS_INTERVAL_MS", None)
    full_env.update(env or {})
    proc = subprocess.run([binary, *args], capture_output=True, timeout=600, env=full_env)
    return subprocess.CompletedProcess(proc.args, proc.returncode, proc.stdout.decode(),
                                       proc.stderr.decode())


def _lower_linear_gelu(graph_lower_bin, tmp_path, *args, env=None):
    report_path = tmp_path / "report.json"
    proc = _run(graph_lower_bin, LINEAR_GELU, "--example-inputs", LINEAR_GELU_INPUTS,
                "--report", str(report_path), *args, env=env)
    assert proc.returncode == 0, proc.stderr
    return proc, json.loads(report_path.read_text())


def test_timing_gives_the_time_of_each_decomposition_source(graph_lower_bin, tmp_path):
    proc, report = _lower_linear_gelu(graph_lower_bin, tmp_path, "--timing")
    # linear_gelu's linear and matmul come from CIA kernels, t and silu from the library.
    assert set(report["decompositions"].values()) == {"cia", "library"}
    source_ms = report["source_ms"]
    assert {"cia", "library"} <= set(source_ms)
    assert all(ms >= 0 for ms in source_ms.values())
    assert source_ms["library"] > 0 and source_ms["cia"] > 0
    # Each source's time is spent inside the decompose pass, never counted twice.
    assert sum(source_ms.values()) <= report["pass_ms"]["decompose"]
    line = next(l for l in proc.stderr.splitlines() if l.startswith("timing by source: "))
    printed = dict((name, float(ms)) for name, ms in re.findall(r"(\w+) ([\d.]+) ms", line))
    assert set(printed) == {"decompose"} | set(source_ms)
    for name, ms in source_ms.items():
        assert printed[name] == pytest.approx(ms, abs=0.051)
    assert printed["decompose"] == pytest.approx(report["pass_ms"]["decompose"], abs=0.051)


def test_timing_with_check_prints_load_and_census(graph_lower_bin):
    proc = _run(graph_lower_bin, LINEAR_GELU, "--check", "--timing")
    assert proc.returncode == 1  # linear and silu are not core
    timing = [l for l in proc.stderr.splitlines() if l.startswith("timing: ")]
    assert len(timing) == 1, proc.stderr
    assert re.fullmatch(r"timing: load [\d.]+ ms, census [\d.]+ ms \(total [\d.]+ ms\)", timing[0])
    assert "aten::linear" in proc.stdout  # the check table is still printed
    quiet = _run(graph_lower_bin, LINEAR_GELU, "--check")
    assert "timing" not in quiet.stderr


def test_dump_dir_writes_the_ir_after_each_step_in_order(graph_lower_bin, tmp_path):
    dump = tmp_path / "not" / "yet" / "there"
    proc, report = _lower_linear_gelu(graph_lower_bin, tmp_path, "--dump-dir", str(dump),
                                      "--print-ir")
    names = sorted(os.listdir(dump))
    assert names[:6] == ["00-input.ir", "01-prepare.ir", "02-r1-specialize.ir",
                         "03-r1-decompose.ir", "04-r1-functionalize.ir", "05-r1-cleanup.ir"]
    # The last round decomposed: its glue is specialised and folded once more.
    assert names[-3] == f"{len(names) - 3:02d}-fold_decomposed_glue.ir"
    assert names[-2] == f"{len(names) - 2:02d}-fresh_outputs.ir"
    assert names[-1] == f"{len(names) - 1:02d}-final.ir"
    assert len(names) == 2 + 4 * report["iterations"] + 3
    texts = {n: (dump / n).read_text() for n in names}
    for name, text in texts.items():
        torch._C.parse_ir(text)  # each is valid text IR
    assert "aten::linear" in texts["00-input.ir"]
    assert "aten::linear" in texts["02-r1-specialize.ir"]
    assert "aten::linear" not in texts["03-r1-decompose.ir"]
    assert "aten::permute" in texts["03-r1-decompose.ir"]
    assert texts[names[-1]] == proc.stdout  # the final dump is the lowered graph


def test_dump_dir_replaces_the_dumps_of_an_earlier_run_only(graph_lower_bin, tmp_path):
    dump = tmp_path / "dump"
    dump.mkdir()
    stale = ["15-r4-cleanup.ir", "16-final.ir", "07-r2-decompose.ir", "01-prune.ir",
             "17-fresh_outputs.ir"]
    kept = ["notes.txt", "00-input.ir.orig", "my-final.ir", "1-final.ir"]
    for name in stale + kept:
        (dump / name).write_text("from before")
    _, report = _lower_linear_gelu(graph_lower_bin, tmp_path, "--dump-dir", str(dump))
    names = set(os.listdir(dump))
    assert report["iterations"] == 1
    assert not names & set(stale)
    assert set(kept) <= names
    assert len(names - set(kept)) == 2 + 4 + 3  # ..., fold_decomposed_glue, fresh_outputs, final
    assert (dump / "00-input.ir").read_text() != "from before"


@pytest.mark.parametrize("make_bad", ["under_a_file", "is_a_file"])
def test_dump_dir_that_cannot_be_made_is_bad_input(graph_lower_bin, tmp_path, make_bad):
    blocker = tmp_path / "file.txt"
    blocker.write_text("not a directory")
    bad = blocker / "dumps" if make_bad == "under_a_file" else blocker
    out = tmp_path / "out.pt"
    proc = _run(graph_lower_bin, LINEAR_GELU, "--example-inputs", LINEAR_GELU_INPUTS,
                "--dump-dir", str(bad), "-o", str(out))
    assert proc.returncode == 2
    assert proc.stderr.startswith("graph-lower: error: --dump-dir ")
    assert str(bad) in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1
    assert not out.exists()
    assert blocker.read_text() == "not a directory"


def test_stats_prints_rewrites_per_overload_from_the_engine(graph_lower_bin, tmp_path):
    proc, report = _lower_linear_gelu(graph_lower_bin, tmp_path, "--stats")
    by_op = report["rewrites_by_op"]
    assert set(by_op) == set(report["decompositions"])
    assert sum(r["rewrites"] for r in by_op.values()) == report["rewrites"]
    for op, row in by_op.items():
        assert row["source"] == report["decompositions"][op]
        assert row["nodes"] >= row["rewrites"]
    # linear_gelu.ir has one aten::t; linear's CIA kernel brings a second one (counted nested).
    assert by_op["aten::t"] == {"rewrites": 2, "nodes": 4, "source": "library"}
    lines = proc.stderr.splitlines()
    header = lines.index(next(l for l in lines if l.startswith("overload ")))
    assert lines[header].split() == ["overload", "rewrites", "source", "nodes", "avg"]
    rows = {}
    for line in lines[header + 1:]:
        if line.startswith("stats: "):
            break
        op, rewrites, source, nodes, avg = line.split()
        rows[op] = {"rewrites": int(rewrites), "source": source, "nodes": int(nodes)}
        assert float(avg) == pytest.approx(int(nodes) / int(rewrites), abs=0.05)
    assert rows == by_op
    counts = [r["rewrites"] for r in rows.values()]
    assert counts == sorted(counts, reverse=True)  # most rewrites first
    summary = next(l for l in lines if l.startswith("stats: "))
    assert summary == (
        f"stats: {len(by_op)} overloads decomposed, {report['rewrites']} rewrites, memo "
        f"{report['memo_entries']} entries / {report['memo_hits']} hits, "
        f"{len(report['cycles'])} cycles, {report['iterations']} rounds")
    quiet = _run(graph_lower_bin, LINEAR_GELU, "--example-inputs", LINEAR_GELU_INPUTS)
    assert "stats:" not in quiet.stderr and "overload " not in quiet.stderr


def test_progress_line_only_when_asked_and_overwritten_in_place(graph_lower_bin, tmp_path):
    fast = {"GRAPH_LOWER_PROGRESS_INTERVAL_MS": "0"}  # show at once, at every node
    proc, report = _lower_linear_gelu(graph_lower_bin, tmp_path, "--progress", env=fast)
    before_summary = proc.stderr[:proc.stderr.index("graph-lower: " + LINEAR_GELU)]
    assert "\n" not in before_summary  # one line, rewritten with \r
    frames = before_summary.split("\r")
    assert frames[0] == ""
    shown = [f.rstrip() for f in frames[1:-2]]
    assert shown and all(re.fullmatch(
        r"graph-lower: decompose round (\d+): (\d+)/(\d+) nodes, worklist (\d+), (\d+) rewrites, "
        r"[\d.]+ s", f) for f in shown), shown
    done = [int(re.search(r"(\d+)/", f).group(1)) for f in shown]
    assert done == sorted(done)
    last = re.search(r"(\d+)/(\d+) nodes, worklist (\d+), (\d+) rewrites", shown[-1])
    assert int(last.group(1)) + int(last.group(3)) == int(last.group(2))
    assert int(last.group(4)) <= report["rewrites"]
    # The status line is blanked before the summary: spaces over its longest frame.
    assert frames[-2] == " " * max(len(f) for f in frames[1:-2]) and frames[-1] == ""
    # Not asked for (stderr is a pipe here), or a short run: nothing.
    for args, env in ((["--noprogress"], fast), ([], fast), (["--progress"], {})):
        quiet, _ = _lower_linear_gelu(graph_lower_bin, tmp_path, *args, env=env)
        assert "\r" not in quiet.stderr and "decompose round" not in quiet.stderr


def _clusters(dot_text):
    return re.findall(r'subgraph cluster_\d+ \{\n    label="([^"\\]+)\\n(\w+), (\d+) rewrites?";',
                      dot_text)


def test_dot_has_a_cluster_per_decomposed_overload(graph_lower_bin, tmp_path):
    dot_path = tmp_path / "changes.dot"
    _, report = _lower_linear_gelu(graph_lower_bin, tmp_path, "--dot", str(dot_path))
    text = dot_path.read_text()
    clusters = _clusters(text)
    assert sorted(op for op, _, _ in clusters) == sorted(report["decomposition_ir"])
    for op, source, rewrites in clusters:
        assert report["rewrites_by_op"][op]["source"] == source
        assert report["rewrites_by_op"][op]["rewrites"] == int(rewrites)
    # linear became permute + mm (its decomposition_ir): both drawn in its cluster.
    linear = text[text.index('label="aten::linear'):]
    linear = linear[:linear.index("  }\n")]
    assert "aten::permute" in linear and "aten::mm" in linear
    assert "aten::permute" in report["decomposition_ir"]["aten::linear"]
    if shutil.which("dot"):
        svg = subprocess.run(["dot", "-Tsvg", str(dot_path)], capture_output=True, text=True)
        assert svg.returncode == 0, svg.stderr
        assert svg.stdout.count('class="cluster"') == len(clusters)


class _HtmlTables(html.parser.HTMLParser):
    """Collects table rows (cell texts), <svg> and <pre> elements of a page."""

    def __init__(self):
        super().__init__()
        self.rows, self.svgs, self.pres, self.title = [], 0, [], ""
        self._row, self._cell, self._in = None, None, []

    def handle_starttag(self, tag, attrs):
        if tag not in ("meta", "br", "img", "link"):  # void elements have no end tag
            self._in.append(tag)
        if tag == "tr":
            self._row = []
        elif tag in ("td", "th"):
            self._cell = ""
        elif tag == "svg":
            self.svgs += 1
        elif tag == "pre":
            self.pres.append("")

    def handle_endtag(self, tag):
        if self._in and self._in[-1] == tag:
            self._in.pop()
        if tag in ("td", "th") and self._row is not None:
            self._row.append(self._cell)
            self._cell = None
        elif tag == "tr":
            self.rows.append(self._row)
            self._row = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell += data
        if "pre" in self._in:
            self.pres[-1] += data
        if self._in[-2:] == ["head", "title"]:
            self.title += data


def _check_html(page, report, title):
    parser = _HtmlTables()
    parser.feed(page)
    assert parser.title == f"graph-lower: {title}"
    histogram = {r[0]: (int(r[2]), int(r[4])) for r in parser.rows
                 if len(r) == 6 and r[0] != "operator"}
    ops = set(report["ops_before"]) | set(report["ops_after"])
    assert set(histogram) == ops
    for op in ops:
        assert histogram[op] == (report["ops_before"].get(op, 0), report["ops_after"].get(op, 0))
    decomposed = {r[0]: (r[1], int(r[2]), int(r[3])) for r in parser.rows
                  if len(r) == 4 and r[0] != "overload"}
    assert decomposed == {op: (r["source"], r["rewrites"], r["nodes"])
                          for op, r in report["rewrites_by_op"].items()}
    return parser


def test_html_report_shows_histogram_decompositions_and_svg(graph_lower_bin, tmp_path):
    if not shutil.which("dot"):
        pytest.skip("Graphviz is not installed")
    page_path = tmp_path / "report.html"
    _, report = _lower_linear_gelu(graph_lower_bin, tmp_path, "--html", str(page_path))
    page = page_path.read_text()
    parser = _check_html(page, report, LINEAR_GELU)
    assert parser.svgs == len(report["decomposition_ir"])
    assert parser.pres == []
    assert "<?xml" not in page and "<!DOCTYPE svg" not in page  # SVG inlined, prolog removed
    assert not list(tmp_path.glob("report.html.tmp*"))  # written through a temporary file


def test_html_without_graphviz_shows_the_dot_source(graph_lower_bin, tmp_path):
    page_path = tmp_path / "odd <name> & co.html"
    _, report = _lower_linear_gelu(graph_lower_bin, tmp_path, "--html", str(page_path),
                                   env={"PATH": str(tmp_path / "no-bin")})
    page = page_path.read_text()
    parser = _check_html(page, report, LINEAR_GELU)
    assert parser.svgs == 0
    assert len(parser.pres) == len(report["decomposition_ir"])
    assert all(p.startswith('digraph "aten::') and "->" in p for p in parser.pres)
    assert "-&gt;" in page and "Not rendered: dot: cannot run Graphviz" in page


def test_lowering_only_flags_are_refused_with_check(graph_lower_bin, tmp_path):
    proc = _run(graph_lower_bin, LINEAR_GELU, "--check", "--stats", "--dot",
                str(tmp_path / "x.dot"))
    assert proc.returncode == 2
    assert proc.stderr == "graph-lower: error: --stats, --dot: options of a lowering, not of " \
                          "--check\n"
    assert not (tmp_path / "x.dot").exists()
    # Break-it pass: these were ignored without a word (nothing was verified).
    proc = _run(graph_lower_bin, LINEAR_GELU, "--check", "--verify", "--example-inputs", "2x3",
                "--print-ir", "-o", str(tmp_path / "x.pt"))
    assert proc.returncode == 2
    assert proc.stderr == "graph-lower: error: -o, --example-inputs, --verify, --print-ir: " \
                          "options of a lowering, not of --check\n"
    assert not (tmp_path / "x.pt").exists()


def test_two_outputs_to_one_file_are_refused(graph_lower_bin, tmp_path):
    same = tmp_path / "same.out"
    proc = _run(graph_lower_bin, LINEAR_GELU, "--example-inputs", LINEAR_GELU_INPUTS,
                "--dot", str(same), "--html", str(same))
    assert proc.returncode == 2
    assert f"{same}: given as both --html and --dot" in proc.stderr
    assert not same.exists()


def test_text_ir_with_two_outputs_saves_as_an_archive_returning_a_tuple(graph_lower_bin,
                                                                      tmp_path):
    """A method returns one value: the archive's forward returns the graph's outputs as a
    tuple, with the values of the eager ops."""
    src = tmp_path / "two.ir"
    src.write_text("graph(%x : Tensor):\n"
                   "  %a : Tensor = aten::relu(%x)\n"
                   "  %s : str = prim::Constant[value=\"tanh\"]()\n"
                   "  %b : Tensor = aten::gelu(%x, %s)\n"
                   "  return (%a, %b)\n")
    out = tmp_path / "two.pt"
    proc = run_cli(graph_lower_bin, str(src), "-o", str(out), "--example-inputs",
                   "2x3:float32", "--verify")
    assert proc.returncode == 0, proc.stderr
    x = torch.randn(2, 3)
    a, b = torch.jit.load(str(out))(x)
    torch.testing.assert_close(a, torch.relu(x))
    torch.testing.assert_close(b, torch.nn.functional.gelu(x, approximate="tanh"))


def _checked_scale(x: torch.Tensor, n: int) -> torch.Tensor:
    assert n > 0, "n must be positive"
    return torch.square(x) * n


def test_text_ir_as_print_shows_a_graph_with_an_assert(graph_lower_bin, tmp_path):
    """`print(fn.graph)` writes nodes without outputs (the assert's prim::If and
    prim::RaiseException) as `   = prim::If(%4)`, which libtorch's own parser refuses (break-it
    pass). graph-lower reads it; the lowered archive computes eager's numbers and still raises."""
    fn = torch.jit.script(_checked_scale)
    text = str(fn.graph)
    assert "   = prim::If(" in text and "= prim::RaiseException(" in text
    src = tmp_path / "printed.ir"
    src.write_text(text)
    out = tmp_path / "printed.pt"
    proc = run_cli(graph_lower_bin, str(src), "-o", str(out), "--example-inputs", "2x3;=3",
                   "--verify")
    assert proc.returncode == 0, proc.stderr
    lowered = torch.jit.load(str(out))
    x = torch.randn(2, 3)
    torch.testing.assert_close(lowered(x, 3), _checked_scale(x, 3), rtol=0, atol=0)
    assert "aten::square" not in str(lowered.graph)
    with pytest.raises(Exception, match="n must be positive"):
        lowered(x, -1)


def _silu_twice(x: torch.Tensor) -> torch.Tensor:
    return torch.nn.functional.silu(x) * 2


def test_text_ir_calling_another_function_says_to_inline_it(graph_lower_bin, tmp_path):
    """A scripted function that calls another (F.silu) prints the callee as a
    `: Function = prim::Constant` that text IR cannot read; the error says how to inline it, and
    the graph printed after that inlining lowers to eager's numbers."""
    graph = torch.jit.script(_silu_twice).graph
    src = tmp_path / "calls.ir"
    src.write_text(str(graph))
    proc = run_cli(graph_lower_bin, str(src), "-o", str(tmp_path / "calls.pt"))
    assert proc.returncode == 2, proc.stderr
    assert str(src) in proc.stderr and "line 2" in proc.stderr
    assert "torch._C._jit_pass_inline(graph)" in proc.stderr
    assert not (tmp_path / "calls.pt").exists()

    inlined = graph.copy()
    torch._C._jit_pass_inline(inlined)
    torch._C._jit_pass_dce(inlined)
    src.write_text(str(inlined))
    out = tmp_path / "inlined.pt"
    proc = run_cli(graph_lower_bin, str(src), "-o", str(out), "--example-inputs", "4x5",
                   "--verify")
    assert proc.returncode == 0, proc.stderr
    x = torch.randn(4, 5)
    torch.testing.assert_close(torch.jit.load(str(out))(x), _silu_twice(x))


def test_help_lists_every_flag(graph_lower_bin):
    proc = _run(graph_lower_bin, "--help")
    for flag in ("--check", "--example_inputs", "--verify", "--dump_dir", "--v "):
        assert flag in proc.stdout + proc.stderr, flag


def test_v1_logs_rounds_and_decomposed_overloads_to_stderr(graph_lower_bin, tmp_path):
    quiet, _ = _lower_linear_gelu(graph_lower_bin, tmp_path)
    assert "decomposing" not in quiet.stderr
    proc, _ = _lower_linear_gelu(graph_lower_bin, tmp_path, "--v=1")
    assert re.search(r"\] lowering round 1$", proc.stderr, re.M), proc.stderr
    assert re.search(r"\] decomposing aten::linear$", proc.stderr, re.M), proc.stderr
