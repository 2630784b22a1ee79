// One call carries a plan: conditions where breakpoints are given, several expressions per print,
// values at every stop, display, trace, every thread at once — through the built binary.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { BIN, type CliResult, type DataOf, Env, STANDARD_PROGRAM } from "./harness.ts";

let env: Env;
let prog: string;

beforeAll(() => {
  // Counts the adapter's initialize requests: no warm spare.
  env = new Env({ env: { DEBUGGER_WARM_ADAPTERS: "0" } });
  prog = env.program();
});
afterEach(() => env.stopSessions());
afterAll(() => env.close());

/** `debugger ARGS --json` with TEXT on its stdin. */
function withStdin<const A extends readonly string[]>(args: A, text: string): Promise<CliResult<DataOf<A>>> {
  return env.run(args, { stdin: text });
}

describe("plans in one call", () => {
  test("start --break 'LOC if COND' --print: the condition reaches the adapter, the values come with the first stop", async () => {
    const r = await env.ok(["start", prog, "--break", "prog.c:6 if line == 6", "--print", "line", "--print", "nosuch", "--session", "cond"]);
    expect(r.stop).toMatchObject({ reason: "breakpoint", breakpointIds: [1], frame: { line: 6 } });
    expect<unknown>(r.stop.displays).toEqual([
      { expression: "line", value: "6", type: "int" },
      { expression: "nosuch", error: "undefined identifier: nosuch" },
    ]);
    // The daemon checks the condition itself for the first hits (to say why a breakpoint never
    // stopped): the adapter gets the line without it, and the daemon evaluated it at the stop.
    const sent = env.requests("setBreakpoints").at(-1)!.arguments.breakpoints;
    expect(sent).toEqual([{ line: 6 }]);
    expect(env.requests("evaluate").map((r) => r.arguments.expression)).toContain("line == 6");
    expect(r.breakpoints[0]).toMatchObject({ location: "prog.c:6", condition: "line == 6" });
    // The same spelling for break; and both spellings at once is a usage error.
    const b = await env.ok(["break", "prog.c:9 if hits > 1", "--session", "cond"]);
    expect(b.breakpoints[0]).toMatchObject({ id: 2, line: 9, condition: "hits > 1" });
    const both = await env.run(["break", "prog.c:10 if hits > 1", "--condition", "line == 2", "--session", "cond"]);
    expect(both.exitCode).toBe(2);
    expect(both.json.error.code).toBe("USAGE");
    const bad = await env.run(["break", "prog.c:10 if", "--session", "cond"]);
    expect(bad.exitCode).toBe(2);
    expect(bad.json.error.code).toBe("INVALID_LOCATION");
    await env.ok(["stop", "--session", "cond"]);
  });

  test("print several expressions: one result each, a failure in place; one expression keeps its shape", async () => {
    await env.ok(["start", prog, "--break", "prog.c:4", "--session", "pr"]);
    const many = await env.ok(["print", "line", "1+2", "nope", "--session", "pr"]);
    expect<unknown>(many.results).toEqual([
      { expression: "line", result: "4", type: "int", reference: 0 },
      { expression: "1+2", result: "3", type: "int", reference: 0 },
      { expression: "nope", error: "undefined identifier: nope" },
    ]);
    const one = await env.ok(["print", "1+2", "--session", "pr"]);
    expect(one).toMatchObject({ expression: "1+2", result: "3", type: "int" });
    const human = await env.run(["print", "line", "nope", "--session", "pr"], { json: false });
    expect(human.exitCode).toBe(0);
    expect(human.stdout).toBe("line = 4 (int)\nnope = error: undefined identifier: nope\n");
    await env.ok(["stop", "--session", "pr"]);
  });

  test("display: shown at once and at every stop until undisplay; --print only at its own stop", async () => {
    await env.ok(["start", prog, "--break", "prog.c:2", "--session", "disp"]);
    const d = await env.ok(["display", "line", "hits", "--session", "disp"]);
    expect(d.displays).toEqual([
      { id: 1, expression: "line" },
      { id: 2, expression: "hits" },
    ]);
    expect<unknown>(d.values).toEqual([
      { id: 1, expression: "line", value: "2", type: "int" },
      { id: 2, expression: "hits", value: "1", type: "int" },
    ]);
    let r = await env.ok(["next", "--print", "1+2", "--session", "disp"]);
    expect<unknown>(r.stop.displays).toEqual([
      { id: 1, expression: "line", value: "3", type: "int" },
      { id: 2, expression: "hits", value: "1", type: "int" },
      { expression: "1+2", value: "3", type: "int" },
    ]);
    r = await env.ok(["next", "--session", "disp"]);
    expect(r.stop.displays.map((x) => x.expression)).toEqual(["line", "hits"]);
    // status shows the same report, displays included.
    expect((await env.ok(["status", "--session", "disp"])).stop.displays).toHaveLength(2);
    expect((await env.ok(["display", "--session", "disp"])).displays).toHaveLength(2);
    const u = await env.ok(["undisplay", "1", "--session", "disp"]);
    expect(u).toEqual({ removed: [1], displays: [{ id: 2, expression: "hits" }] });
    const missing = await env.run(["undisplay", "7", "--session", "disp"]);
    expect(missing.exitCode).toBe(2);
    expect(missing.json.error.code).toBe("INVALID_ARGUMENT");
    await env.ok(["undisplay", "--all", "--session", "disp"]);
    r = await env.ok(["next", "--session", "disp"]);
    expect(r.stop.displays).toBeUndefined();
    await env.ok(["stop", "--session", "disp"]);
  });

  test("trace: values at each hit without stopping the agent; --max leaves it stopped there, the rest runs to the end", async () => {
    const calls = env.program({
      functions: [
        { name: "main", start: 1, end: 12 },
        { name: "add", start: 14, end: 17 },
      ],
      calls: { "4": "add", "6": "add", "8": "add" },
      exitCode: 0,
    });
    await env.ok(["start", calls, "--stop-on-entry", "--session", "tr"]);
    const first = await env.ok(["trace", "add", "--print", "line", "--print", "bogus", "--max", "2", "--session", "tr"]);
    expect(first.stoppedBy).toBe("max");
    expect<unknown>(first.hits).toEqual([
      {
        hit: 1,
        threadId: 7,
        values: [
          { expression: "line", value: "14" },
          { expression: "bogus", error: "undefined identifier: bogus" },
        ],
      },
      {
        hit: 2,
        threadId: 7,
        values: [
          { expression: "line", value: "14" },
          { expression: "bogus", error: "undefined identifier: bogus" },
        ],
      },
    ]);
    expect(first.stop).toMatchObject({ reason: "breakpoint", frame: { function: "add", line: 14 } });
    // The trace's breakpoint goes when it ends; the program waits at the last hit.
    expect((await env.ok(["breakpoint", "list", "--session", "tr"])).breakpoints).toEqual([]);
    const rest = await env.ok(["trace", "add", "--print", "hits", "--session", "tr"]);
    expect(rest.stoppedBy).toBe("exit");
    // The call from line 8, then main's end falls through into add's lines (the fake program's rule).
    expect(rest.hits.map((h) => h.hit)).toEqual([1, 2]);
    expect(rest.stop).toMatchObject({ reason: "exited", exitCode: 0 });
    const human = await env.run(["trace", "add", "--session", "tr"], { json: false });
    expect(human.exitCode).toBe(1); // the session has ended
    await env.ok(["stop", "--session", "tr"]);
  });

  test("trace stops at another breakpoint and says so", async () => {
    const calls = env.program({
      functions: [
        { name: "main", start: 1, end: 12 },
        { name: "add", start: 14, end: 17 },
      ],
      calls: { "4": "add", "8": "add" },
      exitCode: 0,
    });
    const src = calls.replace(/\.json$/, ".c");
    await env.ok(["start", calls, "--break", `${src}:6`, "--stop-on-entry", "--session", "tr2"]);
    const r = await env.ok(["trace", `${src}:15 if line == 15`, "--print", "line", "--session", "tr2"]);
    expect(r.stoppedBy).toBe("other");
    expect(r.hits).toHaveLength(1);
    expect(r.stop).toMatchObject({ reason: "breakpoint", breakpointIds: [1], frame: { line: 6 } });
    await env.ok(["stop", "--session", "tr2"]);
  });

  test("backtrace --all: every thread in one reply; frame N --thread ID selects another thread's frame", async () => {
    const threads = env.program({
      threads: [
        { id: 7, name: "main" },
        { id: 8, name: "worker" },
      ],
      exitCode: 0,
    });
    await env.ok(["start", threads, "--break", `${threads.replace(/\.json$/, ".c")}:3`, "--session", "bt"]);
    const all = await env.ok(["backtrace", "--all", "--session", "bt"]);
    expect(all.threads.map((t) => [t.id, t.name, t.current, t.frames[0].function])).toEqual([
      [7, "main", true, "main"],
      [8, "worker", false, "worker_wait"],
    ]);
    const f = await env.ok(["frame", "0", "--thread", "8", "--session", "bt"]);
    expect(f).toMatchObject({ threadId: 8, frameIndex: 0, frame: { function: "worker_wait", line: 1 } });
    const usage = await env.run(["backtrace", "--all", "--thread", "8", "--session", "bt"]);
    expect(usage.exitCode).toBe(2);
    await env.ok(["stop", "--session", "bt"]);
  });

  test("the debugger's console text stays out of the program's output in the stop report", async () => {
    await env.ok(["start", prog, "--break", "prog.c:2", "--session", "con"]);
    await env.ok(["break", "prog.c:4", "--log", "at line {line}", "--session", "con"]);
    const r = await env.ok(["continue", "--session", "con"]);
    expect(r.stop.output).toBe("hello\nwarn\n");
    expect(r.stop.console).toBe("at line 4\n");
    await env.ok(["stop", "--session", "con"]);
  });
});

