// Fewer calls than a gdb batch script, through the binary on the real adapters: `run` (start, a row
// of values per breakpoint stop, the end, nothing left behind), conditional breakpoints that say
// why they never stopped, `start` over a session whose program has ended, and expressions the
// shell cut short — on the same fixture in C (lldb-dap and gdb), Python (debugpy) and Go (Delve).
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { buildFixtures, markerLine, sourcePath } from "../../scripts/build-fixtures.ts";
import { gdb } from "../../src/adapters/gdb.ts";
import { buildGoFixtures, goFixturesDir } from "../fixtures/go/build.ts";
import { adapterAvailable, E2eEnv, missing, runCommand } from "./harness.ts";

interface Profile {
  name: string;
  available: () => boolean;
  program: () => string;
  source: string;
  flags: string[];
}

let fixtures: Record<string, string> = {};
let goFixtures: Record<string, string> = {};
const C_SRC = sourcePath("c/basic.c");
const PY_SRC = sourcePath("python/basic.py");
const GO_SRC = join(goFixturesDir, "basic", "main.go");
const FILE = "test/e2e/oneshot.test.ts";

const profiles: Profile[] = [
  { name: "lldb-dap/C", available: () => adapterAvailable("lldb-dap", FILE), program: () => fixtures["c-basic"]!, source: C_SRC, flags: [] },
  {
    name: "gdb/C",
    available: () => !!gdb.discover({ options: {} }) || missing("gdb with cdt-gdb-adapter is not installed", FILE),
    program: () => fixtures["c-basic"]!,
    source: C_SRC,
    flags: ["--adapter", "gdb"],
  },
  {
    name: "debugpy/Python",
    available: () => runCommand(["/usr/bin/python3", "-c", "import debugpy"]).exitCode === 0 || missing("debugpy is not importable by /usr/bin/python3", FILE),
    program: () => PY_SRC,
    source: PY_SRC,
    flags: ["--python", "/usr/bin/python3"],
  },
  { name: "delve/Go", available: () => adapterAvailable("dlv", FILE), program: () => goFixtures.basic!, source: GO_SRC, flags: [] },
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
    test("run: a row of values per stop up to --max, then nothing left behind", async () => {
      const r = await env.run(["run", p.program(), ...p.flags, "--break", `${at("loop_body")} if i >= 2`, "--print", "i", "--print", "total", "--max", "2"], {
        json: false,
      });
      expect(r.exitCode).toBe(0);
      // The place once, then one line per stop: what `commands … end` prints in a gdb script.
      expect(r.stdout).toMatch(/^Stops at .*:\d+\):\n#1  i = 2  total = 1\n#2  i = 3  total = 3\nStopped after 2 stops \(--max\); the program was ended\.$/m);
      expect((await env.ok(["sessions"])).sessions).toEqual([]);

      const all = await env.ok(["run", p.program(), ...p.flags, "--break", at("add_body"), "--print", "b"]);
      expect(all.stoppedBy).toBe("exit");
      expect(all.hits.map((h) => h.values[0].value)).toEqual(["0", "1", "2", "3", "4"]);
      expect(all.stop).toMatchObject({ reason: "exited", exitCode: 3 });
      expect(all.stop.output).toContain("stdout: total=10 f=24");
      expect((await env.ok(["sessions"])).sessions).toEqual([]);
    });

    // Issue 33 item 1: the report showed the last 8 KB cut mid-line and named a session `run` had ended.
    if (p.name.endsWith("/C"))
      test("run of a program that logs 3,000 lines and crashes: the last whole lines, and the file with all of them", async () => {
        const r = await env.ok(["run", fixtures["c-logcrash"]!, ...p.flags]);
        expect(r.stoppedBy).toBe("other");
        expect(r.stop.frame?.line).toBe(markerLine(sourcePath("c/logcrash.c"), "crash_here"));
        // gdb adds its "Program received signal SIGSEGV" to the program's output (not this test's matter).
        const ours = (text: string) => text.split("\n").filter((l) => l && !l.startsWith("Program received signal"));
        const lines = ours(r.stop.output);
        expect(lines.length).toBeGreaterThan(50);
        expect(lines.every((l: string) => /^line \d+ of the run, some text to make it longer$/.test(l))).toBe(true);
        expect(lines.at(-1)).toBe("line 3000 of the run, some text to make it longer");
        const file = r.stop.outputFile!;
        expect(r.stop.truncated?.join("\n")).toMatch(/^output: the last \d+ of 300\d lines shown; all of it \(\d+ bytes\) is in \/.*\.log$/);
        expect(r.stop.truncated?.join("\n")).toEndWith(` is in ${file}`);
        const all = ours(await Bun.file(file).text());
        expect(all).toHaveLength(3000);
        expect(all.at(-1)).toBe("line 3000 of the run, some text to make it longer");
        expect((await env.ok(["sessions"])).sessions).toEqual([]);
      });

    // Issue 31 item 6: the crash guide's recipe; start --print showed them, run did not.
    test("run: --print values at a crash, a panic or an uncaught exception, as at a breakpoint", async () => {
      const crash = p.name.endsWith("/C")
        ? { argv: [fixtures["c-logcrash"]!, "--print", "p"], expr: "p", value: /^0x0+\b/ }
        : p.name.includes("Python")
          ? { argv: [sourcePath("python/raises.py"), "--print", "value"], expr: "value", value: /^42\b/ }
          : { argv: [goFixtures.panics!, "--print", "n", "--", "unrecovered"], expr: "n", value: /^2\b/ };
      const r = await env.ok(["run", ...p.flags, ...crash.argv]);
      expect(r.stoppedBy).toBe("other");
      expect(r.hits).toEqual([]);
      const shown = r.stop.displays?.find((d: { expression: string }) => d.expression === crash.expr);
      expect(shown?.value).toMatch(crash.value);
      expect((await env.ok(["sessions"])).sessions).toEqual([]);
    });

    // Where a string literal evaluates (gdb through cdt-gdb-adapter and Delve refuse one).
    if (/lldb-dap|Python/.test(p.name))
      test("run: a --print value is not cut at a row's 60 characters (no session is left to print the rest)", async () => {
        const long = p.name.includes("Python") ? "'ab' * 45" : `"${"ab".repeat(45)}"`;
        const r = await env.ok(["run", p.program(), ...p.flags, "--break", at("add_body"), "--print", long, "--max", "1"]);
        expect(r.hits[0]!.values[0]!.value).toContain("ab".repeat(45));
      });

    test("a condition never true: the exit says it was reached 5 times, with its operands at the last hit", async () => {
      const and = p.name.includes("Python") ? "and" : "&&";
      const r = await env.run(["run", p.program(), ...p.flags, "--break", `${at("loop_body")} if i == 7 ${and} total > 0`, "--print", "i"], { json: false });
      expect(r.exitCode).toBe(0);
      expect(r.stdout).toMatch(
        /Breakpoint #1 .* if i == 7 (&&|and) total > 0 never stopped: reached 5 times, the condition false each time \(last time: i = 4, total = 6\)\./,
      );
      const unreached = await env.ok(["run", p.program(), ...p.flags, "--break", `${at("factorial_base")} if n > 100`]);
      expect(unreached.stop.neverStopped).toEqual([
        { id: 1, location: expect.stringContaining("if n > 100"), why: "reached 1 time, the condition false each time (last time: n = 1)" },
      ]);
    });

    // Issue 31 item 1: prints that belong to a breakpoint, beside --print (every stop).
    test("run: 'LOC print EXPR, EXPR' shows those at that breakpoint's stops only; start and trace take them too", async () => {
      const r = await env.ok([
        "run",
        p.program(),
        ...p.flags,
        "--break",
        `${at("loop_body")} if i >= 3 print i, total`,
        "--break",
        `${at("add_body")} print a`,
        "--max",
        "3",
      ]);
      expect(r.hits.map((h) => h.values.map((v) => `${v.expression}=${v.value ?? "error"}`).join(" "))).toEqual(["a=0", "a=0", "a=1"]);
      const both = await env.ok([
        "run",
        p.program(),
        ...p.flags,
        "--break",
        `${at("loop_body")} if i >= 3 print i, total`,
        "--break",
        `${at("add_body")} print a`,
        "--print",
        "b",
        "--max",
        "9",
      ]);
      const rows = both.hits.map((h) => h.values.map((v) => `${v.expression}=${v.value ?? "error"}`).join(" "));
      expect(rows.slice(3)).toEqual(["b=error i=3 total=3", "b=3 a=3", "b=error i=4 total=6", "b=4 a=6"]);
      expect(both.breakpoints[0].prints).toEqual(["i", "total"]);
      const s = env.session(`bprint-${p.name.replace(/\W/g, "")}`);
      const started = await s.ok(["start", p.program(), ...p.flags, "--break", `${at("add_body")} print a, b`]);
      expect(started.stop.displays).toEqual(
        [
          { expression: "a", value: "0", type: expect.anything() },
          { expression: "b", value: "0", type: expect.anything() },
        ].map((d) => expect.objectContaining({ expression: d.expression, value: d.value })),
      );
      // (The next stop at add_body would end the trace: one hit.)
      const traced = await s.ok(["trace", `${at("loop_body")} print i`, "--max", "1"]);
      expect(traced.hits.map((h) => h.values[0].value)).toEqual(["1"]);
    });

    // Issue 31 item 3: every --print failing at the first stop is said once, with the likely cause.
    test("run: every --print unknown at the first stop ends the run there, naming the function the line is in", async () => {
      const r = await env.run(["run", p.program(), ...p.flags, "--break", at("add_body"), "--print", "nosuchname", "--print", "total"], { json: false });
      expect(r.exitCode).toBe(0);
      expect(r.stdout.match(/^#\d/gm)).toEqual(["#1"]);
      expect(r.stdout).toMatch(
        /Every --print failed at the first stop, so the run ended there rather than say it at every stop: .*:\d+ is in (main\.)?add, whose locals are .*\ba\b.*\. Is the breakpoint in the function you meant\?/,
      );
      const j = await env.ok(["run", p.program(), ...p.flags, "--break", at("add_body"), "--print", "nosuchname"]);
      expect(j.stoppedBy).toBe("printsFailed");
      expect((await env.ok(["sessions"])).sessions).toEqual([]);
    });

    // Issue 31 item 4: values sized by their meaning.
    if (p.name.endsWith("/C"))
      test("run: --print '&p' is the address, nothing read behind it", async () => {
        const r = await env.ok(["run", p.program(), ...p.flags, "--break", at("loop_body"), "--print", "&p", "--max", "1"]);
        expect(r.hits[0].values[0].value).toMatch(/^0x[0-9a-f]+$/);
      });
    if (p.name.includes("Python"))
      test("run: elements pydevd would cut in their middle come whole (the years of a datetime kept)", async () => {
        const r = await env.ok([
          "run",
          p.program(),
          ...p.flags,
          "--break",
          at("loop_body"),
          "--print",
          "[__import__('datetime').datetime(2024, 1, d) for d in (1, 2)]",
          "--print",
          "nosuch + 1",
          "--max",
          "1",
        ]);
        expect(r.hits[0].values[0].value).toBe("[datetime.datetime(2024, 1, 1, 0, 0), datetime.datetime(2024, 1, 2, 0, 0)]");
        // An error stays an error (the clipboard context would give it as a value).
        expect(r.hits[0].values[1].error).toContain("NameError");
      });

    // Issue 31 item 2: a continue back at the breakpoint it left names the one call that walks the loop.
    test("continue at the same breakpoint twice in a row says how to walk N passes in one call", async () => {
      const s = env.session(`loop-${p.name.replace(/\W/g, "")}`);
      await s.ok(["start", p.program(), ...p.flags, "--break", at("loop_body")]);
      const again = await s.run(["continue", "--print", "i"], { json: false });
      expect(again.stdout).toContain(
        `Breakpoint 1 again: \`debugger trace ${at("loop_body")} --print i --max 20\` walks 20 passes in one call, a row of values each.`,
      );
      const stepped = await s.ok(["next"]);
      expect((stepped as { loopHint?: string }).loopHint).toBeUndefined();
      // The suggested call works from there.
      const walked = await s.ok(["trace", at("loop_body"), "--print", "i", "--max", "2"]);
      expect(walked.hits.length).toBe(2);
    });

    test("breakpoint list counts the false hits before the stop; start replaces a session whose program ended", async () => {
      const s = env.session(`cond-${p.name.replace(/\W/g, "")}`);
      const r = await s.ok(["start", p.program(), ...p.flags, "--break", `${at("loop_body")} if i == 3`]);
      expect(r.stop).toMatchObject({ reason: "breakpoint", breakpointIds: [1] });
      const list = await s.ok(["breakpoint", "list"]);
      expect(list.breakpoints[0]).toMatchObject({ hits: 1, conditionFalse: { hits: 3, last: [{ expression: "i", value: "2" }] } });
      const text = await s.run(["breakpoint", "list"], { json: false });
      expect(text.stdout).toContain("hits 1  (condition false 3×; last: i = 2)");
      // A step hands the condition to the adapter; a continue takes it back: false hits counted again.
      await s.ok(["next"]);
      const end = await s.ok(["continue"]);
      expect(end.stop.reason).toBe("exited");
      // No `stop` needed: the program has ended, so start takes the name.
      const again = await s.ok(["start", p.program(), ...p.flags, "--break", at("factorial_base")]);
      expect(again.stop).toMatchObject({ reason: "breakpoint", frame: { line: markerLine(p.source, "factorial_base") } });
    });
  });
}

