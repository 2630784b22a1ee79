// The import graph of src/: no cycle among the imports that run (lazy `import()` counts: a cycle
// through it still ties the modules' loading together; `import type` is erased, so it cannot), and
// no upward edge between layers, type imports included. Each top folder of src/ is a layer and may
// import only the layers listed for it. A layer may be divided into rooms (its sub-folders, ROOMS):
// then each room imports only the rooms listed for it, and no cycle at all (type imports included)
// ties its files, since a type circle still means no file can be read without the others.
// `npm test` runs this first.
//   bun scripts/check-imports.ts        (exit 1 with the cycles and upward edges, else a count)
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const SRC = join(import.meta.dir, "..", "src");

/** What each layer may import besides itself. Files directly in src/ (main.ts) may import anything. */
const ALLOWED: Record<string, string[]> = {
  common: [],
  dap: ["common"],
  ipc: ["common"],
  present: ["common", "ipc"],
  adapters: ["common", "dap", "ipc"],
  daemon: ["common", "dap", "ipc", "adapters"],
  mcp: ["common", "ipc", "present"],
  cli: ["common", "ipc", "present", "adapters", "mcp"],
};

/**
 * The rooms of a layer: each folder (from src/) and the other rooms it may import besides itself. A
 * room may always import the rooms inside it (a folder's own files stand above its sub-folders);
 * naming a room allows the rooms inside it too. Every folder of a layer listed here must be a room.
 */
const ROOMS: Record<string, string[]> = {
  // The daemon's top (server, dispatch, session registry, cancel) and the request handlers.
  daemon: ["daemon/handlers"],
  "daemon/handlers": ["daemon"],
  // One session: session.ts, facts.ts, runControl.ts and ending.ts over its rooms; the session
  // knows nothing of the daemon around it.
  "daemon/session": [],
  "daemon/session/stops": ["daemon/session/breakpoints", "daemon/session/program", "daemon/session/inspection", "daemon/session/values", "daemon/session/core"],
  "daemon/session/program": ["daemon/session/breakpoints", "daemon/session/core"],
  "daemon/session/breakpoints": ["daemon/session/inspection", "daemon/session/values", "daemon/session/core"],
  "daemon/session/inspection": ["daemon/session/values", "daemon/session/core"],
  "daemon/session/values": ["daemon/session/core"],
  "daemon/session/core": [],
};

/** Files whose types the rooms below them may name in an `import type` (not a run-time import). */
const CORE_TYPES = new Set(["daemon/session/facts.ts"]);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.ts$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

// `import … from "x"`, `export … from "x"`, `import "x"` and `import("x")`; comments are dropped first.
const IMPORT = /(?:^|[\s;])(?:import|export)\s((?:type\s)?)(?:[^'";]*?\sfrom\s)?\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

interface Edge {
  target: string;
  /** `import type` / `export type`: erased when compiled. */
  typeOnly: boolean;
}

function importsOf(file: string): Edge[] {
  const code = readFileSync(file, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "");
  const out: Edge[] = [];
  for (const m of code.matchAll(IMPORT)) {
    const spec = m[2] ?? m[3]!;
    if (!spec.startsWith(".")) continue; // packages and node: builtins
    const target = resolve(dirname(file), spec);
    if (target.endsWith(".ts")) out.push({ target, typeOnly: m[1] === "type " });
  }
  return out;
}

function layerOf(file: string): string | undefined {
  const rel = relative(SRC, file).split("/");
  return rel.length > 1 ? rel[0] : undefined;
}

/** The room a file stands in: its folder from src/; undefined in a layer without rooms. */
function roomOf(file: string): string | undefined {
  const folder = relative(SRC, dirname(file));
  const layer = folder.split("/")[0]!;
  return Object.keys(ROOMS).some((r) => r === layer || r.startsWith(`${layer}/`)) ? folder : undefined;
}

/** Room `from` may import room `to`: itself, a room inside it, or inside one of those listed for it. */
function roomMay(from: string, to: string): boolean {
  const within = (room: string) => to === room || to.startsWith(`${room}/`);
  return within(from) || (ROOMS[from] ?? []).some(within);
}

const all = files(SRC);
const edges = new Map(all.map((f) => [f, importsOf(f)]));
/** The imports that run, for cycles; inside a layer with rooms, type imports too. */
const graph = new Map(
  [...edges].map(([f, es]) => [f, es.filter((e) => !e.typeOnly || (roomOf(f) !== undefined && roomOf(e.target) !== undefined)).map((e) => e.target)]),
);
const problems: string[] = [];
const show = (f: string) => relative(join(SRC, ".."), f);

for (const [file, es] of edges) {
  const targets = es.map((e) => e.target);
  const from = layerOf(file);
  if (from === undefined) continue;
  const allowed = ALLOWED[from];
  if (!allowed) {
    problems.push(`${show(file)}: src/${from}/ is no layer this script knows (add it to ALLOWED)`);
    continue;
  }
  for (const t of targets) {
    const to = layerOf(t);
    if (to !== undefined && to !== from && !allowed.includes(to))
      problems.push(`upward edge: ${show(file)} → ${show(t)} (${from} may import ${allowed.join(", ") || "nothing else"})`);
  }
  const room = roomOf(file);
  if (room === undefined) continue;
  if (!(room in ROOMS)) {
    problems.push(`${show(file)}: src/${room}/ is no room this script knows (add it to ROOMS)`);
    continue;
  }
  for (const { target: t, typeOnly } of es) {
    const to = roomOf(t);
    // The session's core (facts.ts, SessionCore) is what every part holds: its type may be named from
    // any room of the session (erased when compiled), never imported to run.
    if (typeOnly && CORE_TYPES.has(relative(SRC, t))) continue;
    if (to !== undefined && layerOf(t) === from && to in ROOMS && !roomMay(room, to))
      problems.push(
        `upward edge: ${show(file)} → ${show(t)} (src/${room}/ may import ${ROOMS[room]!.map((r) => `src/${r}/`).join(", ") || "only the rooms inside it"})`,
      );
  }
}

// Tarjan's strongly connected components: every component of more than one file is a cycle.
let index = 0;
const idx = new Map<string, number>();
const low = new Map<string, number>();
const stack: string[] = [];
const onStack = new Set<string>();
function visit(v: string): void {
  idx.set(v, index);
  low.set(v, index++);
  stack.push(v);
  onStack.add(v);
  for (const w of graph.get(v) ?? []) {
    if (!graph.has(w)) continue;
    if (!idx.has(w)) {
      visit(w);
      low.set(v, Math.min(low.get(v)!, low.get(w)!));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
  }
  if (low.get(v) === idx.get(v)) {
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    const selfLoop = component.length === 1 && graph.get(v)!.includes(v);
    if (component.length > 1 || selfLoop) problems.push(`import cycle of ${component.length} files: ${component.map(show).sort().join(", ")}`);
  }
}
for (const f of all) if (!idx.has(f)) visit(f);

if (problems.length) {
  console.error(problems.join("\n"));
  console.error(`check-imports: ${problems.length} problem${problems.length === 1 ? "" : "s"} in the import graph of src/`);
  process.exit(1);
}
console.log(`check-imports: ${all.length} files, ${[...edges.values()].reduce((n, t) => n + t.length, 0)} imports, no cycle, no upward edge`);
