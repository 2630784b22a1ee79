// Which compiled JavaScript files a source (TypeScript) was compiled into, read from the source
// maps beside them. js-debug binds a breakpoint in a .ts file only once the compiled file's map
// has loaded, and on Node 20 its pause for source maps (`pauseForSourceMap`) does not hold a
// CommonJS module (measured, js-debug 1.112): a short program ran past the breakpoint 5/5. A
// breakpoint at the compiled file's first line holds it there while the map loads.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

const SKIP = new Set(["node_modules", ".git"]);
const MAX_FILES = 20_000;
const MAX_DEPTH = 12;

/** Compiled files (absolute) whose source maps name `source`, under `roots`. */
export function compiledFilesFor(source: string, roots: string[]): string[] {
  const want = resolve(source);
  const out = new Set<string>();
  let seen = 0;
  const walk = (dir: string, depth: number) => {
    if (depth > MAX_DEPTH || seen > MAX_FILES) return;
    let entries: import("node:fs").Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (++seen > MAX_FILES) return;
      const path = join(dir, e.name);
      if (e.isDirectory()) {
        if (!SKIP.has(e.name) && !e.name.startsWith(".")) walk(path, depth + 1);
      } else if (/\.(m|c)?js\.map$/.test(e.name)) {
        const compiled = mapNames(path, want);
        if (compiled) out.add(compiled);
      }
    }
  };
  const unique = [...new Set(roots.map((r) => resolve(r)))].filter((r, i, all) => !all.some((o, j) => j !== i && r.startsWith(`${o}/`)));
  for (const r of unique) walk(r, 0);
  return [...out];
}

function mapNames(mapPath: string, want: string): string | undefined {
  try {
    if (statSync(mapPath).size > 8 * 1024 * 1024) return undefined;
    const map = JSON.parse(readFileSync(mapPath, "utf8")) as { sources?: string[]; sourceRoot?: string; file?: string };
    const base = resolve(dirname(mapPath), map.sourceRoot ?? "");
    const names = (map.sources ?? []).map((s) => resolve(base, s.replace(/^file:\/\//, "")));
    if (!names.includes(want)) return undefined;
    const compiled = mapPath.slice(0, -".map".length);
    statSync(compiled);
    return compiled;
  } catch {
    return undefined;
  }
}
