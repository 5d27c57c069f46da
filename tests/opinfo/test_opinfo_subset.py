"""The CI-sized OpInfo sweep: the first sample of every OpInfo (all variants, float32, int64,
bool) through graph-lower, checked against eager and against tests/opinfo/xfail.py. The full
sweep, with torch.export's column, is `make coverage` (tests/opinfo/sweep.py)."""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import sweep  # noqa: E402


def test_first_sample_of_every_opinfo(capsys):
    status = sweep.main(["--samples", "1", "--no-anchor", "--dtypes", "float32,int64,bool",
                         "--jobs", str(min(2, os.cpu_count() or 1))])
    out = capsys.readouterr().out
    # Every case finished with a status (no crash of the sweep itself), and the totals printed.
    assert "float32 ours:" in out, out
    unexpected = [line for line in out.splitlines() if line.startswith("UNEXPECTED")]
    assert status == 0, "\n".join(unexpected[:60]) + f"\n... {len(unexpected)} in all"
