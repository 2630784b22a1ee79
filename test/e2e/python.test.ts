// debugpy end to end: the built binary, a real debugpy, the fixtures in test/fixtures/python.
// Lines are found by their `# @mark NAME` comments (the same names as the C fixture).
// Locally a missing debugpy skips with a message; in CI (CI=true) it fails.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isLibraryFile } from "../../src/adapters/debugpy.ts";
import type { DataOf } from "../harness/index.ts";
import { alive, CI, E2eEnv, ROOT, runCommand, waitFor } from "./harness.ts";
import type { StopReport } from "../../src/ipc/types.ts";

const FIXTURES = join(ROOT, "test", "fixtures", "python");
const BASIC = join(FIXTURES, "basic.py");
const T = 60_000;

/** Every python3 on PATH, then /usr/bin/python3 (the one Debian's python3-debugpy serves). */
function pythons(): string[] {
  const onPath = runCommand(["which", "-a", "python3"]).out.split("\n").filter(Boolean);
  return [...new Set([...onPath, "/usr/bin/python3"])].filter((p) => runCommand([p, "-c", "1"]).exitCode === 0);
}

const PYTHON = pythons().find((p) => runCommand([p, "-c", "import debugpy"]).exitCode === 0);
/** An interpreter that runs but cannot import debugpy (a pyenv python3 here), if there is one. */
const NO_DEBUGPY = pythons().find((p) => runCommand([p, "-c", "import debugpy"]).exitCode !== 0);

function markers(file: string): Record<string, number> {
  const out: Record<string, number> = {};
  readFileSync(file, "utf8")
    .split("\n")
    .forEach((text, i) => {
      const m = /#\s*@mark\s+(\w+)/.exec(text);
      if (m) out[m[1]!] = i + 1;
    });
  return out;
}

function lineOf(file: string, needle: string): number {
  const i = readFileSync(file, "utf8")
    .split("\n")
    .findIndex((l) => l.includes(needle));
  if (i < 0) throw new Error(`'${needle}' is not in ${file}`);
  return i + 1;
}

const M = markers(BASIC);

/** An isolated daemon; discovery must not depend on the shell the tests run in. */
function pyEnv(extra: Record<string, string>): E2eEnv {
  const e = new E2eEnv();
  Object.assign(e.env, extra);
  return e;
}

function local(stop: StopReport, name: string): string | undefined {
  return stop.locals.find((v) => v.name === name)?.value;
}

// Which breakpoint files switch justMyCode off (no debugpy needed).
describe("debugpy library files", () => {
  const dirs = ["/root/.pyenv/versions/3.11.7/lib", "/root/.pyenv/versions/3.11.7/lib/python3.11", "/home/u/proj/.venv/lib"];
  test.each([
    ["/usr/lib/python3.11/json/decoder.py", true],
    ["/usr/lib/python3/dist-packages/requests/api.py", true],
    ["/home/u/.local/lib/python3.11/site-packages/attr/_make.py", true],
    ["/root/.pyenv/versions/3.11.7/lib/python3.11/json/decoder.py", true],
    ["/home/u/proj/.venv/lib/python3.11/site-packages/flask/app.py", true],
    ["/home/u/proj/app.py", false],
    ["/home/u/proj/libs/helpers.py", false],
    ["/root/.pyenv/versions/3.11.7/library.py", false],
    [BASIC, false],
  ])("%s → %p", (file, expected) => {
    expect(isLibraryFile(file, dirs)).toBe(expected);
  });
});

if (!PYTHON) {
  const why = "debugpy is not importable by any python3 here (apt-get install python3-debugpy, or pip install debugpy)";
  if (CI) test("debugpy is installed", () => expect(why).toBe("debugpy importable"));
  else console.warn(`SKIP test/e2e/python.test.ts: ${why}`);
}

