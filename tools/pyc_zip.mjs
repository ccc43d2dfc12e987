// Compile the Python sources of a zip with the pinned Pyodide's own Python, under Node.
//
//   node tools/pyc_zip.mjs SOURCE.zip TARGET.zip WHERE
//
// WHERE goes before each entry's name in the code objects' file names
// ("/lib/python314.zip/" for the standard library). compile_zip in pyc_zip.py does the
// work inside Pyodide, so the bytecode matches the interpreter the page boots. Python runs
// without column positions (PYTHONNODEBUGRANGES): tracebacks name the file and line, and
// the compiled files are a fifth smaller.
import { readFileSync, writeFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const [source, target, where] = process.argv.slice(2);
if (!source || !target || where === undefined || process.argv.length !== 5) {
  console.error("usage: node tools/pyc_zip.mjs SOURCE.zip TARGET.zip WHERE");
  process.exit(2);
}
const pyodide = await loadPyodide({ env: { HOME: "/home/pyodide", PYTHONNODEBUGRANGES: "1" } });
pyodide.FS.writeFile("/tmp/source.zip", readFileSync(source));
pyodide.FS.writeFile("/tmp/pyc_zip.py", readFileSync(new URL("pyc_zip.py", import.meta.url)));
pyodide.pyimport("sys").path.insert(0, "/tmp");
const compiled = pyodide.pyimport("pyc_zip").compile_zip("/tmp/source.zip", "/tmp/target.zip", where);
writeFileSync(target, pyodide.FS.readFile("/tmp/target.zip"));
console.log(`compiled ${compiled} modules of ${source} with Pyodide ${pyodide.version}`);
