"""Builds the graph_lower package with Bazel: `pip install --no-build-isolation .`.

The extension (graph_lower._C) and the graph-lower CLI are built by `bazel build //python:package
//cli:graph-lower` against the torch that this Python imports: Bazel's libtorch repository asks
that interpreter (GRAPH_LOWER_PYTHON) for `torch.utils.cpp_extension.include_paths()` and
`library_paths()` (third_party/system.bzl), so Debian's torch and a pip-installed one both work.
The extension is copied from what Bazel built and the CLI binary installed as a script; the Python
sources come from python/graph_lower as for any setuptools package.

Needs, besides torch: Bazel (Debian's bazel-bootstrap), g++ with C++20, Abseil (libabsl-dev,
with pkg-config), nlohmann-json3-dev, pybind11 headers (a pip torch ships them), and
libjemalloc-dev; see tools/packages-*.txt for the Debian package names.
"""

import os
import shutil
import subprocess
import sys

from setuptools import Distribution, Extension, setup
from setuptools.command.build_ext import build_ext

# setuptools 84 (Debian sid) no longer exposes setuptools.command.build_scripts; ask for the class.
build_scripts = Distribution().get_command_class("build_scripts")

REPO = os.path.dirname(os.path.abspath(__file__))
CLI = "graph-lower"


def _bazel(command, *args):
    """Runs `bazel COMMAND ARGS` in the repository for this interpreter's torch; returns stdout."""
    bazel = shutil.which("bazel")
    if bazel is None:
        sys.exit("graph_lower: building needs Bazel on PATH (Debian: apt-get install "
                 "bazel-bootstrap); see README, 'Install into your own environment'")
    argv = [bazel, command, f"--repo_env=GRAPH_LOWER_PYTHON={sys.executable}", *args]
    return subprocess.run(argv, cwd=REPO, check=True, stdout=subprocess.PIPE, text=True).stdout


class BazelBuildExt(build_ext):
    """Builds the package and the CLI with Bazel and copies the extension into the build tree."""

    def run(self):
        _bazel("build", "//python:package", f"//cli:{CLI}")
        bazel_bin = _bazel("info", "bazel-bin").strip()
        built = os.path.join(bazel_bin, "python", "site", "graph_lower", "_C.so")
        target = self.get_ext_fullpath("graph_lower._C")
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(built, target)


class CopyBinaryScripts(build_scripts):
    """Installs the CLI binary as it is (setuptools would read a script as text to fix its #!)."""

    def run(self):
        self.run_command("build_ext")  # builds the CLI too
        self.mkpath(self.build_dir)
        for script in self.scripts:
            out = os.path.join(self.build_dir, os.path.basename(script))
            self.copy_file(os.path.join(REPO, script), out)
            os.chmod(out, 0o755)


setup(
    ext_modules=[Extension("graph_lower._C", sources=[])],
    scripts=[f"bazel-bin/cli/{CLI}"],  # built by BazelBuildExt
    cmdclass={"build_ext": BazelBuildExt, "build_scripts": CopyBinaryScripts},
)
