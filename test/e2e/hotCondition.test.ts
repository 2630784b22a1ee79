// Issue 31 item 7: a condition on a hot line says what it cost. After the debugger's own first
// checks (conditionProbe.ts) the adapter checks every pass and says nothing; the end of the run
// reports the passes (estimated from the adapter's cost measured here), and on lldb-dap names gdb,
// which checks one markedly faster, where it is installed.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gdb } from "../../src/adapters/gdb.ts";
import { CONDITION_MS, fasterAdapter } from "../../src/common/conditionCost.ts";
import { PROBE_MAX_HITS } from "../../src/daemon/session/breakpoints/conditionProbe.ts";
import { adapterAvailable, E2eEnv, missing, runCommand, useEnv } from "../harness/index.ts";

const FILE = "test/e2e/hotCondition.test.ts";
const env = useEnv(() => new E2eEnv({ prefix: "dbg-hot-" }));
let dir = "";
const haveGcc = runCommand(["gcc", "--version"]).exitCode === 0 || missing("gcc is not installed", FILE);
const haveGdb = !!gdb.discover({ options: {} });

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "dbg-hot-app-"));
  copyFileSync(join(import.meta.dir, "..", "fixtures", "guide", "app.c"), join(dir, "app.c"));
  if (haveGcc) expect(runCommand(["gcc", "-g", "-O0", "-o", join(dir, "app"), join(dir, "app.c")]).exitCode).toBe(0);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

for (const adapter of ["lldb-dap", "gdb"]) {
  const available = haveGcc && (adapter === "gdb" ? haveGdb || missing("gdb with cdt-gdb-adapter is not installed", FILE) : adapterAvailable("lldb-dap", FILE));
  test.skipIf(!available)(
    `${adapter}: a condition never true on a line passed 3,000 times: the run ends saying what it cost`,
    async () => {
      // The cost is told when the adapter checked for a second or more: how many passes that takes
      // depends on the machine, so the loop grows until it does (a fast idle machine, a busy one).
      let passes = 3000;
      let j = await env().ok(["run", "./app", "--adapter", adapter, "--break", "app.c:9 if i < 0", "--timeout", "600", "--", String(passes)], { cwd: dir });
      while (!j.stop.conditions && passes < 100_000) {
        passes *= 4;
        j = await env().ok(["run", "./app", "--adapter", adapter, "--break", "app.c:9 if i < 0", "--timeout", "600", "--", String(passes)], { cwd: dir });
      }
      // The text reply is another run: on a machine whose load falls meanwhile it can check for less
      // than the second, so it grows the same way until it tells the cost.
      const text = (n: number) =>
        env().run(["run", "./app", "--adapter", adapter, "--break", "app.c:9 if i < 0", "--timeout", "600", "--", String(n)], { cwd: dir, json: false });
      let r = await text(passes);
      while (!r.stdout.includes("Condition of #1") && passes < 400_000) {
        passes *= 2;
        r = await text(passes);
      }
      expect(r.exitCode).toBe(0);
      const [cost] = j.stop.conditions!;
      expect(cost).toMatchObject({ id: 1, location: "app.c:9", condition: "i < 0", checked: PROBE_MAX_HITS, adapter, msEach: CONDITION_MS[adapter] });
      expect(cost!.seconds).toBeGreaterThanOrEqual(1);
      // From the unrounded seconds: within the 0.05 s the reply rounds them by.
      expect(Math.abs(cost!.about! - (cost!.seconds * 1000) / CONDITION_MS[adapter]!)).toBeLessThanOrEqual(50 / CONDITION_MS[adapter]! + 1);
      const faster = fasterAdapter(adapter, (name) => name === "gdb" && haveGdb);
      expect(cost!.faster as unknown).toEqual(faster as unknown);
      expect(r.stdout).toMatch(
        new RegExp(`Condition of #1 \\(app\\.c:9 if i < 0\\) evaluated ≈[\\d,]+ times in [\\d.]+ s \\(≈${CONDITION_MS[adapter]} ms each by ${adapter}`),
      );
      if (faster) expect(r.stdout).toContain(`${faster.adapter} evaluates one in ≈${faster.msEach} ms: add --adapter ${faster.adapter}.`);
    },
    600_000,
  );
}

// A trace with --if at the line of a conditional breakpoint of the user's: lldb-dap names only the
// line's first breakpoint, so its hits used to name the user's and the trace recorded 0.
for (const adapter of ["lldb-dap", "gdb"]) {
  const available = haveGcc && (adapter === "gdb" ? haveGdb || missing("gdb with cdt-gdb-adapter is not installed", FILE) : adapterAvailable("lldb-dap", FILE));
  test.skipIf(!available)(
    `${adapter}: trace --if at the line of a conditional breakpoint records its hits, and ends at the user's`,
    async () => {
      const s = `cond-${adapter}`;
      const first = await env().ok(["start", "./app", "--adapter", adapter, "--break", "app.c:9 if i >= 10", "--session", s, "--", "30"], { cwd: dir });
      expect(first.stop.frame.line).toBe(9);
      const same = await env().ok(["trace", "app.c:9", "--if", "i >= 10", "--print", "i", "--max", "3", "--session", s], { cwd: dir });
      expect(same.hits.map((h) => h.values[0]!.value)).toEqual(["11", "12", "13"]);
      expect(same.stoppedBy).toBe("max");
      // Another condition: its hits count, and a stop only the user's condition made ends the trace there.
      const other = await env().ok(["trace", "app.c:9", "--if", "i % 7 == 0", "--print", "i", "--max", "5", "--session", s], { cwd: dir });
      expect(other.hits.map((h) => h.values[0]!.value)).toEqual(["14"]);
      expect(other.stoppedBy).toBe("other");
      // (cdt-gdb-adapter names no breakpoint: the stop lists every one of the line.)
      expect(other.stop!.breakpointIds).toContain(1);
      expect(other.stop!.frame!.line).toBe(9);
      await env().ok(["stop", "--session", s]);
    },
    120_000,
  );
}
