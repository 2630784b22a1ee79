// The lldb CLI backend end to end: the built binary with `--adapter lldb-cli` (and, in one test,
// with lldb-dap turned off so native programs fall back to it by themselves) against real
// lldb-19 on the C fixtures. Locally a missing lldb skips with a message; in CI it fails.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { buildFixtures, markerLine, sourcePath } from "../../scripts/build-fixtures.ts";
import { findLldb } from "../../src/adapters/lldbCli/index.ts";
import { attachByPidRoundTrip } from "./attachSleeper.ts";
import { CI, E2eEnv } from "./harness.ts";

const SRC = sourcePath("c/basic.c");
const line = (mark: string) => markerLine(SRC, mark);
const at = (mark: string) => `${SRC}:${line(mark)}`;
const T = 60_000;
const STDOUT_LINE = "stdout: total=10 f=24";
const STDERR_LINE = "stderr: p.x=3 p.y=4";

function valueOf(variables: { name: string; value: string }[], name: string): string | undefined {
  return variables.find((v) => v.name === name)?.value;
}

const lldb = findLldb();
const missing = lldb ? "" : "lldb is not installed (apt-get install lldb-19)";
if (missing) {
  if (CI) test("lldb is installed", () => expect(missing).toBe(""));
  else console.warn(`SKIP test/e2e/lldbCli.test.ts: ${missing}`);
}

