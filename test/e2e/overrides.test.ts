// An adapter path given in the environment that is not an executable is an error naming the
// variable — never silently passed over for the adapter on PATH — for start and for doctor.
import { afterAll, expect, test } from "bun:test";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildFixtures } from "../../scripts/build-fixtures.ts";
import { E2eEnv } from "../harness/index.ts";

const envs: E2eEnv[] = [];
const dir = mkdtempSync(join(tmpdir(), "dbg-overrides-"));
const plainFile = join(dir, "lldb-dap");
writeFileSync(plainFile, "not a program\n");
chmodSync(plainFile, 0o644);
afterAll(async () => {
  for (const e of envs) await e.close();
  rmSync(dir, { recursive: true, force: true });
});

test.each([
  ["DEBUGGER_LLDB_DAP", "/nonexistent/lldb-dap", [], "does not exist"],
  ["DEBUGGER_LLDB_DAP", plainFile, [], "is not executable"],
  ["DEBUGGER_LLDB_DAP", "/usr/bin", [], "is not a file"],
  ["DEBUGGER_GDB", "/nonexistent/gdb", ["--adapter", "gdb"], "does not exist"],
] as const)("%s=%s: start fails with ADAPTER_NOT_FOUND naming it", async (variable, value, flags, why) => {
  const env = new E2eEnv({ env: { [variable]: value } });
  envs.push(env);
  const prog = (await buildFixtures())["c-basic"]!;
  const r = await env.run(["start", prog, ...flags, "--session", "o"]);
  expect(r.exitCode).not.toBe(0);
  expect(r.json.error.code).toBe("ADAPTER_NOT_FOUND");
  expect(r.json.error.message).toBe(`${variable}=${value} ${why}`);
  expect(r.json.error.hint).toContain(`unset ${variable}`);
  // The daemon is fine and says the same again; nothing was left running.
  expect((await env.run(["sessions"])).json.data.sessions).toEqual([]);
});

test("doctor fails on a bad DEBUGGER_DLV and says why", async () => {
  const env = new E2eEnv({ env: { DEBUGGER_DLV: "/nonexistent/dlv" } });
  envs.push(env);
  const r = await env.run(["doctor"], { json: false });
  expect(r.exitCode).toBe(1);
  expect(r.stdout).toMatch(/ERR delve\s.*\n\s+DEBUGGER_DLV=\/nonexistent\/dlv does not exist/);
});
