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
  test.skipIf(!available)(`${adapter}: a condition never true on a line passed 3,000 times: the run ends saying what it cost`, async () => {
    const r = await env().run(["run", "./app", "--adapter", adapter, "--break", "app.c:9 if total < 0", "--timeout", "600", "--", "3000"], { cwd: dir, json: false });
    expect(r.exitCode).toBe(0);
    const j = await env().ok(["run", "./app", "--adapter", adapter, "--break", "app.c:9 if total < 0", "--timeout", "600", "--", "3000"], { cwd: dir });
    const [cost] = j.stop.conditions!;
    expect(cost).toMatchObject({ id: 1, location: "app.c:9", condition: "total < 0", checked: 100, adapter, msEach: CONDITION_MS[adapter] });
    expect(cost!.seconds).toBeGreaterThanOrEqual(1);
    // From the unrounded seconds: within the 0.05 s the reply rounds them by.
    expect(Math.abs(cost!.about! - (cost!.seconds * 1000) / CONDITION_MS[adapter]!)).toBeLessThanOrEqual(50 / CONDITION_MS[adapter]! + 1);
    const faster = fasterAdapter(adapter, (name) => name === "gdb" && haveGdb);
    expect(cost!.faster as unknown).toEqual(faster as unknown);
    expect(r.stdout).toMatch(new RegExp(`Condition of #1 \\(app\\.c:9 if total < 0\\) evaluated ≈[\\d,]+ times in [\\d.]+ s \\(≈${CONDITION_MS[adapter]} ms each by ${adapter}`));
    if (faster) expect(r.stdout).toContain(`${faster.adapter} evaluates one in ≈${faster.msEach} ms: add --adapter ${faster.adapter}.`);
  }, 600_000);
}