describe.skipIf(!!missing)(`lldb CLI backend (${lldb})`, () => {
  let env: E2eEnv;
  /** A daemon that cannot see lldb-dap: native programs must fall back to lldb by themselves. */
  let noDap: E2eEnv;
  let bins: Record<string, string>;

  beforeAll(async () => {
    bins = await buildFixtures();
    env = new E2eEnv();
    noDap = new E2eEnv({ env: { DEBUGGER_LLDB_DAP: "none" } });
  }, T);

  afterEach(async () => {
    await env.stopSessions();
    await noDap.stopSessions();
  });

  afterAll(async () => {
    await env?.close();
    await noDap?.close();
  });

  const start = (s: ReturnType<E2eEnv["session"]>, ...rest: string[]) => s.ok(["start", bins["c-basic"]!, "--adapter", "lldb-cli", ...rest]);

  test(
    "start --break: stop report with locals; print, set, backtrace; continue to the exit with the program's output apart",
    async () => {
      const s = env.session("cli-line");
      const r = await start(s, "--break", at("loop_body"), "--", "a b", "it's", "$HOME");
      expect(r.session.adapter).toBe("lldb-cli");
      expect(r.breakpoints[0]).toMatchObject({ id: 1, file: SRC, line: line("loop_body"), verified: true });
      expect(r.stop).toMatchObject({ reason: "breakpoint", breakpointIds: [1], frame: { function: "main", file: SRC, line: line("loop_body") } });
      expect(r.stop.threadId).toBeGreaterThan(0);
      expect(r.stop.source.find((l) => l.current)).toEqual({
        line: line("loop_body"),
        text: readFileSync(SRC, "utf8").split("\n")[line("loop_body") - 1],
        current: true,
      });
      expect(valueOf(r.stop.locals, "i")).toBe("0");
      expect(valueOf(r.stop.locals, "total")).toBe("0");
      expect(r.stop.locals.find((v) => v.name === "p")).toMatchObject({ type: "Point", value: "{x = 3, y = 4}" });
      // LLDB's own stop banner ("Process N stopped", the source around it) is not program output.
      expect(r.stop.output ?? "").toBe("");

      expect(await s.ok(["print", "p.x"])).toMatchObject({ result: "3", type: "int" });
      expect(await s.ok(["print", "p.x * 10 + p.y"])).toMatchObject({ result: "34", type: "int" });
      expect(await s.ok(["print", "add(2, 3)"])).toMatchObject({ result: "5", type: "int" });
      const p = await s.ok(["print", "p"]);
      expect(p.children.map((c) => `${c.name}=${c.value}`)).toEqual(["x=3", "y=4"]);
      const bad = await s.run(["print", "nosuch + 1"]);
      expect(bad.exitCode).toBe(1);
      expect(bad.json.error.code).toBe("EVALUATE_FAILED");
      expect(bad.json.error.message).toContain("nosuch");

      // Arguments reach the program word for word.
      const argv = async (n: number) => (await s.ok(["print", `(*(char***)&__libc_argv)[${n}]`])).result;
      expect(await argv(1)).toEndWith(' "a b"');
      expect(await argv(2)).toEndWith(` "it's"`);
      expect(await argv(3)).toEndWith(' "$HOME"');

      expect(await s.ok(["set", "total", "40"])).toMatchObject({ value: "40" });
      expect(await s.ok(["set", "p.y", "9"])).toMatchObject({ value: "9" });
      expect((await s.ok(["print", "total + p.y"])).result).toBe("49");

      // `raw` passes an LLDB command through.
      expect((await s.ok(["raw", "frame variable i"])).result).toContain("(int) i = 0");
      // A command with a format suffix is still a command, not an expression.
      expect((await s.ok(["raw", "p/x total"])).result).toContain("0x00000028");

      const again = (await s.ok(["continue"])).stop;
      expect(again).toMatchObject({ reason: "breakpoint", breakpointIds: [1], frame: { line: line("loop_body") } });
      expect(valueOf(again.locals, "i")).toBe("1");
      expect(valueOf(again.locals, "total")).toBe("40");

      await s.ok(["breakpoint", "remove", "--all"]);
      const end = (await s.ok(["continue"])).stop;
      expect(end).toMatchObject({ reason: "exited", exitCode: 3 });
      expect(end.output).toContain("stdout: total=50 f=24");
      expect(end.output).toContain("stderr: p.x=3 p.y=9");
      expect(end.output).not.toContain("Process");
      expect(await s.ok(["status"])).toMatchObject({ state: "exited", exitCode: 3 });
      expect((await s.ok(["output", "--stdout"])).text).toContain("stdout: total=50 f=24");
    },
    T,
  );

  test(
    "function breakpoint, backtrace, next/finish/step landing lines",
    async () => {
      const s = env.session("cli-function");
      const stop = (await start(s, "--break", "add")).stop;
      const [bp] = (await s.ok(["breakpoint", "list"])).breakpoints;
      expect(bp).toMatchObject({ location: "add", line: line("add_body"), verified: true });
      expect(stop).toMatchObject({ reason: "breakpoint", breakpointIds: [bp.id], frame: { function: "add", file: SRC, line: line("add_body") } });
      expect(valueOf(stop.locals, "a")).toBe("0");
      expect(valueOf(stop.locals, "b")).toBe("0");

      const frames = (await s.ok(["backtrace"])).frames;
      expect(frames.slice(0, 2).map((f) => [f.function, f.line])).toEqual([
        ["add", line("add_body")],
        ["main", line("loop_body")],
      ]);

      const next = (await s.ok(["next"])).stop;
      expect(next).toMatchObject({ reason: "step", frame: { function: "add" } });
      expect(next.frame.line).toBeGreaterThan(line("add_body"));
      expect(valueOf(next.locals, "sum")).toBe("0");

      const fin = (await s.ok(["finish"])).stop;
      expect(fin).toMatchObject({ reason: "step", frame: { function: "main", line: line("loop_body") } });

      expect((await s.ok(["next"])).stop.frame.line).toBe(line("loop_head"));
      expect((await s.ok(["next"])).stop.frame.line).toBe(line("loop_body"));
      await s.ok(["breakpoint", "remove", "--all"]);
      const step = (await s.ok(["step"])).stop;
      expect(step).toMatchObject({ reason: "step", frame: { function: "add", line: line("add_body") } });
      expect(valueOf(step.locals, "a")).toBe("0");
      expect(valueOf(step.locals, "b")).toBe("1");
    },
    T,
  );

  test(
    "stop on entry, conditional and hit-count breakpoints, a feature LLDB's command line lacks named UNSUPPORTED",
    async () => {
      const s = env.session("cli-cond");
      const entry = (await start(s, "--stop-on-entry")).stop;
      expect(entry.reason).toBe("entry");

      const [cond] = (await s.ok(["breakpoint", "add", at("add_body"), "--condition", "b == 3"])).breakpoints;
      expect(cond).toMatchObject({ condition: "b == 3", verified: true });
      const hit = (await s.ok(["continue"])).stop;
      expect(hit).toMatchObject({ reason: "breakpoint", breakpointIds: [cond.id], frame: { function: "add", line: line("add_body") } });
      expect(valueOf(hit.locals, "a")).toBe("3");
      expect(valueOf(hit.locals, "b")).toBe("3");
      await s.ok(["breakpoint", "remove", String(cond.id)]);

      // The 2nd time factorial recurses: n is 3 (4 → 3 → 2).
      const [counted] = (await s.ok(["breakpoint", "add", at("factorial_recurse"), "--hit-count", "2"])).breakpoints;
      const second = (await s.ok(["continue"])).stop;
      expect(second).toMatchObject({ reason: "breakpoint", breakpointIds: [counted.id], frame: { function: "factorial" } });
      expect(valueOf(second.locals, "n")).toBe("3");

      // Watchpoints: no data breakpoints in this backend — said, with the capability named.
      const watch = await s.run(["watch", "total"]);
      expect(watch.exitCode).toBe(1);
      expect(watch.json.error).toMatchObject({ code: "UNSUPPORTED", message: expect.stringContaining("lldb-cli does not support watchpoints") });
      // The session is unharmed.
      expect((await s.ok(["print", "n"])).result).toBe("3");
    },
    T,
  );

  test(
    "lldb-dap not found: a native program falls back to the lldb command line by itself; doctor says so",
    async () => {
      const s = noDap.session("cli-fallback");
      const r = await s.ok(["start", bins["c-basic"]!, "--break", at("add_body")]);
      expect(r.session.adapter).toBe("lldb-cli");
      expect(r.stop).toMatchObject({ reason: "breakpoint", frame: { function: "add", line: line("add_body") } });
      await s.ok(["breakpoint", "remove", "--all"]);
      const end = (await s.ok(["continue"])).stop;
      expect(end).toMatchObject({ reason: "exited", exitCode: 3 });
      expect(end.output).toContain(STDOUT_LINE);
      expect(end.output).toContain(STDERR_LINE);

      const doctor = await noDap.run(["doctor", "lldb-cli"]);
      expect(doctor.exitCode).toBe(0);
      const native = doctor.json.data.checks.find((c) => c.name === "native backend")!;
      expect(native.ok).toBe(true);
      expect(String(native.message)).toStartWith(`lldb-cli (${lldb})`);
      expect(String(native.message)).toContain("DEBUGGER_LLDB_DAP=none");
      expect(doctor.json.data.adapters).toEqual([expect.objectContaining({ name: "lldb-cli", ok: true, path: lldb })]);
    },
    T,
  );

  test(
    "attach by pid, breakpoint, continue, detach: the process keeps running",
    () => attachByPidRoundTrip(env, bins["c-sleeper"]!, "lldb-cli", "cli-attach"),
    T,
  );
});
