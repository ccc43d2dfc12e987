// Compile the Python sources of a zip with the pinned Pyodide's own Python, under Node.
//
//   node tools/pyc_zip.mjs SOURCE.zip TARGET.zip WHERE
//
// WHERE goes before each entry's name in the code objects' file names
// ("/lib/python314.zip/" for the standard library). The work is done by pyc_zip.py,
// run inside Pyodide so the bytecode matches the interpreter the page boots.
import { readFileSync, writeFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const [source, target, where] = process.argv.slice(2);
if (!source || !target || where === undefined) {
  console.error("usage: node tools/pyc_zip.mjs SOURCE.zip TARGET.zip WHERE");
  process.exit(2);
}
const pyodide = await loadPyodide();
pyodide.FS.writeFile("/tmp/source.zip", readFileSync(source));
pyodide.FS.writeFile("/tmp/pyc_zip.py", readFileSync(new URL("pyc_zip.py", import.meta.url)));
const tool = pyodide.pyimport("sys");
tool.path.insert(0, "/tmp");
const compiled = pyodide.pyimport("pyc_zip").compile_zip("/tmp/source.zip", "/tmp/target.zip", where);
writeFileSync(target, pyodide.FS.readFile("/tmp/target.zip"));
console.log(`compiled ${compiled} modules of ${source} with Python ${pyodide.version}`);
