// Watchpoints on every path a machine can take: lldb-dap and gdb with the CPU's debug registers
// (hardware), and gdb single-stepping (software) — forced here with DEBUGGER_WATCHPOINTS=software,
// which is what gdb does by itself where hardware watchpoints do not fire. Each stop must name the
// watchpoint that fired (its id), its expression, the old and new value of the memory it watches,
// and its hit count, for one watchpoint and for several; expressions through a pointer or an index
// watch the place they name when set, on both adapters, in both modes.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { buildFixtures, markerLine } from "../../scripts/build-fixtures.ts";
import { gdb as gdbAdapter } from "../../src/adapters/gdb.ts";
import { adapterAvailable, CI, E2eEnv, type SessionHandle } from "../harness/index.ts";
import { watchpointsFire } from "../harness/machine.ts";
import type { StopReport } from "../../src/ipc/types.ts";
import { stopOf } from "../harness/index.ts";

const FILE = "test/e2e/watch.test.ts";
const fire = watchpointsFire(FILE);
const lldb = adapterAvailable("lldb-dap", FILE);
const gdbFound = gdbAdapter.discover({ options: {} }) !== null;
if (!gdbFound && CI) throw new Error("CI=true and gdb with a DAP adapter is not installed");
if (!gdbFound) console.warn(`SKIP ${FILE} (gdb): gdb's DAP adapter is not installed`);

const hardware = new E2eEnv();
const software = new E2eEnv({ env: { DEBUGGER_WATCHPOINTS: "software" } });
let bins: Record<string, string> = {};

beforeAll(async () => {
  bins = await buildFixtures();
});
afterEach(async () => {
  await hardware.stopSessions();
  await software.stopSessions();
});
afterAll(() => {
  hardware.close();
  software.close();
});

interface WatchPath {
  name: string;
  adapter: "lldb-dap" | "gdb";
  env: E2eEnv;
  runs: boolean;
  /** gdb's own word for the watchpoints it set, in its console text, and the other mode's. */
  gdbSays?: RegExp;
  gdbNever?: RegExp;
}

const paths: WatchPath[] = [
  { name: "lldb-dap, hardware", adapter: "lldb-dap", env: hardware, runs: lldb && fire },
  { name: "gdb, hardware", adapter: "gdb", env: hardware, runs: gdbFound && fire, gdbSays: /^Hardware watchpoint \d+: /m, gdbNever: /^Watchpoint \d+: /m },
  { name: "gdb, software (forced)", adapter: "gdb", env: software, runs: gdbFound, gdbSays: /^Watchpoint \d+: /m, gdbNever: /Hardware watchpoint/ },
];
for (const p of paths)
  if (!p.runs && p.name.includes("hardware") && !fire) console.warn(`SKIP ${FILE} (${p.name}): hardware watchpoints do not fire on this machine`);

async function continueStop(s: SessionHandle): Promise<StopReport> {
  return stopOf(await s.ok(["continue"]));
}

