// Compile the Python sources of a zip with the pinned Pyodide's own Python, under Node.
//
//   node tools/pyc_zip.mjs SOURCE.zip TARGET.zip WHERE [--stored] [--strip-signatures]
//                          [--only-imported-by STATEMENT]
//
// WHERE goes before each entry's name in the code objects' file names
// ("/lib/python314.zip/" for the standard library). --only-imported-by compiles only the
// modules that STATEMENT imports from SOURCE (run with SOURCE first on the import path)
// and leaves the others as sources. --stored and --strip-signatures: see compile_zip in
// pyc_zip.py, which does the work inside Pyodide so the bytecode matches the interpreter
// the page boots. Python runs without column positions (PYTHONNODEBUGRANGES): tracebacks
// name the file and line, and the compiled files are a fifth smaller.
import { readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { loadPyodide } from "pyodide";

const usage = "usage: node tools/pyc_zip.mjs SOURCE.zip TARGET.zip WHERE [--stored] " +
  "[--strip-signatures] [--only-imported-by STATEMENT]";
let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      stored: { type: "boolean", default: false },
      "strip-signatures": { type: "boolean", default: false },
      "only-imported-by": { type: "string" },
    },
  });
} catch (error) {
  console.error(`${error.message}\n${usage}`);
  process.exit(2);
}
const [source, target, where] = parsed.positionals;
if (!source || !target || where === undefined || parsed.positionals.length > 3) {
  console.error(usage);
  process.exit(2);
}
const options = parsed.values;
const pyodide = await loadPyodide({ env: { HOME: "/home/pyodide", PYTHONNODEBUGRANGES: "1" } });
pyodide.FS.writeFile("/tmp/source.zip", readFileSync(source));
pyodide.FS.writeFile("/tmp/pyc_zip.py", readFileSync(new URL("pyc_zip.py", import.meta.url)));
pyodide.pyimport("sys").path.insert(0, "/tmp");
const tool = pyodide.pyimport("pyc_zip");
const statement = options["only-imported-by"];
// (undefined reaches Python as None: compile every module)
const only = statement === undefined ? undefined : tool.imported_from("/tmp/source.zip", statement);
const compiled = tool.compile_zip.callKwargs("/tmp/source.zip", "/tmp/target.zip", where, {
  only,
  stored: options.stored,
  strip_signatures: options["strip-signatures"],
});
writeFileSync(target, pyodide.FS.readFile("/tmp/target.zip"));
console.log(`compiled ${compiled} modules of ${source} with Python ${pyodide.version}`);
