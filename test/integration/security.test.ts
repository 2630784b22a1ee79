// Who may use the runtime directory and the socket, what a daemon that cannot start says, and
// the modes of the log and config. Cases that need another uid run the CLI as `nobody` with
// setpriv, which needs root (CI runs as root); as another user they are skipped with a message.
import { afterEach, describe, expect, test } from "bun:test";
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BIN, Env, waitFor } from "./harness.ts";

const NOBODY = 65534;
/** Where a CLI or daemon run as nobody keeps its log (it cannot write into the test's dirs). */
const NOBODY_STATE = join(tmpdir(), `dbg-nobody-state-${process.pid}`);
const isRoot = process.getuid?.() === 0;
const canSetpriv = isRoot && Bun.which("setpriv") !== null;
const canUnshare = isRoot && Bun.spawnSync(["unshare", "-m", "true"]).exitCode === 0;
const rootOnly = (name: string) => {
  if (!isRoot && process.env.CI !== "true") console.warn(`skipping "${name}": needs root to create files owned by another uid`);
  return isRoot || process.env.CI === "true" ? test : test.skip;
};

const envs: Env[] = [];
const dirs: string[] = [];
function newEnv(opts?: ConstructorParameters<typeof Env>[0]): Env {
  const env = new Env(opts);
  envs.push(env);
  return env;
}
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), "dbg-sec-"));
  dirs.push(d);
  return d;
}
afterEach(async () => {
  await Promise.all(envs.splice(0).map((e) => e.close()));
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  rmSync(NOBODY_STATE, { recursive: true, force: true });
});

function mode(path: string): number {
  return statSync(path).mode & 0o777;
}

