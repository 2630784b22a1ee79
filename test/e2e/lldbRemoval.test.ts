// A breakpoint removed while an LLDB program runs (lldb-dap, CodeLLDB): LLDB can drop the site and
// leave its trap in memory, where lldb-server still has it (its own step over the site writes the
// trap back as the removal deletes the site: reproduced with a conditional breakpoint in a hot loop
// added and removed while running, RELIABILITY.md). Every pass there then stopped with "signal
// SIGTRAP". That state is made here at once, through lldb-server's own packet, after a removal
// made while stopped: a trap at the removed breakpoint's address that LLDB does not know.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { buildFixtures, markerLine, sourcePath } from "../../scripts/build-fixtures.ts";
import { adapterAvailable, E2eEnv } from "./harness.ts";

const FILE = "test/e2e/lldbRemoval.test.ts";
const SRC = sourcePath("c/basic.c");
let fixtures: Record<string, string> = {};
const env = new E2eEnv();
beforeAll(async () => {
  fixtures = await buildFixtures();
}, 240_000);
afterEach(() => env.stopSessions());
afterAll(() => env.close());

const profiles = [
  { name: "lldb-dap", available: () => adapterAvailable("lldb-dap", FILE), flags: [] as string[] },
  { name: "codelldb", available: () => adapterAvailable("codelldb", FILE), flags: ["--adapter", "codelldb"] },
];

for (const p of profiles)
  describe.skipIf(!p.available())(p.name, () => {
    test("a trap LLDB left behind at a removed breakpoint is cleared, and the program runs on to its end without a SIGTRAP stop", async () => {
      const s = env.session(`stale-${p.name}`);
      const at = `${SRC}:${markerLine(SRC, "add_body")}`;
      const first = await s.ok(["start", fixtures["c-basic"]!, ...p.flags, "--break", at]);
      expect(first.stop).toMatchObject({ reason: "breakpoint", frame: { function: "add" } });
      const list = (await s.ok(["raw", "breakpoint list"])).result as string;
      const address = /address = (0x[0-9a-f]+)/.exec(list)?.[1];
      expect(address).toBeDefined();
      await s.ok(["breakpoint", "remove", "1"]);
      // What the race leaves: lldb-server's trap at the address, no breakpoint of LLDB's there.
      const made = (await s.ok(["raw", `process plugin packet send "Z0,${address!.replace(/^0x0*/, "")},1"`])).result as string;
      expect(made).toMatch(/response: OK/);
      const end = (await s.ok(["continue"])).stop;
      expect(end).toMatchObject({ reason: "exited", exitCode: 3 });
      expect(end.output).toContain("stdout: total=10 f=24");
    });
  });
