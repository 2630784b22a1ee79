// lldb-dap end to end: the built binary, a real lldb-dap, the C, C++ and Rust fixtures.
// Lines come from `@mark NAME` comments in the fixture sources; the three programs are equivalent,
// so most tests run once per language. Attach and error cases run on C only.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { buildFixtures, markerLine, sourcePath } from "../../scripts/build-fixtures.ts";
import { adapterAvailable, alive, E2eEnv, spawnAndReadPid, tracerPid, waitFor } from "./harness.ts";

interface Language {
  name: string;
  fixture: string;
  source: string;
  /** Frame names as lldb shows them: C++ adds the signature, Rust the crate path (and a hash). */
  fn: { main: RegExp; add: RegExp; factorial: RegExp };
  pointType: string;
}

const rustFn = (name: string) => new RegExp(`^basic::${name}(::h[0-9a-f]{16})?$`);

const LANGUAGES: Language[] = [
  {
    name: "C",
    fixture: "c-basic",
    source: sourcePath("c/basic.c"),
    fn: { main: /^main$/, add: /^add$/, factorial: /^factorial$/ },
    pointType: "Point",
  },
  {
    name: "C++",
    fixture: "cpp-basic",
    source: sourcePath("cpp/basic.cpp"),
    fn: { main: /^main$/, add: /^add(\(int, int\))?$/, factorial: /^factorial(\(int\))?$/ },
    pointType: "Point",
  },
  {
    name: "Rust",
    fixture: "rust-basic",
    source: sourcePath("rust/basic.rs"),
    fn: { main: rustFn("main"), add: rustFn("add"), factorial: rustFn("factorial") },
    pointType: "basic::Point",
  },
];

const STDOUT_LINE = "stdout: total=10 f=24\n";
const STDERR_LINE = "stderr: p.x=3 p.y=4\n";

interface Variable {
  name: string;
  type: string;
  value: string;
  reference?: number;
}

function valueOf(variables: Variable[], name: string): string | undefined {
  return variables.find((v) => v.name === name)?.value;
}

function sourceText(file: string, line: number): string {
  return readFileSync(file, "utf8").split("\n")[line - 1]!;
}

const available = adapterAvailable("lldb-dap", "test/e2e/lldb.test.ts");

