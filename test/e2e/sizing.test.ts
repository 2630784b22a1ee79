// A reply sized to the question (issue 20), through the built binary on real adapters: the first
// stop whole; later stops in the same function with their current line only; the window again in
// a new function and on `context`; --print shrinking the locals to those that changed; --locals;
// long locals cut short saying how long they are, while `print` and --json keep the whole.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { buildFixtures, markerLine, sourcePath } from "../../scripts/build-fixtures.ts";
import { gdb } from "../../src/adapters/gdb.ts";
import { join } from "node:path";
import { buildGoFixtures, goFixturesDir } from "../fixtures/go/build.ts";
import { adapterAvailable, CI, E2eEnv, runCommand } from "./harness.ts";

interface Profile {
  name: string;
  available: () => boolean;
  program: () => string;
  source: string;
  flags: string[];
  /** The long string local as the text shows it, cut at 40 characters. */
  textCut: RegExp;
  /** How the adapter names the fixture's functions (Delve: `main.main`). */
  pkg?: string;
}

let fixtures: Record<string, string> = {};
let goFixtures: Record<string, string> = {};
const GO_SRC = join(goFixturesDir, "sizing", "main.go");
const C_SRC = sourcePath("c/sizing.c");
const PY_SRC = sourcePath("python/sizing.py");
const ten = "abcdefghij";

const debugpyFound = () => {
  if (runCommand(["/usr/bin/python3", "-c", "import debugpy"]).exitCode === 0) return true;
  if (CI) throw new Error("CI=true and debugpy is not importable by /usr/bin/python3: test/e2e/sizing.test.ts cannot run");
  console.warn("SKIP test/e2e/sizing.test.ts debugpy: not installed");
  return false;
};

const gdbFound = () => {
  if (gdb.discover({ options: {} })) return true;
  if (CI) throw new Error("CI=true and gdb with cdt-gdb-adapter is not installed: test/e2e/sizing.test.ts cannot run");
  console.warn("SKIP test/e2e/sizing.test.ts gdb: gdb with cdt-gdb-adapter is not installed");
  return false;
};

const profiles: Profile[] = [
  {
    name: "lldb-dap/C",
    available: () => adapterAvailable("lldb-dap", "test/e2e/sizing.test.ts"),
    program: () => fixtures["c-sizing"]!,
    source: C_SRC,
    flags: [],
    textCut: new RegExp(`^  text \\(const char \\*\\) = 0x[0-9a-f]+ "${ten.repeat(4)}…" \\(200 chars\\)$`, "m"),
  },
  {
    name: "gdb/C",
    available: gdbFound,
    program: () => fixtures["c-sizing"]!,
    source: C_SRC,
    flags: ["--adapter", "gdb"],
    textCut: new RegExp(`^  text \\(const char \\*\\) = 0x[0-9a-f]+ "${ten.repeat(4)}…" \\(200 chars\\)$`, "m"),
  },
  {
    name: "delve/Go",
    available: () => adapterAvailable("dlv", "test/e2e/sizing.test.ts"),
    program: () => goFixtures.sizing!,
    source: GO_SRC,
    flags: [],
    textCut: new RegExp(`^  text \\(string\\) = "${ten.repeat(4)}…" \\(200 chars\\)$`, "m"),
    pkg: "main.",
  },
  {
    name: "debugpy/Python",
    available: debugpyFound,
    program: () => PY_SRC,
    source: PY_SRC,
    flags: ["--python", "/usr/bin/python3"],
    textCut: new RegExp(`^  text \\(str\\) = '${ten.repeat(4)}…' \\(200 chars\\)$`, "m"),
  },
];

const env = new E2eEnv();
beforeAll(async () => {
  fixtures = await buildFixtures();
  goFixtures = await buildGoFixtures();
}, 240_000);
afterEach(() => env.stopSessions());
afterAll(() => env.close());

/** Lines of the source window in a stop report's text (`→ 18  …` and the lines around it). */
function windowLines(text: string): string[] {
  return text.split("\n").filter((l) => /^[→ ] +\d+  /.test(l));
}

