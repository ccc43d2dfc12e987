#!/usr/bin/env python3
"""The project's one entry point: set up, check, test, build and benchmark.

    python3 build.py test [--fast] [-k EXPR]   lint, type-check, pytest on CPython, in Pyodide
                                               and in Chromium against the built site (e2e/)
    python3 build.py wheel                     build dist/ginrummy-VERSION-py3-none-any.whl
    python3 build.py site [--cdn]              build the static page into site/ (--cdn: load
                                               Pyodide from jsDelivr instead of shipping it)
    python3 build.py serve [--cdn] [--port N] [--blog]
                                               build it and serve it on http://127.0.0.1:8000
                                               (--blog: and a sample blog post with embeds
                                               on the next port)
    python3 build.py bench [ARG...]            the engine benchmark, then the page's in Chromium
    python3 build.py fix                       apply ruff's formatting and its safe lint fixes

Standard library only, since it runs before anything is installed. What it installs stays
in the work tree, all gitignored: ``.venv/`` (the pinned tools of requirements-dev.txt and
ginrummy, editable), ``node_modules/`` (the Pyodide of package-lock.json, via ``npm ci``),
``.cache/pyodide-wheels/`` (requirements-pyodide.txt: the Pyodide tests' wheels and micropip)
and ``dist/``. Each set-up is skipped
when it is already done, so a second run starts at once.

To add a command, write a ``cmd_NAME(args)`` function and an entry in ``COMMANDS``; to add
a stage to ``test`` (the browser tests, say), append a ``Step`` to ``TEST_STEPS``.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
VENV_PYTHON = VENV / "bin" / "python"
VENV_STAMP = VENV / "build-py.stamp"
DIST = ROOT / "dist"
NODE_MODULES = ROOT / "node_modules"
PYODIDE_WHEELS = ROOT / ".cache" / "pyodide-wheels"
DEV_REQUIREMENTS = ROOT / "requirements-dev.txt"
PYODIDE_REQUIREMENTS = ROOT / "requirements-pyodide.txt"
PYODIDE_RUNNER = ROOT / "tools" / "pyodide_pytest.mjs"
SITE = ROOT / "site"
BROWSER_BENCH = ROOT / "tools" / "browser_bench.py"
DEBIAN_CHROMIUM = Path("/usr/bin/chromium")

PYODIDE_PYTEST_ARGS = ("-m", "not slow", "-p", "no:cacheprovider")
"""What the Pyodide run adds to pytest's arguments: slow tests are left to CPython."""
BACKGROUND_NICENESS = 10
"""How much lower the priority of the test runs beside the browser tests is: those are the
longest stage, and the others fill the time their two workers leave a core idle (a test
waiting on its page), rather than slow them down."""


class BuildError(Exception):
    """A step could not be done; ``code`` is the exit status to leave with."""

    def __init__(self, message: str, code: int = 1) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class Background:
    """A command running beside the steps after the one that started it (``start``)."""

    shown: str
    """The command as echoed."""
    process: subprocess.Popen[bytes]
    log: IO[bytes]
    """The unnamed temporary file that holds its output until ``finish`` prints it."""


@dataclass(frozen=True)
class Context:
    """What every step gets: the command's parsed options, the venv's python, and the
    commands that steps have started in the background, by name."""

    args: argparse.Namespace
    python: Path
    background: dict[str, Background] = field(default_factory=dict)
    wheels: list[Path] = field(default_factory=list)
    """The ginrummy wheel once a step has built it (``ginrummy_wheel``), for the others."""


@dataclass(frozen=True)
class Step:
    """One stage of ``test``: a title for its header and a function that raises on failure."""

    title: str
    run: Callable[[Context], None]
    in_fast: bool = True
    """Whether ``test --fast`` runs it too."""


@dataclass(frozen=True)
class Command:
    """A subcommand: its one-line help, its options and what it does."""

    help: str
    run: Callable[[argparse.Namespace], None]
    options: Callable[[argparse.ArgumentParser], None] = lambda parser: None


def header(title: str) -> None:
    """Print the banner that starts a step."""
    print(f"\n==> {title}")


