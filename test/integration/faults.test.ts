// The daemon under faults: SIGTERM, SIGKILL in the middle of a command, ten CLIs racing to start
// it, a 100 MB request line, an adapter that floods output. Fake adapter, built binary.
import { afterEach, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import pkg from "../../package.json" with { type: "json" };
import { BIN, Env, running, STANDARD_PROGRAM, waitFor } from "./harness.ts";

const envs: Env[] = [];
function newEnv(opts?: ConstructorParameters<typeof Env>[0]): Env {
  const env = new Env(opts);
  envs.push(env);
  return env;
}
afterEach(async () => {
  await Promise.all(envs.splice(0).map((e) => e.close()));
});

function rssKb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) : 0;
}

/** Daemons serving this Env: processes whose environment names its runtime dir. */
function daemonPids(env: Env): number[] {
  const needle = `DEBUGGER_RUNTIME_DIR=${env.runtimeDir}`;
  const pids: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (!readFileSync(`/proc/${name}/cmdline`, "utf8").split("\0").includes("__daemon")) continue;
      if (readFileSync(`/proc/${name}/environ`, "utf8").split("\0").includes(needle) && running(Number(name))) pids.push(Number(name));
    } catch {}
  }
  return pids;
}

const linux = process.platform === "linux" ? test : test.skip;

describe("SIGTERM", () => {
  test("shuts down cleanly: every session disconnected, socket and state removed, exit 0", async () => {
    const env = newEnv();
    const prog = env.program();
    await env.ok(["start", prog, "--stop-on-entry", "--session", "a"]);
    await env.ok(["start", prog, "--stop-on-entry", "--session", "b"]);
    const pid = await env.daemonPid();
    process.kill(pid, "SIGTERM");
    await waitFor(() => !running(pid), 10_000, "the daemon to exit");
    expect(existsSync(env.socket)).toBe(false);
    expect(env.requests("disconnect")).toHaveLength(2);
    const state = join(env.runtimeDir, "daemon.json");
    if (existsSync(state)) expect(JSON.parse(readFileSync(state, "utf8")).sessions ?? []).toEqual([]);
    const log = readFileSync(join(env.dir, "state", "debugger-cli", "daemon.log"), "utf8");
    expect(log).toContain(`daemon ${pid} stopping: SIGTERM`);
    // Nothing is reported lost: the sessions ended on purpose.
    const after = await env.run(["status", "--session", "a"]);
    expect(after.json.error?.code ?? after.json.data?.state).not.toBe("lost");
    expect(after.json.error?.code).not.toBe("SESSION_LOST");
  }, 30_000);
});

describe("SIGKILL in the middle of a command", () => {
  test("the command in flight fails with DAEMON_UNAVAILABLE; the next command gets SESSION_LOST", async () => {
    const env = newEnv();
    const prog = env.program({ ...STANDARD_PROGRAM, spin: 6 });
    await env.ok(["start", prog, "--stop-on-entry", "--session", "s"]);
    const pid = await env.daemonPid();
    // `continue` into the spin line waits for a stop that never comes.
    const inFlight = env.run(["continue", "--session", "s", "--timeout", "30"]);
    await waitFor(async () => (await env.ok(["status", "--session", "s"])).state === "running", 10_000, "the program to run");
    process.kill(pid, "SIGKILL");
    const r = await inFlight;
    expect(r.code).toBe(4);
    expect(r.json.error).toMatchObject({ code: "DAEMON_UNAVAILABLE", message: "the daemon closed the connection before replying" });
    await waitFor(() => !running(pid), 5000, "the daemon to die");
    const next = await env.run(["print", "total", "--session", "s"]);
    expect(next.code).toBe(1);
    expect(next.json.error).toMatchObject({ code: "SESSION_LOST", message: `session 's' was lost: the daemon that held it (pid ${pid}) died` });
  }, 30_000);
});

describe("racing spawns", () => {
  linux(
    "ten CLIs started at once against no daemon leave exactly one daemon, and all ten succeed",
    async () => {
      const env = newEnv();
      const results = await Promise.all(Array.from({ length: 10 }, () => env.run(["daemon", "status"])));
      expect(results.map((r) => r.code)).toEqual(Array(10).fill(0));
      const pids = new Set(results.map((r) => r.json.data.pid));
      // Losers of the race exit on their own; wait for that rather than sample mid-exit.
      await waitFor(() => daemonPids(env).length === 1, 10_000, "one daemon to remain");
      const [survivor] = daemonPids(env);
      expect(pids.has(survivor!)).toBe(true);
      expect(await env.daemonPid()).toBe(survivor!);
    },
    30_000,
  );
});

