"""Expected failures of graph-lower's column of the OpInfo sweep, each with its reason.

XFAIL maps an OpInfo name (name.variant_test_name) to a list of entries
(variant, dtype, samples, reason): variant "" / "inplace" / "out" or "*"; dtype a name or "*";
samples a tuple of sample indices or "*". A case that fails and is not listed, or is listed and
passes, fails the sweep (tests/opinfo/sweep.py), so this table cannot go stale.
"""

XFAIL = {}


def expected(name, variant, dtype, sample):
    """The reason (op, variant, dtype, sample) is expected to fail, or None."""
    for v, d, samples, reason in XFAIL.get(name, ()):
        if v not in ("*", variant) or d not in ("*", dtype):
            continue
        if samples == "*" or sample in samples:
            return reason
    return None
