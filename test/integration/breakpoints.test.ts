// The daemon owns the breakpoint registry; the adapter always gets the whole set for a file.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type DataOf, Env } from "./harness.ts";

let env: Env;
let prog: string;
let src: string;

beforeAll(() => {
  env = new Env();
  prog = env.program();
  src = join(env.dir, "prog.c");
});
afterEach(() => env.stopSessions());
afterAll(() => env.close());

/** The lines of the last setBreakpoints the adapter received for prog.c. */
function lastSet(): number[] {
  const sets = env.requests("setBreakpoints").filter((r) => r.arguments.source.path === src);
  return sets.at(-1)!.arguments.breakpoints.map((b: any) => b.line);
}

describe("breakpoints", () => {
  test("adding one re-sends the whole file set; removing one keeps the other", async () => {
    await env.ok(["start", prog, "--stop-on-entry"]);
    const a = await env.ok(["break", "prog.c:6"]);
    expect(a.breakpoints[0]).toMatchObject({ id: 1, location: "prog.c:6", file: src, line: 6, verified: true, hits: 0 });
    await env.ok(["break", "prog.c:10"]);
    expect(lastSet()).toEqual([6, 10]);
    await env.ok(["breakpoint", "remove", "1"]);
    expect(lastSet()).toEqual([10]);
    const stop = await env.ok(["continue"]);
    expect(stop.stop.frame.line).toBe(10);
    // CLI ids, not the adapter's (the fake numbers its own from 1001).
    expect(stop.stop.breakpointIds).toEqual([2]);
    const list = await env.ok(["breakpoint", "list"]);
    expect(list.breakpoints).toEqual([expect.objectContaining({ id: 2, line: 10, hits: 1, verified: true })]);
    await env.ok(["stop"]);
  });

  test("a breakpoint the adapter cannot bind is pending, with the adapter's message", async () => {
    await env.ok(["start", prog, "--stop-on-entry"]);
    const r = await env.ok(["break", "elsewhere.c:3"]);
    expect(r.breakpoints[0]).toMatchObject({ id: 1, verified: false, message: "no code in elsewhere.c" });
    // A line past the end of a file on disk can never bind: refused at once, nothing sent.
    const sent = env.requests("setBreakpoints").length;
    const past = await env.run(["break", "prog.c:99"]);
    expect(past.exitCode).toBe(2);
    expect(past.json.error).toMatchObject({ code: "INVALID_LOCATION", message: expect.stringContaining("has 17 lines") });
    expect(env.requests("setBreakpoints").length).toBe(sent);
    const end = await env.ok(["continue"]);
    expect(end.stop).toMatchObject({ reason: "exited", exitCode: 3, neverHit: [1] });
  });

  test("start and run name every --break past the end of its file in one error when none is good", async () => {
    for (const cmd of ["start", "run"]) {
      const r = await env.run([cmd, prog, "--break", "prog.c:99", "--break", "prog.c:120 if x > 1", "--session", `many-${cmd}`]);
      expect(r.exitCode).toBe(2);
      expect(r.json.error.code).toBe("INVALID_LOCATION");
      expect(r.json.error.message).toMatch(/'prog\.c:99'.*has 17 lines; .*'prog\.c:120'.*has 17 lines/);
    }
    expect((await env.ok(["sessions"])).sessions).toEqual([]);
  });

  test("a --break past its file's end beside a good one: start and run go on with the good one and say once which was left out", async () => {
    const run = await env.ok(["run", prog, "--break", "prog.c:99", "--break", "prog.c:8", "--break", "prog.c:120 if x > 1", "--session", "left-run"]);
    expect(run.hits).toHaveLength(1);
    expect(run.breakpoints.map((b: { location: string }) => b.location)).toEqual(["prog.c:8"]);
    expect(run.warnings).toEqual([
      "breakpoint 'prog.c:99' left out: prog.c has 17 lines (`debugger list prog.c:17` shows its end)",
      "breakpoint 'prog.c:120 if x > 1' left out: prog.c has 17 lines (`debugger list prog.c:17` shows its end)",
    ]);
    // Only the good one reached the adapter.
    expect(
      env
        .requests("setBreakpoints")
        .at(-1)!
        .arguments.breakpoints.map((b: { line: number }) => b.line),
    ).toEqual([8]);
    const text = await env.run(["run", prog, "--break", "prog.c:99", "--break", "prog.c:8", "--session", "left-text"], { json: false });
    expect(text.stdout.match(/left out/g)).toHaveLength(1);
    expect(text.stdout).toContain("Warning: breakpoint 'prog.c:99' left out: prog.c has 17 lines");
    const start = await env.ok(["start", prog, "--break", "prog.c:8", "--break", "prog.c:99", "--session", "left-start"]);
    expect(start.stop).toMatchObject({ reason: "breakpoint", frame: { line: 8 } });
    expect(start.warnings).toEqual(["breakpoint 'prog.c:99' left out: prog.c has 17 lines (`debugger list prog.c:17` shows its end)"]);
    await env.ok(["stop", "--session", "left-start"]);
  });

  test("a missing file or a malformed location beside a good one is still the error", async () => {
    const missing = await env.run(["run", prog, "--break", "prog.c:8", "--break", "prog.c:", "--session", "bad1"]);
    expect(missing.exitCode).toBe(2);
    expect(missing.json.error.code).toBe("INVALID_LOCATION");
    // A line past the end beside a malformed one: the malformed one is what is said.
    const both = await env.run(["run", prog, "--break", "prog.c:99", "--break", "prog.c:8", "--break", "prog.c:x:y", "--session", "bad2"]);
    expect(both.exitCode).toBe(2);
    expect(both.json.error.code).toBe("INVALID_LOCATION");
    expect((await env.ok(["sessions"])).sessions).toEqual([]);
  });

  test("function breakpoints, conditions, hit counts and log points", async () => {
    const loop = env.program({
      functions: [
        { name: "main", start: 1, end: 12 },
        { name: "add", start: 14, end: 17 },
      ],
      calls: { "4": "add", "6": "add", "8": "add" },
      exitCode: 0,
    });
    await env.ok(["start", loop, "--break", "add", "--session", "fn"]);
    let r: Pick<DataOf<["continue"]>, "stop"> = await env.ok(["status", "--session", "fn"]);
    expect(r.stop).toMatchObject({ reason: "breakpoint", breakpointIds: [1], frame: { function: "add", line: 14 } });
    await env.ok(["breakpoint", "remove", "--all", "--session", "fn"]);
    expect(env.requests("setFunctionBreakpoints").at(-1)!.arguments.breakpoints).toEqual([]);
    // hits counts arrivals at breakpoint lines: stop only on the third one.
    await env.ok(["break", "prog2.c:15", "--condition", "hits >= 3", "--session", "fn"]);
    r = await env.ok(["continue", "--session", "fn"]);
    expect(r.stop.frame.line).toBe(15);
    expect(r.stop.locals.find((v) => v.name === "hits")!.value).toBe("3");
    // Waiting for the restarted program's stop: a breakpoint removed before its stop is told
    // passes it (a late hit after a resume), and the program would run to its end.
    r = await env.ok(["restart", "--session", "fn"]);
    expect(r.stop).toMatchObject({ reason: "breakpoint", frame: { line: 15 } });
    await env.ok(["breakpoint", "remove", "--all", "--session", "fn"]);
    await env.ok(["break", "prog2.c:16", "--hit-count", "2", "--session", "fn"]);
    await env.ok(["break", "prog2.c:15", "--log", "at line {line}", "--session", "fn"]);
    expect(env.requests("setBreakpoints").at(-1)!.arguments.breakpoints).toEqual([
      { line: 16, hitCondition: "2" },
      { line: 15, logMessage: "at line {line}" },
    ]);
    await env.ok(["stop", "--session", "fn"]);
  });

  test("disable takes it off the adapter, enable puts it back; temporary goes after one hit", async () => {
    await env.ok(["start", prog, "--stop-on-entry", "--session", "en"]);
    await env.ok(["break", "prog.c:4", "--session", "en"]);
    await env.ok(["break", "prog.c:9", "--session", "en"]);
    await env.ok(["breakpoint", "disable", "1", "--session", "en"]);
    expect(lastSet()).toEqual([9]);
    const list = await env.ok(["breakpoint", "list", "--session", "en"]);
    expect(list.breakpoints.map((b) => [b.id, b.enabled])).toEqual([
      [1, false],
      [2, true],
    ]);
    await env.ok(["breakpoint", "enable", "1", "--session", "en"]);
    expect(lastSet()).toEqual([4, 9]);
    await env.ok(["breakpoint", "remove", "1", "2", "--session", "en"]);
    await env.ok(["break", "prog.c:6", "--temporary", "--session", "en"]);
    const hit = await env.ok(["continue", "--session", "en"]);
    expect(hit.stop.frame.line).toBe(6);
    expect(hit.stop.breakpointIds).toEqual([3]);
    const after = await env.ok(["breakpoint", "list", "--session", "en"]);
    expect(after.breakpoints).toEqual([]);
    expect(lastSet()).toEqual([]);
    await env.ok(["stop", "--session", "en"]);
  });

  test("until runs to a line through a temporary breakpoint", async () => {
    await env.ok(["start", prog, "--stop-on-entry", "--session", "until"]);
    const r = await env.ok(["until", "prog.c:7", "--session", "until"]);
    expect(r.stop.frame.line).toBe(7);
    expect((await env.ok(["breakpoint", "list", "--session", "until"])).breakpoints).toEqual([]);
    await env.ok(["stop", "--session", "until"]);
  });

  test("relative paths resolve against the CLI's working directory, not the daemon's", async () => {
    const sub = join(env.dir, "work", "sub");
    mkdirSync(sub, { recursive: true });
    const p = env.program(undefined, undefined, sub);
    const subSrc = join(sub, `prog${p.match(/prog(\d*)\.json$/)![1]}.c`);
    const cwd = join(env.dir, "work");
    await env.ok(["start", p, "--stop-on-entry", "--session", "rel"], { cwd });
    const r = await env.ok(["break", `sub/${subSrc.split("/").at(-1)}:9`, "--session", "rel"], { cwd });
    expect(r.breakpoints[0].file).toBe(subSrc);
    expect(env.requests("setBreakpoints").at(-1)!.arguments.source.path).toBe(subSrc);
    const stop = await env.ok(["continue", "--session", "rel"]);
    expect(stop.stop.frame).toMatchObject({ file: subSrc, line: 9 });
    await env.ok(["stop", "--session", "rel"]);
  });

  test("errors: unknown id, bad location, breakpoints after the program ended", async () => {
    await env.ok(["start", prog, "--stop-on-entry", "--session", "err"]);
    const missing = await env.run(["breakpoint", "remove", "42", "--session", "err"]);
    expect(missing.exitCode).toBe(1);
    expect(missing.json.error).toEqual({
      code: "BREAKPOINT_NOT_FOUND",
      message: "no breakpoint 42 in session 'err'",
      hint: "`debugger breakpoint list` shows the ids",
    });
    const bad = await env.run(["break", "prog.c:0", "--session", "err"]);
    expect(bad.exitCode).toBe(2);
    expect(bad.json.error.code).toBe("INVALID_LOCATION");
    expect((await env.ok(["breakpoint", "list", "--session", "err"])).breakpoints).toEqual([]);
    await env.ok(["continue", "--session", "err"]);
    const late = await env.run(["break", "prog.c:4", "--session", "err"]);
    expect(late.exitCode).toBe(1);
    expect(late.json.error.code).toBe("SESSION_ENDED");
  });

  test("catch: list the adapter's exception filters, turn them on and off; the whole set is re-sent", async () => {
    await env.ok(["start", prog, "--stop-on-entry", "--session", "catch"]);
    const list = await env.ok(["catch", "list", "--session", "catch"]);
    expect<unknown>(list.filters).toEqual([
      { filter: "raised", label: "Raised exceptions", enabled: false },
      { filter: "uncaught", label: "Uncaught exceptions", enabled: false },
    ]);
    await env.ok(["catch", "raised", "uncaught", "--session", "catch"]);
    expect(env.requests("setExceptionBreakpoints").at(-1)!.arguments).toEqual({ filters: ["raised", "uncaught"] });
    const off = await env.ok(["catch", "remove", "raised", "--session", "catch"]);
    expect(off.filters.map((f) => f.enabled)).toEqual([false, true]);
    expect(env.requests("setExceptionBreakpoints").at(-1)!.arguments).toEqual({ filters: ["uncaught"] });
    const bad = await env.run(["catch", "bogus", "--session", "catch"]);
    expect(bad.exitCode).toBe(2);
    expect(bad.json.error).toEqual({
      code: "INVALID_ARGUMENT",
      message: "fake has no exception filter 'bogus'",
      hint: "its filters: raised, uncaught (`debugger catch list`)",
    });
    expect(env.requests("setExceptionBreakpoints").at(-1)!.arguments).toEqual({ filters: ["uncaught"] });
    const usage = await env.run(["catch", "remove", "--session", "catch"]);
    expect(usage.exitCode).toBe(2);
    await env.ok(["stop", "--session", "catch"]);
  });

  test("watch, registers and disassemble on an adapter without them: UNSUPPORTED naming what is missing", async () => {
    await env.ok(["start", prog, "--stop-on-entry", "--session", "nowatch"]);
    const w = await env.run(["watch", "line", "--session", "nowatch"]);
    expect(w.exitCode).toBe(1);
    expect(w.json.error).toMatchObject({ code: "UNSUPPORTED", message: "fake does not support watchpoints (capability supportsDataBreakpoints)" });
    const r = await env.run(["registers", "--session", "nowatch"]);
    expect(r.json.error).toMatchObject({ code: "UNSUPPORTED", message: "fake shows no registers (scopes: Locals, Globals)" });
    const d = await env.run(["disassemble", "--session", "nowatch"]);
    expect(d.json.error).toMatchObject({ code: "UNSUPPORTED", message: "fake does not support disassembly (capability supportsDisassembleRequest)" });
    const usage = await env.run(["watch", "remove", "--session", "nowatch"]);
    expect(usage.exitCode).toBe(2);
    expect((await env.ok(["watch", "list", "--session", "nowatch"])).breakpoints).toEqual([]);
    await env.ok(["stop", "--session", "nowatch"]);
  });
});

test("trace at a line that already has a breakpoint records each hit (issue 33, low; was 0 hits, stoppedBy other)", async () => {
  // The same trace without the user's breakpoint: the hits it records.
  await env.ok(["start", prog, "--stop-on-entry", "--session", "alone"]);
  const alone = await env.ok(["trace", "prog.c:15", "--session", "alone"]);
  expect(alone.hits.length).toBeGreaterThan(0);
  await env.ok(["start", prog, "--stop-on-entry", "--session", "same"]);
  await env.ok(["break", "prog.c:15", "--session", "same"]);
  const t = await env.ok(["trace", "prog.c:15", "--session", "same"]);
  expect(t.hits).toHaveLength(alone.hits.length);
  expect(t.stoppedBy).toBe(alone.stoppedBy);
  // The user's breakpoint stays, the trace's goes.
  expect((await env.ok(["breakpoint", "list", "--session", "same"])).breakpoints.map((b) => b.id)).toEqual([1]);
});
