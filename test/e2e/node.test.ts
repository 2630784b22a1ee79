// Node through js-debug end to end: the built binary, a real js-debug DAP server run by node, the
// fixtures in test/fixtures/node (lines found by their `@mark` comments). Locally a missing node
// or js-debug skips with the reason; in CI (CI=true) it fails (scripts/install-adapters.sh installs it).
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { homedir, networkInterfaces, tmpdir } from "node:os";
import { join } from "node:path";
import { attachWhenInspectorPortFree, E2eEnv, ROOT, waitFor } from "./harness.ts";
import type { StopReport } from "../../src/ipc/types.ts";

const CI = process.env.CI === "true";
const T = 60_000;
const FIX = join(ROOT, "test", "fixtures", "node");
const NODE = process.env.DEBUGGER_NODE || Bun.which("node");
const JS_DEBUG_DIR = join(process.env.XDG_DATA_HOME || join(homedir(), ".local", "share"), "debugger-cli", "adapters", "js-debug");
const JS_DEBUG =
  process.env.DEBUGGER_JS_DEBUG || [join(JS_DEBUG_DIR, "src", "dapDebugServer.js"), join(JS_DEBUG_DIR, "vsDebugServer.js")].find((f) => existsSync(f));
const TSC = join(ROOT, "node_modules", ".bin", "tsc");

const mark = (file: string, name: string) => {
  const i = readFileSync(file, "utf8")
    .split("\n")
    .findIndex((l) => l.includes(`@mark ${name}`));
  if (i < 0) throw new Error(`no @mark ${name} in ${file}`);
  return i + 1;
};
const at = (file: string, name: string) => `${file}:${mark(file, name)}`;
const local = (stop: StopReport, name: string): string | undefined => stop.locals.find((v) => v.name === name)?.value;

const missing = [
  !NODE && "node (on PATH, or DEBUGGER_NODE)",
  !JS_DEBUG && `js-debug (\`debugger setup node\` or scripts/install-adapters.sh puts it in ${JS_DEBUG_DIR})`,
].filter(Boolean);
if (missing.length) {
  const why = `not installed: ${missing.join(", ")}`;
  if (CI) test("node and js-debug are installed", () => expect(why).toBe("nothing missing"));
  else console.warn(`SKIP test/e2e/node.test.ts: ${why}`);
}

/** A TCP port free on loopback a moment ago. */
function freePort(): number {
  const probe = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const port = probe.port;
  probe.stop(true);
  return port;
}

/** js-debug servers this env's daemon started that are still running (the peer leaked one per session). */
function jsDebugServers(runtimeDir: string): number[] {
  const out: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cmd = readFileSync(`/proc/${name}/cmdline`, "utf8");
      if (!/(vs|dap)DebugServer\.js/.test(cmd)) continue;
      const env = readFileSync(`/proc/${name}/environ`, "utf8").split("\0");
      if (env.includes(`DEBUGGER_RUNTIME_DIR=${runtimeDir}`)) out.push(Number(name));
    } catch {}
  }
  return out;
}

