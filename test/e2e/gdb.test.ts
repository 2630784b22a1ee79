// GDB end to end: the built binary with `--adapter gdb`, on the C fixtures. gdb ≥ 14 runs its own
// DAP; older gdb (Debian 12 has 13.1) runs through cdt-gdb-adapter, found through
// DEBUGGER_CDT_GDB_ADAPTER, PATH, the global node_modules or `debugger setup gdb`'s prefix.
// Locally a missing gdb or adapter skips with a message; in CI (CI=true) it fails.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { buildFixtures, markerLine, sourcePath } from "../../scripts/build-fixtures.ts";
import { findGdb, gdb } from "../../src/adapters/gdb.ts";
import { attachByPidRoundTrip } from "./attachSleeper.ts";
import { CI, E2eEnv } from "./harness.ts";

const SRC = sourcePath("c/basic.c");
const line = (mark: string) => markerLine(SRC, mark);
const at = (mark: string) => `${SRC}:${line(mark)}`;
const T = 60_000;
const STDOUT_LINE = "stdout: total=10 f=24\n";
const STDERR_LINE = "stderr: p.x=3 p.y=4\n";

function valueOf(variables: { name: string; value: string }[], name: string): string | undefined {
  return variables.find((v) => v.name === name)?.value;
}

const found = gdb.discover({ options: {} });
const missing = !findGdb()
  ? "gdb is not installed (apt-get install gdb)"
  : !found
    ? "gdb < 14 has no DAP and cdt-gdb-adapter was not found (`npm install -g --ignore-scripts cdt-gdb-adapter`, `debugger setup gdb`, or DEBUGGER_CDT_GDB_ADAPTER=/path/to/dist/debugAdapter.js)"
    : "";
if (missing) {
  if (CI) test("gdb and its DAP adapter are installed", () => expect(missing).toBe(""));
  else console.warn(`SKIP test/e2e/gdb.test.ts: ${missing}`);
}

/** Can gdb itself call a function in a program on this machine? (gdb 13 cannot on some CPUs.) */
function gdbCanCall(program: string): boolean {
  const r = Bun.spawnSync([findGdb()!, "-q", "-batch", "-nx", "-ex", `break ${SRC}:${line("loop_body")}`, "-ex", "run", "-ex", "print add(2, 3)", program], {
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
    timeout: 30_000,
  });
  return /\$1 = 5\b/.test(r.stdout.toString());
}