def run(*command: str | Path) -> None:
    """Run ``command`` in the repository root, echoing it; raise BuildError if it fails."""
    words, shown = command_words(command)
    print(f"$ {shown}")
    code = subprocess.run(words, cwd=ROOT, check=False).returncode
    if code:
        raise exit_error(shown, code)


def command_words(command: tuple[str | Path, ...]) -> tuple[list[str], str]:
    """Return ``command``'s words, and the command as echoed (paths relative to the root)."""
    words = [str(word) for word in command]
    return words, shlex.join(word.removeprefix(f"{ROOT}/") for word in words)


def exit_error(shown: str, code: int) -> BuildError:
    """Return the error for the command ``shown`` that exited with ``code``."""
    short = shown if len(shown) <= 100 else shown[:96] + " ..."
    return BuildError(f"{short} exited with {code}", code)


def start(*command: str | Path, niceness: int = 0) -> Background:
    """Start ``command`` in the repository root, echoing it, and return at once; its output
    waits in a temporary file for ``finish``, so it does not mix with the steps' own. A
    ``niceness`` above 0 runs it at a lower priority (``nice``)."""
    words, shown = command_words(command)
    print(f"$ {shown} &  (its output follows when it has ended)")
    log = tempfile.TemporaryFile()  # noqa: SIM115 (``finish`` closes it, or ``cmd_test``)
    lower = (lambda: os.nice(niceness)) if niceness else None
    process = subprocess.Popen(
        words, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, preexec_fn=lower
    )
    return Background(shown, process, log)


def finish(job: Background) -> None:
    """Wait for ``job`` to end and print its output; raise BuildError if it failed."""
    code = job.process.wait()
    job.log.seek(0)
    sys.stdout.flush()
    shutil.copyfileobj(job.log, sys.stdout.buffer)
    sys.stdout.buffer.flush()
    job.log.close()
    if code:
        raise exit_error(job.shown, code)


def finish_background(ctx: Context, name: str) -> None:
    """``finish`` the background job ``name`` of ``ctx``; it leaves ``ctx.background`` only
    once it has ended, so that a run stopped while it waits (CI's time limit) stops it too."""
    finish(ctx.background[name])
    del ctx.background[name]


def run_module(python: Path, module: str, *args: str | Path) -> None:
    """Run ``python -P -m module args`` like ``run``.

    ``-P`` keeps the working directory off ``sys.path``: there ``import build`` would find
    this file instead of the ``build`` package.
    """
    run(python, "-P", "-m", module, *args)


def require_tool(name: str, why: str) -> str:
    """Return the path of the program ``name``; raise BuildError saying ``why`` if missing."""
    path = shutil.which(name)
    if path is None:
        raise BuildError(f"{name} is not on PATH; it is needed {why}")
    return path


def digest(*paths: Path) -> str:
    """Return the SHA-256 of the contents of ``paths`` taken together."""
    sha = hashlib.sha256()
    for path in paths:
        sha.update(path.read_bytes())
    return sha.hexdigest()


def ensure_venv() -> Path:
    """Create ``.venv`` with the pinned tools and ginrummy (editable); return its python.

    A stamp holding the digest of requirements-dev.txt and pyproject.toml skips the
    installs when neither has changed since the last successful set-up.
    """
    wanted = digest(DEV_REQUIREMENTS, ROOT / "pyproject.toml")
    if VENV_PYTHON.exists() and VENV_STAMP.exists() and VENV_STAMP.read_text() == wanted:
        return VENV_PYTHON
    header("set up .venv")
    if not VENV_PYTHON.exists():
        run_module(Path(sys.executable), "venv", VENV)
    pip = ("install", "--quiet", "--disable-pip-version-check")
    run_module(VENV_PYTHON, "pip", *pip, "--requirement", DEV_REQUIREMENTS)
    run_module(VENV_PYTHON, "pip", *pip, "--no-build-isolation", "--no-deps", "--editable", ".")
    VENV_STAMP.write_text(wanted)
    return VENV_PYTHON


