// `attach --wait NAME` (issue 23; LLDB's `process attach --waitfor`): wait for a new process of
// that name, then attach with the usual path. Real lldb-dap and gdb on copies of the C sleeper
// under names of the test's own; the wait is seen through the daemon's log, never a sleep.
import { afterAll, afterEach, beforeAll, expect, test } from "bun:test";
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildFixtures, markerLine, sourcePath } from "../../scripts/build-fixtures.ts";
import { buildGoFixtures, goFixturesDir, goMarkerLine } from "../fixtures/go/build.ts";
import { adapterAvailable, alive, BIN, missing, spawnAndReadPid, tracerPid, useEnv, waitFor, E2eEnv } from "../harness/index.ts";

const env = useEnv(() => new E2eEnv({ prefix: "dbg-waitfor-" }));
const SRC = sourcePath("c/sleeper.c");
const linux = process.platform === "linux" || missing(`attach --wait reads /proc, which ${process.platform} has not`, "test/e2e/attachWait.test.ts");
const haveLldb = linux && adapterAvailable("lldb-dap", "test/e2e/attachWait.test.ts");
const haveGdb = linux && (Bun.which("gdb") !== null || missing("gdb is not installed", "test/e2e/attachWait.test.ts"));
const haveDelve = linux && ((Bun.which("dlv") !== null && Bun.which("go") !== null) || missing("dlv or go is not installed", "test/e2e/attachWait.test.ts"));
let dir: string;
let sleeper: string;
const started: ReturnType<typeof Bun.spawn>[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "dbg-waitfor-bin-"));
  if (haveLldb || haveGdb) sleeper = (await buildFixtures())["c-sleeper"]!;
});
afterEach(async () => {
  await env().stopSessions();
  for (const p of started.splice(0)) {
    p.kill(9);
    await p.exited;
  }
});
afterAll(() => dir && rmSync(dir, { recursive: true, force: true }));

let copies = 0;
/** The sleeper under a name no other process has (at most 15 bytes: the kernel's comm). */
function copyNamed(from = sleeper): { name: string; path: string } {
  const name = `wfor${process.pid % 10000}x${++copies}`;
  const path = join(dir, name);
  copyFileSync(from, path);
  Bun.spawnSync(["chmod", "+x", path]);
  return { name, path };
}

async function launch(path: string): Promise<number> {
  const { proc, pid } = await spawnAndReadPid([path]);
  started.push(proc);
  return pid;
}

function daemonLog(): string {
  try {
    return readFileSync(join(env().dir, "state", "debugger-cli", "daemon.log"), "utf8");
  } catch {
    return "";
  }
}

/** The daemon has begun the wait for NAME (its log says so), the n-th time. */
async function waiting(name: string, n = 1): Promise<void> {
  await waitFor(() => daemonLog().split(`waiting for a new process named '${name}'`).length > n, 15_000, `the daemon to wait for '${name}'`);
}

for (const adapter of ["lldb-dap", "gdb"] as const) {
  const have = adapter === "gdb" ? haveGdb : haveLldb;
  (have ? test : test.skip)(`${adapter}: attach --wait NAME takes the new process of that name, not the one already running, and attaches it`, async () => {
    const { name, path } = copyNamed();
    const old = await launch(path);
    const s = env().session(`wait-${adapter}`);
    const reply = s.run(["attach", "--wait", name, "--adapter", adapter, "--break", `${SRC}:${markerLine(SRC, "tick_body")}`, "--timeout", "30"]);
    await waiting(name);
    const fresh = await launch(path);
    const r = await reply;
    expect(r.exitCode).toBe(0);
    expect(r.json.data.waited).toMatchObject({ name, pid: fresh, others: [] });
    expect(r.json.data.session).toMatchObject({ pid: fresh, adapter });
    const stop = (await s.ok(["await"])).stop;
    expect(stop).toMatchObject({ reason: "breakpoint", frame: { function: "tick" } });
    expect(tracerPid(old)).toBe(0);
    await s.ok(["detach"]);
    await waitFor(() => tracerPid(fresh) === 0, 5000, "the process to be let go");
    expect(alive(fresh)).toBe(true);
  });
}

(haveDelve ? test : test.skip)(
  "a Go program: attach --wait picks Delve from the executable, as attach PID does",
  async () => {
    const { name, path } = copyNamed((await buildGoFixtures()).sleeper!);
    const s = env().session("wait-go");
    const src = join(goFixturesDir, "sleeper", "main.go");
    const reply = s.run(["attach", "--wait", name, "--break", `${src}:${goMarkerLine("sleeper", "tick_body")}`, "--timeout", "30"]);
    await waiting(name);
    const fresh = await launch(path);
    const r = await reply;
    expect(r.exitCode).toBe(0);
    expect(r.json.data.waited).toMatchObject({ name, pid: fresh });
    expect(r.json.data.session).toMatchObject({ adapter: "delve", pid: fresh });
    expect((await s.ok(["await"])).stop).toMatchObject({ reason: "breakpoint", frame: { function: "main.tick" } });
    await s.ok(["detach"]);
    await waitFor(() => tracerPid(fresh) === 0, 5000, "Delve to let go");
    expect(alive(fresh)).toBe(true);
  },
  60_000,
);