describe.skipIf(!available)("lldb-dap", () => {
  let env: E2eEnv;
  let bins: Record<string, string>;

  beforeAll(async () => {
    bins = await buildFixtures();
    env = new E2eEnv();
  });

  afterEach(() => env.stopSessions());

  afterAll(async () => {
    await env?.close();
  });

  for (const lang of LANGUAGES) {
    describe(lang.name, () => {
      const src = lang.source;
      const line = (mark: string) => markerLine(src, mark);
      const bin = () => bins[lang.fixture]!;
      const id = (what: string) => `${lang.fixture}-${what}`;

      test("start --break FILE:LINE stops at that line with the frame's locals", async () => {
        const s = env.session(id("line"));
        const loopBody = line("loop_body");
        const started = await s.ok(["start", bin(), "--break", `${src}:${loopBody}`]);
        const [bp] = (await s.ok(["breakpoint", "list"])).breakpoints;
        expect(bp).toMatchObject({ id: expect.any(Number), file: src, line: loopBody, verified: true });

        const stop = started.stop;
        expect(stop.reason).toBe("breakpoint");
        expect(stop.breakpointIds).toEqual([bp.id]);
        expect(stop.threadId).toBeGreaterThan(0);
        expect(stop.frame).toMatchObject({ file: src, line: loopBody });
        expect(stop.frame.function).toMatch(lang.fn.main);
        expect(stop.source.filter((l) => l.current)).toEqual([{ line: loopBody, text: sourceText(src, loopBody), current: true }]);
        expect(valueOf(stop.locals, "i")).toBe("0");
        expect(valueOf(stop.locals, "total")).toBe("0");
        expect(stop.locals.find((v: Variable) => v.name === "p")?.type).toBe(lang.pointType);

        const again = (await s.ok(["continue"])).stop;
        expect(again.reason).toBe("breakpoint");
        expect(again.breakpointIds).toEqual([bp.id]);
        expect(again.frame.line).toBe(loopBody);
        expect(valueOf(again.locals, "i")).toBe("1");
      });

      test("--break FUNCTION stops in add, and backtrace shows add <- main", async () => {
        const s = env.session(id("function"));
        const stop = (await s.ok(["start", bin(), "--break", "add"])).stop;
        expect(stop.reason).toBe("breakpoint");
        expect(stop.frame).toMatchObject({ file: src, line: line("add_body") });
        expect(stop.frame.function).toMatch(lang.fn.add);
        expect(valueOf(stop.locals, "a")).toBe("0");
        expect(valueOf(stop.locals, "b")).toBe("0");

        const [bp] = (await s.ok(["breakpoint", "list"])).breakpoints;
        expect(bp).toMatchObject({ location: "add", line: line("add_body"), verified: true });
        expect(stop.breakpointIds).toEqual([bp.id]);

        const frames = (await s.ok(["backtrace"])).frames;
        expect(frames[0]).toMatchObject({ index: 0, file: src, line: line("add_body") });
        expect(frames[0].function).toMatch(lang.fn.add);
        expect(frames[1]).toMatchObject({ index: 1, file: src, line: line("loop_body") });
        expect(frames[1].function).toMatch(lang.fn.main);
      });

      test("a conditional breakpoint stops only when its condition holds", async () => {
        const s = env.session(id("condition"));
        await s.ok(["start", bin(), "--stop-on-entry"]);
        const added = await s.ok(["breakpoint", "add", `${src}:${line("loop_body")}`, "--condition", "i == 3"]);
        expect(added.breakpoints).toEqual([expect.objectContaining({ line: line("loop_body"), condition: "i == 3", verified: true })]);

        const stop = (await s.ok(["continue"])).stop;
        expect(stop.reason).toBe("breakpoint");
        expect(stop.breakpointIds).toEqual([added.breakpoints[0].id]);
        expect(stop.frame.line).toBe(line("loop_body"));
        expect(valueOf(stop.locals, "i")).toBe("3");
        expect(valueOf(stop.locals, "total")).toBe("3"); // 0 + 1 + 2
        expect((await s.ok(["print", "i"])).result).toBe("3");

        // i == 4 is false, so the next stop is the end of the program.
        const end = (await s.ok(["continue"])).stop;
        expect(end).toMatchObject({ reason: "exited", exitCode: 3 });
      });

      test("step enters add, finish returns to the call in main, next moves a line", async () => {
        const s = env.session(id("stepping"));
        await s.ok(["start", bin(), "--stop-on-entry"]);
        await s.ok(["breakpoint", "add", `${src}:${line("loop_body")}`, "--condition", "i == 3"]);
        await s.ok(["continue"]);

        const into = (await s.ok(["step"])).stop;
        expect(into.reason).toBe("step");
        expect(into.frame).toMatchObject({ file: src, line: line("add_body") });
        expect(into.frame.function).toMatch(lang.fn.add);
        expect(valueOf(into.locals, "a")).toBe("3");
        expect(valueOf(into.locals, "b")).toBe("3");

        const out = (await s.ok(["finish"])).stop;
        expect(out.reason).toBe("step");
        expect(out.frame).toMatchObject({ file: src, line: line("loop_body") });
        expect(out.frame.function).toMatch(lang.fn.main);

        // The rest of the line (total = 3 + 3) runs, then the loop's increment.
        const head = (await s.ok(["next"])).stop;
        expect(head.reason).toBe("step");
        expect(head.frame.line).toBe(line("loop_head"));
        expect((await s.ok(["print", "total"])).result).toBe("6");
      });

      test("backtrace shows the factorial recursion", async () => {
        const s = env.session(id("recursion"));
        const stop = (await s.ok(["start", bin(), "--break", `${src}:${line("factorial_base")}`])).stop;
        expect(stop.frame.line).toBe(line("factorial_base"));
        expect(valueOf(stop.locals, "n")).toBe("1");

        const frames = (await s.ok(["backtrace"])).frames;
        const expected = [
          ["factorial", "factorial_base"],
          ["factorial", "factorial_recurse"], // n = 2
          ["factorial", "factorial_recurse"], // n = 3
          ["factorial", "factorial_recurse"], // n = 4
          ["main", "factorial_call"],
        ] as const;
        expected.forEach(([fn, mark], i) => {
          expect(frames[i]).toMatchObject({ index: i, file: src, line: line(mark) });
          expect(frames[i].function).toMatch(lang.fn[fn]);
        });
      });

      test("locals and print: ints, a struct, its members and a function call", async () => {
        const s = env.session(id("print"));
        await s.ok(["start", bin(), "--break", `${src}:${line("loop_body")}`]);

        const variables: Variable[] = (await s.ok(["locals"])).variables;
        expect(valueOf(variables, "total")).toBe("0");
        expect(variables.find((v) => v.name === "i")).toMatchObject({ type: "int", value: "0" });
        const p = variables.find((v) => v.name === "p");
        expect(p).toMatchObject({ type: lang.pointType });
        expect(p!.reference).toBeGreaterThan(0);

        expect(await s.ok(["print", "add(2, 3)"])).toMatchObject({ result: "5", type: "int" });
        expect(await s.ok(["print", "p.x"])).toMatchObject({ result: "3", type: "int" });
        expect((await s.ok(["print", "p.y"])).result).toBe("4");
        const point = await s.ok(["print", "p"]);
        expect(point.type).toBe(lang.pointType);
        expect(point.reference).toBeGreaterThan(0);

        const bad = await s.run(["print", "nosuchvar"]);
        expect(bad.exitCode).toBe(1);
        expect(bad.json).toMatchObject({
          ok: false,
          command: "print",
          session: id("print"),
          error: { code: "EVALUATE_FAILED", message: expect.stringContaining("nosuchvar") },
        });
      });

      test("stdout and stderr arrive in order, and the exit code is reported", async () => {
        const s = env.session(id("output"));
        // Between the two prints (the print lines themselves are several locations in Rust).
        const atStderr = (await s.ok(["start", bin(), "--break", `${src}:${line("stdout_flushed")}`])).stop;
        expect(atStderr.frame.line).toBe(line("stdout_flushed"));
        expect(atStderr.output).toContain(STDOUT_LINE);
        expect(atStderr.output).not.toContain(STDERR_LINE);

        const end = (await s.ok(["continue"])).stop;
        expect(end).toMatchObject({ reason: "exited", exitCode: 3 });
        expect(end.output).toContain(STDERR_LINE);
        expect(end.output).not.toContain(STDOUT_LINE); // already reported at the previous stop

        const all = await s.ok(["output"]);
        expect(all.text).toContain(STDOUT_LINE + STDERR_LINE);
        expect(all.dropped).toBe(0);
      });

      test("a removed breakpoint no longer stops; the other one in the file still does", async () => {
        const s = env.session(id("remove"));
        await s.ok(["start", bin(), "--stop-on-entry"]);
        const [loop] = (await s.ok(["breakpoint", "add", `${src}:${line("loop_body")}`])).breakpoints;
        const [call] = (await s.ok(["breakpoint", "add", `${src}:${line("factorial_call")}`])).breakpoints;
        expect(loop.id).not.toBe(call.id);

        await s.ok(["breakpoint", "remove", String(loop.id)]);
        const listed = (await s.ok(["breakpoint", "list"])).breakpoints;
        expect(listed.map((b) => [b.id, b.line])).toEqual([[call.id, line("factorial_call")]]);

        const stop = (await s.ok(["continue"])).stop;
        expect(stop).toMatchObject({ reason: "breakpoint", breakpointIds: [call.id] });
        expect(stop.frame.line).toBe(line("factorial_call"));
        expect(valueOf(stop.locals, "total")).toBe("10"); // the loop ran without stopping

        expect((await s.ok(["continue"])).stop).toMatchObject({ reason: "exited", exitCode: 3 });
      });

      test("--stop-on-entry stops before main with reason entry", async () => {
        const s = env.session(id("entry"));
        const stop = (await s.ok(["start", bin(), "--stop-on-entry"])).stop;
        expect(stop.reason).toBe("entry");
        expect(stop.threadId).toBeGreaterThan(0);
        expect(stop.frame?.function ?? "").not.toMatch(lang.fn.main);
      });
    });
  }

  describe("attach (C sleeper)", () => {
    const sleeperSrc = sourcePath("c/sleeper.c");
    const tickBody = markerLine(sleeperSrc, "tick_body");

    test("attach PID, break in tick, detach: the process keeps running", async () => {
      const { proc, pid } = await spawnAndReadPid([bins["c-sleeper"]!]);
      try {
        const s = env.session("attach");
        await s.ok(["attach", String(pid)]);
        expect((await s.ok(["status"])).pid).toBe(pid);

        const [bp] = (await s.ok(["breakpoint", "add", `${sleeperSrc}:${tickBody}`])).breakpoints;
        expect(bp).toMatchObject({ line: tickBody, verified: true });

        const stop = (await s.ok(["continue"])).stop;
        expect(stop).toMatchObject({ reason: "breakpoint", breakpointIds: [bp.id] });
        expect(stop.frame).toMatchObject({ function: "tick", file: sleeperSrc, line: tickBody });
        expect(valueOf(stop.locals, "n")).toBe("1");
        expect(Number((await s.ok(["print", "counter"])).result)).toBeGreaterThanOrEqual(0);

        await s.ok(["detach"]);
        expect(alive(pid)).toBe(true);
        if (tracerPid(pid) !== undefined) await waitFor(() => tracerPid(pid) === 0, 5000, "the debugger to let go of the sleeper");
        expect(proc.exitCode).toBeNull();
      } finally {
        proc.kill(9);
        await proc.exited;
      }
    });

    test("pause interrupts a running program with reason pause", async () => {
      const { proc, pid } = await spawnAndReadPid([bins["c-sleeper"]!]);
      try {
        const s = env.session("pause");
        await s.ok(["attach", String(pid)]);
        const stop = (await s.ok(["pause"])).stop;
        expect(stop.reason).toBe("pause");
        expect(stop.threadId).toBe(pid); // lldb names the main thread by the process id
        await s.ok(["detach"]);
        expect(alive(pid)).toBe(true);
      } finally {
        proc.kill(9);
        await proc.exited;
      }
    });
  });

  describe("launch options", () => {
    test("--env, --cwd and the arguments after -- reach the program", async () => {
      const cwd = realpathSync(mkdtempSync(join(env.dir, "cwd-")));
      const s = env.session("launch-options");
      const script = 'printf "%s|%s|%s|%s\\n" "$GREETING" "$1" "$2" "$(pwd)"; exit 7';
      const args = ["start", "/bin/sh", "--env", "GREETING=hello there", "--cwd", cwd] as const;
      const stop = (await s.ok([...args, "--", "-c", script, "sh", "a b", "$HOME"])).stop;
      expect(stop).toMatchObject({ reason: "exited", exitCode: 7 });
      expect(stop.output).toContain(`hello there|a b|$HOME|${cwd}\n`); // no shell between us and the program
    });
  });

  describe("errors", () => {
    test("continue without a session is NO_SESSION, exit code 1", async () => {
      const r = await env.run(["continue", "--session", "nothing-here"]);
      expect(r.exitCode).toBe(1);
      expect(r.json).toMatchObject({
        ok: false,
        command: "continue",
        session: "nothing-here",
        error: { code: "NO_SESSION", message: expect.any(String), hint: expect.any(String) },
      });
    });
  });
});