def ensure_node_modules() -> None:
    """Install the npm packages of package-lock.json with ``npm ci`` unless all are there."""
    lock = json.loads((ROOT / "package-lock.json").read_text())
    wanted = {  # optional ones are other platforms' builds (esbuild's binaries)
        where: entry["version"]
        for where, entry in lock["packages"].items()
        if where and not entry.get("optional")
    }
    installed = {where: installed_npm_version(ROOT / where) for where in wanted}
    if installed == wanted:
        return
    require_tool("npm", "to install Pyodide and esbuild (--fast needs neither)")
    header("npm ci")
    run("npm", "ci", "--no-audit", "--no-fund")


def installed_npm_version(folder: Path) -> str | None:
    """Return the version of the npm package installed in ``folder``, or None."""
    try:
        return str(json.loads((folder / "package.json").read_text())["version"])
    except (OSError, ValueError, KeyError):
        return None


def pyodide_python_version() -> str:
    """Return the ``X.Y`` Python version of the installed Pyodide, from its lock file."""
    lock = json.loads((NODE_MODULES / "pyodide" / "pyodide-lock.json").read_text())
    major, minor, *_ = lock["info"]["python"].split(".")
    return f"{major}.{minor}"


def normalize(name: str) -> str:
    """Return a distribution name in the form wheel file names use (PEP 503, underscores)."""
    return re.sub(r"[-_.]+", "_", name).lower()


def pinned(requirements: Path) -> list[tuple[str, str]]:
    """Return the (normalized name, version) pairs of a file of ``name==version`` lines."""
    pins = []
    for line in requirements.read_text().splitlines():
        line = line.split("#")[0].strip()
        if line:
            name, _, version = line.partition("==")
            if not version:
                raise BuildError(f"{requirements.name}: {line!r} is not pinned with ==")
            pins.append((normalize(name), version.strip()))
    return pins


def find_wheels(folder: Path, pins: list[tuple[str, str]]) -> dict[tuple[str, str], Path]:
    """Return the wheel in ``folder`` for each pin that has one."""
    found = {}
    for wheel in folder.glob("*.whl"):
        name, version, *_ = wheel.name.split("-")
        if (normalize(name), version) in pins:
            found[normalize(name), version] = wheel
    return found


def ensure_pyodide_wheels(python: Path) -> list[Path]:
    """Download the pure wheels of requirements-pyodide.txt if missing; return their paths.

    They are fetched for the Python of the installed Pyodide, so a pin without a
    ``py3-none-any`` wheel for it fails here rather than inside Pyodide.
    """
    pins = pinned(PYODIDE_REQUIREMENTS)
    found = find_wheels(PYODIDE_WHEELS, pins)
    if len(found) < len(pins):
        header("download the Pyodide test wheels")
        pure = ("--only-binary=:all:", "--implementation=py", "--abi=none", "--platform=any")
        python_version = f"--python-version={pyodide_python_version()}"
        run_module(
            python, "pip", "download", "--quiet", "--disable-pip-version-check", "--no-deps",
            *pure, python_version, "--dest", PYODIDE_WHEELS, "--requirement", PYODIDE_REQUIREMENTS,
        )  # fmt: skip
        found = find_wheels(PYODIDE_WHEELS, pins)
        missing = sorted(f"{name}=={version}" for name, version in set(pins) - set(found))
        if missing:
            raise BuildError(f"no pure wheel downloaded for {', '.join(missing)}")
    return [found[pin] for pin in pins]


def build_wheel(python: Path) -> Path:
    """Build ginrummy's wheel into dist/, replacing older ones; return its path."""
    for old in DIST.glob("ginrummy-*.whl"):
        old.unlink()
    run_module(python, "build", "--quiet", "--wheel", "--no-isolation", "--outdir", DIST)
    wheels = list(DIST.glob("ginrummy-*-py3-none-any.whl"))
    if len(wheels) != 1:
        raise BuildError(f"expected one pure ginrummy wheel in dist/, found {len(wheels)}")
    return wheels[0]


SLOWEST = "--durations=15"
"""Each whole run names its fifteen slowest tests: where the next minute of CI is."""


def pytest_selection(args: argparse.Namespace) -> list[str]:
    """Return the pytest arguments that ``test``'s own options ask for."""
    return ["-k", args.k] if args.k else []


