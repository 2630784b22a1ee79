// An adapter path given in the environment that is not an executable is an error naming the
// variable — never silently passed over for the adapter on PATH — for start and for doctor.
import { afterAll, expect, test } from "bun:test";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildFixtures } from "../../scripts/build-fixtures.ts";
import { adapterAvailable, E2eEnv } from "../harness/index.ts";

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

// Issue 29: DEBUGGER_ADAPTER was silently ignored. It is the caller's [defaults] adapter: read by
// the CLI (the daemon's environment is another caller's), for native programs only, --adapter wins.
const haveBoth = adapterAvailable("lldb-dap", "test/e2e/overrides.test.ts") && adapterAvailable("gdb", "test/e2e/overrides.test.ts");
test.skipIf(!haveBoth)(
  "DEBUGGER_ADAPTER picks the native adapter of start and run for its caller; --adapter wins; doctor checks it",
  async () => {
    const env = new E2eEnv({ prefix: "dbg-envadapter-" });
    envs.push(env);
    const prog = (await buildFixtures())["c-basic"]!;
    const gdb = { env: { DEBUGGER_ADAPTER: "gdb" } };
    expect((await env.ok(["start", prog, "--stop-on-entry", "--session", "a"], gdb)).session.adapter).toBe("gdb");
    // The same daemon, a caller without it: the usual default.
    expect((await env.ok(["start", prog, "--stop-on-entry", "--session", "b"])).session.adapter).toBe("lldb-dap");
    expect((await env.ok(["start", prog, "--stop-on-entry", "--adapter", "lldb-dap", "--session", "c"], gdb)).session.adapter).toBe("lldb-dap");
    for (const s of ["a", "b", "c"]) await env.run(["stop", "--session", s]);
    const run = await env.run(["run", prog, "--break", "add", "--session", "r"], gdb);
    expect(run.exitCode).toBe(0);
    expect(JSON.stringify(run.json.data)).toContain('"adapter":"gdb"');
    const bad = await env.run(["start", prog, "--session", "d"], { env: { DEBUGGER_ADAPTER: "gbd" } });
    expect(bad.json.error).toMatchObject({ code: "ADAPTER_NOT_FOUND", message: "unknown adapter 'gbd' (DEBUGGER_ADAPTER)" });
    expect(bad.json.error.hint).toContain("unset DEBUGGER_ADAPTER");
    const doctor = await env.run(["doctor", "gdb"], { json: false, env: { DEBUGGER_ADAPTER: "gbd" } });
    expect(doctor.exitCode).toBe(1);
    expect(doctor.stdout).toMatch(/ERR DEBUGGER_ADAPTER +"gbd": unknown adapter 'gbd'/);
  },
  60_000,
);

test("doctor: a [defaults] adapter that names no adapter fails the config check, as start refuses it (issue 29)", async () => {
  const env = new E2eEnv({ prefix: "dbg-defadapter-", config: '[defaults]\nadapter = "nosuch"\n' });
  envs.push(env);
  const r = await env.run(["doctor", "gdb"], { json: false });
  expect(r.exitCode).toBe(1);
  expect(r.stdout).toMatch(/ERR config +.*config\.toml: \[defaults\] adapter = "nosuch": unknown adapter 'nosuch'; known adapters: /);
  const start = await env.run(["start", "/bin/true"]);
  expect(start.json.error.message).toBe("unknown adapter 'nosuch' ([defaults] adapter in config.toml)");
});
