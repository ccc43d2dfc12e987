// Run the project's pytest suite inside Pyodide under Node, offline.
//
//   node tools/pyodide_pytest.mjs WHEEL... [-- PYTEST_ARG...]
//
// Boots the Pyodide of node_modules (the version package.json pins), unpacks every WHEEL
// into its site-packages (pure-Python wheels: pytest, its dependencies, hypothesis and the
// freshly built ginrummy wheel; `python3 build.py test` downloads and builds them), copies
// tests/ and pyproject.toml (for pytest's configuration) from this repository into the
// in-memory file system, runs pytest.main(PYTEST_ARGS) there and exits with its code.
// Nothing is fetched from the network: no micropip, no CDN.
import { readFileSync, readdirSync } from "node:fs";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const WORKDIR = "/home/pyodide/project";

/** Split argv into the wheels before "--" and the pytest arguments after it. */
function parseArgs(argv) {
  const split = argv.indexOf("--");
  const wheels = split < 0 ? argv : argv.slice(0, split);
  const pytestArgs = split < 0 ? [] : argv.slice(split + 1);
  if (wheels.length === 0 || wheels.some((path) => !path.endsWith(".whl"))) {
    throw new Error("usage: node tools/pyodide_pytest.mjs WHEEL... [-- PYTEST_ARG...]");
  }
  return { wheels, pytestArgs };
}

/** Copy the host directory `source` into the Pyodide file system at `target`. */
function copyTree(pyodide, source, target) {
  pyodide.FS.mkdirTree(target);
  for (const entry of readdirSync(source, { withFileTypes: true })) {
    if (entry.name === "__pycache__" || entry.name.startsWith(".")) continue;
    const from = join(source, entry.name);
    const to = `${target}/${entry.name}`;
    if (entry.isDirectory()) copyTree(pyodide, from, to);
    else if (entry.isFile()) pyodide.FS.writeFile(to, readFileSync(from));
  }
}

/** Report how long a stage took, on stderr so pytest's own output stays as it is. */
function lap(label, since) {
  console.error(`pyodide_pytest: ${label} in ${((performance.now() - since) / 1000).toFixed(1)} s`);
  return performance.now();
}

async function main() {
  const { wheels, pytestArgs } = parseArgs(process.argv.slice(2));
  let clock = performance.now();
  const pyodide = await loadPyodide();
  clock = lap(`booted Pyodide ${pyodide.version}`, clock);

  const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
  for (const wheel of wheels) {
    // unpackArchive wants a typed array; a Node Buffer is refused.
    pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", {
      extractDir: sitePackages,
    });
  }
  clock = lap(`unpacked ${wheels.length} wheels (${basename(wheels.at(-1))} last)`, clock);

  copyTree(pyodide, join(ROOT, "tests"), `${WORKDIR}/tests`);
  pyodide.FS.writeFile(`${WORKDIR}/pyproject.toml`, readFileSync(join(ROOT, "pyproject.toml")));
  pyodide.globals.set("pytest_args", pyodide.toPy(pytestArgs));
  const status = pyodide.runPython(`
import os
import pytest

os.chdir(${JSON.stringify(WORKDIR)})
int(pytest.main(list(pytest_args)))
`);
  lap("ran pytest", clock);
  return status;
}

try {
  process.exitCode = await main();
} catch (error) {
  // Print the message alone: Node's default report quotes the minified Pyodide source.
  console.error(`pyodide_pytest: ${error.message ?? error}`);
  process.exitCode = 2;
}