describe.skipIf(!!missing)(`gdb (${found?.variant}: ${found?.version})`, () => {
  let env: E2eEnv;
  let bins: Record<string, string>;

  beforeAll(async () => {
    bins = await buildFixtures();
    env = new E2eEnv();
  }, T);

  afterEach(() => env.stopSessions());

  afterAll(async () => {
    await env?.close();
  });

  const start = (s: ReturnType<E2eEnv["session"]>, ...rest: string[]) => s.ok(["start", bins["c-basic"]!, "--adapter", "gdb", ...rest]);

  test(
    "line breakpoint: stop, locals, print of expressions and struct members, arguments, continue",
    async () => {
      const s = env.session("gdb-line");
      const r = await start(s, "--break", at("loop_body"), "--", "a b", "it's", "$HOME");
      expect(r.session.adapter).toBe("gdb");
      const [bp] = (await s.ok(["breakpoint", "list"])).breakpoints;
      expect(bp).toMatchObject({ id: 1, file: SRC, line: line("loop_body"), verified: true });
      expect(r.stop).toMatchObject({ reason: "breakpoint", breakpointIds: [1], frame: { function: "main", file: SRC, line: line("loop_body") } });
      expect(r.stop.threadId).toBeGreaterThan(0);
      expect(r.stop.source.find((l) => l.current)).toEqual({
        line: line("loop_body"),
        text: readFileSync(SRC, "utf8").split("\n")[line("loop_body") - 1],
        current: true,
      });
      expect(valueOf(r.stop.locals, "i")).toBe("0");
      expect(valueOf(r.stop.locals, "total")).toBe("0");
      expect(r.stop.locals.find((v) => v.name === "p")).toMatchObject({ type: "struct Point", value: "{x = 3, y = 4}" });

      expect(await s.ok(["print", "p.x"])).toMatchObject({ result: "3", type: "int" });
      expect(await s.ok(["print", "p.x * 10 + p.y"])).toMatchObject({ result: "34", type: "int" });
      const p = await s.ok(["print", "p"]);
      expect(p.type).toBe("struct Point");
      expect(p.children.map((c) => `${c.name}=${c.value}`)).toEqual(["x=3", "y=4"]);
      const bad = await s.run(["print", "nosuch + 1"]);
      expect(bad.exitCode).toBe(1);
      expect(bad.json.error.code).toBe("EVALUATE_FAILED");

      // Arguments reach the program word for word (cdt-gdb-adapter takes them as one shell string).
      const argv = async (n: number) => (await s.ok(["print", `(*(char***)&__libc_argv)[${n}]`])).result;
      expect(await argv(1)).toEndWith(' "a b"');
      expect(await argv(2)).toEndWith(` "it's"`);
      expect(await argv(3)).toEndWith(' "$HOME"');

      const again = (await s.ok(["continue"])).stop;
      expect(again).toMatchObject({ reason: "breakpoint", breakpointIds: [1], frame: { line: line("loop_body") } });
      expect(valueOf(again.locals, "i")).toBe("1");
      expect(valueOf(again.locals, "total")).toBe("0");
    },
    T,
  );

  test(
    "function breakpoint, backtrace, next/finish/step landing lines",
    async () => {
      const s = env.session("gdb-function");
      const stop = (await start(s, "--break", "add")).stop;
      const [bp] = (await s.ok(["breakpoint", "list"])).breakpoints;
      expect(bp).toMatchObject({ location: "add", line: line("add_body"), verified: true });
      expect(stop).toMatchObject({ reason: "breakpoint", breakpointIds: [bp.id], frame: { function: "add", file: SRC, line: line("add_body") } });
      expect(valueOf(stop.locals, "a")).toBe("0");
      expect(valueOf(stop.locals, "b")).toBe("0");

      const frames = (await s.ok(["backtrace"])).frames;
      expect(frames.map((f) => [f.function, f.line])).toEqual([
        ["add", line("add_body")],
        ["main", line("loop_body")],
      ]);

      // next runs add_body's line and stays in add (on `return sum;`).
      const next = (await s.ok(["next"])).stop;
      expect(next).toMatchObject({ reason: "step", frame: { function: "add" } });
      expect(next.frame.line).toBeGreaterThan(line("add_body"));
      expect(valueOf(next.locals, "sum")).toBe("0");

      // finish returns to the caller mid-statement (the assignment to total is still to come).
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
    "conditional breakpoint, stop on entry, output, exit code",
    async () => {
      const s = env.session("gdb-exit");
      const entry = (await start(s, "--stop-on-entry")).stop;
      // cdt-gdb-adapter has no stopOnEntry: a temporary breakpoint at main stands in, as gdb's `start`.
      expect(entry.frame).toMatchObject({ function: "main", file: SRC });

      const [bp] = (await s.ok(["breakpoint", "add", at("add_body"), "--condition", "b == 3"])).breakpoints;
      expect(bp).toMatchObject({ condition: "b == 3", verified: true });
      const hit = (await s.ok(["continue"])).stop;
      expect(hit).toMatchObject({ reason: "breakpoint", breakpointIds: [bp.id], frame: { function: "add", line: line("add_body") } });
      expect(valueOf(hit.locals, "a")).toBe("3");
      expect(valueOf(hit.locals, "b")).toBe("3");

      await s.ok(["breakpoint", "remove", String(bp.id)]);
      const end = (await s.ok(["continue"])).stop;
      expect(end.reason).toBe("exited");
      // gdb's own DAP sends `exited`; with cdt-gdb-adapter the code comes from gdb's
      // "[Inferior 1 (process N) exited with code 03]".
      expect(end.exitCode).toBe(3);
      expect(end.output).toContain(STDOUT_LINE);
      expect(end.output).toContain(STDERR_LINE);
      const status = await s.ok(["status"]);
      expect(status).toMatchObject({ state: "exited", exitCode: 3 });

      expect((await s.ok(["output", "--stdout"])).text).toContain(STDOUT_LINE);
      expect((await s.ok(["output", "--stderr"])).text).toContain(STDERR_LINE);
    },
    T,
  );

  test(
    "function calls in print: a value where gdb can call, else UNSUPPORTED said plainly",
    async () => {
      const s = env.session("gdb-call");
      await start(s, "--break", at("loop_body"));
      if (gdbCanCall(bins["c-basic"]!)) {
        expect(await s.ok(["print", "add(2, 3)"])).toMatchObject({ result: "5", type: "int" });
      } else {
        const r = await s.run(["print", "add(2, 3)"]);
        expect(r.exitCode).toBe(1);
        expect(r.json.error).toMatchObject({ code: "UNSUPPORTED", message: expect.stringContaining("gdb could not call a function in the program") });
        expect(r.json.error.hint).toContain("--adapter lldb-dap");
      }

      // A call that reaches a breakpoint stops inside the function and gives no value: the same
      // explanation, and `continue` finishes the call and comes back.
      await s.ok(["breakpoint", "add", "add"]);
      const r = await s.run(["print", "add(2, 3)"]);
      expect(r.exitCode).toBe(1);
      expect(r.json.error).toMatchObject({
        code: "UNSUPPORTED",
        message: expect.stringContaining("the call reached a breakpoint and stopped inside the function"),
      });
      expect(r.json.error.hint).toContain("`debugger continue` finishes the call");
      expect((await s.ok(["backtrace"])).frames.map((f) => f.function)).toEqual(["add", "<function called from gdb>", "main"]);
      const back = (await s.ok(["continue"])).stop;
      expect(back.frame).toMatchObject({ function: "main", line: line("loop_body") });
      expect(valueOf(back.locals, "i")).toBe("0");
    },
    T,
  );

  test(
    "gdb's index of each object file is written once into our cache and read after",
    async () => {
      const cache = join(env.dir, "cache", "debugger-cli", "gdb-index");
      const program = bins["c-basic"]!;
      const note = Bun.spawnSync(["readelf", "-n", program], { stdout: "pipe", stderr: "pipe" }).stdout.toString();
      const buildId = note.match(/Build ID: ([0-9a-f]+)/)?.[1];
      expect(buildId).toBeDefined(); // gcc on Debian links every program with one
      const rows = async () => {
        const r = await env.ok(["run", program, "--adapter", "gdb", "--break", at("loop_body"), "--print", "total", "--max", "2"]);
        return r.hits.map((h) => [h.frame?.line, h.values[0]?.value]);
      };
      const want = [
        [line("loop_body"), "0"],
        [line("loop_body"), "0"],
      ];
      expect(await rows()).toEqual(want);
      const file = join(cache, `${buildId}.gdb-index`);
      expect(existsSync(file)).toBe(true);
      expect(statSync(cache).mode & 0o777).toBe(0o700);
      const written = statSync(file).mtimeMs;
      // The second run reads the index: the same values, the file not written again.
      expect(await rows()).toEqual(want);
      expect(statSync(file).mtimeMs).toBe(written);
    },
    T,
  );

  test("attach by pid, breakpoint, continue, detach: the process keeps running", () => attachByPidRoundTrip(env, bins["c-sleeper"]!, "gdb", "gdb-attach"), T);
});
