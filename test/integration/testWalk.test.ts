// `test --break` on a plain test executable (the fake adapter's program): a breakpoint with prints
// walks as `run` does without --max (rows, run's default --max, no session left); one without
// prints stops there and keeps the session, as `start` does (issue 31).
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { chmodSync } from "node:fs";
import { basename } from "node:path";
import { Env } from "./harness.ts";

let env: Env;
let prog: string;

beforeAll(() => {
  env = new Env();
  prog = env.program();
  // A test executable is run by its path and must be executable.
  chmodSync(prog, 0o755);
});
afterEach(() => env.stopSessions());
afterAll(() => env.close());

const cmd = () => ["--", `./${basename(prog)}`];

describe("test --break", () => {
  test("with a breakpoint's own prints and no --max: rows as run gives them, and nothing left", async () => {
    const d = await env.ok(["test", "--break", "prog.c:15 print 1+2, add(1, 2)", "--session", "walk", ...cmd()]);
    // The same rows as `run` gives on this program.
    const run = await env.ok(["run", prog, "--break", "prog.c:15 print 1+2, add(1, 2)", "--session", "as-run"]);
    expect(d.hits.map((h: { frame: { line: number } }) => h.frame.line)).toEqual(run.hits.map((h: { frame: { line: number } }) => h.frame.line));
    expect(d.hits[0].values.map((v: { expression: string; value?: string }) => `${v.expression}=${v.value}`)).toEqual(["1+2=3", "add(1, 2)=3"]);
    expect(d).toMatchObject({ stoppedBy: "exit", kept: false });
    expect((await env.ok(["sessions"])).sessions).toEqual([]);
    const text = await env.run(["test", "--break", "prog.c:15 print 1+2", "--session", "walk-text", ...cmd()], { json: false });
    expect(text.exitCode).toBe(0);
    expect(text.stdout).toContain("The program ended: nothing is left to stop.");
  });

  test("with --print and no --max: the same walk; --keep goes with it", async () => {
    const d = await env.ok(["test", "--break", "prog.c:15", "--print", "1+2", "--session", "walk-print", ...cmd()]);
    expect(d).toMatchObject({ stoppedBy: "exit", kept: false });
    expect(d.hits.map((h: { values: { expression: string }[] }) => h.values[0]!.expression)).toEqual(d.hits.map(() => "1+2"));
    const kept = await env.ok(["test", "--break", "prog.c:15 print 1+2", "--keep", "--session", "walk-keep", ...cmd()]);
    // Accepted (it was a usage error without --max); the program ran to its end, so the session ended with it.
    expect(kept.stoppedBy).toBe("exit");
    expect(kept.hits.length).toBeGreaterThan(0);
  });

  test("without prints: stops at the breakpoint and keeps the session, as before; --keep alone is still a usage error", async () => {
    const d = await env.ok(["test", "--break", "prog.c:15", "--session", "stay", ...cmd()]);
    expect(d.hits).toBeUndefined();
    expect(d).toMatchObject({ state: "stopped", stop: { reason: "breakpoint", frame: { line: 15 } } });
    await env.ok(["stop", "--session", "stay"]);
    const bad = await env.run(["test", "--break", "prog.c:15", "--keep", "--session", "bad", ...cmd()]);
    expect(bad.exitCode).toBe(2);
    expect(bad.json.error.code).toBe("USAGE");
  });
});