def step_ruff_check(ctx: Context) -> None:
    """Lint everything with ruff (the rules are in pyproject.toml)."""
    run_module(ctx.python, "ruff", "check", "--output-format=concise", ".")


def step_ruff_format(ctx: Context) -> None:
    """Check that ruff's formatter would change nothing (``build.py fix`` applies it)."""
    run_module(ctx.python, "ruff", "format", "--check", ".")


def step_mypy(ctx: Context) -> None:
    """Type-check the package strictly."""
    run_module(ctx.python, "mypy", "--strict", "py/ginrummy")


EVERY_CORE = ("-n", "auto", "--dist", "worksteal")
"""pytest-xdist's arguments for one worker a core; a worker that runs out of tests takes
some of another's (``worksteal``): the last minute is not one worker's queue."""


def step_pytest(ctx: Context) -> None:
    """Run the tests on this CPython, against the editable install: with ``--fast`` at
    once, on every core (``EVERY_CORE``: alone, 166 s on two cores where one process took
    305), else started in the background, beside the browser tests (``step_pytest_finish``
    waits for them), in one process: two workers there take CPU from the browser tests
    (a clean clone's run took 1,434 s with them, 1,367 s without: no gain shown).

    The bundler's tests need the pinned esbuild: installed first, unless ``--fast``
    (which then skips them on a machine without it).
    """
    if ctx.args.fast:
        run_module(ctx.python, "pytest", *EVERY_CORE, *pytest_selection(ctx.args))
        return
    ensure_node_modules()
    command = (ctx.python, "-P", "-m", "pytest", SLOWEST, *pytest_selection(ctx.args))
    ctx.background["cpython"] = start(*command, niceness=BACKGROUND_NICENESS)


def step_pytest_finish(ctx: Context) -> None:
    """Wait for the tests on CPython to end and show their output."""
    finish_background(ctx, "cpython")


def step_pyodide_start(ctx: Context) -> None:
    """Start the tests inside Pyodide under Node, against the freshly built wheel, in the
    background, beside the site build, the CPython tests and the browser tests
    (``step_pyodide_finish`` waits for it).
    """
    require_tool("node", "to run the tests in Pyodide (or skip them with --fast)")
    ensure_node_modules()
    wheels = [*ensure_pyodide_wheels(ctx.python), ginrummy_wheel(ctx)]
    pytest_args = [*PYODIDE_PYTEST_ARGS, *pytest_selection(ctx.args)]
    command = ("node", PYODIDE_RUNNER, *wheels, "--", *pytest_args)
    ctx.background["pyodide"] = start(*command, niceness=BACKGROUND_NICENESS)


def step_pyodide_finish(ctx: Context) -> None:
    """Wait for the tests inside Pyodide to end and show their output."""
    finish_background(ctx, "pyodide")


def ginrummy_wheel(ctx: Context) -> Path:
    """Return the ginrummy wheel of this run, built into dist/ by the first step asking."""
    if not ctx.wheels:
        ctx.wheels.append(build_wheel(ctx.python))
    return ctx.wheels[0]


