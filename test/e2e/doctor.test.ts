// doctor against the real adapters: every installed adapter answers a real handshake.
import { afterAll, describe, expect, test } from "bun:test";
import { chmodSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BIN, CI, E2eEnv } from "./harness.ts";

const env = new E2eEnv();
afterAll(() => env.close());

describe("doctor with the real adapters", () => {
  test("doctor --json reports each installed adapter as working", async () => {
    const d = await env.ok(["doctor"]);
    const byName = Object.fromEntries(d.adapters.map((a) => [a.name, a]));
    expect(Object.keys(byName).sort()).toEqual(["codelldb", "debugpy", "delve", "gdb", "lldb-cli", "lldb-dap", "node"]);
    for (const a of d.adapters) {
      if (!a.found && !CI) {
        console.warn(`SKIP doctor: ${a.name} is not installed here (${a.message})`);
        continue;
      }
      // In CI every adapter is installed by .ci/run: each must be found and answer.
      expect({ name: a.name, found: a.found, ok: a.ok }).toEqual({ name: a.name, found: true, ok: true });
      expect(a.path).toBeTruthy();
      expect(a.message).toMatch(/^initialize answered in \d+ ms/);
    }
    expect(d.checks.find((c) => c.name === "ptrace")).toBeTruthy();
    const human = Bun.spawnSync([BIN, "doctor", "lldb-dap"], { env: env.env });
    expect(human.exitCode).toBe(0);
    expect(human.stdout.toString()).toMatch(/^ {2}ok {2}lldb-dap /m);
  });

  test("a program that is not executable is PROGRAM_NOT_FOUND with a hint", async () => {
    const p = join(env.dir, "notexec");
    writeFileSync(p, "\x7fELF not really");
    chmodSync(p, 0o644);
    const r = await env.run(["start", p]);
    expect(r.exitCode).toBe(4);
    expect(r.json.error).toMatchObject({ code: "PROGRAM_NOT_FOUND", message: `program '${p}' is not executable` });
    expect(r.json.error.hint).toContain("chmod +x");
  });
});