describe("a 100 MB request line with no newline", () => {
  linux(
    "is refused at the cap with IPC_ERROR and the connection closed; the daemon keeps serving, memory bounded",
    async () => {
      const env = newEnv();
      const pid = await env.daemonPid();
      const before = rssKb(pid);
      const outcome = await new Promise<{ replies: any[]; sent: number }>((resolve) => {
        const sock = connect(env.socket);
        const chunk = Buffer.alloc(1024 * 1024, 0x61);
        let sent = 0;
        let buf = "";
        const replies: any[] = [];
        const pump = () => {
          while (sent < 100 * 1024 * 1024) {
            sent += chunk.length;
            if (!sock.write(chunk)) return void sock.once("drain", pump);
          }
        };
        sock.on("connect", pump);
        sock.on("data", (d) => {
          buf += d.toString();
          for (let nl = buf.indexOf("\n"); nl >= 0; nl = buf.indexOf("\n")) {
            replies.push(JSON.parse(buf.slice(0, nl)));
            buf = buf.slice(nl + 1);
          }
        });
        sock.on("error", () => {}); // EPIPE once the daemon has closed its side
        sock.on("close", () => resolve({ replies, sent }));
      });
      expect(outcome.replies).toEqual([
        {
          id: null,
          ok: false,
          command: "",
          session: "",
          error: { code: "IPC_ERROR", message: "request larger than 16777216 bytes", hint: "send smaller requests (one JSON object per line)" },
        },
      ]);
      // Others are served, by the same daemon, and it did not keep the bytes.
      const ping = await env.ok(["daemon", "status"]);
      expect(ping.pid).toBe(pid);
      expect(rssKb(pid) - before).toBeLessThan(100 * 1024);
      void pkg;
    },
    60_000,
  );
});

describe("an output flood", () => {
  test("12,000 events of 1,000 bytes reach the breakpoint after them; retained and dropped add up exactly", async () => {
    const env = newEnv();
    const prog = env.program({
      functions: STANDARD_PROGRAM.functions,
      calls: STANDARD_PROGRAM.calls,
      adapter: { floodOutput: { count: 12_000, bytes: 1000 } },
      exitCode: 0,
    });
    const started = await env.ok(["start", prog, "--break", "prog.c:8", "--timeout", "120"]);
    expect(started.stop).toMatchObject({ reason: "breakpoint", frame: { line: 8 } });
    const out = await env.ok(["output", "--stdout"]);
    const lines: string[] = out.text.split("\n").filter(Boolean);
    // The ring keeps the newest 10,000 chunks; the 2,000 before them are counted, not lost silently.
    expect(out.dropped).toBe(2000);
    expect(lines).toHaveLength(10_000);
    expect(lines[0]).toStartWith("flood 2000 ");
    expect(lines.at(-1)).toStartWith("flood 11999 ");
    expect(lines.every((l) => l.length === 999)).toBe(true);
  }, 120_000);
});

test("a daemon out of file descriptors says so, with what to do (issue 33 item 8; was ADAPTER_NOT_FOUND 'EMFILE', hint doctor)", async () => {
  const env = newEnv({ env: { DEBUGGER_WARM_ADAPTERS: "0" } });
  const prog = env.program();
  // The daemon starts with the first command and keeps its limit: 40 descriptors, a few sessions' worth.
  const first = Bun.spawn(["sh", "-c", 'ulimit -n 40 && exec "$@"', "sh", BIN, "sessions", "--json"], {
    cwd: env.dir,
    env: env.env,
    stdout: "pipe",
    stderr: "pipe",
  });
  expect(await first.exited).toBe(0);
  let failed: any;
  for (let i = 0; i < 40 && !failed; i++) {
    const r = await env.run(["start", prog, "--stop-on-entry", "--session", `fd${i}`]);
    if (r.exitCode !== 0) failed = r.json?.error ?? { stderr: r.stderr };
  }
  expect(failed).toBeDefined();
  expect(failed.code).toBe("ADAPTER_START_FAILED");
  expect(failed.message).toContain("too many open files (EMFILE)");
  expect(failed.hint).toContain("ulimit -n");
  // Ending sessions frees descriptors: the next start works.
  await env.ok(["stop", "--session", "fd0"]);
  await env.ok(["stop", "--session", "fd1"]);
  await env.ok(["start", prog, "--stop-on-entry", "--session", "again"]);
}, 120_000);

test("a daemon that cannot record its sessions (daemon.json) tells their users once (issue 33 item 10; was silent)", async () => {
  const env = newEnv({ env: { DEBUGGER_WARM_ADAPTERS: "0" } });
  await env.ok(["sessions"]);
  // The state file's temporary name taken by a directory: each write fails (EISDIR), as on a full disk (ENOSPC).
  mkdirSync(join(env.runtimeDir, "daemon.json.tmp"));
  const started = await env.run(["start", env.program(), "--stop-on-entry", "--session", "unrecorded"]);
  expect(started.exitCode).toBe(0);
  const next = await env.run(["status", "--session", "unrecorded"]);
  const said = [started.json.notice, next.json.notice].filter(Boolean).join("\n");
  expect(said).toContain(`the daemon could not record its sessions in ${join(env.runtimeDir, "daemon.json")}`);
  expect(said).toContain("would be lost without a reason given");
  // Once, not on every reply.
  expect((await env.run(["status", "--session", "unrecorded"])).json.notice).toBeUndefined();
});
