"""Every C++ file is clang-format clean (Google style, .clang-format); `make format` fixes it."""

import shutil
import subprocess

import pytest

from conftest import REPO


def test_cpp_sources_are_clang_formatted():
    if shutil.which("clang-format") is None:
        pytest.fail("clang-format is not installed (tools/packages-*.txt provide it)")
    files = subprocess.run(["git", "ls-files", "*.h", "*.cc"], cwd=REPO, capture_output=True,
                           text=True, check=True).stdout.split()
    assert files
    proc = subprocess.run(["clang-format", "--dry-run", "--Werror", *files], cwd=REPO,
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[:3000]