describe("batch: a plan in one call", () => {
  test("every line parsed first, run in order over one connection, each reply under its line", async () => {
    const plan = join(env.dir, "plan.txt");
    writeFileSync(
      plan,
      [
        `# find the value at line 6`,
        `start ${prog} --break 'prog.c:6 if line == 6' --session bat`,
        `print line 1+2 --session bat`,
        "",
        `debugger next --print line --session bat`,
        `stop --session bat`,
      ].join("\n"),
    );
    const before = env.requests("initialize").length;
    const r = await env.run(["batch", plan]);
    expect(r.exitCode).toBe(0);
    expect(r.json.data.replies.map((x) => [x.ok, x.command])).toEqual([
      [true, "start"],
      [true, "print"],
      [true, "next"],
      [true, "stop"],
    ]);
    expect(r.json.data.replies[1].data.results.map((x) => x.result)).toEqual(["6", "3"]);
    expect<unknown>(r.json.data.replies[2].data.stop.displays).toEqual([{ expression: "line", value: "7", type: "int" }]);
    expect(env.requests("initialize").length).toBe(before + 1);
    const human = await env.run(["batch", plan], { json: false });
    expect(human.exitCode).toBe(0);
    expect(human.stdout).toContain(
      `» print line 1+2 --session bat\nline = 6 (int)\n1+2 = 3 (int)\n» debugger next --print line --session bat\nStopped: step in main (prog.c:7)`,
    );
  });

  test("stdin; the first failure stops the plan (exit code of that failure) unless --keep-going", async () => {
    const lines = `start ${prog} --break prog.c:4 --session bat2\nprint nope --session bat2\nprint line --session bat2\n`;
    const stop = await withStdin(["batch"], lines);
    expect(stop.exitCode).toBe(1);
    expect(stop.json.data).toMatchObject({ ran: 2, total: 3 });
    expect(stop.json.data.replies[1]).toMatchObject({ ok: false, error: { code: "EVALUATE_FAILED" } });
    await env.ok(["stop", "--session", "bat2"]);
    const go = await withStdin(["batch", "--keep-going"], lines);
    expect(go.exitCode).toBe(1);
    expect(go.json.data).toMatchObject({ ran: 3, total: 3 });
    expect(go.json.data.replies[2]).toMatchObject({ ok: true, data: { result: "4" } });
    await env.ok(["stop", "--session", "bat2"]);
  });

  test("a pause written in the plan is a step of it, not an interrupt of it: the lines after it run", async () => {
    // The guide's hang recipe as one batch (issue 33 item 4): was "(interrupted after line 2: 3 more
    // not run)", exit 0, the session left alive.
    const spin = env.program({ ...STANDARD_PROGRAM, spin: 6 });
    const lines = `start ${spin} --no-wait --session bat4\npause --session bat4\nbacktrace --all --session bat4\nstop --session bat4\n`;
    const r = await withStdin(["batch"], lines);
    expect(r.exitCode).toBe(0);
    expect(r.json.data).toMatchObject({ ran: 4, total: 4 });
    expect((r.json.data as { interrupted?: boolean }).interrupted).toBeUndefined();
    expect(r.json.data.replies.map((x) => [x.ok, x.command])).toEqual([
      [true, "start"],
      [true, "pause"],
      [true, "backtrace"],
      [true, "stop"],
    ]);
    expect((await env.ok(["status", "--session", "bat4"])).state).toBe("idle");
    // Two pauses in a row, each a step (the second finds the program stopped: NOT_RUNNING, a failure of that step).
    const twice = await withStdin(
      ["batch", "--keep-going"],
      `start ${spin} --no-wait --session bat4\npause --session bat4\ncontinue --no-wait --session bat4\npause --session bat4\nstop --session bat4\n`,
    );
    expect(twice.json.data).toMatchObject({ ran: 5, total: 5 });
    expect(twice.json.data.replies.map((x) => x.ok)).toEqual([true, true, true, true, true]);
  });

  test("a mistake on any line is a usage error before anything runs", async () => {
    const before = env.requests("initialize").length;
    for (const [text, code] of [
      [`start ${prog} --session bat3\nprint\n`, "USAGE"],
      [`start ${prog} --session bat3\nfrobnicate\n`, "UNKNOWN_COMMAND"],
      [`start ${prog} --session bat3\nbreak 'x.c:3 if'\n`, "INVALID_LOCATION"],
      [`start ${prog} --session bat3\nprint 'unclosed\n`, "USAGE"],
      [`doctor\n`, "USAGE"],
      [`# nothing\n\n`, "USAGE"],
    ]) {
      const r = await withStdin(["batch"], text);
      expect(r.exitCode).toBe(2);
      expect<unknown>(r.json.error.code).toBe(code);
    }
    expect(env.requests("initialize").length).toBe(before);
  });
});