(haveLldb ? test : test.skip)("several starting at once: the newest is taken and the reply names the others", async () => {
  const { name, path } = copyNamed();
  const s = env().session("several");
  const daemonPid = (await s.ok(["status"])).daemon.pid;
  const reply = s.run(["attach", "--wait", name, "--timeout", "30"], { json: false });
  await waiting(name);
  // Held still while three start, the daemon's next look at /proc sees all three at once.
  process.kill(daemonPid, "SIGSTOP");
  let pids: number[];
  try {
    pids = [await launch(path), await launch(path), await launch(path)];
  } finally {
    process.kill(daemonPid, "SIGCONT");
  }
  const r = await reply;
  expect(r.exitCode).toBe(0);
  const newest = pids[2]!;
  expect(r.stdout.split("\n")[0]).toBe(
    `3 processes named '${name}' started at once (pids ${[...pids].sort((a, b) => a - b).join(", ")}), after ${/after ([\d.]+) s/.exec(r.stdout)![1]} s: attached to the newest, ${newest}.`,
  );
  expect((await s.ok(["status"])).pid).toBe(newest);
  expect(pids.slice(0, 2).map((p) => tracerPid(p))).toEqual([0, 0]);
});

(haveLldb ? test : test.skip)("--timeout ends the wait with TIMEOUT (exit 3); the hint names a process of that name that was already running", async () => {
  const { name, path } = copyNamed();
  const s = env().session("timeout");
  const none = await s.run(["attach", "--wait", name, "--timeout", "0.5"]);
  expect(none.exitCode).toBe(3);
  expect(none.json.error).toMatchObject({ code: "TIMEOUT", message: `no new process named '${name}' started within 0.5 s` });
  expect(none.json.error.hint).toContain("--timeout SECONDS");
  const old = await launch(path);
  const before = await s.run(["attach", "--wait", name, "--timeout", "0.5"]);
  expect(before.json.error.code).toBe("TIMEOUT");
  expect(before.json.error.hint).toBe(`pid ${old} was already running when the wait began (--wait takes only a new one): \`debugger attach ${old}\``);
  expect(tracerPid(old)).toBe(0);
  expect((await s.ok(["status"])).state).toBe("idle");
});

(haveLldb ? test : test.skip)("a client that goes away (Ctrl-C) ends the wait: a process that starts later is left alone", async () => {
  const { name, path } = copyNamed();
  const cli = Bun.spawn([BIN, "attach", "--wait", name, "--timeout", "0", "--session", "gone", "--json"], {
    env: env().env,
    cwd: env().dir,
    stdout: "pipe",
    stderr: "ignore",
  });
  await waiting(name);
  cli.kill("SIGINT");
  // The first Ctrl-C leaves (there is no program to pause yet): exit 130, INTERRUPTED.
  expect(await cli.exited).toBe(130);
  expect(JSON.parse(await new Response(cli.stdout).text()).error).toMatchObject({
    code: "INTERRUPTED",
    message: `stopped waiting for a new process named '${name}' at Ctrl-C`,
  });
  await waitFor(() => daemonLog().includes(`the client went away; no longer waiting for '${name}'`), 10_000, "the daemon to stop waiting");
  const later = await launch(path);
  // Another wait for the same name takes it: the abandoned one did not.
  const s = env().session("after");
  const reply = s.run(["attach", "--wait", name, "--timeout", "30"]);
  await waiting(name, 2);
  const fresh = await launch(path);
  expect((await reply).json.data.waited.pid).toBe(fresh);
  expect(tracerPid(later)).toBe(0);
  expect((await env().session("gone").ok(["status"])).state).toBe("idle");
});

(haveLldb ? test : test.skip)("a process of the daemon's own tree (another session's program) is never taken", async () => {
  const { name, path } = copyNamed();
  const s = env().session("own");
  const reply = s.run(["attach", "--wait", name, "--timeout", "30"]);
  await waiting(name);
  // Started by lldb-dap for session 'inner': below the daemon, so the wait passes it by.
  const inner = await env().session("inner").ok(["start", path, "--stop-on-entry"]);
  const outside = await launch(path);
  const r = await reply;
  expect(r.json.data.waited.pid).toBe(outside);
  expect(r.json.data.waited.pid).not.toBe(inner.session.pid);
});

(haveLldb ? test : test.skip)("usage: --wait with a PID, --wait without a name, and an adapter that cannot attach by pid fail before any wait", async () => {
  const s = env().session("usage");
  const both = await s.run(["attach", "42", "--wait", "x"]);
  expect(both.exitCode).toBe(2);
  expect(both.json.error.message).toBe("--wait NAME finds the process itself: it takes no PID or --connect");
  const empty = await s.run(["attach", "--wait"]);
  expect(empty.exitCode).toBe(2);
  expect(empty.json.error.message).toBe("--wait needs a value (NAME)");
  const t0 = Date.now();
  const py = await s.run(["attach", "--wait", "python3", "--adapter", "debugpy", "--timeout", "30"]);
  expect(py.json.error.code).toBe("UNSUPPORTED");
  expect(py.json.error.message).toStartWith("debugpy cannot attach to a Python process by pid here:");
  expect(Date.now() - t0).toBeLessThan(10_000);
});
