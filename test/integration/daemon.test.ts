// The daemon as a process: its files and modes, stale sockets, a daemon that dies, a daemon of
// another version, malformed input on the socket, idle exit, `daemon stop`, the log.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import pkg from "../../package.json" with { type: "json" };
import { alive, Env, running, waitFor } from "./harness.ts";

const envs: Env[] = [];
function newEnv(opts?: ConstructorParameters<typeof Env>[0]): Env {
  const env = new Env(opts);
  envs.push(env);
  return env;
}
afterEach(async () => {
  await Promise.all(envs.splice(0).map((e) => e.close()));
});

/** Fake adapter processes started for this Env: their command line names its script file. */
function adapterPids(env: Env): number[] {
  const script = join(env.dir, "script.json");
  const pids: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cmd = readFileSync(`/proc/${name}/cmdline`, "utf8").split("\0");
      if (cmd.includes(script) && running(Number(name))) pids.push(Number(name));
    } catch {}
  }
  return pids;
}

/** True if the condition held at every poll for the whole period. */
async function holdsFor(cond: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!cond()) return false;
    await Bun.sleep(50);
  }
  return cond();
}

function mode(path: string): number {
  return statSync(path).mode & 0o777;
}

/** Writes PAYLOAD on a fresh connection to the daemon and collects reply lines until UNTIL says stop. */
function exchange(path: string, payload: string, until: (replies: any[]) => boolean): Promise<any[]> {
  return new Promise((resolve, reject) => {
    const sock = connect(path);
    const replies: any[] = [];
    let buf = "";
    const deadline = setTimeout(() => {
      sock.destroy();
      reject(new Error(`no complete answer within 5 s; got ${JSON.stringify(replies)} and ${JSON.stringify(buf)}`));
    }, 5000);
    sock.on("connect", () => sock.write(payload));
    sock.on("data", (chunk) => {
      buf += chunk.toString();
      let nl: number;
      while ((nl = buf.indexOf("\n")) >= 0) {
        replies.push(JSON.parse(buf.slice(0, nl)));
        buf = buf.slice(nl + 1);
      }
      if (until(replies)) {
        clearTimeout(deadline);
        sock.end();
        resolve(replies);
      }
    });
    sock.on("error", (e) => {
      clearTimeout(deadline);
      reject(e);
    });
  });
}

function request(id: number, command: string, extra: Record<string, unknown> = {}): string {
  return `${JSON.stringify({ id, version: pkg.version, command, session: "default", cwd: "/", args: {}, ...extra })}\n`;
}

/** Sends LINES, then a ping with id 999 as a sentinel; returns the replies that came before it. */
async function repliesBeforeSentinel(env: Env, lines: string): Promise<any[]> {
  const all = await exchange(env.socket, lines + request(999, "ping"), (r) => r.some((x) => x.id === 999));
  const sentinel = all.at(-1);
  expect(sentinel).toMatchObject({ id: 999, ok: true, command: "ping" });
  return all.slice(0, -1);
}