for (const p of profiles) {
  const line = (mark: string) => markerLine(p.source, mark);
  const at = (mark: string) => `${p.source}:${line(mark)}`;
  const fn = (name: string) => `${p.pkg ?? ""}${name}`;
  describe.skipIf(!p.available())(p.name, () => {
    test("first stop whole; the same function again: its line only; --print: the changed locals; a new function and context: the window", async () => {
      const s = env.session(`sizing-${p.name.replace(/\W/g, "")}`);
      const first = await s.run(["start", p.program(), ...p.flags, "--break", at("loop_body")], { json: false });
      expect(first.exitCode).toBe(0);
      // The first stop of a session: the 7-line window and every local, the long string cut short.
      expect(windowLines(first.stdout)).toHaveLength(7);
      expect(first.stdout).toMatch(/^  total \(int\) = 0$/m);
      expect(first.stdout).toMatch(/^  i \(int\) = 0$/m);
      expect(first.stdout).toMatch(p.textCut);
      expect(first.stdout).toContain("(… = cut; `debugger print NAME` shows all)");

      // The same function again, no --print: the current line only, every local.
      const second = await s.run(["continue"], { json: false });
      expect(windowLines(second.stdout)).toEqual([expect.stringMatching(new RegExp(`^→ ${line("loop_body")}\\s+total \\+= squares\\[i\\]`))]);
      expect(second.stdout).toMatch(/^  i \(int\) = 1$/m);
      expect(second.stdout).toMatch(/^  total \(int\) = 0$/m);

      // --print: the value leads; of the locals only `i` changed (total is the value asked for).
      const third = await s.run(["continue", "--print", "total"], { json: false });
      expect(third.stdout).toContain("Values:\n  total = 1");
      expect(third.stdout).toMatch(/^Locals \(2 unchanged: `debugger locals`\):\n  i \(int\) = 2$/m);
      expect(third.stdout).not.toMatch(/^  text /m);
      expect(windowLines(third.stdout)).toHaveLength(1);

      // --json stays whole: the full window, every local, and the facts the text used.
      const json = await s.ok(["continue", "--print", "total", "--locals", "none"]);
      expect(json.stop.source.length).toBe(7);
      expect(json.stop.locals.map((v: { name: string }) => v.name)).toEqual(expect.arrayContaining(["text", "squares", "total", "i"]));
      expect(json.stop.seen).toEqual({ sameFrame: true, unchanged: expect.arrayContaining(["text", "squares"]) });
      expect(json.stop.seen.unchanged).not.toContain("i");
      // The daemon's own cut (at 200 characters) says how long the whole was.
      const text = json.stop.locals.find((v: { name: string }) => v.name === "text")!;
      expect(text.value).toEndWith("…");
      expect(text.whole?.chars).toBe(200);
      expect(text.whole?.items).toBeUndefined();

      // A new function: the window again, and all its locals (it was never reported before).
      await s.ok(["breakpoint", "add", at("weight_body")]);
      const callee = await s.run(["continue", "--print", "s"], { json: false });
      expect(callee.stdout).toContain(`in ${fn("weight")} (`);
      expect(windowLines(callee.stdout)).toHaveLength(7);
      // `print` is never cut.
      const printed = await s.run(["print", "s"], { json: false });
      expect(printed.stdout).toContain(ten.repeat(20));
      expect(printed.stdout).not.toContain("…");

      // Back in main (another function than the last report's): the window again.
      const back = await s.run(["finish", "--locals", "none"], { json: false });
      expect(back.exitCode).toBe(0);
      expect(back.stdout).toContain(`in ${fn("main")} (`);
      expect(windowLines(back.stdout).length).toBeGreaterThan(1);
      expect(back.stdout).not.toContain("Locals");

      // context shows the window whatever the last report showed.
      const stepped = await s.run(["next", "--locals", "changed"], { json: false });
      expect(windowLines(stepped.stdout)).toHaveLength(1);
      const context = await s.run(["context"], { json: false });
      expect(windowLines(context.stdout).length).toBeGreaterThan(1);
    });

    test("a trace's rows are not reports: the next stop in that function shows its window and locals", async () => {
      const s = env.session(`sizing-trace-${p.name.replace(/\W/g, "")}`);
      const entry = await s.ok(["start", p.program(), ...p.flags, "--stop-on-entry"]);
      const trace = await s.run(["trace", at("loop_body"), "--print", "i", "--max", "2"], { json: false });
      expect(trace.stdout).toContain("Stopped at hit 2 (--max)");
      const next = await s.run(["next", "--print", "total"], { json: false });
      expect(next.stdout).toContain(`in ${fn("main")} (`);
      if (entry.stop?.frame?.function !== fn("main")) {
        // lldb-dap (_start) and debugpy (the module): main was never shown, so its window and every local.
        expect(windowLines(next.stdout).length).toBeGreaterThan(1);
        expect(next.stdout).toMatch(/^Locals:\n/m);
        expect(next.stdout).toMatch(p.textCut);
      } else {
        // gdb enters at main: the entry report showed main, and the rows did not replace it.
        expect(windowLines(next.stdout)).toHaveLength(1);
        expect(next.stdout).toMatch(/^Locals \(\d+ unchanged: `debugger locals`\):\n/m);
      }
    });

    test("--locals in a batch plan, and a bad --locals is a usage error", async () => {
      const name = `sizing-batch-${p.name.replace(/\W/g, "")}`;
      const plan = [
        `start ${p.program()} ${p.flags.join(" ")} --break ${at("loop_body")} --session ${name}`,
        `continue --session ${name} --locals none`,
        `continue --session ${name} --print i --locals all`,
      ].join("\n");
      const r = await env.run(["batch"], { stdin: plan, json: false });
      expect(r.exitCode).toBe(0);
      const steps = r.stdout.split(/^» /m).slice(1);
      expect(steps).toHaveLength(3);
      expect(steps[0]).toMatch(/^Locals:$/m);
      expect(steps[1]).not.toContain("Locals");
      expect(windowLines(steps[1]!)).toHaveLength(1);
      // --locals all: every local but the one the value already shows.
      expect(steps[2]).toMatch(/^Locals:\n/m);
      expect(steps[2]).toMatch(/^  total \(int\) = /m);
      expect(steps[2]).toMatch(p.textCut);
      const bad = await env.run(["continue", "--session", name, "--locals", "some"], { json: false });
      expect(bad.exitCode).toBe(2);
      expect(bad.stderr).toContain("--locals takes none, changed or all, not 'some' [USAGE]");
      await env.run(["stop", "--session", name]);
    });
  });
}