for (const p of paths) {
  describe.skipIf(!p.runs)(`watch: ${p.name}`, () => {
    test("one watchpoint: each stop names it, with the old and new value and its hit count", async () => {
      const s = p.env.session(`one-${p.adapter}`);
      await s.ok(["start", bins["c-basic"]!, "--adapter", p.adapter, "--break", `basic.c:${markerLine("c/basic.c", "loop_head")}`]);
      await s.ok(["breakpoint", "remove", "1"]);
      const w = await s.ok(["watch", "total"]);
      expect(w.breakpoints[0]).toMatchObject({ id: 2, kind: "data", location: "total", verified: true, hits: 0 });
      // total = add(total, i) for i = 0…4 changes it at i = 1…4: 0 → 1 → 3 → 6 → 10.
      for (const [n, [from, to]] of [
        [0, 1],
        [1, 3],
        [3, 6],
        [6, 10],
      ].entries()) {
        const stop = await continueStop(s);
        expect(stop).toMatchObject({
          reason: "watchpoint",
          breakpointIds: [2],
          description: `total: ${from} → ${to} (hit ${n + 1})`,
          frame: { function: "main" },
        });
      }
      expect((await s.ok(["watch", "list"])).breakpoints.map((b) => [b.id, b.hits])).toEqual([[2, 4]]);
      if (p.gdbSays) {
        const console = (await s.ok(["output", "--console"])).text;
        expect(console).toMatch(p.gdbSays);
        expect(console).not.toMatch(p.gdbNever!);
      }
    });

    test("several watchpoints through a pointer, an index and a dereference: each stop names the one that fired; they watch the place named when set", async () => {
      const s = p.env.session(`many-${p.adapter}`);
      await s.ok(["start", bins["c-watch"]!, "--adapter", p.adapter, "--break", `watch.c:${markerLine("c/watch.c", "watch_here")}`]);
      await s.ok(["breakpoint", "remove", "1"]);
      for (const e of ["p->x", "a[i]", "*q"]) expect((await s.ok(["watch", e])).breakpoints[0]).toMatchObject({ kind: "data", location: e, verified: true });
      const expected: [number, string][] = [];
      for (const [px, ai, q] of [
        ["1 → 2", "0 → 10", "5 → 10"],
        ["2 → 4", "10 → 30", "10 → 20"],
        ["4 → 7", "30 → 60", "20 → 40"],
      ]) {
        const hit = expected.length / 3 + 1;
        expected.push([2, `p->x: ${px} (hit ${hit})`], [3, `a[i]: ${ai} (hit ${hit})`], [4, `*q: ${q} (hit ${hit})`]);
      }
      // i = 0 and a[0] = 99 do not stop: the watch on a[i] was set while i was 2.
      expected.push([3, "a[i]: 60 → 7 (hit 4)"]);
      const seen: [number, string][] = [];
      for (let k = 0; k < expected.length; k++) {
        const stop = await continueStop(s);
        expect(stop).toMatchObject({ reason: "watchpoint", frame: { function: "main" } });
        seen.push([stop.breakpointIds[0]!, stop.description ?? ""]);
        expect(stop.breakpointIds).toHaveLength(1);
      }
      expect(seen).toEqual(expected);
      expect(seen.at(-1)).toEqual([3, "a[i]: 60 → 7 (hit 4)"]);
      const human = await s.run(["watch", "list"], { json: false });
      expect(human.stdout).toMatch(/#3 +watch a\[i\] .*hits 4/);
      // Watched by address they would outlive main's frame: removed, the program ends.
      await s.ok(["watch", "remove", "2", "3", "4"]);
      expect(await continueStop(s)).toMatchObject({ reason: "exited", exitCode: 0 });
    });

    test("a watch on an element chosen by an expression with blanks (odd[first->qty % 6])", async () => {
      const s = p.env.session(`odd-${p.adapter}`);
      await s.ok(["start", bins["c-values"]!, "--adapter", p.adapter, "--break", `values.c:${markerLine("c/values.c", "print")}`]);
      await s.ok(["breakpoint", "remove", "1"]);
      await s.ok(["watch", "first->qty"]);
      expect(await continueStop(s)).toMatchObject({ reason: "watchpoint", breakpointIds: [2], description: "first->qty: 12 → 13 (hit 1)" });
      const w = await s.ok(["watch", "odd[first->qty % 6]"]);
      expect(w.breakpoints[0]).toMatchObject({ id: 3, verified: true });
      const odd = await continueStop(s);
      expect(odd).toMatchObject({ reason: "watchpoint", breakpointIds: [3] });
      expect(odd.description).toMatch(/^odd\[first->qty % 6\]: .*'"'.* → .*'q' \(hit 1\)$/);
      await s.ok(["watch", "remove", "2", "3"]);
      expect(await continueStop(s)).toMatchObject({ reason: "exited", exitCode: 0 });
    });
  });
}