/** Runs the CLI as nobody (argv array, no shell), with ENV (HOME and state under /tmp). */
async function runAsNobody(args: string[], env: Record<string, string>): Promise<{ code: number; json: any; stderr: string }> {
  const proc = Bun.spawn(["setpriv", `--reuid=${NOBODY}`, `--regid=${NOBODY}`, "--clear-groups", BIN, ...args, "--json"], {
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: "/tmp", DEBUGGER_SESSION: "", ...env },
    cwd: "/tmp",
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  let json: any;
  try {
    json = JSON.parse(stdout);
  } catch {}
  return { code, json, stderr };
}

/** A process of ours listening on PATH that records what it receives and answers every line with REPLY. */
function squatter(path: string, reply: (line: any) => unknown) {
  const received: string[] = [];
  const server = Bun.listen<undefined>({
    unix: path,
    socket: {
      data(sock, chunk) {
        const text = chunk.toString();
        received.push(text);
        for (const line of text.split("\n").filter(Boolean)) sock.write(`${JSON.stringify(reply(JSON.parse(line)))}\n`);
      },
    },
  });
  return { received, stop: () => server.stop(true) };
}

// The CLI reads lstat through bun:ffi where it can (src/common/lstat.ts) and through node:fs
// elsewhere; DEBUGGER_NO_FFI_LSTAT forces the second, so both are held to the same refusals.
for (const [how, lstatEnv] of [
  ["lstat through bun:ffi", {}],
  ["lstat through node:fs", { DEBUGGER_NO_FFI_LSTAT: "1" }],
] as const) {
  describe(`runtime directory ownership (${how})`, () => {
    rootOnly("owned by another uid")("a runtime directory owned by another uid is refused; nothing is created in it", async () => {
      const env = newEnv();
      mkdirSync(env.runtimeDir, { mode: 0o700 });
      chownSync(env.runtimeDir, NOBODY, NOBODY);
      const r = await env.run(["status"], { env: lstatEnv });
      expect(r.code).toBe(4);
      expect(r.json.error.code).toBe("RUNTIME_DIR_UNSAFE");
      expect(r.json.error.message).toBe(`permission denied: ${env.runtimeDir} belongs to uid ${NOBODY}, not to you (uid 0); refusing to use it`);
      expect(r.json.error.hint).toContain("DEBUGGER_RUNTIME_DIR");
      expect(r.json.error.hint).toContain("TMPDIR");
      expect(readdirSync(env.runtimeDir)).toEqual([]);
      expect(statSync(env.runtimeDir).uid).toBe(NOBODY); // not adopted or chmod-ed either
      expect(mode(env.runtimeDir)).toBe(0o700);
    });

    test("a runtime directory reached through a symlink is refused; the target stays empty", async () => {
      const env = newEnv();
      const target = tempDir();
      symlinkSync(target, env.runtimeDir);
      const r = await env.run(["status"], { env: lstatEnv });
      expect(r.code).toBe(4);
      expect(r.json.error).toMatchObject({
        code: "RUNTIME_DIR_UNSAFE",
        message: `${env.runtimeDir} is a symbolic link; refusing to use it (whoever controls the target could impersonate the daemon)`,
      });
      expect(r.json.error.hint).toContain("DEBUGGER_RUNTIME_DIR");
      expect(readdirSync(target)).toEqual([]);
    });

    test("a runtime directory path that is a file is refused", async () => {
      const env = newEnv();
      writeFileSync(env.runtimeDir, "");
      const r = await env.run(["status"], { env: lstatEnv });
      expect(r.code).toBe(4);
      expect(r.json.error).toMatchObject({ code: "RUNTIME_DIR_UNSAFE", message: `${env.runtimeDir} exists and is not a directory` });
    });

    rootOnly("socket of another uid")("a socket owned by another uid gets no request: the CLI refuses before sending", async () => {
      const env = newEnv();
      mkdirSync(env.runtimeDir, { mode: 0o700 });
      const fake = squatter(env.socket, (req) => ({ id: req.id, ok: true, command: req.command, session: req.session, data: { forged: true } }));
      try {
        chownSync(env.socket, NOBODY, NOBODY);
        const r = await env.run(["status"], { env: lstatEnv });
        expect(r.code).toBe(4);
        expect(r.json.error).toMatchObject({
          code: "RUNTIME_DIR_UNSAFE",
          message: `permission denied: the daemon socket ${env.socket} belongs to uid ${NOBODY}, not to you (uid 0); refusing to talk to it`,
        });
        expect(fake.received).toEqual([]);
      } finally {
        fake.stop();
      }
    });
  });
}

describe("runtime directory ownership", () => {
  test("a reply that does not answer the request's id is refused, not printed", async () => {
    const env = newEnv();
    mkdirSync(env.runtimeDir, { mode: 0o700 });
    const fake = squatter(env.socket, (req) => ({ id: req.id + 1, ok: true, command: req.command, session: req.session, data: { state: "forged" } }));
    try {
      const r = await env.run(["status"]);
      expect(r.code).toBe(1);
      expect(r.json.error.code).toBe("IPC_ERROR");
      expect(r.json.error.message).toMatch(/^the daemon's reply answers request \d+, not \d+$/);
      expect(r.stdout).not.toContain("forged");
      expect(fake.received).toHaveLength(1);
    } finally {
      fake.stop();
    }
  });
});

describe("another uid against a root daemon", () => {
  const t = canSetpriv || process.env.CI === "true" ? test : test.skip;
  if (!canSetpriv) console.warn("skipping the other-uid cases: they need root and setpriv");

  t("is told permission denied at once (runtime dir not reachable), not that the daemon did not start", async () => {
    const env = newEnv();
    const pid = await env.daemonPid();
    const r = await runAsNobody(["status"], { DEBUGGER_RUNTIME_DIR: env.runtimeDir, XDG_STATE_HOME: NOBODY_STATE });
    expect(r.code).toBe(4);
    expect(r.json.error.message).toBe(`cannot reach the runtime directory ${env.runtimeDir}: permission denied (EACCES)`);
    expect(r.json.error.hint).toContain("DEBUGGER_RUNTIME_DIR");
    expect(await env.daemonPid()).toBe(pid);
  });

  t("is told permission denied when it can see the directory but does not own it", async () => {
    const env = newEnv();
    await env.daemonPid();
    chmodSync(env.dir, 0o755); // the runtime dir itself stays 0700
    const r = await runAsNobody(["status"], { DEBUGGER_RUNTIME_DIR: env.runtimeDir, XDG_STATE_HOME: NOBODY_STATE });
    expect(r.code).toBe(4);
    expect(r.json.error).toMatchObject({
      code: "RUNTIME_DIR_UNSAFE",
      message: `permission denied: ${env.runtimeDir} belongs to uid 0, not to you (uid ${NOBODY}); refusing to use it`,
    });
  });
});

describe("a daemon that cannot start says why", () => {
  const t = canSetpriv || process.env.CI === "true" ? test : test.skip;

  t("an unwritable parent: the path, EACCES and the variable to set, from the daemon's own report", async () => {
    const parent = tempDir();
    chmodSync(parent, 0o755); // root's, not writable by nobody
    const rt = join(parent, "rt");
    const r = await runAsNobody(["status"], { DEBUGGER_RUNTIME_DIR: rt, XDG_STATE_HOME: NOBODY_STATE });
    expect(r.code).toBe(4);
    expect(r.json.error).toEqual({
      code: "DAEMON_UNAVAILABLE",
      message: `cannot create the directory ${rt}: permission denied (EACCES)`,
      hint: "set DEBUGGER_RUNTIME_DIR (or TMPDIR) to a directory you own and can write, e.g. `export DEBUGGER_RUNTIME_DIR=$(mktemp -d)`",
    });
    expect(existsSync(rt)).toBe(false);
  });

  const ro = canUnshare ? test : test.skip;
  if (!canUnshare) console.warn("skipping the read-only file system case: needs `unshare -m` (root)");
  ro("a read-only file system: EROFS, named", async () => {
    const mnt = tempDir();
    const rt = join(mnt, "rt");
    // A private mount namespace: the read-only tmpfs exists only for this one command.
    const proc = Bun.spawn(["unshare", "-m", "sh", "-c", 'mount -t tmpfs -o ro none "$1" && shift && exec "$@"', "sh", mnt, BIN, "status", "--json"], {
      env: { ...process.env, DEBUGGER_RUNTIME_DIR: rt, XDG_STATE_HOME: join(mnt, "state"), DEBUGGER_SESSION: "" },
      stdout: "pipe",
      stderr: "pipe",
    });
    const [stdout, code] = await Promise.all([new Response(proc.stdout).text(), proc.exited]);
    expect(code).toBe(4);
    expect(JSON.parse(stdout).error).toMatchObject({ code: "DAEMON_UNAVAILABLE", message: `cannot create the directory ${rt}: read-only file system (EROFS)` });
  });
});

describe("log and config privacy", () => {
  test("the daemon log is 0600 in a 0700 directory", async () => {
    const env = newEnv();
    await env.daemonPid();
    const logDir = join(env.dir, "state", "debugger-cli");
    await waitFor(() => existsSync(join(logDir, "daemon.log")), 5000, "the log");
    expect(mode(logDir)).toBe(0o700);
    expect(mode(join(logDir, "daemon.log"))).toBe(0o600);
  });

  test("a log and config written before with open modes are narrowed when the daemon starts", async () => {
    const env = newEnv();
    const logDir = join(env.dir, "state", "debugger-cli");
    mkdirSync(logDir, { recursive: true });
    chmodSync(logDir, 0o755);
    writeFileSync(join(logDir, "daemon.log"), "old line\n", { mode: 0o644 });
    chmodSync(join(logDir, "daemon.log"), 0o644);
    const configDir = join(env.dir, "config", "debugger-cli");
    chmodSync(configDir, 0o755);
    chmodSync(join(configDir, "config.toml"), 0o644);
    await env.daemonPid();
    expect(mode(logDir)).toBe(0o700);
    expect(mode(join(logDir, "daemon.log"))).toBe(0o600);
    expect(mode(configDir)).toBe(0o700);
    expect(mode(join(configDir, "config.toml"))).toBe(0o600);
  });
});

describe("attaching to the debugger itself", () => {
  test("the daemon, an adapter and the caller's own process tree are refused; the daemon keeps serving", async () => {
    const env = newEnv();
    const prog = env.program();
    await env.ok(["start", prog, "--stop-on-entry", "--session", "live"]);
    const daemon = await env.daemonPid();
    const adapterPid = Number(/"adapterPid":(\d+)/.exec(readFileSync(join(env.runtimeDir, "daemon.json"), "utf8"))![1]);
    for (const [pid, what] of [
      [daemon, "the debugger's daemon"],
      [adapterPid, "one of the debugger's debug adapters"],
      [process.pid, "an ancestor of the debugger command that asked"],
    ] as [number, string][]) {
      const r = await env.run(["attach", String(pid), "--session", "self"]);
      expect(r.exitCode).toBe(2);
      expect(r.json.error).toMatchObject({ code: "INVALID_ARGUMENT", message: expect.stringContaining(what) });
    }
    // Nothing was stopped: the live session still answers.
    expect((await env.ok(["status", "--session", "live"])).state).toBe("stopped");
    await env.ok(["stop", "--session", "live"]);
  });
});
