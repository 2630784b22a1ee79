// A command line sent whole to the daemon (src/cli/thinClient.ts, src/cli/serveLine.ts) prints
// exactly what the CLI parsing it itself prints — stdout, stderr and exit code, errors included,
// with the caller's DEBUGGER_JSON, DEBUGGER_SESSION and config — and where nothing of it could run
// in the daemon (no daemon yet, another version) the CLI runs it as before. DEBUGGER_THIN=0 is the
// CLI's own path, the reference.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { BIN, Env, SOCKETS, STANDARD_PROGRAM, waitFor } from "./harness.ts";

let env: Env;
let prog: string;
const FULL = { DEBUGGER_THIN: "0" };
const logFile = () => join(env.dir, "state", "debugger-cli", "daemon.log");
const linesRun = () => (existsSync(logFile()) ? (readFileSync(logFile(), "utf8").match(/a command line \(/g)?.length ?? 0) : 0);

beforeAll(() => {
  env = new Env({ config: '[defaults]\nlocals = "all"\n', env: { DEBUGGER_LOG: "debug" } });
  prog = env.program();
});
afterAll(() => env.close());

/**
 * The line as typed (no --json added), through the thin client and through the CLI's own path.
 * The thin client waits on the socket through libc on Linux and through Bun's socket elsewhere
 * (src/cli/syncSocket.ts): both are run (bunSocket, the second).
 */
async function both(args: string[], extra: Record<string, string> = {}) {
  const thin = await env.run(args, { json: false, env: extra });
  const bunSocket = await env.run(args, { json: false, env: { ...extra, ...SOCKETS[1]![1] } });
  const full = await env.run(args, { json: false, env: { ...extra, ...FULL } });
  return {
    thin: { stdout: thin.stdout, stderr: thin.stderr, exitCode: thin.exitCode },
    bunSocket: { stdout: bunSocket.stdout, stderr: bunSocket.stderr, exitCode: bunSocket.exitCode },
    full: { stdout: full.stdout, stderr: full.stderr, exitCode: full.exitCode },
  };
}

test("the first command, with no daemon yet, is run by the CLI, which starts the daemon", async () => {
  expect(existsSync(env.socket)).toBe(false);
  const r = await env.run(["status"], { json: false });
  expect(r.exitCode).toBe(0);
  expect(existsSync(env.socket)).toBe(true);
  expect(linesRun()).toBe(0);
});

test("lines the daemon runs print what the CLI prints: replies, errors, --json, --quiet, the caller's variables and config", async () => {
  await env.ok(["start", prog, "--break", "prog.c:4", "--session", "s1"]);
  const before = linesRun();
  const lines: [string[], Record<string, string>?][] = [
    [["threads", "--session", "s1"]],
    [["backtrace", "--session", "s1"]],
    [["locals", "--session", "s1"]],
    [["print", "1+2", "--session", "s1"]],
    [["p", "1+2", "--json", "--session", "s1"]],
    [["print", "nosuch", "--session", "s1"]],
    [["print", "--session", "s1"]],
    [["threads", "--bogus", "--session", "s1"]],
    [["threads", "--quiet", "--session", "s1"]],
    [["breakpoint", "list", "--session", "s1"]],
    [["bp", "--session", "s1"]],
    [["status", "--session", "nosuch"]],
    [["threads"], { DEBUGGER_SESSION: "s1" }],
    [["threads"], { DEBUGGER_SESSION: "s1", DEBUGGER_JSON: "1" }],
    [["threads"], { DEBUGGER_SESSION: "bad name!" }],
    [["context", "--session", "s1"]],
    [["sessions"]],
  ];
  for (const [args, extra] of lines) {
    const r = await both(args, extra);
    expect({ args, ...r.thin }).toEqual({ args, ...r.full });
    expect({ args, ...r.bunSocket }).toEqual({ args, ...r.full });
  }
  // Each was run by the daemon twice (the thin client's two sockets), none of the DEBUGGER_THIN=0 runs.
  expect(linesRun() - before).toBe(2 * lines.length);
});

test("a step through the daemon reports as the CLI's own step does", async () => {
  await env.ok(["start", prog, "--break", "prog.c:4", "--session", "a"]);
  await env.ok(["start", prog, "--break", "prog.c:4", "--session", "b"]);
  const thin = await env.run(["next", "--session", "a"], { json: false });
  const full = await env.run(["next", "--session", "b"], { json: false, env: FULL });
  expect(thin.exitCode).toBe(0);
  expect(thin.stdout).toBe(full.stdout);
  expect(thin.stderr).toBe(full.stderr);
  const thinJson = await env.run(["next", "--session", "a"]);
  const fullJson = await env.run(["next", "--session", "b"], { env: FULL });
  const timeless = (d: unknown) => JSON.stringify(d).replace(/"time":"[^"]*"/g, "");
  expect(timeless(thinJson.json.data)).toBe(timeless(fullJson.json.data));
  expect(thinJson.json.session).toBe("a");
});

test("a reply of a megabyte comes whole", async () => {
  const chatty = env.program({ ...STANDARD_PROGRAM, adapter: { floodOutput: { count: 30_000, bytes: 100 } }, exitCode: 0 });
  await env.ok(["start", chatty, "--break", "prog.c:8", "--session", "flood"]);
  const r = await both(["output", "--session", "flood"]);
  expect(r.thin.exitCode).toBe(0);
  expect(r.thin.stdout.length).toBeGreaterThan(900_000);
  expect(r.thin).toEqual(r.full);
  expect(r.bunSocket).toEqual(r.full);
});

test("start and run are run by the daemon with the caller's environment and directory: the launch and the text are the CLI's own", async () => {
  const work = join(env.dir, "launch-here");
  const p = env.program(undefined, undefined, work);
  const rel = basename(p);
  const src = rel.replace(/\.json$/, ".c");
  await env.ok(["status"]); // a daemon to send lines to (the first command starts it)
  const before = linesRun();
  const launches = () => env.requests("launch").map((m) => m.arguments as Record<string, unknown>);
  // The launch the adapter got, without what the two halves differ in: the variable that picks the
  // path, and the mark the daemon gives each adapter it starts.
  const lastLaunch = () => {
    const a = structuredClone(launches().at(-1)!);
    const e = a.env as Record<string, string> | undefined;
    if (e) {
      delete e.DEBUGGER_THIN;
      delete e.DEBUGGER_ADAPTER_ID;
    }
    return a;
  };
  const pair = async (args: string[], extra: Record<string, string>, between?: () => Promise<unknown>) => {
    const thin = await env.run(args, { json: false, env: extra, cwd: work });
    const thinLaunch = lastLaunch();
    await between?.();
    const full = await env.run(args, { json: false, env: { ...extra, ...FULL }, cwd: work });
    expect({ args, stdout: thin.stdout, stderr: thin.stderr, exitCode: thin.exitCode }).toEqual({
      args,
      stdout: full.stdout,
      stderr: full.stderr,
      exitCode: full.exitCode,
    });
    expect(thinLaunch).toEqual(lastLaunch());
    return thinLaunch;
  };
  const ran = await pair(["run", rel, "--break", `${src}:4`, "--print", "x", "--session", "l1"], { THIN_CALLER: "from the caller" });
  expect((ran.env as Record<string, string>).THIN_CALLER).toBe("from the caller");
  expect(ran.cwd).toBe(work);
  const stopL2 = () => env.ok(["stop", "--session", "l2"]);
  const started = await pair(["start", rel, "--break", `${src}:4`, "--session", "l2", "--env", "EXTRA=1"], { THIN_CALLER: "again" }, stopL2);
  expect((started.env as Record<string, string>).THIN_CALLER).toBe("again");
  expect((started.env as Record<string, string>).EXTRA).toBe("1");
  await stopL2();
  // The thin halves ran in the daemon, and the two stops; a missing program is the same error either way.
  expect(linesRun() - before).toBe(4);
  const missing = await both(["run", "nosuch.json", "--break", "x.c:1"]);
  expect(missing.thin).toEqual(missing.full);
  expect(missing.bunSocket).toEqual(missing.full);
  expect(missing.thin.exitCode).not.toBe(0);
  // What reads the client's own files or stdin is the client's: --config, --target, --stdin -.
  const fallbacks = readFileSync(logFile(), "utf8").match(/left to the CLI \((a launch configuration or target|a launch or --stdin)\)/g)?.length ?? 0;
  await env.run(["run", rel, "--config", "nosuch", "--session", "l3"], { cwd: work });
  await env.run(["run", rel, "--stdin", "-", "--break", `${src}:4`, "--session", "l4"], { cwd: work, stdin: "input\n" });
  expect(readFileSync(logFile(), "utf8").match(/left to the CLI \((a launch configuration or target|a launch or --stdin)\)/g)?.length ?? 0).toBe(fallbacks + 2);
});

test("help and local commands are the CLI's: the daemon sends them back unrun", async () => {
  const before = linesRun();
  const help = await both(["threads", "--help"]);
  expect(help.thin).toEqual(help.full);
  expect(help.bunSocket).toEqual(help.full);
  expect(help.thin.stdout).toContain("Usage: debugger threads");
  expect(readFileSync(logFile(), "utf8")).toContain("left to the CLI (help)");
  expect(linesRun() - before).toBe(2);
});

test.each(SOCKETS)("the daemon going away while a line waits: the CLI says so once and does not run the line again (%s)", async (way, extra) => {
  const name = way === SOCKETS[0]![0] ? "spin" : "spin2";
  const spin = env.program({ ...STANDARD_PROGRAM, spin: 6 });
  await env.ok(["start", spin, "--stop-on-entry", "--session", name]);
  const pid = await env.daemonPid();
  const c = Bun.spawn([BIN, "continue", "--session", name], { cwd: env.dir, env: { ...env.env, ...extra }, stdout: "pipe", stderr: "pipe" });
  await waitFor(async () => (await env.run(["status", "--session", name])).json?.data?.state === "running", 10_000, "the program to run");
  process.kill(pid, "SIGKILL");
  const [stdout, stderr, code] = await Promise.all([new Response(c.stdout).text(), new Response(c.stderr).text(), c.exited]);
  expect(stdout).toBe("");
  expect(stderr).toContain("[DAEMON_UNAVAILABLE]");
  expect(code).not.toBe(0);
  // Nothing started a daemon to run the continue again.
  expect(existsSync(env.socket)).toBe(true); // the killed daemon's file, left behind
  const after = await env.run(["status", "--session", name]);
  expect(after.json.data?.state).toBe("lost");
  expect(after.json.data?.daemon?.pid).not.toBe(pid);
});