describe("runtime directory and socket", () => {
  test("the runtime directory is 0700 and the socket 0600", async () => {
    const env = newEnv();
    await env.ok(["daemon", "status"]);
    expect(mode(env.runtimeDir)).toBe(0o700);
    expect(statSync(env.socket).isSocket()).toBe(true);
    expect(mode(env.socket)).toBe(0o600);
  });

  test("a runtime directory that exists with mode 0755 is fixed to 0700", async () => {
    const env = newEnv();
    mkdirSync(env.runtimeDir, { recursive: true });
    chmodSync(env.runtimeDir, 0o755);
    expect(mode(env.runtimeDir)).toBe(0o755);
    await env.ok(["status"]);
    expect(mode(env.runtimeDir)).toBe(0o700);
    expect(mode(env.socket)).toBe(0o600);
  });

  test("a stale socket (nobody listening) is replaced and a new daemon answers", async () => {
    const env = newEnv();
    mkdirSync(env.runtimeDir, { recursive: true, mode: 0o700 });
    // A process that binds the socket and is SIGKILLed leaves the file behind (closing a
    // listener cleanly would unlink it, in Bun and in node:net alike).
    const squatter = Bun.spawn([process.execPath, "-e", `Bun.listen({ unix: ${JSON.stringify(env.socket)}, socket: { data() {} } }); console.log("ready");`], {
      stdout: "pipe",
      stderr: "inherit",
    });
    const reader = squatter.stdout.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain("ready");
    squatter.kill("SIGKILL");
    await squatter.exited;
    expect(statSync(env.socket).isSocket()).toBe(true);
    const refused = await new Promise<string>((resolve) => {
      const s = connect(env.socket);
      s.on("connect", () => {
        s.destroy();
        resolve("connected");
      });
      s.on("error", (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
    });
    expect(refused).toBe("ECONNREFUSED");

    const r = await env.run(["status"]);
    expect(r.exitCode).toBe(0);
    expect(r.json.data.state).toBe("idle");
    const pid = r.json.data.daemon.pid;
    expect(pid).not.toBe(squatter.pid);
    expect(running(pid)).toBe(true);
    expect(await env.daemonPid()).toBe(pid);
    expect(mode(env.socket)).toBe(0o600);
  });

  test("a SIGKILLed daemon without sessions leaves its socket; the next command starts a new one", async () => {
    const env = newEnv();
    const old = await env.daemonPid();
    process.kill(old, "SIGKILL");
    await waitFor(() => !running(old), 5000, "the daemon to die");
    expect(existsSync(env.socket)).toBe(true);
    const pid = await env.daemonPid();
    expect(pid).not.toBe(old);
    expect(running(pid)).toBe(true);
    // No sessions were held: nothing is reported lost.
    expect(await env.ok(["sessions"])).toEqual({ sessions: [] });
  });
});

describe("a daemon that dies", () => {
  test("is replaced on the next command, which reports the session as lost; its adapter is killed", async () => {
    // Counts adapter processes: no warm spare (test/integration/warm.test.ts covers a dead daemon's spare).
    const env = newEnv({ env: { DEBUGGER_WARM_ADAPTERS: "0" } });
    const prog = env.program();
    const started = await env.ok(["start", prog, "--stop-on-entry", "--session", "s1"]);
    expect(started.stop.reason).toBe("entry");
    const old = await env.daemonPid();
    const adapters = process.platform === "linux" ? adapterPids(env) : [];
    if (process.platform === "linux") expect(adapters).toHaveLength(1);

    process.kill(old, "SIGKILL");
    // Fully gone (reaped), not just dead: see the next test for a zombie.
    await waitFor(() => !alive(old), 10_000, "the daemon to die and be reaped");

    const status = await env.run(["status", "--session", "s1"]);
    expect(status.exitCode).toBe(0);
    expect(status.json.data).toMatchObject({ session: "s1", state: "lost" });
    const pid = status.json.data.daemon.pid;
    expect(pid).not.toBe(old);
    expect(running(pid)).toBe(true);

    const cont = await env.run(["continue", "--session", "s1"]);
    expect(cont.exitCode).toBe(1);
    expect<unknown>(cont.json).toEqual({
      ok: false,
      command: "continue",
      session: "s1",
      error: {
        code: "SESSION_LOST",
        message: `session 's1' was lost: the daemon that held it (pid ${old}) died`,
        hint: `start it again: \`debugger start ${prog}\``,
      },
    });
    const human = await env.run(["continue", "--session", "s1"], { json: false });
    expect(human.exitCode).toBe(1);
    expect(human.stdout).toBe("");
    expect(human.stderr).toBe(
      `error: session 's1' was lost: the daemon that held it (pid ${old}) died [SESSION_LOST]\nhint: start it again: \`debugger start ${prog}\`\n`,
    );

    const list = await env.ok(["sessions"]);
    expect(list.sessions).toEqual([expect.objectContaining({ name: "s1", state: "lost", adapter: "fake", program: prog })]);

    // The orphaned adapter of the dead daemon does not outlive it.
    for (const a of adapters) await waitFor(() => !running(a), 5000, `orphaned adapter ${a} to be gone`);

    const again = await env.ok(["start", prog, "--stop-on-entry", "--session", "s1"]);
    expect(again.stop.reason).toBe("entry");
    expect((await env.ok(["status", "--session", "s1"])).state).toBe("stopped");
    expect((await env.ok(["sessions"])).sessions).toEqual([expect.objectContaining({ name: "s1", state: "stopped" })]);
    expect(await env.daemonPid()).toBe(pid);
    await env.ok(["stop", "--session", "s1"]);
  }, 30_000);

  // A SIGKILLed daemon whose parent (init, after the CLI that spawned it exited) has not reaped it
  // yet is a zombie: kill(pid, 0) still succeeds. Containers whose PID 1 reaps late (or never)
  // keep it that way for seconds. The next command must still see the sessions as lost.
  test("its state file is written when sessions come and go, not at each step (it was rewritten before every stop's reply)", async () => {
    const env = newEnv({ env: { DEBUGGER_WARM_ADAPTERS: "0" } });
    const state = join(env.runtimeDir, "daemon.json");
    await env.ok(["start", env.program(), "--stop-on-entry", "--session", "s1"]);
    const record = JSON.parse(readFileSync(state, "utf8"));
    expect(record.sessions).toEqual([expect.objectContaining({ name: "s1", adapter: "fake" })]);
    // A mark of ours in the file: any write by the daemon replaces the file and drops it.
    writeFileSync(state, JSON.stringify({ ...record, mark: 1 }));
    await env.ok(["next", "--session", "s1"]);
    await env.ok(["next", "--session", "s1"]);
    expect(JSON.parse(readFileSync(state, "utf8")).mark).toBe(1);
    await env.ok(["start", env.program(), "--stop-on-entry", "--session", "s2"]);
    const after = JSON.parse(readFileSync(state, "utf8"));
    expect(after.mark).toBeUndefined();
    expect(after.sessions.map((s: { name: string }) => s.name).sort()).toEqual(["s1", "s2"]);
  });

  test("its sessions are reported lost even while the dead daemon is still an unreaped zombie", async () => {
    const env = newEnv();
    const prog = env.program();
    await env.ok(["start", prog, "--stop-on-entry", "--session", "s1"]);
    const old = await env.daemonPid();
    process.kill(old, "SIGKILL");
    await waitFor(() => !running(old), 5000, "the daemon to die");
    const status = await env.run(["status", "--session", "s1"]);
    expect(status.exitCode).toBe(0);
    expect(status.json.data.daemon.pid).not.toBe(old);
    expect(status.json.data).toMatchObject({ session: "s1", state: "lost" });
  }, 30_000);
});

describe("version replacement", () => {
  test("a daemon of another version is asked to leave and replaced", async () => {
    const env = newEnv();
    const oldEnv = { DEBUGGER_TEST_VERSION: "0.0.0-old" };
    const first = await env.run(["status"], { env: oldEnv });
    expect(first.exitCode).toBe(0);
    const oldStatus = await env.run(["daemon", "status"], { env: oldEnv });
    expect(oldStatus.exitCode).toBe(0);
    expect(oldStatus.json.data.version).toBe("0.0.0-old");
    const old = oldStatus.json.data.pid;

    // `daemon status` (a ping) is answered whatever the version, so doctor can report an old
    // daemon without replacing it.
    const peek = await env.ok(["daemon", "status"]);
    expect(peek).toMatchObject({ version: "0.0.0-old", pid: old });

    // Any other command of the current version replaces it.
    const status = await env.run(["status"]);
    expect(status.exitCode).toBe(0);
    expect(status.json.data.state).toBe("idle");
    expect(status.json.data.daemon.version).toBe(pkg.version);
    const now = await env.ok(["daemon", "status"]);
    expect(now.version).toBe(pkg.version);
    expect(now.pid).not.toBe(old);
    expect(now.pid).toBe(status.json.data.daemon.pid);
    await waitFor(() => !running(old), 5000, "the old daemon to exit");
    expect(running(now.pid)).toBe(true);
    expect(readFileSync(join(env.dir, "state", "debugger-cli", "daemon.log"), "utf8")).toContain(
      `daemon ${old} stopping: replaced by a client of version ${pkg.version}`,
    );
  });

  test("another build of the same version counts as another version: replaced when idle, kept (naming both builds) while it holds a session", async () => {
    const env = newEnv();
    const oldBuild = { DEBUGGER_TEST_BUILD: "0000000 2000-01-01T00:00:00.000Z" };
    const first = await env.run(["status"], { env: oldBuild });
    expect(first.exitCode).toBe(0);
    const old = first.json.data.daemon.pid;
    // Idle: this build's next command replaces it.
    const now = await env.ok(["status"]);
    expect(now.daemon.pid).not.toBe(old);
    await waitFor(() => !running(old), 5000, "the other build's daemon to exit");
    // Holding a session: refused, both builds named.
    await env.ok(["daemon", "stop"]);
    const started = await env.run(["start", env.program(), "--stop-on-entry", "--session", "b"], { env: oldBuild });
    expect(started.exitCode).toBe(0);
    const kept = await env.run(["status", "--session", "b"]);
    expect(kept.exitCode).toBe(0);
    expect(kept.json.notice).toContain(
      `the daemon is version ${pkg.version} (build 0000000 2000-01-01T00:00:00.000Z), kept for its 1 live session ('b'); this debugger is version ${pkg.version} (build `,
    );
    expect((await env.run(["stop", "--session", "b"], { env: oldBuild })).exitCode).toBe(0);
  });

  test("a daemon holding live sessions is not replaced: a client of another version drives those sessions there (told so), a new session is refused, and `daemon stop` ends them with a record of who did", async () => {
    const env = newEnv();
    const prog = env.program();
    const oldEnv = { DEBUGGER_TEST_VERSION: "0.0.0-old" };
    const started = await env.run(["start", prog, "--stop-on-entry", "--session", "old"], { env: oldEnv });
    expect(started.exitCode).toBe(0);
    expect(started.json.data.session.name).toBe("old");
    const old = (await env.run(["daemon", "status"], { env: oldEnv })).json.data.pid;

    // The upgraded CLI lists, inspects and drives the old daemon's session, each reply saying so.
    const kept = await env.run(["status", "--session", "old"]);
    expect(kept.exitCode).toBe(0);
    expect(kept.json.data).toMatchObject({ session: "old", state: "stopped", daemon: { pid: old, version: "0.0.0-old" } });
    expect(kept.json.notice).toBe(
      `the daemon is version 0.0.0-old, kept for its 1 live session ('old'); this debugger is version ${pkg.version}. Once none is live, the next command starts a version ${pkg.version} daemon`,
    );
    expect((await env.run(["sessions"])).json.data.sessions.map((s: { name: string }) => s.name)).toEqual(["old"]);
    expect((await env.run(["backtrace", "--session", "old"])).exitCode).toBe(0);
    // A new session needs a daemon of this version: refused, naming both versions and the way on.
    const refused = await env.run(["start", prog, "--session", "new"]);
    expect(refused.exitCode).not.toBe(0);
    expect(refused.json.error.code).toBe("DAEMON_VERSION_MISMATCH");
    expect(refused.json.error.message).toBe(
      `the daemon is version 0.0.0-old and holds 1 live session ('old'); this debugger is version ${pkg.version}: it drives those sessions in that daemon, but 'start' on session 'new' needs a version ${pkg.version} daemon`,
    );
    expect(refused.json.error.hint).toContain("`debugger daemon stop`");
    expect(running(old)).toBe(true);

    // `daemon stop` from the new version ends them; whoever asks about the session next is told who ended it.
    const adapters = process.platform === "linux" ? adapterPids(env) : [];
    expect((await env.run(["daemon", "stop"])).exitCode).toBe(0);
    await waitFor(() => !running(old), 5000, "the old daemon to exit");
    for (const a of adapters) await waitFor(() => !running(a), 5000, `old adapter ${a} to exit`);
    const status = await env.run(["status", "--session", "old"]);
    expect(status.json.data.daemon.pid).not.toBe(old);
    expect(status.json.data.daemon.version).toBe(pkg.version);
    expect(status.json.data.state).toBe("idle");
    expect(status.json.notice).toMatch(
      new RegExp(
        `^session 'old' was ended at \\d\\d:\\d\\d:\\d\\d UTC by \`debugger daemon stop\` from a version ${pkg.version.replace(/\./g, "\\.")} client, which stopped the daemon \\(pid ${old}\\) that held it$`,
      ),
    );
    const gone = await env.run(["print", "x", "--session", "old"], { env: oldEnv });
    expect(gone.json.error.code).toBe("SESSION_ENDED");
    expect(gone.json.error.message).toContain("was ended at");
    // The name used again: the record goes.
    expect((await env.run(["start", prog, "--stop-on-entry", "--session", "old"])).exitCode).toBe(0);
    expect((await env.run(["stop", "--session", "old"])).exitCode).toBe(0);
    expect((await env.ok(["status", "--session", "old"])).state).toBe("idle");
  });

  test("once its sessions have ended, the old daemon is replaced as usual", async () => {
    const env = newEnv();
    const prog = env.program();
    const oldEnv = { DEBUGGER_TEST_VERSION: "0.0.0-old" };
    await env.run(["start", prog, "--stop-on-entry", "--session", "old"], { env: oldEnv });
    const old = (await env.run(["daemon", "status"], { env: oldEnv })).json.data.pid;
    expect((await env.run(["stop", "--session", "old"], { env: oldEnv })).exitCode).toBe(0);
    const status = await env.ok(["status"]);
    expect(status.daemon.pid).not.toBe(old);
    expect(status.daemon.version).toBe(pkg.version);
  });
});

describe("malformed input on the socket", () => {
  let env: Env;
  let pid: number;
  beforeAll(async () => {
    env = new Env();
    pid = await env.daemonPid();
  });
  afterAll(async () => {
    // Whatever was sent, the daemon that answered first is still the one serving.
    const after = await env.run(["status"]);
    expect(after.exitCode).toBe(0);
    expect(after.json.data).toMatchObject({ state: "idle", daemon: { pid } });
    await env.close();
  });

  test("a line that is not JSON gets exactly one IPC_ERROR reply", async () => {
    expect(await repliesBeforeSentinel(env, "not json\n")).toEqual([
      {
        id: null,
        ok: false,
        command: "",
        session: "",
        error: { code: "IPC_ERROR", message: "request is not valid JSON", hint: "send one JSON object per line" },
      },
    ]);
  });

  test("an empty object gets IPC_ERROR", async () => {
    const empty = await repliesBeforeSentinel(env, "{}\n");
    expect(empty).toHaveLength(1);
    expect(empty[0]).toMatchObject({
      id: null,
      ok: false,
      command: "",
      session: "",
      error: { code: "IPC_ERROR", hint: "requests are {id, version, command, session, cwd, args}" },
    });
    expect(empty[0].error.message).toStartWith("malformed request");
  });

  test("a bad session name gets IPC_ERROR naming the rule, with the request's id", async () => {
    expect(await repliesBeforeSentinel(env, request(1, "status", { session: "../x" }))).toEqual([
      {
        id: 1,
        ok: false,
        command: "status",
        session: "../x",
        error: {
          code: "IPC_ERROR",
          message: "malformed request (session): session names use letters, digits, '.', '_' and '-'",
          hint: "requests are {id, version, command, session, cwd, args}",
        },
      },
    ]);
  });

  test("args that are an array get IPC_ERROR", async () => {
    const arrayArgs = await repliesBeforeSentinel(env, request(2, "status", { args: ["x"] }));
    expect(arrayArgs).toHaveLength(1);
    expect(arrayArgs[0]).toMatchObject({ id: 2, ok: false, error: { code: "IPC_ERROR" } });
  });

  test("an unknown command in a valid envelope gets UNKNOWN_COMMAND", async () => {
    const unknown = await repliesBeforeSentinel(env, request(3, "frobnicate"));
    expect(unknown).toHaveLength(1);
    expect(unknown[0]).toMatchObject({
      id: 3,
      ok: false,
      command: "frobnicate",
      session: "default",
      error: { code: "UNKNOWN_COMMAND", message: "the daemon does not know the command 'frobnicate'" },
    });
    expect(unknown[0].error.hint).toContain("debugger --help");
  });

  test("blank lines are ignored, not answered", async () => {
    expect(await repliesBeforeSentinel(env, "\n   \n")).toEqual([]);
  });

  test("two requests on one connection get two replies, each with its id", async () => {
    const two = await exchange(env.socket, request(10, "ping") + request(11, "status"), (r) => r.length >= 2);
    expect(two).toHaveLength(2);
    const byId = Object.fromEntries(two.map((r) => [r.id, r]));
    expect(byId[10]).toMatchObject({ ok: true, command: "ping", data: { version: pkg.version, pid } });
    expect(byId[11]).toMatchObject({ ok: true, command: "status", session: "default", data: { state: "idle" } });
  });

  test("a request split across writes is put together", async () => {
    const line = request(12, "ping");
    const joined = await new Promise<any>((resolve, reject) => {
      const sock = connect(env.socket);
      let buf = "";
      sock.on("connect", () => {
        sock.write(line.slice(0, 10));
        setImmediate(() => sock.write(line.slice(10)));
      });
      sock.on("data", (c) => {
        buf += c.toString();
        if (buf.includes("\n")) {
          sock.end();
          resolve(JSON.parse(buf.slice(0, buf.indexOf("\n"))));
        }
      });
      sock.on("error", reject);
    });
    expect(joined).toMatchObject({ id: 12, ok: true, command: "ping" });
  });
});

describe("idle exit", () => {
  test("with no session the daemon exits by itself after the idle timeout", async () => {
    const env = newEnv({ env: { DEBUGGER_IDLE_TIMEOUT: "1" } });
    const r = await env.run(["status"]);
    expect(r.exitCode).toBe(0);
    const pid = r.json.data.daemon.pid;
    await waitFor(() => !existsSync(env.socket) && !running(pid), 10_000, "the idle daemon to exit");
    // The next command simply starts another one.
    const again = await env.run(["status"]);
    expect(again.exitCode).toBe(0);
    expect(again.json.data.daemon.pid).not.toBe(pid);
  }, 20_000);

  test("a live session keeps the daemon up; once it ends the daemon goes idle and exits", async () => {
    const env = newEnv({ env: { DEBUGGER_IDLE_TIMEOUT: "1" } });
    const prog = env.program();
    await env.ok(["start", prog, "--stop-on-entry"]);
    const pid = await env.daemonPid();
    // Idle timeout 1 s, checked every second: 3 s is well past it.
    expect(await holdsFor(() => running(pid) && existsSync(env.socket), 3000)).toBe(true);
    const status = await env.ok(["status"]);
    expect(status.state).toBe("stopped");
    expect(status.daemon.pid).toBe(pid);
    await env.ok(["stop"]);
    await waitFor(() => !existsSync(env.socket) && !running(pid), 10_000, "the daemon to exit after its last session ended");
  }, 30_000);
});

describe("a request in progress keeps the daemon up", () => {
  if (process.platform !== "linux")
    console.warn("SKIP test/integration/daemon.test.ts, attach --wait past the idle timeout: attach --wait reads /proc (Linux only)");
  test.skipIf(process.platform !== "linux")(
    "attach --wait longer than the idle timeout: the wait runs out (TIMEOUT), the daemon did not leave under it",
    async () => {
      const env = newEnv({ env: { DEBUGGER_IDLE_TIMEOUT: "1" } });
      const r = await env.run(["attach", "--wait", "no-such-program-idle", "--timeout", "3"]);
      expect(r.json.error).toMatchObject({ code: "TIMEOUT", message: "no new process named 'no-such-program-idle' started within 3 s" });
      expect(r.exitCode).toBe(3);
    },
    20_000,
  );
});

describe("daemon stop and the log", () => {
  test("`daemon stop` stops the daemon and removes its socket; the next command starts a new one", async () => {
    const env = newEnv();
    const prog = env.program();
    await env.ok(["start", prog, "--stop-on-entry"]);
    const pid = await env.daemonPid();
    const adapters = process.platform === "linux" ? adapterPids(env) : [];
    const r = await env.run(["daemon", "stop"]);
    expect(r.exitCode).toBe(0);
    expect<unknown>(r.json).toEqual({ ok: true, command: "daemon stop", session: "default", data: { stopped: true, pid } });
    await waitFor(() => !existsSync(env.socket), 5000, "the socket to go");
    await waitFor(() => !running(pid), 5000, "the daemon to exit");
    for (const a of adapters) await waitFor(() => !running(a), 5000, `adapter ${a} to exit`);
    // A clean stop leaves no lost sessions behind; the session's name tells who ended it.
    const after = await env.run(["status"]);
    const status = after.json.data;
    expect(status.state).toBe("idle");
    expect(after.json.notice).toContain("session 'default' was ended at");
    expect((await env.ok(["sessions"])).sessions).toEqual([]);
    expect(status.daemon.pid).not.toBe(pid);
    expect(running(status.daemon.pid)).toBe(true);
  });

  test("`daemon stop` in human mode says which daemon stopped", async () => {
    const env = newEnv();
    const pid = await env.daemonPid();
    const r = await env.run(["daemon", "stop"], { json: false });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe(`Daemon ${pid} stopped.\n`);
    expect(r.stderr).toBe("");
  });

  test("`daemon stop` with no daemon says so and starts none (it started one to stop it)", async () => {
    const env = newEnv();
    const r = await env.run(["daemon", "stop"], { json: false });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe("No daemon was running.\n");
    expect(existsSync(env.socket)).toBe(false);
    const j = await env.run(["daemon", "stop"]);
    expect<unknown>(j.json).toEqual({ ok: true, command: "daemon stop", session: "default", data: { stopped: false, pid: 0 } });
    expect(existsSync(env.socket)).toBe(false);
  });

  test("the daemon log lives under XDG_STATE_HOME and says where it listens", async () => {
    const env = newEnv();
    const pid = await env.daemonPid();
    const logFile = join(env.dir, "state", "debugger-cli", "daemon.log");
    expect(existsSync(logFile)).toBe(true);
    const text = readFileSync(logFile, "utf8");
    expect(text).toContain(`daemon ${pid} version ${pkg.version} listening on ${env.socket}`);
    const logs = await env.ok(["logs"]);
    expect(logs.path).toBe(logFile);
    expect(logs.text).toContain("listening");
  });
});
