// Fault injection on the fake adapter: it crashes during initialize, launch, while stopped, while
// running; hangs a request, launch, or never sends `initialized`; writes garbage or a frame cut
// short; floods stderr. Each gives a clear error code within the timeout, the session is marked,
// another session of the same daemon is unaffected, and no adapter process is left behind.
import { afterEach, describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { Env, STANDARD_PROGRAM, waitFor } from "./harness.ts";

// Short timeouts so a hang costs seconds, not the default 30 s.
const TIMEOUTS = "[timeouts]\nrequest = 2\nadapter_start = 3\n";

const envs: Env[] = [];
function newEnv(script?: Record<string, unknown>): Env {
  // No warm spare: every fake adapter alive is a session's.
  const env = new Env({ script, config: TIMEOUTS, env: { DEBUGGER_WARM_ADAPTERS: "0" } });
  envs.push(env);
  return env;
}
afterEach(async () => {
  await Promise.all(envs.splice(0).map((e) => e.close()));
});

/** Live (not zombie) fake adapters of this env: their command line names its traffic log. */
function adapters(env: Env): number[] {
  const out: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      if (stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z")) continue;
      if (readFileSync(`/proc/${name}/cmdline`, "utf8").includes(env.logFile)) out.push(Number(name));
    } catch {}
  }
  return out;
}

/** A second session that must be unaffected by the fault in the first. */
async function bystander(env: Env): Promise<void> {
  await env.ok(["start", env.program(), "--stop-on-entry", "--session", "bystander"]);
}
async function bystanderStillWorks(env: Env): Promise<void> {
  expect((await env.ok(["next", "--session", "bystander"])).stop.frame.line).toBe(2);
  expect((await env.ok(["print", "line", "--session", "bystander"])).result).toBeDefined();
}

const linux = process.platform === "linux" ? test : test.skip;

describe("the adapter crashes", () => {
  linux("during initialize: the adapter could not start (exit 4, ADAPTER_START_FAILED) with its stderr, nothing is left", async () => {
    const env = newEnv({ crash: { on: "initialize", exitCode: 5, stderr: "init: boom\n" } });
    const r = await env.run(["start", env.program(), "--stop-on-entry"]);
    expect(r.exitCode).toBe(4);
    expect(r.json.error.code).toBe("ADAPTER_START_FAILED");
    expect(r.json.error.message).toBe("fake could not start: it exited with code 5 before answering initialize\ninit: boom");
    expect((await env.ok(["sessions"])).sessions).toEqual([]);
    await waitFor(() => adapters(env).length === 0, 5000, "no adapter left");
  });

  linux("during launch: start fails with ADAPTER_EXITED; another session is unaffected", async () => {
    const env = newEnv();
    await bystander(env);
    const r = await env.run(["start", env.program({ ...STANDARD_PROGRAM, adapter: { crash: { on: "launch", signal: "SIGSEGV" } } }), "--session", "bad"]);
    expect(r.exitCode).toBe(1);
    expect(r.json.error).toMatchObject({ code: "ADAPTER_EXITED", message: "the debug adapter was killed by SIGSEGV" });
    expect(r.json.error.hint).toContain("debugger start");
    await bystanderStillWorks(env);
    await waitFor(() => adapters(env).length === 1, 5000, "only the bystander's adapter left");
  });

  linux("while stopped (killed from outside): the session is marked terminated, the next command is SESSION_ENDED", async () => {
    const env = newEnv();
    await bystander(env);
    const before = new Set(adapters(env));
    await env.ok(["start", env.program(), "--stop-on-entry", "--session", "bad"]);
    const [pid] = adapters(env).filter((p) => !before.has(p));
    process.kill(pid!, "SIGKILL");
    await waitFor(async () => (await env.ok(["status", "--session", "bad"])).state === "terminated", 5000, "the session to be marked");
    const st = await env.ok(["status", "--session", "bad"]);
    expect(st.stop).toMatchObject({ reason: "terminated", description: "the debug adapter was killed by SIGKILL unexpectedly" });
    const next = await env.run(["next", "--session", "bad"]);
    expect(next.exitCode).toBe(1);
    expect(next.json.error.code).toBe("SESSION_ENDED");
    await bystanderStillWorks(env);
  });

  linux("while running (killed from outside): the waiting `continue` fails with ADAPTER_EXITED", async () => {
    const env = newEnv();
    await env.ok(["start", env.program({ ...STANDARD_PROGRAM, spin: 6 }), "--stop-on-entry"]);
    const waiting = env.run(["continue", "--timeout", "30"]);
    await waitFor(async () => (await env.ok(["status"])).state === "running", 5000, "running");
    process.kill(adapters(env)[0]!, "SIGKILL");
    const w = await waiting;
    expect(w.exitCode).toBe(1);
    expect(w.json.error).toMatchObject({ code: "ADAPTER_EXITED", message: "the debug adapter was killed by SIGKILL" });
    expect((await env.ok(["status"])).state).toBe("terminated");
  });
});