describe.skipIf(!profiles[0]!.available())("[defaults] locals in config.toml", () => {
  test("sets the default a command's --locals overrides; a bad value is an error naming the key", async () => {
    const p = profiles[0]!;
    const at = (mark: string) => `${p.source}:${markerLine(p.source, mark)}`;
    const other = new E2eEnv({ prefix: "dbg-sizing-cfg-", config: '[defaults]\nlocals = "none"\n' });
    try {
      const s = other.session("cfg");
      const first = await s.run(["start", p.program(), "--break", at("loop_body")], { json: false });
      expect(first.exitCode).toBe(0);
      expect(first.stdout).not.toContain("Locals");
      const all = await s.run(["continue", "--locals", "all"], { json: false });
      expect(all.stdout).toMatch(/^  i \(int\) = 1$/m);
      // A batch reads the config too.
      const batch = await other.run(["batch"], { stdin: "continue --session cfg\n", json: false });
      expect(batch.stdout).not.toContain("Locals");
      await s.run(["stop"]);
    } finally {
      await other.close();
    }
    const bad = new E2eEnv({ prefix: "dbg-sizing-bad-", config: '[defaults]\nlocals = "some"\n' });
    try {
      const r = await bad.run(["status"], { json: false });
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toContain("line 2: key 'defaults.locals'");
      expect(r.stderr).toContain("[INVALID_ARGUMENT]");
    } finally {
      await bad.close();
    }
  });
});