describe.skipIf(!PYTHON)("debugpy", () => {
  let env: E2eEnv;
  const timings: Record<string, number> = {};

  beforeAll(() => {
    env = pyEnv({ VIRTUAL_ENV: "", DEBUGGER_PYTHON: "" });
  });

  afterEach(() => env.stopSessions());

  afterAll(async () => {
    await env.close();
    console.log(`debugpy e2e timings (ms, CLI start → reply): ${JSON.stringify(timings)}`);
  });

  /** `start` with --json; returns data and records how long the first stop took. */
  async function start(session: string, args: string[]): Promise<DataOf<["start"]>> {
    const t0 = performance.now();
    const data = await env.ok(["start", ...args, "--session", session]);
    timings[session] = Math.round(performance.now() - t0);
    return data;
  }

  test(
    "a line breakpoint stops in add with its locals; print calls a function; backtrace",
    async () => {
      const s = "py-line";
      const d = await start(s, [BASIC, "--break", `${BASIC}:${M.add_body}`]);
      expect(d.session.adapter).toBe("debugpy");
      expect(d.stop.reason).toBe("breakpoint");
      expect(d.stop.breakpointIds).toEqual([1]);
      expect(d.stop.frame).toMatchObject({ function: "add", file: BASIC, line: M.add_body });
      expect(d.stop.locals.map((v) => [v.name, v.type, v.value])).toEqual([
        ["a", "int", "0"],
        ["b", "int", "0"],
      ]);
      expect(d.breakpoints[0]).toMatchObject({ id: 1, verified: true, line: M.add_body });

      const p = await env.ok(["print", "add(2, 3)", "--session", s]);
      expect(p).toMatchObject({ result: "5", type: "int" });

      const bt = await env.ok(["backtrace", "--session", s]);
      expect(bt.frames.map((f) => [f.index, f.function, f.line])).toEqual([
        [0, "add", M.add_body],
        [1, "main", M.loop_body],
        [2, "<module>", lineOf(BASIC, "    main()")],
      ]);

      // Second iteration: continue hits the same breakpoint with b = 1.
      const c = await env.ok(["continue", "--session", s]);
      expect(c.stop.reason).toBe("breakpoint");
      expect(local(c.stop, "b")).toBe("1");
      await env.ok(["stop", "--session", s]);
    },
    T,
  );

  test(
    "dicts, sets and tuples read as Python writes them, in locals and print",
    async () => {
      const s = "py-repr";
      const dir = mkdtempSync(join(tmpdir(), "py-repr-"));
      try {
        const prog = join(dir, "reprs.py");
        await Bun.write(prog, 's = {1, 2, 3}\nd = {"a": [1, 2], "b": {"c": 3}}\nt = (1, "x")\nprint(len(s), d, t)\n');
        const d = await start(s, [prog, "--break", `${prog}:4`]);
        expect(Object.fromEntries(d.stop.locals.map((v) => [v.name, v.value]))).toEqual({
          s: "{1, 2, 3}",
          d: "{'a': [1, 2], 'b': {'c': 3}}",
          t: "(1, 'x')",
        });
        const p = await env.ok(["print", "d['b']", "s", "--session", s]);
        expect(p.results.map((r) => r.result)).toEqual(["{'c': 3}", "{1, 2, 3}"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    T,
  );

  test(
    "a function breakpoint; finish, next and step land where Python says",
    async () => {
      const s = "py-func";
      const d = await start(s, [BASIC, "--break", "add"]);
      expect(d.stop.reason).toBe("breakpoint");
      expect(d.breakpoints[0]).toMatchObject({ function: "add", verified: true });
      // debugpy stops a function breakpoint on the `def` line (its call event), not the first statement.
      expect(d.stop.frame).toMatchObject({ function: "add", line: lineOf(BASIC, "def add(") });
      expect(d.stop.breakpointIds).toEqual([1]);

      const fin = await env.ok(["finish", "--session", s]);
      expect(fin.stop.reason).toBe("step");
      expect(fin.stop.frame).toMatchObject({ function: "main", line: M.loop_body });
      // showReturnValue: what the finished call returned, as gdb's "Value returned".
      expect(fin.stop.locals[0]).toMatchObject({ name: "(return) add", type: "int", value: "0" });

      const n1 = await env.ok(["next", "--session", s]);
      expect(n1.stop.frame).toMatchObject({ function: "main", line: M.loop_head });
      expect(local(n1.stop, "total")).toBe("0");
      const n2 = await env.ok(["next", "--session", s]);
      expect(n2.stop.frame).toMatchObject({ function: "main", line: M.loop_body });
      expect(local(n2.stop, "i")).toBe("1");

      // With the function breakpoint still set, stepping into add would report that breakpoint.
      await env.ok(["breakpoint", "remove", "1", "--session", s]);
      const st = await env.ok(["step", "--session", s]);
      expect(st.stop.reason).toBe("step");
      expect(st.stop.frame).toMatchObject({ function: "add", line: M.add_body });
      expect(local(st.stop, "b")).toBe("1");
      await env.ok(["stop", "--session", s]);
    },
    T,
  );

  test(
    "a conditional breakpoint stops only when its condition holds",
    async () => {
      const s = "py-cond";
      await start(s, [BASIC, "--break", `${BASIC}:${M.point_init}`]);
      const b = await env.ok(["break", `${BASIC}:${M.add_body}`, "--condition", "b == 3", "--session", s]);
      expect(b.breakpoints[0]).toMatchObject({ id: 2, verified: true, condition: "b == 3" });
      const c = await env.ok(["continue", "--session", s]);
      expect(c.stop.reason).toBe("breakpoint");
      expect(c.stop.breakpointIds).toEqual([2]);
      expect(c.stop.frame).toMatchObject({ function: "add", line: M.add_body });
      expect(Object.fromEntries(c.stop.locals.map((v) => [v.name, v.value]))).toEqual({ a: "3", b: "3" });
      await env.ok(["stop", "--session", s]);
    },
    T,
  );

  test(
    "stdout and stderr are kept apart; the dataclass local; exit code 3",
    async () => {
      const s = "py-exit";
      const d = await start(s, [BASIC, "--break", `${BASIC}:${M.stdout_flushed}`]);
      expect(d.stop.frame).toMatchObject({ function: "main", line: M.stdout_flushed });
      expect(Object.fromEntries(d.stop.locals.map((v) => [v.name, v.value]))).toEqual({ f: "24", i: "4", p: "Point(x=3, y=4)", total: "10" });
      expect(d.stop.locals.find((v) => v.name === "p")).toMatchObject({ type: "Point" });
      expect(d.stop.output).toBe("stdout: total=10 f=24\n");

      // sys.exit(3) raises SystemExit; it is not an error stop (the exception options leave it out).
      const e = await env.ok(["continue", "--session", s]);
      expect(e.state).toBe("exited");
      expect(e.stop).toMatchObject({ reason: "exited", exitCode: 3, description: "program exited with code 3" });
      expect(e.stop.output).toContain("stderr: p.x=3 p.y=4\n");
      expect((await env.ok(["output", "--stdout", "--session", s])).text).toBe("stdout: total=10 f=24\n");
      expect((await env.ok(["output", "--stderr", "--session", s])).text).toBe("stderr: p.x=3 p.y=4\n");
      expect((await env.ok(["status", "--session", s])).state).toBe("exited");
      await env.ok(["stop", "--session", s]);
    },
    T,
  );

  test(
    "--stop-on-entry stops at the first line of the module",
    async () => {
      const s = "py-entry";
      const d = await start(s, [BASIC, "--stop-on-entry"]);
      expect(d.stop.reason).toBe("entry");
      expect(d.stop.frame).toMatchObject({ function: "<module>", file: BASIC, line: lineOf(BASIC, "import sys") });
      await env.ok(["stop", "--session", s]);
    },
    T,
  );

  test(
    "a breakpoint in the standard library json decoder is hit (justMyCode switched off)",
    async () => {
      const s = "py-stdlib";
      const decoder = runCommand([PYTHON!, "-c", "import json.decoder; print(json.decoder.__file__)"]).out;
      const line = lineOf(decoder, "obj, end = self.raw_decode(s");
      const d = await start(s, [join(FIXTURES, "uses_json.py"), "--break", `${decoder}:${line}`]);
      expect(d.stop.reason).toBe("breakpoint");
      expect(d.stop.frame).toMatchObject({ function: "decode", file: decoder, line });
      expect(local(d.stop, "s")).toBe(`'{"name": "debugger", "count": 42}'`);
      expect(local(d.stop, "self")).toContain("JSONDecoder");
      const bt = await env.ok(["backtrace", "--session", s]);
      expect(bt.frames.slice(0, 3).map((f) => f.function)).toEqual(["decode", "loads", "parse"]);
      await env.ok(["stop", "--session", s]);
    },
    T,
  );

  test(
    "--just-my-code keeps library breakpoints off: pending with debugpy's reason, the program runs to the end",
    async () => {
      const s = "py-jmc";
      const decoder = runCommand([PYTHON!, "-c", "import json.decoder; print(json.decoder.__file__)"]).out;
      const line = lineOf(decoder, "obj, end = self.raw_decode(s");
      const d = await start(s, [join(FIXTURES, "uses_json.py"), "--just-my-code", "--break", `${decoder}:${line}`]);
      expect(d.breakpoints[0].verified).toBe(false);
      expect(d.breakpoints[0].message).toContain("justMyCode");
      expect(d.stop).toMatchObject({ reason: "exited", exitCode: 0 });
      expect(d.stop.output).toBe("count=42\n");
      await env.ok(["stop", "--session", s]);
    },
    T,
  );

  test(
    "an uncaught exception stops where it is raised, with its type, message and traceback",
    async () => {
      const s = "py-raise";
      const file = join(FIXTURES, "raises.py");
      const m = markers(file);
      const d = await start(s, [file]);
      expect(d.stop.reason).toBe("exception");
      expect(d.stop.frame).toMatchObject({ function: "check", file, line: m.raise });
      expect(d.stop.exception).toMatchObject({ id: "ValueError", description: "bad value 42" });
      expect(d.stop.exception.details).toContain("ValueError: bad value 42");
      expect(d.stop.exception.details).toContain(`line ${m.call}, in main`);
      expect(local(d.stop, "value")).toBe("42");
      expect(d.stop.output).toBe("before the exception\n");
      const e = await env.ok(["continue", "--session", s]);
      expect(e.stop).toMatchObject({ reason: "exited", exitCode: 1 });
      expect((await env.ok(["output", "--stderr", "--session", s])).text).toContain("ValueError: bad value 42");
      await env.ok(["stop", "--session", s]);
    },
    T,
  );

  test(
    "a file with a syntax error exits with code 1 and the SyntaxError in its output",
    async () => {
      const s = "py-syntax";
      const file = join(FIXTURES, "syntax_error.py");
      const d = await start(s, [file]);
      expect(d.stop).toMatchObject({ reason: "exited", exitCode: 1 });
      expect(d.stop.output).toContain(`File "${file}", line 4`);
      expect(d.stop.output).toContain("SyntaxError: invalid syntax");
      expect((await env.ok(["output", "--stderr", "--session", s])).text).toContain("SyntaxError: invalid syntax");
      expect((await env.ok(["output", "--stdout", "--session", s])).text).toBe("");
      await env.ok(["stop", "--session", s]);
    },
    T,
  );

  test(
    "attach --connect to `python3 -m debugpy --listen`, break on tick, continue, detach: the server keeps running",
    async () => {
      const s = "py-attach";
      const file = join(FIXTURES, "server.py");
      const m = markers(file);
      const probe = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
      const port = probe.port;
      probe.stop(true);
      const server = Bun.spawn([PYTHON!, "-m", "debugpy", "--listen", `127.0.0.1:${port}`, file], { stdout: "pipe", stderr: "pipe", stdin: "ignore" });
      let out = "";
      void (async () => {
        const dec = new TextDecoder();
        for await (const chunk of server.stdout) out += dec.decode(chunk, { stream: true });
      })();
      const lastTick = () => Number([...out.matchAll(/tick (\d+)/g)].pop()?.[1] ?? 0);
      try {
        await waitFor(() => out.includes("serving"), 15_000, "the server to start");
        const t0 = performance.now();
        const a = await env.ok(["attach", "--connect", `127.0.0.1:${port}`, "--adapter", "debugpy", "--break", `${file}:${m.tick_body}`, "--session", s]);
        expect(a.session).toMatchObject({ adapter: "debugpy", mode: "attach" });
        const first = a.stop?.reason === "breakpoint" ? a.stop : (await env.ok(["await", "--session", s])).stop;
        timings[s] = Math.round(performance.now() - t0);
        expect(first.reason).toBe("breakpoint");
        expect(first.frame).toMatchObject({ function: "tick", file, line: m.tick_body });
        const before = Number((await env.ok(["print", "count", "--session", s])).result);

        const c = await env.ok(["continue", "--session", s]);
        expect(c.stop.reason).toBe("breakpoint");
        expect(c.stop.frame).toMatchObject({ function: "tick", line: m.tick_body });
        expect(Number((await env.ok(["print", "count", "--session", s])).result)).toBe(before + 1);

        const det = await env.ok(["detach", "--session", s]);
        expect(det.detached).toBe(s);
        // Still alive and no longer stopped: it keeps printing new ticks.
        const seen = lastTick();
        await waitFor(() => lastTick() > seen + 2, 10_000, "the server to keep ticking after detach");
        expect(alive(server.pid)).toBe(true);
        expect((await env.ok(["status", "--session", s])).state).toBe("idle");
      } finally {
        server.kill("SIGKILL");
        await server.exited;
      }
    },
    T,
  );

  test(
    "an active virtualenv's python runs the program; one without debugpy is lent another's (as `test` does), and named with --python it is ADAPTER_NOT_FOUND naming its pip",
    async () => {
      const dir = mkdtempSync(join(tmpdir(), "dbg-venv-"));
      try {
        // --system-site-packages: Debian's debugpy stays importable. --without-pip keeps it fast.
        expect(runCommand([PYTHON!, "-m", "venv", "--without-pip", "--system-site-packages", join(dir, "with")]).exitCode).toBe(0);
        const withEnv = pyEnv({ VIRTUAL_ENV: join(dir, "with"), DEBUGGER_PYTHON: "" });
        try {
          const d = await withEnv.ok(["start", BASIC, "--break", `${BASIC}:${M.add_body}`, "--session", "py-venv"]);
          expect(d.stop.reason).toBe("breakpoint");
          expect((await withEnv.ok(["print", "__import__('sys').prefix", "--session", "py-venv"])).result).toBe(`'${join(dir, "with")}'`);
          await withEnv.ok(["stop", "--session", "py-venv"]);
        } finally {
          await withEnv.close();
        }
        if (!NO_DEBUGPY) return;
        expect(runCommand([NO_DEBUGPY, "-m", "venv", "--without-pip", join(dir, "bare")]).exitCode).toBe(0);
        const bareEnv = pyEnv({ VIRTUAL_ENV: join(dir, "bare"), DEBUGGER_PYTHON: "" });
        try {
          const lent = await bareEnv.run(["start", BASIC, "--break", `${BASIC}:${M.add_body}`, "--session", "py-venv-bare"]);
          if (lent.json.ok) {
            expect((await bareEnv.ok(["print", "__import__('sys').prefix", "--session", "py-venv-bare"])).result).toBe(`'${join(dir, "bare")}'`);
            await bareEnv.ok(["stop", "--session", "py-venv-bare"]);
          } else {
            // The lent debugpy does not load in that Python: the fix is the virtualenv's own pip.
            expect(lent.json.error.code).toBe("ADAPTER_NOT_FOUND");
            expect(lent.json.error.hint).toContain(`${join(dir, "bare", "bin", "python")} -m pip install debugpy`);
          }
          const r = await bareEnv.run(["start", BASIC, "--python", join(dir, "bare", "bin", "python3"), "--session", "py-venv-bare"]);
          expect(r.json.error.code).toBe("ADAPTER_NOT_FOUND");
          expect(r.json.error.message).toStartWith(
            `Python interpreter ${join(dir, "bare", "bin", "python3")} cannot be used for debugging: it cannot import debugpy`,
          );
          expect(r.json.error.hint).toContain(`${join(dir, "bare", "bin", "python")} -m pip install debugpy`);
          expect(r.json.error.hint).not.toContain("apt-get");
        } finally {
          await bareEnv.close();
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    T,
  );

  test(
    "attach by pid is refused (debugpy would inject through gdb) and the process is left alone",
    async () => {
      const s = "py-pid";
      const file = join(FIXTURES, "server.py");
      const proc = Bun.spawn([PYTHON!, file], { stdout: "pipe", stderr: "ignore", stdin: "ignore" });
      try {
        const r = await env.run(["attach", String(proc.pid), "--adapter", "debugpy", "--session", s]);
        expect(r.exitCode).toBe(1);
        expect(r.json.error.code).toBe("UNSUPPORTED");
        expect(r.json.error.message).toContain(`by pid here (${proc.pid})`);
        expect(r.json.error.hint).toContain("--listen");
        expect(r.json.error.hint).toContain("attach --connect");
        expect(alive(proc.pid)).toBe(true);
        expect((await env.ok(["status", "--session", s])).state).toBe("idle");
      } finally {
        proc.kill("SIGKILL");
        await proc.exited;
      }
    },
    T,
  );

  test(
    "--python /nonexistent is ADAPTER_NOT_FOUND naming the path",
    async () => {
      const r = await env.run(["start", BASIC, "--python", "/nonexistent", "--session", "py-nopython"]);
      expect(r.exitCode).toBe(4);
      expect(r.json.error.code).toBe("ADAPTER_NOT_FOUND");
      expect(r.json.error.message).toBe("Python interpreter '/nonexistent' was not found or is not executable");
      expect(r.json.error.hint).toContain("--python");
      expect((await env.ok(["status", "--session", "py-nopython"])).state).toBe("idle");
    },
    T,
  );

  test.skipIf(!NO_DEBUGPY)(
    "an interpreter without debugpy is ADAPTER_NOT_FOUND naming it and how to install",
    async () => {
      const r = await env.run(["start", BASIC, "--python", NO_DEBUGPY!, "--session", "py-nodebugpy"]);
      expect(r.exitCode).toBe(4);
      expect(r.json.error.code).toBe("ADAPTER_NOT_FOUND");
      expect(r.json.error.message).toStartWith(`Python interpreter ${NO_DEBUGPY} cannot be used for debugging: it cannot import debugpy`);
      expect(r.json.error.hint).toContain("pip install debugpy");
      expect(r.json.error.hint).toContain(`--python ${PYTHON}`);
    },
    T,
  );

  test(
    "attach --connect to a port nobody listens on is ADAPTER_NOT_FOUND; the daemon keeps serving",
    async () => {
      const s = "py-noport";
      const r = await env.run(["attach", "--connect", "127.0.0.1:1", "--adapter", "debugpy", "--session", s]);
      expect(r.exitCode).toBe(4);
      expect(r.json.error.code).toBe("ADAPTER_NOT_FOUND");
      expect(r.json.error.message).toStartWith("could not connect to a debug adapter at 127.0.0.1:1");
      expect(r.json.error.hint).toContain("debugpy --listen");
      expect((await env.ok(["status", "--session", s])).state).toBe("idle");
      expect((await env.ok(["sessions"])).sessions.filter((x) => x.name === s)).toEqual([]);
    },
    T,
  );
});
