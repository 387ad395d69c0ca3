"""The documentation: every public name has a docstring that help() shows, and the examples in
the docstrings give what they say."""
import doctest
import os
import pathlib
import subprocess
import sys

import numpy

import mastermind
import mastermind._core

HERE = pathlib.Path(__file__).parent


def run_mypy_tool(entry, argv):
    """Runs one of mypy's tools (Debian's python3-mypy) in a child interpreter, the module's
    directory on MYPYPATH; returns what it printed."""
    here = os.path.dirname(os.path.dirname(os.path.abspath(mastermind.__file__)))  # this module's, absolute
    env = dict(os.environ, MYPYPATH=here, PYTHONPATH=here)
    code = f"import sys; {entry}; sys.argv = {argv!r}; main()"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120, cwd="/")
    return out.stdout + out.stderr


def test_every_public_name_is_documented():
    for name in mastermind.__all__:
        if name.startswith("__"):
            continue
        doc = getattr(mastermind, name).__doc__
        assert doc and len(doc) > 40, name


def test_the_docstring_examples_hold():
    # Where the examples are: the module's functions and classes, and their methods.
    finder = doctest.DocTestFinder(exclude_empty=True)
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    examples = 0
    for name in mastermind.__all__:
        obj = getattr(mastermind, name)
        if not callable(obj):
            continue
        for test in finder.find(obj, name, module=False, globs={"mastermind": mastermind, "numpy": numpy, "game": mastermind.Ordinary(4, 6)}):
            examples += len(test.examples)
            runner.run(test)
    assert examples >= 10
    assert runner.failures == 0, f"{runner.failures} docstring examples failed (above)"


def test_the_stub_matches_the_module():
    # mypy's stubtest: every name and signature of _core.pyi against the compiled module.
    out = run_mypy_tool("from mypy.stubtest import main", ["stubtest", "mastermind._core", "--allowlist", str(HERE / "stubtest-allowlist.txt")])
    assert "Success" in out, out


def test_an_example_type_checks_strictly():
    out = run_mypy_tool(
        "from mypy.main import main",
        ["mypy", "--strict", "--no-incremental", "--cache-dir=/dev/null", str(HERE.parents[1] / "examples" / "python" / "knuth.py")],
    )
    assert "Success" in out, out