def website() -> Any:
    """Return ``tools/website.py``, which builds and serves the site (tools/ is no package)."""
    spec = importlib.util.spec_from_file_location("website", ROOT / "tools" / "website.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def build_site(python: Path, cdn: bool = False, wheel: Path | None = None) -> Path:
    """Install Pyodide and the pinned micropip, build the wheel (unless given the
    ``wheel``) and assemble the static site in site/; return it.

    With ``cdn`` the site loads Pyodide from jsDelivr instead of shipping it.
    """
    require_tool("node", "to bundle the page's scripts (and compile the standard library)")
    ensure_node_modules()
    ensure_pyodide_wheels(python)  # micropip installs the wheel for the snapshot
    header("build the site" + (" (Pyodide from the CDN)" if cdn else ""))
    wheel = wheel or build_wheel(python)
    site = Path(website().build_site(wheel, SITE, cdn=cdn))
    write_api_reference(python, site / "python" / "api", wheel)
    print(f"site: {site.relative_to(ROOT)}/")
    return site


def write_api_reference(python: Path, folder: Path, wheel: Path) -> None:
    """Write the engine's API reference into ``folder``: the names of ``ginrummy.__all__``
    and their docstrings, as HTML, by the pinned pdoc (docs/python.md links to it)."""
    version = wheel.name.split("-")[1]
    run_module(
        python, "pdoc", "ginrummy", "--docformat", "restructuredtext", "--no-show-source",
        "--footer-text", f"ginrummy {version}", "--output-directory", folder,
    )  # fmt: skip


def ensure_chromium() -> None:
    """Make sure the browser tests and the page's bench find Chromium (Debian's: Playwright
    cannot download its own here): install it with apt-get when running as root on a
    machine that has apt-get, else stop with how to install it.

    ``GINRUMMY_CHROMIUM`` names another Chromium binary (``e2e/player.py`` reads it too).
    """
    chromium = Path(os.environ.get("GINRUMMY_CHROMIUM", DEBIAN_CHROMIUM))
    if chromium.exists():
        return
    if chromium == DEBIAN_CHROMIUM and os.geteuid() == 0 and shutil.which("apt-get"):
        header("install Chromium (apt-get)")
        run("apt-get", "update", "-qq")
        run("apt-get", "install", "-y", "-qq", "chromium")
        return
    raise BuildError(
        f"the browser tests need Chromium at {chromium}: install it with"
        " `sudo apt-get install chromium` (Debian, Ubuntu), or set GINRUMMY_CHROMIUM to a"
        " Chromium binary; `python3 build.py test --fast` runs the tests without it"
    )


def step_wheel(ctx: Context) -> None:
    """Build the wheel that the Pyodide tests install and the site publishes."""
    ginrummy_wheel(ctx)


def step_site(ctx: Context) -> None:
    """Build the site the browser tests play, from this run's wheel, beside the Pyodide
    tests: the site build leaves a core idle for about a minute (npm, one Node process at
    a time), which the Pyodide run, started before it, fills."""
    ensure_chromium()
    build_site(ctx.python, wheel=ginrummy_wheel(ctx))


def step_e2e(ctx: Context) -> None:
    """Run the browser tests (e2e/) in Chromium against the built site, one pytest worker
    a core (``EVERY_CORE``), each with its browser and its server: booting the game keeps a
    core busy, and a test often waits on the page."""
    run_module(
        ctx.python,
        "pytest",
        "e2e",
        "-p",
        "no:cacheprovider",
        *EVERY_CORE,
        SLOWEST,
        *pytest_selection(ctx.args),
    )


TEST_STEPS: list[Step] = [
    Step("ruff check", step_ruff_check),
    Step("ruff format --check", step_ruff_format),
    Step("mypy --strict", step_mypy),
    Step("build the wheel", step_wheel, in_fast=False),
    Step("pytest (Pyodide under Node), started beside the next steps", step_pyodide_start, False),
    Step("the site the browser tests play", step_site, in_fast=False),
    Step("pytest (CPython), beside the browser tests unless --fast", step_pytest),
    Step("pytest e2e (the page in Chromium)", step_e2e, in_fast=False),
    Step("pytest (CPython), waited for", step_pytest_finish, in_fast=False),
    Step("pytest (Pyodide under Node), waited for", step_pyodide_finish, in_fast=False),
]
"""The stages of ``test``, in order; the first failure stops the run (and what runs in the
background). The three test runs go side by side: the CPython and Pyodide ones, at a
lower priority, fill the time the browser tests leave a core idle; the Pyodide run, which
needs only the wheel, starts before the site build and fills the core it leaves idle."""


def test_options(parser: argparse.ArgumentParser) -> None:
    """Add the options of ``test``."""
    parser.add_argument(
        "--fast", action="store_true", help="skip the slow steps (the Pyodide and browser runs)"
    )
    parser.add_argument("-k", metavar="EXPR", help="pass -k EXPR to every pytest run")


def cmd_test(args: argparse.Namespace) -> None:
    """Run every step of TEST_STEPS in order, timing each; stop at the first failure
    (and stop what the steps left running in the background, also when ``build.py`` is
    itself stopped: CI's time limit sends SIGTERM)."""
    ctx = Context(args, ensure_venv())
    signal.signal(signal.SIGTERM, lambda number, frame: sys.exit(128 + number))
    try:
        for step in TEST_STEPS:
            if args.fast and not step.in_fast:
                print(f"\n==> {step.title}: skipped (--fast)")
                continue
            header(step.title)
            started = time.monotonic()
            step.run(ctx)
            print(f"--- {step.title}: passed in {time.monotonic() - started:.1f} s")
    finally:
        for job in ctx.background.values():
            job.process.kill()
            job.process.wait()
            job.log.close()


def cmd_wheel(args: argparse.Namespace) -> None:
    """Build the wheel into dist/ and print its path."""
    print(build_wheel(ensure_venv()).relative_to(ROOT))


def bench_options(parser: argparse.ArgumentParser) -> None:
    """Add the options of ``bench``: everything after it goes to the benchmark."""
    parser.add_argument("bench_args", nargs=argparse.REMAINDER, help="arguments for the benchmark")


def cmd_bench(args: argparse.Namespace) -> None:
    """Run ``python -m ginrummy.bench``, then the page's benchmark in Chromium."""
    python = ensure_venv()
    if not (ROOT / "py" / "ginrummy" / "bench.py").exists():
        raise BuildError("there is no benchmark yet: py/ginrummy/bench.py is missing")
    run_module(python, "ginrummy.bench", *args.bench_args)
    ensure_chromium()
    build_site(python)
    header("the page in Chromium")
    run(python, BROWSER_BENCH, SITE)


def site_options(parser: argparse.ArgumentParser) -> None:
    """Add the options of ``site``."""
    parser.add_argument(
        "--cdn",
        action="store_true",
        help="load Pyodide from the jsDelivr CDN instead of shipping it in the site",
    )


def cmd_site(args: argparse.Namespace) -> None:
    """Build the static site into site/."""
    build_site(ensure_venv(), args.cdn)


def serve_options(parser: argparse.ArgumentParser) -> None:
    """Add the options of ``serve``: those of ``site`` and the port."""
    site_options(parser)
    parser.add_argument("--port", type=int, default=8000, help="the port (default 8000)")
    parser.add_argument(
        "--blog",
        action="store_true",
        help="also serve the sample blog post with embeds (e2e/blog/) on the next port",
    )


def cmd_serve(args: argparse.Namespace) -> None:
    """Build the site, then serve it on localhost until interrupted."""
    site = build_site(ensure_venv(), args.cdn)
    website().serve(site, args.port, blog=args.blog)


def cmd_fix(args: argparse.Namespace) -> None:
    """Format everything with ruff and apply its safe lint fixes."""
    python = ensure_venv()
    run_module(python, "ruff", "format", ".")
    run_module(python, "ruff", "check", "--fix", ".")


COMMANDS: dict[str, Command] = {
    "test": Command(
        "lint, type-check, run the tests on CPython, in Pyodide and in Chromium",
        cmd_test,
        test_options,
    ),
    "wheel": Command("build the wheel into dist/", cmd_wheel),
    "bench": Command("run the engine benchmark and the page's", cmd_bench, bench_options),
    "fix": Command("apply ruff's formatting and safe lint fixes", cmd_fix),
    "site": Command("build the static page into site/", cmd_site, site_options),
    "serve": Command("build the page and serve it on localhost", cmd_serve, serve_options),
}


def main(argv: list[str] | None = None) -> int:
    """Parse the command line, run the command and return the exit status."""
    sys.stdout.reconfigure(line_buffering=True)  # type: ignore[union-attr]
    if sys.version_info < (3, 11):  # noqa: UP036 (build.py is run by whatever python3 is)
        print("build.py needs Python 3.11 or later", file=sys.stderr)
        return 1
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, command in COMMANDS.items():
        command.options(subparsers.add_parser(name, help=command.help, description=command.help))
    args = parser.parse_args(argv)
    started = time.monotonic()
    try:
        COMMANDS[args.command].run(args)
    except BuildError as error:
        print(f"\nbuild.py {args.command}: FAILED: {error}", file=sys.stderr)
        return error.code
    print(f"\nbuild.py {args.command}: done in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