describe("breakpoints that tell the truth", () => {
  test("a start whose breakpoints all failed to bind says so; one that binds does not", async () => {
    const r = await env.ok(["start", prog, "--break", "elsewhere.c:3", "--break", "nosuchfn", "--session", "truth"]);
    expect(r.stop).toMatchObject({ reason: "exited" });
    expect(r.warnings).toEqual([expect.stringContaining("none of the 2 breakpoints bound")]);
    expect(r.warnings[0]).toContain("#1 elsewhere.c:3: no code in elsewhere.c");
    expect(r.warnings[0]).toContain("#2 nosuchfn: no function named nosuchfn");
    const human = await env.run(["start", prog, "--break", "nosuchfn", "--session", "truth2"], { json: false });
    expect(human.stdout).toContain("Warning: the breakpoint did not bind (#1 nosuchfn: no function named nosuchfn), so nothing stopped the program.");
    const ok = await env.ok(["start", prog, "--break", "nosuchfn", "--break", "prog.c:4", "--session", "truth3"]);
    expect(ok.warnings).toBeUndefined();
    for (const s of ["truth", "truth2", "truth3"]) await env.run(["stop", "--session", s]);
  });
});

test("batch of a directory, /dev/null, /dev/zero, a pipe: each said for what it is (issue 33, low; was 'no such file' for all three)", async () => {
  const dir = await env.run(["batch", env.dir]);
  expect(dir.exitCode).toBe(2);
  expect(dir.json.error.message).toBe(`${env.dir} is a directory, not a file of commands`);
  const empty = await env.run(["batch", "/dev/null"]);
  expect(empty.exitCode).toBe(2);
  expect(empty.json.error.message).toBe("the plan has no commands");
  const zero = await env.run(["batch", "/dev/zero"]);
  expect(zero.exitCode).toBe(2);
  expect(zero.json.error.message).toBe("/dev/zero is longer than 16777216 bytes (16 MiB), the limit of a batch");
  const missingFile = await env.run(["batch", `${env.dir}/nothing-here.txt`]);
  expect(missingFile.json.error.message).toBe(`no such file: ${env.dir}/nothing-here.txt`);
  // A pipe (what `<(cmd)` gives): read as a stream.
  const piped = Bun.spawn(["bash", "-c", 'exec "$0" batch --json <(printf "sessions\\n")', BIN], {
    cwd: env.dir,
    env: env.env,
    stdout: "pipe",
    stderr: "pipe",
  });
  const out = await new Response(piped.stdout).text();
  expect(await piped.exited).toBe(0);
  expect(JSON.parse(out).data.replies[0]).toMatchObject({ ok: true, command: "sessions" });
});

test("daemon stop before the end of a plan is refused before anything runs; last, it runs (issue 33, low; was stale replies after it)", async () => {
  const before = await env.ok(["sessions"]);
  const plan = join(env.dir, "stop-mid.txt");
  writeFileSync(plan, "sessions\ndaemon stop\nsessions\nstatus\n");
  const r = await env.run(["batch", plan]);
  expect(r.exitCode).toBe(2);
  expect(r.json.error).toMatchObject({ code: "USAGE", message: "line 2 (daemon stop): the daemon that runs the plan stops there, 2 more lines after it" });
  // Nothing ran: the same daemon answers, its sessions as they were.
  expect(await env.ok(["sessions"])).toEqual(before);
  writeFileSync(plan, "sessions\ndaemon stop\n");
  const last = await env.ok(["batch", plan]);
  expect(last.replies.map((x) => x.command)).toEqual(["sessions", "daemon stop"]);
});
