"""Prints XFAIL entries (tests/opinfo/xfail.py format) for the failures of graph-lower's column
in a sweep's JSON results, one entry per (OpInfo, variant, dtype) with the failing sample
indices and the first failure's class and detail as the reason.

    python3 tests/opinfo/make_xfail.py docs/coverage.json > /tmp/entries.py

A starting point for the table when a sweep finds new failures: read each reason, fix what can
be fixed, and keep in xfail.py only what is expected, with a reason a reader can act on.
"""

import collections
import json
import sys


def main(path):
    with open(path) as f:
        data = json.load(f)
    groups = collections.OrderedDict()
    for case in data["cases"]:
        status, detail = case["ours"]
        if status in ("pass", "capture"):
            continue
        key = (case["op"], case["variant"], case["dtype"])
        groups.setdefault(key, []).append((case["sample"], status, detail))
    by_op = collections.OrderedDict()
    for (op, variant, dtype), fails in sorted(groups.items()):
        samples = tuple(sorted(s for s, _, _ in fails))
        status, detail = fails[0][1], fails[0][2]
        detail = " ".join(detail.split())
        if status in ("no decomposition", "cycle"):
            # Keep the op names, drop the per-source explanations.
            detail = "; ".join(part.split(" (")[0] for part in detail.split("; "))
        reason = f"{status}: {detail[:150]}"
        by_op.setdefault(op, []).append((variant, dtype, samples, reason))
    print("XFAIL = {")
    for op, entries in by_op.items():
        print(f"    {op!r}: [")
        for variant, dtype, samples, reason in entries:
            print(f"        ({variant!r}, {dtype!r}, {samples!r},")
            print(f"         {reason!r}),")
        print("    ],")
    print("}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
