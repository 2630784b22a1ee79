// Warm adapters on the real ones: a second start of lldb-dap and of debugpy takes the spare the
// first left, and the session behaves exactly as a cold one.
import { afterAll, describe, expect, test } from "bun:test";
import { buildFixtures, markerLine, sourcePath } from "../../scripts/build-fixtures.ts";
import { adapterAvailable, CI, E2eEnv, runCommand, waitFor } from "./harness.ts";

const env = new E2eEnv();
env.env.DEBUGGER_WARM_ADAPTERS = "1";
afterAll(() => env.close());

const debugpy = runCommand(["/usr/bin/python3", "-c", "import debugpy"]).code === 0;
if (!debugpy && CI) throw new Error("CI=true and debugpy is not importable by /usr/bin/python3: test/e2e/warm.test.ts cannot run");

const cases = [
  { name: "lldb-dap", ok: () => adapterAvailable("lldb-dap", "test/e2e/warm.test.ts"), program: async () => (await buildFixtures())["c-basic"]!, source: sourcePath("c/basic.c"), flags: [] as string[] },
  { name: "debugpy", ok: () => debugpy, program: async () => sourcePath("python/basic.py"), source: sourcePath("python/basic.py"), flags: ["--python", "/usr/bin/python3"] },
];

for (const c of cases) {
  describe.skipIf(!c.ok())(`warm ${c.name}`, () => {
    test("the second start takes the spare and stops where a cold one does", async () => {
      const program = await c.program();
      const where = `${c.source}:${markerLine(c.source, "loop_body")}`;
      const first = await env.ok(["start", program, ...c.flags, "--break", where, "--session", `${c.name}-1`]);
      expect((await env.ok(["status", "--session", `${c.name}-1`])).warm).toBe(false);
      await env.ok(["stop", "--session", `${c.name}-1`]);
      await waitFor(async () => (await env.ok(["daemon", "status"])).spares.some((s: any) => s.adapter === c.name), 20_000, `a ${c.name} spare`);
      const second = await env.ok(["start", program, ...c.flags, "--break", where, "--session", `${c.name}-2`]);
      expect((await env.ok(["status", "--session", `${c.name}-2`])).warm).toBe(true);
      expect(second.stop).toMatchObject({ reason: first.stop.reason, frame: first.stop.frame, locals: first.stop.locals });
      const end = await env.ok(["continue", "--session", `${c.name}-2`, "--timeout", "30"]);
      expect(end.stop.reason).toBe("breakpoint");
      await env.ok(["stop", "--session", `${c.name}-2`]);
    });
  });
}
