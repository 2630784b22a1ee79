// Named sessions side by side, parallel clients, and waiting that never blocks anyone else.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { Env, STANDARD_PROGRAM, waitFor } from "./harness.ts";

let env: Env;
let prog: string;
let spinner: string;

beforeAll(() => {
  env = new Env();
  prog = env.program();
  spinner = env.program({ ...STANDARD_PROGRAM, spin: 6 });
});
afterEach(() => env.stopSessions());
afterAll(() => env.close());

describe("sessions", () => {
  test("two named sessions run side by side, each with its own adapter", async () => {
    const a = await env.ok(["start", prog, "--break", "prog.c:4", "--session", "a"]);
    const b = await env.ok(["start", prog, "--break", "prog.c:9", "--session", "b"]);
    expect(a.stop.frame.line).toBe(4);
    expect(b.stop.frame.line).toBe(9);
    const sessions = (await env.ok(["sessions"])).sessions;
    expect(sessions.map((s) => [s.name, s.state, s.adapter])).toEqual([
      ["a", "stopped", "fake"],
      ["b", "stopped", "fake"],
    ]);
    // Each has its own adapter process: two initialize requests reached two fakes.
    expect(env.requests("initialize").length).toBeGreaterThanOrEqual(2);
    expect((await env.ok(["next", "--session", "a"])).stop.frame.line).toBe(5);
    expect((await env.ok(["status", "--session", "b"])).stop.frame.line).toBe(9);
    const dup = await env.run(["start", prog, "--session", "a"]);
    expect(dup.exitCode).toBe(1);
    expect(dup.json.error.code).toBe("SESSION_EXISTS");
    await env.ok(["stop", "--session", "a"]);
    expect((await env.ok(["status", "--session", "b"])).state).toBe("stopped");
    await env.ok(["stop", "--session", "b"]);
  });

  test("20 clients in parallel on one session all get their own right answer", async () => {
    await env.ok(["start", prog, "--break", "prog.c:8", "--session", "par"]);
    const jobs = Array.from({ length: 20 }, (_, i) => {
      switch (i % 4) {
        case 0:
          return env.run(["print", "line", "--session", "par"]).then((r) => [i, r.json.data.result]);
        case 1:
          return env.run(["status", "--session", "par"]).then((r) => [i, r.json.data.stop.frame.line]);
        case 2:
          return env.run(["threads", "--session", "par"]).then((r) => [i, r.json.data.threads[0].id]);
        default:
          return env.run(["print", "1+2", "--session", "par"]).then((r) => [i, r.json.data.result]);
      }
    });
    const results = await Promise.all(jobs);
    expect(results).toEqual(Array.from({ length: 20 }, (_, i) => [i, ["8", 8, 7, "3"][i % 4]]));
    await env.ok(["stop", "--session", "par"]);
  });

  test("status and other sessions answer while a client waits in continue; pause ends the wait", async () => {
    await env.ok(["start", spinner, "--stop-on-entry", "--session", "spin"]);
    await env.ok(["start", prog, "--stop-on-entry", "--session", "other"]);
    const waiting = env.run(["continue", "--session", "spin", "--timeout", "30"]);
    await waitFor(async () => (await env.ok(["status", "--session", "spin"])).state === "running", 10_000, "running");
    // While that client waits: status of the same session, another session's stepping.
    expect((await env.ok(["status", "--session", "spin"])).state).toBe("running");
    expect((await env.ok(["next", "--session", "other"])).stop.frame.line).toBe(2);
    const notStopped = await env.run(["next", "--session", "spin"]);
    expect(notStopped.json.error.code).toBe("NOT_STOPPED");
    const paused = await env.ok(["pause", "--session", "spin"]);
    expect(paused.stop).toMatchObject({ reason: "pause", frame: { line: 6 } });
    const r = await waiting;
    expect(r.exitCode).toBe(0);
    expect(r.json.data.stop.reason).toBe("pause");
    expect(r.json.data.stop.seq).toBe(paused.stop.seq); // both saw the same stop
    await env.ok(["stop", "--session", "spin"]);
    await env.ok(["stop", "--session", "other"]);
  });

  test("--no-wait returns at once; await collects the stop later; a timeout exits 3 and keeps the session", async () => {
    await env.ok(["start", spinner, "--stop-on-entry", "--session", "nw"]);
    const r = await env.ok(["continue", "--no-wait", "--session", "nw"]);
    expect(r.state).toBe("running");
    expect(r.stop).toBeUndefined();
    const t = await env.run(["await", "--timeout", "1", "--session", "nw"]);
    expect(t.exitCode).toBe(3);
    expect(t.json.error.code).toBe("TIMEOUT");
    expect(t.json.error.message).toBe("no stop within 1 s; session 'nw' is still running");
    await env.ok(["pause", "--no-wait", "--session", "nw"]);
    const got = await env.ok(["await", "--session", "nw"]);
    expect(got.stop.reason).toBe("pause");
    // Already stopped: await returns the last stop at once instead of waiting for another.
    expect((await env.ok(["await", "--session", "nw"])).stop.seq).toBe(got.stop.seq);
    await env.ok(["stop", "--session", "nw"]);
  });
});
