"""Shared fixtures of the Python module's tests: the command line they compare with."""
import os
import shutil

import pytest


@pytest.fixture(scope="session")
def cli():
    """The `mastermind` binary of the same build (MASTERMIND_BIN, set by ctest), or PATH's."""
    path = os.environ.get("MASTERMIND_BIN") or shutil.which("mastermind")
    if not path:
        pytest.fail("MASTERMIND_BIN is not set and no mastermind is in PATH")
    return path


@pytest.fixture(scope="session", autouse=True)
def the_module_under_test():
    """The module of this build (PYTHONPATH), not a copy installed elsewhere on the path."""
    import mastermind

    wanted = os.environ.get("PYTHONPATH", "").split(os.pathsep)[0]
    if wanted:
        assert os.path.realpath(mastermind.__file__).startswith(os.path.realpath(wanted)), mastermind.__file__