describe("the adapter hangs", () => {
  linux("on one request: TIMEOUT (exit 3) naming it within [timeouts] request; the session and another one go on", async () => {
    const env = newEnv();
    await bystander(env);
    await env.ok(["start", env.program({ ...STANDARD_PROGRAM, adapter: { hang: ["evaluate"] } }), "--stop-on-entry", "--session", "bad"]);
    const r = await env.run(["print", "1+2", "--session", "bad"]);
    expect(r.exitCode).toBe(3);
    expect(r.json.error.code).toBe("TIMEOUT");
    expect(r.json.error.message).toContain("evaluate");
    expect(r.json.error.hint).toBeString();
    expect((await env.ok(["next", "--session", "bad"])).stop.frame.line).toBe(2);
    await bystanderStillWorks(env);
  });

  linux("on launch: start fails with TIMEOUT (exit 3) within [timeouts] adapter_start; no session, no adapter left", async () => {
    const env = newEnv();
    const r = await env.run(["start", env.program({ ...STANDARD_PROGRAM, adapter: { hang: ["launch"] } })]);
    expect(r.exitCode).toBe(3);
    expect(r.json.error.code).toBe("TIMEOUT");
    // lldb-dap's order: `initialized` follows the launch response, so that is what is missing.
    expect(r.json.error.message).toBe("adapter sent no 'initialized' event within 3 s");
    expect((await env.ok(["sessions"])).sessions).toEqual([]);
    await waitFor(() => adapters(env).length === 0, 5000, "no adapter left");
  });

  linux("on configurationDone: start fails with TIMEOUT (exit 3) naming it; no session, no adapter left", async () => {
    const env = newEnv();
    const r = await env.run(["start", env.program({ ...STANDARD_PROGRAM, adapter: { hang: ["configurationDone"] } })]);
    expect(r.exitCode).toBe(3);
    expect(r.json.error.code).toBe("TIMEOUT");
    expect(r.json.error.message).toBe("adapter did not answer 'configurationDone' within 2 s");
    expect((await env.ok(["sessions"])).sessions).toEqual([]);
    await waitFor(() => adapters(env).length === 0, 5000, "no adapter left");
  });

  linux("never sending `initialized`: start fails with TIMEOUT (exit 3); no session, no adapter left", async () => {
    const env = newEnv({ noInitialized: true });
    const r = await env.run(["start", env.program(), "--stop-on-entry"]);
    expect(r.exitCode).toBe(3);
    expect(r.json.error.code).toBe("TIMEOUT");
    expect(r.json.error.message).toContain("initialized");
    expect((await env.ok(["sessions"])).sessions).toEqual([]);
    await waitFor(() => adapters(env).length === 0, 5000, "no adapter left");
  });
});

describe("the adapter writes what is not DAP", () => {
  linux("garbage instead of a response: a clear error, the session is marked, the adapter is gone, another session goes on", async () => {
    const env = newEnv();
    await bystander(env);
    await env.ok([
      "start",
      env.program({ ...STANDARD_PROGRAM, adapter: { raw: { on: "evaluate", text: "this is not DAP at all\r\n\r\n" } } }),
      "--stop-on-entry",
      "--session",
      "bad",
    ]);
    const r = await env.run(["print", "1+2", "--session", "bad"]);
    expect(r.exitCode).toBe(1);
    expect(r.json.error).toEqual({
      code: "ADAPTER_ERROR",
      message: 'adapter sent a malformed message: header without Content-Length: "this is not DAP at all"',
      hint: "the session is over: `debugger start` begins a new one; `debugger logs` has the adapter's messages",
    });
    await waitFor(async () => (await env.ok(["status", "--session", "bad"])).state === "terminated", 5000, "the session to be marked");
    await waitFor(() => adapters(env).length === 1, 5000, "the garbled adapter to be gone");
    await bystanderStillWorks(env);
  });

  linux("a frame cut short: the request times out (exit 3) naming it; the session and another one go on", async () => {
    const env = newEnv();
    await bystander(env);
    await env.ok([
      "start",
      env.program({ ...STANDARD_PROGRAM, adapter: { raw: { on: "evaluate", text: 'Content-Length: 500\r\n\r\n{"seq": 99, "type": "resp' } } }),
      "--stop-on-entry",
      "--session",
      "bad",
    ]);
    const r = await env.run(["print", "1+2", "--session", "bad"]);
    expect(r.exitCode).toBe(3);
    expect(r.json.error.code).toBe("TIMEOUT");
    expect(r.json.error.message).toContain("evaluate");
    await bystanderStillWorks(env);
    await env.run(["stop", "--session", "bad"]);
    await waitFor(() => adapters(env).length === 1, 10_000, "the cut adapter to be gone after stop");
  });

  linux(
    "20 MB on stderr: the session reaches its breakpoint, the daemon keeps at most a tail of it",
    async () => {
      const env = newEnv({ stderrFlood: { bytes: 20 * 1024 * 1024, when: "afterConfigurationDone" } });
      const d = await env.ok(["start", env.program(), "--break", "prog.c:8", "--timeout", "60"]);
      expect(d.stop).toMatchObject({ reason: "breakpoint", frame: { line: 8 } });
      const pid = await env.daemonPid();
      const rss = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]);
      expect(rss).toBeLessThan(300 * 1024);
      const log = join(env.dir, "state", "debugger-cli", "daemon.log");
      expect(statSync(log).size).toBeLessThan(30 * 1024 * 1024);
      expect((await env.ok(["next"])).stop.frame.line).toBe(9);
    },
    60_000,
  );
});
