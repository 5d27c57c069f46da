"""Prints 'cpp: N passed, N failed' from the JUnit XML files googletest wrote under bazel-testlogs.

Usage: python3 tools/test_summary.py [TESTLOGS_DIR] (default bazel-testlogs). Bazel's own summary
counts test targets, not test cases, and CI reads only a plain 'N passed, N failed' line. A target
that failed without writing XML (a crash, a build failure) counts as one failed test case. Exit
status 1 when anything failed.
"""

import os
import sys
import xml.etree.ElementTree as ET


def summarize(root):
    passed = failed = 0
    failures = []
    for dirpath, _, files in os.walk(root, followlinks=True):
        if "test.xml" not in files:
            continue
        target = os.path.relpath(dirpath, root)
        try:
            tree = ET.parse(os.path.join(dirpath, "test.xml"))
        except ET.ParseError:
            failed += 1
            failures.append(f"{target} (unreadable test.xml)")
            continue
        cases = tree.getroot().iter("testcase")
        seen = 0
        for case in cases:
            seen += 1
            if case.find("failure") is not None or case.find("error") is not None:
                failed += 1
                failures.append(f"{target}: {case.get('classname')}.{case.get('name')}")
            elif case.get("result") != "suppressed" and case.get("status") != "notrun":
                passed += 1
        if seen == 0:
            # Bazel writes a stub test.xml for a test that crashed before googletest wrote its own.
            suite = tree.getroot().find(".//testsuite")
            if suite is not None and int(suite.get("failures", "0")) + int(suite.get("errors", "0")):
                failed += 1
                failures.append(f"{target} (crashed)")
    return passed, failed, failures


def main(argv):
    root = argv[1] if len(argv) > 1 else "bazel-testlogs"
    passed, failed, failures = summarize(root)
    for f in failures:
        print(f"FAILED {f}")
    print(f"cpp: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
