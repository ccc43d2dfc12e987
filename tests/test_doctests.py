"""The examples in the engine's docstrings run and give what they show."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import ginrummy

MODULES = sorted(info.name for info in pkgutil.walk_packages(ginrummy.__path__, "ginrummy."))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    if name.endswith("__main__"):
        pytest.skip("running it would run the command line")
    module = importlib.import_module(name)
    failures, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0
