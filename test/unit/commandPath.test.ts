// What a plain command (`threads`, `next`…) loads before it talks to the daemon: the CLI entry
// (src/cli/run.ts) and every chunk it imports statically, bundled as scripts/build.ts bundles it
// (--splitting: dynamic imports become chunks of their own, loaded only when called). Loading
// node:fs costs a compiled one-line program ~1 ms of a ~4 ms run, node:path ~0.3 ms (BENCHMARKS.md,
// "micro rows"), so no module on that path imports them at load time; code that needs one requires
// it when called.
import { expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";

const root = join(import.meta.dir, "..", "..");

/** For each chunk of the command path: the Node built-ins it imports statically. */
async function commandPathBuiltins(): Promise<Map<string, string[]>> {
  const out = mkdtempSync(join(tmpdir(), "dbg-cmdpath-"));
  try {
    const built = await Bun.build({
      entrypoints: [join(root, "src", "cli", "run.ts")],
      outdir: out,
      target: "bun",
      format: "esm",
      splitting: true,
    });
    expect(built.success).toBe(true);
    const texts = new Map<string, string>();
    for (const a of built.outputs) if (a.path.endsWith(".js")) texts.set(basename(a.path), await a.text());
    const entry = built.outputs.find((a) => a.kind === "entry-point");
    expect(entry).toBeDefined();
    const found = new Map<string, string[]>();
    const queue = [basename(entry!.path)];
    while (queue.length) {
      const name = queue.shift()!;
      if (found.has(name)) continue;
      const text = texts.get(name) ?? "";
      const statics = [...text.matchAll(/^import\s[^;]*?\sfrom\s*"([^"]+)"|^import\s*"([^"]+)"/gm)].map((m) => m[1] ?? m[2]!);
      found.set(
        name,
        statics.filter((s) => !s.startsWith(".")),
      );
      for (const s of statics) if (s.startsWith("./")) queue.push(s.slice(2));
    }
    return found;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

test("the command path imports neither node:fs nor node:path at load time", async () => {
  const chunks = await commandPathBuiltins();
  // The walk reached the shared chunks too (the registry, the client, the presenters).
  expect(chunks.size).toBeGreaterThan(1);
  const loaded = [...chunks].filter(([, builtins]) => builtins.some((b) => ["fs", "node:fs", "path", "node:path"].includes(b)));
  expect(loaded).toEqual([]);
});

/** The source modules in the static closure of the chunk holding `module` (the bundle's `// path` lines). */
async function staticModules(module: string): Promise<string[]> {
  const out = mkdtempSync(join(tmpdir(), "dbg-cmdpath-"));
  try {
    const built = await Bun.build({ entrypoints: [join(root, "src", "cli", "run.ts")], outdir: out, target: "bun", format: "esm", splitting: true });
    expect(built.success).toBe(true);
    const texts = new Map<string, string>();
    for (const a of built.outputs) if (a.path.endsWith(".js")) texts.set(basename(a.path), await a.text());
    const sources = (text: string) => [...text.matchAll(/^\/\/ (\S+\.ts)$/gm)].map((m) => m[1]!.replaceAll("\\", "/"));
    const start = [...texts].find(([, text]) => sources(text).some((s) => s.endsWith(module)));
    expect(start).toBeDefined();
    const found = new Set<string>();
    const seen = new Set<string>();
    const queue = [start![0]];
    while (queue.length) {
      const name = queue.shift()!;
      if (seen.has(name)) continue;
      seen.add(name);
      const text = texts.get(name) ?? "";
      for (const s of sources(text)) found.add(s);
      for (const m of text.matchAll(/^import\s[^;]*?\sfrom\s*"\.\/([^"]+)"|^import\s*"\.\/([^"]+)"/gm)) queue.push(m[1] ?? m[2]!);
    }
    return [...found];
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

// The command table's definition files (src/cli/lazyTable.ts's index) and the full table.
const DEFINITIONS = [
  "session",
  "oneShot",
  "diff",
  "test",
  "breakpoints",
  "execution",
  "inspection",
  "output",
  "tools",
  "guide",
  "mcp",
  "batchCommand",
  "admin",
];
const definitionsIn = (modules: string[]) => modules.filter((m) => DEFINITIONS.some((d) => m.endsWith(`/cli/${d}.ts`)) || m.endsWith("/cli/registry.ts"));

test("the command path loads no command's definitions until the command is known, then only its own file", async () => {
  // The CLI entry: the lazy table, not the registry.
  const entry = await staticModules("/cli/run.ts");
  expect(entry.some((m) => m.endsWith("/cli/lazyTable.ts"))).toBe(true);
  expect(definitionsIn(entry)).toEqual([]);
  // `threads` then loads the inspection commands' chunk, which brings no other definition file.
  expect(definitionsIn(await staticModules("/cli/inspection.ts")).map((m) => m.slice(m.lastIndexOf("/") + 1))).toEqual(["inspection.ts"]);
  expect(definitionsIn(await staticModules("/cli/execution.ts")).map((m) => m.slice(m.lastIndexOf("/") + 1))).toEqual(["execution.ts"]);
});
