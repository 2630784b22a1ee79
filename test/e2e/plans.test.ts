// Plans in one call against the real adapters: a conditional first stop with values, several
// prints, trace, every thread at once, and a batch — on the same fixture program in C (lldb-dap and
// gdb), Python (debugpy) and Go (Delve).
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { buildFixtures, markerLine, sourcePath } from "../../scripts/build-fixtures.ts";
import { gdb } from "../../src/adapters/gdb.ts";
import { buildGoFixtures, goFixturesDir } from "../fixtures/go/build.ts";
import { adapterAvailable, CI, E2eEnv, runCommand } from "./harness.ts";

interface Profile {
  name: string;
  available: () => boolean;
  program: () => string;
  source: string;
  flags: string[];
  add: string;
}

let fixtures: Record<string, string> = {};
let goFixtures: Record<string, string> = {};
const C_SRC = sourcePath("c/basic.c");
const PY_SRC = sourcePath("python/basic.py");
const GO_SRC = join(goFixturesDir, "basic", "main.go");

const gdbFound = () => {
  if (gdb.discover({ options: {} })) return true;
  if (CI) throw new Error("CI=true and gdb with cdt-gdb-adapter is not installed: test/e2e/plans.test.ts cannot run");
  console.warn("SKIP test/e2e/plans.test.ts gdb: gdb with cdt-gdb-adapter is not installed");
  return false;
};
const debugpyFound = () => {
  if (runCommand(["/usr/bin/python3", "-c", "import debugpy"]).exitCode === 0) return true;
  if (CI) throw new Error("CI=true and debugpy is not importable by /usr/bin/python3: test/e2e/plans.test.ts cannot run");
  console.warn("SKIP test/e2e/plans.test.ts debugpy: not installed");
  return false;
};

const profiles: Profile[] = [
  {
    name: "lldb-dap/C",
    available: () => adapterAvailable("lldb-dap", "test/e2e/plans.test.ts"),
    program: () => fixtures["c-basic"]!,
    source: C_SRC,
    flags: [],
    add: "add",
  },
  { name: "gdb/C", available: gdbFound, program: () => fixtures["c-basic"]!, source: C_SRC, flags: ["--adapter", "gdb"], add: "add" },
  { name: "debugpy/Python", available: debugpyFound, program: () => PY_SRC, source: PY_SRC, flags: ["--python", "/usr/bin/python3"], add: "add" },
  {
    name: "delve/Go",
    available: () => adapterAvailable("dlv", "test/e2e/plans.test.ts"),
    program: () => goFixtures.basic!,
    source: GO_SRC,
    flags: [],
    add: "main.add",
  },
];

const env = new E2eEnv();
beforeAll(async () => {
  fixtures = await buildFixtures();
  goFixtures = await buildGoFixtures();
}, 240_000);
afterEach(() => env.stopSessions());
afterAll(() => env.close());

for (const p of profiles) {
  const at = (mark: string) => `${p.source}:${markerLine(p.source, mark)}`;
  describe.skipIf(!p.available())(p.name, () => {
    test("a conditional first stop with its values, several prints, trace to --max, every thread", async () => {
      const s = env.session(`plan-${p.name.replace(/\W/g, "")}`);
      const r = await s.ok(["start", p.program(), ...p.flags, "--break", `${at("loop_body")} if i == 3`, "--print", "total", "--print", "nosuch"]);
      expect(r.stop).toMatchObject({ reason: "breakpoint", breakpointIds: [1], frame: { line: markerLine(p.source, "loop_body") } });
      expect(r.stop.displays[0]).toMatchObject({ expression: "total", value: "3" });
      expect(r.stop.displays[1].expression).toBe("nosuch");
      expect(r.stop.displays[1].error).toBeString();
      expect(r.breakpoints[0]).toMatchObject({ condition: "i == 3" });

      const pr = await s.ok(["print", "i", "total", "nosuch"]);
      expect(pr.results.slice(0, 2).map((x) => [x.expression, x.result])).toEqual([
        ["i", "3"],
        ["total", "3"],
      ]);
      expect(pr.results[2].error).toBeString();

      const tr = await s.ok(["trace", at("add_body"), "--print", "a", "--print", "b", "--max", "2"]);
      expect(tr.stoppedBy).toBe("max");
      expect(tr.hits.map((h) => h.values.map((v) => v.value))).toEqual([
        ["3", "3"],
        ["6", "4"],
      ]);
      expect(tr.stop).toMatchObject({ reason: "breakpoint", frame: { line: markerLine(p.source, "add_body") } });

      const bt = await s.ok(["backtrace", "--all"]);
      const current = bt.threads.find((t) => t.current)!;
      expect(current.userFrame ?? current.frames[0]).toMatchObject({ function: p.add, line: markerLine(p.source, "add_body") });
    });

    test("batch: the plan in one call, each reply under its line", async () => {
      const name = `batch-${p.name.replace(/\W/g, "")}`;
      const plan = [
        `start ${p.program()} ${p.flags.join(" ")} --break '${at("add_body")} if b == 2' --session ${name}`,
        `print a b --session ${name}`,
        `finish --print total --session ${name}`,
        `stop --session ${name}`,
      ].join("\n");
      const r = await env.run(["batch"], { stdin: plan });
      expect(r.exitCode).toBe(0);
      const replies = r.json.data.replies;
      expect(replies.map((x) => [x.command, x.ok])).toEqual([
        ["start", true],
        ["print", true],
        ["finish", true],
        ["stop", true],
      ]);
      expect(replies[1].data.results.map((x) => x.result)).toEqual(["1", "2"]);
      expect(replies[2].data.stop.displays).toEqual([expect.objectContaining({ expression: "total", value: "1" })]);
    });
  });
}
