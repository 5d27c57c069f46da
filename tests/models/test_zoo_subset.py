"""A CI-sized subset of `make models` (tests/models/zoo.py): one or two small models per family,
each scripted, lowered by the CLI with --verify, and checked independently of graph-lower's
census (zoo.check_graph). The whole zoo's page is docs/models.md."""

import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import zoo  # noqa: E402

REPO = zoo.REPO
# Classification (a list read between appends: DenseNet; window sizes in assigned lists: Swin),
# segmentation (a dict output), video, optical flow (scratch module state, a refinement loop on a
# scalar input).
SUBSET = ["mobilenet_v3_small", "densenet121", "swin_t", "lraspp_mobilenet_v3_large", "r3d_18",
          "raft_small"]


@pytest.fixture(scope="module")
def binary():
    import shutil

    path = (os.environ.get("GRAPH_LOWER_BIN") or shutil.which("graph-lower") or
            os.path.join(REPO, "bazel-bin", "cli", "graph-lower"))
    if not os.path.exists(path):
        pytest.fail("graph-lower is not built; run `tools/dev bazel build //cli:graph-lower`")
    return path


@pytest.mark.parametrize("name", SUBSET)
def test_model_lowers_to_core_aten(name, binary, tmp_path):
    record = zoo.run_one(name, str(tmp_path), binary, timeout=900)
    why = zoo.expected(name)
    if why:
        assert record["result"] != "pass", f"{name} passes: remove it from tests/models/models_xfail.py"
        pytest.xfail(why)
    assert record["result"] == "pass", record.get("reason")
    assert record["verified"] is True
    assert record["nodes_after"] > 0