describe("expressions the shell cut short", () => {
  test("a --print or print expression ending in '-', '=', '|' or '<' gets a warning with the quoted form", async () => {
    if (!adapterAvailable("lldb-dap", FILE)) return;
    const r = await env.run(["run", fixtures["c-basic"]!, "--break", `${C_SRC}:${markerLine(C_SRC, "add_body")}`, "--print", "sum-", "--max", "1"], {
      json: false,
    });
    expect(r.stderr).toContain("warning: 'sum-' ends in '-': the shell probably took the rest of it");
    expect(r.stderr).toContain("--print 'sum->…'");
    const p = await env.run(["print", "a", "b |"], { json: false });
    expect(p.stderr).toContain("warning: 'b |' ends in '|'");
    // A sound expression is not warned about.
    const fine = await env.run(["run", fixtures["c-basic"]!, "--break", `${C_SRC}:${markerLine(C_SRC, "add_body")}`, "--print", "a - b", "--max", "1"], {
      json: false,
    });
    expect(fine.stderr).not.toContain("warning");
  });
});

describe.skipIf(!profiles[2]!.available())("an interpreter and its script", () => {
  test("`run python3 SCRIPT ARGS` and `start python3 -- SCRIPT`: the script is the program, its arguments its own", async () => {
    const loop = `${PY_SRC}:${markerLine(PY_SRC, "loop_body")}`;
    const r = await env.run(["run", "python3", PY_SRC, "--break", loop, "--print", "i", "--print", "sys.argv[1:]", "--max", "1", "--", "a b", "c"], {
      json: false,
    });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain("#1  i = 0  sys.argv[1:] = ['a b', 'c']");
    const s = await env.ok(["start", "python3", "--break", loop, "--session", "interp", "--", PY_SRC, "x"]);
    expect(s.stop).toMatchObject({ reason: "breakpoint", frame: { file: PY_SRC } });
    expect((await env.ok(["print", "sys.argv[1:]", "--session", "interp"])).result).toBe("['x']");
    expect((await env.ok(["print", `sys.argv[0] == ${JSON.stringify(PY_SRC)}`, "--session", "interp"])).result).toBe("True");
  }, 90_000);
});
