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
