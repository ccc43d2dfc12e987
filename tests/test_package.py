"""The package as others install it: its public API (``ginrummy.__all__``), its one
version, and the wheel installed in a fresh virtual environment with its ``ginrummy``
command."""

from __future__ import annotations

import ast
import importlib
import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import ginrummy

ROOT = Path(__file__).resolve().parent.parent
needs_processes = pytest.mark.skipif(
    sys.platform == "emscripten", reason="no subprocess in Pyodide"
)


def test_every_public_name_is_its_module_s_own_and_documented() -> None:
    public = set(ginrummy.__all__) - {"__version__"}
    assert public == set(ginrummy._HOMES)
    for name in public:
        value = getattr(ginrummy, name)
        home = importlib.import_module(f"ginrummy.{ginrummy._HOMES[name]}")
        assert value is getattr(home, name)
        if callable(value):
            assert value.__doc__, f"ginrummy.{name} has no docstring"
    assert public <= set(dir(ginrummy))


def test_an_unknown_name_is_an_attribute_error_and_submodules_still_import() -> None:
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        _ = ginrummy.nothing  # type: ignore[attr-defined]
    from ginrummy import record  # a submodule, not a public name

    assert record.__name__ == "ginrummy.record"


@needs_processes
def test_importing_the_package_loads_nothing_a_deal_does_not_need() -> None:
    code = (
        "import sys, ginrummy; ginrummy.Match(seed=1); "
        "print(sorted(n for n in sys.modules if n.startswith('ginrummy.')))"
    )
    said = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    loaded = set(ast.literal_eval(said))
    assert "ginrummy.match" in loaded
    assert not {"ginrummy.bot", "ginrummy.cli", "ginrummy.calculator"} & loaded


@needs_processes
def test_the_wheel_has_the_one_version_and_the_command(built_wheel: Path) -> None:
    assert built_wheel.name == f"ginrummy-{ginrummy.__version__}-py3-none-any.whl"
    with zipfile.ZipFile(built_wheel) as wheel:
        info = f"ginrummy-{ginrummy.__version__}.dist-info"
        metadata = wheel.read(f"{info}/METADATA").decode()
        entry_points = wheel.read(f"{info}/entry_points.txt").decode()
    assert f"\nVersion: {ginrummy.__version__}\n" in metadata
    assert re.search(r"^ginrummy = ginrummy\.cli:main$", entry_points, re.MULTILINE)
    # No other file of the repository writes the version down (CHANGELOG.md names it
    # for its history).
    written = re.compile(rf"version\s*[=:]\s*['\"]{re.escape(ginrummy.__version__)}['\"]")
    for path in [ROOT / "pyproject.toml", *ROOT.glob("py/**/*.py"), *ROOT.glob("web/**/*.js")]:
        if path.name != "__init__.py" or path.parent.name != "ginrummy":
            assert not written.search(path.read_text()), path


@needs_processes
def test_the_installed_command_runs_the_command_line(fresh_venv: Path) -> None:
    command = fresh_venv / "bin" / "ginrummy"
    cards = ["As", "2s", "3s", "7h", "8h", "9h", "Tc", "Jd", "Qd", "Kd"]
    said = subprocess.run(
        [command, "meld", *cards], capture_output=True, text=True, check=True, cwd=fresh_venv
    )
    assert json.loads(said.stdout)["deadwood_cards"] == ["Tc"]
    usage = subprocess.run([command, "--help"], capture_output=True, text=True, check=True)
    assert usage.stdout.startswith("usage: ginrummy ")
    wrong = subprocess.run([command, "meld", "Zz"], capture_output=True, text=True, check=False)
    assert wrong.returncode == 2 and wrong.stderr.startswith("ginrummy: error: ")
    # It is the wheel's code, not this repository's: the package is in the venv.
    where = subprocess.run(
        [fresh_venv / "bin" / "python", "-c", "import ginrummy; print(ginrummy.__file__)"],
        capture_output=True, text=True, check=True, cwd=fresh_venv,
    ).stdout  # fmt: skip
    assert where.startswith(str(fresh_venv))
