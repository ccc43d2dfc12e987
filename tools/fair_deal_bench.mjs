// What a friend's match's fair deal costs in the Python the page runs: Pyodide under Node.
//
//   node tools/fair_deal_bench.mjs [ROUNDS]
//
// Boots the Pyodide of node_modules, copies py/ginrummy into its file system, runs
// ginrummy.fair_deal.bench_deal and prints one `name: ms` line per stage. The clock is this
// Node process's CPU time (process.cpuUsage), so the figures hold on a busy machine, as
// the CPython bench's do. Nothing is fetched from the network.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const rounds = Number(process.argv[2] ?? 3);
const pyodide = await loadPyodide();
const target = "/home/pyodide/ginrummy";
pyodide.FS.mkdirTree(target);
const source = join(ROOT, "py", "ginrummy");
for (const entry of readdirSync(source, { withFileTypes: true })) {
  if (entry.isFile() && entry.name.endsWith(".py")) {
    pyodide.FS.writeFile(`${target}/${entry.name}`, readFileSync(join(source, entry.name)));
  }
}
pyodide.globals.set("cpu_seconds", () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
});
const lines = pyodide.runPython(`
import sys
sys.path.insert(0, "/home/pyodide")
from ginrummy.fair_deal import bench_deal
"\\n".join(f"{name}: {ms:.0f} ms" for name, ms in bench_deal(${rounds}, cpu_seconds).items())
`);
console.log(`pyodide ${pyodide.version}\n${lines}`);
