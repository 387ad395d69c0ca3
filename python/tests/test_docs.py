"""The documentation: every public name has a docstring that help() shows, and the examples in
the docstrings give what they say."""
import doctest

import numpy

import mastermind
import mastermind._core


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
