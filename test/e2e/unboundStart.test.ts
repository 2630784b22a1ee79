// A `start` whose only breakpoint did not bind says at once that nothing can stop the program and
// leaves it running (it waited out the whole timeout and answered a plain TIMEOUT); a program
// that ends by itself is still followed to its exit, with the same warning. Issue 24, item 10.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { adapterAvailable, E2eEnv, useEnv } from "../harness/index.ts";

const env = useEnv(() => new E2eEnv({ prefix: "dbg-unbound-" }));
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "dbg-unbound-src-"));
  writeFileSync(join(dir, "loop.c"), "int tick(int n) {\n  return n + 1;\n}\n\nint main(void) {\n  int n = 0;\n  for (;;) n = tick(n);\n}\n");
  writeFileSync(join(dir, "short.c"), '#include <stdio.h>\nint main(void) {\n  puts("hi");\n  return 3;\n}\n');
  for (const name of ["loop", "short"]) {
    const cc = Bun.spawnSync(["cc", "-g", "-O0", "-o", join(dir, name), join(dir, `${name}.c`)], { stderr: "pipe" });
    if (cc.exitCode !== 0) throw new Error(cc.stderr.toString());
  }
});
afterAll(() => dir && rmSync(dir, { recursive: true, force: true }));

for (const adapter of ["lldb-dap", "gdb"]) {
  describe.skipIf(!adapterAvailable(adapter, "test/e2e/unboundStart.test.ts"))(adapter, () => {
    test("a program that runs forever: the reply comes within seconds, running, saying nothing can stop it; pause stops it", async () => {
      const s = env().session(`forever-${adapter}`);
      const started = Date.now();
      const r = await s.run(["start", join(dir, "loop"), "--adapter", adapter, "--break", "no_such_function", "--timeout", "60"]);
      const took = Date.now() - started;
      expect(r.exitCode).toBe(0);
      expect(took).toBeLessThan(15_000);
      expect(r.json.data.state).toBe("running");
      expect(r.json.data.warnings[0]).toMatch(/^the breakpoint did not bind \(#1 no_such_function: .*\), so nothing can stop the program: it is running/);
      const paused = await s.ok(["pause"]);
      expect(paused.state).toBe("stopped");
      expect(paused.stop.frame.function).toMatch(/tick|main/);
    }, 90_000);

    test("a program that ends by itself is still followed to its exit, with the warning", async () => {
      const s = env().session(`short-${adapter}`);
      const r = await s.ok(["start", join(dir, "short"), "--adapter", adapter, "--break", "no_such_function", "--timeout", "60"]);
      expect(r.stop.reason).toBe("exited");
      expect(r.stop.exitCode).toBe(3);
      expect(r.warnings[0]).toEndWith(", so nothing stopped the program");
    }, 90_000);
  });
}
