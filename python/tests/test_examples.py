"""The examples of examples/python: Knuth in ten lines of Python reproduces 5801 through the
engine's walk; the histogram plot is written."""
import os
import pathlib
import subprocess
import sys


EXAMPLES = pathlib.Path(os.environ.get("MASTERMIND_SOURCE", pathlib.Path(__file__).parents[2])) / "examples" / "python"


def run(*args):
    out = subprocess.run([sys.executable, *map(str, args)], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    return out.stdout


def test_knuth_in_python():
    assert run(EXAMPLES / "knuth.py").startswith("knuth in Python on 4x6: total 5801, worst 5,")
    assert run(EXAMPLES / "knuth.py", 3, 5, "001").startswith("knuth in Python on 3x5: total ")


def test_histogram(tmp_path):
    png = tmp_path / "histogram.png"
    out = run(EXAMPLES / "histogram.py", png)
    assert "knuth 5801" in out and "irving 5696" in out and "most-parts 5668" in out
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 10_000