describe.skipIf(missing.length > 0)("node (js-debug)", () => {
  let env: E2eEnv;
  let work: string;
  const BASIC = join(FIX, "basic.js");
  const THROWS = join(FIX, "throws.js");

  beforeAll(() => {
    env = new E2eEnv({ env: { ...(process.env.DEBUGGER_JS_DEBUG ? { DEBUGGER_JS_DEBUG: process.env.DEBUGGER_JS_DEBUG } : {}) } });
    work = mkdtempSync(join(tmpdir(), "dbg-node-"));
  });
  afterEach(() => env.stopSessions());
  afterAll(async () => {
    await env?.close();
    rmSync(work, { recursive: true, force: true });
  });

  test("`run node SCRIPT` runs the script, as the shell would (node is the interpreter, not the program)", async () => {
    const r = await env.run(["run", "node", BASIC, "--break", at(BASIC, "loop_body"), "--print", "i", "--max", "1"], { json: false });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain("#1  i = 0");
    expect(r.stdout).not.toContain("interpreter");
  }, 60_000);

  test("the program's stdout and stderr are FIFOs, as under a shell's pipe; a line left open before a breakpoint is whole, no wait for its end", async () => {
    const file = join(work, "fifo.js");
    await Bun.write(
      file,
      [
        'const fs = require("fs");',
        'const kind = (fd) => (fs.fstatSync(fd).isFIFO() ? "fifo" : fs.fstatSync(fd).isSocket() ? "socket" : "other");',
        'console.log("stdout", kind(1));',
        'console.error("stderr", kind(2));',
        'process.stdout.write("a prompt: ");',
        "let at = 1; // @mark open",
        'console.log("after", at);',
        "",
      ].join("\n"),
    );
    const r = await env.ok(["start", file, "--break", at(file, "open"), "--session", "node-fifo"]);
    expect(r.stop).toMatchObject({ reason: "breakpoint" });
    expect(r.stop.output).toContain("stdout fifo\n");
    expect(r.stop.output).toContain("stderr fifo\n");
    // stderr's line may come before or after stdout's (read apart).
    expect(r.stop.output.replace("stderr fifo\n", "").endsWith("a prompt: ")).toBe(true);
    // Every byte written before the stop came back behind the marker: no "its last line has no line end yet".
    expect(r.stop.truncated).toBeUndefined();
    const end = await env.ok(["continue", "--session", "node-fifo"]);
    expect(end.stop).toMatchObject({ reason: "exited", exitCode: 0 });
    expect((await env.ok(["output", "--stdout", "--session", "node-fifo"])).text).toContain("a prompt: after 1\n");
  }, 60_000);

  test(
    "a .js picks node: breakpoint before the first line, locals, print, next/step/finish, output apart, exit code, no server left",
    async () => {
      const s = "node-basic";
      const r = await env.ok(["start", BASIC, "--break", at(BASIC, "loop_body"), "--session", s]);
      expect(r.session.adapter).toBe("node");
      expect(r.breakpoints[0]).toMatchObject({ id: 1, verified: true, line: mark(BASIC, "loop_body") });
      expect(r.stop).toMatchObject({ reason: "breakpoint", breakpointIds: [1], frame: { file: BASIC, line: mark(BASIC, "loop_body") } });
      expect(local(r.stop, "i")).toBe("0");
      expect(local(r.stop, "total")).toBe("0");
      expect(r.stop.output).toBe("");

      expect(await env.ok(["print", "point.x + point.y", "--session", s])).toMatchObject({ result: "7", type: "number" });
      expect((await env.ok(["print", "add(2, 3)", "--session", s])).result).toBe("5");
      expect((await env.ok(["print", "JSON.stringify(point)", "--session", s])).result).toBe(`'{"x":3,"y":4}'`);
      const bad = await env.run(["print", "nosuch + 1", "--session", s]);
      expect(bad.json.error.code).toBe("EVALUATE_FAILED");
      expect(bad.json.error.message).toContain("nosuch is not defined");

      const step = (await env.ok(["step", "--session", s])).stop;
      expect(step.frame).toMatchObject({ function: expect.stringContaining("add"), line: mark(BASIC, "add_body") });
      expect(local(step, "a")).toBe("0");
      const next = (await env.ok(["next", "--session", s])).stop;
      expect(next.frame.line).toBe(mark(BASIC, "add_body") + 1);
      expect(local(next, "sum")).toBe("0");
      const fin = (await env.ok(["finish", "--session", s])).stop;
      // V8 steps out to the caller's next pause position: the assignment's line or, when it has
      // none left, the loop's `i++` on the line above.
      expect([mark(BASIC, "loop_body"), mark(BASIC, "loop_body") - 1]).toContain(fin.frame.line);
      expect(fin.frame.function).not.toContain("add");

      await env.ok(["breakpoint", "remove", "--all", "--session", s]);
      const end = (await env.ok(["continue", "--session", s])).stop;
      expect(end).toMatchObject({ reason: "exited", exitCode: 3 });
      // The program's own bytes, stdout and stderr apart, without Node's "Debugger attached." notices.
      const out = await env.ok(["output", "--session", s]);
      expect(out.text).toContain("stdout: total=3 big={ x: 6, y: 8 }\n");
      expect(out.text).toContain("stderr: x=3\n");
      expect(out.text).not.toContain("Debugger attached");
      expect(out.text).not.toContain("Waiting for the debugger");
      await env.ok(["stop", "--session", s]);
      expect(jsDebugServers(env.runtimeDir)).toEqual([]);
    },
    T,
  );

  test(
    "stop while stopped ends the program and the js-debug server",
    async () => {
      const s = "node-stop";
      const r = await env.ok(["start", BASIC, "--break", at(BASIC, "scale_body"), "--session", s]);
      const pid = r.session.pid;
      expect(r.stop.frame.line).toBe(mark(BASIC, "scale_body"));
      expect(local(r.stop, "k")).toBe("2");
      await env.ok(["stop", "--session", s]);
      expect(jsDebugServers(env.runtimeDir)).toEqual([]);
      expect(existsSync(`/proc/${pid}`) && !readFileSync(`/proc/${pid}/stat`, "utf8").includes(") Z ")).toBe(false);
    },
    T,
  );

  test(
    "an uncaught exception stops where it is thrown, with the message; continuing ends with Node's exit code 1",
    async () => {
      const s = "node-throws";
      const r = await env.ok(["start", THROWS, "--session", s]);
      expect(r.stop).toMatchObject({ reason: "exception", frame: { file: THROWS, line: mark(THROWS, "throw") } });
      expect(r.stop.exception?.description ?? JSON.stringify(r.stop)).toContain("not a number: x3");
      expect(local(r.stop, "text")).toBe("'x3'");
      expect(r.stop.output).toBe("before\n");
      const end = (await env.ok(["continue", "--session", s])).stop;
      expect(end).toMatchObject({ reason: "exited", exitCode: 1 });
      expect(end.output).toContain("TypeError: not a number: x3");
    },
    T,
  );

  test(
    "run with --break and --print: the values at each stop, then the exit",
    async () => {
      const r = await env.ok(["run", BASIC, "--break", at(BASIC, "add_body"), "--print", "a", "--print", "b * 10"]);
      expect(r.hits.map((h) => h.values.map((v) => `${v.expression}=${v.value}`).join(" "))).toEqual(["a=0 b * 10=0", "a=0 b * 10=10", "a=1 b * 10=20"]);
      expect(r.stop).toMatchObject({ reason: "exited", exitCode: 3 });
    },
    T,
  );

  test(
    "TypeScript compiled by tsc with source maps: a breakpoint in the .ts (an imported module) binds and stops, set before the first line runs",
    async () => {
      const proj = join(work, "ts");
      cpSync(join(FIX, "ts"), proj, { recursive: true });
      const tsc = Bun.spawnSync([TSC, "-p", proj], { stdout: "pipe", stderr: "pipe" });
      expect(tsc.exitCode, tsc.stdout.toString() + tsc.stderr.toString()).toBe(0);
      const weigh = join(proj, "src", "weigh.ts");
      for (let round = 0; round < 3; round++) {
        const s = `node-ts-${round}`;
        const r = await env.ok(["start", join(proj, "dist", "main.js"), "--break", at(weigh, "weigh_body"), "--session", s], { cwd: proj });
        expect(r.stop).toMatchObject({ reason: "breakpoint", breakpointIds: [1], frame: { file: weigh, line: mark(weigh, "weigh_body") } });
        expect(local(r.stop, "sum")).toBe("0");
        expect((await env.ok(["print", "item.name", "--session", s])).result).toBe("'apple'");
        const again = (await env.ok(["continue", "--session", s])).stop;
        expect(again).toMatchObject({ reason: "breakpoint", frame: { line: mark(weigh, "weigh_body") } });
        expect(local(again, "sum")).toBe("120");
        await env.ok(["breakpoint", "remove", "--all", "--session", s]);
        const end = (await env.ok(["continue", "--session", s])).stop;
        expect(end).toMatchObject({ reason: "exited", exitCode: 0 });
        expect(end.output).toBe("total=300\n");
        await env.ok(["stop", "--session", s]);
      }
      expect(jsDebugServers(env.runtimeDir)).toEqual([]);
    },
    T * 2,
  );

  test(
    "debugger test -- node --test FILE: stops at the failing assert in the test's frame with its locals, then the verdict",
    async () => {
      const file = join(FIX, "failing-calc.js");
      const r = await env.ok(["test", "--session", "node-test", "--", "node", "--test", file], { cwd: FIX });
      expect(r.stop).toMatchObject({ reason: "exception", frame: { file, line: mark(file, "assert") } });
      expect(local(r.stop, "got")).toBe("11");
      expect(JSON.stringify(r.stop)).toContain("11 !== 10");
      const end = (await env.ok(["continue", "--session", "node-test"])).stop;
      expect(end).toMatchObject({ reason: "exited", exitCode: 1, summary: "1 failed, 1 passed" });
    },
    T,
  );

  test(
    "debugger test -- node --test --test-name-pattern NAME FILE: the pattern reaches node, the named test's failing assert is the stop",
    async () => {
      const file = join(FIX, "two-failing.js");
      // The option's value was read as a test file ("test file 'accepts the quote' does not exist"), or dropped.
      const r = await env.ok(["test", "--session", "node-pattern", "--", "node", "--test", "--test-name-pattern", "accepts the quote", file], { cwd: FIX });
      expect(r.stop).toMatchObject({ reason: "exception", frame: { file, line: mark(file, "second") } });
      expect(local(r.stop, "quoted")).toBe("12");
      expect(JSON.stringify(r)).not.toContain("not passed on");
      const end = (await env.ok(["continue", "--session", "node-pattern"])).stop;
      expect(end).toMatchObject({ reason: "exited", exitCode: 1 });
      expect(end.summary).toContain("1 failed");
    },
    T,
  );

  test(
    "debugger test -- npm test -- --test-name-pattern NAME, the script being node --test DIR: each file runs plainly first, the failing one is debugged at the named test",
    async () => {
      const dir = join(FIX, "suite");
      const file = join(dir, "test", "beta.js");
      const r = await env.ok(["test", "--session", "node-suite", "--", "npm", "test", "--", "--test-name-pattern", "accepts the quote"], { cwd: dir });
      expect(r.stop).toMatchObject({ reason: "exception", frame: { file, line: mark(file, "second") } });
      expect(local(r.stop, "quoted")).toBe("12");
      expect((r as any).failures).toEqual(["test/beta.js: accepts the quote"]);
      expect((r as any).notes.join("\n")).toContain("each test file ran plainly first (1 file passed): 1 failed in test/beta.js (accepts the quote)");
      await env.ok(["stop", "--session", "node-suite"]);
      // Nothing failing in any file: the plain runs' verdict, no session.
      const none = await env.ok(["test", "--session", "node-suite", "--", "node", "--test", "--test-name-pattern=alpha", "test/"], { cwd: dir });
      expect(none.stop).toMatchObject({ reason: "exited", exitCode: 0, summary: "1 passed in 2 test files" });
    },
    T,
  );

  test(
    "attach by pid (the inspector opened with SIGUSR1), a breakpoint in the running code stops, detach leaves it running",
    async () => {
      const ticker = join(FIX, "ticker.js");
      const proc = Bun.spawn([NODE!, ticker], { stdout: "pipe", stderr: "pipe" });
      try {
        const reader = proc.stdout.getReader();
        const first = new TextDecoder().decode((await reader.read()).value);
        expect(first).toContain(`pid=${proc.pid}`);
        const s = "node-attach";
        // 9229 is the machine's: another run here attaching the same way makes us wait, not fail.
        const tried = await attachWhenInspectorPortFree(() =>
          env.run(["attach", String(proc.pid), "--adapter", "node", "--break", at(ticker, "tick_body"), "--session", s]),
        );
        if (tried.exitCode !== 0) throw new Error(`attach failed (exit ${tried.exitCode}): ${tried.stdout}${tried.stderr}`);
        const attached = tried.json.data;
        // js-debug binds the breakpoint a moment after the attach: the reply waits for it, no warning.
        expect((attached as any).warnings).toBeUndefined();
        const hit = attached.stop ?? (await env.ok(["await", "--session", s])).stop;
        expect(hit).toMatchObject({ reason: "breakpoint", frame: { file: ticker, line: mark(ticker, "tick_body") } });
        expect(Number((await env.ok(["print", "count", "--session", s])).result)).toBeGreaterThan(0);
        await env.ok(["detach", "--session", s]);
        expect(proc.exitCode).toBeNull();
        // A process that is not node is refused before the signal, which would end it.
        const sleeper = Bun.spawn(["sleep", "30"]);
        const refused = await env.run(["attach", String(sleeper.pid), "--adapter", "node", "--session", "node-not-node"]);
        expect(refused.json.error.code).toBe("ATTACH_FAILED");
        expect(refused.json.error.message).toContain("is not node");
        expect(sleeper.exitCode).toBeNull();
        sleeper.kill(9);
        expect(jsDebugServers(env.runtimeDir)).toEqual([]);
      } finally {
        proc.kill(9);
      }
    },
    T,
  );

  test(
    "attach by pid to a node started with --inspect=PORT: its own inspector port is used (the signal would not move it to 9229)",
    async () => {
      const ticker = join(FIX, "ticker.js");
      const probe = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
      const port = probe.port;
      probe.stop(true);
      const proc = Bun.spawn([NODE!, `--inspect=127.0.0.1:${port}`, ticker], { stdout: "pipe", stderr: "pipe" });
      try {
        const reader = proc.stdout.getReader();
        expect(new TextDecoder().decode((await reader.read()).value)).toContain(`pid=${proc.pid}`);
        const s = "node-attach-port";
        const attached = await env.ok(["attach", String(proc.pid), "--adapter", "node", "--break", at(ticker, "tick_body"), "--session", s]);
        const hit = attached.stop ?? (await env.ok(["await", "--session", s])).stop;
        expect(hit).toMatchObject({ reason: "breakpoint", frame: { file: ticker, line: mark(ticker, "tick_body") } });
        await env.ok(["detach", "--session", s]);
        expect(proc.exitCode).toBeNull();
      } finally {
        proc.kill(9);
      }
    },
    T,
  );

  test(
    "attach --connect HOST:PORT to a Node inspector already listening: js-debug is started here and attaches there; start --connect is refused",
    async () => {
      const ticker = join(FIX, "ticker.js");
      const port = freePort();
      const proc = Bun.spawn([NODE!, `--inspect=127.0.0.1:${port}`, ticker], { stdout: "pipe", stderr: "pipe" });
      try {
        const reader = proc.stdout.getReader();
        expect(new TextDecoder().decode((await reader.read()).value)).toContain(`pid=${proc.pid}`);
        const s = "node-connect";
        const attached = await env.ok(["attach", "--connect", `127.0.0.1:${port}`, "--adapter", "node", "--break", at(ticker, "tick_body"), "--session", s]);
        expect(attached.session.adapter).toBe("node");
        const hit = attached.stop ?? (await env.ok(["await", "--session", s])).stop;
        expect(hit).toMatchObject({ reason: "breakpoint", frame: { file: ticker, line: mark(ticker, "tick_body") } });
        expect(Number((await env.ok(["print", "count", "--session", s])).result)).toBeGreaterThan(0);
        await env.ok(["detach", "--session", s]);
        expect(proc.exitCode).toBeNull();
        expect(jsDebugServers(env.runtimeDir)).toEqual([]);
        // --connect names a running program's inspector: launching through it means nothing.
        const start = await env.run(["start", ticker, "--connect", `127.0.0.1:${port}`, "--adapter", "node", "--session", "node-connect-start"]);
        expect(start.json.error.code).toBe("USAGE");
        expect(start.json.error.hint).toContain("attach --connect");
      } finally {
        proc.kill(9);
      }
    },
    T,
  );

  test(
    "attach by pid reads the inspector's address from the process: a wildcard one is reached on loopback, another address only when given with --connect",
    async () => {
      const ticker = join(FIX, "ticker.js");
      const port = freePort();
      const proc = Bun.spawn([NODE!, `--inspect=0.0.0.0:${port}`, ticker], { stdout: "pipe", stderr: "pipe" });
      try {
        const reader = proc.stdout.getReader();
        expect(new TextDecoder().decode((await reader.read()).value)).toContain(`pid=${proc.pid}`);
        const s = "node-attach-wild";
        const attached = await env.ok(["attach", String(proc.pid), "--adapter", "node", "--break", at(ticker, "tick_body"), "--session", s]);
        const hit = attached.stop ?? (await env.ok(["await", "--session", s])).stop;
        expect(hit).toMatchObject({ reason: "breakpoint", frame: { file: ticker, line: mark(ticker, "tick_body") } });
        await env.ok(["detach", "--session", s]);
      } finally {
        proc.kill(9);
      }
      const ip = Object.values(networkInterfaces())
        .flat()
        .find((i) => i && i.family === "IPv4" && !i.internal)?.address;
      if (!ip) return void console.warn("SKIP (the non-loopback part): this machine has no non-loopback IPv4 address");
      const port2 = freePort();
      const remote = Bun.spawn([NODE!, `--inspect=${ip}:${port2}`, ticker], { stdout: "pipe", stderr: "pipe" });
      try {
        const reader = remote.stdout.getReader();
        expect(new TextDecoder().decode((await reader.read()).value)).toContain(`pid=${remote.pid}`);
        const refused = await env.run(["attach", String(remote.pid), "--adapter", "node", "--session", "node-attach-far"]);
        expect(refused.json.error.code).toBe("ATTACH_FAILED");
        expect(refused.json.error.message).toContain("not a loopback address");
        expect(refused.json.error.hint).toContain(`attach --connect ${ip}:${port2} --adapter node`);
        expect(remote.exitCode).toBeNull();
        // Given explicitly, it is connected to.
        const s = "node-attach-far-given";
        const attached = await env.ok(["attach", "--connect", `${ip}:${port2}`, "--adapter", "node", "--break", at(ticker, "tick_body"), "--session", s]);
        const hit = attached.stop ?? (await env.ok(["await", "--session", s])).stop;
        expect(hit).toMatchObject({ reason: "breakpoint", frame: { file: ticker, line: mark(ticker, "tick_body") } });
        await env.ok(["detach", "--session", s]);
        expect(jsDebugServers(env.runtimeDir)).toEqual([]);
      } finally {
        remote.kill(9);
      }
    },
    T,
  );

  test(
    "worker threads are threads: a breakpoint in a worker stops there and names its thread; threads and backtrace --all list both; the worker's locals and print",
    async () => {
      const prog = join(FIX, "workers.js");
      const s = "node-workers";
      const r = await env.ok(["start", prog, "--break", at(prog, "worker_body"), "--break", at(prog, "main_message"), "--session", s]);
      expect(r.stop).toMatchObject({
        reason: "breakpoint",
        breakpointIds: [1],
        threadId: 101,
        frame: { function: "square", file: prog, line: mark(prog, "worker_body") },
      });
      expect(local(r.stop, "n")).toBe("7");
      const text = (await env.run(["threads", "--session", s], { json: false })).stdout;
      expect(text).toContain("[worker 1]");
      const threads = (await env.ok(["threads", "--session", s])).threads;
      expect(threads.map((t) => t.id)).toEqual([1, 101]);
      expect(threads[1]).toMatchObject({ id: 101, name: "[worker 1]", current: true, frame: { function: "square", line: mark(prog, "worker_body") } });
      const all = await env.ok(["backtrace", "--all", "--session", s]);
      expect(all.threads?.find((t) => t.id === 101)?.frames[0]).toMatchObject({ function: "square", file: prog, line: mark(prog, "worker_body") });
      expect((await env.ok(["print", "n * 10", "--session", s])).result).toBe("70");
      // On to the main thread, which gets the worker's message; the worker has ended by then or soon.
      const main = (await env.ok(["continue", "--session", s])).stop;
      expect(main).toMatchObject({ reason: "breakpoint", breakpointIds: [2], threadId: 1, frame: { file: prog, line: mark(prog, "main_message") } });
      expect(local(main, "m")).toBe("49");
      await env.ok(["breakpoint", "remove", "--all", "--session", s]);
      const end = (await env.ok(["continue", "--session", s])).stop;
      expect(end).toMatchObject({ reason: "exited", exitCode: 0 });
      expect((await env.ok(["output", "--session", s])).text).toBe("from worker: 49\nworker done\n");
      await env.ok(["stop", "--session", s]);
      expect(jsDebugServers(env.runtimeDir)).toEqual([]);
    },
    T,
  );

  test(
    "async stacks: a backtrace after an await goes on through the awaiting callers (js-debug's `await` frame), their variables said to be unavailable",
    async () => {
      const prog = join(FIX, "async.js");
      const s = "node-async";
      const r = await env.ok(["start", prog, "--break", at(prog, "inner_after_await"), "--session", s]);
      expect(r.stop.frame).toMatchObject({ function: "inner", line: mark(prog, "inner_after_await") });
      const frames = (await env.ok(["backtrace", "--session", s])).frames.map((f) => f.function);
      expect(frames.slice(0, 4)).toEqual(["inner", "await", "middle", "outer"]);
      const bt = (await env.run(["backtrace", "--session", s], { json: false })).stdout;
      expect(bt).toMatch(/#2 +middle \(.*async\.js:\d+\)/);
      // The caller past the await is selectable; its variables are not live (js-debug says so).
      expect((await env.ok(["frame", "2", "--session", s])).frame).toMatchObject({ function: "middle" });
      const bad = await env.run(["print", "n", "--session", s]);
      expect(bad.exitCode).not.toBe(0);
      expect(bad.json.error.message).toContain("async stack frame");
    },
    T,
  );

  test(
    "pause of a program whose event loop waits (no JavaScript running) answers, saying what is pending; it runs on after continue",
    async () => {
      const s = "node-idle";
      const prog = join(FIX, "waits.js");
      await env.ok(["start", prog, "--no-wait", "--session", s]);
      await waitFor(async () => (await env.ok(["output", "--session", s])).text.includes("listening"), 20_000, "the server to listen");
      const paused = await env.ok(["pause", "--session", s]);
      expect(paused.stop.reason).toBe("pause");
      expect(paused.stop.description).toContain("Paused while the event loop waited");
      expect(paused.stop.description).toMatch(/pending: .*TCPServerWrap.*Timeout/);
      await env.ok(["continue", "--no-wait", "--session", s]);
      // It runs on: an evaluation answers.
      expect((await env.ok(["eval", "1 + 1", "--session", s])).result).toBe("2");
    },
    T,
  );

  test(
    "a wrapper that runs the program in a child process (as tsx and npx do): the child is followed, its exit code is the wrapper's",
    async () => {
      const s = "node-wrapper";
      const child = join(FIX, "child.js");
      const r = await env.ok(["start", join(FIX, "wrapper.js"), "--break", at(child, "area_body"), "--session", s]);
      expect(r.stop).toMatchObject({ reason: "breakpoint", breakpointIds: [1], frame: { file: child, line: mark(child, "area_body") } });
      expect(local(r.stop, "w")).toBe("3");
      expect((await env.ok(["print", "w * h", "--session", s])).result).toBe("12");
      const end = (await env.ok(["continue", "--session", s])).stop;
      expect(end).toMatchObject({ reason: "exited", exitCode: 4 });
      expect((await env.ok(["output", "--session", s])).text).toBe("wrapper starts the child\narea 12\n");
      await env.ok(["stop", "--session", s]);
      expect(jsDebugServers(env.runtimeDir)).toEqual([]);
    },
    T,
  );

  test(
    "TypeScript run by the project's tsx (installed from npm here): tsx's child process is followed, a breakpoint in the .ts stops",
    async () => {
      const proj = join(work, "tsx");
      cpSync(join(FIX, "ts", "src"), join(proj, "src"), { recursive: true });
      const npm = Bun.which("npm");
      const install = npm
        ? Bun.spawnSync([npm, "install", "--silent", "--no-audit", "--no-fund", "--prefix", proj, "tsx@4"], {
            stdout: "pipe",
            stderr: "pipe",
            timeout: 120_000,
          })
        : undefined;
      if (install?.exitCode !== 0) {
        const why = `tsx could not be installed from npm (${install ? install.stderr.toString().trim().split("\n").at(-1) : "no npm"})`;
        if (CI) throw new Error(why);
        return void console.warn(`SKIP: ${why}`);
      }
      const weigh = join(proj, "src", "weigh.ts");
      const s = "node-tsx";
      const r = await env.ok(["start", join(proj, "src", "main.ts"), "--break", at(weigh, "weigh_body"), "--session", s], { cwd: proj });
      expect(r.stop).toMatchObject({ reason: "breakpoint", breakpointIds: [1], frame: { file: weigh, line: mark(weigh, "weigh_body") } });
      expect((await env.ok(["print", "item.grams", "--session", s])).result).toBe("120");
      await env.ok(["breakpoint", "remove", "--all", "--session", s]);
      const end = (await env.ok(["continue", "--session", s])).stop;
      expect(end).toMatchObject({ reason: "exited", exitCode: 0 });
      expect(end.output).toBe("total=300\n");
      await env.ok(["stop", "--session", s]);
      expect(jsDebugServers(env.runtimeDir)).toEqual([]);
    },
    T * 3,
  );

  test(
    "a .ts program on a Node that cannot run TypeScript says so and what to do",
    async () => {
      const v = Bun.spawnSync([NODE!, "--version"]).stdout.toString();
      const [major, minor] = v.slice(1).split(".").map(Number);
      if (major! > 22 || (major === 22 && minor! >= 6)) return void console.warn(`SKIP: node ${v.trim()} runs TypeScript directly`);
      // Outside any project with tsx (which would run it).
      const lone = join(work, "lone.ts");
      cpSync(join(FIX, "ts", "src", "weigh.ts"), lone);
      const r = await env.run(["start", lone, "--session", "node-ts-direct"]);
      expect(r.exitCode).not.toBe(0);
      expect(r.json.error.code).toBe("UNSUPPORTED");
      expect(r.json.error.message).toContain("cannot run TypeScript directly");
      expect(r.json.error.hint).toContain("tsc --sourceMap");
    },
    T,
  );
});
