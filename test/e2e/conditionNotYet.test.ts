// A conditional breakpoint that never stopped says where it really sat and what its condition read
// (issue 31): on a C++ function's opening line it binds at the first statement, before the vector
// the condition reads is constructed; the exit report names the line it sat at, `v.size()`'s last
// value, and that `v` is declared on that very line. On lldb-dap and gdb.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { dirname } from "node:path";
import { buildFixtures, markerLine } from "../../scripts/build-fixtures.ts";
import { gdb as gdbAdapter } from "../../src/adapters/gdb.ts";
import { adapterAvailable, CI, E2eEnv, ROOT } from "../harness/index.ts";

const FILE = "test/e2e/conditionNotYet.test.ts";
const lldb = adapterAvailable("lldb-dap", FILE);
const gdbFound = gdbAdapter.discover({ options: {} }) !== null;
if (!gdbFound && CI) throw new Error("CI=true and gdb with a DAP adapter is not installed");
if (!gdbFound) console.warn(`SKIP ${FILE} (gdb): gdb's DAP adapter is not installed`);

const env = new E2eEnv();
let bin = "";
beforeAll(async () => {
  bin = (await buildFixtures())["cpp-calendar"]!;
});
afterAll(() => env.close());

const SRC = "cpp/calendar.cpp";
const open = markerLine(SRC, "busy_open");
const decl = markerLine(SRC, "busy_decl");
const ret = markerLine(SRC, "busy_return");
const cwd = dirname(`${ROOT}/test/fixtures/${SRC}`);

for (const adapter of ["lldb-dap", "gdb"] as const) {
  describe.skipIf(adapter === "lldb-dap" ? !lldb : !gdbFound)(`on ${adapter}`, () => {
    test("on the function's opening line: it sat at the first statement, v.size() read, v not constructed yet there", async () => {
      const d = await env.ok(["run", bin, "--adapter", adapter, "--break", `calendar.cpp:${open} if v.size() == 99 print v`], { cwd });
      expect(d.hits).toEqual([]);
      expect(d.breakpoints[0]).toMatchObject({ line: decl, movedFrom: open, conditionFalse: { hits: 7 }, notYet: [{ name: "v", line: decl }] });
      const why = d.stop!.neverStopped![0]!.why;
      expect(why).toStartWith(`it sat at line ${decl}, not ${open}; reached 7 times, the condition false each time (last time: v.size() = `);
      expect(why).toContain(`'v' is declared on line ${decl} itself, and a breakpoint stops before its line runs: v was not constructed or assigned yet`);
      const text = (await env.run(["run", bin, "--adapter", adapter, "--break", `calendar.cpp:${open} if v.size() == 99`], { cwd, json: false })).stdout;
      expect(text).toContain(`Breakpoint #1 calendar.cpp:${open} if v.size() == 99 never stopped: it sat at line ${decl}, not ${open};`);
    });

    test("where v exists (the return line): its size at the last pass, and no word of a name not there yet", async () => {
      const d = await env.ok(["run", bin, "--adapter", adapter, "--break", `calendar.cpp:${ret} if v.size() == 99`], { cwd });
      // from = 6: the intervals ending after 6 are {4, 7} and {6, 9}.
      expect(d.stop!.neverStopped![0]!.why).toBe("reached 7 times, the condition false each time (last time: v.size() = 2)");
      expect(d.breakpoints[0]!.notYet).toBeUndefined();
    });

    test("a condition that held there held on memory, not on v: the rows are followed by where v comes from", async () => {
      // Whatever the stale memory says (or an error reading it, which stops too), the first pass stops.
      const r = await env.run(["run", bin, "--adapter", adapter, "--break", `calendar.cpp:${open} if v.size() != 12345`, "--max", "1"], { cwd, json: false });
      expect(r.exitCode).toBe(0);
      expect(r.stdout).toContain(
        `Breakpoint #1 sits at line ${decl}, before 'v' (declared on line ${decl}) is constructed or assigned (a breakpoint stops before its line runs)`,
      );
    });
  });
}
